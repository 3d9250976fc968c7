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

/// The README's table of the rules the lessons teach: (game, section number, steps; `None` for a section that is
/// not a rule of play).
fn rules_taught() -> Vec<(String, String, Option<Vec<String>>)> {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start =
        readme.find("| Game | Rule section | Steps that teach it |").expect("the README's table of rules taught");
    let mut out = Vec::new();
    for line in readme[start..].lines().skip(2).take_while(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let number = cells[1].split_whitespace().next().unwrap().to_string();
        let steps = (!cells[2].starts_with('—'))
            .then(|| cells[2].split(", ").map(|s| s.trim_matches('`').to_string()).collect());
        out.push((cells[0].to_string(), number, steps));
    }
    out
}

#[test]
fn every_rule_section_is_taught_by_a_lesson_step() {
    use tablero::games::GameKind;
    let table = rules_taught();
    for (kind, title) in [
        (GameKind::Epaminondas, "Epaminondas"),
        (GameKind::Hoyito, "Hoyito II"),
        (GameKind::Ocencahuac, "Ocencahuac"),
        (GameKind::ZohnAhl, "Zohn Ahl"),
    ] {
        let rows: Vec<_> = table.iter().filter(|(g, _, _)| g == title).collect();
        assert!(!rows.is_empty(), "{title}: no rows");
        // The sections run without a gap within each chapter (none is left out of the table).
        for pair in rows.windows(2) {
            let (a, b) = (&pair[0].1, &pair[1].1);
            let (ca, na) = a.split_once('.').unwrap();
            let (cb, nb) = b.split_once('.').unwrap();
            let next = if ca == cb {
                nb.parse::<u32>().unwrap() == na.parse::<u32>().unwrap() + 1
            } else {
                nb == "1" && cb.parse::<u32>().unwrap() == ca.parse::<u32>().unwrap() + 1
            };
            assert!(next, "{title}: {a} then {b}");
        }
        let steps = tablero::table::lesson_steps(kind);
        for (_, section, taught) in &rows {
            let teaching: Vec<String> =
                steps.iter().filter(|(_, rules)| rules.contains(section)).map(|(id, _)| id.clone()).collect();
            match taught {
                Some(listed) => {
                    assert!(!listed.is_empty(), "{title} {section}: a rule with no step");
                    assert_eq!(&teaching, listed, "{title} {section}: the table and the lessons disagree");
                }
                None => assert!(teaching.is_empty(), "{title} {section}: marked as no rule, taught by {teaching:?}"),
            }
        }
        for (id, rules) in &steps {
            for rule in rules {
                assert!(rows.iter().any(|(_, s, _)| s == rule), "{title}: step {id} teaches {rule}, not in the table");
            }
        }
    }
}
