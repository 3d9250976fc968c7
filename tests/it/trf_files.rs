//! Tournament report files from anyone: every size is checked before anything is allocated for it (players,
//! rounds, line length, file size, ids named by `XXP`, `260` and `240` lines, points), a refusal names the line
//! and the limit, and no file, however damaged, makes the reader or the pairing panic.

use crate::common::props;

use proptest::prelude::*;
use tablero::pairings::trf::{self, Bounds};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/dutch/{name}.trf", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// A player line of `rounds` cells, each a win against player `opponent`'s pairing number (an unplayed cell when
/// 0).
fn player_line(id: usize, cells: &[(usize, char, char)]) -> String {
    let mut line = format!("001 {id:>4}      Player{id:<26}  {:>4}                             0.0 {id:>4}", 1500);
    for &(opponent, colour, result) in cells {
        let opponent = if opponent == 0 { "0000".to_string() } else { format!("{opponent:>4}") };
        line.push_str(&format!("  {opponent} {colour} {result}"));
    }
    line
}

/// The memory `tablero pair` may take in these tests: its data (heap and anonymous mappings) is limited to this,
/// so a reader that allocates for what a file claims fails the test instead of taking the machine.
const DATA_BYTES: u64 = 50 << 20;

/// `tablero pair FILE` with its data limited to [`DATA_BYTES`]: exit status (-1 when killed) and standard error.
fn pair_file(text: &str) -> (i32, String) {
    use std::os::unix::process::CommandExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("t.trf"), text).unwrap();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tablero"));
    command.args(["pair", "t.trf"]).current_dir(dir.path());
    // SAFETY: only setrlimit, which is async-signal-safe, runs between fork and exec.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit { rlim_cur: DATA_BYTES, rlim_max: DATA_BYTES };
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = command.output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_file_beyond_the_limits_is_refused_with_the_line_and_the_limit_before_it_is_read_whole() {
    // 2,000 players, two rounds played: over the 1,000-player limit at the first line beyond it.
    let mut text = String::from("012 big\nXXR 5\nXXC white1\n");
    for id in 1..=2000 {
        let opponent = if id % 2 == 1 { id + 1 } else { id - 1 };
        let colour = if id % 2 == 1 { 'w' } else { 'b' };
        text.push_str(&player_line(id, &[(opponent, colour, '=')]));
        text.push('\n');
    }
    let (code, err) = pair_file(&text);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("line 1004") && err.contains("at most 1000 players"), "{err}");
    let refused = trf::read(&text, &Bounds::default()).unwrap_err();
    assert!(refused.to_string().contains("at most 1000 players"), "{refused}");

    // One line of 100,000 round cells: refused by its length, never padded out.
    let cells: Vec<(usize, char, char)> = (0..100_000).map(|_| (2, 'w', '1')).collect();
    let text = format!("012 long\nXXR 5\n{}\n{}\n", player_line(1, &cells), player_line(2, &[]));
    let (code, err) = pair_file(&text);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("file has") || err.contains("line 3: longer than 1107 characters"), "{err}");
    let refused = trf::read(&text, &Bounds { bytes: usize::MAX, ..Bounds::default() }).unwrap_err();
    assert!(
        refused.to_string().contains("line 3: longer than 1107 characters (a player line of 100 rounds)"),
        "{refused}"
    );
    // The file's size alone refuses a larger one before a byte of it is read.
    let huge = "012 x\n".repeat(400_000);
    let (code, err) = pair_file(&huge);
    assert_eq!(code, 1);
    assert!(err.contains("2400000 bytes; a tournament file has at most 2000000"), "{err}");

    // Too many rounds, named or played.
    let bounds = Bounds { rounds: 3, ..Bounds::default() };
    let text = format!("XXR 4\n{}\n{}\n", player_line(1, &[(2, 'w', '1')]), player_line(2, &[(1, 'b', '0')]));
    assert!(trf::read(&text, &bounds).unwrap_err().to_string().contains("at most 3 rounds"));
    let played: Vec<(usize, char, char)> = (0..4).map(|_| (0, '-', 'Z')).collect();
    let text = format!("XXR 3\n{}\n{}\n", player_line(1, &played), player_line(2, &[]));
    assert!(trf::read(&text, &bounds).unwrap_err().to_string().contains("more than 3 rounds"));
}

#[test]
fn ids_outside_the_field_and_absurd_points_are_refused_not_a_panic() {
    let two = format!("XXR 3\nXXC white1\n{}\n{}\n", player_line(1, &[]), player_line(2, &[]));
    assert_eq!(trf::pair_next(&trf::read(&two, &Bounds::default()).unwrap()).unwrap(), "1\n1 2\n");
    for (extra, said) in [
        ("XXP 1 50000", "pairing number 50000: a tournament has at most 1000 players"),
        ("XXP 1 9", "player 9 is named but has no player line"),
        ("260 002 003 0001 9999", "pairing number 9999"),
        ("260 002 003 0001 0700", "player 700 is named but has no player line"),
        ("240 F   2 0700", "player 700 is named"),
        ("BBW 99999.0", "points"),
        ("BBD 4294967.5", "points"),
        ("162 W 99999.9", "points"),
    ] {
        let text = format!("{two}{extra}\n");
        let refused = trf::read(&text, &Bounds::default()).and_then(|t| trf::pair_next(&t)).unwrap_err();
        assert!(refused.to_string().contains(said), "{extra}: {refused}");
        let (code, err) = pair_file(&text);
        assert_eq!(code, 1, "{extra}: {err}");
    }
    // An opponent without a line of their own.
    let text = format!("XXR 3\nXXC white1\n{}\n{}\n", player_line(1, &[(3, 'w', '1')]), player_line(2, &[]));
    assert!(
        trf::read(&text, &Bounds::default()).unwrap_err().to_string().contains("met player 3, who has no player line")
    );
}

