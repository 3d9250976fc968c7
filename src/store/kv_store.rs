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
//! schema version 3). Keys are big-endian so that range scans come back in id and time order. A [`Unit`] is one
//! transaction over every tree, durable before `commit` returns.

use super::backup::{Counters, Entry};
use super::kv::*;
use super::record::{ChannelId, GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
use super::tournament::TournamentStatus;
use super::{
    Committed, GameWrite, GuildSettings, Rating, SCHEMA_VERSION, Standings, StandingsWrite, Store, StoreError, TeamKey,
    TeamRecord, Tournament, TournamentMark, TournamentWrite, Unit, WriteError,
};
use crate::games::GameKind;

pub(super) const SCHEMA_KEY: &[u8] = b"schema_version";
pub(super) const NEXT_ID_KEY: &[u8] = b"next_game_id";
pub(super) const NEXT_NOTICE_KEY: &[u8] = b"next_notice_id";
/// How many units were committed (sled only: a log that lost its tail holds fewer than the file beside it says).
pub(super) const COMMITS_KEY: &[u8] = b"commits";
/// The rating sequence of stores written before each server had its own: where a server has none of its own
/// yet, its sequence goes on from here (so a server's sequence only grows).
pub(super) const LAST_RATING_KEY: &[u8] = b"last_rating_sequence";
/// Each server's last rating sequence: this prefix and the server's id.
const SERVER_RATING_PREFIX: &[u8] = b"last_rating_sequence/";

fn server_rating_key(guild: GuildId) -> Vec<u8> {
    [SERVER_RATING_PREFIX, &guild.to_be_bytes()].concat()
}

/// A server's last rating sequence, in a transaction.
fn server_rating_sequence(t: &dyn KvTx, guild: GuildId) -> Result<u64, TxFail> {
    match t.get(META, &server_rating_key(guild))? {
        Some(b) => Ok(id_from(&b)?),
        None => Ok(t.get(META, LAST_RATING_KEY)?.map(|b| id_from(&b)).transpose()?.unwrap_or(0)),
    }
}

/// The highest rating sequence of any server (what a backup keeps, so a restored store's servers go on above it).
fn highest_rating_sequence(r: &dyn KvRead) -> Result<u64, StoreError> {
    let mut highest = counter(r, LAST_RATING_KEY, 0)?;
    for (key, value) in r.all(META)? {
        if key.starts_with(SERVER_RATING_PREFIX) {
            highest = highest.max(id_from(&value)?);
        }
    }
    Ok(highest)
}
pub(super) const NEXT_TOURNAMENT_KEY: &[u8] = b"next_tournament_id";

/// The store over a backend `K`.
pub struct KvStore<K: Kv> {
    pub(super) kv: K,
    /// Bytes of keys and values the committed units wrote (a measure, nothing rests on it).
    written: std::sync::atomic::AtomicU64,
}

pub(super) fn pair_key(a: u64, b: u64) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&a.to_be_bytes());
    key[8..].copy_from_slice(&b.to_be_bytes());
    key
}

pub(super) fn mark_key(mark: &TournamentMark) -> [u8; 24] {
    let mut key = [0u8; 24];
    key[..8].copy_from_slice(&mark.at.to_be_bytes());
    key[8..16].copy_from_slice(&mark.tournament.to_be_bytes());
    key[16..].copy_from_slice(&mark.game.to_be_bytes());
    key
}

fn mark_of(key: &[u8]) -> Result<TournamentMark, StoreError> {
    if key.len() != 24 {
        return Err(StoreError::Corrupt(format!("a tournament mark of {} bytes", key.len())));
    }
    Ok(TournamentMark { at: id_from(&key[..8])?, tournament: id_from(&key[8..16])?, game: id_from(&key[16..])? })
}

/// A finished game's entry in its server's archive index: (guild, end time, game), so a server's games come in
/// the order they ended.
fn finished_key(guild: GuildId, ended: Timestamp, game: GameId, status: &super::record::Status) -> Option<[u8; 24]> {
    if !matches!(status, super::record::Status::Finished { .. }) {
        return None;
    }
    let mut key = [0u8; 24];
    key[..8].copy_from_slice(&guild.to_be_bytes());
    key[8..16].copy_from_slice(&ended.to_be_bytes());
    key[16..].copy_from_slice(&game.to_be_bytes());
    Some(key)
}

fn archive_key(record: &GameRecord) -> Option<[u8; 24]> {
    finished_key(record.guild, record.updated_at, record.id, &record.status)
}

fn kind_of(byte: u8) -> Result<GameKind, StoreError> {
    GameKind::ALL.into_iter().find(|k| *k as u8 == byte).ok_or_else(|| StoreError::Corrupt(format!("game kind {byte}")))
}

fn rating_key(guild: GuildId, kind: GameKind, user: UserId) -> [u8; 17] {
    let mut key = [0u8; 17];
    key[..8].copy_from_slice(&guild.to_be_bytes());
    key[8] = kind as u8;
    key[9..].copy_from_slice(&user.to_be_bytes());
    key
}

fn board_prefix(guild: GuildId, kind: GameKind, provisional: bool) -> [u8; 10] {
    let mut key = [0u8; 10];
    key[..8].copy_from_slice(&guild.to_be_bytes());
    key[8] = kind as u8;
    key[9] = u8::from(provisional);
    key
}

