//! The computer opponents: every move they choose is legal, the same seed gives the same move, and a game that
//! one move decides is decided at every level above the first.

use crate::common::props;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablero::ai::{Level, choose};
use tablero::games::epaminondas::{self, Epaminondas};
use tablero::games::hoyito::{self, Hoyito};
use tablero::games::ocencahuac::{self, Board, Kind, Ocencahuac, Piece};
use tablero::games::{GameKind, OptionSet, Position, Side};

/// A budget small enough for property tests (the levels' depths and choices are kept).
const SCALE: f64 = 0.05;

/// A random position of `kind` after up to `plies` uniformly random moves.
fn random_position(kind: GameKind, plies: usize, rng: &mut StdRng) -> Position {
    let mut p = Position::new(kind, &OptionSet::new()).unwrap();
    for _ in 0..plies {
        if p.to_move().is_none() {
            break;
        }
        let legal = p.legal_moves();
        let m = legal[rng.random_range(0..legal.len())].clone();
        p.play(&m).unwrap();
    }
    p
}

proptest! {
    #![proptest_config(props::replayable(48, "ai"))]

    #[test]
    fn every_move_the_computer_chooses_is_legal(game in 0usize..3, plies in 0usize..120, level in 1u8..=5, seed: u64) {
        let kind = [GameKind::Hoyito, GameKind::Epaminondas, GameKind::Ocencahuac][game];
        let position = random_position(kind, plies, &mut StdRng::seed_from_u64(seed));
        let choice = choose(&position, Level::new(level).unwrap(), seed, SCALE);
        match position.to_move() {
            None => prop_assert!(choice.is_none()),
            Some(_) => {
                let choice = choice.expect("a move in a game still on");
                prop_assert!(position.legal_moves().contains(&choice.notation), "{} not legal in {:?}", choice.notation, position.legal_moves());
                prop_assert!(!choice.reason.is_empty());
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_move(game in 0usize..3, plies in 0usize..60, level in 1u8..=5, seed: u64) {
        let kind = [GameKind::Hoyito, GameKind::Epaminondas, GameKind::Ocencahuac][game];
        let position = random_position(kind, plies, &mut StdRng::seed_from_u64(seed));
        let level = Level::new(level).unwrap();
        prop_assert_eq!(choose(&position, level, seed, SCALE), choose(&position, level, seed, SCALE));
    }
}

/// The move every level from 2 to 5 must find (level 1 plays like a beginner and may miss it).
fn found_above_level_one(position: &Position, winning: &[&str]) {
    for level in 2..=5 {
        for seed in 0..4 {
            let choice = choose(position, Level::new(level).unwrap(), seed, 1.0).unwrap();
            assert!(
                winning.contains(&choice.notation.as_str()),
                "level {level} (seed {seed}) played {}",
                choice.notation
            );
        }
    }
}

#[test]
fn a_crossing_that_cannot_be_answered_is_found() {
    let sq = |s: &str| epaminondas::Square::parse(s).unwrap();
    // White's piece on a11 steps onto Black's home row; Black's two pieces are too far to take it or cross back.
    let white = [sq("a11"), sq("b1"), sq("c1")];
    let black = [sq("m12"), sq("n12")];
    let p = Epaminondas::from_pieces(epaminondas::Options::default(), &white, &black, Side::First);
    found_above_level_one(&Position::Epaminondas(p), &["a11-a12", "a11-b12"]);
}

#[test]
fn the_third_warrior_taken_is_found() {
    let (dark, light) = (Side::First, Side::Second);
    let pieces = [
        ("a5", dark, Kind::Princess, true),
        ("a8", dark, Kind::Emperor, true),
        ("e8", dark, Kind::Prince, true),
        ("a2", dark, Kind::Warrior, false),
        ("b2", dark, Kind::Warrior, false),
        ("c2", dark, Kind::Warrior, false),
        ("d5", light, Kind::Warrior, false),
        ("c1", light, Kind::Emperor, false),
        ("d1", light, Kind::Princess, false),
        ("e1", light, Kind::Prince, false),
    ];
    let mut board = Board { cells: [[None; 5]; 8], activated: [true, false] };
    for (id, (square, side, kind, crowned)) in pieces.into_iter().enumerate() {
        board.put(
            ocencahuac::Square::parse(square).unwrap(),
            Some(Piece { side, kind, crowned, stunned: false, id: id as u8 }),
        );
    }
    let p = Ocencahuac::from_board(ocencahuac::Options::default(), board, dark);
    assert_eq!(p.captures(dark), 2, "two Warriors already taken");
    found_above_level_one(&Position::Ocencahuac(p), &["a5xd5"]);
}

#[test]
fn the_capture_that_decides_a_hoyito_game_is_found() {
    // 20 seeds captured each, 8 left: South's hole 1 makes a four on hole 2, and the last four on the board go
    // with it: 28 to 20. South's other sowing captures nothing.
    let holes = [1, 3, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0];
    let p = Hoyito::from_parts(hoyito::Options::default(), &holes, [20, 20], Side::First);
    found_above_level_one(&Position::Hoyito(p), &["1"]);
}

#[test]
fn zohn_ahl_has_nothing_to_choose() {
    let p = Position::new(GameKind::ZohnAhl, &OptionSet::new()).unwrap();
    assert!(choose(&p, Level::new(5).unwrap(), 1, 1.0).is_none());
}

#[test]
fn analyze_names_the_computers_move_and_why() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["analyze", "hoyito", "--moves", "1 2", "--computer", "3", "--seed", "5"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let legal: Vec<String> = serde_json::from_value(json["legal"].clone()).unwrap();
    assert!(legal.contains(&json["computer"].as_str().unwrap().to_string()), "{json}");
    assert!(json["reason"].as_str().unwrap().contains("sows hole"), "{json}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["analyze", "hoyito", "--computer", "9"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_move_that_threatens_to_cross_says_so() {
    let sq = |s: &str| epaminondas::Square::parse(s).unwrap();
    // White's lone piece on a10 steps to a11, from where it reaches Black's home row next turn.
    let white = [sq("a10"), sq("b1"), sq("c1")];
    let black = [sq("m12"), sq("n12")];
    let p = Epaminondas::from_pieces(epaminondas::Options::default(), &white, &black, Side::First);
    let say = |m: &str| {
        let why = tablero::ai::explain(&Position::Epaminondas(p.clone()), m, 0, 2, false);
        why.iter().map(|m| tablero::i18n::text(tablero::i18n::Locale::English, m)).collect::<Vec<_>>().join(" ")
    };
    assert_eq!(say("a10-a11"), "It moves a lone piece by one square and threatens to cross.");
    // A move elsewhere threatens nothing new.
    assert_eq!(say("b1-b2"), "It moves a lone piece by one square.");
}

#[test]
fn the_ladder_gives_the_same_results_on_any_number_of_threads() {
    use tablero::ai::ladder::{Pairing, ladder};
    assert_eq!(Pairing::parse("random"), Some(Pairing::Random));
    assert_eq!(Pairing::parse("3"), Some(Pairing::Below(Level::new(3).unwrap())));
    assert_eq!(Pairing::parse("1"), None, "level 1 has nobody below");
    assert_eq!(Pairing::parse("6"), None);
    let run = |jobs| {
        let (matches, timing) =
            ladder(GameKind::Hoyito, &[Pairing::Below(Level::new(2).unwrap())], 6, 1.0, 9, jobs, |_| {});
        let m = &matches[0];
        assert_eq!(m.wins + m.draws + m.losses, 6);
        assert!(!timing[0].millis.is_empty() && !timing[1].millis.is_empty(), "both levels' moves are timed");
        assert!(timing[2].millis.is_empty());
        (m.wins, m.draws, m.losses)
    };
    assert_eq!(run(1), run(3));
}

#[test]
fn movetime_takes_the_same_positions_from_real_games_every_time() {
    use tablero::ai::movetime::positions;
    let a = positions(GameKind::Hoyito, 5, 3);
    assert_eq!(a.len(), 5);
    assert!(a.iter().all(|p| p.to_move().is_some()), "positions with a move to make");
    let b = positions(GameKind::Hoyito, 5, 3);
    let json =
        |v: &[Position]| v.iter().map(|p| serde_json::Value::Object(p.analysis()).to_string()).collect::<Vec<_>>();
    assert_eq!(json(&a), json(&b));
}

#[test]
fn the_ladder_and_movetime_refuse_a_game_without_decisions() {
    for args in [
        &["admin", "ladder", "zohn-ahl"][..],
        &["admin", "movetime", "zohn-ahl"],
        &["admin", "ladder", "hoyito", "--only", "7"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablero")).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}
