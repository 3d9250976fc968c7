//! The service files in `deploy/`: the systemd unit passes `systemd-analyze verify` (its `ExecStart` pointed at
//! the binary just built; required where `TABLERO_SYSTEMD_TESTS=required`, as in CI), and the Dockerfile builds,
//! copies and starts the binary the way docs/operations.md says, with settings the configuration knows.

use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every `TABLERO_…` or `DISCORD_…` variable a service file sets is one the configuration reads.
fn known_variables(text: &str, file: &str) {
    let config = read("src/config.rs") + &read("src/main.rs");
    for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if (word.starts_with("TABLERO_") || word.starts_with("DISCORD_")) && word.len() > 8 {
            assert!(config.contains(&format!("\"{word}\"")), "{file} sets {word}, which tablero does not read");
        }
    }
}

#[test]
fn the_systemd_unit_verifies() {
    let unit = read("deploy/tablero.service");
    known_variables(&unit, "tablero.service");
    assert!(unit.contains("ExecStart=/usr/local/bin/tablero "), "the unit starts the installed binary");
    for hardening in ["NoNewPrivileges=yes", "ProtectSystem=strict", "StateDirectory=tablero", "Restart=on-failure"] {
        assert!(unit.contains(hardening), "the unit lacks {hardening}");
    }
    let required = std::env::var("TABLERO_SYSTEMD_TESTS").is_ok_and(|v| v == "required");
    if Command::new("systemd-analyze").arg("--version").output().is_err() {
        assert!(!required, "systemd-analyze is not installed (Debian's package `systemd`)");
        eprintln!("systemd-analyze not found: the unit's check is skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tablero.service");
    std::fs::write(&path, unit.replace("/usr/local/bin/tablero", env!("CARGO_BIN_EXE_tablero"))).unwrap();
    let out = Command::new("systemd-analyze").arg("verify").arg(&path).output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    // An unknown key is only a warning to systemd: any word from it fails the check here.
    assert!(out.status.success() && said.trim().is_empty(), "systemd-analyze verify: {said}");
    // The arguments it starts the binary with are ones the binary takes.
    let start = unit.lines().find_map(|l| l.strip_prefix("ExecStart=")).unwrap();
    let args: Vec<&str> = start.split_whitespace().skip(1).collect();
    let mut help = args.clone();
    help.push("--help");
    let out = Command::new(env!("CARGO_BIN_EXE_tablero")).args(&help).output().unwrap();
    assert!(out.status.success(), "tablero {start}: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn the_dockerfile_builds_and_starts_the_binary_as_the_operations_guide_says() {
    let docker = read("deploy/Dockerfile");
    let guide = read("docs/operations.md");
    known_variables(&docker, "Dockerfile");
    known_variables(&read("deploy/compose.yaml"), "compose.yaml");
    let build = docker.lines().find_map(|l| l.strip_prefix("RUN ").filter(|c| c.starts_with("cargo build"))).unwrap();
    assert!(guide.contains(&format!("`{build}`")), "docs/operations.md does not give the Dockerfile's build: {build}");
    assert!(build.contains("--release") && build.contains("--bin tablero"), "{build}");
    assert!(docker.contains("COPY --from=build /src/target/release/tablero /usr/local/bin/tablero"), "{docker}");
    assert!(docker.contains("ENTRYPOINT [\"/usr/local/bin/tablero\"]"), "{docker}");
    assert!(docker.lines().any(|l| l.starts_with("USER ") && !l.contains("root")), "it runs as a user of its own");
    // The command it starts is one the binary takes.
    let cmd = docker.lines().find_map(|l| l.strip_prefix("CMD ")).unwrap();
    let args: Vec<String> = serde_json::from_str(cmd).expect("CMD in JSON form");
    let mut help = args.clone();
    help.push("--help".into());
    let out = Command::new(env!("CARGO_BIN_EXE_tablero")).args(&help).output().unwrap();
    assert!(out.status.success(), "tablero {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let compose = read("deploy/compose.yaml");
    assert!(compose.contains("dockerfile: deploy/Dockerfile") && compose.contains("image: postgres:15"));
}