fn board_key(guild: GuildId, kind: GameKind, user: UserId, rating: &Rating) -> [u8; 26] {
    let mut key = [0u8; 26];
    key[..10].copy_from_slice(&board_prefix(guild, kind, rating.provisional()));
    let thousandths = (rating.rating * 1000.0).round().clamp(0.0, 1e15) as u64;
    key[10..18].copy_from_slice(&((1u64 << 63) - thousandths).to_be_bytes());
    key[18..].copy_from_slice(&user.to_be_bytes());
    key
}

fn team_key(guild: GuildId, team: TeamKey) -> [u8; 17] {
    let mut key = [0u8; 17];
    key[..8].copy_from_slice(&guild.to_be_bytes());
    let (tag, id) = match team {
        TeamKey::Role(id) => (b'r', id),
        TeamKey::Player(id) => (b'p', id),
    };
    key[8] = tag;
    key[9..].copy_from_slice(&id.to_be_bytes());
    key
}

pub(super) fn json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

pub(super) fn unjson<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn due_key(due: Timestamp, game: GameId) -> [u8; 16] {
    pair_key(due, game)
}

fn user_key(user: UserId, game: GameId) -> [u8; 16] {
    pair_key(user, game)
}

pub(super) fn id_from(bytes: &[u8]) -> Result<u64, StoreError> {
    bytes.try_into().map(u64::from_be_bytes).map_err(|_| StoreError::Corrupt(format!("an id of {} bytes", bytes.len())))
}

/// A stored game is a header and its moves. The header is the revision (8 bytes, big-endian, so that the
/// revision check of a write does not decode the record), how many moves are stored (8 bytes), then the JSON
/// record without its moves; each move is an entry of the `moves` tree, (game, index) -> JSON move. A move
/// thus writes one small entry and the header, whatever the game's length (schema version 2).
pub(super) fn encode(record: &GameRecord) -> Result<Vec<u8>, StoreError> {
    let mut bytes = record.revision.to_be_bytes().to_vec();
    bytes.extend((record.moves.len() as u64).to_be_bytes());
    let header = GameRecord { moves: Vec::new(), ..record.clone() };
    serde_json::to_writer(&mut bytes, &header).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    Ok(bytes)
}

fn revision_of(bytes: &[u8]) -> Result<u64, StoreError> {
    id_from(bytes.get(..8).unwrap_or_default())
}

/// How many moves a header says are stored.
fn moves_stored(bytes: &[u8]) -> Result<u64, StoreError> {
    id_from(bytes.get(8..16).unwrap_or_default())
}

/// A game's header, without its moves.
fn decode(bytes: &[u8]) -> Result<GameRecord, StoreError> {
    serde_json::from_slice(bytes.get(16..).unwrap_or_default()).map_err(|e| StoreError::Corrupt(e.to_string()))
}

pub(super) fn move_key(game: GameId, index: u64) -> [u8; 16] {
    pair_key(game, index)
}

/// Writes moves `from..` of a record and removes stored ones past its end (a game's moves only ever grow;
/// the removal keeps a shorter record exact); returns the bytes written.
pub(super) fn write_moves(t: &dyn KvTx, record: &GameRecord, from: u64, stored: u64) -> Result<u64, TxFail> {
    let count = record.moves.len() as u64;
    let mut bytes = 0;
    for index in from..count {
        let entry = json(&record.moves[index as usize])?;
        bytes += 16 + entry.len() as u64;
        t.insert(MOVES, &move_key(record.id, index), &entry)?;
    }
    for index in count..stored {
        t.remove(MOVES, &move_key(record.id, index))?;
    }
    Ok(bytes)
}

/// Takes `n` values of a counter kept in `meta` (the first value is 1); returns the first taken.
pub(super) fn next_counter(t: &dyn KvTx, key: &[u8], n: u64) -> Result<u64, TxFail> {
    let next = match t.get(META, key)? {
        Some(b) => id_from(&b)?,
        None => 1,
    };
    t.insert(META, key, &(next + n).to_be_bytes())?;
    Ok(next)
}

/// A counter kept in `meta` (its default when never set).
pub(super) fn counter(r: &dyn KvRead, key: &[u8], default: u64) -> Result<u64, StoreError> {
    Ok(r.get(META, key)?.map(|b| id_from(&b)).transpose()?.unwrap_or(default))
}

/// A game from its stored header and its moves. Outside a consistent view the header and the moves are read
/// one after the other: moves past the header's count belong to a later write and are left out, and a shortfall
/// (a write between the two reads, or damage) is read again from a fresh header.
pub(super) fn with_moves(r: &dyn KvRead, id: GameId, header: &[u8]) -> Result<GameRecord, StoreError> {
    let mut header = header.to_vec();
    for _ in 0..5 {
        let mut record = decode(&header)?;
        let count = moves_stored(&header)?;
        record.moves.reserve(count as usize);
        let (from, to) = (move_key(id, 0), move_key(id, count));
        for (key, value) in r.range(MOVES, &from, Some(&to), None)? {
            if key != move_key(id, record.moves.len() as u64) {
                // A move missing from the middle (damage): the moves after it are not this game's next.
                break;
            }
            record.moves.push(unjson(&value)?);
        }
        if record.moves.len() as u64 == count {
            return Ok(record);
        }
        match r.get(GAMES, &id.to_be_bytes())? {
            Some(fresh) if fresh != header => header = fresh,
            // The same header: a write still being applied tree by tree, or damage; look again shortly.
            Some(_) => std::thread::sleep(std::time::Duration::from_millis(2)),
            None => return Err(StoreError::Corrupt(format!("game {id} vanished while it was read"))),
        }
    }
    let header_count = moves_stored(&header)?;
    Err(StoreError::Corrupt(format!("game {id}'s header says {header_count} moves, fewer are stored")))
}

