//! Persistence. The rest of the program sees the store through the [`Store`] trait and the record types of
//! [`record`], never through sled's types, so another backend can replace sled without touching `table/`.
//!
//! Every change goes through [`Store::commit`]: a [`Unit`] of work written whole or not at all, in one
//! transaction, with the revision of every record it overwrites checked (games, tournaments, the rating
//! sequence) and the request's idempotency key recorded; a commit that returned `Ok` is durable (flushed).
//! The other writing methods are conveniences built on it, or (`set_board_post`, `prune_requests`) cosmetic
//! bookkeeping that no decision reads.

pub mod backup;
pub mod folder;
mod kv;
mod kv_store;
pub mod migrate;
mod pg_store;
pub mod rating;
pub mod record;
pub mod session;
pub mod settings;
mod sled_files;
pub mod sled_log;
mod sled_store;
pub mod tournament;
pub mod training;
pub mod unit;

pub use rating::{Rating, Standings, TeamKey, TeamRecord};
pub use record::{ChannelId, GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
pub use session::{Session, SessionWrite, SignIn};
pub use settings::GuildSettings;
pub use tournament::Tournament;
pub use unit::{Committed, GameWrite, SettingsWrite, StandingsWrite, TournamentMark, TournamentWrite, Unit};

use crate::games::GameKind;
pub use kv_store::KvStore;
pub use pg_store::{PgKv, PgStore, shown_url};
pub use sled_store::{SledKv, SledStore};

/// Where a store is: a sled folder, or a PostgreSQL database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    Sled(std::path::PathBuf),
    Postgres(String),
}

impl Location {
    /// From `[store] url` (`postgres://…`, `postgresql://…` or `sled:<folder>`); sled in `data_dir` when unset.
    pub fn parse(url: Option<&str>, data_dir: &std::path::Path) -> Result<Location, StoreError> {
        match url.map(str::trim).filter(|u| !u.is_empty()) {
            None => Ok(Location::Sled(data_dir.to_path_buf())),
            Some(u) if u.starts_with("postgres://") || u.starts_with("postgresql://") => {
                Ok(Location::Postgres(u.into()))
            }
            Some(u) => match u.strip_prefix("sled:") {
                Some(folder) if !folder.is_empty() => Ok(Location::Sled(folder.into())),
                _ => Err(StoreError::Backend(format!(
                    "[store] url {:?} is neither postgres://… nor sled:<folder>",
                    shown_url(u)
                ))),
            },
        }
    }

    /// The location as given on a command line: a PostgreSQL URL, `sled:<folder>`, or a folder.
    pub fn from_arg(arg: &str) -> Location {
        Location::parse(Some(arg), std::path::Path::new(arg)).unwrap_or_else(|_| Location::Sled(arg.into()))
    }

    /// Opens the store (a sled folder grown past its data is compacted first, as at every start).
    pub fn open(&self) -> Result<std::sync::Arc<dyn Store>, StoreError> {
        Ok(match self {
            Location::Sled(folder) => std::sync::Arc::new(folder::open(folder)?),
            Location::Postgres(url) => std::sync::Arc::new(PgStore::connect(url)?),
        })
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sled(folder) => write!(f, "{}", folder.display()),
            Location::Postgres(url) => write!(f, "{}", shown_url(url)),
        }
    }
}

