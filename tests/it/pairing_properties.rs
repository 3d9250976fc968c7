//! Properties of tournament pairings over many random fields (2 to 64 players, random results, drops): nobody
//! is paired twice in a round, no Swiss rematch while one is avoidable, at most one bye per player, side
//! differences bounded, round robins complete and balanced, elimination brackets consistent.

use crate::common::props;

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use tablero::table::tournament::pairing::{SwissPlayer, bracket, next_bracket_round, round_robin, swiss};

/// Whether `players` can be split into pairs that never met (brute force, for small sets).
fn rematch_free_matching_exists(players: &[usize], met: &BTreeSet<(usize, usize)>) -> bool {
    let Some((&first, rest)) = players.split_first() else { return true };
    rest.iter().enumerate().any(|(i, &other)| {
        if met.contains(&(first.min(other), first.max(other))) {
            return false;
        }
        let remaining: Vec<usize> = rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &p)| p).collect();
        rematch_free_matching_exists(&remaining, met)
    })
}

proptest! {
    #![proptest_config(props::replayable(64, "pairing_properties"))]

    #[test]
    fn round_robins_are_complete_and_balanced(n in 2usize..=64, legs in 1usize..=2) {
        let rounds = round_robin(n, legs);
        let per_leg = n + n % 2 - 1;
        prop_assert_eq!(rounds.len(), per_leg * legs);
        let mut meetings: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        let mut balance = vec![0i32; n];
        for (r, round) in rounds.iter().enumerate() {
            let mut seen = BTreeSet::new();
            for &(a, b) in &round.pairs {
                prop_assert!(a < n && b < n && a != b);
                prop_assert!(seen.insert(a) && seen.insert(b), "twice in round {}", r);
                *meetings.entry((a.min(b), a.max(b))).or_default() += 1;
                balance[a] += 1;
                balance[b] -= 1;
            }
            if let Some(bye) = round.bye {
                prop_assert!(seen.insert(bye));
            }
            prop_assert_eq!(seen.len(), n, "everyone plays or rests in round {}", r);
            prop_assert_eq!(round.bye.is_some(), n % 2 == 1);
            if (r + 1) % per_leg == 0 {
                // At the end of each leg, sides are balanced within one game.
                prop_assert!(balance.iter().all(|b| b.abs() <= 1), "balance {:?}", balance);
            }
        }
        prop_assert_eq!(meetings.len(), n * (n - 1) / 2);
        prop_assert!(meetings.values().all(|&m| m == legs));
    }

    #[test]
    fn swiss_rounds_pair_everyone_once_without_avoidable_rematches(
        n in 2usize..=64,
        rounds in 1usize..=9,
        seed in any::<u64>(),
    ) {
        let mut rng = seed;
        let mut next = move || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
        let mut players: Vec<SwissPlayer> = (0..n)
            .map(|_| SwissPlayer { score: 0.0, met: vec![], colour_balance: 0, last_first: None, had_bye: false, active: true })
            .collect();
        let mut byes = vec![0usize; n];
        for r in 0..rounds.min(n.saturating_sub(1)).max(1) {
            // Now and then a player drops out.
            if n > 3 && next() % 10 == 0 {
                let p = (next() % n as u64) as usize;
                players[p].active = false;
            }
            let active: Vec<usize> = (0..n).filter(|&p| players[p].active).collect();
            let round = swiss(&players);
            let mut seen = BTreeSet::new();
            for &(a, b) in &round.pairs {
                prop_assert!(players[a].active && players[b].active);
                prop_assert!(seen.insert(a) && seen.insert(b), "paired twice in round {}", r);
            }
            if let Some(bye) = round.bye {
                prop_assert!(seen.insert(bye));
                // A second bye only when every active player has had one.
                prop_assert!(!players[bye].had_bye || active.iter().all(|&p| players[p].had_bye));
                byes[bye] += 1;
            }
            prop_assert_eq!(seen.len(), active.len(), "every active player plays or rests");
            prop_assert_eq!(round.bye.is_some(), active.len() % 2 == 1);
            let rematches = round.pairs.iter().filter(|&&(a, b)| players[a].met.contains(&b)).count();
            if rematches > 0 {
                let met: BTreeSet<(usize, usize)> = (0..n)
                    .flat_map(|p| players[p].met.iter().map(move |&q| (p.min(q), p.max(q))))
                    .collect();
                let paired: Vec<usize> = active.iter().copied().filter(|&p| Some(p) != round.bye).collect();
                if paired.len() <= 12 {
                    prop_assert!(!rematch_free_matching_exists(&paired, &met), "an avoidable rematch in round {}", r);
                } else {
                    prop_assert!(r + 1 >= paired.len() / 2, "a rematch in a big field early (round {})", r);
                }
            }
            for &(a, b) in &round.pairs {
                let result = (next() % 3) as f64 / 2.0;
                players[a].score += result;
                players[b].score += 1.0 - result;
                players[a].met.push(b);
                players[b].met.push(a);
                players[a].colour_balance += 1;
                players[b].colour_balance -= 1;
                players[a].last_first = Some(true);
                players[b].last_first = Some(false);
            }
            if let Some(bye) = round.bye {
                players[bye].score += 1.0;
                players[bye].had_bye = true;
            }
            // Sides within two games of even while the event is short against the field (a Swiss event's usual
            // length); in near-round-robin events the avoidance of rematches may cost one more.
            let bound = if r < active.len() / 2 { 2 } else { 3 };
            prop_assert!(players.iter().all(|p| p.colour_balance.abs() <= bound), "side balance within {} in round {}", bound, r);
        }
    }

    #[test]
    fn elimination_brackets_are_consistent(n in 2usize..=64, seed in any::<u64>()) {
        let first = bracket(n);
        let size = n.next_power_of_two();
        prop_assert_eq!(first.len(), size / 2);
        let seeds: Vec<usize> = first.iter().flat_map(|&(a, b)| [a, b]).flatten().collect();
        prop_assert_eq!(seeds.iter().copied().collect::<BTreeSet<_>>(), (0..n).collect::<BTreeSet<_>>());
        prop_assert_eq!(seeds.len(), n, "each seed once");
        let byes: Vec<usize> = first.iter().filter_map(|&(a, b)| if a.is_none() { b } else if b.is_none() { a } else { None }).collect();
        prop_assert_eq!(byes.len(), size - n);
        prop_assert!(byes.iter().all(|&s| s < size - n), "the byes go to the top seeds: {:?}", byes);
        prop_assert!(first.iter().all(|&(a, b)| a.is_some() || b.is_some()));
        // The top two seeds are in different halves, so they can only meet in the final.
        let half_of = |s: usize| first.iter().position(|&(a, b)| a == Some(s) || b == Some(s)).unwrap() < size / 4;
        if n >= 2 && size >= 4 {
            prop_assert_ne!(half_of(0), half_of(1));
        }
        // Playing it out: random winners advance until one is left.
        let mut rng = seed | 1;
        let mut winners: Vec<usize> = first.iter().map(|&(a, b)| match (a, b) {
            (Some(a), Some(b)) => { rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1); if rng >> 63 == 0 { a } else { b } }
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => unreachable!(),
        }).collect();
        while winners.len() > 1 {
            let round = next_bracket_round(&winners);
            prop_assert_eq!(round.len(), winners.len() / 2);
            winners = round.iter().map(|&(a, b)| { rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1); if rng >> 63 == 0 { a } else { b } }).collect();
        }
        prop_assert_eq!(winners.len(), 1);
    }
}
