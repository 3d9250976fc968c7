//! The backup format: a store as one JSON record per line, portable between backends and releases. The first
//! line says what the file is (`{"format":"tablero-backup","schema":3,...}`); every other line is one
//! [`Entry`], tagged by `kind`. Request keys are not kept (they only matter for minutes); everything else is.

use std::io::{BufRead, Write};

use serde::{Deserialize, Serialize};

use super::record::{ChannelId, GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
use super::{GuildSettings, Rating, SCHEMA_VERSION, StoreError, TeamKey, TeamRecord, Tournament, TournamentMark};
use crate::games::GameKind;

pub const FORMAT: &str = "tablero-backup";

/// The first line of a backup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub format: String,
    pub schema: u32,
    /// When it was written (seconds since the epoch).
    pub written_at: Timestamp,
}

/// The counters a store keeps, so that ids go on after a restore where they left off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Counters {
    pub next_game_id: u64,
    pub next_tournament_id: u64,
    pub next_notice_id: u64,
    pub last_rating_sequence: u64,
}

/// One record of a store.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Entry {
    Counters(Counters),
    Game {
        record: Box<GameRecord>,
    },
    Tournament {
        record: Tournament,
    },
    Rating {
        guild: GuildId,
        game: GameKind,
        user: UserId,
        record: Rating,
    },
    Team {
        guild: GuildId,
        team: TeamKey,
        record: TeamRecord,
    },
    Settings {
        guild: GuildId,
        record: GuildSettings,
    },
    Notify {
        user: UserId,
        on: bool,
    },
    Notice {
        record: Notice,
    },
    Mark {
        record: TournamentMark,
    },
    BoardPost {
        game: GameId,
        channel: ChannelId,
        message: u64,
    },
    /// A lesson's progress, a puzzle, a puzzle rating, a try or a daily puzzle (its revision starts again).
    Training {
        key: crate::store::training::TrainingKey,
        record: serde_json::Value,
    },
}

/// Writes a backup: the header line, then one line per entry.
pub fn write(out: &mut impl Write, entries: &[Entry], written_at: Timestamp) -> Result<(), StoreError> {
    let io = |e: std::io::Error| StoreError::Backend(format!("writing the backup: {e}"));
    let header = Header { format: FORMAT.into(), schema: SCHEMA_VERSION, written_at };
    let json = |v: &dyn erased::Json| v.line().map_err(StoreError::from);
    writeln!(out, "{}", json(&header)?).map_err(io)?;
    for entry in entries {
        writeln!(out, "{}", json(entry)?).map_err(io)?;
    }
    out.flush().map_err(io)
}

/// Reads a backup, refusing another format or a newer schema with a message that says so.
pub fn read(input: impl BufRead) -> Result<Vec<Entry>, StoreError> {
    let mut lines = input.lines().enumerate();
    let bad = |line: usize, e: &dyn std::fmt::Display| StoreError::Corrupt(format!("backup line {}: {e}", line + 1));
    let (_, first) = lines.next().ok_or_else(|| StoreError::Corrupt("the backup is empty".into()))?;
    let first = first.map_err(|e| bad(0, &e))?;
    let header: Header = serde_json::from_str(&first).map_err(|_| {
        StoreError::Corrupt("this file is not a tablero backup (its first line is not a backup header)".into())
    })?;
    if header.format != FORMAT {
        return Err(StoreError::Corrupt(format!("this file is a {:?}, not a tablero backup", header.format)));
    }
    if header.schema > SCHEMA_VERSION {
        return Err(StoreError::Corrupt(format!(
            "this backup was written by a newer tablero (schema {}; this one knows {SCHEMA_VERSION})",
            header.schema
        )));
    }
    let mut entries = Vec::new();
    for (n, line) in lines {
        let line = line.map_err(|e| bad(n, &e))?;
        if line.trim().is_empty() {
            continue;
        }
        entries.push(serde_json::from_str(&line).map_err(|e| bad(n, &e))?);
    }
    Ok(entries)
}

/// A JSON line of any serialisable value (the header and the entries).
mod erased {
    pub trait Json {
        fn line(&self) -> serde_json::Result<String>;
    }

    impl<T: serde::Serialize> Json for T {
        fn line(&self) -> serde_json::Result<String> {
            serde_json::to_string(self)
        }
    }
}

