//! Taking back a move in a casual game: the player asks, the opponent agrees (or the computer, at once).

use crate::deadlines;
use crate::games::{Position, Side};
use crate::i18n::{self, Message};
use crate::store::record::{COMPUTER, GameId, GameRecord, Timestamp};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Fail};
use crate::table::reply::{Button, ButtonStyle, Reply};
use crate::table::write::AtWork;

impl AtWork<'_> {
    /// The side that played each move of a record, in order.
    fn movers(&self, record: &GameRecord) -> Result<Vec<Side>, Fail> {
        let mut position = Position::new(record.kind, &record.options)
            .map_err(|e| Fail::Internal(format!("game {} has bad options: {e:?}", record.id)))?;
        let mut sides = Vec::with_capacity(record.moves.len());
        for m in &record.moves {
            let side = position.to_move().ok_or_else(|| Fail::Internal(format!("game {} ended early", record.id)))?;
            position
                .play(&m.notation)
                .map_err(|e| Fail::Internal(format!("game {} does not replay: {e:?}", record.id)))?;
            sides.push(side);
        }
        Ok(sides)
    }

    /// How many moves go back when `side` takes back its last move: that move and every move after it.
    fn takeback_plies(&self, record: &GameRecord, side: Side) -> Result<Option<usize>, Fail> {
        let movers = self.movers(record)?;
        Ok(movers.iter().rposition(|&s| s == side).map(|last| movers.len() - last))
    }

    /// A player asks to take back their last move; the opponent is asked with two buttons.
    pub(in crate::table) fn takeback_ask(&self, actor: &Actor, hint: Option<GameId>, now: Timestamp) -> Answer {
        let (mut record, side) = self.active_game(actor, now, hint)?;
        if hint.is_some_and(|g| g != record.id) {
            return Err(Message::new("move-stale").into());
        }
        if record.rated || record.tournament.is_some() {
            return Err(Message::new("takeback-rated").into());
        }
        if record.kind.moves_are_throws() || record.is_team_game() {
            return Err(Message::new("takeback-chance").into());
        }
        match record.takeback {
            Some(s) if s == side => return Err(Message::new("takeback-already").into()),
            Some(_) => return Err(Message::new("takeback-answer-first").into()),
            None => {}
        }
        let Some(plies) = self.takeback_plies(&record, side)? else {
            return Err(Message::new("takeback-nothing").into());
        };
        let undone = record.moves[record.moves.len() - plies].notation.clone();
        if record.player(side.other()).is_some_and(|p| p.id == COMPUTER) {
            // The computer always allows it: the move and its answers go at once.
            record.moves.truncate(record.moves.len() - plies);
            record.draw_offer = None;
            record.updated_at = now;
            deadlines::start_turn(&mut record, now);
            let base = record.revision;
            let record = self.save(record, base)?;
            let position = self.position(&record)?;
            let computer = record.player(side.other()).map(|p| p.name.clone()).unwrap_or_default();
            let said = vec![
                Message::new("takeback-done")
                    .name("player", computer)
                    .name("asker", actor.name.as_str())
                    .num("plies", plies as i64),
            ];
            return Ok(vec![self.board_reply(actor.locale, &record, &position, said)]);
        }
        record.takeback = Some(side);
        record.updated_at = now;
        let base = record.revision;
        let record = self.save(record, base)?;
        let opponent = record.player(side.other()).cloned();
        let text = i18n::spans(
            actor.locale,
            &Message::new("takeback-asked")
                .name("player", actor.name.as_str())
                .name("opponent", record.side_label(side.other(), actor.locale))
                .str("move", undone)
                .num("plies", plies as i64),
        );
        let button = |id: ButtonId, label: &'static str, style| Button {
            id,
            label: i18n::text(actor.locale, &Message::new(label)),
            enabled: true,
            style,
            new_row: false,
        };
        let buttons = vec![
            button(ButtonId::TakebackAccept(record.id), "button-takeback-accept", ButtonStyle::Success),
            button(ButtonId::TakebackDecline(record.id), "button-takeback-decline", ButtonStyle::Danger),
        ];
        Ok(vec![
            Reply { text, buttons, ..Reply::default() }
                .calling(opponent.as_ref().map(crate::table::naming::player_call)),
        ])
    }

    /// The opponent answers a takeback request: accepted, the asker's last move (and any after it) is undone.
    pub(in crate::table) fn takeback_answer(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        accept: bool,
        now: Timestamp,
    ) -> Answer {
        let (mut record, side) = self.active_game(actor, now, game)?;
        let asker = side.other();
        if game.is_some_and(|g| g != record.id) || record.takeback != Some(asker) {
            return Err(Message::new("takeback-none").into());
        }
        record.takeback = None;
        record.updated_at = now;
        let asker_name = record.side_label(asker, actor.locale);
        if !accept {
            let base = record.revision;
            let record = self.save(record, base)?;
            let text =
                i18n::spans(actor.locale, &Message::new("takeback-declined").name("player", actor.name.as_str()));
            let call = record.player(asker).map(crate::table::naming::player_call);
            return Ok(vec![Reply { text, ..Reply::default() }.calling(call)]);
        }
        let plies = self
            .takeback_plies(&record, asker)?
            .ok_or_else(|| Fail::Internal(format!("game {}: a takeback of no move", record.id)))?;
        record.moves.truncate(record.moves.len() - plies);
        record.draw_offer = None;
        deadlines::start_turn(&mut record, now);
        let base = record.revision;
        let record = self.save(record, base)?;
        let position = self.position(&record)?;
        let said = vec![
            Message::new("takeback-done")
                .name("player", actor.name.as_str())
                .name("asker", asker_name)
                .num("plies", plies as i64),
        ];
        Ok(vec![self.board_reply(actor.locale, &record, &position, said)])
    }
}
