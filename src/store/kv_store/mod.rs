//! The store's layout and logic, written once over the key-value layer of [`super::kv`] (sled and PostgreSQL).
//! Trees: `meta` (schema version, id counters, the last rating sequence), `games` (id -> the game's header:
//! revision, move count, JSON record without its moves), `moves` ((game, index) -> JSON move), `channels` (channel
//! id -> live game id), `channel_last` (channel id -> latest game id), `user_games` (user id ++ game id ->
//! nothing), `board_posts` (game -> channel ++ message of its latest board post), `schedule` ((due time, game) ->
//! nothing: the scheduler's queue), `outbox` (notice id -> JSON notice), `guilds` (guild -> JSON settings), `users`
//! (user -> 1 when reminders go by direct message), `ratings` ((guild, game kind, user) -> JSON rating),
//! `rating_index` ((guild, kind, provisional, 2^63 - rating in thousandths, user) -> nothing: leaderboards in order),
//! `teams` ((guild, team key) -> JSON team record), `tournaments` (id -> JSON), `guild_tournaments` ((guild, id) ->
//! nothing), `tournament_marks` ((due time, tournament, game) -> nothing), `requests` (request key -> when it was
//! carried out), `guild_finished` ((guild, end time, game) -> game kind: a server's finished games, the archive;
//! schema version 3), `player_finished` ((guild, player, end time, game) -> game kind: each player's archive in
//! each server, the computer's included), `sessions` (the web pages' sign-ins and sessions: `sessions.rs`), `training` (lessons, puzzles, puzzle
//! ratings and daily puzzles: `training.rs`). Keys are big-endian so that range scans come back in id and time order. A [`Unit`] is one
//! transaction over every tree, durable before `commit` returns.
//!
//! By job: `keys.rs` (key layouts and codecs), `reads.rs` (records read back), `upgrade.rs` (earlier schemas),
//! `writes.rs` (a unit's commit), `sessions.rs` (sign-ins and sessions), `training.rs` (lessons and puzzles), `load.rs` (a backup loaded), `check.rs` (the indexes checked); here, the queries.

mod check;
mod keys;
mod load;
mod reads;
mod sessions;
mod training;
mod upgrade;
mod writes;

