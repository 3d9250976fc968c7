//! The worked examples of `rules/hoyito-ii.md` 3.10 and 3.8, move by move.

use super::*;

fn six() -> Options {
    Options::default()
}

fn position(holes: &[u8], south: u32, north: u32) -> Hoyito {
    Hoyito::from_parts(six(), holes, [south, north], Side::First)
}

fn play(p: Hoyito, hole: u8) -> Hoyito {
    match p.play(&Hole(hole)) {
        Ok(p) => p,
        Err(e) => panic!("hole {hole} refused: {:?}", e.reason),
    }
}

#[test]
fn example_1_opening_move_five_laps() {
    let p = play(Hoyito::new(&six()), 1); // South's hole 1 is index 0
    assert_eq!(p.holes(), &[2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6]);
    assert_eq!(p.last_move().unwrap().laps, 5);
    assert_eq!(p.last_move().unwrap().last, 2);
    assert_eq!((p.captured(Side::First), p.captured(Side::Second)), (0, 0));
    assert_eq!(p.to_move(), Some(Side::Second));
}

#[test]
fn example_1_every_opening_move_is_a_rotation() {
    let reference = [2, 7, 1, 6, 1, 6, 6, 6, 0, 1, 6, 6];
    for hole in 1..=6u8 {
        let p = play(Hoyito::new(&six()), hole);
        let shift = usize::from(hole - 1);
        let rotated: Vec<u8> = (0..12).map(|i| reference[(i + 12 - shift) % 12]).collect();
        assert_eq!(p.holes(), &rotated[..], "opening hole {hole}");
    }
}

#[test]
fn example_2_capture_across_both_rows_with_chain_and_extra_move() {
    let p = play(position(&[2, 0, 1, 0, 3, 3, 3, 3, 5, 0, 6, 6], 8, 8), 5); // index 4
    assert_eq!(p.holes(), &[2, 0, 1, 0, 0, 0, 0, 0, 5, 0, 6, 6]);
    assert_eq!(p.captured(Side::First), 20);
    assert_eq!(p.last_move().unwrap().captured_holes, 0b1110_0000);
    assert_eq!(p.to_move(), Some(Side::First), "extra move after a capture");
}

#[test]
fn example_3_relay_then_capture() {
    let p = play(position(&[4, 0, 8, 0, 2, 2, 0, 2, 1, 6, 1, 6], 4, 12), 3); // index 2
    assert_eq!(p.holes(), &[0, 1, 1, 2, 0, 0, 1, 3, 2, 7, 0, 7]);
    assert_eq!((p.captured(Side::First), p.captured(Side::Second)), (12, 12));
    assert_eq!(p.last_move().unwrap().laps, 3);
    assert_eq!(p.to_move(), Some(Side::First));
}

#[test]
fn example_4_no_en_passant() {
    let p = play(position(&[3, 3, 2, 0, 1, 5, 2, 0, 4, 1, 6, 5], 10, 6), 1);
    assert_eq!(p.holes(), &[0, 4, 3, 1, 1, 5, 2, 0, 4, 1, 6, 5]);
    assert_eq!((p.captured(Side::First), p.captured(Side::Second)), (10, 6));
    assert_eq!(p.to_move(), Some(Side::Second));
}

#[test]
fn example_5_last_four() {
    let p = play(position(&[0, 0, 0, 1, 3, 0, 0, 0, 4, 0, 0, 0], 20, 20), 4);
    assert!(p.holes().iter().all(|&s| s == 0));
    assert_eq!((p.captured(Side::First), p.captured(Side::Second)), (28, 20));
    assert!(p.last_move().unwrap().took_last_four);
    assert_eq!(p.outcome(), Outcome::Won(Side::First));
    assert_eq!(p.to_move(), None);
}

#[test]
fn example_6_extra_move_with_an_empty_row_passes() {
    let p = play(position(&[0, 0, 0, 0, 0, 1, 3, 2, 0, 5, 2, 7], 14, 14), 6);
    assert_eq!(p.holes(), &[0, 0, 0, 0, 0, 0, 0, 2, 0, 5, 2, 7]);
    assert_eq!(p.captured(Side::First), 18);
    assert_eq!(p.to_move(), Some(Side::Second));
}

