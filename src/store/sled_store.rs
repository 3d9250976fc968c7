//! The sled backend: each tree of [`super::kv`] is a sled tree of the same name; a unit is one sled transaction
//! over all of them, flushed before it returns. Beside sled's files the folder holds `tablero-commits`, the
//! count of units committed: sled, reading a log damaged on disk, keeps what came before the damage and drops
//! the rest without a word, and the count tells (see `open_kept`).

use crate::store::record::GameId;
use std::path::Path;

use sled::Transactional;
use sled::transaction::{
    ConflictableTransactionError, TransactionError, TransactionalTree, UnabortableTransactionError,
};

use super::backup::Entry;
use super::kv::*;
use super::kv_store::*;
use super::record::GameRecord;
use super::tournament::TournamentStatus;
use super::{StoreError, Tournament, TournamentMark, WriteError};

/// The store in a sled folder.
pub type SledStore = KvStore<SledKv>;

pub struct SledKv {
    db: sled::Db,
    trees: Vec<sled::Tree>,
    /// A file beside sled's holding how many units were committed (see `open_kept`).
    high_water: std::path::PathBuf,
    /// That file, kept open: each commit overwrites its fixed-width count in place (one cheap write, no sync).
    high_water_file: std::sync::Mutex<Option<std::fs::File>>,
    /// Who hears announcements: sled is opened by one process, so only tables of this process share it.
    hearers: std::sync::RwLock<Vec<(&'static str, Heard)>>,
}

/// The file in the store's folder that holds the count of committed units.
pub(super) const HIGH_WATER_FILE: &str = "tablero-commits";

fn backend(e: sled::Error) -> StoreError {
    StoreError::Sled(e)
}

/// A version 1 game: the revision, then the whole record (moves included) as JSON.
fn decode_v1(bytes: &[u8]) -> Result<GameRecord, StoreError> {
    Ok(serde_json::from_slice(bytes.get(8..).unwrap_or_default())?)
}

impl KvRead for SledKv {
    fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.trees[tree].get(key).map_err(backend)?.map(|v| v.to_vec()))
    }

    fn range(&self, tree: usize, from: &[u8], to: Option<&[u8]>, limit: Option<usize>) -> Result<Entries, StoreError> {
        let entries = match to {
            Some(to) if to <= from => return Ok(Vec::new()),
            Some(to) => self.trees[tree].range(from..to),
            None => self.trees[tree].range(from..),
        };
        entries
            .take(limit.unwrap_or(usize::MAX))
            .map(|e| e.map(|(k, v)| (k.to_vec(), v.to_vec())).map_err(backend))
            .collect()
    }
}

/// The trees of one sled transaction.
struct SledTx<'a>(&'a [TransactionalTree]);

fn retry(e: UnabortableTransactionError) -> TxFail {
    TxFail::Backend(Box::new(e))
}

impl KvTx for SledTx<'_> {
    fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, TxFail> {
        Ok(self.0[tree].get(key).map_err(retry)?.map(|v| v.to_vec()))
    }

    fn insert(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<(), TxFail> {
        self.0[tree].insert(key, value).map_err(retry)?;
        Ok(())
    }

    fn remove(&self, tree: usize, key: &[u8]) -> Result<(), TxFail> {
        self.0[tree].remove(key).map_err(retry)?;
        Ok(())
    }
}

impl Kv for SledKv {
    fn announce(&self, channel: &'static str, payload: String) {
        for (heard_on, tell) in self.hearers.read().unwrap_or_else(|e| e.into_inner()).iter() {
            if *heard_on == channel {
                tell(Some(&payload));
            }
        }
    }

    fn hear(&self, channel: &'static str, tell: Heard) -> bool {
        self.hearers.write().unwrap_or_else(|e| e.into_inner()).push((channel, tell));
        true
    }

