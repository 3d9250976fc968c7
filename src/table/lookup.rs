//! What every domain looks up at the table: the channel's live game (a lapsed challenge marked expired on the
//! way), a game of the actor's server by its id, the game a board is about, a record's position (cached by
//! revision), who organises a server, the table's dice.

use rand::rngs::StdRng;

use super::fail::Fail;
use super::write::AtWork;
use crate::games::Position;
use crate::i18n::Message;
use crate::store::record::{GameId, GameRecord, Status, Timestamp};
use crate::table::actor::Actor;

impl AtWork<'_> {
    /// Members with Manage Server or the server's organiser role.
    pub(super) fn is_organiser(&self, actor: &Actor) -> Result<bool, Fail> {
        let role = self.store.guild_settings(actor.guild)?.organiser_role;
        Ok(actor.permissions.manage_server || role.is_some_and(|r| actor.roles.contains(&r)))
    }

    pub(super) fn rng(&self) -> std::sync::MutexGuard<'_, StdRng> {
        self.table.rng.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The live game of the actor's channel, with a lapsed challenge marked expired on the way.
    pub(super) fn channel_game(&self, actor: &Actor, now: Timestamp) -> Result<Option<GameRecord>, Fail> {
        let Some(id) = self.store.channel_game(actor.channel)? else { return Ok(None) };
        let Some(record) = self.store.game(id)? else {
            return Err(Fail::Internal(format!("channel index points at missing game {id}")));
        };
        if self.expire_if_due(&record, now)? { Ok(None) } else { Ok(Some(record)) }
    }

    /// A game named by its id, only if it belongs to the actor's server: one of another server is "not found"
    /// in the same words as a missing one, so nothing tells that it exists elsewhere.
    pub(super) fn game_in(&self, actor: &Actor, id: GameId) -> Result<GameRecord, Fail> {
        match self.store.game(id)? {
            Some(record) if record.guild == actor.guild => Ok(record),
            _ => Err(Message::new("game-not-found").num("id", id.get() as i64).into()),
        }
    }

    /// The game a board or history request is about: the channel's live game, else its most recent one.
    pub(super) fn shown_game(&self, actor: &Actor, now: Timestamp) -> Result<Option<GameRecord>, Fail> {
        if let Some(record) = self.channel_game(actor, now)? {
            return Ok(Some(record));
        }
        match self.store.last_channel_game(actor.channel)? {
            // A store written before imports were kept out of a channel's games may still point at one.
            Some(id) => Ok(self.store.game(id)?.filter(GameRecord::is_channels_latest)),
            None => Ok(None),
        }
    }

    /// Marks a lapsed challenge expired; true when it was (or already is) no longer live.
    pub(super) fn expire_if_due(&self, record: &GameRecord, now: Timestamp) -> Result<bool, Fail> {
        if record.status != Status::Challenge || now < record.expires_at {
            return Ok(!record.status.is_live());
        }
        match self.run_event(record, crate::deadlines::Event::Expire, now) {
            Ok(_) => Ok(true),
            // Someone acted on it meanwhile (accepted it, say): judge the record as it now is.
            Err(Fail::User(_) | Fail::Changed(_)) => {
                Ok(self.store.game(record.id)?.is_none_or(|r| !r.status.is_live()))
            }
            Err(e) => Err(e),
        }
    }

    /// The current position of a record: from the cache when it is of the same revision, else replayed.
    pub(super) fn position(&self, record: &GameRecord) -> Result<Position, Fail> {
        if let Some((revision, position)) =
            self.table.positions.lock().unwrap_or_else(|e| e.into_inner()).get(&record.id)
            && *revision == record.revision
        {
            return Ok(position.clone());
        }
        let moves = record.moves.iter().map(|m| m.notation.as_str());
        let position = match Position::replay(record.kind, &record.options, moves) {
            Ok(Ok(p)) => p,
            Ok(Err((i, e))) => {
                return Err(Fail::Internal(format!("game {} does not replay at move {i}: {e:?}", record.id)));
            }
            Err(e) => return Err(Fail::Internal(format!("game {} has bad options: {e:?}", record.id))),
        };
        self.remember(record, &position);
        Ok(position)
    }

    /// The position of a record, replayed (not from the cache: the record may not be stored yet).
    pub(super) fn replay(&self, record: &GameRecord) -> Result<Position, Fail> {
        let moves = record.moves.iter().map(|m| m.notation.as_str());
        match Position::replay(record.kind, &record.options, moves) {
            Ok(Ok(p)) => Ok(p),
            _ => Err(Fail::Internal(format!("game {} does not replay", record.id))),
        }
    }

    pub(super) fn remember(&self, record: &GameRecord, position: &Position) {
        let mut cache = self.table.positions.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() > 10_000 {
            cache.clear();
        }
        cache.insert(record.id, (record.revision, position.clone()));
    }
}
