//! The README and `docs/` against the code: every link resolves, the list of every source file names exactly the
//! files there are with what each file's first line says it is for, and the tables of metrics and of the rules
//! the lessons teach say what the code does.

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

/// A document of the repository, by its path from the root.
fn doc(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).unwrap()
}

/// `docs/source-files.md`'s list: (folder, file, what it says).
fn listed() -> Vec<(String, String, String)> {
    let readme = doc("docs/source-files.md");
    let start = readme.find("# Every source file").expect("docs/source-files.md lists every source file");
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
    assert!(missing.is_empty(), "files docs/source-files.md does not name: {missing:?}");
    assert!(gone.is_empty(), "files docs/source-files.md names but that are not there: {gone:?}");
    // What each says is the file's own first line.
    for (folder, file, said) in &listed {
        let text = std::fs::read_to_string(root.join(folder).join(file)).unwrap();
        let first = text.lines().next().unwrap_or_default();
        let opening: String = said.trim_end_matches('…').chars().take(40).collect();
        assert!(
            first.starts_with("//! ") && first[4..].starts_with(&opening),
            "{folder}{file}: docs/source-files.md says {said:?}, the file begins {first:?}"
        );
    }
}

#[test]
fn the_operations_table_names_every_metric() {
    let readme = doc("docs/operations.md");
    for (name, kind, help) in tablero::metrics::METRICS {
        let row = format!("| `{name}` | {kind} |");
        let line = readme
            .lines()
            .find(|l| l.starts_with(&row))
            .unwrap_or_else(|| panic!("no row in docs/operations.md for {name}"));
        assert!(
            line.ends_with(&format!("| {help} |")),
            "the row for {name} in docs/operations.md says otherwise: {line}"
        );
    }
    let rows = readme.lines().filter(|l| l.starts_with("| `tablero_")).count();
    assert_eq!(rows, tablero::metrics::METRICS.len(), "docs/operations.md lists a metric that is not exported");
}

/// `docs/training.md`'s table of the rules the lessons teach: (game, section number, steps; `None` for a section that is
/// not a rule of play).
fn rules_taught() -> Vec<(String, String, Option<Vec<String>>)> {
    let readme = doc("docs/training.md");
    let start = readme.find("| Game | Rule section | Steps that teach it |").expect("the table of rules taught");
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

/// The README and every Markdown file in `docs/`, by path from the root.
fn documents() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    out.extend(docs);
    out
}

/// A document's text without its code: fenced blocks and inline code spans, where brackets are not links.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
            } else if !in_code {
                out.push(c);
            }
        }
        out.push('\n');
    }
    out
}

/// The anchors of a Markdown file's headings, as GitHub makes them: lower case, punctuation dropped, spaces as
/// hyphens, a repeated heading numbered.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let title = line.trim_start_matches('#').trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut anchor = slug.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{slug}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// Every link's target in a document's prose: `[words](target)` and `![words](target)`.
fn links(text: &str) -> Vec<String> {
    let prose = prose(text);
    let mut out = Vec::new();
    let mut rest = prose.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        out.push(after[..end].split_whitespace().next().unwrap_or_default().to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn every_link_of_the_readme_and_the_docs_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for document in documents() {
        let text = doc(&document);
        let folder = Path::new(&document).parent().unwrap();
        for target in links(&text) {
            if target.starts_with("https://") || target.starts_with("http://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() { Path::new(&document).to_path_buf() } else { folder.join(path) };
            let full = root.join(&file);
            assert!(full.exists(), "{document}: the link {target} leads to nothing ({})", file.display());
            if !anchor.is_empty() {
                let headings = anchors(&std::fs::read_to_string(&full).unwrap());
                assert!(headings.contains(anchor), "{document}: {target}: no such heading in {}", file.display());
            }
            checked += 1;
        }
    }
    assert!(checked > 40, "only {checked} links found: the reader of links is broken");
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = doc("README.md");
    let lines = readme.lines().count();
    assert!(lines <= 400, "the README has {lines} lines; the rest belongs in docs/");
    for heading in ["## The two commands", "## Running it on Discord", "## What it does", "## Where to read more"] {
        assert!(readme.lines().any(|l| l == heading), "the README has no {heading}");
    }
    // Every document in docs/ is reachable from the README.
    let linked = links(&readme);
    for document in documents().into_iter().skip(1) {
        assert!(linked.iter().any(|l| l.split('#').next() == Some(document.as_str())), "README: no link to {document}");
    }
    // Words about how the work was done belong in its history, not in what a reader reads.
    for document in documents() {
        let text = doc(&document).to_lowercase();
        for words in ["this session", "previous session", "the issue", "an earlier run"] {
            assert!(!text.contains(words), "{document} speaks of the work: {words:?}");
        }
    }
}
