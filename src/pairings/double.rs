//! A double-elimination bracket, pure: the matches of a field (the winners' bracket, seeded as a single
//! elimination with byes for the top seeds of a field that is not a power of two; the losers' bracket, where each
//! loser of the winners' bracket drops in, in reverse order so that two players do not meet again at once; the
//! grand final between the two brackets' champions; and its reset, played only when the losers' bracket's
//! champion wins the grand final, since nobody is out before losing twice), and what each match comes to from
//! the results so far. A match is known by its index in [`matches`] (its bracket slot): the tournament's rounds
//! pair every match whose two players are known.

/// Where a match's player comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A seed of the first round (`None`: a bye).
    Seed(Option<usize>),
    /// The winner of an earlier match.
    Winner(usize),
    /// The loser of an earlier match.
    Loser(usize),
}

/// The part of the bracket a match is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Winners,
    Losers,
    GrandFinal,
    /// The grand final again, when the losers' bracket's champion won the first.
    Reset,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    pub part: Part,
    /// Its round within its part, from 1.
    pub round: usize,
    pub sources: [Source; 2],
}

/// What a match comes to so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A player is not known yet.
    Waiting,
    /// Both players are known and the match is to be played (or is being played).
    Ready(usize, usize),
    /// Over: its winner and loser (either `None` when a bye took a place, or for a reset not needed).
    Decided { winner: Option<usize>, loser: Option<usize> },
}

/// The matches of a double-elimination bracket of `players` (at least 2), the winners' bracket first, round by
/// round, then the losers' bracket, the grand final and the reset.
pub fn matches(players: usize) -> Vec<Match> {
    let first = super::systems::bracket(players);
    let size = first.len() * 2;
    let rounds = size.trailing_zeros() as usize;
    let mut out: Vec<Match> = Vec::new();
    // Winners' bracket: `winners[r]` holds the indices of round r + 1.
    let mut winners: Vec<Vec<usize>> = Vec::new();
    let seeded: Vec<usize> =
        first.iter().map(|&(a, b)| push(&mut out, Part::Winners, 1, [Source::Seed(a), Source::Seed(b)])).collect();
    winners.push(seeded);
    for r in 1..rounds {
        let before = winners[r - 1].clone();
        let round = before
            .chunks(2)
            .map(|c| push(&mut out, Part::Winners, r + 1, [Source::Winner(c[0]), Source::Winner(c[1])]));
        let round: Vec<usize> = round.collect();
        winners.push(round);
    }
    let wb_champion = Source::Winner(*winners[rounds - 1].first().expect("a final"));
    let lb_champion = if rounds == 1 {
        Source::Loser(winners[0][0])
    } else {
        // Round 1 of the losers' bracket: the first round's losers, in pairs.
        let mut survivors: Vec<usize> = winners[0]
            .chunks(2)
            .map(|c| push(&mut out, Part::Losers, 1, [Source::Loser(c[0]), Source::Loser(c[1])]))
            .collect();
        let mut round = 1;
        for dropping in winners.iter().skip(1) {
            // The losers of the next winners' round drop in, against the survivors, in reverse order.
            round += 1;
            survivors = survivors
                .iter()
                .zip(dropping.iter().rev())
                .map(|(&s, &d)| push(&mut out, Part::Losers, round, [Source::Winner(s), Source::Loser(d)]))
                .collect();
            if survivors.len() > 1 {
                round += 1;
                survivors = survivors
                    .chunks(2)
                    .map(|c| push(&mut out, Part::Losers, round, [Source::Winner(c[0]), Source::Winner(c[1])]))
                    .collect();
            }
        }
        Source::Winner(survivors[0])
    };
    let grand_final = push(&mut out, Part::GrandFinal, 1, [wb_champion, lb_champion]);
    push(&mut out, Part::Reset, 1, [Source::Winner(grand_final), Source::Loser(grand_final)]);
    out
}

fn push(out: &mut Vec<Match>, part: Part, round: usize, sources: [Source; 2]) -> usize {
    out.push(Match { part, round, sources });
    out.len() - 1
}

/// What every match comes to, given `played(slot)`: the winner and loser of a match played and decided, if it was.
pub fn outcomes(matches: &[Match], played: impl Fn(usize) -> Option<(usize, usize)>) -> Vec<Outcome> {
    let mut out: Vec<Outcome> = Vec::with_capacity(matches.len());
    for (slot, m) in matches.iter().enumerate() {
        let player = |source: Source| -> Option<Option<usize>> {
            match source {
                Source::Seed(p) => Some(p),
                Source::Winner(i) | Source::Loser(i) => match out[i] {
                    Outcome::Decided { winner, loser } => {
                        Some(if matches!(source, Source::Winner(_)) { winner } else { loser })
                    }
                    _ => None,
                },
            }
        };
        let outcome = match (player(m.sources[0]), player(m.sources[1])) {
            (Some(Some(a)), Some(Some(b))) => {
                let reset_needed = m.part != Part::Reset || reset_needed(matches, &out, slot);
                match (reset_needed, played(slot)) {
                    (false, _) => Outcome::Decided { winner: None, loser: None },
                    (true, Some((winner, loser))) => Outcome::Decided { winner: Some(winner), loser: Some(loser) },
                    (true, None) => Outcome::Ready(a, b),
                }
            }
            (Some(a), Some(b)) => Outcome::Decided { winner: a.or(b), loser: None },
            _ => Outcome::Waiting,
        };
        out.push(outcome);
    }
    out
}

