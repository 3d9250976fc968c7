//! The training commands: `/learn`, a game's lessons step by step, and `/puzzle`, puzzles from real games, both
//! answered privately with buttons and menus.

use super::call::Call;
use super::commands::{GameChoice, respond};
use super::options::Options;
use super::{Context, Error};
use crate::i18n::Message;
use crate::table::{Command, TrainCommand};

/// Learn a game step by step: small positions, a task each, checked by the rules.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn learn(
    _: Context<'_>,
    #[description = "Which game (none: every course and how far you are)"]
    #[rename = "game"]
    _game: Option<GameChoice>,
    #[description = "Your answer to the step you are at, typed (a move, or for Zohn Ahl a space)"]
    #[rename = "answer"]
    _answer: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_learn(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let game = o.choice::<GameChoice>("game")?.map(GameChoice::kind);
    let answer = o.text("answer")?;
    let command = match (game, answer) {
        (game, None) => TrainCommand::Learn { game },
        (Some(game), Some(answer)) => TrainCommand::LessonAnswer { game, step: None, answer },
        (None, Some(_)) => return super::call::refuse(call, Message::new("lesson-which-game")).await,
    };
    respond(call, Command::Train(command)).await
}

/// A puzzle from a real game near your puzzle rating: find the best move.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn puzzle(
    _: Context<'_>,
    #[description = "Which game (none: the one you have tried least)"]
    #[rename = "game"]
    _game: Option<GameChoice>,
    #[description = "The puzzle your typed answer is for"]
    #[rename = "number"]
    _number: Option<u64>,
    #[description = "Your move, typed"]
    #[rename = "answer"]
    _answer: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_puzzle(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let game = o.choice::<GameChoice>("game")?.map(GameChoice::kind);
    let command = match (o.number::<u64>("number")?, o.text("answer")?) {
        (Some(puzzle), Some(answer)) => TrainCommand::PuzzleAnswer { puzzle, at: None, answer },
        (None, None) => TrainCommand::Puzzle { game },
        _ => return super::call::refuse(call, Message::new("puzzle-which")).await,
    };
    respond(call, Command::Train(command)).await
}
