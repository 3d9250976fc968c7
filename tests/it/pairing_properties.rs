//! Properties of tournament pairings over many random fields (random results, drops): the Dutch Swiss keeps its
//! absolute criteria (nobody twice, no rematch, one bye at most and none twice, no colour difference of three
//! nor three in a row) or says no pairing exists only when none does; round robins complete and balanced,
//! elimination brackets consistent.

use crate::common::props;

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use tablero::pairings::dutch::{Colour, Match, Outcome, Player, Tournament, pair};
use tablero::pairings::systems::{bracket, next_bracket_round, round_robin};

/// Whether `players` can be split into pairs that may meet (brute force, for small sets).
fn matching_exists(players: &[usize], may_meet: &dyn Fn(usize, usize) -> bool) -> bool {
    let Some((&first, rest)) = players.split_first() else { return true };
    rest.iter().enumerate().any(|(i, &other)| {
        if !may_meet(first, other) {
            return false;
        }
        let remaining: Vec<usize> = rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &p)| p).collect();
        matching_exists(&remaining, may_meet)
    })
}

/// The colour a player must have, worked out from the games played: two more games with one colour than the
/// other, or the same colour twice running, demand the other one.
fn absolute_colour(matches: &[Match]) -> Option<Colour> {
    let colours: Vec<Colour> = matches.iter().filter(|m| m.played).map(|m| m.colour).collect();
    let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i64;
    let difference = 2 * whites - colours.len() as i64;
    if difference >= 2 {
        return Some(Colour::Black);
    }
    if difference <= -2 {
        return Some(Colour::White);
    }
    match colours.as_slice() {
        [.., a, b] if a == b => Some(a.invert()),
        _ => None,
    }
}

/// Points (tenths) of a player's matches: a win or the bye 10, a draw 5, a loss or an absence nothing.
fn points(matches: &[Match]) -> u32 {
    matches
        .iter()
        .map(|m| match m.outcome {
            Outcome::Win => 10,
            Outcome::Draw => 5,
            Outcome::Loss => 0,
        })
        .sum()
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
    fn dutch_rounds_keep_the_absolute_criteria_or_say_none_can(
        n in 2usize..=40,
        rounds in 1usize..=9,
        seed in any::<u64>(),
    ) {
        let mut rng = seed;
        let mut next = move || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
        let mut matches: Vec<Vec<Match>> = vec![Vec::new(); n];
        let mut out = vec![false; n];
        let total = rounds.max(1);
        for r in 0..total {
            // Now and then a player withdraws.
            if n > 3 && next() % 10 == 0 {
                out[(next() % n as u64) as usize] = true;
            }
            let mut t = Tournament {
                players: (0..n)
                    .map(|p| {
                        let mut m = matches[p].clone();
                        if out[p] {
                            m.push(Match::absent(p));
                        }
                        Player::new(p, m)
                    })
                    .collect(),
                by_rank: (0..n).collect(),
                played: r,
                rounds: total,
                initial: Some(Colour::White),
                ..Tournament::default()
            };
            t.prepare();
            let active: Vec<usize> = (0..n).filter(|&p| !out[p]).collect();
            let met: BTreeSet<(usize, usize)> = (0..n)
                .flat_map(|p| matches[p].iter().filter(|m| m.played).map(move |m| (p.min(m.opponent), p.max(m.opponent))))
                .collect();
            let Ok(pairs) = pair(&t) else {
                // No pairing: then no pairing of the active players without a rematch and without two players who
                // must have the same colour exists (checked on small fields). In the last round two such players
                // may meet when one of them has more than half the points possible.
                let last = r + 1 == total;
                let top = 10 * r as u32 / 2;
                let may_meet = |a: usize, b: usize| {
                    let colours = match (absolute_colour(&matches[a]), absolute_colour(&matches[b])) {
                        (Some(x), Some(y)) if x == y => last && (points(&matches[a]) > top || points(&matches[b]) > top),
                        _ => true,
                    };
                    colours && !met.contains(&(a.min(b), a.max(b)))
                };
                if active.len() <= 10 && active.len().is_multiple_of(2) {
                    prop_assert!(!matching_exists(&active, &may_meet), "a pairing existed in round {}", r);
                }
                break;
            };
            let mut seen = BTreeSet::new();
            let mut bye = None;
            for &(white, black) in &pairs {
                prop_assert!(!out[white] && !out[black], "a withdrawn player is paired");
                if white == black {
                    prop_assert!(bye.is_none(), "two byes");
                    bye = Some(white);
                    prop_assert!(seen.insert(white));
                    continue;
                }
                prop_assert!(seen.insert(white) && seen.insert(black), "paired twice in round {}", r);
                prop_assert!(!met.contains(&(white.min(black), white.max(black))), "a rematch in round {}", r);
            }
            prop_assert_eq!(seen.len(), active.len(), "every active player plays or has the bye");
            if let Some(b) = bye {
                prop_assert!(!matches[b].iter().any(|m| m.paired && m.opponent == b), "a second bye");
            }
            for (white, black) in pairs {
                if white == black {
                    matches[white].push(Match { opponent: white, colour: Colour::None, outcome: Outcome::Win, played: false, paired: true });
                    continue;
                }
                let outcome = [Outcome::Loss, Outcome::Draw, Outcome::Win][(next() % 3) as usize];
                let other = match outcome { Outcome::Win => Outcome::Loss, Outcome::Loss => Outcome::Win, Outcome::Draw => Outcome::Draw };
                matches[white].push(Match { opponent: black, colour: Colour::White, outcome, played: true, paired: true });
                matches[black].push(Match { opponent: white, colour: Colour::Black, outcome: other, played: true, paired: true });
            }
            for (p, m) in matches.iter_mut().enumerate() {
                if m.len() <= r {
                    m.push(Match::absent(p));
                }
            }
            // Colours: never a difference of three, never three the same in a row (before the last round).
            if r + 1 < total {
                for m in &matches {
                    let colours: Vec<Colour> = m.iter().filter(|m| m.played).map(|m| m.colour).collect();
                    let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i64;
                    prop_assert!((2 * whites - colours.len() as i64).abs() <= 2, "colours {:?}", colours);
                    prop_assert!(!colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]), "colours {:?}", colours);
                }
            }
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
