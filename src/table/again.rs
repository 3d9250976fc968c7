//! Playing again: taking back a move in a casual game (the player asks, the opponent agrees), and the rematch
//! of a finished game (the same game and options, sides swapped, put to the other player as a new challenge).

use super::button_id::ButtonId;
use super::{Actor, Answer, Button, ButtonStyle, Fail, Reply, Terms, deadlines};
use crate::games::{OptionSet, Position, Side};
use crate::i18n::{self, Message};
use crate::store::record::{COMPUTER, First, GameId, GameRecord, Status, Team, Timestamp};
use crate::table::write::AtWork;

/// Options a game record holds for the table's own bookkeeping: recomputed by a new challenge, never passed on.
const BOOKKEEPING: [&str; 2] = ["west_block", "east_block"];

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
    pub(super) fn takeback_ask(&self, actor: &Actor, hint: Option<GameId>, now: Timestamp) -> Answer {
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
        Ok(vec![Reply { text, buttons, ..Reply::default() }.calling(opponent.as_ref().map(super::naming::player_call))])
    }

    /// The opponent answers a takeback request: accepted, the asker's last move (and any after it) is undone.
    pub(super) fn takeback_answer(&self, actor: &Actor, game: Option<GameId>, accept: bool, now: Timestamp) -> Answer {
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
            let call = record.player(asker).map(super::naming::player_call);
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

    /// A rematch of a finished game: a new challenge from the actor (a player of it) to the other side, the same
    /// game, options, time and rating, with the sides swapped. The other side accepts it as any challenge.
    pub(super) fn rematch(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let id = match game {
            Some(id) => id,
            None => self.store.last_channel_game(actor.channel)?.ok_or(Message::new("rematch-none"))?,
        };
        let old = self.game_in(actor, id)?;
        if !matches!(old.status, Status::Finished { .. }) {
            return Err(Message::new("rematch-not-over").into());
        }
        let sides = old.sides_of(actor.user, &actor.roles);
        let Some(&side) = sides.first() else {
            return Err(Message::new(if old.is_team_game() { "not-on-a-team" } else { "not-a-player" }).into());
        };
        let options: OptionSet = old
            .options
            .iter()
            .filter(|(k, _)| !BOOKKEEPING.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut terms = Terms {
            rated: Some(old.rated && old.tournament.is_none()),
            level: old.computer.map(|c| c.level),
            thread: Some(old.wants_thread),
            time: Some(old.clock.as_ref().map(|c| c.per_move)),
            first: None,
        };
        if old.is_team_game() {
            // West always throws first: the teams change ends.
            let teams: Vec<Team> = old.teams.iter().rev().cloned().collect();
            let teams: [Team; 2] =
                teams.try_into().map_err(|_| Fail::Internal(format!("game {id} has not two teams")))?;
            return self.challenge(actor, old.kind, None, options, terms, Some(teams), now);
        }
        let opponent =
            old.player(side.other()).cloned().ok_or_else(|| Fail::Internal(format!("game {id} lacks a player")))?;
        // Whoever did not move first then moves first now.
        let first = if side == Side::First { First::Opponent } else { First::Challenger };
        terms.first = Some(first);
        self.challenge(actor, old.kind, Some(opponent), options, terms, None, now)
    }
}

/// The Rematch button of a finished game's result post (not for tournament games, which the tournament pairs).
pub(super) fn rematch_buttons(locale: i18n::Locale, record: &GameRecord) -> Vec<Button> {
    if record.tournament.is_some() || !matches!(record.status, Status::Finished { .. }) {
        return Vec::new();
    }
    vec![Button {
        id: ButtonId::Rematch(record.id),
        label: i18n::text(locale, &Message::new("button-rematch")),
        enabled: true,
        style: ButtonStyle::Primary,
        new_row: false,
    }]
}

/// Whether a game offers the Take back button: casual games of two players, not of chance.
pub(super) fn offers_takeback(record: &GameRecord) -> bool {
    !record.rated && record.tournament.is_none() && !record.is_team_game() && !record.kind.moves_are_throws()
}
