//! Running the console as a user would: the `tablero local` process on a data folder, fed lines on its input.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The console on `dir`'s data folder, its images written to `dir/out`, its dice seeded, no Discord token.
pub fn console(dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tablero"));
    c.arg("local").arg("--data").arg(dir.join("data")).arg("--out").arg(dir.join("out"));
    c.env("TABLERO_TEST_SEED", "7").env_remove("DISCORD_TOKEN").current_dir(dir);
    c
}

/// Runs a whole transcript and returns what the console printed.
pub fn transcript(dir: &Path, lines: &[String]) -> String {
    transcript_bytes(dir, (lines.join("\n") + "\n").into_bytes())
}

/// Runs raw bytes through the console (lines that need not be UTF-8) and returns what it printed.
pub fn transcript_bytes(dir: &Path, input: Vec<u8>) -> String {
    let mut child = console(dir).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("starts");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("runs");
    writer.join().unwrap().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}
