//! Playing a game: moves and throws, resignation, draw offers.

use crate::deadlines;
use crate::games::{Outcome as GameOutcome, Position, Side};
use crate::i18n::{self, Callee, Message};
use crate::store::record::{FinishReason, GameId, GameRecord, MoveEntry, Status, Timestamp, UserId};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Changed, Fail};
use crate::table::naming::called_member;
use crate::table::play::throw_sticks;
use crate::table::reply::Audience;
use crate::table::reply::{Button, ButtonStyle, Reply};
use crate::table::write::AtWork;

/// Errors list the legal moves only when they are few (a reply stays within one Discord message).
const LIST_LEGAL_UP_TO: usize = 10;

/// At most this many throws are made automatically in one go (a 10-counter game needs about 850 sequences).
const AUTOTHROW_LIMIT: i64 = 20_000;

/// The actor's name, to keep with their move when the record does not name them otherwise (a role member).
fn unnamed(record: &GameRecord, actor: &Actor) -> Option<String> {
    record.name_of(actor.user).is_none().then(|| actor.name.clone())
}

/// Adds a move just played on `position` (by `side`) to the record, with what a move implies: it declines the
/// opponent's draw offer and answers a takeback request, may end the game, and starts the next turn's clock.
pub(in crate::table) fn record_move(record: &mut GameRecord, position: &Position, side: Side, entry: MoveEntry) {
    let now = entry.at;
    record.moves.push(entry);
    if record.draw_offer == Some(side.other()) {
        record.draw_offer = None;
    }
    record.takeback = None;
    finish_if_over(record, position);
    record.updated_at = now;
    deadlines::start_turn(record, now);
}

/// Marks the record finished when the rules have ended the game.
fn finish_if_over(record: &mut GameRecord, position: &Position) {
    let winner = match position.outcome() {
        GameOutcome::Ongoing => return,
        GameOutcome::Won(s) => Some(s),
        GameOutcome::Draw => None,
    };
    record.status = Status::Finished { winner, reason: FinishReason::Rules };
    record.draw_offer = None;
}