/// Whether the reset is played: the grand final was won by the losers' bracket's champion (its second player).
fn reset_needed(matches: &[Match], out: &[Outcome], reset: usize) -> bool {
    let Source::Winner(grand_final) = matches[reset].sources[0] else { return false };
    let champion_of_winners = match matches[grand_final].sources[0] {
        Source::Winner(i) => match out[i] {
            Outcome::Decided { winner, .. } => winner,
            _ => None,
        },
        _ => None,
    };
    matches!(out[grand_final], Outcome::Decided { winner: Some(w), .. } if Some(w) != champion_of_winners)
}

/// The champion, once the bracket is over.
pub fn champion(matches: &[Match], outcomes: &[Outcome]) -> Option<usize> {
    let decided = |part: Part| {
        let slot = matches.iter().position(|m| m.part == part)?;
        match outcomes[slot] {
            Outcome::Decided { winner, .. } => Some(winner),
            _ => None,
        }
    };
    match decided(Part::Reset)? {
        Some(winner) => Some(winner),
        None => decided(Part::GrandFinal)?,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games of each round, as (first, second, part).
    type Waves = Vec<Vec<(usize, usize, Part)>>;

    /// Plays a bracket to its end with `wins(a, b)` deciding each match; returns the matches in the order they
    /// became ready (by wave, as a tournament's rounds pair them) and the champion.
    fn run(players: usize, wins: impl Fn(usize, usize, usize) -> bool) -> (Waves, usize) {
        let all = matches(players);
        let mut results: Vec<Option<(usize, usize)>> = vec![None; all.len()];
        let mut waves = Vec::new();
        let mut meetings = std::collections::HashMap::<(usize, usize), usize>::new();
        loop {
            let now = outcomes(&all, |s| results[s]);
            let ready: Vec<(usize, usize, usize)> = now
                .iter()
                .enumerate()
                .filter_map(|(s, o)| if let Outcome::Ready(a, b) = o { Some((s, *a, *b)) } else { None })
                .collect();
            if ready.is_empty() {
                return (waves, champion(&all, &now).expect("a champion"));
            }
            let mut wave = Vec::new();
            for (s, a, b) in ready {
                let met = meetings.entry((a.min(b), a.max(b))).or_default();
                *met += 1;
                results[s] = Some(if wins(a, b, *met) { (a, b) } else { (b, a) });
                wave.push((a, b, all[s].part));
            }
            waves.push(wave);
        }
    }

    #[test]
    fn everyone_but_the_champion_loses_twice_and_the_top_seed_wins_when_seeds_decide() {
        for players in 2..=33 {
            let (waves, champion) = run(players, |a, b, _| a < b);
            assert_eq!(champion, 0, "{players} players");
            let mut losses = vec![0; players];
            for &(a, b, _) in waves.iter().flatten() {
                losses[a.max(b)] += 1;
            }
            assert_eq!(losses[0], 0);
            assert!(losses[1..].iter().all(|&l| l == 2), "{players} players: {losses:?}");
            // Games played: every loss, and no reset.
            let games: usize = waves.iter().map(Vec::len).sum();
            assert_eq!(games, 2 * (players - 1), "{players} players");
        }
    }

    #[test]
    fn the_grand_final_is_reset_when_the_losers_bracket_champion_wins_it() {
        // Six players; the top seed wins everything but its second meeting with seed 1 (the grand final).
        let (waves, champion) =
            run(6, |a, b, met| if (a.min(b), a.max(b)) == (0, 1) && met == 2 { a > b } else { a < b });
        let finals: Vec<&(usize, usize, Part)> =
            waves.iter().flatten().filter(|(_, _, p)| matches!(p, Part::GrandFinal | Part::Reset)).collect();
        assert_eq!(finals.len(), 2, "{waves:?}");
        assert_eq!(champion, 0, "the top seed wins the reset");
        // Byes: with six players, the two top seeds skip round 1 of the winners' bracket, and the losers'
        // bracket's first round is a walkover for the losers of the two games played.
        assert_eq!(waves[0].len(), 2);
        assert!(waves[0].iter().all(|&(a, b, p)| p == Part::Winners && a >= 2 && b >= 2));
    }

    #[test]
    fn two_players_meet_in_the_winners_final_then_the_grand_final() {
        let (waves, champion) = run(2, |a, b, met| if met == 2 { a > b } else { a < b });
        assert_eq!(waves.iter().map(Vec::len).sum::<usize>(), 3, "the final, the grand final and its reset");
        assert_eq!(champion, 0);
    }
}
