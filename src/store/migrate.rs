//! Copying a store into another (`tablero admin migrate`, `tablero admin restore`): through the records of the
//! backup format, written into an empty store, then read back and compared record for record.

use super::backup::Entry;
use super::{Location, PgStore, StoreError, folder};

/// Fills the empty store at `to` with `entries` (a sled folder is built beside and moved in whole), then checks
/// that it holds exactly them.
pub fn fill(to: &Location, entries: &[Entry]) -> Result<(), StoreError> {
    match to {
        Location::Sled(path) => folder::restore(path, entries)?,
        Location::Postgres(url) => {
            let store = PgStore::connect(url)?;
            if !super::Store::is_empty(&store)? {
                return Err(StoreError::Backend(format!("the store at {to} already holds data; use an empty one")));
            }
            super::Store::load(&store, entries)?;
        }
    }
    let copied = to.open()?.snapshot()?;
    if copied != entries {
        return Err(StoreError::Corrupt(format!(
            "the copy at {to} differs from what was written into it ({} records written, {} read back)",
            entries.len(),
            copied.len()
        )));
    }
    Ok(())
}

/// Copies every record of the store at `from` into the empty store at `to`; returns how many.
pub fn copy(from: &Location, to: &Location) -> Result<usize, StoreError> {
    if from == to {
        return Err(StoreError::Backend("the two stores are the same".into()));
    }
    let entries = from.open()?.snapshot()?;
    // Through the backup format, so that what is copied is what a backup would hold.
    let mut file = Vec::new();
    super::backup::write(&mut file, &entries, 0)?;
    let entries = super::backup::read(file.as_slice())?;
    fill(to, &entries)?;
    Ok(entries.len())
}
