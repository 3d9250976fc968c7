//! Persistence. The rest of the program sees the store through the [`Store`] trait and the record types of
//! [`record`], never through sled's types, so another backend can replace sled without touching `table/`.
//!
//! Guarantees every implementation gives: a write either happens whole or not at all (record and indexes
//! together); a write that returned `Ok` is durable (flushed); `update_game` refuses a record whose base
//! revision is no longer the stored one, so two concurrent moves cannot both apply.

pub mod rating;
pub mod record;
pub mod settings;
mod sled_store;
pub mod tournament;

pub use rating::{Rating, Standings, TeamKey, TeamRecord};
pub use record::{ChannelId, GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
pub use settings::GuildSettings;
pub use tournament::Tournament;

use crate::games::GameKind;
pub use sled_store::SledStore;

/// The version of the stored layout this build reads and writes.
pub const SCHEMA_VERSION: u32 = 1;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "the store at {path} has schema version {found}, but this tablero only understands version {expected}; \
         use a tablero release made for that version, or a fresh data folder"
    )]
    Schema { path: String, found: String, expected: u32 },
    #[error("the store at {path} holds data but no schema version; it was not written by tablero")]
    Unversioned { path: String },
    #[error("storage failure: {0}")]
    Backend(String),
    #[error("a stored record is unreadable: {0}")]
    Corrupt(String),
}

/// Why a write was not made.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The channel already has a live game.
    #[error("the channel already has game {0}")]
    ChannelBusy(GameId),
    /// The stored record changed since it was read.
    #[error("the game changed since it was read")]
    Conflict,
    #[error("no such game")]
    Missing,
    #[error(transparent)]
    Store(#[from] StoreError),
}

pub trait Store: Send + Sync {
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError>;
    /// The live game (challenge or active) of a channel.
    fn channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError>;
    /// The most recent game created in a channel, live or not (to show a finished game's board and history).
    fn last_channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError>;
    /// Every game a user took part in, oldest first.
    fn user_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError>;
    /// Stores a new game, assigning its id, and indexes it; refused when its channel has a live game.
    fn create_game(&self, record: GameRecord) -> Result<GameRecord, WriteError>;
    /// Replaces a game's record if the stored one is still at revision `base`; keeps the indexes in step. A
    /// live game whose channel changed leaves its old channel and is refused when the new one has a live game.
    fn update_game(&self, record: &GameRecord, base: u64) -> Result<(), WriteError> {
        self.update_game_noting(record, base, None).map(|_| ())
    }
    /// As [`Store::update_game`], and in the same transaction puts `notice` in the outbox (its id assigned and
    /// returned), so that a decision and the news of it are stored together or not at all.
    fn update_game_noting(
        &self,
        record: &GameRecord,
        base: u64,
        notice: Option<Notice>,
    ) -> Result<Option<u64>, WriteError> {
        self.write_game(record, base, notice, &Standings::default())
    }
    /// As [`Store::update_game_noting`], with the ratings and team records a game's end changes, all in one
    /// transaction (so a result is counted once, or not at all). Rating writes must be serialized by the caller.
    fn write_game(
        &self,
        record: &GameRecord,
        base: u64,
        notice: Option<Notice>,
        standings: &Standings,
    ) -> Result<Option<u64>, WriteError>;
    fn rating(&self, guild: GuildId, kind: GameKind, user: UserId) -> Result<Option<Rating>, StoreError>;
    /// A page of a server's players of a game, highest rating first: the established ones, or the provisional
    /// ones; with how many there are in all.
    fn leaderboard(
        &self,
        guild: GuildId,
        kind: GameKind,
        provisional: bool,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<(UserId, Rating)>, usize), StoreError>;
    fn team_record(&self, guild: GuildId, key: TeamKey) -> Result<Option<TeamRecord>, StoreError>;
    /// A server's Zohn Ahl team records, most wins first.
    fn team_records(&self, guild: GuildId) -> Result<Vec<(TeamKey, TeamRecord)>, StoreError>;
    /// The sequence number of the last rated game (0 when none).
    fn last_rating_sequence(&self) -> Result<u64, StoreError>;
    /// Every game record (for recomputing ratings).
    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError>;
    /// Replaces every rating and team record by these (a recomputation).
    fn replace_standings(&self, standings: &Standings) -> Result<(), StoreError>;
    fn tournament(&self, id: u64) -> Result<Option<Tournament>, StoreError>;
    /// Stores a tournament (a new one, id 0, gets its id) and returns it.
    fn save_tournament(&self, tournament: Tournament) -> Result<Tournament, StoreError>;
    /// A server's tournaments, oldest first.
    fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>, StoreError>;
    /// The servers that have a tournament in sign-up or running.
    fn tournament_guilds(&self) -> Result<Vec<GuildId>, StoreError>;
    /// Games whose `due` time is at or before `until`, soonest first.
    fn due_games(&self, until: Timestamp) -> Result<Vec<GameId>, StoreError>;
    /// The soonest `due` time of any game.
    fn next_due(&self) -> Result<Option<Timestamp>, StoreError>;
    /// The outbox: notices not yet delivered, oldest first.
    fn notices(&self) -> Result<Vec<Notice>, StoreError>;
    /// Removes a delivered notice from the outbox (removing a missing one is not an error).
    fn remove_notice(&self, id: u64) -> Result<(), StoreError>;
    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError>;
    fn set_guild_settings(&self, guild: GuildId, settings: &GuildSettings) -> Result<(), StoreError>;
    /// Whether a user asked for reminders by direct message.
    fn notify_dm(&self, user: UserId) -> Result<bool, StoreError>;
    fn set_notify_dm(&self, user: UserId, on: bool) -> Result<(), StoreError>;
    /// The message that shows a game's latest board (channel, message), as the front end last recorded it.
    fn board_post(&self, game: GameId) -> Result<Option<(ChannelId, u64)>, StoreError>;
    /// Records the message that shows a game's latest board. Cosmetic data: it need not be flushed at once.
    fn set_board_post(&self, game: GameId, channel: ChannelId, message: u64) -> Result<(), StoreError>;
}