    fn transaction<T>(&self, body: &mut dyn FnMut(&dyn KvTx) -> Result<T, TxFail>) -> Result<T, WriteError> {
        let body = std::cell::RefCell::new(body);
        let trees: Vec<&sled::Tree> = self.trees.iter().collect();
        let done = trees[..].transaction(|t: &Vec<TransactionalTree>| {
            (body.borrow_mut())(&SledTx(t)).map_err(|e| match e {
                TxFail::Abort(e) => ConflictableTransactionError::Abort(e),
                TxFail::Backend(e) => match e.downcast::<UnabortableTransactionError>() {
                    Ok(e) => (*e).into(),
                    Err(_) => ConflictableTransactionError::Abort(WriteError::Store(StoreError::Backend(
                        "an unexpected failure in a transaction".into(),
                    ))),
                },
            })
        });
        let done = done.map_err(|e| match e {
            TransactionError::Abort(e) => e,
            TransactionError::Storage(e) => WriteError::Store(backend(e)),
        })?;
        // The count is read before the flush, and noted after it: the flush makes at least that many changes
        // durable, so the file never says more than the store holds (read after the flush, it could count another
        // thread's change that its own flush has not yet made durable, and a crash then would look like damage).
        // It is not synced itself (a crash may leave it behind the store, which is harmless).
        let count = counter(self, COMMITS_KEY, 0)?;
        self.flush()?;
        if let Err(e) = self.note_commits(count) {
            tracing::warn!(error = %e, "could not note the count of changes beside the store");
        }
        Ok(done)
    }

    fn consistent<T>(&self, read: &mut dyn FnMut(&dyn KvRead) -> Result<T, StoreError>) -> Result<T, StoreError> {
        // Read between two equal counts of commits: no unit came in between.
        for _ in 0..50 {
            let before = counter(self, COMMITS_KEY, 0)?;
            let out = read(self)?;
            if counter(self, COMMITS_KEY, 0)? == before {
                return Ok(out);
            }
        }
        Err(StoreError::Backend("the store kept changing while it was read; try again".into()))
    }

