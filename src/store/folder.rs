//! The sled store's folder as a whole: restoring a backup into it, compacting it, and finishing a swap that a
//! crash interrupted. sled 0.34 leaves files behind on reopen that later runs never reclaim (spacejam/sled#786),
//! so a folder can grow far past its live data; compaction copies the live data into a fresh store beside the
//! old one (`<folder>.compact`), checks the copy record for record, marks it complete, and swaps the two with
//! renames. A crash at any step leaves one complete store: [`recover`] (run by `SledStore::open`) finishes or
//! undoes the swap.

use std::fs;
use std::path::{Path, PathBuf};

use super::backup::Entry;
use super::{SledStore, Store, StoreError};

/// The file that marks a copy as complete and checked.
const COMPLETE: &str = "tablero-compact-complete";

/// A compaction is proposed (and done at start-up) when the folder is this many times its live data...
pub const GROWTH_FACTOR: u64 = 4;
/// ...and at least this large.
pub const SMALLEST_TO_COMPACT: u64 = 8 << 20;

fn sibling(folder: &Path, suffix: &str) -> PathBuf {
    let name = folder.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "data".into());
    folder.with_file_name(format!("{name}.{suffix}"))
}

fn io(what: &str, path: &Path) -> impl Fn(std::io::Error) -> StoreError {
    let text = format!("{what} {}", path.display());
    move |e| StoreError::Backend(format!("{text}: {e}"))
}

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

/// Finishes or undoes a swap a crash interrupted, so that `folder` is one complete store.
pub fn recover(folder: &Path) -> Result<(), StoreError> {
    let (copy, old) = (sibling(folder, "compact"), sibling(folder, "old"));
    let complete = copy.join(COMPLETE).exists();
    if !folder.exists() {
        // Between the two renames: the checked copy goes in, or else the old store comes back.
        if complete {
            fs::rename(&copy, folder).map_err(io("moving in", &copy))?;
        } else if old.exists() {
            fs::rename(&old, folder).map_err(io("moving back", &old))?;
        }
    }
    let _ = fs::remove_file(folder.join(COMPLETE));
    if copy.exists() {
        fs::remove_dir_all(&copy).map_err(io("removing the unfinished copy", &copy))?;
    }
    if old.exists() && folder.exists() {
        fs::remove_dir_all(&old).map_err(io("removing the old store", &old))?;
    }
    Ok(())
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
/// and says what could not be copied. The damaged folder is opened as it is and left in place.
pub fn salvage(from: &Path, to: &Path) -> Result<Salvaged, StoreError> {
    let (entries, lost) = SledStore::open_damaged(from)?.salvageable();
    restore(to, &entries)?;
    Ok(Salvaged { records: entries.len(), lost })
}
