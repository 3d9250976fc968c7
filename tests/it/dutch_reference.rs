//! The Dutch pairing against the reference engine: tournaments generated at random by bbpPairings (sizes from 4
//! to 300 players, 3 to 11 rounds, with draws, forfeits, requested byes and withdrawals), every round cut off as
//! it stood before it was paired, and bbpPairings' own pairing of that round (`-p`) as the expected answer. The
//! files and how to make more: `tests/data/dutch/make.py`. And one field of 1,000 players with 572 distinct scores
//! (custom points), whose weights need more bits than any generated one: `tests/data/dutch_wide/make.py`.

use std::path::PathBuf;

use tablero::pairings::trf;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch")
}

/// The file as it stood before round `round` (from 1) was paired: the rounds before it, and the round's own
/// requested byes and absences (`0000 - H`, `F`, `Z`).
fn cut(text: &str, round: usize) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if !line.starts_with("001") {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut kept = Vec::new();
        let mut start = 91;
        let mut r = 1;
        while start < chars.len() {
            let cell: String = (start..start + 8).map(|i| chars.get(i).copied().unwrap_or(' ')).collect();
            let absence = cell.starts_with("0000") && matches!(cell.chars().nth(7), Some('H' | 'F' | 'Z'));
            if r < round || (r == round && absence) {
                kept.push(cell);
            }
            start += 10;
            r += 1;
        }
        let head: String = chars[..91.min(chars.len())].iter().collect();
        out.push_str(format!("{head}{}", kept.join("  ")).trim_end());
        out.push('\n');
    }
    out
}

/// Every round of one generated tournament: `Err` names the first round paired differently.
fn replay(name: &str) -> Result<usize, String> {
    let text = std::fs::read_to_string(data().join(format!("{name}.trf"))).unwrap();
    let expected = std::fs::read_to_string(data().join(format!("{name}.pairings"))).unwrap();
    let mut rounds = 0;
    for block in expected.split("round ").filter(|b| !b.is_empty()) {
        let (number, answer) = block.split_once('\n').unwrap();
        let round: usize = number.trim().parse().unwrap();
        let file = cut(&text, round);
        let ours = match trf::read(&file, &trf::Bounds::default()).and_then(|t| trf::pair_next(&t)) {
            Ok(paired) => paired,
            Err(e) if e.to_string().contains("absolute criteria") => "no pairing\n".to_string(),
            Err(e) => return Err(format!("{name}, round {round}: {e}")),
        };
        if ours != answer {
            return Err(format!("{name}, round {round}: bbpPairings paired\n{answer}tablero paired\n{ours}"));
        }
        rounds += 1;
    }
    Ok(rounds)
}

#[test]
fn every_round_of_every_reference_tournament_is_paired_as_bbppairings_pairs_it() {
    let mut names: Vec<String> = std::fs::read_dir(data())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".trf").map(str::to_string))
        .collect();
    names.sort();
    let (mut rounds, mut failures) = (0, Vec::new());
    for name in &names {
        match replay(name) {
            Ok(n) => rounds += n,
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{} of {} tournaments differ; first:\n{}", failures.len(), names.len(), failures[0]);
    assert!(names.len() >= 200, "only {} reference tournaments", names.len());
    eprintln!("{} tournaments, {rounds} rounds paired as the reference pairs them", names.len());
}

#[test]
fn a_field_of_a_thousand_nearly_distinct_scores_is_paired_as_bbppairings_pairs_it() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/dutch_wide");
    let text = std::fs::read_to_string(dir.join("distinct_scores.trf")).unwrap();
    let expected = std::fs::read_to_string(dir.join("distinct_scores.pairings")).unwrap();
    let tournament = trf::read(&text, &trf::Bounds::default()).unwrap();
    let ours = trf::pair_next(&tournament).unwrap();
    assert!(ours == expected, "bbpPairings paired\n{expected}tablero paired\n{ours}");
}
