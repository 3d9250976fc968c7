//! The sled backend of [`Store`]. Trees: `meta` (schema version, id counter), `games` (id -> JSON record),
//! `channels` (channel id -> live game id), `channel_last` (channel id -> latest game id), `user_games`
//! (user id ++ game id -> nothing). Keys are big-endian
//! so that prefix scans come back in id order. Every write is one transaction over the trees it touches and
//! is flushed before it returns.

use std::path::Path;

use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError, TransactionalTree};

use super::record::{ChannelId, GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
use super::{
    GuildSettings, Rating, SCHEMA_VERSION, Standings, Store, StoreError, TeamKey, TeamRecord, Tournament, WriteError,
};
use crate::games::GameKind;

const SCHEMA_KEY: &[u8] = b"schema_version";
const NEXT_ID_KEY: &[u8] = b"next_game_id";
const NEXT_NOTICE_KEY: &[u8] = b"next_notice_id";

pub struct SledStore {
    db: sled::Db,
    meta: sled::Tree,
    games: sled::Tree,
    channels: sled::Tree,
    channel_last: sled::Tree,
    user_games: sled::Tree,
    /// game -> (channel, message) of the post that shows its latest board (front ends strip its buttons later).
    board_posts: sled::Tree,
    /// (due time, game) -> nothing: the scheduler's queue, in deadline order.
    schedule: sled::Tree,
    /// notice id -> JSON notice: the outbox of decisions not yet posted.
    outbox: sled::Tree,
    /// guild -> JSON settings.
    guilds: sled::Tree,
    /// user -> 1 when reminders go by direct message.
    users: sled::Tree,
    /// (guild, game kind, user) -> JSON rating.
    ratings: sled::Tree,
    /// (guild, game kind, provisional, 2^63 - rating in thousandths, user) -> nothing: leaderboards in order.
    rating_index: sled::Tree,
    /// (guild, team key) -> JSON team record (Zohn Ahl).
    teams: sled::Tree,
    /// tournament id -> JSON tournament.
    tournaments: sled::Tree,
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

fn json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn unjson<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt(e.to_string()))
}

const LAST_RATING_KEY: &[u8] = b"last_rating_sequence";
const NEXT_TOURNAMENT_KEY: &[u8] = b"next_tournament_id";

fn due_key(due: Timestamp, game: GameId) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&due.to_be_bytes());
    key[8..].copy_from_slice(&game.to_be_bytes());
    key
}

fn backend(e: sled::Error) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn user_key(user: UserId, game: GameId) -> [u8; 16] {
    let mut key = [0; 16];
    key[..8].copy_from_slice(&user.to_be_bytes());
    key[8..].copy_from_slice(&game.to_be_bytes());
    key
}

fn id_from(bytes: &[u8]) -> Result<u64, StoreError> {
    bytes.try_into().map(u64::from_be_bytes).map_err(|_| StoreError::Corrupt(format!("an id of {} bytes", bytes.len())))
}

/// A stored game is its revision (8 bytes, big-endian) followed by the JSON record, so that the revision check
/// of a write does not decode the whole record.
fn encode(record: &GameRecord) -> Result<Vec<u8>, StoreError> {
    let mut bytes = record.revision.to_be_bytes().to_vec();
    serde_json::to_writer(&mut bytes, record).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    Ok(bytes)
}

fn revision_of(bytes: &[u8]) -> Result<u64, StoreError> {
    id_from(bytes.get(..8).unwrap_or_default())
}

fn decode(bytes: &[u8]) -> Result<GameRecord, StoreError> {
    serde_json::from_slice(bytes.get(8..).unwrap_or_default()).map_err(|e| StoreError::Corrupt(e.to_string()))
}

type Abort = ConflictableTransactionError<WriteError>;

fn abort(e: impl Into<WriteError>) -> Abort {
    ConflictableTransactionError::Abort(e.into())
}

