//! The README's account of the code: its list of every source file names exactly the files there are, each
//! under its folder, with what the file's first line says it is for.

use std::collections::BTreeSet;
use std::path::Path;

/// (folder, file) for every `.rs` file under `root`.
fn files_under(root: &Path, folder: &str, out: &mut BTreeSet<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(root).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            files_under(&path, &format!("{folder}{name}/"), out);
        } else if name.ends_with(".rs") {
            out.insert((folder.to_string(), name));
        }
    }
}

/// The README's "Every source file" list: (folder, file, what it says).
fn listed() -> Vec<(String, String, String)> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start = readme.find("### Every source file").expect("the README lists every source file");
    let mut folder = String::new();
    let mut out = Vec::new();
    for line in readme[start..].lines().skip(1).take_while(|l| !l.starts_with('#')) {
        if let Some(rest) = line.strip_prefix("- `") {
            folder = rest.trim_end_matches('`').to_string();
        } else if let Some(rest) = line.strip_prefix("  - `") {
            let (file, said) = rest.split_once("`: ").expect("a file and what it is for");
            out.push((folder.clone(), file.to_string(), said.to_string()));
        }
    }
    out
}

#[test]
fn the_layout_names_every_source_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut present = BTreeSet::new();
    files_under(&root.join("src"), "src/", &mut present);
    files_under(&root.join("crates/dutch/src"), "crates/dutch/src/", &mut present);
    let listed = listed();
    let named: BTreeSet<(String, String)> = listed.iter().map(|(d, f, _)| (d.clone(), f.clone())).collect();
    let missing: Vec<_> = present.difference(&named).collect();
    let gone: Vec<_> = named.difference(&present).collect();
    assert!(missing.is_empty(), "files the README's layout does not name: {missing:?}");
    assert!(gone.is_empty(), "files the README's layout names but that are not there: {gone:?}");
    // What each says is the file's own first line.
    for (folder, file, said) in &listed {
        let text = std::fs::read_to_string(root.join(folder).join(file)).unwrap();
        let first = text.lines().next().unwrap_or_default();
        let opening: String = said.trim_end_matches('…').chars().take(40).collect();
        assert!(
            first.starts_with("//! ") && first[4..].starts_with(&opening),
            "{folder}{file}: the README says {said:?}, the file begins {first:?}"
        );
    }
}

#[test]
fn the_operations_table_names_every_metric() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    for (name, kind, help) in tablero::metrics::METRICS {
        let row = format!("| `{name}` | {kind} |");
        let line = readme.lines().find(|l| l.starts_with(&row)).unwrap_or_else(|| panic!("no README row for {name}"));
        assert!(line.ends_with(&format!("| {help} |")), "the README's row for {name} says otherwise: {line}");
    }
    let rows = readme.lines().filter(|l| l.starts_with("| `tablero_")).count();
    assert_eq!(rows, tablero::metrics::METRICS.len(), "the README lists a metric that is not exported");
}