#[test]
fn a_forbidden_group_of_the_whole_field_costs_a_bit_a_pair() {
    // 300 players, every one listed in each of 500 XXP lines: nobody may meet anybody, so no pairing exists.
    let mut text = String::from("XXR 3\nXXC white1\n");
    for id in 1..=300 {
        text.push_str(&player_line(id, &[]));
        text.push('\n');
    }
    let all: Vec<String> = (1..=200).map(|id| id.to_string()).collect();
    for _ in 0..500 {
        text.push_str(&format!("XXP {}\n", all.join(" ")));
    }
    let paired = trf::read(&text, &Bounds::default()).and_then(|t| trf::pair_next(&t));
    assert!(paired.unwrap_err().to_string().contains("absolute criteria"));
    let (code, _) = pair_file(&text);
    assert_eq!(code, 1);
}

/// One way to damage a file: a character changed, a stretch cut out, a line repeated, a line of some kind added
/// with numbers drawn at random.
#[derive(Debug, Clone)]
enum Damage {
    Char(usize, char),
    Cut(usize, usize),
    Repeat(usize, usize),
    Line(usize, String),
}

fn damage() -> impl Strategy<Value = Damage> {
    let chars = prop::sample::select(vec![' ', '0', '1', '9', 'w', 'b', '-', '+', '=', 'H', 'U', 'Z', 'F', '.', '\n']);
    let number = prop_oneof![0u32..12, 0u32..1200, Just(9999), Just(u32::MAX)];
    let line = (
        prop::sample::select(vec!["XXP", "260", "240", "XXR", "XXC", "142", "152", "162", "BBW", "BBD", "BBU", "001"]),
        prop::collection::vec(number, 0..6),
    )
        .prop_map(|(kind, numbers)| {
            let numbers: Vec<String> = numbers.iter().map(|n| format!("{n:>4}")).collect();
            format!("{kind} {}", numbers.join(" "))
        });
    prop_oneof![
        (any::<usize>(), chars).prop_map(|(at, c)| Damage::Char(at, c)),
        (any::<usize>(), 1usize..200).prop_map(|(at, len)| Damage::Cut(at, len)),
        (any::<usize>(), 1usize..50).prop_map(|(at, times)| Damage::Repeat(at, times)),
        (any::<usize>(), line).prop_map(|(at, line)| Damage::Line(at, line)),
    ]
}

fn damaged(text: &str, damages: &[Damage]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for d in damages {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % len };
        match d {
            Damage::Char(i, c) if !chars.is_empty() => {
                let i = at(*i, chars.len());
                chars[i] = *c;
            }
            Damage::Cut(i, len) if !chars.is_empty() => {
                let i = at(*i, chars.len());
                chars.drain(i..(i + len).min(chars.len()));
            }
            Damage::Repeat(i, _) | Damage::Line(i, _) => {
                let lines: Vec<String> = chars.iter().collect::<String>().lines().map(String::from).collect();
                let k = at(*i, lines.len().max(1));
                let mut out = lines.clone();
                match d {
                    Damage::Repeat(_, times) if !lines.is_empty() => {
                        for _ in 0..*times {
                            out.insert(k, lines[k].clone());
                        }
                    }
                    Damage::Line(_, line) => out.insert(k.min(out.len()), line.clone()),
                    _ => {}
                }
                chars = out.join("\n").chars().collect();
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(props::replayable(256, "trf_files"))]

    #[test]
    fn a_damaged_file_is_paired_or_refused_and_never_panics(
        name in prop::sample::select(vec!["183", "180", "255", "001", "002"]),
        damages in prop::collection::vec(damage(), 1..6),
    ) {
        let text = damaged(&data(name), &damages);
        let bounds = Bounds { players: 40, rounds: 12, bytes: 20_000 };
        let outcome = std::panic::catch_unwind(|| trf::read(&text, &bounds).and_then(|t| trf::pair_next(&t)));
        prop_assert!(outcome.is_ok(), "panicked on:\n{}", text);
    }
}

#[test]
fn the_command_line_exits_0_1_or_2_on_damaged_files() {
    let mut runner = proptest::test_runner::TestRunner::new(props::replayable(24, "trf_files_command_line"));
    let strategy = (prop::sample::select(vec!["183", "001"]), prop::collection::vec(damage(), 1..4));
    runner
        .run(&strategy, |(name, damages)| {
            let text = damaged(&data(name), &damages);
            let (code, err) = pair_file(&text);
            prop_assert!(matches!(code, 0..=2), "exit {code}: {err}\n{text}");
            prop_assert!(!err.contains("panicked"), "{err}");
            Ok(())
        })
        .unwrap();
}
