//! What members learn and train with, kept in the store: a member's progress through a game's lessons, the
//! puzzles mined from games with their ratings, each solver's puzzle rating per game, a member's try at a
//! puzzle under way, and a server's daily puzzle with its solvers. Every record carries a revision; a unit of
//! work writes one over the revision it was read at (or only where none exists yet), so two processes never
//! both count the same try or post the same day's puzzle.

use serde::{Deserialize, Serialize};

use super::record::{GuildId, Timestamp, UserId};
use crate::games::GameKind;

/// Which training record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainingKey {
    /// A member's progress through a game's course.
    Lesson { user: UserId, game: GameKind },
    /// A puzzle, by its number.
    Puzzle { id: u64 },
    /// A member's puzzle rating in a game.
    Solver { user: UserId, game: GameKind },
    /// A member's try at a puzzle, under way or finished.
    Try { user: UserId, puzzle: u64 },
    /// A server's daily puzzle of a day (days since 1970, in the server's time zone).
    Daily { guild: GuildId, day: u64 },
}

/// A record written by a unit: `value` over revision `base` (`None`: only where there is none yet). The store
/// gives it the next revision.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingWrite {
    pub key: TrainingKey,
    pub value: serde_json::Value,
    pub base: Option<u64>,
}

impl TrainingWrite {
    /// `record` written over the revision it was read at (`None` when it is new).
    pub fn of<T: Serialize>(key: TrainingKey, record: &T, base: Option<u64>) -> TrainingWrite {
        let value = serde_json::to_value(record).expect("training records serialise");
        TrainingWrite { key, value, base }
    }
}

/// A record read, with its revision.
#[derive(Debug, Clone, PartialEq)]
pub struct Revised<T> {
    pub record: T,
    pub revision: u64,
}

/// A member's place in a game's course: the steps done so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// The step to do next (the number of steps done; the course's length when all are).
    pub step: usize,
    pub updated: Timestamp,
}

/// A Glicko-2 rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Glicko {
        Glicko { rating: 1500.0, deviation: 350.0, volatility: 0.06 }
    }
}

/// A puzzle: a position reached by `moves` from the start of a game with `options`, where the side to move has
/// one clearly best line, `solution` (the solver's moves and the replies between them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Puzzle {
    pub id: u64,
    pub game: GameKind,
    pub options: crate::games::OptionSet,
    pub moves: Vec<String>,
    pub solution: Vec<String>,
    pub themes: Vec<String>,
    pub rating: Glicko,
    /// Where it was mined from: a regression record's name, `computer:<seed>`, or `game:<id>`.
    pub source: String,
    /// The search's value of the best move and of the second best, as mined (the mover's view).
    pub best: i32,
    pub second: i32,
    /// Tries counted, and how many solved it.
    #[serde(default)]
    pub tries: u32,
    #[serde(default)]
    pub solved: u32,
    /// Proven by the Hoyito endgame database rather than estimated by search.
    #[serde(default)]
    pub proven: bool,
}

/// A member's try at a puzzle: the solution's moves played so far; finished when solved or failed. Only the
/// first try counts for the ratings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleTry {
    pub played: usize,
    pub finished: Option<bool>,
    pub started: Timestamp,
    /// The server it was begun in (its daily puzzle's solvers are listed there).
    #[serde(default)]
    pub guild: Option<GuildId>,
}

/// A server's puzzle of one day: which, when it was posted, and who solved it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Daily {
    pub puzzle: u64,
    pub posted: Timestamp,
    pub solvers: Vec<super::record::Player>,
}

/// A training record of `key` as `T`, with its revision.
pub fn read<T: serde::de::DeserializeOwned>(
    store: &dyn super::Store,
    key: &TrainingKey,
) -> Result<Option<Revised<T>>, super::StoreError> {
    match store.training(key)? {
        None => Ok(None),
        Some((value, revision)) => {
            let record = serde_json::from_value(value)
                .map_err(|e| super::StoreError::Corrupt(format!("training record {key:?}: {e}")))?;
            Ok(Some(Revised { record, revision }))
        }
    }
}
