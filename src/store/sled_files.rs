//! The sled folder's files around an open: a swap a crash interrupted (a compaction's) finished or undone, and
//! a copy of the folder kept before sled opens it, put back if the open finds it damaged. Below the store, which
//! runs these at every open, and the folder's whole-store operations (compaction, restore), which swap.

use std::fs;
use std::path::{Path, PathBuf};

use super::StoreError;

/// The file that marks a copy as complete and checked.
pub(super) const COMPLETE: &str = "tablero-compact-complete";

pub(super) fn sibling(folder: &Path, suffix: &str) -> PathBuf {
    let name = folder.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "data".into());
    folder.with_file_name(format!("{name}.{suffix}"))
}

pub(super) fn io(what: &str, path: &Path) -> impl Fn(std::io::Error) -> StoreError {
    let text = format!("{what} {}", path.display());
    move |e| StoreError::Backend(format!("{text}: {e}"))
}

/// Finishes or undoes a swap a crash interrupted, so that `folder` is one complete store.
pub(super) fn recover(folder: &Path) -> Result<(), StoreError> {
    let (kept, opened) = (sibling(folder, KEPT), sibling(folder, OPENED));
    if !folder.exists() && kept.exists() {
        // Between the two renames of [`put_back`]: the store as it was before sled opened it goes back.
        fs::rename(&kept, folder).map_err(io("moving back", &kept))?;
    }
    for leftover in [&kept, &opened] {
        if leftover.exists() {
            fs::remove_dir_all(leftover).map_err(io("removing", leftover))?;
        }
    }
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

/// The store as it was before sled opened it, and the store sled opened when it is put back.
pub(super) const KEPT: &str = "before-open";
pub(super) const OPENED: &str = "opened";

/// Keeps the store in `folder` as it is before sled opens it, beside it in `<folder>.before-open`: sled's
/// recovery zeroes a damaged log from the damage on (and deletes later large values), so a damaged store is put
/// back as it was ([`put_back`]) for `admin salvage` to read. The log is copied; every other file (sled only
/// ever writes those anew and deletes them) is hard-linked. `None` for a new store.
pub(super) fn keep_before_open(folder: &Path) -> Result<Option<PathBuf>, StoreError> {
    if !folder.join("db").exists() {
        return Ok(None);
    }
    let kept = sibling(folder, KEPT);
    if kept.exists() {
        fs::remove_dir_all(&kept).map_err(io("removing", &kept))?;
    }
    if let Err(e) = keep(folder, &kept) {
        let _ = fs::remove_dir_all(&kept);
        return Err(e);
    }
    Ok(Some(kept))
}

pub(super) fn keep(from: &Path, to: &Path) -> Result<(), StoreError> {
    fs::create_dir(to).map_err(io("creating", to))?;
    for entry in fs::read_dir(from).map_err(io("reading", from))? {
        let entry = entry.map_err(io("reading", from))?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        if entry.file_type().map_err(io("reading", &source))?.is_dir() {
            keep(&source, &target)?;
        } else if entry.file_name() == "db" || fs::hard_link(&source, &target).is_err() {
            fs::copy(&source, &target).map_err(io("copying", &source))?;
        }
    }
    Ok(())
}

/// Puts back the store kept by [`keep_before_open`] in place of the one sled opened (and changed).
pub(super) fn put_back(folder: &Path, kept: &Path) -> Result<(), StoreError> {
    if !kept.exists() {
        return Ok(());
    }
    let opened = sibling(folder, OPENED);
    fs::rename(folder, &opened).map_err(io("moving aside", folder))?;
    fs::rename(kept, folder).map_err(io("moving back", kept))?;
    fs::remove_dir_all(&opened).map_err(io("removing", &opened))
}

/// Drops the copy kept by [`keep_before_open`] once the store opened whole.
pub(super) fn discard(kept: &Path) {
    let _ = fs::remove_dir_all(kept);
}
