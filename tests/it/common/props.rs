//! Property tests that a failure can replay: each file keeps its failing cases in
//! `tests/<file>.proptest-regressions` (read again before new cases on every run, committed with the fix), and
//! proptest prints the failing case's seed (`cc ...`) when it saves it.

use proptest::test_runner::{Config, FileFailurePersistence};

/// `cases` random cases per run; failures saved in `tests/<file>.proptest-regressions`.
pub fn replayable(cases: u32, file: &str) -> Config {
    let path = format!("{}/tests/{file}.proptest-regressions", env!("CARGO_MANIFEST_DIR"));
    Config {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(Box::leak(path.into_boxed_str())))),
        ..Config::default()
    }
}
