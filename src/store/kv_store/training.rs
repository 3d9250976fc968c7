//! The `training` tree: lesson progress, puzzles, puzzle ratings, tries and daily puzzles. Keys: `l` ++ user ++
//! game (a lesson), `p` ++ puzzle, `s` ++ user ++ game (a solver), `t` ++ user ++ puzzle (a try), `d` ++ server
//! ++ day; each value is its revision (8 bytes, big-endian) and then its JSON.

use super::super::training::{Puzzle, TrainingKey, TrainingWrite};
use super::*;

pub(super) fn key_bytes(key: &TrainingKey) -> Vec<u8> {
    let mut out = Vec::with_capacity(17);
    match *key {
        TrainingKey::Lesson { user, game } => {
            out.push(b'l');
            out.extend(user.get().to_be_bytes());
            out.push(game as u8);
        }
        TrainingKey::Puzzle { id } => {
            out.push(b'p');
            out.extend(id.to_be_bytes());
        }
        TrainingKey::Solver { user, game } => {
            out.push(b's');
            out.extend(user.get().to_be_bytes());
            out.push(game as u8);
        }
        TrainingKey::Try { user, puzzle } => {
            out.push(b't');
            out.extend(user.get().to_be_bytes());
            out.extend(puzzle.to_be_bytes());
        }
        TrainingKey::Daily { guild, day } => {
            out.push(b'd');
            out.extend(guild.0.to_be_bytes());
            out.extend(day.to_be_bytes());
        }
    }
    out
}

pub(super) fn key_from(bytes: &[u8]) -> Result<TrainingKey, StoreError> {
    let bad = || StoreError::Corrupt(format!("a training key {bytes:?}"));
    let id = |at: usize| bytes.get(at..at + 8).ok_or_else(bad).and_then(id_from);
    let kind = |at: usize| bytes.get(at).copied().ok_or_else(bad).and_then(kind_of);
    Ok(match bytes.first() {
        Some(b'l') => TrainingKey::Lesson { user: UserId(id(1)?), game: kind(9)? },
        Some(b'p') => TrainingKey::Puzzle { id: id(1)? },
        Some(b's') => TrainingKey::Solver { user: UserId(id(1)?), game: kind(9)? },
        Some(b't') => TrainingKey::Try { user: UserId(id(1)?), puzzle: id(9)? },
        Some(b'd') => TrainingKey::Daily { guild: GuildId(id(1)?), day: id(9)? },
        _ => return Err(bad()),
    })
}

fn split(bytes: &[u8]) -> Result<(serde_json::Value, u64), StoreError> {
    if bytes.len() < 8 {
        return Err(StoreError::Corrupt("a training record without its revision".into()));
    }
    Ok((unjson(&bytes[8..])?, id_from(&bytes[..8])?))
}

pub(super) fn get(r: &dyn KvRead, key: &TrainingKey) -> Result<Option<(serde_json::Value, u64)>, StoreError> {
    r.get(TRAINING, &key_bytes(key))?.map(|b| split(&b)).transpose()
}

pub(super) fn puzzles(r: &dyn KvRead, game: Option<GameKind>) -> Result<Vec<Puzzle>, StoreError> {
    let mut out = Vec::new();
    for (_, value) in r.scan_prefix(TRAINING, b"p")? {
        let (json, _) = split(&value)?;
        let puzzle: Puzzle = serde_json::from_value(json).map_err(|e| StoreError::Corrupt(format!("a puzzle: {e}")))?;
        if game.is_none_or(|g| g == puzzle.game) {
            out.push(puzzle);
        }
    }
    Ok(out)
}

/// Every training record, for a backup.
pub(super) fn all(r: &dyn KvRead) -> Result<Vec<(TrainingKey, serde_json::Value)>, StoreError> {
    r.all(TRAINING)?.into_iter().map(|(k, v)| Ok((key_from(&k)?, split(&v)?.0))).collect()
}

/// A unit's training records, in its transaction: each over the revision it was read at.
pub(super) fn write(t: &dyn KvTx, writes: &[TrainingWrite]) -> Result<(), TxFail> {
    for write in writes {
        let key = key_bytes(&write.key);
        let stored = match t.get(TRAINING, &key)? {
            Some(bytes) if bytes.len() >= 8 => Some(id_from(&bytes[..8])?),
            Some(_) => return Err(StoreError::Corrupt("a training record without its revision".into()).into()),
            None => None,
        };
        if stored != write.base {
            return Err(WriteError::TrainingConflict.into());
        }
        let revision = write.base.map_or(1, |b| b + 1);
        let mut value = revision.to_be_bytes().to_vec();
        value.extend(json(&write.value)?);
        t.insert(TRAINING, &key, &value)?;
    }
    Ok(())
}