#[test]
fn rules_3_8_never_ending_sowing_is_illegal_and_leaves_the_position() {
    let before = position(&[1, 0, 1, 2, 0, 2, 1, 0, 2, 1, 0, 2], 18, 18);
    let err = before.clone().play(&Hole(4)).unwrap_err();
    assert_eq!(err.reason, IllegalMove::NeverEnding { hole: 4 });
    assert_eq!(err.position, before);
    assert!(!before.legal_moves().contains(&Hole(4)));
}

#[test]
fn a_never_ending_sowing_reached_in_play_is_left_out_of_the_legal_moves() {
    let mut p = Hoyito::new(&six());
    for hole in [1, 1, 4, 3, 5, 1] {
        p = play(p, hole);
    }
    assert_eq!(p.to_move(), Some(Side::Second));
    assert_eq!(p.holes(), &[1, 0, 4, 3, 2, 11, 5, 7, 0, 2, 6, 3]);
    assert_eq!(p.is_legal(Hole(6)), Err(IllegalMove::NeverEnding { hole: 6 }));
    assert_eq!(p.legal_moves(), vec![Hole(1), Hole(2), Hole(4), Hole(5)]);
}

#[test]
fn equal_totals_draw() {
    // South's single seed makes a four in index 6; the four left in index 10 go with it (rules 3.7): 24-24.
    let p = play(position(&[0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 4, 0], 16, 24), 6);
    assert_eq!((p.captured(Side::First), p.captured(Side::Second)), (24, 24));
    assert_eq!(p.outcome(), Outcome::Draw);
}

#[test]
fn illegal_holes_are_refused_with_their_reason() {
    let p = position(&[0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 18, 18);
    assert_eq!(p.is_legal(Hole(0)), Err(IllegalMove::NoSuchHole { hole: 0, holes: 6 }));
    assert_eq!(p.is_legal(Hole(7)), Err(IllegalMove::NoSuchHole { hole: 7, holes: 6 }));
    assert_eq!(p.is_legal(Hole(1)), Err(IllegalMove::EmptyHole { hole: 1 }));
    assert_eq!(p.is_legal(Hole(2)), Ok(()));
}

#[test]
fn north_numbers_holes_from_its_own_left() {
    let p = play(Hoyito::new(&six()), 1);
    // North's hole 3 is index 8, which holds 0 after the opening move.
    assert_eq!(p.is_legal(Hole(3)), Err(IllegalMove::EmptyHole { hole: 3 }));
}

#[test]
fn the_move_limit_without_capture_ends_the_game_on_captured_totals() {
    let options = Options { max_moves_without_capture: 1, ..six() };
    let p = Hoyito::from_parts(options, &[3, 3, 2, 0, 1, 5, 2, 0, 4, 1, 6, 5], [10, 6], Side::First);
    let p = play(p, 1);
    assert_eq!(p.end(), Some(End::NoCaptureLimit));
    assert_eq!(p.outcome(), Outcome::Won(Side::First));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn skip_origin_skips_the_hole_each_lap_was_lifted_from() {
    let start = [12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    // Origin sown: twelve seeds go once round the board, the last one back into the emptied hole 1.
    let sown = play(Hoyito::from_parts(six(), &start, [18, 18], Side::First), 1);
    assert_eq!(sown.holes(), &[1; 12]);
    assert_eq!(sown.last_move().unwrap().laps, 1);
    // Origin skipped: the twelfth seed goes into index 1 (now 2) and relays; each later lap skips its own origin.
    let options = Options { skip_origin: true, ..six() };
    let skipped = play(Hoyito::from_parts(options, &start, [18, 18], Side::First), 1);
    assert_eq!(skipped.holes(), &[1, 1, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0]);
    assert_eq!(skipped.last_move().unwrap().laps, 7);
}