impl AtWork<'_> {
    /// The channel's game in progress and the actor's side in it (for a member of both teams, the one on turn).
    /// `hint` is the game a button names: with the channel free, a tournament game still waiting for a channel
    /// of its own (its thread could not be opened) is played where its board was posted (by its buttons, or by
    /// commands in a channel that never had a game).
    pub(in crate::table) fn active_game(
        &self,
        actor: &Actor,
        now: Timestamp,
        hint: Option<GameId>,
    ) -> Result<(GameRecord, Side), Fail> {
        let record = match self.channel_game(actor, now)? {
            Some(r) if r.status == Status::Active => r,
            Some(_) => return Err(Message::new("game-not-started").into()),
            // A channel whose own game is over says so (a command typed in a finished game's thread never acts
            // on another game); a button, or a channel that never had a game, finds a waiting tournament game.
            None if hint.is_some() || self.store.last_channel_game(actor.channel)?.is_none() => {
                match self.parked_game(actor, hint)? {
                    Some(r) => r,
                    None => return Err(self.no_game(actor, hint)?.into()),
                }
            }
            None => return Err(self.no_game(actor, hint)?.into()),
        };
        let sides = record.sides_of(actor.user, &actor.roles);
        let on_turn = self.position(&record)?.to_move();
        match sides.iter().find(|&&s| Some(s) == on_turn).or(sides.first()) {
            Some(&side) => Ok((record, side)),
            None if record.is_team_game() => Err(Message::new("not-on-a-team").into()),
            None => Err(Message::new("not-a-player").into()),
        }
    }

    /// Why there is no game to act on: the game a button names, or the channel's last game, is over (and how it
    /// ended), or there never was one here.
    fn no_game(&self, actor: &Actor, hint: Option<GameId>) -> Result<Message, Fail> {
        let last = match hint {
            Some(id) => Some(id),
            None => self.store.last_channel_game(actor.channel)?,
        };
        let Some(record) = last.map(|id| self.store.game(id)).transpose()?.flatten() else {
            return Ok(Message::new("no-game"));
        };
        let Status::Finished { winner, reason } = record.status else { return Ok(Message::new("no-game")) };
        let locale = actor.locale;
        let name = |side: Side| record.side_label(side, locale);
        let how = match (winner, reason) {
            (Some(w), FinishReason::Resignation) => {
                Message::new("ended-resignation").name("player", name(w)).name("loser", name(w.other()))
            }
            (Some(w), FinishReason::Timeout) => Message::new("ended-timeout").name("player", name(w)),
            (Some(w), FinishReason::Forfeit) => Message::new("ended-forfeit").name("player", name(w)),
            (Some(w), FinishReason::DrawAgreed) => Message::new("ended-stopped").name("player", name(w)),
            (Some(w), FinishReason::Rules) => Message::new("ended-rules").name("player", name(w)),
            (None, FinishReason::DrawAgreed) => Message::new("ended-draw-agreed"),
            (None, _) => Message::new("ended-draw"),
        };
        let game = crate::table::naming::game_name(locale, record.kind);
        Ok(Message::new("game-ended")
            .str("game", game)
            .num("id", record.id.get() as i64)
            .str("how", i18n::text(locale, &how))
            .num("moves", record.moves.len() as i64))
    }

    pub(in crate::table) fn play_move(
        &self,
        actor: &Actor,
        notation: &str,
        at: Option<(GameId, usize)>,
        now: Timestamp,
    ) -> Answer {
        let (record, _, position) = self.turn_of(actor, at, now)?;
        if record.kind.moves_are_throws() {
            return Err(Message::new("use-throw").into());
        }
        self.commit_move(actor, record, position, notation, now)
    }

    pub(in crate::table) fn throw(&self, actor: &Actor, at: Option<(GameId, usize)>, now: Timestamp) -> Answer {
        let (mut record, _, mut position) = self.turn_of(actor, at, now)?;
        let Position::ZohnAhl(game) = &position else {
            return Err(Message::new("no-throws").into());
        };
        let options = *game.options_ref();
        if !options.autothrow {
            let throw = throw_sticks(&mut *self.rng(), options.p_flat);
            return self.commit_move(actor, record, position, &throw.to_string(), now);
        }
        // Both teams agreed to autothrow (one set it in the challenge, the other accepted it): the service throws
        // for everyone until the game ends, every throw recorded, in one write.
        let mut throws = 0;
        while position.to_move().is_some() && throws < AUTOTHROW_LIMIT {
            let throw = throw_sticks(&mut *self.rng(), options.p_flat);
            let notation =
                position.play(&throw.to_string()).map_err(|e| Fail::Internal(format!("a throw refused: {e:?}")))?;
            record.moves.push(MoveEntry { notation, by: actor.user, at: now, name: unnamed(&record, actor) });
            throws += 1;
        }
        finish_if_over(&mut record, &position);
        record.updated_at = now;
        deadlines::start_turn(&mut record, now);
        let base = record.revision;
        let record = self.save(record, base)?;
        self.remember(&record, &position);
        let mut said = vec![Message::new("autothrow-played").name("player", actor.name.as_str()).num("throws", throws)];
        said.extend(position.describe_end());
        Ok(vec![self.board_reply(actor.locale, &record, &position, said)])
    }

    /// The channel's game, checked that it is the actor's turn (and, from a button, that the board is current).
    pub(in crate::table) fn turn_of(
        &self,
        actor: &Actor,
        at: Option<(GameId, usize)>,
        now: Timestamp,
    ) -> Result<(GameRecord, Side, Position), Fail> {
        let (record, side) = self.active_game(actor, now, at.map(|(g, _)| g))?;
        if let Some((game, ply)) = at
            && (game != record.id || ply != record.moves.len())
        {
            return Err(Message::new("move-stale").into());
        }
        let position = self.position(&record)?;
        let Some(on_turn) = position.to_move() else {
            return Err(Fail::Internal(format!("active game {} has no side to move", record.id)));
        };
        if on_turn != side {
            if record.is_team_game() {
                let team = record.side_label(on_turn, actor.locale);
                return Err(Message::new("not-your-teams-turn").name("team", team).into());
            }
            let name = record.player(on_turn).map(|p| p.name.clone()).unwrap_or_default();
            return Err(Message::new("not-your-turn").name("player", name).into());
        }
        if let Some(called) = called_member(&record, &position)
            && called.id != actor.user
        {
            return Err(Message::new("not-your-throw").name("player", called.name.clone()).into());
        }
        Ok((record, side, position))
    }

    /// Plays a move on the position and stores it; the reply shows the new board.
    fn commit_move(
        &self,
        actor: &Actor,
        mut record: GameRecord,
        mut position: Position,
        notation: &str,
        now: Timestamp,
    ) -> Answer {
        let side = position.to_move().expect("checked by turn_of");
        // A move that leaves out a choice it has only one answer to is that move (Ocencahuac's `a1-c1 @d2`).
        let attempt = match position.play(notation) {
            Err(e) => match position.complete(notation) {
                Some(full) => position.play(&full),
                None => Err(e),
            },
            played => played,
        };
        let played = match attempt {
            Ok(m) => m,
            Err(e) => {
                let legal = position.legal_moves();
                let hint = if legal.len() <= LIST_LEGAL_UP_TO {
                    Message::new("legal-moves").str("moves", legal.join(", "))
                } else {
                    Message::new("legal-moves-many").num("count", legal.len() as i64)
                };
                return Err(Message::new("move-refused")
                    .str("move", notation.trim())
                    .str("reason", i18n::text(actor.locale, e.message()))
                    .str("hint", i18n::text(actor.locale, &hint))
                    .into());
            }
        };
        let name = unnamed(&record, actor);
        record_move(&mut record, &position, side, MoveEntry { notation: played, by: actor.user, at: now, name });
        let base = record.revision;
        let record = self.save(record, base)?;
        crate::metrics::moved(record.kind.name());
        self.remember(&record, &position);
        let details =
            |lines: Vec<Message>| lines.iter().map(|m| i18n::text(actor.locale, m)).collect::<Vec<_>>().join(" ");
        if !record.kind.moves_are_throws() {
            let mut said = vec![
                Message::new("move-played")
                    .name("player", actor.name.as_str())
                    .str("details", details(position.describe_last_move())),
            ];
            said.extend(position.describe_end());
            return Ok(vec![self.board_reply(actor.locale, &record, &position, said)]);
        }
        // Games of chance: while the team throws again, a short line with its Throw button;
        // the board picture once per team turn, when the turn passes, with every throw of the turn.
        if record.status == Status::Active && position.to_move() == Some(side) {
            let said = vec![
                Message::new("move-played")
                    .name("player", actor.name.as_str())
                    .str("details", details(position.describe_last_move())),
            ];
            let mut reply = self.board_reply(actor.locale, &record, &position, said);
            reply.image = None;
            // The team was called when its turn began: only a newly called member is notified again.
            reply.text =
                reply.text.keep_calls(|c| c != Callee::User(actor.user.get()) && !matches!(c, Callee::Role(_)));
            return Ok(vec![reply]);
        }
        let mut said: Vec<Message> = self
            .turn_throws(&record, side)?
            .into_iter()
            .map(|(by, lines)| {
                let known = if by == actor.user { Some(actor.name.as_str()) } else { record.name_of(by) };
                let name = known.map(str::to_string).unwrap_or_else(|| record.side_label(side, actor.locale));
                Message::new("move-played").name("player", name).str("details", details(lines))
            })
            .collect();
        said.extend(position.describe_end());
        Ok(vec![self.board_reply(actor.locale, &record, &position, said)])
    }

    /// The throws of `side`'s latest turn (who threw, and what each did), oldest first, by replaying the record.
    fn turn_throws(&self, record: &GameRecord, side: Side) -> Result<Vec<(UserId, Vec<Message>)>, Fail> {
        let mut position = Position::new(record.kind, &record.options)
            .map_err(|e| Fail::Internal(format!("game {} has bad options: {e:?}", record.id)))?;
        let mut turns: Vec<(Option<Side>, UserId, Vec<Message>)> = Vec::with_capacity(record.moves.len());
        for m in &record.moves {
            let before = position.to_move();
            position
                .play(&m.notation)
                .map_err(|e| Fail::Internal(format!("game {} does not replay: {e:?}", record.id)))?;
            turns.push((before, m.by, position.describe_last_move()));
        }
        let start = turns.iter().rposition(|(before, _, _)| *before != Some(side)).map_or(0, |i| i + 1);
        Ok(turns.drain(start..).map(|(_, by, lines)| (by, lines)).collect())
    }

    pub(in crate::table) fn resign(&self, actor: &Actor, now: Timestamp) -> Answer {
        self.resign_game(actor, None, now)
    }

    /// A resignation does not depend on the position: when the game changed under it (the opponent's or the
    /// computer's move came in), it is made again on the game as it now is, unless that game has ended.
    fn resign_game(&self, actor: &Actor, hint: Option<GameId>, now: Timestamp) -> Answer {
        let mut tries = 0;
        let record = loop {
            let (mut record, side) = self.active_game(actor, now, hint)?;
            if hint.is_some_and(|game| game != record.id) {
                return Err(Message::new("move-stale").into());
            }
            record.status = Status::Finished { winner: Some(side.other()), reason: FinishReason::Resignation };
            record.draw_offer = None;
            record.updated_at = now;
            let base = record.revision;
            match self.save(record, base) {
                Err(Fail::Changed(Changed::Game)) if tries < 8 => tries += 1,
                saved => break saved?,
            }
        };
        let position = self.position(&record)?;
        let said = vec![Message::new("resigned").name("player", actor.name.as_str())];
        Ok(vec![self.board_reply(actor.locale, &record, &position, said)])
    }

    /// Asks the actor to confirm a resignation (`resign`) or a draw offer, privately, with one button that does it.
    pub(in crate::table) fn ask(&self, actor: &Actor, game: GameId, resign: bool, now: Timestamp) -> Answer {
        let (record, _) = self.active_game(actor, now, Some(game))?;
        if record.id != game {
            return Err(Message::new("move-stale").into());
        }
        let (question, label, id) = if resign {
            ("confirm-resign", "button-resign-confirm", ButtonId::Resign { game, confirmed: true })
        } else {
            ("confirm-draw", "button-offer-draw-confirm", ButtonId::Draw { game, confirmed: true })
        };
        let button = Button {
            id,
            label: i18n::text(actor.locale, &Message::new(label)),
            enabled: true,
            style: if resign { ButtonStyle::Danger } else { ButtonStyle::Primary },
            new_row: false,
        };
        let text = i18n::spans(actor.locale, &Message::new(question));
        Ok(vec![Reply { text, buttons: vec![button], audience: Audience::Asker, ..Reply::default() }])
    }

    /// The confirming button of [`Table::ask`]: resigns or offers the draw, if `game` is still the channel's.
    pub(in crate::table) fn confirmed(&self, actor: &Actor, game: GameId, resign: bool, now: Timestamp) -> Answer {
        let (record, _) = self.active_game(actor, now, Some(game))?;
        if record.id != game {
            return Err(Message::new("move-stale").into());
        }
        if resign { self.resign_game(actor, Some(game), now) } else { self.offer_draw(actor, Some(game), now) }
    }

    pub(in crate::table) fn draw_offer(&self, actor: &Actor, now: Timestamp) -> Answer {
        self.offer_draw(actor, None, now)
    }

    fn offer_draw(&self, actor: &Actor, hint: Option<GameId>, now: Timestamp) -> Answer {
        let (mut record, side) = self.active_game(actor, now, hint)?;
        match record.draw_offer {
            Some(s) if s == side => return Err(Message::new("draw-already-offered").into()),
            // Both want a draw: offering after the opponent's offer accepts it.
            Some(_) => return self.draw_answer(actor, Some(record.id), true, now),
            None => {}
        }
        record.draw_offer = Some(side);
        record.updated_at = now;
        let base = record.revision;
        let record = self.save(record, base)?;
        Ok(vec![self.draw_offer_reply(actor, &record, side.other())])
    }

    pub(in crate::table) fn draw_answer(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        accept: bool,
        now: Timestamp,
    ) -> Answer {
        let (mut record, side) = self.active_game(actor, now, game)?;
        if game.is_some_and(|g| g != record.id) || record.draw_offer != Some(side.other()) {
            return Err(Message::new("draw-none").into());
        }
        record.draw_offer = None;
        record.updated_at = now;
        if accept {
            // Stopping by agreement: a draw, unless the game scores an early end (Zohn Ahl: counters decide).
            let winner = match self.position(&record)?.early_end() {
                GameOutcome::Won(s) => Some(s),
                _ => None,
            };
            record.status = Status::Finished { winner, reason: FinishReason::DrawAgreed };
        }
        let base = record.revision;
        let record = self.save(record, base)?;
        if accept {
            let position = self.position(&record)?;
            let id = match record.status {
                Status::Finished { winner: Some(_), .. } => "stop-agreed",
                _ => "draw-agreed",
            };
            let said = vec![Message::new(id).name("player", actor.name.as_str())];
            Ok(vec![self.board_reply(actor.locale, &record, &position, said)])
        } else {
            let offerer = record.player(side.other()).cloned();
            let text = i18n::spans(actor.locale, &Message::new("draw-declined").name("player", actor.name.as_str()));
            Ok(vec![
                crate::table::reply::Reply { text, ..Default::default() }
                    .calling(offerer.as_ref().map(crate::table::naming::player_call)),
            ])
        }
    }
}
