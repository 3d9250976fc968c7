//! The ordered key-value layer under both backends. The store's layout (trees of big-endian keys and JSON or
//! fixed-width values, see [`super::kv_store`]) is written once, against these traits; sled implements them with
//! its trees and transactions, PostgreSQL with one table per tree (`key bytea PRIMARY KEY, value bytea`) and
//! SERIALIZABLE transactions, so both backends hold the same records under the same keys.

use super::{StoreError, WriteError};

/// The trees, in the order a unit's transaction spans them.
pub const META: usize = 0;
pub const GAMES: usize = 1;
pub const CHANNELS: usize = 2;
pub const CHANNEL_LAST: usize = 3;
pub const USER_GAMES: usize = 4;
pub const SCHEDULE: usize = 5;
pub const OUTBOX: usize = 6;
pub const GUILDS: usize = 7;
pub const USERS: usize = 8;
pub const RATINGS: usize = 9;
pub const RATING_INDEX: usize = 10;
pub const TEAMS: usize = 11;
pub const TOURNAMENTS: usize = 12;
pub const GUILD_TOURNAMENTS: usize = 13;
pub const TOURNAMENT_MARKS: usize = 14;
pub const REQUESTS: usize = 15;
pub const MOVES: usize = 16;
pub const BOARD_POSTS: usize = 17;
pub const GUILD_FINISHED: usize = 18;
pub const USER_LIVE: usize = 19;
pub const GUILD_LIVE: usize = 20;
pub const PLAYER_FINISHED: usize = 21;
pub const SESSIONS: usize = 22;
pub const TRAINING: usize = 23;
pub const TREES: usize = 24;

/// The trees' names: sled's tree names, PostgreSQL's table names.
pub const NAMES: [&str; TREES] = [
    "meta",
    "games",
    "channels",
    "channel_last",
    "user_games",
    "schedule",
    "outbox",
    "guilds",
    "users",
    "ratings",
    "rating_index",
    "teams",
    "tournaments",
    "guild_tournaments",
    "tournament_marks",
    "requests",
    "moves",
    "board_posts",
    "guild_finished",
    "user_live",
    "guild_live",
    "player_finished",
    "sessions",
    "training",
];

/// A key and its value.
pub type Pair = (Vec<u8>, Vec<u8>);
pub type Entries = Vec<Pair>;

/// Reads, outside a transaction or inside a consistent snapshot.
pub trait KvRead {
    fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError>;
    /// Entries with `from <= key < to` (no upper bound when `to` is `None`), in key order, at most `limit`.
    fn range(&self, tree: usize, from: &[u8], to: Option<&[u8]>, limit: Option<usize>) -> Result<Entries, StoreError>;

    fn scan_prefix(&self, tree: usize, prefix: &[u8]) -> Result<Entries, StoreError> {
        self.range(tree, prefix, successor(prefix).as_deref(), None)
    }
    /// Entries with keys up to and including `last`.
    fn up_to(&self, tree: usize, last: &[u8]) -> Result<Entries, StoreError> {
        let mut after = last.to_vec();
        after.push(0);
        self.range(tree, &[], Some(&after), None)
    }
    fn all(&self, tree: usize) -> Result<Entries, StoreError> {
        self.range(tree, &[], None, None)
    }
    fn first(&self, tree: usize) -> Result<Option<Pair>, StoreError> {
        Ok(self.range(tree, &[], None, Some(1))?.into_iter().next())
    }
    fn is_empty(&self, tree: usize) -> Result<bool, StoreError> {
        Ok(self.first(tree)?.is_none())
    }
}

/// The smallest key after every key that starts with `prefix` (none when the prefix is all 0xff).
pub fn successor(prefix: &[u8]) -> Option<Vec<u8>> {
    let mut next = prefix.to_vec();
    while let Some(last) = next.pop() {
        if last < 0xff {
            next.push(last + 1);
            return Some(next);
        }
    }
    None
}

/// Why a transaction's body stopped: the unit is refused, or the backend failed (or asks for a retry, which the
/// backend does itself).
pub enum TxFail {
    Abort(WriteError),
    Backend(Box<dyn std::any::Any + Send>),
}

impl From<WriteError> for TxFail {
    fn from(e: WriteError) -> TxFail {
        TxFail::Abort(e)
    }
}

impl From<StoreError> for TxFail {
    fn from(e: StoreError) -> TxFail {
        TxFail::Abort(WriteError::Store(e))
    }
}

/// Operations inside a transaction.
pub trait KvTx {
    fn get(&self, tree: usize, key: &[u8]) -> Result<Option<Vec<u8>>, TxFail>;
    fn insert(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<(), TxFail>;
    fn remove(&self, tree: usize, key: &[u8]) -> Result<(), TxFail>;
    /// Tells every process sharing the backend `payload` on `channel` if, and when, this transaction commits (a
    /// backend of one process tells nobody here: see [`Kv::announce`]).
    fn announce(&self, _channel: &'static str, _payload: &str) -> Result<(), TxFail> {
        Ok(())
    }
}

/// A backend: reads, transactions over every tree, and the few writes no decision reads.
pub trait Kv: KvRead + Send + Sync {
    /// Runs `body` in one transaction over every tree (again from the start when the backend finds a conflict);
    /// durable when it returns `Ok`.
    fn transaction<T>(&self, body: &mut dyn FnMut(&dyn KvTx) -> Result<T, TxFail>) -> Result<T, WriteError>;
    /// Runs `read` over one consistent view of every tree.
    fn consistent<T>(&self, read: &mut dyn FnMut(&dyn KvRead) -> Result<T, StoreError>) -> Result<T, StoreError>;
    /// Writes outside a transaction (bookkeeping, and filling an empty store).
    fn put(&self, tree: usize, key: &[u8], value: &[u8]) -> Result<(), StoreError>;
    fn delete(&self, tree: usize, key: &[u8]) -> Result<(), StoreError>;
    /// Makes every write so far durable.
    fn flush(&self) -> Result<(), StoreError>;
    /// Whether each unit counts itself in `meta` (sled: to notice a log that lost its tail).
    fn counts_commits(&self) -> bool;
    /// The space the store takes (sled: its files; PostgreSQL: its tables with their indexes), when known.
    fn size_bytes(&self) -> Option<u64> {
        None
    }
    /// Tells the hearers of this process `payload` on `channel`, after a commit (a backend shared by several
    /// processes tells them all in the commit's own transaction instead: see [`KvTx::announce`]).
    fn announce(&self, _channel: &'static str, _payload: String) {}
    /// `tell` hears what other processes announce on `channel` from now on, and `None` when it may have missed
    /// some (a lost connection); `false` when the backend has no other processes to hear.
    fn hear(&self, _channel: &'static str, _tell: Heard) -> bool {
        false
    }
}

/// What hears announcements: a payload, or `None` after a gap in which some may have been missed.
pub type Heard = Box<dyn Fn(Option<&str>) + Send + Sync>;

#[cfg(test)]
mod tests {
    use super::successor;

    #[test]
    fn a_prefix_is_followed_by_its_successor() {
        assert_eq!(successor(&[1, 2]), Some(vec![1, 3]));
        assert_eq!(successor(&[1, 0xff]), Some(vec![2]));
        assert_eq!(successor(&[0xff, 0xff]), None);
        assert_eq!(successor(&[]), None);
    }
}
