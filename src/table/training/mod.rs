//! Training: the lessons that teach each game step by step (`course.rs` reads them, `lessons.rs` takes a
//! member through them), the puzzles mined from real games (`puzzles.rs`) and each server's daily puzzle
//! (`daily.rs`). A member's progress is kept in the store and changes, like everything else, only
//! through a unit of work written over the revision it was read at, so a redelivered or doubled answer never
//! moves anyone two steps.

pub(super) mod command;
pub(super) mod course;
mod daily;
mod lessons;
mod puzzles;

pub(super) use daily::daily_reply;
pub(super) use lessons::step_png;
pub(super) use puzzles::rated;

use crate::store::record::Timestamp;
use crate::table::actor::Actor;
use crate::table::command::TrainCommand;
use crate::table::fail::Answer;
use crate::table::write::AtWork;

pub(super) fn handle(work: &AtWork, actor: &Actor, command: TrainCommand, now: Timestamp) -> Answer {
    match command {
        TrainCommand::Learn { game: None } => work.courses(actor),
        TrainCommand::Learn { game: Some(game) } => work.lesson(actor, game),
        TrainCommand::LessonAnswer { game, step, answer } => work.lesson_answer(actor, game, step, &answer, now),
        TrainCommand::LessonRestart { game } => work.lesson_restart(actor, game, now),
        TrainCommand::Puzzle { game } => work.puzzle(actor, game),
        TrainCommand::PuzzleAnswer { puzzle, at, answer } => work.puzzle_answer(actor, puzzle, at, &answer, now),
    }
}
