//! Pictures described for screen readers: each game's account of a position, read back and checked against the
//! position itself over random games, in English (and a board's in Spanish); a board's whole description as
//! the table gives it; the tables and charts by their rows.

use std::collections::BTreeSet;
use std::sync::Arc;
use tablero::store::record::TournamentId;
use tablero::table::{PlayCommand, RatingCommand, RecordCommand};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use tablero::games::{GameKind, Position};
use tablero::i18n::{self, Locale};
use tablero::store::{SledStore, Store};
use tablero::table::{Command, TableConfig, TournamentCommand};

use crate::common::web::{act, elimination, hoyito};

/// Positions along random games of `kind`: every position of `games` games.
fn positions(kind: GameKind, games: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = Position::new(kind, &Default::default()).unwrap();
        out.push(position.clone());
        for _ in 0..300 {
            let legal = position.legal_moves();
            if legal.is_empty() || position.to_move().is_none() {
                break;
            }
            let m = match kind {
                // A move of Zohn Ahl is a throw of the four sticks, F flat side up, R round.
                GameKind::ZohnAhl => (0..4).map(|_| if rng.random::<bool>() { 'F' } else { 'R' }).collect(),
                _ => legal[rng.random_range(0..legal.len())].clone(),
            };
            position.play(&m).unwrap();
            out.push(position.clone());
        }
    }
    out
}

fn words(position: &Position, locale: Locale) -> String {
    position.describe_position().iter().map(|m| i18n::text(locale, m)).collect::<Vec<_>>().join(" ")
}

fn numbers(value: &Value) -> Vec<u64> {
    value.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect()
}

#[test]
fn hoyito_is_told_hole_by_hole_with_the_captures() {
    for position in positions(GameKind::Hoyito, 5) {
        let facts = position.analysis();
        let holes = numbers(&facts["board"]);
        let n = holes.len() / 2;
        let said = words(&position, Locale::English);
        for (i, side) in ["South", "North"].iter().enumerate() {
            let row: Vec<String> = holes[i * n..(i + 1) * n].iter().map(u64::to_string).collect();
            let captured = facts["captured"][side.to_lowercase()].as_u64().unwrap();
            let expected = format!("{side}, holes 1 to {n}: {} (captured {captured}).", row.join(", "));
            assert!(said.contains(&expected), "{expected} in {said}");
        }
    }
}

/// The squares a side's account lists (`by rank: 1: a-c, f; 2: b`), read back.
fn squares_told(said: &str, side: &str) -> BTreeSet<String> {
    let part = said.split(&format!("{side}, ")).nth(1).unwrap();
    let ranks = part.split("by rank: ").nth(1).unwrap().split('.').next().unwrap();
    let mut squares = BTreeSet::new();
    for rank in ranks.split("; ").filter(|r| !r.is_empty()) {
        let (number, files) = rank.split_once(": ").unwrap();
        for run in files.split(", ") {
            let bytes = run.as_bytes();
            let (from, to) = if bytes.len() == 3 { (bytes[0], bytes[2]) } else { (bytes[0], bytes[0]) };
            for file in from..=to {
                squares.insert(format!("{}{number}", file as char));
            }
        }
    }
    squares
}

#[test]
fn epaminondas_is_told_piece_by_piece_rank_by_rank_with_the_far_rows() {
    for position in positions(GameKind::Epaminondas, 3).into_iter().step_by(7) {
        let facts = position.analysis();
        let said = words(&position, Locale::English);
        let mut far = [0, 0];
        for (side, key, far_rank) in [("White", "white", "12"), ("Black", "black", "1")] {
            let pieces: BTreeSet<String> =
                facts["pieces"][key].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
            assert!(said.contains(&format!("{side}, {} piece", pieces.len())), "{said}");
            assert_eq!(squares_told(&said, side), pieces, "{side} in {said}");
            far[usize::from(key == "black")] = pieces.iter().filter(|s| s[1..] == *far_rank).count();
        }
        assert!(said.contains(&format!("On the far rows: White {}, Black {}.", far[0], far[1])), "{said}");
    }
}

