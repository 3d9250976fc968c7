//! Property tests over random Epaminondas games: every listed move plays and a move is accepted exactly when it
//! is listed, no square holds two pieces, piece counts fall only by captures, replaying the notation gives the
//! same position, and nothing panics.

use crate::common::props;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablero::games::epaminondas::{Epaminondas, Move, Options, Square};
use tablero::games::{Game, GameKind, GameOptions, Position, Side};

fn random_square(rng: &mut StdRng) -> Square {
    Square::new(rng.random_range(0..14), rng.random_range(0..12)).unwrap()
}

fn count(p: &Epaminondas, side: Side) -> usize {
    p.pieces(side).len()
}

proptest! {
    #![proptest_config(props::replayable(12, "epaminondas_properties"))]

    #[test]
    fn random_games_keep_the_invariants(seed in any::<u64>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let options = Options::default();
        let mut p = Epaminondas::new(&options);
        let mut record = Vec::new();
        while p.to_move().is_some() && record.len() < 1500 {
            let legal = p.legal_moves();
            prop_assert!(!legal.is_empty());
            // A move is accepted exactly when it is listed (sampled: the listed ones and random pairs).
            for m in legal.iter().step_by(7) {
                prop_assert!(p.clone().play(m).is_ok(), "{m} is listed but refused");
            }
            for _ in 0..20 {
                let m = Move { tail: random_square(&mut rng), dest: random_square(&mut rng), capture: false };
                let normalised = p.normalise(&m);
                let played = p.clone().play(&m);
                prop_assert_eq!(played.is_ok(), legal.contains(&normalised), "{} against the list", m);
                if let Err(e) = played {
                    prop_assert_eq!(e.position, p.clone());
                }
            }
            let m = legal[rng.random_range(0..legal.len())];
            let mover = p.to_move().unwrap();
            let before = (count(&p, Side::First), count(&p, Side::Second));
            p = p.play(&m).unwrap();
            record.push(m.to_string());
            let white = p.pieces(Side::First);
            prop_assert!(p.pieces(Side::Second).iter().all(|s| !white.contains(s)), "two pieces on one square");
            let captured = p.last_move().unwrap().captured_count() as usize;
            prop_assert_eq!(count(&p, mover), if mover == Side::First { before.0 } else { before.1 });
            let theirs = if mover == Side::First { (before.1, Side::Second) } else { (before.0, Side::First) };
            prop_assert_eq!(count(&p, theirs.1) + captured, theirs.0);
        }
        let replayed = Position::replay(GameKind::Epaminondas, &options.to_set(), record.iter().map(String::as_str))
            .unwrap()
            .unwrap();
        prop_assert_eq!(replayed, Position::Epaminondas(p));
    }
}

#[test]
fn playouts_are_games_that_play_accepts() {
    for seed in 0..10 {
        let mut moves = Vec::new();
        let start = Epaminondas::new(&Options::default());
        let (end, plies) = start.clone().playout(&mut StdRng::seed_from_u64(seed), |m| moves.push(m));
        assert!(end.to_move().is_none());
        assert_eq!(plies as usize, moves.len());
        let replayed = moves.iter().fold(start, |p, m| p.play(m).expect("a playout move is legal"));
        assert_eq!(replayed, end);
    }
}
