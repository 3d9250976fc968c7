//! The sled backend of [`Store`]. Trees: `meta` (schema version, id counters, the last rating sequence),
//! `games` (id -> the game's header: revision, move count, JSON record without its moves), `moves` ((game, index) ->
//! JSON move), `channels` (channel id -> live game id), `channel_last` (channel id
//! -> latest game id), `user_games` (user id ++ game id -> nothing), and those listed on [`SledStore`]'s
//! fields. Keys are big-endian so that prefix scans come back in id order. A [`Unit`] is one sled transaction
//! over every tree, flushed before `commit` returns.

use std::path::Path;

use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError, TransactionalTree};

use super::backup::{Counters, Entry};
use super::record::{ChannelId, GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
use super::tournament::TournamentStatus;
use super::{
    Committed, GameWrite, GuildSettings, Rating, SCHEMA_VERSION, Standings, StandingsWrite, Store, StoreError, TeamKey,
    TeamRecord, Tournament, TournamentMark, TournamentWrite, Unit, WriteError,
};
use crate::games::GameKind;

const SCHEMA_KEY: &[u8] = b"schema_version";
const NEXT_ID_KEY: &[u8] = b"next_game_id";
const NEXT_NOTICE_KEY: &[u8] = b"next_notice_id";
/// How many units were committed: a snapshot read between two equal counts saw no commit.
const COMMITS_KEY: &[u8] = b"commits";

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
    /// (guild, tournament id) -> nothing: a server's tournaments without a scan of everyone's.
    guild_tournaments: sled::Tree,
    /// (due time, tournament id, game id) -> nothing: tournaments the scheduler must look at.
    tournament_marks: sled::Tree,
    /// request key -> when it was carried out (seconds, big-endian): requests already done.
    requests: sled::Tree,
    /// (game, move index) -> JSON move: the games' moves, appended one by one.
    moves: sled::Tree,
    /// Bytes of keys and values the committed units wrote (a measure, nothing rests on it).
    written: std::sync::atomic::AtomicU64,
    /// A file beside sled's holding how many units were committed (see `open_with`).
    high_water: std::path::PathBuf,
    /// That file, kept open: each commit overwrites its fixed-width count in place (one cheap write, no sync).
    high_water_file: std::sync::Mutex<Option<std::fs::File>>,
}

/// The file in the store's folder that holds the count of committed units.
pub(super) const HIGH_WATER_FILE: &str = "tablero-commits";

/// The order of the trees in a unit's transaction.
const META: usize = 0;
const GAMES: usize = 1;
const CHANNELS: usize = 2;
const CHANNEL_LAST: usize = 3;
const USER_GAMES: usize = 4;
const SCHEDULE: usize = 5;
const OUTBOX: usize = 6;
const GUILDS: usize = 7;
const USERS: usize = 8;
const RATINGS: usize = 9;
const RATING_INDEX: usize = 10;
const TEAMS: usize = 11;
const TOURNAMENTS: usize = 12;
const GUILD_TOURNAMENTS: usize = 13;
const TOURNAMENT_MARKS: usize = 14;
const REQUESTS: usize = 15;
const MOVES: usize = 16;

fn pair_key(a: u64, b: u64) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&a.to_be_bytes());
    key[8..].copy_from_slice(&b.to_be_bytes());
    key
}

