//! The store's keys and values: the metadata's counters, each tree's key layout (big-endian, so range scans
//! come back in id and time order), the JSON records, and a game's header with its moves beside it.

use super::*;

pub(in crate::store) const SCHEMA_KEY: &[u8] = b"schema_version";
pub(in crate::store) const NEXT_ID_KEY: &[u8] = b"next_game_id";
pub(in crate::store) const NEXT_NOTICE_KEY: &[u8] = b"next_notice_id";
/// How many units were committed (sled only: a log that lost its tail holds fewer than the file beside it says).
pub(in crate::store) const COMMITS_KEY: &[u8] = b"commits";
/// The rating sequence of stores written before each server had its own: where a server has none of its own
/// yet, its sequence goes on from here (so a server's sequence only grows).
pub(in crate::store) const LAST_RATING_KEY: &[u8] = b"last_rating_sequence";
/// Each server's last rating sequence: this prefix and the server's id.
pub(in crate::store) const SERVER_RATING_PREFIX: &[u8] = b"last_rating_sequence/";

pub(in crate::store) fn server_rating_key(guild: GuildId) -> Vec<u8> {
    [SERVER_RATING_PREFIX, &guild.0.to_be_bytes()].concat()
}

/// A server's last rating sequence, in a transaction.
pub(in crate::store) fn server_rating_sequence(t: &dyn KvTx, guild: GuildId) -> Result<u64, TxFail> {
    match t.get(META, &server_rating_key(guild))? {
        Some(b) => Ok(id_from(&b)?),
        None => Ok(t.get(META, LAST_RATING_KEY)?.map(|b| id_from(&b)).transpose()?.unwrap_or(0)),
    }
}

/// The highest rating sequence of any server (what a backup keeps, so a restored store's servers go on above it).
pub(in crate::store) fn highest_rating_sequence(r: &dyn KvRead) -> Result<u64, StoreError> {
    let mut highest = counter(r, LAST_RATING_KEY, 0)?;
    for (key, value) in r.all(META)? {
        if key.starts_with(SERVER_RATING_PREFIX) {
            highest = highest.max(id_from(&value)?);
        }
    }
    Ok(highest)
}
pub(in crate::store) const NEXT_TOURNAMENT_KEY: &[u8] = b"next_tournament_id";

pub(in crate::store) fn pair_key(a: u64, b: u64) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&a.to_be_bytes());
    key[8..].copy_from_slice(&b.to_be_bytes());
    key
}

pub(in crate::store) fn mark_key(mark: &TournamentMark) -> [u8; 24] {
    let mut key = [0u8; 24];
    key[..8].copy_from_slice(&mark.at.to_be_bytes());
    key[8..16].copy_from_slice(&mark.tournament.get().to_be_bytes());
    key[16..].copy_from_slice(&mark.game.get().to_be_bytes());
    key
}

pub(in crate::store) fn mark_of(key: &[u8]) -> Result<TournamentMark, StoreError> {
    if key.len() != 24 {
        return Err(StoreError::Corrupt(format!("a tournament mark of {} bytes", key.len())));
    }
    Ok(TournamentMark {
        at: id_from(&key[..8])?,
        tournament: crate::store::record::TournamentId(id_from(&key[8..16])?),
        game: GameId(id_from(&key[16..])?),
    })
}

/// A finished game's entry in its server's archive index: (guild, end time, game), so a server's games come in
/// the order they ended.
pub(in crate::store) fn finished_key(
    guild: GuildId,
    ended: Timestamp,
    game: GameId,
    status: &crate::store::record::Status,
) -> Option<[u8; 24]> {
    if !matches!(status, crate::store::record::Status::Finished { .. }) {
        return None;
    }
    let mut key = [0u8; 24];
    key[..8].copy_from_slice(&guild.0.to_be_bytes());
    key[8..16].copy_from_slice(&ended.to_be_bytes());
    key[16..].copy_from_slice(&game.get().to_be_bytes());
    Some(key)
}

/// A finished game's entries in its players' archive of its server: (guild, player, end time, game).
pub(in crate::store) fn player_finished_keys(record: &GameRecord) -> Vec<[u8; 32]> {
    let Some(archived) = archive_key(record) else { return Vec::new() };
    // As the players' lists are: an import is listed under the member who imported it, never the ids its file names.
    record
        .indexed_users()
        .into_iter()
        .map(|user| {
            let mut key = [0u8; 32];
            key[..8].copy_from_slice(&archived[..8]);
            key[8..16].copy_from_slice(&user.get().to_be_bytes());
            key[16..].copy_from_slice(&archived[8..]);
            key
        })
        .collect()
}

pub(in crate::store) fn archive_key(record: &GameRecord) -> Option<[u8; 24]> {
    finished_key(record.guild, record.updated_at, record.id, &record.status)
}

pub(in crate::store) fn kind_of(byte: u8) -> Result<GameKind, StoreError> {
    GameKind::ALL.into_iter().find(|k| *k as u8 == byte).ok_or_else(|| StoreError::Corrupt(format!("game kind {byte}")))
}