/// Writes a backup file `tablero-<when>.jsonl` into `dir` (complete, or not at all: written beside and renamed),
/// then removes the oldest ones beyond `keep`. Returns the file written.
pub fn write_file(
    dir: &std::path::Path,
    entries: &[Entry],
    written_at: Timestamp,
    keep: usize,
) -> Result<std::path::PathBuf, StoreError> {
    let io = |e: std::io::Error| StoreError::Backend(format!("writing a backup into {}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let path = dir.join(format!("tablero-{written_at:012}.jsonl"));
    let partial = path.with_extension("partial");
    {
        let mut out = std::io::BufWriter::new(create_private(&partial).map_err(io)?);
        write(&mut out, entries, written_at)?;
        out.into_inner().map_err(|e| io(e.into_error()))?.sync_all().map_err(io)?;
    }
    std::fs::rename(&partial, &path).map_err(io)?;
    let mut backups: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            name.starts_with("tablero-") && name.ends_with(".jsonl")
        })
        .collect();
    backups.sort();
    let excess = backups.len().saturating_sub(keep.max(1));
    for old in &backups[..excess] {
        std::fs::remove_file(old).map_err(io)?;
    }
    Ok(path)
}

/// A new file only its owner may read (a backup holds every server's games), created afresh: whatever was at
/// `path` before (a stale partial file, a link) is removed, never written through.
fn create_private(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// The file a `tablero admin backup` leaves in the store's folder to ask the running bot (which holds the store)
/// for a backup: it holds the path to write; the bot removes it once the backup is written.
pub const REQUEST_FILE: &str = "tablero-backup-request";

/// Carries out a backup request left in `folder`, if any: writes the backup where it asks (complete, or not at
/// all) and removes the request. Returns the path written.
pub fn answer_request(
    folder: &std::path::Path,
    snapshot: impl FnOnce() -> Result<Vec<Entry>, StoreError>,
    written_at: Timestamp,
) -> Result<Option<std::path::PathBuf>, StoreError> {
    let request = folder.join(REQUEST_FILE);
    // Only a small regular file is a request: a link planted in the folder is not followed (it is removed).
    match std::fs::symlink_metadata(&request) {
        Err(_) => return Ok(None),
        Ok(meta) if !meta.file_type().is_file() || meta.len() > 4096 => {
            tracing::warn!(path = %request.display(), "a backup request that is not a small plain file was ignored");
            let _ = std::fs::remove_file(&request);
            return Ok(None);
        }
        Ok(_) => {}
    }
    let Ok(target) = std::fs::read_to_string(&request) else { return Ok(None) };
    let target = std::path::PathBuf::from(target.trim());
    let io = |e: std::io::Error| StoreError::Backend(format!("writing the backup {}: {e}", target.display()));
    let partial = target.with_extension("partial");
    {
        let mut out = std::io::BufWriter::new(create_private(&partial).map_err(io)?);
        write(&mut out, &snapshot()?, written_at)?;
        out.into_inner().map_err(|e| io(e.into_error()))?.sync_all().map_err(io)?;
    }
    std::fs::rename(&partial, &target).map_err(io)?;
    std::fs::remove_file(&request).map_err(io)?;
    Ok(Some(target))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_backup_is_private_and_a_linked_request_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("asked.jsonl");
        std::fs::write(dir.path().join("elsewhere"), target.display().to_string()).unwrap();
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), dir.path().join(REQUEST_FILE)).unwrap();
        assert_eq!(answer_request(dir.path(), || Ok(Vec::new()), 5).unwrap(), None);
        assert!(!target.exists() && !dir.path().join(REQUEST_FILE).exists(), "the link is removed, not followed");
        // A plain request is answered, with a file only its owner may read, even over a planted partial link.
        std::fs::write(dir.path().join(REQUEST_FILE), target.display().to_string()).unwrap();
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), target.with_extension("partial")).unwrap();
        assert_eq!(answer_request(dir.path(), || Ok(Vec::new()), 5).unwrap(), Some(target.clone()));
        assert_eq!(std::fs::metadata(&target).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(std::fs::read_to_string(dir.path().join("elsewhere")).unwrap(), target.display().to_string());
        let written = write_file(&dir.path().join("auto"), &[], 7, 3).unwrap();
        assert_eq!(std::fs::metadata(written).unwrap().permissions().mode() & 0o777, 0o600);
    }
}
