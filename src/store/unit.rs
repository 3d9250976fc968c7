//! A unit of work: everything one change writes — games, tournaments, ratings and team records, notices for
//! the outbox, tournament marks for the scheduler, settings, and the id of the request that caused it — handed
//! to [`super::Store::commit`], which writes all of it in one transaction or none of it. Every record that
//! already exists is written over the revision it was read at; a record changed meanwhile refuses the whole
//! unit. This is the only way state changes: correctness rests on these checks in the store, never on a lock
//! in one process's memory, so two processes sharing a store still apply each change once.

use super::record::{GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
use super::{GuildSettings, Standings, Tournament};

/// A game written by a unit: a new one (`base` `None`; id 0 gets the next id, a reserved id must be unused) or
/// an existing one at revision `base` (the record carries its new revision).
#[derive(Debug, Clone, PartialEq)]
pub struct GameWrite {
    pub record: GameRecord,
    pub base: Option<u64>,
}

/// A tournament written by a unit, like [`GameWrite`].
#[derive(Debug, Clone, PartialEq)]
pub struct TournamentWrite {
    pub tournament: Tournament,
    pub base: Option<u64>,
}

/// Ratings and team records a unit changes. `bases` are the last rating sequences, by server, the change was
/// computed from: the unit is refused when another rated result was counted since in one of those servers (the
/// ratings it read are out of date). Servers keep their own sequences, so results in different servers never
/// refuse each other.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StandingsWrite {
    pub bases: Vec<(GuildId, u64)>,
    pub standings: Standings,
    /// A recomputation: every rating and team record is replaced by these.
    pub replace: bool,
}

/// A tournament that needs looking at from `at` on: a game of it ended (`game` its id), or its sign-up
/// deadline (`game` 0). The scheduler and the request that ended the game clear the marks they handled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct TournamentMark {
    pub at: Timestamp,
    pub tournament: crate::store::record::TournamentId,
    pub game: GameId,
}

/// A server's settings written by a unit over the revision `base` they were read at (`None`: written whatever is
/// stored, as a backup is loaded); the settings carry their new revision.
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsWrite {
    pub guild: GuildId,
    pub settings: GuildSettings,
    pub base: Option<u64>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Unit {
    pub games: Vec<GameWrite>,
    pub tournaments: Vec<TournamentWrite>,
    pub standings: Option<StandingsWrite>,
    /// Notices to put in the outbox (their ids are assigned).
    pub notices: Vec<Notice>,
    /// Notices delivered: they leave the outbox.
    pub delivered: Vec<u64>,
    pub marks: Vec<TournamentMark>,
    pub unmarks: Vec<TournamentMark>,
    pub settings: Vec<SettingsWrite>,
    pub notify: Vec<(UserId, bool)>,
    /// Sign-ins and sessions of the web pages begun, spent, opened or closed.
    pub sessions: Vec<super::session::SessionWrite>,
    /// Lesson progress, puzzles, puzzle ratings, tries and daily puzzles written.
    pub training: Vec<super::training::TrainingWrite>,
    /// The idempotency key of the request (a Discord interaction id) and when it came: the unit is refused
    /// with [`super::WriteError::AlreadyDone`] when a unit with the same key was committed before.
    pub request: Option<(String, Timestamp)>,
}

/// What a committed unit assigned, in the order of the unit's lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Committed {
    pub games: Vec<GameId>,
    pub tournaments: Vec<u64>,
    pub notices: Vec<u64>,
}