pub(super) fn all_games(r: &dyn KvRead) -> Result<Vec<GameRecord>, StoreError> {
    r.all(GAMES)?.into_iter().map(|(key, value)| with_moves(r, id_from(&key)?, &value)).collect()
}

fn notices(r: &dyn KvRead) -> Result<Vec<Notice>, StoreError> {
    r.all(OUTBOX)?
        .into_iter()
        .map(|(_, value)| serde_json::from_slice(&value).map_err(|e| StoreError::Corrupt(format!("a notice: {e}"))))
        .collect()
}

fn tournament_marks(r: &dyn KvRead, until: Timestamp) -> Result<Vec<TournamentMark>, StoreError> {
    let end = mark_key(&TournamentMark { at: until, tournament: u64::MAX, game: u64::MAX });
    r.up_to(TOURNAMENT_MARKS, &end)?.into_iter().map(|(key, _)| mark_of(&key)).collect()
}

fn board_post(r: &dyn KvRead, game: GameId) -> Result<Option<(ChannelId, u64)>, StoreError> {
    let Some(bytes) = r.get(BOARD_POSTS, &game.to_be_bytes())? else { return Ok(None) };
    if bytes.len() != 16 {
        return Err(StoreError::Corrupt(format!("board post of game {game} has {} bytes", bytes.len())));
    }
    Ok(Some((id_from(&bytes[..8])?, id_from(&bytes[8..])?)))
}

/// Every record, tree by tree, games second (what a backup holds).
pub(super) fn read_all(r: &dyn KvRead) -> Result<Vec<Entry>, StoreError> {
    let mut out = read_all_but_games(r)?;
    let games = all_games(r)?.into_iter().map(|record| Entry::Game { record: Box::new(record) });
    out.splice(1..1, games);
    Ok(out)
}