/// Opens sled, waiting up to a second for a lock still held by a store of this process being dropped (sled's
/// flusher thread lets go of the file a moment after the last handle is gone); another process's lock is
/// reported after that second.
fn open_db(path: &Path) -> sled::Result<sled::Db> {
    let mut attempts = 0;
    loop {
        match sled::open(path) {
            // sled reports the lock as ErrorKind::Other with this text.
            Err(sled::Error::Io(e)) if e.to_string().contains("could not acquire lock") && attempts < 50 => {
                attempts += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

impl SledStore {
    /// Opens (or creates) the store in `path`, refusing a store of another schema version.
    pub fn open(path: &Path) -> Result<SledStore, StoreError> {
        let db = open_db(path)
            .map_err(|e| StoreError::Backend(format!("cannot open the store at {}: {e}", path.display())))?;
        let store = SledStore {
            meta: db.open_tree("meta").map_err(backend)?,
            games: db.open_tree("games").map_err(backend)?,
            channels: db.open_tree("channels").map_err(backend)?,
            channel_last: db.open_tree("channel_last").map_err(backend)?,
            user_games: db.open_tree("user_games").map_err(backend)?,
            board_posts: db.open_tree("board_posts").map_err(backend)?,
            schedule: db.open_tree("schedule").map_err(backend)?,
            outbox: db.open_tree("outbox").map_err(backend)?,
            guilds: db.open_tree("guilds").map_err(backend)?,
            users: db.open_tree("users").map_err(backend)?,
            ratings: db.open_tree("ratings").map_err(backend)?,
            rating_index: db.open_tree("rating_index").map_err(backend)?,
            teams: db.open_tree("teams").map_err(backend)?,
            tournaments: db.open_tree("tournaments").map_err(backend)?,
            db,
        };
        let shown = path.display().to_string();
        match store.meta.get(SCHEMA_KEY).map_err(backend)? {
            Some(found) => {
                let found = String::from_utf8_lossy(&found).into_owned();
                if found != SCHEMA_VERSION.to_string() {
                    return Err(StoreError::Schema { path: shown, found, expected: SCHEMA_VERSION });
                }
            }
            None => {
                if !store.games.is_empty() || !store.meta.is_empty() {
                    return Err(StoreError::Unversioned { path: shown });
                }
                store.meta.insert(SCHEMA_KEY, SCHEMA_VERSION.to_string().as_bytes()).map_err(backend)?;
                store.db.flush().map_err(backend)?;
            }
        }
        Ok(store)
    }

    /// Writes everything to disk (every write already does; this is for shutdown).
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush().map(|_| ()).map_err(backend)
    }

    fn index(channels: &TransactionalTree, user_games: &TransactionalTree, record: &GameRecord) -> Result<(), Abort> {
        let channel = record.channel.to_be_bytes();
        let id = record.id.to_be_bytes();
        if record.status.is_live() {
            channels.insert(&channel, &id)?;
        } else if channels.get(channel)?.is_some_and(|held| *held == id) {
            channels.remove(&channel)?;
        }
        for user in record.participants() {
            user_games.insert(&user_key(user, record.id), &[])?;
        }
        Ok(())
    }
}

fn finish<T>(result: Result<T, TransactionError<WriteError>>) -> Result<T, WriteError> {
    result.map_err(|e| match e {
        TransactionError::Abort(e) => e,
        TransactionError::Storage(e) => WriteError::Store(backend(e)),
    })
}

impl Store for SledStore {
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.games.get(id.to_be_bytes()).map_err(backend)?.map(|b| decode(&b)).transpose()
    }

    fn channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
        self.channels.get(channel.to_be_bytes()).map_err(backend)?.map(|b| id_from(&b)).transpose()
    }

    fn last_channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
        self.channel_last.get(channel.to_be_bytes()).map_err(backend)?.map(|b| id_from(&b)).transpose()
    }

    fn user_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError> {
        self.user_games
            .scan_prefix(user.to_be_bytes())
            .map(|entry| entry.map_err(backend).and_then(|(key, _)| id_from(&key[8..])))
            .collect()
    }

    fn create_game(&self, record: GameRecord) -> Result<GameRecord, WriteError> {
        let trees = (&self.meta, &self.games, &self.channels, &self.channel_last, &self.user_games, &self.schedule);
        let created = finish(trees.transaction(|(meta, games, channels, channel_last, user_games, schedule)| {
            if let Some(held) = channels.get(record.channel.to_be_bytes())? {
                return Err(abort(WriteError::ChannelBusy(id_from(&held).map_err(abort)?)));
            }
            let id = match meta.get(NEXT_ID_KEY)? {
                Some(b) => id_from(&b).map_err(abort)?,
                None => 1,
            };
            meta.insert(NEXT_ID_KEY, &(id + 1).to_be_bytes())?;
            let mut stored = record.clone();
            stored.id = id;
            let bytes = encode(&stored).map_err(abort)?;
            games.insert(&id.to_be_bytes(), bytes)?;
            channel_last.insert(&record.channel.to_be_bytes(), &id.to_be_bytes())?;
            SledStore::index(channels, user_games, &stored)?;
            if let Some(due) = stored.due {
                schedule.insert(&due_key(due, id), &[])?;
            }
            Ok(stored)
        }))?;
        self.flush()?;
        Ok(created)
    }

    fn write_game(
        &self,
        record: &GameRecord,
        base: u64,
        notice: Option<Notice>,
        standings: &Standings,
    ) -> Result<Option<u64>, WriteError> {
        let bytes = encode(record)?;
        let mut rating_values = Vec::with_capacity(standings.ratings.len());
        for (guild, kind, user, rating) in &standings.ratings {
            let old = self.rating(*guild, *kind, *user)?.map(|r| board_key(*guild, *kind, *user, &r));
            rating_values.push((
                rating_key(*guild, *kind, *user),
                old,
                board_key(*guild, *kind, *user, rating),
                json(rating)?,
            ));
        }
        let mut team_values = Vec::with_capacity(standings.teams.len());
        for (guild, key, team) in &standings.teams {
            team_values.push((team_key(*guild, *key), json(team)?));
        }
        let trees = (
            &self.meta,
            &self.games,
            &self.channels,
            &self.channel_last,
            &self.user_games,
            &self.schedule,
            &self.outbox,
            &self.ratings,
            &self.rating_index,
            &self.teams,
        );
        let noted = finish(trees.transaction(
            |(meta, games, channels, channel_last, user_games, schedule, outbox, ratings, rating_index, teams)| {
                let key = record.id.to_be_bytes();
                let stored = games.get(key)?.ok_or_else(|| abort(WriteError::Missing))?;
                if revision_of(&stored).map_err(abort)? != base {
                    return Err(abort(WriteError::Conflict));
                }
                let old = decode(&stored).map_err(abort)?;
                if old.channel != record.channel {
                    // The game moves (into its thread): it leaves the old channel and needs the new one free.
                    if let Some(held) = channels.get(record.channel.to_be_bytes())?
                        && *held != key
                    {
                        return Err(abort(WriteError::ChannelBusy(id_from(&held).map_err(abort)?)));
                    }
                    if channels.get(old.channel.to_be_bytes())?.is_some_and(|held| *held == key) {
                        channels.remove(&old.channel.to_be_bytes())?;
                    }
                    channel_last.insert(&record.channel.to_be_bytes(), &key)?;
                }
                if old.due != record.due {
                    if let Some(due) = old.due {
                        schedule.remove(&due_key(due, record.id))?;
                    }
                    if let Some(due) = record.due {
                        schedule.insert(&due_key(due, record.id), &[])?;
                    }
                }
                games.insert(&key, bytes.as_slice())?;
                SledStore::index(channels, user_games, record)?;
                // Ratings: the callers serialize rating updates, so the old index key read above is current.
                for (rkey, old_index, index, value) in &rating_values {
                    ratings.insert(rkey, value.as_slice())?;
                    if let Some(old_index) = old_index {
                        rating_index.remove(old_index)?;
                    }
                    rating_index.insert(index, &[])?;
                }
                for (tkey, value) in &team_values {
                    teams.insert(tkey, value.as_slice())?;
                }
                if let Some(sequence) = standings.sequence {
                    meta.insert(LAST_RATING_KEY, &sequence.to_be_bytes())?;
                }
                let Some(mut notice) = notice.clone() else { return Ok(None) };
                let id = match meta.get(NEXT_NOTICE_KEY)? {
                    Some(b) => id_from(&b).map_err(abort)?,
                    None => 1,
                };
                meta.insert(NEXT_NOTICE_KEY, &(id + 1).to_be_bytes())?;
                notice.id = id;
                let json = serde_json::to_vec(&notice).map_err(|e| abort(StoreError::Corrupt(e.to_string())))?;
                outbox.insert(&id.to_be_bytes(), json)?;
                Ok(Some(id))
            },
        ))?;
        self.flush()?;
        Ok(noted)
    }

    fn rating(&self, guild: GuildId, kind: GameKind, user: UserId) -> Result<Option<Rating>, StoreError> {
        self.ratings.get(rating_key(guild, kind, user)).map_err(backend)?.map(|b| unjson(&b)).transpose()
    }

    fn leaderboard(
        &self,
        guild: GuildId,
        kind: GameKind,
        provisional: bool,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<(UserId, Rating)>, usize), StoreError> {
        let prefix = board_prefix(guild, kind, provisional);
        let mut page = Vec::with_capacity(limit);
        let mut total = 0;
        for entry in self.rating_index.scan_prefix(prefix) {
            let (key, _) = entry.map_err(backend)?;
            if total >= offset && page.len() < limit {
                let user = id_from(&key[18..])?;
                if let Some(rating) = self.rating(guild, kind, user)? {
                    page.push((user, rating));
                }
            }
            total += 1;
        }
        Ok((page, total))
    }

    fn team_record(&self, guild: GuildId, key: TeamKey) -> Result<Option<TeamRecord>, StoreError> {
        self.teams.get(team_key(guild, key)).map_err(backend)?.map(|b| unjson(&b)).transpose()
    }

    fn team_records(&self, guild: GuildId) -> Result<Vec<(TeamKey, TeamRecord)>, StoreError> {
        let mut out: Vec<(TeamKey, TeamRecord)> = Vec::new();
        for entry in self.teams.scan_prefix(guild.to_be_bytes()) {
            let (key, value) = entry.map_err(backend)?;
            let id = id_from(&key[9..])?;
            let team = if key[8] == b'r' { TeamKey::Role(id) } else { TeamKey::Player(id) };
            out.push((team, unjson(&value)?));
        }
        out.sort_by(|a, b| b.1.wins.cmp(&a.1.wins).then(a.0.cmp(&b.0)));
        Ok(out)
    }

    fn last_rating_sequence(&self) -> Result<u64, StoreError> {
        Ok(self.meta.get(LAST_RATING_KEY).map_err(backend)?.map(|b| id_from(&b)).transpose()?.unwrap_or(0))
    }

    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        self.games.iter().map(|entry| decode(&entry.map_err(backend)?.1)).collect()
    }

    fn replace_standings(&self, standings: &Standings) -> Result<(), StoreError> {
        self.ratings.clear().map_err(backend)?;
        self.rating_index.clear().map_err(backend)?;
        self.teams.clear().map_err(backend)?;
        for (guild, kind, user, rating) in &standings.ratings {
            self.ratings.insert(rating_key(*guild, *kind, *user), json(rating)?).map_err(backend)?;
            self.rating_index.insert(board_key(*guild, *kind, *user, rating), &[]).map_err(backend)?;
        }
        for (guild, key, team) in &standings.teams {
            self.teams.insert(team_key(*guild, *key), json(team)?).map_err(backend)?;
        }
        if let Some(sequence) = standings.sequence {
            self.meta.insert(LAST_RATING_KEY, &sequence.to_be_bytes()).map_err(backend)?;
        }
        self.flush()
    }

    fn tournament(&self, id: u64) -> Result<Option<Tournament>, StoreError> {
        self.tournaments.get(id.to_be_bytes()).map_err(backend)?.map(|b| unjson(&b)).transpose()
    }

    fn save_tournament(&self, mut tournament: Tournament) -> Result<Tournament, StoreError> {
        if tournament.id == 0 {
            let next = self
                .meta
                .update_and_fetch(NEXT_TOURNAMENT_KEY, |old| {
                    let n = old.and_then(|b| b.try_into().ok().map(u64::from_be_bytes)).unwrap_or(0) + 1;
                    Some(n.to_be_bytes().to_vec())
                })
                .map_err(backend)?;
            tournament.id = next.map(|b| id_from(&b)).transpose()?.unwrap_or(1);
        }
        self.tournaments.insert(tournament.id.to_be_bytes(), json(&tournament)?).map_err(backend)?;
        self.flush()?;
        Ok(tournament)
    }

    fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>, StoreError> {
        let mut out = Vec::new();
        for entry in self.tournaments.iter() {
            let t: Tournament = unjson(&entry.map_err(backend)?.1)?;
            if t.guild == guild {
                out.push(t);
            }
        }
        Ok(out)
    }

    fn tournament_guilds(&self) -> Result<Vec<GuildId>, StoreError> {
        use super::tournament::TournamentStatus;
        let mut guilds = Vec::new();
        for entry in self.tournaments.iter() {
            let t: Tournament = unjson(&entry.map_err(backend)?.1)?;
            if matches!(t.status, TournamentStatus::SignUp | TournamentStatus::Running) && !guilds.contains(&t.guild) {
                guilds.push(t.guild);
            }
        }
        Ok(guilds)
    }

    fn due_games(&self, until: Timestamp) -> Result<Vec<GameId>, StoreError> {
        let mut games = Vec::new();
        for entry in self.schedule.range(..=due_key(until, u64::MAX)) {
            let (key, _) = entry.map_err(backend)?;
            games.push(id_from(&key[8..])?);
        }
        Ok(games)
    }

    fn next_due(&self) -> Result<Option<Timestamp>, StoreError> {
        self.schedule.first().map_err(backend)?.map(|(key, _)| id_from(&key[..8])).transpose()
    }

    fn notices(&self) -> Result<Vec<Notice>, StoreError> {
        self.outbox
            .iter()
            .map(|entry| {
                let (_, value) = entry.map_err(backend)?;
                serde_json::from_slice(&value).map_err(|e| StoreError::Corrupt(format!("a notice: {e}")))
            })
            .collect()
    }

    fn remove_notice(&self, id: u64) -> Result<(), StoreError> {
        self.outbox.remove(id.to_be_bytes()).map_err(backend)?;
        self.flush()
    }

    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        match self.guilds.get(guild.to_be_bytes()).map_err(backend)? {
            Some(bytes) => {
                serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt(format!("guild settings: {e}")))
            }
            None => Ok(GuildSettings::default()),
        }
    }

    fn set_guild_settings(&self, guild: GuildId, settings: &GuildSettings) -> Result<(), StoreError> {
        let json = serde_json::to_vec(settings).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        self.guilds.insert(guild.to_be_bytes(), json).map_err(backend)?;
        self.flush()
    }

    fn notify_dm(&self, user: UserId) -> Result<bool, StoreError> {
        Ok(self.users.get(user.to_be_bytes()).map_err(backend)?.is_some_and(|v| v.as_ref() == [1]))
    }

    fn set_notify_dm(&self, user: UserId, on: bool) -> Result<(), StoreError> {
        self.users.insert(user.to_be_bytes(), &[u8::from(on)]).map_err(backend)?;
        self.flush()
    }

    fn board_post(&self, game: GameId) -> Result<Option<(ChannelId, u64)>, StoreError> {
        let Some(bytes) = self.board_posts.get(game.to_be_bytes()).map_err(backend)? else { return Ok(None) };
        if bytes.len() != 16 {
            return Err(StoreError::Corrupt(format!("board post of game {game} has {} bytes", bytes.len())));
        }
        Ok(Some((id_from(&bytes[..8])?, id_from(&bytes[8..])?)))
    }

    fn set_board_post(&self, game: GameId, channel: ChannelId, message: u64) -> Result<(), StoreError> {
        let mut value = [0u8; 16];
        value[..8].copy_from_slice(&channel.to_be_bytes());
        value[8..].copy_from_slice(&message.to_be_bytes());
        // Not flushed on its own: losing it in a crash only leaves an old board's buttons in place (a press there
        // is refused as out of date); the next game write, or sled's periodic flush, makes it durable.
        self.board_posts.insert(game.to_be_bytes(), &value).map_err(backend)?;
        Ok(())
    }
}