use super::backup::{Counters, Entry};
use super::kv::*;
use super::record::{ChannelId, GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
use super::tournament::TournamentStatus;
use super::{
    Committed, GameWrite, GuildSettings, Rating, SCHEMA_VERSION, SettingsWrite, Standings, StandingsWrite, Store,
    StoreError, TeamKey, TeamRecord, Tournament, TournamentMark, TournamentWrite, Unit, WriteError,
};
use crate::games::GameKind;
use crate::store::record::TournamentId;

pub(super) use keys::*;
pub(super) use reads::*;

/// The store over a backend `K`.
pub struct KvStore<K: Kv> {
    pub(super) kv: K,
    /// Bytes of keys and values the committed units wrote (a measure, nothing rests on it).
    written: std::sync::atomic::AtomicU64,
}

impl<K: Kv> KvStore<K> {
    pub(super) fn over(kv: K) -> KvStore<K> {
        KvStore { kv, written: std::sync::atomic::AtomicU64::new(0) }
    }

    /// Bytes of keys and values written by the units committed since the store was opened (headers, moves,
    /// index entries; not the backend's own framing).
    pub fn bytes_written(&self) -> u64 {
        self.written.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Writes everything to disk (every commit already does; this is for shutdown).
    pub fn flush(&self) -> Result<(), StoreError> {
        self.kv.flush()
    }
}

/// The channel on which processes sharing a store announce the games they write.
const GAMES_WRITTEN: &str = "tablero_games_written";

impl<K: Kv> Store for KvStore<K> {
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.kv.get(GAMES, &id.get().to_be_bytes())?.map(|b| with_moves(&self.kv, id, &b)).transpose()
    }

    fn game_header(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.kv.get(GAMES, &id.get().to_be_bytes())?.map(|b| decode(&b)).transpose()
    }

    fn channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
        self.kv.get(CHANNELS, &channel.get().to_be_bytes())?.map(|b| game_from(&b)).transpose()
    }

    fn last_channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
        self.kv.get(CHANNEL_LAST, &channel.get().to_be_bytes())?.map(|b| game_from(&b)).transpose()
    }

    fn user_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError> {
        self.kv
            .scan_prefix(USER_GAMES, &user.get().to_be_bytes())?
            .into_iter()
            .map(|(key, _)| game_from(&key[8..]))
            .collect()
    }

    fn user_live_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError> {
        self.kv
            .scan_prefix(USER_LIVE, &user.get().to_be_bytes())?
            .into_iter()
            .map(|(key, _)| game_from(&key[8..]))
            .collect()
    }

    fn commit(&self, unit: &Unit) -> Result<Committed, WriteError> {
        self.commit_unit(unit)
    }

    fn reserve_game_ids(&self, n: u64) -> Result<GameId, StoreError> {
        self.kv.transaction(&mut |t: &dyn KvTx| next_counter(t, NEXT_ID_KEY, n).map(GameId)).map_err(StoreError::from)
    }

    fn rating(&self, guild: GuildId, kind: GameKind, user: UserId) -> Result<Option<Rating>, StoreError> {
        self.kv.get(RATINGS, &rating_key(guild, kind, user))?.map(|b| unjson(&b)).transpose()
    }

    fn leaderboard(
        &self,
        guild: GuildId,
        kind: GameKind,
        provisional: bool,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<(UserId, Rating)>, usize), StoreError> {
        let entries = self.kv.scan_prefix(RATING_INDEX, &board_prefix(guild, kind, provisional))?;
        let mut page = Vec::with_capacity(limit);
        for (key, _) in entries.iter().skip(offset).take(limit) {
            let user = UserId(id_from(&key[18..])?);
            if let Some(rating) = self.rating(guild, kind, user)? {
                page.push((user, rating));
            }
        }
        Ok((page, entries.len()))
    }

    fn team_record(&self, guild: GuildId, key: TeamKey) -> Result<Option<TeamRecord>, StoreError> {
        self.kv.get(TEAMS, &team_key(guild, key))?.map(|b| unjson(&b)).transpose()
    }

    fn team_records(&self, guild: GuildId) -> Result<Vec<(TeamKey, TeamRecord)>, StoreError> {
        let mut out: Vec<(TeamKey, TeamRecord)> = Vec::new();
        for (key, value) in self.kv.scan_prefix(TEAMS, &guild.0.to_be_bytes())? {
            let id = id_from(&key[9..])?;
            let team = if key[8] == b'r' { TeamKey::Role(id) } else { TeamKey::Player(UserId(id)) };
            out.push((team, unjson(&value)?));
        }
        out.sort_by(|a, b| b.1.wins.cmp(&a.1.wins).then(a.0.cmp(&b.0)));
        Ok(out)
    }

    fn last_rating_sequence(&self, guild: GuildId) -> Result<u64, StoreError> {
        match self.kv.get(META, &server_rating_key(guild))? {
            Some(b) => id_from(&b),
            None => counter(&self.kv, LAST_RATING_KEY, 0),
        }
    }

    fn finished_games(&self, guild: GuildId) -> Result<Vec<(GameId, GameKind, Timestamp)>, StoreError> {
        // The server's part of the archive index, in the order the games ended: read backwards.
        let mut found = Vec::new();
        for (key, value) in self.kv.scan_prefix(GUILD_FINISHED, &guild.0.to_be_bytes())?.into_iter().rev() {
            if key.len() != 24 || value.len() != 1 {
                return Err(StoreError::Corrupt(format!("an archive entry of {} bytes", key.len())));
            }
            found.push((game_from(&key[16..])?, kind_of(value[0])?, id_from(&key[8..16])?));
        }
        Ok(found)
    }

    fn player_finished_games(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<(GameId, GameKind, Timestamp)>, StoreError> {
        let mut prefix = guild.0.to_be_bytes().to_vec();
        prefix.extend_from_slice(&user.get().to_be_bytes());
        let mut found = Vec::new();
        for (key, value) in self.kv.scan_prefix(PLAYER_FINISHED, &prefix)?.into_iter().rev() {
            if key.len() != 32 || value.len() != 1 {
                return Err(StoreError::Corrupt(format!("a player's archive entry of {} bytes", key.len())));
            }
            found.push((game_from(&key[24..])?, kind_of(value[0])?, id_from(&key[16..24])?));
        }
        Ok(found)
    }

    fn live_games(&self, guild: GuildId) -> Result<Vec<GameId>, StoreError> {
        self.kv
            .scan_prefix(GUILD_LIVE, &guild.0.to_be_bytes())?
            .into_iter()
            .map(|(key, _)| game_from(&key[8..]))
            .collect()
    }

    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        all_games(&self.kv)
    }

    fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
        self.kv.get(TOURNAMENTS, &id.get().to_be_bytes())?.map(|b| unjson(&b)).transpose()
    }

    fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>, StoreError> {
        let mut out = Vec::new();
        for (key, _) in self.kv.scan_prefix(GUILD_TOURNAMENTS, &guild.0.to_be_bytes())? {
            if let Some(t) = self.tournament(TournamentId(id_from(&key[8..])?))? {
                out.push(t);
            }
        }
        Ok(out)
    }

    fn tournament_marks(&self, until: Timestamp) -> Result<Vec<TournamentMark>, StoreError> {
        tournament_marks(&self.kv, until)
    }

    fn request_done(&self, key: &str) -> Result<bool, StoreError> {
        Ok(self.kv.get(REQUESTS, key.as_bytes())?.is_some())
    }

    fn prune_requests(&self, before: Timestamp) -> Result<usize, StoreError> {
        let mut old = Vec::new();
        for (key, at) in self.kv.all(REQUESTS)? {
            if id_from(&at)? < before {
                old.push(key);
            }
        }
        for key in &old {
            // A key only answers "was this request done?"; dropping it after Discord's redelivery window is safe.
            self.kv.delete(REQUESTS, key)?;
        }
        Ok(old.len())
    }

    fn training(&self, key: &super::training::TrainingKey) -> Result<Option<(serde_json::Value, u64)>, StoreError> {
        training::get(&self.kv, key)
    }

    fn puzzles(&self, game: Option<GameKind>) -> Result<Vec<super::training::Puzzle>, StoreError> {
        training::puzzles(&self.kv, game)
    }

    fn snapshot(&self) -> Result<Vec<Entry>, StoreError> {
        self.kv.consistent(&mut |r| read_all(r))
    }

    fn load(&self, entries: &[Entry]) -> Result<(), StoreError> {
        self.load_entries(entries)
    }

    fn check_indexes(&self, repair: bool) -> Result<Vec<String>, StoreError> {
        self.check_index_entries(repair)
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        for tree in [GAMES, TOURNAMENTS, RATINGS, TEAMS, GUILDS, OUTBOX, TRAINING] {
            if !self.kv.is_empty(tree)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn due_games(&self, until: Timestamp) -> Result<Vec<GameId>, StoreError> {
        self.kv
            .up_to(SCHEDULE, &due_key(until, GameId(u64::MAX)))?
            .into_iter()
            .map(|(key, _)| game_from(&key[8..]))
            .collect()
    }

    fn next_due(&self) -> Result<Option<Timestamp>, StoreError> {
        let game = self.kv.first(SCHEDULE)?.map(|(key, _)| id_from(&key[..8])).transpose()?;
        let mark = self.kv.first(TOURNAMENT_MARKS)?.map(|(key, _)| id_from(&key[..8])).transpose()?;
        Ok(game.into_iter().chain(mark).min())
    }

    fn notices(&self) -> Result<Vec<Notice>, StoreError> {
        notices(&self.kv)
    }

    fn all_guild_settings(&self) -> Result<Vec<(GuildId, GuildSettings)>, StoreError> {
        let mut out = Vec::new();
        for (key, value) in self.kv.all(GUILDS)? {
            let settings =
                serde_json::from_slice(&value).map_err(|e| StoreError::Corrupt(format!("guild settings: {e}")))?;
            out.push((GuildId(id_from(&key)?), settings));
        }
        Ok(out)
    }

    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        match self.kv.get(GUILDS, &guild.0.to_be_bytes())? {
            Some(bytes) => {
                serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt(format!("guild settings: {e}")))
            }
            None => Ok(GuildSettings::default()),
        }
    }

    fn notify_dm(&self, user: UserId) -> Result<bool, StoreError> {
        Ok(self.kv.get(USERS, &user.get().to_be_bytes())?.is_some_and(|v| v == [1]))
    }

    fn session(&self, key: &super::session::SecretHash, now: Timestamp) -> Result<Option<super::Session>, StoreError> {
        self.kv.consistent(&mut |r| sessions::session(r, key, now))
    }

    fn sign_in(&self, key: &super::session::SecretHash, now: Timestamp) -> Result<Option<super::SignIn>, StoreError> {
        sessions::sign_in(&self.kv, key, now)
    }

    fn expired_sessions(&self, now: Timestamp, limit: usize) -> Result<Vec<super::session::SecretHash>, StoreError> {
        sessions::expired(&self.kv, now, limit)
    }

    fn board_post(&self, game: GameId) -> Result<Option<(ChannelId, u64)>, StoreError> {
        board_post(&self.kv, game)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.kv.flush()
    }

    fn size_bytes(&self) -> Option<u64> {
        self.kv.size_bytes()
    }

    fn live_game_count(&self) -> Option<u64> {
        self.kv.range(GUILD_LIVE, &[], None, None).ok().map(|live| live.len() as u64)
    }

    fn announce_game(&self, guild: GuildId, game: GameId) {
        self.kv.announce(GAMES_WRITTEN, format!("{guild}:{game}"));
    }

    fn hear_games(&self, tell: super::GamesHeard) -> bool {
        self.kv.hear(
            GAMES_WRITTEN,
            Box::new(move |payload| match payload {
                Some(payload) => {
                    let parsed = payload.split_once(':').and_then(|(g, id)| Some((g.parse().ok()?, id.parse().ok()?)));
                    if let Some(written) = parsed {
                        tell(Some(written));
                    }
                }
                None => tell(None),
            }),
        )
    }

    fn set_board_post(
        &self,
        game: GameId,
        channel: ChannelId,
        message: u64,
    ) -> Result<Option<(ChannelId, u64)>, StoreError> {
        // Not flushed on its own: losing it in a crash only leaves an old board's buttons in place (a press there
        // is refused as out of date); the next game write makes it durable.
        let key = game.get().to_be_bytes();
        let stale = self.kv.transaction(&mut |t: &dyn KvTx| {
            let recorded = match t.get(BOARD_POSTS, &key)? {
                Some(bytes) if bytes.len() == 16 => Some((ChannelId(id_from(&bytes[..8])?), id_from(&bytes[8..])?)),
                _ => None,
            };
            match recorded {
                Some((_, newer)) if newer > message => Ok(Some((channel, message))),
                Some(same) if same == (channel, message) => Ok(None),
                recorded => {
                    t.insert(BOARD_POSTS, &key, &pair_key(channel.get(), message))?;
                    Ok(recorded)
                }
            }
        });
        stale.map_err(StoreError::from)
    }
}
