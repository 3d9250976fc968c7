//! Random Ocencahuac games: the invariants of the rules hold after every move, records replay exactly, and the
//! biased player of rules 4.16 finishes most games with a winner.

use crate::common::props;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablero::games::ocencahuac::{Kind, Ocencahuac, Options, Policy, Square};
use tablero::games::{Game, GameKind, GameOptions, Outcome, Position, Side};

fn pieces(p: &Ocencahuac) -> Vec<(Square, Side, Kind, bool, bool)> {
    p.board().pieces().map(|(s, x)| (s, x.side, x.kind, x.crowned, x.stunned)).collect()
}

proptest! {
    #![proptest_config(props::replayable(40, "ocencahuac"))]

    #[test]
    fn random_games_keep_the_invariants(seed in any::<u64>(), biased in any::<bool>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let options = Options::default();
        let mut p = Ocencahuac::new(&options);
        let mut record = Vec::new();
        while let Some(me) = p.to_move() {
            let legal = p.legal_moves();
            prop_assert!(!legal.is_empty());
            // Every listed move plays.
            for m in legal.iter().step_by(5) {
                prop_assert!(p.clone().play(m).is_ok(), "{} listed but refused", m);
            }
            let before = pieces(&p);
            let m = if biased {
                let mut chosen = None;
                p.clone().playout(&mut StdRng::seed_from_u64(rng.random()), Policy::Biased, |m| {
                    if chosen.is_none() {
                        chosen = Some(m.clone());
                    }
                });
                chosen.unwrap()
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            p = p.play(&m).unwrap();
            record.push(m.to_string());
            let after = pieces(&p);
            // No square holds two pieces (the board cannot), piece counts change only by Warrior captures.
            let royals = |v: &[(Square, Side, Kind, bool, bool)]| v.iter().filter(|x| x.2 != Kind::Warrior).count();
            prop_assert_eq!(royals(&before), royals(&after));
            prop_assert!(after.len() == before.len() || after.len() + 1 == before.len());
            if after.len() < before.len() {
                prop_assert!(p.last_move().unwrap().captured.is_some());
            }
            // Crowns never disappear; the mover has no stunned piece after its move.
            let crowns = |v: &[(Square, Side, Kind, bool, bool)], s: Side| v.iter().filter(|x| x.1 == s && x.3).count();
            for side in Side::BOTH {
                prop_assert!(crowns(&after, side) >= crowns(&before, side));
            }
            prop_assert!(!after.iter().any(|x| x.1 == me && x.4), "stuns clear after one turn");
        }
        let replayed = Position::replay(GameKind::Ocencahuac, &options.to_set(), record.iter().map(String::as_str))
            .unwrap()
            .unwrap();
        prop_assert_eq!(replayed, Position::Ocencahuac(p));
    }
}

#[test]
fn the_biased_player_finishes_most_games_with_a_winner() {
    let games = 100;
    let mut wins = 0;
    let mut plies = 0;
    for seed in 0..games {
        let mut n = 0;
        let end =
            Ocencahuac::new(&Options::default()).playout(&mut StdRng::seed_from_u64(seed), Policy::Biased, |_| n += 1);
        plies += n;
        if matches!(end.outcome(), Outcome::Won(_)) {
            wins += 1;
        }
    }
    eprintln!("biased player: {wins} wins in {games} games, {:.0} plies on average", plies as f64 / games as f64);
    // Measured: 400 wins in 400 games (seeds 0-399, about 56 plies each); the bound leaves a small margin.
    assert!(wins * 100 >= games * 95, "{wins} of {games}");
}
