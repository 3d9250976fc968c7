//! Settings kept in the store: a server's defaults for new games, and a user's notification choice.

use serde::{Deserialize, Serialize};

use super::record::TimeoutPolicy;
use crate::i18n::Locale;

/// When a reminder goes, relative to a move's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "at", content = "secs")]
pub enum Remind {
    /// When half the time for the move is gone.
    Half,
    /// This many seconds before the deadline.
    Before(u64),
}

/// A server's defaults (changed with `/settings server`, by members with Manage Server).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GuildSettings {
    /// Seconds per move of new games; `None`: no deadlines.
    pub time_per_move: Option<u64>,
    pub remind: Vec<Remind>,
    pub timeout: TimeoutPolicy,
    /// Seconds after a deadline before a game is adjudicated, with [`TimeoutPolicy::Auto`].
    pub grace: u64,
    /// Whether an accepted game gets its own thread (when the front end can open one).
    pub threads: bool,
    /// The language of public posts; `None`: the server's own preferred language.
    pub locale: Option<Locale>,
    /// Whether new two-player games are rated unless the challenge says otherwise.
    pub rated: bool,
    /// Members with this role may run tournaments (besides those with Manage Server).
    pub organiser_role: Option<u64>,
}

impl Default for GuildSettings {
    fn default() -> Self {
        GuildSettings {
            time_per_move: Some(3 * 24 * 3600),
            remind: vec![Remind::Half, Remind::Before(12 * 3600)],
            timeout: TimeoutPolicy::Claim,
            grace: 24 * 3600,
            threads: true,
            locale: None,
            rated: true,
            organiser_role: None,
        }
    }
}