pub(in crate::store) fn rating_key(guild: GuildId, kind: GameKind, user: UserId) -> [u8; 17] {
    let mut key = [0u8; 17];
    key[..8].copy_from_slice(&guild.0.to_be_bytes());
    key[8] = kind as u8;
    key[9..].copy_from_slice(&user.get().to_be_bytes());
    key
}

pub(in crate::store) fn board_prefix(guild: GuildId, kind: GameKind, provisional: bool) -> [u8; 10] {
    let mut key = [0u8; 10];
    key[..8].copy_from_slice(&guild.0.to_be_bytes());
    key[8] = kind as u8;
    key[9] = u8::from(provisional);
    key
}

pub(in crate::store) fn board_key(guild: GuildId, kind: GameKind, user: UserId, rating: &Rating) -> [u8; 26] {
    let mut key = [0u8; 26];
    key[..10].copy_from_slice(&board_prefix(guild, kind, rating.provisional()));
    let thousandths = (rating.rating * 1000.0).round().clamp(0.0, 1e15) as u64;
    key[10..18].copy_from_slice(&((1u64 << 63) - thousandths).to_be_bytes());
    key[18..].copy_from_slice(&user.get().to_be_bytes());
    key
}

pub(in crate::store) fn team_key(guild: GuildId, team: TeamKey) -> [u8; 17] {
    let mut key = [0u8; 17];
    key[..8].copy_from_slice(&guild.0.to_be_bytes());
    let (tag, id) = match team {
        TeamKey::Role(id) => (b'r', id),
        TeamKey::Player(id) => (b'p', id.get()),
    };
    key[8] = tag;
    key[9..].copy_from_slice(&id.to_be_bytes());
    key
}

pub(in crate::store) fn json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(StoreError::from)
}

pub(in crate::store) fn unjson<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes).map_err(StoreError::from)
}

pub(in crate::store) fn due_key(due: Timestamp, game: GameId) -> [u8; 16] {
    pair_key(due, game.get())
}

pub(in crate::store) fn user_key(user: UserId, game: GameId) -> [u8; 16] {
    pair_key(user.get(), game.get())
}

pub(in crate::store) fn id_from(bytes: &[u8]) -> Result<u64, StoreError> {
    bytes.try_into().map(u64::from_be_bytes).map_err(|_| StoreError::Corrupt(format!("an id of {} bytes", bytes.len())))
}

/// A game's id as a key holds it.
pub(in crate::store) fn game_from(bytes: &[u8]) -> Result<GameId, StoreError> {
    id_from(bytes).map(GameId)
}

/// A stored game is a header and its moves. The header is the revision (8 bytes, big-endian, so that the
/// revision check of a write does not decode the record), how many moves are stored (8 bytes), then the JSON
/// record without its moves; each move is an entry of the `moves` tree, (game, index) -> JSON move. A move
/// thus writes one small entry and the header, whatever the game's length (schema version 2).
pub(in crate::store) fn encode(record: &GameRecord) -> Result<Vec<u8>, StoreError> {
    let mut bytes = record.revision.to_be_bytes().to_vec();
    bytes.extend((record.moves.len() as u64).to_be_bytes());
    let header = GameRecord { moves: Vec::new(), ..record.clone() };
    serde_json::to_writer(&mut bytes, &header).map_err(StoreError::from)?;
    Ok(bytes)
}

pub(in crate::store) fn revision_of(bytes: &[u8]) -> Result<u64, StoreError> {
    id_from(bytes.get(..8).unwrap_or_default())
}

/// How many moves a header says are stored.
pub(in crate::store) fn moves_stored(bytes: &[u8]) -> Result<u64, StoreError> {
    id_from(bytes.get(8..16).unwrap_or_default())
}

/// A game's header, without its moves.
pub(in crate::store) fn decode(bytes: &[u8]) -> Result<GameRecord, StoreError> {
    serde_json::from_slice(bytes.get(16..).unwrap_or_default()).map_err(StoreError::from)
}

pub(in crate::store) fn move_key(game: GameId, index: u64) -> [u8; 16] {
    pair_key(game.get(), index)
}

/// Writes moves `from..` of a record and removes stored ones past its end (a game's moves only ever grow;
/// the removal keeps a shorter record exact); returns the bytes written.
pub(in crate::store) fn write_moves(t: &dyn KvTx, record: &GameRecord, from: u64, stored: u64) -> Result<u64, TxFail> {
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
pub(in crate::store) fn next_counter(t: &dyn KvTx, key: &[u8], n: u64) -> Result<u64, TxFail> {
    let next = match t.get(META, key)? {
        Some(b) => id_from(&b)?,
        None => 1,
    };
    t.insert(META, key, &(next + n).to_be_bytes())?;
    Ok(next)
}

/// A counter kept in `meta` (its default when never set).
pub(in crate::store) fn counter(r: &dyn KvRead, key: &[u8], default: u64) -> Result<u64, StoreError> {
    Ok(r.get(META, key)?.map(|b| id_from(&b)).transpose()?.unwrap_or(default))
}
