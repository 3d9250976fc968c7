//! Where games live and how a user finds them: moving an accepted game into its own channel (a thread), the
//! list of a user's games, and the move suggestions a front end offers while a move is typed.

use crate::games::Side;
use crate::i18n::{self, Message, Text};
use crate::store::record::{ChannelId, GameId, GameRecord, Status, Timestamp};
use crate::table::actor::Actor;
use crate::table::fail::{Answer, Fail};
use crate::table::reply::Audience;
use crate::table::reply::Reply;
use crate::table::write::AtWork;

/// `/games` lists at most this many games (the newest first).
const LISTED_GAMES: usize = 20;

impl AtWork<'_> {
    /// Moves a live game to `channel` (the thread the front end opened for it). Only its players may.
    pub(in crate::table) fn move_to(&self, actor: &Actor, game: GameId, channel: ChannelId, now: Timestamp) -> Answer {
        let mut record = self.game_in(actor, game)?;
        if !record.status.is_live() {
            return Err(Message::new("no-game").into());
        }
        // A tournament game waits for the front end to give it a channel, whoever's action paired it.
        let organiser = record.tournament.is_some();
        if !organiser
            && !record.participants().contains(&actor.user)
            && record.sides_of(actor.user, &actor.roles).is_empty()
        {
            return Err(Message::new("not-a-player").into());
        }
        if record.channel == channel {
            return Ok(Vec::new());
        }
        record.channel = channel;
        record.updated_at = now;
        let base = record.revision;
        self.save(record, base)?;
        Ok(Vec::new())
    }

    /// A live tournament game of the actor's server that still waits in its parking place (the front end could
    /// not give it a thread): the one a button names, else the actor's only such game. Its players play it
    /// from wherever its board was posted.
    pub(in crate::table) fn parked_game(
        &self,
        actor: &Actor,
        hint: Option<GameId>,
    ) -> Result<Option<GameRecord>, Fail> {
        let parked =
            |r: &GameRecord| r.guild == actor.guild && r.status.is_live() && crate::table::tournament::is_parked(r);
        if let Some(id) = hint {
            return Ok(self.store.game(id)?.filter(parked));
        }
        let mut found = None;
        for id in self.store.user_live_games(actor.user)?.into_iter().rev() {
            let Some(record) = self.store.game(id)? else { continue };
            if parked(&record) {
                if found.is_some() {
                    // Two games waiting: which one is meant is not for the table to guess.
                    return Ok(None);
                }
                found = Some(record);
            }
        }
        Ok(found)
    }

    /// The actor's live games in this guild, newest first, with whose turn it is and where each is played.
    pub(in crate::table) fn games(&self, actor: &Actor, now: Timestamp) -> Answer {
        let locale = actor.locale;
        let mut lines = Vec::new();
        for id in self.store.user_live_games(actor.user)?.into_iter().rev() {
            let Some(record) = self.store.game(id)? else { continue };
            if record.guild != actor.guild || !record.status.is_live() || self.expire_if_due(&record, now)? {
                continue;
            }
            if lines.len() == LISTED_GAMES {
                break;
            }
            let game = crate::table::naming::game_name(locale, record.kind);
            let line = match record.status {
                Status::Challenge => Message::new("games-line-challenge"),
                _ => {
                    let position = self.position(&record)?;
                    let turn = position.to_move().unwrap_or(Side::First);
                    let yours = record.sides_of(actor.user, &actor.roles).contains(&turn);
                    Message::new(if yours { "games-line-your-turn" } else { "games-line-their-turn" })
                        .name("player", record.side_label(turn, locale))
                        .num("moves", record.moves.len() as i64)
                }
            };
            let line = line.str("game", game).num("id", id.get() as i64).channel("where", record.channel.get());
            let mut text = Text::plain("• ");
            text.push_text(&i18n::spans(locale, &line));
            if record.status == Status::Active
                && let Some(clock) = &record.clock
            {
                text.push_str("; ").push_text(&i18n::spans(
                    locale,
                    &match clock.held {
                        Some(held) => Message::new("games-held").moment("until", held.until),
                        None => Message::new("games-deadline").moment("when", clock.deadline),
                    },
                ));
            }
            lines.push(text);
        }
        if lines.is_empty() {
            return Err(Message::new("games-none").into());
        }
        lines.insert(0, i18n::spans(locale, &Message::new("games-title").num("count", lines.len() as i64)));
        Ok(vec![Reply { text: Text::join(lines, "\n"), audience: Audience::Asker, ..Reply::default() }])
    }

    /// Legal moves of the channel's game that match what the actor has typed, the most useful first (those
    /// that start with the text, captures before quiet moves), at most `limit`. Empty when it is not the
    /// actor's turn: suggestions never reveal more than the board does, and never fail.
    pub fn suggest_moves(&self, actor: &Actor, typed: &str, limit: usize, now: Timestamp) -> Vec<String> {
        let Ok(Some(record)) = self.channel_game(actor, now) else { return Vec::new() };
        if record.status != Status::Active || record.kind.moves_are_throws() {
            return Vec::new();
        }
        let Ok(position) = self.position(&record) else { return Vec::new() };
        let Some(turn) = position.to_move() else { return Vec::new() };
        if !record.sides_of(actor.user, &actor.roles).contains(&turn) {
            return Vec::new();
        }
        let typed = typed.trim().to_ascii_lowercase();
        let mut moves: Vec<(u8, String)> = position
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let lower = m.to_ascii_lowercase();
                let rank = if lower.starts_with(&typed) {
                    0
                } else if lower.contains(&typed) {
                    2
                } else {
                    return None;
                };
                Some((rank + u8::from(!lower.contains('x')), m))
            })
            .collect();
        moves.sort();
        moves.into_iter().take(limit).map(|(_, m)| m).collect()
    }
}
