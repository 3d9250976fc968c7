//! A game being played: moves (typed, pressed or picked from menus), throws, resigning, draws, takebacks,
//! claims on time, the computer's moves and hints, moving a game into its thread, and what a player looks at
//! meanwhile (the board, the moves so far, the rules, their games).

mod claim;
pub(super) mod command;
mod computer;
mod moves;
mod pick;
mod places;
mod sticks;
mod takeback;

pub(super) use moves::record_move;
pub use sticks::throw_sticks;

use crate::store::record::Timestamp;
use crate::table::actor::Actor;
use crate::table::command::PlayCommand;
use crate::table::fail::Answer;
use crate::table::write::AtWork;

/// The play domain's one door.
pub(super) fn handle(work: &AtWork, actor: &Actor, command: PlayCommand, now: Timestamp) -> Answer {
    match command {
        PlayCommand::Move { notation, at } => work.play_move(actor, &notation, at, now),
        PlayCommand::Throw { at } => work.throw(actor, at, now),
        PlayCommand::Resign => work.resign(actor, now),
        PlayCommand::AskResign { game } => work.ask(actor, game, true, now),
        PlayCommand::ConfirmResign { game } => work.confirmed(actor, game, true, now),
        PlayCommand::DrawOffer => work.draw_offer(actor, now),
        PlayCommand::AskDraw { game } => work.ask(actor, game, false, now),
        PlayCommand::ConfirmDraw { game } => work.confirmed(actor, game, false, now),
        PlayCommand::DrawAccept { game } => work.draw_answer(actor, game, true, now),
        PlayCommand::DrawDecline { game } => work.draw_answer(actor, game, false, now),
        PlayCommand::Takeback { game } => work.takeback_ask(actor, game, now),
        PlayCommand::TakebackAnswer { game, accept } => work.takeback_answer(actor, game, accept, now),
        PlayCommand::Hint => work.hint(actor, now),
        PlayCommand::PickPiece { game, ply, square } => work.pick_piece(actor, game, ply, &square, now),
        PlayCommand::Claim { game } => work.claim(actor, game, now),
        PlayCommand::MoveTo { game, channel } => work.move_to(actor, game, channel, now),
        PlayCommand::Board { text, focus } => work.board(actor, now, text, focus.as_deref()),
        PlayCommand::History => work.history(actor, now),
        PlayCommand::Rules { game } => work.rules(actor, game, now),
        PlayCommand::Games => work.games(actor, now),
    }
}
