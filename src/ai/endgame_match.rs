//! Level 5 with the Hoyito endgame database against level 5 without it, from positions the database holds: each
//! position is played twice, the database's side moving first in one game and second in the other, so the
//! comparison does not hang on who is on move. `tablero admin endgame-match` prints it; docs/analyze.md quotes it.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::endgame::{Endgame, HOLES, unrank, ways};
use super::{Level, choose_with};
use crate::games::hoyito::{Hoyito, Options};
use crate::games::{Game, Outcome, Position, Side};

/// A game stopped after this many plies counts as the captures made so far (the rules' no-capture limit ends
/// every real game well before).
const MAX_PLIES: usize = 2000;

/// The results for the side that has the database.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EndgameMatch {
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Seeds captured from the start positions on, by the side with the database and by the other.
    pub seeds_for: u32,
    pub seeds_against: u32,
    /// Games whose start the database calls won for its side (on move or not) that its side did not win.
    pub won_not_won: u32,
    /// Games in which the side with the database captured less than the start position's perfect value says.
    pub below_value: u32,
}

impl EndgameMatch {
    /// The side with the database's score in percent, a draw counting half.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        100.0 * (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games)
    }
}

/// Plays `pairs` positions with `seeds` seeds on the board (chosen at random from `seed`, the one to move holding
/// a legal move) twice each: `games` = 2 × `pairs`. The captures made before the position are shared equally, so
/// the endgame alone decides the game. Games run on `jobs` threads; the results do not depend on it.
pub fn endgame_match(db: &Endgame, seeds: u32, pairs: u32, seed: u64, jobs: u32) -> EndgameMatch {
    let starts = start_positions(db, seeds, pairs, seed);
    let jobs = jobs.clamp(1, (2 * pairs).max(1));
    let results: Vec<Vec<(Side, Hoyito, Hoyito, i32)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                let starts = &starts;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for g in (job as usize..2 * starts.len()).step_by(jobs as usize) {
                        let start = &starts[g / 2];
                        let mover = start.to_move().expect("a start position has a move");
                        let db_side = if g % 2 == 0 { mover } else { mover.other() };
                        let value = db.value(start).expect("a database position");
                        let value_for_db = if db_side == mover { value } else { -value };
                        let end = play(start, db, db_side, seed.wrapping_add(g as u64));
                        out.push((db_side, start.clone(), end, value_for_db));
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("an endgame match thread")).collect()
    });
    let mut result = EndgameMatch::default();
    for (db_side, start, end, value) in results.into_iter().flatten() {
        result.games += 1;
        let gained = |side: Side| end.captured(side) - start.captured(side);
        result.seeds_for += gained(db_side);
        result.seeds_against += gained(db_side.other());
        match end.outcome() {
            Outcome::Won(s) if s == db_side => result.wins += 1,
            Outcome::Won(_) => result.losses += 1,
            _ => result.draws += 1,
        }
        if value > 0 && end.outcome() != Outcome::Won(db_side) {
            result.won_not_won += 1;
        }
        if (gained(db_side) as i32 - gained(db_side.other()) as i32) < value {
            result.below_value += 1;
        }
    }
    result
}

/// Random positions with `seeds` seeds whose side to move has a move, captures shared equally.
fn start_positions(db: &Endgame, seeds: u32, pairs: u32, seed: u64) -> Vec<Hoyito> {
    let mut rng = StdRng::seed_from_u64(seed);
    let count = ways(seeds as usize, HOLES);
    let shared = (48 - seeds.min(48)) / 2;
    let mut out = Vec::new();
    while out.len() < pairs as usize {
        let holes = unrank(seeds as usize, rng.random_range(0..count));
        let to_move = if rng.random() { Side::First } else { Side::Second };
        let game = Hoyito::from_parts(Options::default(), &holes, [shared, shared], to_move);
        if game.to_move().is_some() && !game.legal_moves().is_empty() && db.value(&game).is_some() {
            out.push(game);
        }
    }
    out
}

/// One game from `start`: level 5 with the database for `db_side`, level 5 searching for the other.
fn play(start: &Hoyito, db: &Endgame, db_side: Side, seed: u64) -> Hoyito {
    let level = Level::new(5).expect("level 5");
    let mut position = Position::Hoyito(start.clone());
    for ply in 0..MAX_PLIES {
        let Some(side) = position.to_move() else { break };
        let endgame = (side == db_side).then_some(db);
        let choice = choose_with(&position, level, seed.wrapping_add(ply as u64), 1.0, endgame).expect("a move");
        position.play(&choice.notation).expect("the engine plays legal moves");
    }
    match position {
        Position::Hoyito(g) => g,
        _ => unreachable!("a Hoyito game stays one"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Level 5 with the database against level 5 searching, from 8-seed positions, each played from both sides:
    /// the side with the database never fails to win a position it starts won, and never captures less than the
    /// start's perfect value.
    #[test]
    fn level_five_with_the_database_never_lets_a_won_position_go() {
        let db = Endgame::build(8, |_, _, _| {});
        let m = endgame_match(&db, 8, 6, 3, 2);
        assert_eq!(m.games, 12);
        assert_eq!((m.won_not_won, m.below_value), (0, 0), "{m:?}");
        assert!(m.wins + m.draws + m.losses == 12 && m.seeds_for >= m.seeds_against, "{m:?}");
    }
}