/// The version of the stored layout this build reads and writes. Version 2 added tournament revisions, the
/// index of a server's tournaments, tournament marks and request keys; version 3 the index of a server's
/// finished games (the archive). Older stores are migrated when opened.
pub const SCHEMA_VERSION: u32 = 3;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error(
        "the store at {path} has schema version {found}, but this tablero only understands version {expected}; \
         use a tablero release made for that version, or a fresh data folder"
    )]
    Schema { path: String, found: String, expected: u32 },
    #[error("the store at {path} holds data but no schema version; it was not written by tablero")]
    Unversioned { path: String },
    #[error(
        "cannot open the store at {path}: another tablero process (the bot?) has it open, and sled lets one process \
         at a time use it. Stop that process first; `tablero admin backup` asks a running bot to write the backup, \
         and with `[backup] every` in config.toml the bot writes them by itself"
    )]
    InUse { path: String },
    #[error("storage failure: {0}")]
    Backend(String),
    #[error("a stored record is unreadable: {0}")]
    Corrupt(String),
    /// sled could not read or write.
    #[error("storage failure: {0}")]
    Sled(#[from] sled::Error),
    /// PostgreSQL could not read or write.
    #[error("storage failure: PostgreSQL: {0}")]
    Postgres(#[from] sqlx::Error),
    /// A record does not read (or write) as JSON.
    #[error("a stored record is unreadable: {0}")]
    Format(#[from] serde_json::Error),
    /// A transaction of the store's own bookkeeping was refused (its records changed, say).
    #[error("the store would not write it: {0}")]
    Unwritten(Box<WriteError>),
}

impl From<WriteError> for StoreError {
    /// A refused transaction as a store error: a store error as itself, any other refusal as such.
    fn from(e: WriteError) -> StoreError {
        match e {
            WriteError::Store(e) => e,
            other => StoreError::Unwritten(Box::new(other)),
        }
    }
}

/// Why a unit of work was not written (nothing of it was).
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The channel already has a live game.
    #[error("the channel already has game {0}")]
    ChannelBusy(GameId),
    /// A game changed since it was read.
    #[error("the game changed since it was read")]
    Conflict,
    /// A tournament changed since it was read.
    #[error("the tournament changed since it was read")]
    TournamentConflict,
    /// A server's settings changed since they were read.
    #[error("the server's settings changed since they were read")]
    SettingsConflict,
    /// Another rated result was counted since the ratings were read.
    #[error("the ratings changed since they were read")]
    RatingsMoved,
    /// The request that made this unit was already carried out.
    #[error("this request was already carried out")]
    AlreadyDone,
    /// A sign-in of the web pages was finished before, or never begun (its state is spent or unknown).
    #[error("this sign-in was used before")]
    SignInSpent,
    /// A lesson's progress, a puzzle, a rating or a daily puzzle changed since it was read (or, written as new,
    /// exists already).
    #[error("a training record changed since it was read")]
    TrainingConflict,
    #[error("no such game")]
    Missing,
    #[error("a new record's id is taken")]
    IdTaken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What hears of games written elsewhere: a server and game, or `None` after a gap.
pub type GamesHeard = Box<dyn Fn(Option<(GuildId, GameId)>) + Send + Sync>;

/// The game id an announcement gives for every game of a server.
pub const EVERY_GAME: GameId = GameId(0);

pub trait Store: Send + Sync {
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError>;
    /// A game without its moves (`moves` empty): its seats, status, revision, for what never needs the moves;
    /// its cost does not grow with the game's length.
    fn game_header(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.game(id)
    }
    /// The live game (challenge or active) of a channel.
    fn channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError>;
    /// The most recent game created in a channel, live or not (to show a finished game's board and history).
    fn last_channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError>;
    /// Every game a user took part in, oldest first.
    fn user_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError>;
    /// The user's games still live (challenges waiting, games on), oldest first, in every server: read from an
    /// index of live games alone, whatever the number of finished ones.
    fn user_live_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError>;
    /// Writes a unit of work: all of it in one transaction, or nothing (see [`Unit`]).
    fn commit(&self, unit: &Unit) -> Result<Committed, WriteError>;
    /// Reserves `n` game ids for new games a unit will create (a tournament round names its games before they
    /// are written); returns the first. An id reserved and never used is only a gap.
    fn reserve_game_ids(&self, n: u64) -> Result<GameId, StoreError>;
    /// Stores a new game, assigning its id, and indexes it; refused when its channel has a live game.
    fn create_game(&self, record: GameRecord) -> Result<GameRecord, WriteError> {
        let write = GameWrite { record: record.clone(), base: None };
        let committed = self.commit(&Unit { games: vec![write], ..Unit::default() })?;
        Ok(GameRecord { id: committed.games[0], ..record })
    }
    /// Replaces a game's record if the stored one is still at revision `base`.
    fn update_game(&self, record: &GameRecord, base: u64) -> Result<(), WriteError> {
        self.commit(&Unit { games: vec![GameWrite { record: record.clone(), base: Some(base) }], ..Unit::default() })
            .map(|_| ())
    }
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
    /// The sequence number of the server's last rated game (0 when none): each server counts its own.
    fn last_rating_sequence(&self, guild: GuildId) -> Result<u64, StoreError>;
    /// A server's finished games (id, game, when it ended), the latest first (the archive). Reads every game's
    /// header, not its moves.
    fn finished_games(&self, guild: GuildId) -> Result<Vec<(GameId, GameKind, Timestamp)>, StoreError>;
    /// A server's live games (challenges waiting, games on), oldest first: read from an index of live games.
    /// A player's finished games in one server, newest first, from an index of that server's alone.
    fn player_finished_games(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<(GameId, GameKind, Timestamp)>, StoreError>;
    fn live_games(&self, guild: GuildId) -> Result<Vec<GameId>, StoreError>;
    /// Every game record (for recomputing ratings).
    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError>;
    fn tournament(&self, id: crate::store::record::TournamentId) -> Result<Option<Tournament>, StoreError>;
    /// A server's tournaments, oldest first.
    fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>, StoreError>;
    /// Tournament marks due at or before `until`, soonest first.
    fn tournament_marks(&self, until: Timestamp) -> Result<Vec<TournamentMark>, StoreError>;
    /// Whether a request with this idempotency key was carried out.
    fn request_done(&self, key: &str) -> Result<bool, StoreError>;
    /// Forgets request keys recorded before `before` (Discord redelivers an interaction within minutes).
    fn prune_requests(&self, before: Timestamp) -> Result<usize, StoreError>;
    /// Every record (see [`backup`]), consistent: the store as it was between two commits.
    fn snapshot(&self) -> Result<Vec<backup::Entry>, StoreError>;
    /// Writes a snapshot's records into this store, which must hold nothing yet; ids, revisions and the
    /// outbox's notice ids are kept as they were.
    fn load(&self, entries: &[backup::Entry]) -> Result<(), StoreError>;
    /// Checks that every index entry points at what it should (the live channel of each live game, the
    /// schedule, each player's games, each channel's latest game, each server's finished games); says what is wrong, and with `repair`
    /// rebuilds the indexes from the games in one transaction.
    fn check_indexes(&self, repair: bool) -> Result<Vec<String>, StoreError>;
    /// Whether the store holds no game, tournament, rating or setting.
    fn is_empty(&self) -> Result<bool, StoreError>;
    /// Games whose `due` time is at or before `until`, soonest first.
    fn due_games(&self, until: Timestamp) -> Result<Vec<GameId>, StoreError>;
    /// The soonest `due` time of any game or tournament mark.
    fn next_due(&self) -> Result<Option<Timestamp>, StoreError>;
    /// The outbox: notices not yet delivered, oldest first.
    fn notices(&self) -> Result<Vec<Notice>, StoreError>;
    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError>;
    /// Every server's settings that were ever written (the others are the defaults), by server.
    fn all_guild_settings(&self) -> Result<Vec<(GuildId, GuildSettings)>, StoreError>;
    /// Whether a user asked for reminders by direct message.
    fn notify_dm(&self, user: UserId) -> Result<bool, StoreError>;
    /// The open session whose cookie hashes to `key`: not closed, not expired at `now`, and its member not
    /// signed out everywhere since it opened.
    fn session(&self, key: &session::SecretHash, now: Timestamp) -> Result<Option<Session>, StoreError>;
    /// The sign-in under way whose state hashes to `key`, unless spent or expired at `now`.
    fn sign_in(&self, key: &session::SecretHash, now: Timestamp) -> Result<Option<SignIn>, StoreError>;
    /// Sign-ins and sessions past their expiry at `now` (at most `limit` of each kind), for a sweep to forget.
    fn expired_sessions(&self, now: Timestamp, limit: usize) -> Result<Vec<session::SecretHash>, StoreError>;
    /// The message that shows a game's latest board (channel, message), as the front end last recorded it.
    /// A training record and its revision.
    fn training(&self, key: &training::TrainingKey) -> Result<Option<(serde_json::Value, u64)>, StoreError>;
    /// Every puzzle (of `game`, or of all games), by number.
    fn puzzles(&self, game: Option<GameKind>) -> Result<Vec<training::Puzzle>, StoreError>;
    fn board_post(&self, game: GameId) -> Result<Option<(ChannelId, u64)>, StoreError>;
    /// Makes every write durable (commits already are; for shutdown).
    /// Tells the other tables sharing the store in this process that a game was written (game [`EVERY_GAME`]:
    /// something every game of the server shows, such as its pages turned off) (their live pages follow it);
    /// after the commit. Other processes (PostgreSQL) hear of every unit's games in its own transaction.
    fn announce_game(&self, _guild: GuildId, _game: GameId) {}
    /// `tell` hears of games other processes write from now on (`None`: some may have been missed, look at
    /// every followed game); `false` when no other process can share the store.
    fn hear_games(&self, _tell: GamesHeard) -> bool {
        false
    }
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
    /// The space the store takes on disk or in its database, when known (for the operator's metrics).
    fn size_bytes(&self) -> Option<u64> {
        None
    }
    /// How many games of every server hold a channel (open challenges and games under way), when known (for the
    /// operator's metrics): the servers' index of live games, counted.
    fn live_game_count(&self) -> Option<u64> {
        None
    }
    /// Records the message that shows a game's latest board, unless a newer one is recorded (a message's id grows
    /// with the time it was made, as Discord's do), in one transaction, so two boards recorded at once keep the
    /// newer whichever is recorded last. Returns the board whose buttons are now out of date: the one replaced,
    /// or this one when a newer is recorded. Cosmetic data: it need not be flushed at once.
    fn set_board_post(
        &self,
        game: GameId,
        channel: ChannelId,
        message: u64,
    ) -> Result<Option<(ChannelId, u64)>, StoreError>;
}
