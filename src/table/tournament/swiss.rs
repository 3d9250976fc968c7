//! A tournament's rounds as each player played them (the same rows its tournament file writes), and the next
//! Swiss round from them by the FIDE Dutch system: pairing numbers are the seeding (rating, then name), White is
//! the first side, a bye is worth a win, a game decided without being played is a forfeit (the two may meet
//! again), and a withdrawn player is absent.

use crate::pairings::dutch::{self, Colour, Match, Outcome, Player, Tournament as Dutch};
use crate::pairings::systems::{self, Round};
use crate::pairings::trf::Played;
use crate::store::Tournament;
use crate::store::record::{FinishReason, Status};
use crate::table::fail::Fail;
use crate::table::write::AtWork;

impl AtWork<'_> {
    /// Each round's row of results, player by player (in seeding order).
    pub(super) fn played_rounds(&self, t: &Tournament) -> Result<Vec<Vec<Played>>, Fail> {
        let mut results = Vec::with_capacity(t.rounds.len());
        for round in &t.rounds {
            let mut line = vec![Played::Absent; t.entrants.len()];
            for &p in &round.byes {
                line[p] = Played::Bye;
            }
            for pairing in &round.pairings {
                let points = self.pairing_points(pairing)?;
                let forfeit = match pairing.game {
                    None => true,
                    Some(game) => self.store.game(game)?.is_some_and(|g| {
                        g.moves.is_empty()
                            || g.status == Status::Aborted
                            || matches!(g.status, Status::Finished { reason: FinishReason::Forfeit, .. })
                    }),
                };
                let forfeit = forfeit && pairing.entered.is_none_or(|_| pairing.game.is_none());
                line[pairing.first] = Played::Game { opponent: pairing.second + 1, white: true, points, forfeit };
                line[pairing.second] = Played::Game {
                    opponent: pairing.first + 1,
                    white: false,
                    points: points.map(|x| 1.0 - x),
                    forfeit,
                };
            }
            results.push(line);
        }
        Ok(results)
    }
}

/// The next round of a Swiss of `n` players and `rounds` rounds after `played` (rows of results), `out(p)` for a
/// player who has withdrawn. When the rules allow no pairing at all (a small field late in the event), the round is paired
/// by the plain search that allows rematches, so the tournament can still go on.
pub(super) fn next_round(n: usize, rounds: usize, played: &[Vec<Played>], out: impl Fn(usize) -> bool) -> Round {
    let mut t = as_dutch(rounds, played, n, &out);
    t.prepare();
    match dutch::pair(&t) {
        Ok(pairs) => {
            let mut round = Round::default();
            for (white, black) in pairs {
                if white == black {
                    round.bye = Some(white);
                } else {
                    round.pairs.push((white, black));
                }
            }
            round
        }
        Err(_) => {
            let (mut games, mut byes) = (Vec::new(), Vec::new());
            for line in played {
                for (p, cell) in line.iter().enumerate() {
                    match *cell {
                        Played::Game { opponent, white: true, points: Some(x), .. } => games.push((p, opponent - 1, x)),
                        Played::Bye => byes.push(p),
                        _ => {}
                    }
                }
            }
            systems::swiss(&systems::swiss_players(n, &games, &byes, |p| !out(p)))
        }
    }
}

fn as_dutch(rounds: usize, played: &[Vec<Played>], n: usize, out: &impl Fn(usize) -> bool) -> Dutch {
    let outcome = |x: f64| {
        if x > 0.5 {
            Outcome::Win
        } else if x < 0.5 {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    };
    let players = (0..n)
        .map(|p| {
            let mut matches: Vec<Match> = played
                .iter()
                .map(|line| match line.get(p).copied().unwrap_or(Played::Absent) {
                    Played::Game { opponent, white, points, forfeit } => Match {
                        opponent: opponent - 1,
                        colour: if white { Colour::White } else { Colour::Black },
                        outcome: outcome(points.unwrap_or(0.0)),
                        played: !forfeit && points.is_some(),
                        paired: true,
                    },
                    Played::Bye => {
                        Match { opponent: p, colour: Colour::None, outcome: Outcome::Win, played: false, paired: true }
                    }
                    Played::Absent => Match::absent(p),
                })
                .collect();
            if out(p) {
                // Marked absent in the round to pair.
                matches.push(Match::absent(p));
            }
            Player::new(p, matches)
        })
        .collect();
    Dutch {
        players,
        by_rank: (0..n).collect(),
        played: played.len(),
        rounds: rounds.max(played.len() + 1),
        initial: Some(Colour::White),
        ..Dutch::default()
    }
}