fn mark_key(mark: &TournamentMark) -> [u8; 24] {
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

/// A stored game is a header and its moves. The header is the revision (8 bytes, big-endian, so that the
/// revision check of a write does not decode the record), how many moves are stored (8 bytes), then the JSON
/// record without its moves; each move is an entry of the `moves` tree, (game, index) -> JSON move. A move
/// thus writes one small entry and the header, whatever the game's length (schema version 2).
fn encode(record: &GameRecord) -> Result<Vec<u8>, StoreError> {
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

/// A version 1 game: the revision, then the whole record (moves included) as JSON.
fn decode_v1(bytes: &[u8]) -> Result<GameRecord, StoreError> {
    serde_json::from_slice(bytes.get(8..).unwrap_or_default()).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn move_key(game: GameId, index: u64) -> [u8; 16] {
    pair_key(game, index)
}

/// Writes moves `from..` of a record and removes stored ones past its end (a game's moves only ever grow;
/// the removal keeps a shorter record exact).
fn write_moves(moves: &TransactionalTree, record: &GameRecord, from: u64, stored: u64) -> Result<u64, Abort> {
    let count = record.moves.len() as u64;
    let mut bytes = 0;
    for index in from..count {
        let entry =
            serde_json::to_vec(&record.moves[index as usize]).map_err(|e| abort(StoreError::Corrupt(e.to_string())))?;
        bytes += 16 + entry.len() as u64;
        moves.insert(&move_key(record.id, index), entry)?;
    }
    for index in count..stored {
        moves.remove(&move_key(record.id, index))?;
    }
    Ok(bytes)
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
        SledStore::open_with(path, true)
    }

    /// Opens a store that [`SledStore::open`] refuses as having lost changes, to copy out what it still holds
    /// (`tablero admin salvage`).
    pub fn open_damaged(path: &Path) -> Result<SledStore, StoreError> {
        SledStore::open_with(path, false)
    }

    fn open_with(path: &Path, guard: bool) -> Result<SledStore, StoreError> {
        // A compaction a crash interrupted is finished (or undone) first.
        super::folder::recover(path)?;
        let kept = if guard {
            // A safety net: a folder that cannot be kept (no room, a read-only parent) is opened all the same.
            super::folder::keep_before_open(path).unwrap_or_else(|e| {
                tracing::warn!("the store could not be kept as it was before opening it: {e}");
                None
            })
        } else {
            None
        };
        let opened = SledStore::open_kept(path, guard);
        if let Some(kept) = kept {
            match &opened {
                // sled zeroed what followed the damage: the store goes back as it was, for salvage to read.
                Err(StoreError::Corrupt(_)) => super::folder::put_back(path, &kept)?,
                _ => super::folder::discard(&kept),
            }
        }
        opened
    }

    fn open_kept(path: &Path, guard: bool) -> Result<SledStore, StoreError> {
        let shown = path.display().to_string();
        let db = open_db(path).map_err(|e| match e {
            sled::Error::Corruption { .. } => StoreError::Corrupt(format!(
                "the store at {shown} is damaged: part of its files no longer reads back as written ({e}). \
                 tablero left it as it was. Keep the folder as it is; build a new store from the latest backup \
                 (`tablero admin restore FILE --data NEW_FOLDER`; the bot writes backups when `[backup] every` is \
                 set), or copy out what it still holds (`tablero admin salvage {shown} NEW_FOLDER`)",
            )),
            sled::Error::Io(ref io) if io.to_string().contains("could not acquire lock") => {
                StoreError::InUse { path: path.display().to_string() }
            }
            e => StoreError::Backend(format!("cannot open the store at {}: {e}", path.display())),
        })?;
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
            guild_tournaments: db.open_tree("guild_tournaments").map_err(backend)?,
            tournament_marks: db.open_tree("tournament_marks").map_err(backend)?,
            requests: db.open_tree("requests").map_err(backend)?,
            moves: db.open_tree("moves").map_err(backend)?,
            written: std::sync::atomic::AtomicU64::new(0),
            high_water: path.join(HIGH_WATER_FILE),
            high_water_file: std::sync::Mutex::new(None),
            db,
        };
        // sled reads a damaged log up to the damage and drops the rest without a word: the count of committed
        // units kept beside the store tells when that happened.
        let committed = store.counter(COMMITS_KEY, 0)?;
        let known = std::fs::read_to_string(&store.high_water).ok().and_then(|t| t.trim().parse::<u64>().ok());
        if guard && let Some(known) = known.filter(|&k| k > committed) {
            return Err(StoreError::Corrupt(format!(
                "the store at {shown} is damaged: it holds {committed} of the {known} changes made to it (sled, \
                 reading files that no longer read back as written, keeps what came before the damage and drops \
                 the rest). tablero wrote nothing to it. Keep the folder as it is; build a new store from the \
                 latest backup (`tablero admin restore FILE --data NEW_FOLDER`), or copy out what it still holds \
                 (`tablero admin salvage {shown} NEW_FOLDER`)"
            )));
        }
        match store.meta.get(SCHEMA_KEY).map_err(backend)? {
            Some(found) => {
                let found = String::from_utf8_lossy(&found).into_owned();
                if found == "1" {
                    store.migrate_from_1()?;
                } else if found != SCHEMA_VERSION.to_string() {
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

    /// Version 1 had no index of a server's tournaments and no tournament marks: both are built (a running
    /// tournament is marked to be looked at now, one in sign-up at its deadline), in one transaction.
    fn migrate_from_1(&self) -> Result<(), StoreError> {
        let mut marks = Vec::new();
        let mut index = Vec::new();
        for entry in self.tournaments.iter() {
            let t: Tournament = unjson(&entry.map_err(backend)?.1)?;
            index.push(pair_key(t.guild, t.id));
            match t.status {
                TournamentStatus::Running => marks.push(TournamentMark { at: 0, tournament: t.id, game: 0 }),
                TournamentStatus::SignUp => {
                    if let Some(at) = t.signup_until {
                        marks.push(TournamentMark { at, tournament: t.id, game: 0 });
                    }
                }
                _ => {}
            }
        }
        // Version 1 kept the last tournament id given; version 2 keeps the next one.
        let last_given = self.meta.get(NEXT_TOURNAMENT_KEY).map_err(backend)?.map(|b| id_from(&b)).transpose()?;
        // Version 1 stored each game whole; version 2 as a header and its moves.
        let mut games = Vec::new();
        for entry in self.games.iter() {
            let (key, value) = entry.map_err(backend)?;
            let record = decode_v1(&value)?;
            games.push((key, encode(&record)?, record));
        }
        let trees = (&self.meta, &self.guild_tournaments, &self.tournament_marks, &self.games, &self.moves);
        let done: Result<(), TransactionError<WriteError>> =
            trees.transaction(|(meta, guild_tournaments, marks_tree, games_tree, moves)| {
                for (key, header, record) in &games {
                    games_tree.insert(key, header.as_slice())?;
                    write_moves(moves, record, 0, 0)?;
                }
                for key in &index {
                    guild_tournaments.insert(key.as_slice(), &[])?;
                }
                for mark in &marks {
                    marks_tree.insert(mark_key(mark).as_slice(), &[])?;
                }
                if let Some(last) = last_given {
                    meta.insert(NEXT_TOURNAMENT_KEY, &(last + 1).to_be_bytes())?;
                }
                meta.insert(SCHEMA_KEY, SCHEMA_VERSION.to_string().as_bytes())?;
                Ok(())
            });
        done.map_err(|e| StoreError::Backend(format!("migrating the store to version {SCHEMA_VERSION}: {e:?}")))?;
        self.flush()
    }

    /// Writes the count of committed units into the file beside the store, in place.
    fn note_commits(&self, count: u64) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = self.high_water_file.lock().unwrap_or_else(|e| e.into_inner());
        if file.is_none() {
            *file = Some(std::fs::OpenOptions::new().create(true).write(true).truncate(false).open(&self.high_water)?);
        }
        let file = file.as_mut().expect("opened above");
        file.seek(SeekFrom::Start(0))?;
        file.write_all(format!("{count:020}\n").as_bytes())
    }

    /// A counter kept in `meta` (its default when never set).
    fn counter(&self, key: &[u8], default: u64) -> Result<u64, StoreError> {
        Ok(self.meta.get(key).map_err(backend)?.map(|b| id_from(&b)).transpose()?.unwrap_or(default))
    }

    /// Every record, tree by tree (a snapshot checks that no commit came in between).
    fn read_all(&self) -> Result<Vec<Entry>, StoreError> {
        let mut out = self.read_all_but_games()?;
        let games = self.all_games()?.into_iter().map(|record| Entry::Game { record: Box::new(record) });
        out.splice(1..1, games);
        Ok(out)
    }

    /// The counters, then every record but the games.
    fn read_all_but_games(&self) -> Result<Vec<Entry>, StoreError> {
        let mut out = vec![Entry::Counters(Counters {
            next_game_id: self.counter(NEXT_ID_KEY, 1)?,
            next_tournament_id: self.counter(NEXT_TOURNAMENT_KEY, 1)?,
            next_notice_id: self.counter(NEXT_NOTICE_KEY, 1)?,
            last_rating_sequence: self.counter(LAST_RATING_KEY, 0)?,
        })];
        for entry in self.tournaments.iter() {
            out.push(Entry::Tournament { record: unjson(&entry.map_err(backend)?.1)? });
        }
        for entry in self.ratings.iter() {
            let (key, value) = entry.map_err(backend)?;
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
        for entry in self.teams.iter() {
            let (key, value) = entry.map_err(backend)?;
            let id = id_from(&key[9..])?;
            let team = if key[8] == b'r' { TeamKey::Role(id) } else { TeamKey::Player(id) };
            out.push(Entry::Team { guild: id_from(&key[..8])?, team, record: unjson(&value)? });
        }
        for entry in self.guilds.iter() {
            let (key, value) = entry.map_err(backend)?;
            out.push(Entry::Settings { guild: id_from(&key)?, record: unjson(&value)? });
        }
        for entry in self.users.iter() {
            let (key, value) = entry.map_err(backend)?;
            out.push(Entry::Notify { user: id_from(&key)?, on: value.as_ref() == [1] });
        }
        out.extend(self.notices()?.into_iter().map(|record| Entry::Notice { record }));
        out.extend(self.tournament_marks(u64::MAX)?.into_iter().map(|record| Entry::Mark { record }));
        for entry in self.board_posts.iter() {
            let (key, _) = entry.map_err(backend)?;
            let game = id_from(&key)?;
            if let Some((channel, message)) = self.board_post(game)? {
                out.push(Entry::BoardPost { game, channel, message });
            }
        }
        Ok(out)
    }

    /// What a damaged store still holds: every record that reads back (a game only whole, with all its moves),
    /// and in words what did not, and how many committed changes the store no longer holds.
    pub fn salvageable(&self) -> (Vec<Entry>, Vec<String>) {
        let mut lost = Vec::new();
        let committed = self.counter(COMMITS_KEY, 0).unwrap_or(0);
        if let Some(known) = std::fs::read_to_string(&self.high_water).ok().and_then(|t| t.trim().parse::<u64>().ok())
            && known > committed
        {
            lost.push(format!("the latest {} of {known} changes are gone from the store", known - committed));
        }
        let mut out = match self.read_all_but_games() {
            Ok(entries) => entries,
            Err(e) => {
                lost.push(format!("some records other than games could not be read: {e}"));
                Vec::new()
            }
        };
        for entry in self.games.iter() {
            match entry.map_err(backend).and_then(|(key, value)| {
                let id = id_from(&key)?;
                self.with_moves(id, &value).map_err(|e| match e {
                    StoreError::Corrupt(why) if !why.starts_with("game ") => {
                        StoreError::Corrupt(format!("game {id}: {why}"))
                    }
                    e => e,
                })
            }) {
                Ok(record) => out.push(Entry::Game { record: Box::new(record) }),
                Err(StoreError::Corrupt(why)) => lost.push(why),
                Err(e) => lost.push(format!("a game could not be read: {e}")),
            }
        }
        (out, lost)
    }

    /// A game from its stored header and its moves. The header and the moves are read one after the other,
    /// outside a transaction: moves past the header's count belong to a later write and are left out, and a
    /// shortfall (a write between the two reads, or damage) is read again from a fresh header.
    fn with_moves(&self, id: GameId, header: &[u8]) -> Result<GameRecord, StoreError> {
        let mut header = header.to_vec();
        for _ in 0..5 {
            let mut record = decode(&header)?;
            let count = moves_stored(&header)?;
            record.moves.reserve(count as usize);
            for entry in self.moves.scan_prefix(id.to_be_bytes()).take(count as usize) {
                let (key, value) = entry.map_err(backend)?;
                if key.as_ref() != move_key(id, record.moves.len() as u64) {
                    // A move missing from the middle (damage): the moves after it are not this game's next.
                    break;
                }
                record.moves.push(unjson(&value)?);
            }
            if record.moves.len() as u64 == count {
                return Ok(record);
            }
            match self.games.get(id.to_be_bytes()).map_err(backend)? {
                Some(fresh) if fresh.as_ref() != header.as_slice() => header = fresh.to_vec(),
                // The same header: a write still being applied tree by tree, or damage; look again shortly.
                Some(_) => std::thread::sleep(std::time::Duration::from_millis(2)),
                None => return Err(StoreError::Corrupt(format!("game {id} vanished while it was read"))),
            }
        }
        let header_count = moves_stored(&header)?;
        Err(StoreError::Corrupt(format!("game {id}'s header says {header_count} moves, fewer are stored")))
    }

    /// Every tree, in the order of the constants above (a unit's transaction spans them all).
    fn trees(&self) -> [&sled::Tree; 17] {
        [
            &self.meta,
            &self.games,
            &self.channels,
            &self.channel_last,
            &self.user_games,
            &self.schedule,
            &self.outbox,
            &self.guilds,
            &self.users,
            &self.ratings,
            &self.rating_index,
            &self.teams,
            &self.tournaments,
            &self.guild_tournaments,
            &self.tournament_marks,
            &self.requests,
            &self.moves,
        ]
    }

    /// Bytes of keys and values written by the units committed since the store was opened (headers, moves,
    /// index entries; not sled's own framing).
    pub fn bytes_written(&self) -> u64 {
        self.written.load(std::sync::atomic::Ordering::Relaxed)
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

    /// One game of a unit: created (its id assigned when 0), or written over revision `base`, with its
    /// indexes (live channel, the channel's latest game, its players, the schedule) kept in step.
    fn write_game(
        t: &[TransactionalTree],
        mut record: GameRecord,
        base: Option<u64>,
        bytes: &[u8],
        written: &std::cell::Cell<u64>,
    ) -> Result<GameId, Abort> {
        let Some(base) = base else {
            let mut bytes = bytes.to_vec();
            if record.id == 0 {
                record.id = next_counter(&t[META], NEXT_ID_KEY, 1)?;
                bytes = encode(&record).map_err(abort)?;
            } else if t[GAMES].get(record.id.to_be_bytes())?.is_some() {
                return Err(abort(WriteError::IdTaken));
            }
            if record.status.is_live()
                && let Some(held) = t[CHANNELS].get(record.channel.to_be_bytes())?
            {
                return Err(abort(WriteError::ChannelBusy(id_from(&held).map_err(abort)?)));
            }
            written.set(written.get() + 8 + bytes.len() as u64 + write_moves(&t[MOVES], &record, 0, 0)?);
            t[GAMES].insert(&record.id.to_be_bytes(), bytes)?;
            t[CHANNEL_LAST].insert(&record.channel.to_be_bytes(), &record.id.to_be_bytes())?;
            SledStore::index(&t[CHANNELS], &t[USER_GAMES], &record)?;
            if let Some(due) = record.due {
                t[SCHEDULE].insert(&due_key(due, record.id), &[])?;
            }
            return Ok(record.id);
        };
        let key = record.id.to_be_bytes();
        let stored = t[GAMES].get(key)?.ok_or_else(|| abort(WriteError::Missing))?;
        if revision_of(&stored).map_err(abort)? != base {
            return Err(abort(WriteError::Conflict));
        }
        let old = decode(&stored).map_err(abort)?;
        if old.channel != record.channel {
            // The game moves (into its thread): it leaves the old channel and needs the new one free.
            if let Some(held) = t[CHANNELS].get(record.channel.to_be_bytes())?
                && *held != key
            {
                return Err(abort(WriteError::ChannelBusy(id_from(&held).map_err(abort)?)));
            }
            if t[CHANNELS].get(old.channel.to_be_bytes())?.is_some_and(|held| *held == key) {
                t[CHANNELS].remove(&old.channel.to_be_bytes())?;
            }
            t[CHANNEL_LAST].insert(&record.channel.to_be_bytes(), &key)?;
        }
        if old.due != record.due {
            if let Some(due) = old.due {
                t[SCHEDULE].remove(&due_key(due, record.id))?;
            }
            if let Some(due) = record.due {
                t[SCHEDULE].insert(&due_key(due, record.id), &[])?;
            }
        }
        t[GAMES].insert(&key, bytes)?;
        let stored_moves = moves_stored(&stored).map_err(abort)?;
        let from = stored_moves.min(record.moves.len() as u64);
        written.set(written.get() + 8 + bytes.len() as u64 + write_moves(&t[MOVES], &record, from, stored_moves)?);
        SledStore::index(&t[CHANNELS], &t[USER_GAMES], &record)?;
        Ok(record.id)
    }

    /// One tournament of a unit: created (its id assigned when 0, indexed by server) or written over `base`.
    fn write_tournament(
        t: &[TransactionalTree],
        tournament: &Tournament,
        base: Option<u64>,
        bytes: &[u8],
    ) -> Result<u64, Abort> {
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
                    tournament.id = next_counter(&t[META], NEXT_TOURNAMENT_KEY, 1)?;
                } else if t[TOURNAMENTS].get(tournament.id.to_be_bytes())?.is_some() {
                    return Err(abort(WriteError::IdTaken));
                }
                t[GUILD_TOURNAMENTS].insert(&pair_key(tournament.guild, tournament.id), &[])?;
                json(&tournament).map_err(abort)?
            }
            Some(base) => {
                let stored = t[TOURNAMENTS].get(tournament.id.to_be_bytes())?;
                let stored: Tournament = match stored {
                    Some(b) => unjson(&b).map_err(abort)?,
                    None => return Err(abort(WriteError::TournamentConflict)),
                };
                if stored.revision != base {
                    return Err(abort(WriteError::TournamentConflict));
                }
                if let Some(old) = signup_mark(&stored) {
                    t[TOURNAMENT_MARKS].remove(&mark_key(&old))?;
                }
                bytes.to_vec()
            }
        };
        if let Some(mark) = signup_mark(&tournament) {
            t[TOURNAMENT_MARKS].insert(&mark_key(&mark), &[])?;
        }
        t[TOURNAMENTS].insert(&tournament.id.to_be_bytes(), bytes)?;
        Ok(tournament.id)
    }
}

/// Takes `n` values of a counter kept in `meta` (the first value is 1); returns the first taken.
fn next_counter(meta: &TransactionalTree, key: &[u8], n: u64) -> Result<u64, Abort> {
    let next = match meta.get(key)? {
        Some(b) => id_from(&b).map_err(abort)?,
        None => 1,
    };
    meta.insert(key, &(next + n).to_be_bytes())?;
    Ok(next)
}

fn finish<T>(result: Result<T, TransactionError<WriteError>>) -> Result<T, WriteError> {
    result.map_err(|e| match e {
        TransactionError::Abort(e) => e,
        TransactionError::Storage(e) => WriteError::Store(backend(e)),
    })
}

impl Store for SledStore {
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.games.get(id.to_be_bytes()).map_err(backend)?.map(|b| self.with_moves(id, &b)).transpose()
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
                    let keys = |tree: &sled::Tree| -> Result<Vec<sled::IVec>, StoreError> {
                        tree.iter().keys().map(|k| k.map_err(backend)).collect()
                    };
                    Some((keys(&self.ratings)?, keys(&self.rating_index)?, keys(&self.teams)?))
                } else {
                    None
                };
                Some((write, ratings, teams, old))
            }
            None => None,
        };
        let trees = self.trees();
        let written = std::cell::Cell::new(0u64);
        let committed = finish(trees[..].transaction(|t: &Vec<TransactionalTree>| {
            written.set(0);
            let mut out = Committed::default();
            next_counter(&t[META], COMMITS_KEY, 1)?;
            if let Some((key, at)) = &unit.request {
                if t[REQUESTS].get(key.as_bytes())?.is_some() {
                    return Err(abort(WriteError::AlreadyDone));
                }
                t[REQUESTS].insert(key.as_bytes(), &at.to_be_bytes())?;
            }
            for (write, bytes) in &games {
                out.games.push(SledStore::write_game(t, write.record.clone(), write.base, bytes, &written)?);
            }
            for (write, bytes) in &tournaments {
                out.tournaments.push(SledStore::write_tournament(t, &write.tournament, write.base, bytes)?);
            }
            if let Some((write, ratings, teams, old)) = &standings {
                let last = t[META].get(LAST_RATING_KEY)?.map(|b| id_from(&b)).transpose().map_err(abort)?;
                if last.unwrap_or(0) != write.base {
                    return Err(abort(WriteError::RatingsMoved));
                }
                if let Some((old_ratings, old_index, old_teams)) = old {
                    for key in old_ratings {
                        t[RATINGS].remove(key)?;
                    }
                    for key in old_index {
                        t[RATING_INDEX].remove(key)?;
                    }
                    for key in old_teams {
                        t[TEAMS].remove(key)?;
                    }
                }
                for (rkey, index, value) in ratings {
                    // The leaderboard index entry of the rating being replaced, read in the transaction.
                    if let Some(old) = t[RATINGS].get(rkey)? {
                        let old: Rating = unjson(&old).map_err(abort)?;
                        let user = id_from(&rkey[9..]).map_err(abort)?;
                        let kind = &write.standings.ratings.iter().find(|r| rating_key(r.0, r.1, r.2) == *rkey);
                        if let Some((guild, kind, _, _)) = kind {
                            t[RATING_INDEX].remove(&board_key(*guild, *kind, user, &old))?;
                        }
                    }
                    t[RATINGS].insert(rkey, value.as_slice())?;
                    t[RATING_INDEX].insert(index, &[])?;
                }
                for (tkey, value) in teams {
                    t[TEAMS].insert(tkey, value.as_slice())?;
                }
                if let Some(sequence) = write.standings.sequence {
                    t[META].insert(LAST_RATING_KEY, &sequence.to_be_bytes())?;
                }
            }
            for notice in &unit.notices {
                let id = next_counter(&t[META], NEXT_NOTICE_KEY, 1)?;
                let notice = Notice { id, ..notice.clone() };
                t[OUTBOX].insert(&id.to_be_bytes(), json(&notice).map_err(abort)?)?;
                out.notices.push(id);
            }
            for id in &unit.delivered {
                t[OUTBOX].remove(&id.to_be_bytes())?;
            }
            for mark in &unit.unmarks {
                t[TOURNAMENT_MARKS].remove(&mark_key(mark))?;
            }
            for mark in &unit.marks {
                t[TOURNAMENT_MARKS].insert(&mark_key(mark), &[])?;
            }
            for (key, value) in &settings {
                t[GUILDS].insert(key, value.as_slice())?;
            }
            for (user, on) in &unit.notify {
                t[USERS].insert(&user.to_be_bytes(), &[u8::from(*on)])?;
            }
            Ok(out)
        }))?;
        let others: usize = tournaments.iter().map(|(_, b)| b.len() + 8).sum::<usize>()
            + standings.as_ref().map_or(0, |(_, r, t, _)| {
                r.iter().map(|(k, i, v)| k.len() + i.len() + v.len()).sum::<usize>()
                    + t.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>()
            })
            + settings.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>();
        self.written.fetch_add(written.get() + others as u64, std::sync::atomic::Ordering::Relaxed);
        self.flush()?;
        // After the flush, never before: the file never says more than the store durably holds. It is not
        // synced itself (a crash may leave it behind the store, which is harmless).
        if let Err(e) = self.note_commits(self.counter(COMMITS_KEY, 0)?) {
            tracing::warn!(error = %e, "could not note the count of changes beside the store");
        }
        Ok(committed)
    }

    fn reserve_game_ids(&self, n: u64) -> Result<GameId, StoreError> {
        let first = finish((&self.meta,).transaction(|(meta,)| next_counter(meta, NEXT_ID_KEY, n)));
        let first = first.map_err(|e| match e {
            WriteError::Store(e) => e,
            other => StoreError::Backend(other.to_string()),
        })?;
        self.flush()?;
        Ok(first)
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
        self.games
            .iter()
            .map(|entry| {
                let (key, value) = entry.map_err(backend)?;
                self.with_moves(id_from(&key)?, &value)
            })
            .collect()
    }

    fn tournament(&self, id: u64) -> Result<Option<Tournament>, StoreError> {
        self.tournaments.get(id.to_be_bytes()).map_err(backend)?.map(|b| unjson(&b)).transpose()
    }

    fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>, StoreError> {
        let mut out = Vec::new();
        for entry in self.guild_tournaments.scan_prefix(guild.to_be_bytes()) {
            let (key, _) = entry.map_err(backend)?;
            if let Some(t) = self.tournament(id_from(&key[8..])?)? {
                out.push(t);
            }
        }
        Ok(out)
    }

    fn tournament_marks(&self, until: Timestamp) -> Result<Vec<TournamentMark>, StoreError> {
        let end = mark_key(&TournamentMark { at: until, tournament: u64::MAX, game: u64::MAX });
        self.tournament_marks.range(..=end).map(|entry| mark_of(&entry.map_err(backend)?.0)).collect()
    }

    fn request_done(&self, key: &str) -> Result<bool, StoreError> {
        Ok(self.requests.get(key.as_bytes()).map_err(backend)?.is_some())
    }

    fn prune_requests(&self, before: Timestamp) -> Result<usize, StoreError> {
        let mut old = Vec::new();
        for entry in self.requests.iter() {
            let (key, at) = entry.map_err(backend)?;
            if id_from(&at)? < before {
                old.push(key);
            }
        }
        for key in &old {
            // A key only answers "was this request done?"; dropping it after Discord's redelivery window is safe.
            self.requests.remove(key).map_err(backend)?;
        }
        Ok(old.len())
    }

    fn snapshot(&self) -> Result<Vec<Entry>, StoreError> {
        for _ in 0..50 {
            let before = self.counter(COMMITS_KEY, 0)?;
            let entries = self.read_all()?;
            if self.counter(COMMITS_KEY, 0)? == before {
                return Ok(entries);
            }
        }
        Err(StoreError::Backend("the store kept changing while it was read; try again".into()))
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
                    self.outbox.insert(record.id.to_be_bytes(), json(record)?).map_err(backend)?;
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
        let standings = StandingsWrite { base: 0, standings, replace: false };
        self.commit(&Unit { standings: Some(standings), ..Unit::default() }).map_err(failed)?;
        for (key, value, default) in [
            (NEXT_ID_KEY, counters.next_game_id, 1),
            (NEXT_TOURNAMENT_KEY, counters.next_tournament_id, 1),
            (NEXT_NOTICE_KEY, counters.next_notice_id, 1),
            (LAST_RATING_KEY, counters.last_rating_sequence, 0),
        ] {
            self.meta.insert(key, &value.max(default).to_be_bytes()).map_err(backend)?;
        }
        self.flush()
    }

    fn check_indexes(&self, repair: bool) -> Result<Vec<String>, StoreError> {
        use std::collections::BTreeSet;
        let games = self.all_games()?;
        let key_set = |tree: &sled::Tree| -> Result<BTreeSet<Vec<u8>>, StoreError> {
            tree.iter().keys().map(|k| k.map(|k| k.to_vec()).map_err(backend)).collect()
        };
        let (mut channels, mut schedule, mut users, mut last) =
            (BTreeSet::new(), BTreeSet::new(), BTreeSet::new(), std::collections::BTreeMap::new());
        for g in &games {
            if g.status.is_live() {
                channels.insert((g.channel.to_be_bytes().to_vec(), g.id.to_be_bytes().to_vec()));
            }
            if let Some(due) = g.due {
                schedule.insert(due_key(due, g.id).to_vec());
            }
            for user in g.participants() {
                users.insert(user_key(user, g.id).to_vec());
            }
            last.insert(g.channel, g.id);
        }
        let mut found = Vec::new();
        let stored_channels: BTreeSet<(Vec<u8>, Vec<u8>)> = self
            .channels
            .iter()
            .map(|e| e.map(|(k, v)| (k.to_vec(), v.to_vec())).map_err(backend))
            .collect::<Result<_, _>>()?;
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
        let stored_schedule = key_set(&self.schedule)?;
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
        let stored_users = key_set(&self.user_games)?;
        found.extend(
            users
                .difference(&stored_users)
                .map(|k| format!("game {} is missing from a player's games", id_from(&k[8..]).unwrap_or(0))),
        );
        for (channel, game) in &last {
            let stored = self.last_channel_game(*channel)?;
            if stored.is_none_or(|s| s < *game) {
                found.push(format!("channel {channel}'s latest game should be {game}, the index says {stored:?}"));
            }
        }
        if repair && !found.is_empty() {
            // Rebuilt from the games, in one transaction over the index trees.
            let trees = (&self.channels, &self.schedule, &self.user_games, &self.channel_last);
            let (old_channels, old_schedule) = (key_set(&self.channels)?, stored_schedule);
            let rebuilt: Result<(), TransactionError<()>> = trees.transaction(|(c, s, u, l)| {
                for k in &old_channels {
                    c.remove(k.as_slice())?;
                }
                for k in &old_schedule {
                    s.remove(k.as_slice())?;
                }
                for (channel, game) in &channels {
                    c.insert(channel.as_slice(), game.as_slice())?;
                }
                for k in &schedule {
                    s.insert(k.as_slice(), &[])?;
                }
                for k in &users {
                    u.insert(k.as_slice(), &[])?;
                }
                for (channel, game) in &last {
                    l.insert(&channel.to_be_bytes(), &game.to_be_bytes())?;
                }
                Ok(())
            });
            rebuilt.map_err(|e| StoreError::Backend(format!("rebuilding the indexes: {e:?}")))?;
            self.flush()?;
        }
        Ok(found)
    }

    fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.games.is_empty()
            && self.tournaments.is_empty()
            && self.ratings.is_empty()
            && self.teams.is_empty()
            && self.guilds.is_empty()
            && self.outbox.is_empty())
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
        let game = self.schedule.first().map_err(backend)?.map(|(key, _)| id_from(&key[..8])).transpose()?;
        let mark = self.tournament_marks.first().map_err(backend)?.map(|(key, _)| id_from(&key[..8])).transpose()?;
        Ok(game.into_iter().chain(mark).min())
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

    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        match self.guilds.get(guild.to_be_bytes()).map_err(backend)? {
            Some(bytes) => {
                serde_json::from_slice(&bytes).map_err(|e| StoreError::Corrupt(format!("guild settings: {e}")))
            }
            None => Ok(GuildSettings::default()),
        }
    }

    fn notify_dm(&self, user: UserId) -> Result<bool, StoreError> {
        Ok(self.users.get(user.to_be_bytes()).map_err(backend)?.is_some_and(|v| v.as_ref() == [1]))
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