/// The counters, then every record but the games.
pub(super) fn read_all_but_games(r: &dyn KvRead) -> Result<Vec<Entry>, StoreError> {
    let mut out = vec![Entry::Counters(Counters {
        next_game_id: counter(r, NEXT_ID_KEY, 1)?,
        next_tournament_id: counter(r, NEXT_TOURNAMENT_KEY, 1)?,
        next_notice_id: counter(r, NEXT_NOTICE_KEY, 1)?,
        last_rating_sequence: highest_rating_sequence(r)?,
    })];
    for (_, value) in r.all(TOURNAMENTS)? {
        out.push(Entry::Tournament { record: unjson(&value)? });
    }
    for (key, value) in r.all(RATINGS)? {
        let game = *GameKind::ALL
            .iter()
            .find(|k| **k as u8 == key[8])
            .ok_or_else(|| StoreError::Corrupt(format!("a rating of game kind {}", key[8])))?;
        out.push(Entry::Rating {
            guild: id_from(&key[..8])?,
            game,
            user: id_from(&key[9..])?,
            record: unjson(&value)?,
        });
    }
    for (key, value) in r.all(TEAMS)? {
        let id = id_from(&key[9..])?;
        let team = if key[8] == b'r' { TeamKey::Role(id) } else { TeamKey::Player(id) };
        out.push(Entry::Team { guild: id_from(&key[..8])?, team, record: unjson(&value)? });
    }
    for (key, value) in r.all(GUILDS)? {
        out.push(Entry::Settings { guild: id_from(&key)?, record: unjson(&value)? });
    }
    for (key, value) in r.all(USERS)? {
        out.push(Entry::Notify { user: id_from(&key)?, on: value == [1] });
    }
    out.extend(notices(r)?.into_iter().map(|record| Entry::Notice { record }));
    out.extend(tournament_marks(r, u64::MAX)?.into_iter().map(|record| Entry::Mark { record }));
    for (key, _) in r.all(BOARD_POSTS)? {
        let game = id_from(&key)?;
        if let Some((channel, message)) = board_post(r, game)? {
            out.push(Entry::BoardPost { game, channel, message });
        }
    }
    Ok(out)
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

    /// Checks the schema version: a new store is stamped with this build's, another version is refused (the
    /// caller migrates what it knows how to first).
    pub(super) fn check_schema(&self, shown: &str) -> Result<(), StoreError> {
        match self.kv.get(META, SCHEMA_KEY)? {
            Some(found) => {
                let found = String::from_utf8_lossy(&found).into_owned();
                if found != SCHEMA_VERSION.to_string() {
                    return Err(StoreError::Schema { path: shown.into(), found, expected: SCHEMA_VERSION });
                }
            }
            None => {
                if !self.kv.is_empty(GAMES)? || !self.kv.is_empty(META)? {
                    return Err(StoreError::Unversioned { path: shown.into() });
                }
                self.kv.put(META, SCHEMA_KEY, SCHEMA_VERSION.to_string().as_bytes())?;
                self.kv.flush()?;
            }
        }
        Ok(())
    }

    /// The index of each user's live games is filled once from the live games (which the channels' index
    /// lists) for a store written before it existed, in one transaction, and a mark in the metadata says it is
    /// done (a second process doing the same finds the mark and does nothing).
    pub(super) fn mark_live_games(&self) -> Result<(), StoreError> {
        const MARKED: &[u8] = b"user_live_filled";
        if self.kv.get(META, MARKED)?.is_some() {
            return Ok(());
        }
        let mut keys = Vec::new();
        for (_, game) in self.kv.all(CHANNELS)? {
            if let Some(record) = self.game(id_from(&game)?)? {
                keys.extend(record.indexed_users().into_iter().map(|user| user_key(user, record.id)));
            }
        }
        let done = self.kv.transaction(&mut |t: &dyn KvTx| {
            if t.get(META, MARKED)?.is_some() {
                return Ok(());
            }
            for key in &keys {
                t.insert(USER_LIVE, key, &[])?;
            }
            t.insert(META, MARKED, b"1")?;
            Ok(())
        });
        done.map_err(|e| StoreError::Backend(format!("marking the live games in the users' index: {e}")))
    }

    /// Version 2 had no archive index: it is built from the games' headers, and the version stamped, in one
    /// transaction (a second process doing the same at the same moment finds version 3 and does nothing).
    pub(super) fn migrate_from_2(&self) -> Result<(), StoreError> {
        #[derive(serde::Deserialize)]
        struct Summary {
            guild: GuildId,
            kind: GameKind,
            status: super::record::Status,
            updated_at: Timestamp,
        }
        let mut entries = Vec::new();
        for (key, header) in self.kv.all(GAMES)? {
            let game: Summary = unjson(header.get(16..).unwrap_or_default())?;
            if let Some(key) = finished_key(game.guild, game.updated_at, id_from(&key)?, &game.status) {
                entries.push((key, game.kind as u8));
            }
        }
        let done = self.kv.transaction(&mut |t: &dyn KvTx| {
            if t.get(META, SCHEMA_KEY)?.as_deref() != Some(b"2") {
                return Ok(());
            }
            for (key, kind) in &entries {
                t.insert(GUILD_FINISHED, key, &[*kind])?;
            }
            t.insert(META, SCHEMA_KEY, b"3")?;
            Ok(())
        });
        done.map_err(|e| StoreError::Backend(format!("migrating the store to version 3: {e}")))
    }

    fn index(t: &dyn KvTx, record: &GameRecord) -> Result<(), TxFail> {
        let channel = record.channel.to_be_bytes();
        let id = record.id.to_be_bytes();
        if record.status.is_live() {
            t.insert(CHANNELS, &channel, &id)?;
        } else if t.get(CHANNELS, &channel)?.is_some_and(|held| held == id) {
            t.remove(CHANNELS, &channel)?;
        }
        // A user's live games have an index of their own: quotas and `/games` read them without the rest.
        for user in record.indexed_users() {
            t.insert(USER_GAMES, &user_key(user, record.id), &[])?;
            if record.status.is_live() {
                t.insert(USER_LIVE, &user_key(user, record.id), &[])?;
            } else {
                t.remove(USER_LIVE, &user_key(user, record.id))?;
            }
        }
        if let Some(key) = archive_key(record) {
            t.insert(GUILD_FINISHED, &key, &[record.kind as u8])?;
        }
        Ok(())
    }

    /// One game of a unit: created (its id assigned when 0), or written over revision `base`, with its
    /// indexes (live channel, the channel's latest game, its players, the schedule) kept in step; returns its id
    /// and the bytes written.
    fn write_game(
        t: &dyn KvTx,
        mut record: GameRecord,
        base: Option<u64>,
        bytes: &[u8],
    ) -> Result<(GameId, u64), TxFail> {
        let Some(base) = base else {
            let mut bytes = bytes.to_vec();
            if record.id == 0 {
                record.id = next_counter(t, NEXT_ID_KEY, 1)?;
                bytes = encode(&record)?;
            } else if t.get(GAMES, &record.id.to_be_bytes())?.is_some() {
                return Err(WriteError::IdTaken.into());
            }
            if record.status.is_live()
                && let Some(held) = t.get(CHANNELS, &record.channel.to_be_bytes())?
            {
                return Err(WriteError::ChannelBusy(id_from(&held)?).into());
            }
            let written = 8 + bytes.len() as u64 + write_moves(t, &record, 0, 0)?;
            t.insert(GAMES, &record.id.to_be_bytes(), &bytes)?;
            if record.is_channels_latest() {
                t.insert(CHANNEL_LAST, &record.channel.to_be_bytes(), &record.id.to_be_bytes())?;
            }
            KvStore::<K>::index(t, &record)?;
            if let Some(due) = record.due {
                t.insert(SCHEDULE, &due_key(due, record.id), &[])?;
            }
            return Ok((record.id, written));
        };
        let key = record.id.to_be_bytes();
        let stored = t.get(GAMES, &key)?.ok_or(WriteError::Missing)?;
        if revision_of(&stored)? != base {
            return Err(WriteError::Conflict.into());
        }
        let old = decode(&stored)?;
        if old.channel != record.channel {
            // The game moves (into its thread): it leaves the old channel and needs the new one free.
            if let Some(held) = t.get(CHANNELS, &record.channel.to_be_bytes())?
                && held != key
            {
                return Err(WriteError::ChannelBusy(id_from(&held)?).into());
            }
            if t.get(CHANNELS, &old.channel.to_be_bytes())?.is_some_and(|held| held == key) {
                t.remove(CHANNELS, &old.channel.to_be_bytes())?;
            }
            t.insert(CHANNEL_LAST, &record.channel.to_be_bytes(), &key)?;
        }
        if let Some(old_key) = archive_key(&old)
            && archive_key(&record) != Some(old_key)
        {
            // A finished game written again (an organiser's result): its archive entry moves with its end time.
            t.remove(GUILD_FINISHED, &old_key)?;
        }
        if old.due != record.due {
            if let Some(due) = old.due {
                t.remove(SCHEDULE, &due_key(due, record.id))?;
            }
            if let Some(due) = record.due {
                t.insert(SCHEDULE, &due_key(due, record.id), &[])?;
            }
        }
        t.insert(GAMES, &key, bytes)?;
        let stored_moves = moves_stored(&stored)?;
        let from = stored_moves.min(record.moves.len() as u64);
        let written = 8 + bytes.len() as u64 + write_moves(t, &record, from, stored_moves)?;
        KvStore::<K>::index(t, &record)?;
        Ok((record.id, written))
    }

    /// One tournament of a unit: created (its id assigned when 0, indexed by server) or written over `base`.
    fn write_tournament(t: &dyn KvTx, tournament: &Tournament, base: Option<u64>, bytes: &[u8]) -> Result<u64, TxFail> {
        let mut tournament = tournament.clone();
        // A tournament in sign-up with a deadline is marked for the scheduler at that deadline (kept in step
        // with the record, like a game's due time).
        let signup_mark = |t: &Tournament| {
            (t.status == TournamentStatus::SignUp).then_some(t.signup_until).flatten().map(|at| TournamentMark {
                at,
                tournament: t.id,
                game: 0,
            })
        };
        let bytes = match base {
            None => {
                if tournament.id == 0 {
                    tournament.id = next_counter(t, NEXT_TOURNAMENT_KEY, 1)?;
                } else if t.get(TOURNAMENTS, &tournament.id.to_be_bytes())?.is_some() {
                    return Err(WriteError::IdTaken.into());
                }
                t.insert(GUILD_TOURNAMENTS, &pair_key(tournament.guild, tournament.id), &[])?;
                json(&tournament)?
            }
            Some(base) => {
                let stored: Tournament = match t.get(TOURNAMENTS, &tournament.id.to_be_bytes())? {
                    Some(b) => unjson(&b)?,
                    None => return Err(WriteError::TournamentConflict.into()),
                };
                if stored.revision != base {
                    return Err(WriteError::TournamentConflict.into());
                }
                if let Some(old) = signup_mark(&stored) {
                    t.remove(TOURNAMENT_MARKS, &mark_key(&old))?;
                }
                bytes.to_vec()
            }
        };
        if let Some(mark) = signup_mark(&tournament) {
            t.insert(TOURNAMENT_MARKS, &mark_key(&mark), &[])?;
        }
        t.insert(TOURNAMENTS, &tournament.id.to_be_bytes(), &bytes)?;
        Ok(tournament.id)
    }
}

