//! Claiming the win when the opponent's time for a move is up (the server's timeout policy may leave it to the
//! player on the other side), or the abort of a game nobody moved in.

use crate::deadlines;
use crate::i18n::{self, Message};
use crate::store::record::{FinishReason, GameId, Status, Timestamp};
use crate::table::actor::Actor;
use crate::table::fail::{Answer, Fail};
use crate::table::naming::game_name;
use crate::table::reply::Reply;
use crate::table::write::AtWork;

impl AtWork<'_> {
    /// The side that is not on turn claims the win when the other's time is up.
    pub(in crate::table) fn claim(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let (mut record, side) = self.active_game(actor, now, game)?;
        if game.is_some_and(|g| g != record.id) {
            return Err(Message::new("move-stale").into());
        }
        let position = self.position(&record)?;
        let on_turn = position.to_move().ok_or_else(|| Fail::Internal("an active game with nobody on turn".into()))?;
        if record.clock.is_none() {
            return Err(Message::new("claim-no-clock").into());
        }
        if on_turn == side && record.sides_of(actor.user, &actor.roles).len() == 1 {
            return Err(Message::new("claim-own-turn").into());
        }
        if let Some(held) = record.clock.as_ref().and_then(|c| c.held) {
            return Err(Message::new("clock-held").moment("until", held.until).into());
        }
        if !deadlines::time_is_up(&record, now) {
            let deadline = record.clock.as_ref().map_or(0, |c| c.deadline);
            return Err(Message::new("claim-too-early").moment("when", deadline).into());
        }
        if record.moves.is_empty() {
            // Nobody moved since the challenge was accepted: the game is aborted, not scored.
            record.status = Status::Aborted;
            record.updated_at = now;
            let base = record.revision;
            let game = format!("{} #{}", game_name(actor.locale, record.kind), record.id);
            self.save(record, base)?;
            let text = i18n::spans(actor.locale, &Message::new("notice-aborted").str("game", game));
            return Ok(vec![Reply { text, ..Reply::default() }]);
        }
        record.status = Status::Finished { winner: Some(on_turn.other()), reason: FinishReason::Timeout };
        record.draw_offer = None;
        record.updated_at = now;
        let base = record.revision;
        let record = self.save(record, base)?;
        let said = vec![
            Message::new("claimed")
                .name("player", actor.name.as_str())
                .name("loser", record.side_label(on_turn, actor.locale)),
        ];
        Ok(vec![self.board_reply(actor.locale, &record, &position, said)])
    }
}
