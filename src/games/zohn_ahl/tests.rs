//! The worked examples of `rules/zohn-ahl.md` (2.8 for Zohn Ahl, 3.5 for Tsoñä) and the turn rules.

use super::*;

const WEST: Side = Side::First;
const EAST: Side = Side::Second;

fn t(s: &str) -> Throw {
    s.parse().unwrap()
}

fn zohn_ahl(west: u8, east: u8, to_move: Side) -> ZohnAhl {
    ZohnAhl::from_parts(Options::default(), [west, east], [4, 4], to_move)
}

fn tsona(west: u8, east: u8, to_move: Side) -> ZohnAhl {
    let options = Options { variant: Variant::Tsona, ..Options::default() };
    ZohnAhl::from_parts(options, [west, east], [0, 0], to_move)
}

fn throw(p: ZohnAhl, s: &str) -> ZohnAhl {
    p.play(&t(s)).unwrap()
}

#[test]
fn example_2_8_1_the_creek_jumped_then_an_extra_throw() {
    let p = throw(zohn_ahl(15, 0, WEST), "FFFF");
    assert_eq!((p.step(WEST), space(WEST, 20)), (20, 20));
    assert_eq!(p.to_move(), Some(WEST), "5 gives another throw");
    let p = throw(p, "FRRR");
    assert_eq!(p.step(WEST), 21);
    assert_eq!(p.to_move(), Some(EAST));
    assert_eq!((p.counters(WEST), p.counters(EAST)), (4, 4));
}

#[test]
fn example_2_8_2_falling_in() {
    let p = throw(zohn_ahl(17, 0, WEST), "FFRR");
    assert_eq!(p.step(WEST), 0);
    assert_eq!(p.last_throw().unwrap().event, Event::FellIn);
    assert_eq!((p.counters(WEST), p.counters(EAST)), (3, 5));
}

#[test]
fn example_2_8_3_capture() {
    // West at G12, East at s = 26 = G13.
    assert_eq!(space(EAST, 26), 13);
    let p = throw(zohn_ahl(12, 26, WEST), "RRFR");
    assert_eq!((p.step(WEST), p.step(EAST)), (13, 0));
    assert_eq!(p.last_throw().unwrap().event, Event::Captured);
    assert_eq!((p.counters(WEST), p.counters(EAST)), (5, 3));
}

#[test]
fn example_2_8_4_a_lap_and_the_extra_throw() {
    let p = throw(zohn_ahl(0, 35, EAST), "RRRR");
    assert_eq!(space(EAST, 35), 4);
    assert_eq!(p.step(EAST), 0);
    assert_eq!(p.last_throw().unwrap().event, Event::Lap);
    assert_eq!((p.counters(WEST), p.counters(EAST)), (3, 5));
    assert_eq!(p.to_move(), Some(EAST), "10 gives another throw");
    // With carry_surplus the awl keeps its place: s = 45 - 39 = 6 (G33).
    let carry = Options { carry_surplus: true, ..Options::default() };
    let q = ZohnAhl::from_parts(carry, [0, 35], [4, 4], EAST).play(&t("RRRR")).unwrap();
    assert_eq!((q.step(EAST), space(EAST, 6)), (6, 33));
}

#[test]
fn example_2_8_5_falling_in_beats_capture() {
    // West stands on G20 (s = 20); East at s = 18 (G21) throws 1: its near bank is G20.
    assert_eq!(space(EAST, 19), space(WEST, 20));
    let p = throw(zohn_ahl(20, 18, EAST), "RFRR");
    assert_eq!((p.step(WEST), p.step(EAST)), (20, 0));
    assert_eq!((p.counters(WEST), p.counters(EAST)), (5, 3));
}

#[test]
fn the_game_ends_when_a_team_holds_every_counter() {
    let options = Options { counters: 1, ..Options::default() };
    let p = ZohnAhl::from_parts(options, [17, 0], [1, 1], WEST).play(&t("FFRR")).unwrap();
    assert_eq!(p.outcome(), Outcome::Won(EAST), "a team can lose by falling in with its last counter");
    assert!(p.legal_names().is_empty());
    let err = p.clone().play(&t("FFRR")).unwrap_err();
    assert_eq!(err.reason, IllegalMove::GameOver);
}

