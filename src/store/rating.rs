//! Ratings as stored: a player's Glicko-2 rating per server and game, a Zohn Ahl team's record, and what a
//! game's end writes about them (in the same transaction as the game).

use serde::{Deserialize, Serialize};

use super::record::{GameId, GuildId, Timestamp, UserId};
use crate::games::GameKind;

/// How many rating points a profile's chart keeps.
pub const HISTORY_KEPT: usize = 100;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The player's name when last rated.
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Positive: wins in a row; negative: losses in a row.
    pub streak: i32,
    /// (when, rating after the game), oldest first, the latest [`HISTORY_KEPT`].
    pub history: Vec<(Timestamp, f64)>,
}

/// A rating whose deviation is at least this is provisional (shown with a `?`, listed apart).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

impl Rating {
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// A new player: Glicko-2's 1500 ± 350, volatility 0.06.
    pub fn new(name: &str) -> Rating {
        Rating {
            name: name.to_string(),
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            streak: 0,
            history: Vec::new(),
        }
    }
}

pub use super::record::RatingChange;

/// A Zohn Ahl team's record: a role, or a player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct TeamRecord {
    pub name: String,
    pub games: u32,
    pub wins: u32,
    /// Counters brought home over all games.
    pub counters_won: u32,
}

/// Whose record a [`TeamRecord`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, PartialOrd, Ord)]
pub enum TeamKey {
    Role(u64),
    Player(UserId),
}

/// The rating and record writes of a game's end.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Standings {
    /// The order of rated games in each server: the store keeps each server's last, and a recomputation replays
    /// a server's games in this order.
    pub sequences: Vec<(GuildId, u64)>,
    pub ratings: Vec<(GuildId, GameKind, UserId, Rating)>,
    pub teams: Vec<(GuildId, TeamKey, TeamRecord)>,
}

/// A game counted in a rating, for a recomputation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatedGame {
    pub sequence: u64,
    pub game: GameId,
}
