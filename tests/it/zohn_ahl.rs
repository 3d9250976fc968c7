//! Zohn Ahl and Tsoñä: the sticks thrown by the service follow the throw tables (a seeded chi-square test), and
//! random games keep the invariants (counters conserved, awls on the board, games end, replay is exact).

use crate::common::props;

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tablero::games::zohn_ahl::{Options, Throw, Variant, ZohnAhl};
use tablero::games::{Game, GameKind, GameOptions, Position, Side};
use tablero::table::throw_sticks;

/// Pearson's chi-square statistic of observed counts against expected probabilities.
fn chi_square(observed: &[u64], expected: &[f64], n: u64) -> f64 {
    observed.iter().zip(expected).map(|(&o, &p)| (o as f64 - p * n as f64).powi(2) / (p * n as f64)).sum()
}

/// The probability of each throw value (and extra throw) under a variant's table with fair sticks, worked out
/// from the 16 equally likely throws rather than copied from the rules, then compared with the rules' numbers.
fn categories(variant: Variant) -> Vec<((u8, bool), f64)> {
    let mut table: Vec<((u8, bool), f64)> = Vec::new();
    for throw in Throw::all() {
        let s = throw.score(variant);
        match table.iter_mut().find(|(k, _)| *k == (s.value, s.extra)) {
            Some((_, p)) => *p += 1.0 / 16.0,
            None => table.push(((s.value, s.extra), 1.0 / 16.0)),
        }
    }
    table.sort_by_key(|(k, _)| *k);
    table
}

#[test]
fn the_tables_give_the_rules_probabilities() {
    let za = categories(Variant::ZohnAhl);
    assert_eq!(
        za,
        vec![
            ((1, false), 4.0 / 16.0),
            ((2, false), 6.0 / 16.0),
            ((3, false), 4.0 / 16.0),
            ((5, true), 1.0 / 16.0),
            ((10, true), 1.0 / 16.0)
        ]
    );
    let tsona = categories(Variant::Tsona);
    assert_eq!(
        tsona,
        vec![
            ((1, false), 3.0 / 16.0),
            ((1, true), 1.0 / 16.0),
            ((2, false), 6.0 / 16.0),
            ((3, false), 1.0 / 16.0),
            ((3, true), 3.0 / 16.0),
            ((6, true), 1.0 / 16.0),
            ((10, true), 1.0 / 16.0)
        ]
    );
}

#[test]
fn thrown_sticks_follow_the_tables() {
    // 99.9th percentiles of chi-square: 4 degrees of freedom 18.47, 6 degrees 22.46. Seeded, so not flaky.
    let n = 100_000u64;
    for (variant, limit) in [(Variant::ZohnAhl, 18.47), (Variant::Tsona, 22.46)] {
        let table = categories(variant);
        let mut rng = StdRng::seed_from_u64(2026);
        let mut counts = vec![0u64; table.len()];
        for _ in 0..n {
            let s = throw_sticks(&mut rng, 0.5).score(variant);
            let i = table.iter().position(|(k, _)| *k == (s.value, s.extra)).expect("a value of the table");
            counts[i] += 1;
        }
        let expected: Vec<f64> = table.iter().map(|(_, p)| *p).collect();
        let x2 = chi_square(&counts, &expected, n);
        assert!(x2 < limit, "{variant:?}: chi-square {x2:.2} over {limit}, counts {counts:?}");
    }
}

#[test]
fn biased_sticks_follow_p_flat() {
    let mut rng = StdRng::seed_from_u64(7);
    let n = 100_000;
    let flat: u32 = (0..n).map(|_| u32::from(throw_sticks(&mut rng, 0.3).flat_count())).sum();
    let mean = f64::from(flat) / f64::from(n) / 4.0;
    // Standard error of the mean over 400,000 sticks is about 0.0007.
    assert!((mean - 0.3).abs() < 0.004, "{mean}");
}

fn random_throw(bits: u8) -> Throw {
    Throw { flat: [0, 1, 2, 3].map(|i| bits >> i & 1 == 1) }
}

proptest! {
    #![proptest_config(props::replayable(150, "zohn_ahl"))]

    #[test]
    fn random_games_keep_the_invariants(throws in prop::collection::vec(0u8..16, 2000), tsona in any::<bool>(), carry in any::<bool>()) {
        let options = Options {
            variant: if tsona { Variant::Tsona } else { Variant::ZohnAhl },
            counters: 2,
            carry_surplus: carry,
            ..Options::default()
        };
        let mut p = ZohnAhl::new(&options);
        let mut record = Vec::new();
        for &bits in &throws {
            if p.to_move().is_none() {
                break;
            }
            let t = random_throw(bits);
            p = p.play(&t).unwrap();
            record.push(t.to_string());
            for side in Side::BOTH {
                prop_assert!(p.step(side) < 40, "the awl stays on the board");
            }
            let held = u32::from(p.counters(Side::First)) + u32::from(p.counters(Side::Second));
            if tsona {
                prop_assert_eq!(held + u32::from(p.pile()), 2 * u32::from(options.laps));
            } else {
                prop_assert_eq!(held, 2 * u32::from(options.counters), "counters only change hands");
            }
        }
        prop_assert!(p.to_move().is_none(), "a 2-counter game ends within 2000 throws");
        let replayed = Position::replay(GameKind::ZohnAhl, &options.to_set(), record.iter().map(String::as_str))
            .unwrap()
            .unwrap();
        prop_assert_eq!(replayed, Position::ZohnAhl(p));
    }
}