impl<K: Kv> Store for KvStore<K> {
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.kv.get(GAMES, &id.to_be_bytes())?.map(|b| with_moves(&self.kv, id, &b)).transpose()
    }

    fn channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
        self.kv.get(CHANNELS, &channel.to_be_bytes())?.map(|b| id_from(&b)).transpose()
    }

    fn last_channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
        self.kv.get(CHANNEL_LAST, &channel.to_be_bytes())?.map(|b| id_from(&b)).transpose()
    }

    fn user_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError> {
        self.kv.scan_prefix(USER_GAMES, &user.to_be_bytes())?.into_iter().map(|(key, _)| id_from(&key[8..])).collect()
    }

    fn user_live_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError> {
        self.kv.scan_prefix(USER_LIVE, &user.to_be_bytes())?.into_iter().map(|(key, _)| id_from(&key[8..])).collect()
    }

    fn commit(&self, unit: &Unit) -> Result<Committed, WriteError> {
        let mut games = Vec::with_capacity(unit.games.len());
        for write in &unit.games {
            games.push((write, encode(&write.record)?));
        }
        let mut tournaments = Vec::with_capacity(unit.tournaments.len());
        for write in &unit.tournaments {
            tournaments.push((write, json(&write.tournament)?));
        }
        let mut settings = Vec::with_capacity(unit.settings.len());
        for (guild, value) in &unit.settings {
            settings.push((guild.to_be_bytes(), json(value)?));
        }
        let standings = match &unit.standings {
            Some(write) => {
                let ratings = write
                    .standings
                    .ratings
                    .iter()
                    .map(|(g, k, u, r)| Ok((rating_key(*g, *k, *u), board_key(*g, *k, *u, r), json(r)?)))
                    .collect::<Result<Vec<_>, StoreError>>()?;
                let teams = write
                    .standings
                    .teams
                    .iter()
                    .map(|(g, k, t)| Ok((team_key(*g, *k), json(t)?)))
                    .collect::<Result<Vec<_>, StoreError>>()?;
                // A recomputation removes every record it does not write again. Read outside the transaction:
                // a rating written meanwhile also moves the sequence, and the check below then refuses the unit.
                let old = if write.replace {
                    let keys = |tree| -> Result<Vec<Vec<u8>>, StoreError> {
                        Ok(self.kv.all(tree)?.into_iter().map(|(k, _)| k).collect())
                    };
                    Some((keys(RATINGS)?, keys(RATING_INDEX)?, keys(TEAMS)?))
                } else {
                    None
                };
                Some((write, ratings, teams, old))
            }
            None => None,
        };
        let counts_commits = self.kv.counts_commits();
        let mut written = 0u64;
        let committed = self.kv.transaction(&mut |t: &dyn KvTx| {
            written = 0;
            let mut out = Committed::default();
            if counts_commits {
                next_counter(t, COMMITS_KEY, 1)?;
            }
            if let Some((key, at)) = &unit.request {
                if t.get(REQUESTS, key.as_bytes())?.is_some() {
                    return Err(WriteError::AlreadyDone.into());
                }
                t.insert(REQUESTS, key.as_bytes(), &at.to_be_bytes())?;
            }
            for (write, bytes) in &games {
                let (id, bytes) = KvStore::<K>::write_game(t, write.record.clone(), write.base, bytes)?;
                written += bytes;
                out.games.push(id);
            }
            for (write, bytes) in &tournaments {
                out.tournaments.push(KvStore::<K>::write_tournament(t, &write.tournament, write.base, bytes)?);
            }
            if let Some((write, ratings, teams, old)) = &standings {
                for &(guild, base) in &write.bases {
                    if server_rating_sequence(t, guild)? != base {
                        return Err(WriteError::RatingsMoved.into());
                    }
                }
                if let Some((old_ratings, old_index, old_teams)) = old {
                    for key in old_ratings {
                        t.remove(RATINGS, key)?;
                    }
                    for key in old_index {
                        t.remove(RATING_INDEX, key)?;
                    }
                    for key in old_teams {
                        t.remove(TEAMS, key)?;
                    }
                }
                for (rkey, index, value) in ratings {
                    // The leaderboard index entry of the rating being replaced, read in the transaction.
                    if let Some(old) = t.get(RATINGS, rkey)? {
                        let old: Rating = unjson(&old)?;
                        let user = id_from(&rkey[9..])?;
                        let kind = &write.standings.ratings.iter().find(|r| rating_key(r.0, r.1, r.2) == *rkey);
                        if let Some((guild, kind, _, _)) = kind {
                            t.remove(RATING_INDEX, &board_key(*guild, *kind, user, &old))?;
                        }
                    }
                    t.insert(RATINGS, rkey, value)?;
                    t.insert(RATING_INDEX, index, &[])?;
                }
                for (tkey, value) in teams {
                    t.insert(TEAMS, tkey, value)?;
                }
                for &(guild, sequence) in &write.standings.sequences {
                    t.insert(META, &server_rating_key(guild), &sequence.to_be_bytes())?;
                }
            }
            for notice in &unit.notices {
                let id = next_counter(t, NEXT_NOTICE_KEY, 1)?;
                let notice = Notice { id, ..notice.clone() };
                t.insert(OUTBOX, &id.to_be_bytes(), &json(&notice)?)?;
                out.notices.push(id);
            }
            for id in &unit.delivered {
                t.remove(OUTBOX, &id.to_be_bytes())?;
            }
            for mark in &unit.unmarks {
                t.remove(TOURNAMENT_MARKS, &mark_key(mark))?;
            }
            for mark in &unit.marks {
                t.insert(TOURNAMENT_MARKS, &mark_key(mark), &[])?;
            }
            for (key, value) in &settings {
                t.insert(GUILDS, key, value)?;
            }
            for (user, on) in &unit.notify {
                t.insert(USERS, &user.to_be_bytes(), &[u8::from(*on)])?;
            }
            Ok(out)
        })?;
        let others: usize = tournaments.iter().map(|(_, b)| b.len() + 8).sum::<usize>()
            + standings.as_ref().map_or(0, |(_, r, t, _)| {
                r.iter().map(|(k, i, v)| k.len() + i.len() + v.len()).sum::<usize>()
                    + t.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>()
            })
            + settings.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>();
        self.written.fetch_add(written + others as u64, std::sync::atomic::Ordering::Relaxed);
        Ok(committed)
    }

    fn reserve_game_ids(&self, n: u64) -> Result<GameId, StoreError> {
        self.kv.transaction(&mut |t: &dyn KvTx| next_counter(t, NEXT_ID_KEY, n)).map_err(|e| match e {
            WriteError::Store(e) => e,
            other => StoreError::Backend(other.to_string()),
        })
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
            let user = id_from(&key[18..])?;
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
        for (key, value) in self.kv.scan_prefix(TEAMS, &guild.to_be_bytes())? {
            let id = id_from(&key[9..])?;
            let team = if key[8] == b'r' { TeamKey::Role(id) } else { TeamKey::Player(id) };
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
        for (key, value) in self.kv.scan_prefix(GUILD_FINISHED, &guild.to_be_bytes())?.into_iter().rev() {
            if key.len() != 24 || value.len() != 1 {
                return Err(StoreError::Corrupt(format!("an archive entry of {} bytes", key.len())));
            }
            found.push((id_from(&key[16..])?, kind_of(value[0])?, id_from(&key[8..16])?));
        }
        Ok(found)
    }

    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        all_games(&self.kv)
    }

    fn tournament(&self, id: u64) -> Result<Option<Tournament>, StoreError> {
        self.kv.get(TOURNAMENTS, &id.to_be_bytes())?.map(|b| unjson(&b)).transpose()
    }

    fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>, StoreError> {
        let mut out = Vec::new();
        for (key, _) in self.kv.scan_prefix(GUILD_TOURNAMENTS, &guild.to_be_bytes())? {
            if let Some(t) = self.tournament(id_from(&key[8..])?)? {
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

    fn snapshot(&self) -> Result<Vec<Entry>, StoreError> {
        self.kv.consistent(&mut |r| read_all(r))
    }

    fn load(&self, entries: &[Entry]) -> Result<(), StoreError> {
        if !self.is_empty()? {
            return Err(StoreError::Backend("the store to fill already holds data".into()));
        }
        let failed = |e: WriteError| StoreError::Backend(format!("loading the records: {e}"));
        let mut counters = Counters::default();
        let mut units = vec![Unit::default()];
        let mut standings = Standings::default();
        for entry in entries {
            let unit = units.last_mut().expect("a unit");
            match entry {
                Entry::Counters(c) => counters = *c,
                Entry::Game { record } => unit.games.push(GameWrite { record: (**record).clone(), base: None }),
                Entry::Tournament { record } => {
                    unit.tournaments.push(TournamentWrite { tournament: record.clone(), base: None })
                }
                Entry::Rating { guild, game, user, record } => {
                    standings.ratings.push((*guild, *game, *user, record.clone()))
                }
                Entry::Team { guild, team, record } => standings.teams.push((*guild, *team, record.clone())),
                Entry::Settings { guild, record } => unit.settings.push((*guild, record.clone())),
                Entry::Notify { user, on } => unit.notify.push((*user, *on)),
                Entry::Mark { record } => unit.marks.push(*record),
                Entry::Notice { record } => {
                    // Notices keep their ids (their posts' nonces are made of them).
                    self.kv.put(OUTBOX, &record.id.to_be_bytes(), &json(record)?)?;
                }
                Entry::BoardPost { game, channel, message } => self.set_board_post(*game, *channel, *message)?,
            }
            if unit.games.len() + unit.tournaments.len() >= 200 {
                units.push(Unit::default());
            }
        }
        for unit in &units {
            self.commit(unit).map_err(failed)?;
        }
        let standings = StandingsWrite { bases: Vec::new(), standings, replace: false };
        self.commit(&Unit { standings: Some(standings), ..Unit::default() }).map_err(failed)?;
        for (key, value, default) in [
            (NEXT_ID_KEY, counters.next_game_id, 1),
            (NEXT_TOURNAMENT_KEY, counters.next_tournament_id, 1),
            (NEXT_NOTICE_KEY, counters.next_notice_id, 1),
            (LAST_RATING_KEY, counters.last_rating_sequence, 0),
        ] {
            self.kv.put(META, key, &value.max(default).to_be_bytes())?;
        }
        self.kv.flush()
    }

    fn check_indexes(&self, repair: bool) -> Result<Vec<String>, StoreError> {
        use std::collections::{BTreeMap, BTreeSet};
        let games = self.all_games()?;
        let key_set = |tree| -> Result<BTreeSet<Vec<u8>>, StoreError> {
            Ok(self.kv.all(tree)?.into_iter().map(|(k, _)| k).collect())
        };
        let (mut channels, mut schedule, mut users, mut last) =
            (BTreeSet::new(), BTreeSet::new(), BTreeSet::new(), BTreeMap::new());
        let mut finished = BTreeSet::new();
        let mut live_users = BTreeSet::new();
        for g in &games {
            if let Some(key) = archive_key(g) {
                finished.insert((key.to_vec(), vec![g.kind as u8]));
            }
            if g.status.is_live() {
                channels.insert((g.channel.to_be_bytes().to_vec(), g.id.to_be_bytes().to_vec()));
            }
            if let Some(due) = g.due {
                schedule.insert(due_key(due, g.id).to_vec());
            }
            for user in g.indexed_users() {
                users.insert(user_key(user, g.id).to_vec());
                if g.status.is_live() {
                    live_users.insert(user_key(user, g.id).to_vec());
                }
            }
            if g.is_channels_latest() {
                last.insert(g.channel, g.id);
            }
        }
        let mut found = Vec::new();
        let stored_channels: BTreeSet<(Vec<u8>, Vec<u8>)> = self.kv.all(CHANNELS)?.into_iter().collect();
        for (channel, game) in channels.difference(&stored_channels) {
            found.push(format!(
                "live game {} is missing from the index of channel {}",
                id_from(game)?,
                id_from(channel)?
            ));
        }
        for (channel, game) in stored_channels.difference(&channels) {
            found.push(format!(
                "channel {} is indexed as holding game {}, which is not live there",
                id_from(channel)?,
                id_from(game)?
            ));
        }
        let stored_schedule = key_set(SCHEDULE)?;
        found.extend(
            schedule
                .difference(&stored_schedule)
                .map(|k| format!("game {} is missing from the schedule", id_from(&k[8..]).unwrap_or(0))),
        );
        found.extend(
            stored_schedule
                .difference(&schedule)
                .map(|k| format!("the schedule holds a stale entry for game {}", id_from(&k[8..]).unwrap_or(0))),
        );
        let stored_users = key_set(USER_GAMES)?;
        let stored_live = key_set(USER_LIVE)?;
        found.extend(
            live_users
                .difference(&stored_live)
                .map(|k| format!("live game {} is missing from a player's live games", id_from(&k[8..]).unwrap_or(0))),
        );
        found.extend(
            stored_live.difference(&live_users).map(|k| {
                format!("game {} is among a player's live games but is not live", id_from(&k[8..]).unwrap_or(0))
            }),
        );
        found.extend(
            users
                .difference(&stored_users)
                .map(|k| format!("game {} is missing from a player's games", id_from(&k[8..]).unwrap_or(0))),
        );
        let stored_finished: BTreeSet<(Vec<u8>, Vec<u8>)> = self.kv.all(GUILD_FINISHED)?.into_iter().collect();
        let game_of = |k: &[u8]| k.get(16..).map_or(Ok(0), id_from).unwrap_or(0);
        found.extend(
            finished
                .difference(&stored_finished)
                .map(|(k, _)| format!("finished game {} is missing from its server's archive", game_of(k))),
        );
        found.extend(
            stored_finished
                .difference(&finished)
                .map(|(k, _)| format!("the archive holds a stale entry for game {}", game_of(k))),
        );
        for (channel, game) in &last {
            let stored = self.last_channel_game(*channel)?;
            if stored.is_none_or(|s| s < *game) {
                found.push(format!("channel {channel}'s latest game should be {game}, the index says {stored:?}"));
            }
        }
        if repair && !found.is_empty() {
            // Rebuilt from the games, in one transaction.
            let old_channels = key_set(CHANNELS)?;
            let rebuilt = self.kv.transaction(&mut |t: &dyn KvTx| {
                for k in &old_channels {
                    t.remove(CHANNELS, k)?;
                }
                for k in &stored_schedule {
                    t.remove(SCHEDULE, k)?;
                }
                for (channel, game) in &channels {
                    t.insert(CHANNELS, channel, game)?;
                }
                for k in &schedule {
                    t.insert(SCHEDULE, k, &[])?;
                }
                for k in &users {
                    t.insert(USER_GAMES, k, &[])?;
                }
                for k in &stored_live {
                    t.remove(USER_LIVE, k)?;
                }
                for k in &live_users {
                    t.insert(USER_LIVE, k, &[])?;
                }
                for (channel, game) in &last {
                    t.insert(CHANNEL_LAST, &channel.to_be_bytes(), &game.to_be_bytes())?;
                }
                for (k, _) in &stored_finished {
                    t.remove(GUILD_FINISHED, k)?;
                }
                for (k, v) in &finished {
                    t.insert(GUILD_FINISHED, k, v)?;
                }
                Ok(())
            });
            rebuilt.map_err(|e| StoreError::Backend(format!("rebuilding the indexes: {e}")))?;
        }
        Ok(found)
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        for tree in [GAMES, TOURNAMENTS, RATINGS, TEAMS, GUILDS, OUTBOX] {
            if !self.kv.is_empty(tree)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn due_games(&self, until: Timestamp) -> Result<Vec<GameId>, StoreError> {
        self.kv.up_to(SCHEDULE, &due_key(until, u64::MAX))?.into_iter().map(|(key, _)| id_from(&key[8..])).collect()
    }

    fn next_due(&self) -> Result<Option<Timestamp>, StoreError> {
        let game = self.kv.first(SCHEDULE)?.map(|(key, _)| id_from(&key[..8])).transpose()?;
        let mark = self.kv.first(TOURNAMENT_MARKS)?.map(|(key, _)| id_from(&key[..8])).transpose()?;
        Ok(game.into_iter().chain(mark).min())
    }

    fn notices(&self) -> Result<Vec<Notice>, StoreError> {
        notices(&self.kv)
    }

    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        match self.kv.get(GUILDS, &guild.to_be_bytes())? {
            Some(bytes) => {
                serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt(format!("guild settings: {e}")))
            }
            None => Ok(GuildSettings::default()),
        }
    }

    fn notify_dm(&self, user: UserId) -> Result<bool, StoreError> {
        Ok(self.kv.get(USERS, &user.to_be_bytes())?.is_some_and(|v| v == [1]))
    }

    fn board_post(&self, game: GameId) -> Result<Option<(ChannelId, u64)>, StoreError> {
        board_post(&self.kv, game)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.kv.flush()
    }

    fn set_board_post(&self, game: GameId, channel: ChannelId, message: u64) -> Result<(), StoreError> {
        // Not flushed on its own: losing it in a crash only leaves an old board's buttons in place (a press there
        // is refused as out of date); the next game write makes it durable.
        self.kv.put(BOARD_POSTS, &game.to_be_bytes(), &pair_key(channel, message))
    }
}