    fn put(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<(), StoreError> {
        self.trees[tree].insert(key, value).map_err(backend)?;
        Ok(())
    }

    fn delete(&self, tree: usize, key: &[u8]) -> Result<(), StoreError> {
        self.trees[tree].remove(key).map_err(backend)?;
        Ok(())
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush().map(|_| ()).map_err(backend)
    }

    fn counts_commits(&self) -> bool {
        true
    }

    fn size_bytes(&self) -> Option<u64> {
        self.db.size_on_disk().ok()
    }
}

impl SledKv {
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

impl KvStore<SledKv> {
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
        super::sled_files::recover(path)?;
        let kept = if guard {
            // A safety net: a folder that cannot be kept (no room, a read-only parent) is opened all the same.
            super::sled_files::keep_before_open(path).unwrap_or_else(|e| {
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
                Err(StoreError::Corrupt(_)) => super::sled_files::put_back(path, &kept)?,
                _ => super::sled_files::discard(&kept),
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
        let trees = NAMES.iter().map(|name| db.open_tree(name).map_err(backend)).collect::<Result<Vec<_>, _>>()?;
        let kv = SledKv {
            trees,
            high_water: path.join(HIGH_WATER_FILE),
            high_water_file: std::sync::Mutex::new(None),
            db,
            hearers: Default::default(),
        };
        // sled reads a damaged log up to the damage and drops the rest without a word: the count of committed
        // units kept beside the store tells when that happened.
        let committed = counter(&kv, COMMITS_KEY, 0)?;
        let known = std::fs::read_to_string(&kv.high_water).ok().and_then(|t| t.trim().parse::<u64>().ok());
        if guard && let Some(known) = known.filter(|&k| k > committed) {
            return Err(StoreError::Corrupt(format!(
                "the store at {shown} is damaged: it holds {committed} of the {known} changes made to it (sled, \
                 reading files that no longer read back as written, keeps what came before the damage and drops \
                 the rest). tablero left it as it was. Keep the folder as it is; build a new store from the \
                 latest backup (`tablero admin restore FILE --data NEW_FOLDER`), or copy out what it still holds \
                 (`tablero admin salvage {shown} NEW_FOLDER`)"
            )));
        }
        let store = KvStore::over(kv);
        if store.kv.get(META, SCHEMA_KEY)?.as_deref() == Some(b"1") {
            store.migrate_from_1()?;
        }
        if store.kv.get(META, SCHEMA_KEY)?.as_deref() == Some(b"2") {
            store.migrate_from_2()?;
        }
        store.check_schema(&shown)?;
        store.mark_live_games()?;
        store.fill_player_archive()?;
        Ok(store)
    }

    /// Version 1 had no index of a server's tournaments and no tournament marks: both are built (a running
    /// tournament is marked to be looked at now, one in sign-up at its deadline), in one transaction.
    fn migrate_from_1(&self) -> Result<(), StoreError> {
        let mut marks = Vec::new();
        let mut index = Vec::new();
        for (_, value) in self.kv.all(TOURNAMENTS)? {
            let t: Tournament = unjson(&value)?;
            index.push(pair_key(t.guild.get(), t.id.get()));
            match t.status {
                TournamentStatus::Running => marks.push(TournamentMark { at: 0, tournament: t.id, game: GameId(0) }),
                TournamentStatus::SignUp => {
                    if let Some(at) = t.signup_until {
                        marks.push(TournamentMark { at, tournament: t.id, game: GameId(0) });
                    }
                }
                _ => {}
            }
        }
        // Version 1 kept the last tournament id given; version 2 keeps the next one.
        let last_given = self.kv.get(META, NEXT_TOURNAMENT_KEY)?.map(|b| id_from(&b)).transpose()?;
        // Version 1 stored each game whole; version 2 as a header and its moves.
        let mut games = Vec::new();
        for (key, value) in self.kv.all(GAMES)? {
            let record = decode_v1(&value)?;
            games.push((key, encode(&record)?, record));
        }
        let done = self.kv.transaction(&mut |t: &dyn KvTx| {
            for (key, header, record) in &games {
                t.insert(GAMES, key, header)?;
                write_moves(t, record, 0, 0)?;
            }
            for key in &index {
                t.insert(GUILD_TOURNAMENTS, key, &[])?;
            }
            for mark in &marks {
                t.insert(TOURNAMENT_MARKS, &mark_key(mark), &[])?;
            }
            if let Some(last) = last_given {
                t.insert(META, NEXT_TOURNAMENT_KEY, &(last + 1).to_be_bytes())?;
            }
            t.insert(META, SCHEMA_KEY, b"2")?;
            Ok(())
        });
        done.map_err(|e| StoreError::Backend(format!("migrating the store to version 2: {e}")))
    }

    /// What a damaged store still holds: every record that reads back (a game only whole, with all its moves),
    /// and in words what did not, and how many committed changes the store no longer holds.
    pub fn salvageable(&self) -> (Vec<Entry>, Vec<String>) {
        let mut lost = Vec::new();
        let committed = counter(&self.kv, COMMITS_KEY, 0).unwrap_or(0);
        if let Some(known) =
            std::fs::read_to_string(&self.kv.high_water).ok().and_then(|t| t.trim().parse::<u64>().ok())
            && known > committed
        {
            lost.push(format!("the latest {} of {known} changes are gone from the store", known - committed));
        }
        let mut out = match read_all_but_games(&self.kv) {
            Ok(entries) => entries,
            Err(e) => {
                lost.push(format!("some records other than games could not be read: {e}"));
                Vec::new()
            }
        };
        let games = match self.kv.all(GAMES) {
            Ok(games) => games,
            Err(e) => {
                lost.push(format!("the games could not be read: {e}"));
                Vec::new()
            }
        };
        for (key, value) in games {
            match id_from(&key).and_then(|id| {
                with_moves(&self.kv, GameId(id), &value).map_err(|e| match e {
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
}
