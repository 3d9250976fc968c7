//! The sled store's folder as a whole: restoring a backup into it, compacting it, and finishing a swap that a
//! crash interrupted. sled 0.34 leaves files behind on reopen that later runs never reclaim (spacejam/sled#786),
//! so a folder can grow far past its live data; compaction copies the live data into a fresh store beside the
//! old one (`<folder>.compact`), checks the copy record for record, marks it complete, and swaps the two with
//! renames. A crash at any step leaves one complete store: the next open (`sled_files::recover`) finishes or
//! undoes the swap.

use std::fs;
use std::path::Path;

use super::backup::Entry;
use super::sled_files::{COMPLETE, io, recover, sibling};
use super::{SledStore, Store, StoreError};

/// A compaction is proposed (and done at start-up) when the folder is this many times its live data...
pub const GROWTH_FACTOR: u64 = 4;
/// ...and at least this large.
pub const SMALLEST_TO_COMPACT: u64 = 8 << 20;

/// Bytes in a folder (recursively); 0 when it does not exist.
pub fn size(folder: &Path) -> u64 {
    let Ok(entries) = fs::read_dir(folder) else { return 0 };
    entries
        .flatten()
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() => size(&e.path()),
            Ok(m) => m.len(),
            Err(_) => 0,
        })
        .sum()
}

/// The size of a store's live data: its records as a backup would write them.
pub fn live_size(entries: &[Entry]) -> u64 {
    entries.iter().map(|e| serde_json::to_string(e).map_or(0, |s| s.len() as u64 + 1)).sum()
}

/// The steps of a compaction, for tests that interrupt it after each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Step {
    Copied,
    Checked,
    MarkedComplete,
    OldMovedAside,
    CopyMovedIn,
    Done,
}

/// What a compaction did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compacted {
    pub before: u64,
    pub after: u64,
    pub records: usize,
}

/// Compacts the store in `folder` (which no process may have open).
pub fn compact(folder: &Path) -> Result<Compacted, StoreError> {
    compact_until(folder, Step::Done)
}

/// A compaction that stops (as a crash would) after `stop`.
pub fn compact_until(folder: &Path, stop: Step) -> Result<Compacted, StoreError> {
    recover(folder)?;
    let before = size(folder);
    let entries = SledStore::open(folder)?.snapshot()?;
    let copy = sibling(folder, "compact");
    {
        let fresh = SledStore::open(&copy)?;
        fresh.load(&entries)?;
        if stop == Step::Copied {
            return Ok(Compacted { before, after: before, records: entries.len() });
        }
        if fresh.snapshot()? != entries {
            drop(fresh);
            let _ = fs::remove_dir_all(&copy);
            return Err(StoreError::Corrupt("the compacted copy differs from the store; nothing was changed".into()));
        }
        fresh.flush()?;
    }
    if stop == Step::Checked {
        return Ok(Compacted { before, after: before, records: entries.len() });
    }
    let marker = copy.join(COMPLETE);
    fs::write(&marker, b"checked\n").map_err(io("marking", &marker))?;
    fs::File::open(&marker).and_then(|f| f.sync_all()).map_err(io("syncing", &marker))?;
    if stop == Step::MarkedComplete {
        return Ok(Compacted { before, after: before, records: entries.len() });
    }
    let old = sibling(folder, "old");
    fs::rename(folder, &old).map_err(io("moving aside", folder))?;
    if stop == Step::OldMovedAside {
        return Ok(Compacted { before, after: before, records: entries.len() });
    }
    fs::rename(&copy, folder).map_err(io("moving in", &copy))?;
    if stop == Step::CopyMovedIn {
        return Ok(Compacted { before, after: size(folder), records: entries.len() });
    }
    recover(folder)?;
    Ok(Compacted { before, after: size(folder), records: entries.len() })
}

/// Builds a store in `folder` from a backup's records; refused when the folder holds a store with data. Built
/// beside it first and moved in when complete, so an interrupted restore leaves no half store.
pub fn restore(folder: &Path, entries: &[Entry]) -> Result<(), StoreError> {
    recover(folder)?;
    if folder.exists() {
        let existing = SledStore::open(folder)?;
        if !existing.is_empty()? {
            return Err(StoreError::Backend(format!(
                "the store at {} already holds data; restore into a new folder",
                folder.display()
            )));
        }
    }
    let copy = sibling(folder, "compact");
    {
        let fresh = SledStore::open(&copy)?;
        fresh.load(entries)?;
        fresh.flush()?;
    }
    let marker = copy.join(COMPLETE);
    fs::write(&marker, b"restored\n").map_err(io("marking", &marker))?;
    if folder.exists() {
        fs::remove_dir_all(folder).map_err(io("removing the empty store", folder))?;
    }
    fs::rename(&copy, folder).map_err(io("moving in", &copy))?;
    recover(folder)
}

/// Opens the store in `folder` as the bot and the console do: a swap a crash interrupted is finished, and a
/// folder grown to several times its live data (and past [`SMALLEST_TO_COMPACT`]) is compacted first.
pub fn open(folder: &Path) -> Result<SledStore, StoreError> {
    recover(folder)?;
    let on_disk = size(folder);
    if on_disk > SMALLEST_TO_COMPACT {
        let live = live_size(&SledStore::open(folder)?.snapshot()?);
        if on_disk > GROWTH_FACTOR * live.max(1) {
            let done = compact(folder)?;
            tracing::info!(before = done.before, after = done.after, "the store was compacted at start-up");
        }
    }
    SledStore::open(folder)
}

/// What a salvage copied, and what it could not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Salvaged {
    pub records: usize,
    pub lost: Vec<String>,
}

/// Copies every record a damaged store still holds into a new store in `to` (refused when that holds data),
/// and says what could not be copied. The damaged folder is only read, never opened with sled (whose recovery
/// would drop everything after the first damaged byte, and zero it): its log is read message by message
/// ([`super::sled_log`]), the trees rebuilt into a scratch store beside `to`, and the records decoded from there.
pub fn salvage(from: &Path, to: &Path) -> Result<Salvaged, StoreError> {
    let db = from.join("db");
    let lock = fs::File::open(&db).map_err(io("reading", &db))?;
    // The bot holds this lock (sled's) while it runs: a store being written is not salvaged.
    lock.try_lock().map_err(|_| StoreError::InUse { path: from.display().to_string() })?;
    let recovered = super::sled_log::recover(from)?;
    let scratch = sibling(to, "salvage");
    if scratch.exists() {
        fs::remove_dir_all(&scratch).map_err(io("removing", &scratch))?;
    }
    {
        let raw = sled::open(&scratch).map_err(|e| StoreError::Backend(format!("{}: {e}", scratch.display())))?;
        for (name, entries) in &recovered.trees {
            let tree = raw.open_tree(name)?;
            for (key, value) in entries {
                tree.insert(key.as_slice(), value.as_slice())?;
            }
        }
        raw.flush()?;
    }
    let high_water = from.join(super::sled_store::HIGH_WATER_FILE);
    if high_water.exists() {
        fs::copy(&high_water, scratch.join(super::sled_store::HIGH_WATER_FILE)).map_err(io("copying", &high_water))?;
    }
    let (entries, lost) = SledStore::open_damaged(&scratch)?.salvageable();
    restore(to, &entries)?;
    fs::remove_dir_all(&scratch).map_err(io("removing", &scratch))?;
    drop(lock);
    Ok(Salvaged { records: entries.len(), lost: recovered.damage.into_iter().chain(lost).collect() })
}