#[test]
fn zohn_ahl_is_told_team_by_team() {
    for position in positions(GameKind::ZohnAhl, 3).into_iter().step_by(5) {
        let facts = position.analysis();
        let said = words(&position, Locale::English);
        for (side, key) in [("West", "west"), ("East", "east")] {
            let step = facts["awls"][key].as_u64().unwrap();
            let counters = facts["counters"][key].as_u64().unwrap();
            let noun = if counters == 1 { "counter" } else { "counters" };
            let expected = format!("{side}: the awl on step {step}, {counters} {noun}");
            assert!(said.contains(&expected), "{expected} in {said}");
        }
    }
}

#[test]
fn ocencahuac_is_told_piece_by_piece_with_their_state() {
    for position in positions(GameKind::Ocencahuac, 3).into_iter().step_by(5) {
        let facts = position.analysis();
        let said = words(&position, Locale::English);
        let (dark, light) = said.split_once("Ceboruco (").expect("both sides told");
        for piece in facts["pieces"].as_array().unwrap() {
            let kind = match piece["kind"].as_str().unwrap() {
                "emperor" => "Emperor",
                "princess" => "Princess Mololoa",
                "prince" => "Prince",
                _ => "Warrior",
            };
            let mut expected = format!("{kind} {}", piece["square"].as_str().unwrap());
            match (piece["crowned"].as_bool().unwrap(), piece["stunned"].as_bool().unwrap()) {
                (true, true) => expected.push_str(" crowned, stunned"),
                (true, false) => expected.push_str(" crowned"),
                (false, true) => expected.push_str(" stunned"),
                (false, false) => {}
            }
            let part = if piece["color"] == "dark" { dark } else { light };
            let listed = part.split([',', '.', ':']).map(str::trim).any(|p| p == expected)
                || part.contains(&format!("{expected},"))
                || part.contains(&format!("{expected}."));
            assert!(listed, "{expected} among {part}");
        }
    }
}

fn table() -> (tempfile::TempDir, Arc<tablero::table::Table>) {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(SledStore::open(&dir.path().join("data")).unwrap());
    let config = TableConfig { seed: Some(3), ..TableConfig::default() };
    (dir, Arc::new(tablero::table::Table::new(store, config)))
}

#[test]
fn a_board_is_described_with_its_move_whose_turn_and_what_the_last_move_did() {
    let (_dir, table) = table();
    let game = hoyito(&table, 7, 70, 0);
    let moved = act(&table, 7, 1, 70, Command::Play(PlayCommand::Move { notation: "1".into(), at: None })).unwrap();
    let picture = moved.iter().find_map(|r| r.image.clone()).expect("the board");
    let said = picture.description;
    assert!(said.starts_with(&format!("Hoyito II #{game}, move 1. ben to move. ")), "{said}");
    assert!(said.contains("South sowed hole 1"), "the last move: {said}");
    assert!(said.contains("South, holes 1 to 6: ") && said.contains("North, holes 1 to 6: "), "{said}");
    assert!(said.chars().count() <= 1024);
    // In the reader's language.
    let mut spanish = crate::common::actor_in(7, 2, 70);
    spanish.locale = Locale::parse("es-ES").unwrap();
    let board = table
        .handle(tablero::table::Request::new(
            &spanish,
            Command::Play(PlayCommand::Board { text: false, focus: None }),
            0,
        ))
        .unwrap()
        .unwrap();
    let said = board[0].image.as_ref().unwrap().description.clone();
    assert!(said.starts_with(&format!("Hoyito II #{game}, jugada 1. Le toca a ben.")), "{said}");
    assert!(said.contains("Sur, hoyos 1 a 6: "), "{said}");
}