#[test]
fn lap_threshold_40_makes_39_an_ordinary_space_where_a_waiting_awl_is_captured() {
    let options = Options { lap_threshold: 40, ..Options::default() };
    // West at 37 throws 2: t = 39 = G39, East's start, where East's awl waits.
    let p = ZohnAhl::from_parts(options, [37, 0], [4, 4], WEST).play(&t("FFRR")).unwrap();
    assert_eq!((p.step(WEST), p.step(EAST)), (39, 0));
    assert_eq!(p.last_throw().unwrap().event, Event::Captured);
    let q = zohn_ahl(37, 0, WEST).play(&t("FFRR")).unwrap();
    assert_eq!(q.last_throw().unwrap().event, Event::Lap, "with 39 it is a lap");
}

#[test]
fn example_3_5_1_the_south_river_near_edge() {
    let p = throw(tsona(37, 0, WEST), "FFRR");
    assert_eq!(p.step(WEST), 0);
    assert_eq!(p.last_throw().unwrap().event, Event::FellIn);
    assert_eq!(p.counters(WEST), 0);
}

#[test]
fn example_3_5_2_a_lap_with_the_sahe() {
    let p = throw(tsona(37, 0, WEST), "FFRF");
    assert_eq!(p.step(WEST), 0);
    assert_eq!(p.counters(WEST), 1);
    assert_eq!(p.pile(), 3);
    assert_eq!(p.to_move(), Some(WEST), "3 with the sahe flat gives another throw");
}

#[test]
fn example_3_5_3_the_north_river() {
    assert_eq!(space(EAST, 16), 23);
    let p = throw(tsona(0, 16, EAST), "FFFR");
    assert_eq!(p.step(EAST), 0);
    assert_eq!(p.last_throw().unwrap().event, Event::FellIn);
}

#[test]
fn example_3_5_4_extra_throw_then_a_capture_without_payment() {
    let p = throw(tsona(24, 13, EAST), "RRRF");
    assert_eq!((p.step(WEST), p.step(EAST)), (24, 14));
    assert_eq!(p.to_move(), Some(EAST));
    let p = throw(p, "FRRR");
    assert_eq!((p.step(WEST), p.step(EAST)), (0, 15));
    assert_eq!(p.last_throw().unwrap().event, Event::Captured);
    assert_eq!((p.counters(WEST), p.counters(EAST), p.pile()), (0, 0, 4));
}

#[test]
fn tsona_is_won_by_laps_and_the_ludii_reading_is_an_option() {
    let options = Options { variant: Variant::Tsona, laps: 1, ..Options::default() };
    let p = ZohnAhl::from_parts(options, [35, 0], [0, 0], WEST).play(&t("FFFF")).unwrap();
    assert_eq!(p.outcome(), Outcome::Won(WEST));
    // With south_river_dangerous=false, 39 completes the lap instead of trapping.
    let mooney = Options { south_river_dangerous: false, ..options };
    let q = ZohnAhl::from_parts(mooney, [37, 0], [0, 0], WEST).play(&t("FFRR")).unwrap();
    assert_eq!(q.outcome(), Outcome::Won(WEST));
}

#[test]
fn team_blocks_give_each_team_as_many_sequences_as_it_has_members() {
    let options = Options { blocks: [2, 2], ..Options::default() };
    let mut p = ZohnAhl::new(&options);
    let mut order = Vec::new();
    for _ in 0..6 {
        order.push(p.to_move().unwrap());
        p = throw(p, "FRRR");
    }
    assert_eq!(order, [WEST, WEST, EAST, EAST, WEST, WEST]);
    assert_eq!((p.sequences(WEST), p.sequences(EAST)), (4, 2));
}

#[test]
fn the_dry_branch_penalty_forfeits_the_next_sequence() {
    let options = Options { dry_branch_penalty: true, ..Options::default() };
    // West at 8 throws 1: G9, a dry branch.
    let p = ZohnAhl::from_parts(options, [8, 0], [4, 4], WEST).play(&t("FRRR")).unwrap();
    assert!(p.last_throw().unwrap().penalised);
    assert_eq!(p.to_move(), Some(EAST));
    let p = throw(p, "FRRR");
    assert_eq!(p.to_move(), Some(EAST), "West's next sequence is forfeited");
    assert_eq!(p.sequences(WEST), 2);
    let off = zohn_ahl(8, 0, WEST).play(&t("FRRR")).unwrap();
    assert!(!off.last_throw().unwrap().penalised);
}

#[test]
fn early_end_goes_to_the_team_with_more_counters() {
    assert_eq!(zohn_ahl(0, 0, WEST).early_end(), Outcome::Draw);
    let p = throw(zohn_ahl(17, 0, WEST), "FFRR");
    assert_eq!(p.early_end(), Outcome::Won(EAST));
}
