//! Property tests over random Hoyito II games: seeds are conserved, captures come in fours, every listed legal
//! move plays and every other hole is refused with the position untouched, 2x6 games end, and replaying the
//! move list through `Position` (what the store does) gives the same position.

use crate::common::props;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablero::games::hoyito::{Hole, Hoyito, Options};
use tablero::games::{Game, GameKind, GameOptions, Outcome, Position, Side};

fn total(p: &Hoyito) -> u32 {
    p.holes().iter().map(|&s| u32::from(s)).sum::<u32>() + p.captured(Side::First) + p.captured(Side::Second)
}

/// Plays a random game to its end (or `cap` moves), checking the invariants after every move.
fn random_game(options: Options, seed: u64, cap: usize) -> (Hoyito, Vec<Hole>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = Hoyito::new(&options);
    let seeds = 4 * 2 * u32::from(options.holes);
    let mut moves = Vec::new();
    while p.to_move().is_some() && moves.len() < cap {
        let legal = p.legal_moves();
        assert!(!legal.is_empty(), "a side to move always has a legal move");
        // Every hole not listed is refused, and the refusal leaves the position as it was.
        for h in 0..=options.holes + 1 {
            let hole = Hole(h);
            if !legal.contains(&hole) {
                let err = p.clone().play(&hole).expect_err("an unlisted hole must be refused");
                assert_eq!(err.position, p);
            }
        }
        let hole = legal[rng.random_range(0..legal.len())];
        let before = (p.captured(Side::First), p.captured(Side::Second));
        p = p.play(&hole).expect("a listed legal move plays");
        moves.push(hole);
        let gained = p.captured(Side::First) + p.captured(Side::Second) - before.0 - before.1;
        assert_eq!(gained % 4, 0, "captures come in fours");
        assert_eq!(total(&p), seeds, "seeds are conserved");
        assert_eq!(p.holes().iter().map(|&s| u32::from(s)).sum::<u32>() % 4, 0);
        if p.to_move().is_none() {
            assert_ne!(p.outcome(), Outcome::Ongoing);
        }
    }
    (p, moves)
}

proptest! {
    #![proptest_config(props::replayable(200, "hoyito_properties"))]

    #[test]
    fn two_by_six_games_keep_the_invariants_and_end(seed in any::<u64>(), skip in any::<bool>()) {
        let options = Options { skip_origin: skip, ..Options::default() };
        let (end, moves) = random_game(options, seed, 5_000);
        prop_assert!(end.to_move().is_none(), "a 2x6 game ended within 5000 moves");
        prop_assert!(!moves.is_empty());
    }

    #[test]
    fn two_by_twelve_games_keep_the_invariants(seed in any::<u64>()) {
        let options = Options { holes: 12, max_moves_without_capture: 300, ..Options::default() };
        let (end, _) = random_game(options, seed, 3_000);
        prop_assert!(end.to_move().is_none(), "the no-capture limit ends stalled 2x12 games");
    }

    #[test]
    fn replaying_the_notation_gives_the_same_position(seed in any::<u64>()) {
        let options = Options::default();
        let (end, moves) = random_game(options, seed, 5_000);
        let notation: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let replayed = Position::replay(GameKind::Hoyito, &options.to_set(), notation.iter().map(String::as_str))
            .expect("options are valid")
            .expect("every recorded move replays");
        prop_assert_eq!(replayed, Position::Hoyito(end));
    }

    #[test]
    fn any_text_as_a_move_is_refused_or_played_never_a_panic(text in "\\PC{0,6}") {
        let mut p = Position::new(GameKind::Hoyito, &Default::default()).unwrap();
        let before = p.clone();
        if p.play(&text).is_err() {
            prop_assert_eq!(p, before);
        }
    }
}