#[test]
fn tables_and_charts_are_described_by_their_rows() {
    let (_dir, table) = table();
    let tournament = elimination(&table, 7);
    let board = act(
        &table,
        7,
        2,
        10,
        Command::Rating(RatingCommand::Leaderboard {
            game: GameKind::Hoyito,
            page: 0,
            provisional: false,
            picture: true,
            season: None,
        }),
    )
    .unwrap();
    let said = board[0].image.as_ref().expect("a picture").description.clone();
    assert!(said.starts_with("Hoyito II") && said.contains(" · 1. ana — "), "the leader first: {said}");
    let standings = TournamentCommand::Standings { id: Some(TournamentId(tournament)), picture: true };
    let shown = act(&table, 7, 2, 10, Command::Tournament(standings)).unwrap();
    let said = shown[0].image.as_ref().expect("the bracket").description.clone();
    assert!(said.contains("Winner: ana") && said.contains("1. ana — 2"), "{said}");
    let profile = act(&table, 7, 1, 10, Command::Rating(RatingCommand::Profile { player: None })).unwrap();
    let said = profile[0].image.as_ref().expect("a chart").description.clone();
    assert!(said.starts_with("The Hoyito II rating of ana over its last 2 changes: from "), "{said}");
}

#[test]
fn a_part_of_the_position_is_told_on_its_own_or_the_part_is_refused_by_name() {
    let say = |p: &Position, focus: &str| {
        p.describe_focus(focus).map(|m| m.iter().map(|m| i18n::text(Locale::English, m)).collect::<Vec<_>>().join(" "))
    };
    let refused = |p: &Position, focus: &str| i18n::text(Locale::English, &p.describe_focus(focus).unwrap_err());
    let hoyito = Position::new(GameKind::Hoyito, &Default::default()).unwrap();
    let north = say(&hoyito, "norte").unwrap();
    assert!(north.starts_with("North, holes 1 to 6: ") && !north.contains("South"), "{north}");
    assert!(refused(&hoyito, "east").contains("south or north"));
    let epaminondas = Position::new(GameKind::Epaminondas, &Default::default()).unwrap();
    assert_eq!(say(&epaminondas, "3").unwrap(), "On 3: White -; Black -.");
    let file = say(&epaminondas, "A").unwrap();
    assert_eq!(file, "On a: White a1, a2; Black a11, a12.");
    assert!(refused(&epaminondas, "13").contains("a rank from 1 to 12 or a file from a to n"));
    let ocencahuac = Position::new(GameKind::Ocencahuac, &Default::default()).unwrap();
    let facts = ocencahuac.analysis();
    let piece = &facts["pieces"][0];
    let square = piece["square"].as_str().unwrap();
    let told = say(&ocencahuac, square).unwrap();
    assert!(told.contains(&format!(" {square}.")) && told.contains("Its moves: "), "{told}");
    let legal: Vec<String> = ocencahuac.legal_moves().into_iter().filter(|m| m.starts_with(square)).collect();
    let listed = told.split("Its moves: ").nth(1).unwrap().trim_end_matches('.');
    let listed: Vec<&str> = if listed == "-" { Vec::new() } else { listed.split(", ").collect() };
    assert_eq!(listed, legal, "{told}");
    assert!(refused(&ocencahuac, "z9").contains("not a square"));
    let zohn_ahl = Position::new(GameKind::ZohnAhl, &Default::default()).unwrap();
    assert!(refused(&zohn_ahl, "west").contains("without a part"));
}

#[test]
fn an_animated_replay_is_described_by_where_it_ends() {
    let (_dir, table) = table();
    let game = hoyito(&table, 7, 70, 2);
    let replay =
        act(&table, 7, 1, 70, Command::Record(RecordCommand::Replay { game: Some(game), delay: None })).unwrap();
    let file = replay.iter().flat_map(|r| r.files.iter()).find(|f| f.name.ends_with(".gif")).expect("a GIF");
    let said = file.description.clone().expect("a description");
    assert!(said.starts_with("An animated replay in "), "{said}");
    assert!(said.contains(&format!("ending on: Hoyito II #{game}, move 2. ana to move.")), "{said}");
    assert!(said.chars().count() <= 1024);
}
