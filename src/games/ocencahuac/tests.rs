//! The worked examples of `rules/ocencahuac.md` 4.14 (1 to 11).

use super::board::{Board, Kind, Piece};
use super::*;

const DARK: Side = Side::First;
const LIGHT: Side = Side::Second;

fn sq(t: &str) -> Square {
    Square::parse(t).unwrap()
}

/// A board from `(square, side, kind, crowned)` entries.
fn board(pieces: &[(&str, Side, Kind, bool)], activated: [bool; 2]) -> Board {
    let mut b = Board { cells: [[None; 5]; 8], activated };
    for (id, &(s, side, kind, crowned)) in pieces.iter().enumerate() {
        b.put(sq(s), Some(Piece { side, kind, crowned, stunned: false, id: id as u8 }));
    }
    b
}

fn position(pieces: &[(&str, Side, Kind, bool)], activated: [bool; 2], to_move: Side) -> Ocencahuac {
    Ocencahuac::from_board(Options::default(), board(pieces, activated), to_move)
}

fn legal(p: &Ocencahuac) -> Vec<String> {
    p.legal_moves().iter().map(|m| m.to_string()).collect()
}

fn from(p: &Ocencahuac, square: &str) -> Vec<String> {
    let mut v: Vec<String> = legal(p).into_iter().filter(|m| m.starts_with(square)).collect();
    v.sort();
    v
}

