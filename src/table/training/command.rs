//! What may be asked of the lessons and puzzles, and what each such request is: whether it is heavy work,
//! answered privately, only for a server, which game it names.

use crate::games::GameKind;
use crate::store::record::GameId;
use crate::table::command::Command;

/// Training: the lessons of each game, and puzzles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrainCommand {
    /// The courses (`None`), or where the member is in one game's course.
    Learn { game: Option<GameKind> },
    /// An answer to step `step` of a game's course (a move in its notation; for Zohn Ahl, a space); `None`: the
    /// step the member is at (a typed answer).
    LessonAnswer { game: GameKind, step: Option<usize>, answer: String },
    /// Back to a course's first step.
    LessonRestart { game: GameKind },
    /// A puzzle near the member's rating (of `game`, or of the game they have tried least).
    Puzzle { game: Option<GameKind> },
    /// An answer to puzzle `puzzle` at its solution's move `at` (`None`: where the member is).
    PuzzleAnswer { puzzle: u64, at: Option<usize>, answer: String },
}

impl From<TrainCommand> for Command {
    fn from(command: TrainCommand) -> Command {
        Command::Train(command)
    }
}

impl TrainCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            TrainCommand::Learn { .. } => "learn",
            TrainCommand::LessonAnswer { .. } => "lesson_answer",
            TrainCommand::LessonRestart { .. } => "lesson_restart",
            TrainCommand::Puzzle { .. } => "puzzle",
            TrainCommand::PuzzleAnswer { .. } => "puzzle_answer",
        }
    }

    /// Whether it is heavy work: none is.
    pub fn is_heavy(&self) -> bool {
        match self {
            TrainCommand::Learn { .. }
            | TrainCommand::LessonAnswer { .. }
            | TrainCommand::LessonRestart { .. }
            | TrainCommand::Puzzle { .. }
            | TrainCommand::PuzzleAnswer { .. } => false,
        }
    }

    /// Whether only the actor reads the answer: a member trains alone.
    pub fn answers_privately(&self) -> bool {
        match self {
            TrainCommand::Learn { .. }
            | TrainCommand::LessonAnswer { .. }
            | TrainCommand::LessonRestart { .. }
            | TrainCommand::Puzzle { .. }
            | TrainCommand::PuzzleAnswer { .. } => true,
        }
    }

    /// Whether it has meaning only in a server: lessons and puzzles go everywhere.
    pub fn belongs_to_a_server(&self) -> bool {
        match self {
            TrainCommand::Learn { .. }
            | TrainCommand::LessonAnswer { .. }
            | TrainCommand::LessonRestart { .. }
            | TrainCommand::Puzzle { .. }
            | TrainCommand::PuzzleAnswer { .. } => false,
        }
    }

    /// The game it names by id: none (a puzzle is not a game).
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            TrainCommand::Learn { .. }
            | TrainCommand::LessonAnswer { .. }
            | TrainCommand::LessonRestart { .. }
            | TrainCommand::Puzzle { .. }
            | TrainCommand::PuzzleAnswer { .. } => None,
        }
    }

    /// The names it carries, as they will be shown: it carries none.
    pub(in crate::table) fn clean_names(&mut self, _: &crate::table::limits::Limits) {}
}
