//! The worked examples of `rules/epaminondas.md` 2.12 (A to H), the reference move counts of 2.11, and the
//! start-of-turn win test.

use super::*;
use crate::games::{GameOptions, OptionSet};

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap_or_else(|| panic!("{text} is a square"))
}

fn squares(list: &str) -> Vec<Square> {
    list.split_whitespace().map(sq).collect()
}

fn position(white: &str, black: &str, to_move: Side) -> Epaminondas {
    Epaminondas::from_pieces(Options::default(), &squares(white), &squares(black), to_move)
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// The legal moves whose tail is one of `tails` and that go along the file (for examples about one file).
fn moves_from(p: &Epaminondas, tails: &str) -> Vec<String> {
    let tails = squares(tails);
    let mut out: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| tails.contains(&m.tail) && m.tail.file == m.dest.file)
        .map(|m| m.to_string())
        .collect();
    out.sort();
    out
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn reference_counts_of_2_11() {
    let start = Epaminondas::new(&Options::default());
    let moves = start.legal_moves();
    assert_eq!(moves.len(), 114);
    let mut steps = Vec::new();
    start.legal_steps(&mut steps);
    assert_eq!(steps.iter().filter(|s| s.group == 1).count(), 40);
    assert_eq!(steps.iter().filter(|s| s.group == 2).count(), 74);
    assert_eq!(steps.iter().filter(|s| s.dist == 1).count(), 78);
    assert_eq!(steps.iter().filter(|s| s.dist == 2).count(), 36);
    assert_eq!(start.perft(2), 12_996);
}

#[test]
fn perft_3() {
    assert_eq!(Epaminondas::new(&Options::default()).perft(3), 1_787_292);
}

#[test]
fn example_a_group_choice_and_distances() {
    let p = position("c3 c4 c5", "n12", Side::First);
    let expected = ["c3-c6", "c3-c7", "c3-c8", "c4-c6", "c4-c7", "c5-c6", "c5-c2", "c5-c1", "c4-c2", "c4-c1", "c3-c2"];
    assert_eq!(moves_from(&p, "c3 c4 c5"), sorted(&expected));
    // c3 and c4 northward without c5 does not exist: the group from c3 always includes c5.
    assert_eq!(p.resolve(&mv("c3-c5")), Err(IllegalMove::InsideGroup { dest: sq("c5"), head: sq("c5") }));
    assert_eq!(p.resolve(&mv("c3-c9")), Err(IllegalMove::TooFar { group: 3, distance: 4 }));
}

#[test]
fn example_b_legal_capture() {
    let p = position("d4 d5 d6", "d8 d9 n12", Side::First);
    assert!(p.legal_moves().contains(&mv("d4xd8")));
    let after = p.clone().play(&mv("d4xd8")).unwrap();
    assert_eq!(after.pieces(Side::First), squares("d6 d7 d8"));
    assert_eq!(after.pieces(Side::Second), squares("n12"));
    assert_eq!(after.last_move().unwrap().captured(), squares("d8 d9"));
    // The d5 group (k = 2) reaches d7 only: landing on d8 would be 2 against 2.
    assert!(p.legal_moves().contains(&mv("d5-d7")));
    assert_eq!(p.resolve(&mv("d5xd8")), Err(IllegalMove::CaptureTooSmall { group: 2, run: 2 }));
}

#[test]
fn example_c_equal_size_no_capture() {
    let p = position("d4 d5 d6", "d8 d9 d10 n12", Side::First);
    let north: Vec<String> =
        moves_from(&p, "d4 d5 d6").into_iter().filter(|m| m.ends_with('7') || m.contains('x')).collect();
    assert_eq!(north, sorted(&["d4-d7", "d5-d7", "d6-d7"]));
    assert_eq!(p.resolve(&mv("d4xd8")), Err(IllegalMove::CaptureTooSmall { group: 3, run: 3 }));
    assert_eq!(p.resolve(&mv("d4-d9")), Err(IllegalMove::Blocked { square: sq("d8"), own: false }));
}

#[test]
fn example_d_only_the_line_of_travel_counts() {
    let p = position("b2 c3", "e5 f5 g5 n12", Side::First);
    let after = p.clone().play(&mv("b2xe5")).unwrap();
    assert_eq!(after.pieces(Side::Second), squares("f5 g5 n12"));
    assert_eq!(after.pieces(Side::First), squares("d4 e5"));
    let q = position("b2 c3", "e5 f5 g5 f6 n12", Side::First);
    assert_eq!(q.resolve(&mv("b2xe5")), Err(IllegalMove::CaptureTooSmall { group: 2, run: 2 }));
}

#[test]
fn example_e_run_stops_at_a_friendly_piece() {
    let p = position("a4 b4 c4 f4", "d4 e4 n12", Side::First);
    let after = p.play(&mv("a4xd4")).unwrap();
    assert_eq!(after.pieces(Side::First), squares("b4 c4 d4 f4"));
    assert_eq!(after.pieces(Side::Second), squares("n12"));
}

#[test]
fn example_f_the_win_test_is_at_the_start_of_the_turn() {
    // Start of Black's turn: Black has 2 on rank 1, White 1 on rank 12: Black wins before moving.
    let p = position("a12 f6", "b1 c1 h8", Side::Second);
    assert_eq!(p.outcome(), Outcome::Won(Side::Second));
    assert_eq!(p.end(), Some(End::Crossing { winner: Side::Second, ahead: 2, behind: 1 }));
    assert!(p.legal_moves().is_empty());
    // One each: play on.
    assert_eq!(position("a12 f6", "b1 h8", Side::Second).outcome(), Outcome::Ongoing);
    // White has just made it 2 against 1: Black is not lost yet, he gets one move to answer.
    let r = position("a11 b12 f6", "c1 h8", Side::First).play(&mv("a11-a12")).unwrap();
    assert_eq!(r.outcome(), Outcome::Ongoing, "White leads 2-1 but the test is Black's, at the start of his turn");
    let r = r.play(&mv("h8-h7")).unwrap();
    assert_eq!(r.outcome(), Outcome::Won(Side::First), "White still leads at the start of his turn");
}

#[test]
fn example_g_symmetry_rule() {
    let p = position("d12 a5 b5", "d2 a8 b8", Side::Second);
    assert_eq!(p.resolve(&mv("d2-d1")), Err(IllegalMove::Symmetric));
    assert!(!p.legal_moves().contains(&mv("d2-d1")));
    assert!(p.legal_moves().contains(&mv("d2-c1")));
    let off = Options { symmetry: Symmetry::Off, ..Options::default() };
    let q = Epaminondas::from_pieces(off, &squares("d12 a5 b5"), &squares("d2 a8 b8"), Side::Second);
    assert!(q.legal_moves().contains(&mv("d2-d1")));
}

#[test]
fn example_h_symmetry_rule_applies_to_any_move_under_threat() {
    let p = position("c12 a5 b1 c1", "a12 b12 a8", Side::Second);
    assert_eq!(p.resolve(&mv("a12xc12")), Err(IllegalMove::Symmetric));
    let off = Options { symmetry: Symmetry::Off, ..Options::default() };
    let q = Epaminondas::from_pieces(off, &squares("c12 a5 b1 c1"), &squares("a12 b12 a8"), Side::Second);
    let after = q.play(&mv("a12xc12")).unwrap();
    assert_eq!(after.pieces(Side::Second), squares("a8 b12 c12"));
}

#[test]
fn the_rotation_option_also_forbids_the_half_turn() {
    // Black d2-d1 against White k12: mirror-asymmetric, but a half turn of the colours.
    let white = "k12 m5 n5";
    let black = "d2 a8 b8";
    let rotation = Options { symmetry: Symmetry::MirrorOrRotation, ..Options::default() };
    let p = Epaminondas::from_pieces(rotation, &squares(white), &squares(black), Side::Second);
    assert_eq!(p.resolve(&mv("d2-d1")), Err(IllegalMove::Symmetric));
    let q = Epaminondas::from_pieces(Options::default(), &squares(white), &squares(black), Side::Second);
    assert!(q.resolve(&mv("d2-d1")).is_ok(), "mirror only: the half turn is allowed");
}

#[test]
fn no_legal_move_loses() {
    // Black's only piece is boxed in by White pieces it cannot capture (a lone piece never captures).
    let p = position("a7 b7 b6 b5 a5", "a6", Side::Second);
    assert_eq!(p.end(), Some(End::NoMoves { loser: Side::Second }));
    assert_eq!(p.outcome(), Outcome::Won(Side::First));
}

#[test]
fn wrong_moves_say_why() {
    let p = Epaminondas::new(&Options::default());
    assert_eq!(p.resolve(&mv("c5-c6")), Err(IllegalMove::NotYourPiece { square: sq("c5"), empty: true }));
    assert_eq!(p.resolve(&mv("c11-c10")), Err(IllegalMove::NotYourPiece { square: sq("c11"), empty: false }));
    assert_eq!(p.resolve(&mv("c2-d4")), Err(IllegalMove::NotInLine { tail: sq("c2"), dest: sq("d4") }));
    assert_eq!(p.resolve(&mv("c1-c2")), Err(IllegalMove::InsideGroup { dest: sq("c2"), head: sq("c2") }));
    assert_eq!(p.resolve(&mv("c2-c5")), Err(IllegalMove::TooFar { group: 1, distance: 3 }));
    assert_eq!(p.resolve(&mv("c1-b1")), Err(IllegalMove::InsideGroup { dest: sq("b1"), head: sq("a1") }));
    let q = position("c3 c4 c6", "n12", Side::First);
    assert_eq!(q.resolve(&mv("c3-c6")), Err(IllegalMove::Blocked { square: sq("c6"), own: true }));
    // A capture written with '-' is accepted and recorded with 'x'.
    let r = position("d4 d5 d6", "d8 d9 n12", Side::First);
    assert_eq!(Epaminondas::step_to_move(r.resolve(&mv("d4-d8")).unwrap()).to_string(), "d4xd8");
}

#[test]
fn the_small_board_is_the_same_game_on_8_by_8() {
    let small = Options { board: BoardSize::Small, ..Options::default() };
    let start = Epaminondas::new(&small);
    assert_eq!((start.files(), start.ranks()), (8, 8));
    assert_eq!(start.pieces(Side::First), squares("a1 a2 b1 b2 c1 c2 d1 d2 e1 e2 f1 f2 g1 g2 h1 h2"));
    assert_eq!(start.pieces(Side::Second), squares("a7 a8 b7 b8 c7 c8 d7 d8 e7 e8 f7 f8 g7 g8 h7 h8"));
    // The counts of 2.11 on eight files: 16 file pairs, 8 single steps, 11 + 11 diagonal pairs, 7 + 7 diagonal
    // single steps.
    assert_eq!(start.legal_moves().len(), 60);
    // Nothing leaves the board: h-file pieces have no east moves, rank 8 is Black's home row.
    assert!(start.legal_moves().iter().all(|m| start.on_board(m.dest)));
    assert_eq!(start.resolve(&mv("h2-i3")), Err(IllegalMove::OffBoard { square: sq("i3") }));
    let edge = Epaminondas::from_pieces(small, &squares("a6 a7"), &squares("h1"), Side::First);
    assert_eq!(edge.resolve(&mv("a6-a9")), Err(IllegalMove::OffBoard { square: sq("a9") }));
    // The far row is rank 8: two White pieces there against none of Black's on rank 1 win at White's turn.
    let crossing = Epaminondas::from_pieces(small, &squares("a8 b8"), &squares("h5"), Side::First);
    assert_eq!(crossing.end(), Some(End::Crossing { winner: Side::First, ahead: 2, behind: 0 }));
    // The anti-copy rule mirrors across the middle of this board (rank r <-> 9 - r).
    let p = Epaminondas::from_pieces(small, &squares("d8 a4 b4"), &squares("d2 a5 b5"), Side::Second);
    assert_eq!(p.resolve(&mv("d2-d1")), Err(IllegalMove::Symmetric));
    // Option text: as typed, and kept in the record only when not the full board.
    let mut set = OptionSet::new();
    set.insert("board".into(), "8x8".into());
    assert_eq!(Options::from_set(&set).unwrap(), small);
    assert_eq!(small.to_set().get("board").map(String::as_str), Some("8x8"));
    assert!(!Options::default().to_set().contains_key("board"));
}