fn play(p: Ocencahuac, m: &str) -> Ocencahuac {
    p.play(&m.parse().unwrap()).unwrap_or_else(|e| panic!("{m} refused: {:?}", e.reason))
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn example_1_opening_moves() {
    let p = Ocencahuac::new(&Options::default());
    let expected = ["a2-a3", "b2-b3", "c2-c3", "a1-a3", "b1-b3", "c1-c3", "b1-d1", "c1-d1", "b2-d2", "c2-d2"];
    assert_eq!(legal(&p), sorted(&expected));
    // Light's moves are the half turn of these.
    let q = Ocencahuac::from_board(Options::default(), Board::start(false), LIGHT);
    assert_eq!(q.legal_moves().len(), 10);
}

#[test]
fn example_2_chain_mixing_own_and_opposing_pieces() {
    let p = position(
        &[
            ("a1", DARK, Kind::Emperor, false),
            ("b1", DARK, Kind::Princess, false),
            ("a2", DARK, Kind::Warrior, false),
            ("b3", DARK, Kind::Warrior, false),
            ("c4", LIGHT, Kind::Warrior, false),
        ],
        [false, false],
        DARK,
    );
    let emperor = from(&p, "a1");
    for m in ["a1-c1", "a1-a3", "a1-a3-c3", "a1-a3-c3-c5"] {
        assert!(emperor.contains(&m.to_string()), "{m} in {emperor:?}");
    }
    let after = play(p, "a1-a3-c3-c5");
    assert_eq!(after.board().at(sq("c4")).map(|p| p.kind), Some(Kind::Warrior), "warriors are not pushed back");
    assert!(after.last_move().unwrap().retreats.is_empty());
}

#[test]
fn example_3_vertical_retreat_passes_over_the_jumper() {
    let pieces = [
        ("c5", LIGHT, Kind::Prince, false),
        ("c7", LIGHT, Kind::Warrior, false),
        ("c4", DARK, Kind::Warrior, false),
        ("a1", DARK, Kind::Emperor, false),
    ];
    let after = play(position(&pieces, [false, false], DARK), "c4-c6");
    let prince = after.board().at(sq("c8")).expect("the Prince went to c8");
    assert_eq!(prince.kind, Kind::Prince);
    assert!(prince.stunned);
    // With c8 occupied too, the Prince stays.
    let mut more = pieces.to_vec();
    more.push(("c8", LIGHT, Kind::Emperor, false));
    let after = play(position(&more, [false, false], DARK), "c4-c6");
    assert_eq!(after.board().at(sq("c5")).map(|p| (p.kind, p.stunned)), Some((Kind::Prince, false)));
}

#[test]
fn example_4_retreat_toward_darks_home() {
    let pieces =
        [("b5", DARK, Kind::Princess, false), ("b2", DARK, Kind::Warrior, false), ("b6", LIGHT, Kind::Warrior, false)];
    let after = play(position(&pieces, [false, false], LIGHT), "b6-b4");
    assert_eq!(after.board().at(sq("b3")).map(|p| p.kind), Some(Kind::Princess));
}

#[test]
fn example_5_horizontal_retreat() {
    let pieces =
        [("a4", LIGHT, Kind::Warrior, false), ("b4", DARK, Kind::Emperor, false), ("e4", DARK, Kind::Warrior, false)];
    let after = play(position(&pieces, [false, false], LIGHT), "a4-c4");
    assert_eq!(after.board().at(sq("d4")).map(|p| p.kind), Some(Kind::Emperor));
}

#[test]
fn example_6_penultimate_row_and_the_tie() {
    let pieces = [
        ("c7", DARK, Kind::Prince, false),
        ("c8", LIGHT, Kind::Warrior, false),
        ("b7", LIGHT, Kind::Warrior, false),
        ("e7", LIGHT, Kind::Emperor, false),
    ];
    let after = play(position(&pieces, [false, false], LIGHT), "c8-c6");
    assert_eq!(after.board().at(sq("d7")).map(|p| p.kind), Some(Kind::Prince));
    // With b7 empty, b7 and d7 tie: light chooses, and a move without the choice lists both complete moves.
    let tie =
        [("c7", DARK, Kind::Prince, false), ("c8", LIGHT, Kind::Warrior, false), ("e7", LIGHT, Kind::Emperor, false)];
    let p = position(&tie, [false, false], LIGHT);
    let moves = from(&p, "c8");
    assert!(moves.contains(&"c8-c6/b7".to_string()) && moves.contains(&"c8-c6/d7".to_string()), "{moves:?}");
    let err = p.clone().play(&"c8-c6".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason, IllegalMove::NeedsChoice { moves: "c8-c6/b7, c8-c6/d7".into() });
    // A tie is never settled silently, even for a player who leaves it out.
    assert_eq!(p.complete(&"c8-c6".parse().unwrap()), None);
    // A choice that is not one of the tie's squares says where the piece may go.
    let err = p.clone().play(&"c8-c6/e5".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason, IllegalMove::WrongRetreat { given: "e5".into(), moves: "c8-c6/b7, c8-c6/d7".into() });
    let after = play(p, "c8-c6/b7");
    assert_eq!(after.board().at(sq("b7")).map(|p| p.kind), Some(Kind::Prince));
}

#[test]
fn example_7_block() {
    let pieces = [
        ("c4", DARK, Kind::Warrior, false),
        ("c5", DARK, Kind::Warrior, false),
        ("c6", LIGHT, Kind::Prince, false),
        ("b4", LIGHT, Kind::Warrior, false),
    ];
    let p = position(&pieces, [false, false], LIGHT);
    let prince = from(&p, "c6");
    assert!(!prince.iter().any(|m| m.starts_with("c6-c4")), "{prince:?}");
    assert!(prince.contains(&"c6-d6".to_string()));
    assert!(from(&p, "b4").contains(&"b4-d4".to_string()), "no immunity by default");
    let immune = Options { block_immunity: true, ..Options::default() };
    let q = Ocencahuac::from_board(immune, board(&pieces, [false, false]), LIGHT);
    assert!(!from(&q, "b4").contains(&"b4-d4".to_string()));
}

#[test]
fn example_8_stun() {
    // Dark pushes the light Prince to c6 (stunned), then light jumps the dark Princess without pushing it.
    let pieces = [
        ("c3", LIGHT, Kind::Prince, false),
        ("c2", DARK, Kind::Warrior, false),
        ("a8", DARK, Kind::Emperor, false),
        ("e1", LIGHT, Kind::Emperor, false),
    ];
    let p = play(position(&pieces, [false, false], DARK), "c2-c4");
    let prince = p.board().at(sq("c6")).expect("pushed back three squares");
    assert!(prince.stunned);
    // The dark Princess steps in front of the stunned Prince: c5 with c4 empty requires moving the Warrior away.
    let mut b = *p.board();
    b.put(sq("c4"), None);
    b.put(sq("c5"), Some(Piece { side: DARK, kind: Kind::Princess, crowned: false, stunned: false, id: 20 }));
    let q = Ocencahuac::from_board(Options::default(), b, LIGHT);
    let after = play(q, "c6-c4");
    assert_eq!(after.board().at(sq("c5")).map(|p| p.kind), Some(Kind::Princess), "not pushed back");
    assert!(!after.board().at(sq("c4")).unwrap().stunned, "the stun cleared at the end of light's turn");
}

#[test]
fn example_9_crowning_and_activation() {
    let pieces = [
        ("b8", DARK, Kind::Princess, true),
        ("d8", DARK, Kind::Prince, true),
        ("a7", DARK, Kind::Emperor, false),
        ("e1", LIGHT, Kind::Warrior, false),
    ];
    let after = play(position(&pieces, [false, false], DARK), "a7-a8");
    assert!(after.board().at(sq("a8")).unwrap().crowned);
    assert!(after.board().activated[0]);
    assert!(after.last_move().unwrap().activated);
}

#[test]
fn example_10_stage_two_captures() {
    let pieces = [
        ("a8", DARK, Kind::Emperor, true),
        ("d8", DARK, Kind::Prince, true),
        ("a5", DARK, Kind::Princess, true),
        ("b2", DARK, Kind::Warrior, false),
        ("c6", LIGHT, Kind::Warrior, false),
        ("d5", LIGHT, Kind::Warrior, false),
        ("e5", LIGHT, Kind::Emperor, false),
        ("a3", LIGHT, Kind::Warrior, false),
    ];
    let p = position(&pieces, [true, false], DARK);
    let moves = legal(&p);
    assert!(moves.contains(&"a5xd5".to_string()) && moves.contains(&"d8xc6".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("a8x")), "the Emperor is blocked by its Princess: {moves:?}");
    let threats: Vec<Square> = [sq("a5"), sq("d8"), sq("a8")].iter().flat_map(|&s| threatened(p.board(), s)).collect();
    assert_eq!(threats, vec![sq("d5"), sq("c6")]);
    let after = play(p, "a5xd5");
    assert_eq!(after.captures(DARK), 1);
    assert_eq!(after.board().at(sq("d5")).map(|p| p.kind), Some(Kind::Princess));
}

/// Example 11's position: light's Warrior on a7 is threatened by dark's crowned Emperor on a6.
const EXAMPLE_11: [(&str, Side, Kind, bool); 10] = [
    ("b8", DARK, Kind::Princess, true),
    ("d8", DARK, Kind::Prince, true),
    ("a6", DARK, Kind::Emperor, true),
    ("c2", DARK, Kind::Warrior, false),
    ("e8", LIGHT, Kind::Warrior, false),
    ("a7", LIGHT, Kind::Warrior, false),
    ("c4", LIGHT, Kind::Emperor, false),
    ("a3", LIGHT, Kind::Warrior, false),
    ("d3", LIGHT, Kind::Princess, false),
    ("e2", LIGHT, Kind::Prince, false),
];

#[test]
fn example_11_relief_jump() {
    let pieces = EXAMPLE_11;
    let p = position(&pieces, [true, false], LIGHT);
    let relief: Vec<String> = legal(&p).into_iter().filter(|m| m.contains('@')).collect();
    assert_eq!(relief, sorted(&["a7-a5 @b4", "a7-a5 @b5", "a7-a5 @b6"]));
    let err = p.clone().play(&"a7-a5".parse().unwrap()).unwrap_err();
    assert!(matches!(err.reason, IllegalMove::NeedsChoice { .. }), "{:?}", err.reason);
    // Three squares to choose from: nothing is completed for the player.
    assert_eq!(p.complete(&"a7-a5".parse().unwrap()), None);
    let err = p.clone().play(&"a7-a5 @c8".parse().unwrap()).unwrap_err();
    let moves = "a7-a5 @b4, a7-a5 @b5, a7-a5 @b6".to_string();
    assert_eq!(err.reason, IllegalMove::WrongRelief { given: sq("c8"), moves });
    let after = play(p, "a7-a5 @b5");
    assert_eq!(after.board().at(sq("b5")).map(|p| p.kind), Some(Kind::Emperor));
    assert_eq!(after.board().at(sq("a5")).map(|p| p.kind), Some(Kind::Warrior));
}

#[test]
fn capturing_the_third_warrior_wins() {
    let pieces = [
        ("a8", DARK, Kind::Emperor, true),
        ("d8", DARK, Kind::Prince, true),
        ("a5", DARK, Kind::Princess, true),
        ("b2", DARK, Kind::Warrior, false),
        ("d5", LIGHT, Kind::Warrior, false),
        ("e1", LIGHT, Kind::Emperor, false),
    ];
    let after = play(position(&pieces, [true, false], DARK), "a5xd5");
    assert_eq!(after.outcome(), Outcome::Won(DARK));
}

#[test]
fn no_legal_move_passes_and_two_passes_draw() {
    // A lone light Warrior on a8 boxed in by dark Warriors it cannot jump (landing squares off the board or full).
    let pieces = [
        ("a8", LIGHT, Kind::Warrior, false),
        ("a7", DARK, Kind::Warrior, false),
        ("b8", DARK, Kind::Warrior, false),
        ("a6", DARK, Kind::Warrior, false),
        ("c8", DARK, Kind::Warrior, false),
        ("b7", DARK, Kind::Emperor, false),
        ("e1", DARK, Kind::Prince, false),
    ];
    let p = position(&pieces, [false, false], LIGHT);
    assert_eq!(legal(&p), vec!["pass"]);
    let after = play(p, "pass");
    assert_eq!(after.to_move(), Some(DARK));
    assert!(after.clone().play(&Move::pass()).is_err(), "dark has moves: no pass");
}

#[test]
fn a_move_with_one_possible_choice_is_completed() {
    // The relief of example 11 with b4 and b6 taken: b5 is the only square left for the relieved Emperor.
    let mut pieces = EXAMPLE_11.to_vec();
    pieces.extend([("b4", DARK, Kind::Warrior, false), ("b6", DARK, Kind::Warrior, false)]);
    let p = position(&pieces, [true, false], LIGHT);
    let relief: Vec<String> = legal(&p).into_iter().filter(|m| m.starts_with("a7-a5")).collect();
    assert_eq!(relief, vec!["a7-a5 @b5".to_string()], "one square left");
    // The rules engine keeps to complete moves (analyze); the player's shorthand is completed for them.
    assert!(matches!(p.clone().play(&"a7-a5".parse().unwrap()).unwrap_err().reason, IllegalMove::NeedsChoice { .. }));
    assert_eq!(p.complete(&"a7-a5".parse().unwrap()).map(|m| m.to_string()), Some("a7-a5 @b5".to_string()));
    assert_eq!(p.complete(&"a7-a5 @b5".parse().unwrap()), None, "a complete move needs no completing");
}

#[test]
fn the_third_time_a_position_comes_back_the_game_is_drawn() {
    let shuffle = ["c2-d2", "c7-b7", "d2-c2", "b7-c7"];
    let mut p = Ocencahuac::new(&Options::default());
    for (i, m) in shuffle.iter().chain(shuffle.iter()).enumerate() {
        assert_eq!(p.outcome(), Outcome::Ongoing, "still on before ply {}", i + 1);
        p = play(p, m);
    }
    // The start position, with dark to move, is on the board for the third time.
    assert_eq!(p.outcome(), Outcome::Draw);
    assert_eq!(p.end, Some(End::Repetition));
    // A copy shares the seen positions and forgets none of them.
    let mut q = Ocencahuac::new(&Options::default());
    for m in &shuffle[..3] {
        q = play(q, m);
    }
    let copy = q.clone();
    assert_eq!(copy, q);
    assert_ne!(play(q.clone(), "b7-c7"), copy);
}
