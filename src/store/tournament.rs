//! A tournament as stored: its settings, entrants in seeding order, and its rounds with the game of each
//! pairing. Results are read from the games themselves (the source of truth), unless an organiser entered one.

use serde::{Deserialize, Serialize};

use super::record::{ChannelId, GameId, GuildId, Player, Timestamp, UserId};
use crate::games::{GameKind, OptionSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "format")]
pub enum Format {
    RoundRobin {
        legs: u8,
    },
    Swiss {
        rounds: u8,
    },
    Elimination,
    /// Winners' and losers' brackets, a grand final and its reset: out after a second loss.
    DoubleElimination,
}

impl Format {
    /// Whether a game must have a winner (a drawn game is replayed with sides swapped): the brackets.
    pub fn is_knockout(self) -> bool {
        matches!(self, Format::Elimination | Format::DoubleElimination)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The player; for a role team, the role's id and `@name`.
    pub player: Player,
    pub dropped: bool,
    /// A role team (Zohn Ahl): everyone holding the role plays for it.
    #[serde(default)]
    pub role: bool,
    /// A role team whose games ping the role (it was mentionable, or its member could mention everyone).
    #[serde(default)]
    pub ping: bool,
}

impl Entrant {
    /// The entrant's name in a text: a member's as theirs (with their id), a team's as a name.
    pub fn named(&self) -> crate::i18n::Text {
        if self.role {
            crate::i18n::Text::span(self.player.name.as_str(), crate::i18n::Span::Name)
        } else {
            crate::i18n::Text::span(self.player.name.as_str(), crate::i18n::Span::Player(self.player.id.get()))
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// Entrant indices: the first takes the first side.
    pub first: usize,
    pub second: usize,
    pub game: Option<GameId>,
    /// A result entered or corrected by an organiser: the first's points (1, ½, 0).
    pub entered: Option<f64>,
    /// In an elimination bracket, the place in the round (a drawn game is replayed in the same slot).
    #[serde(default)]
    pub slot: usize,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TournamentRound {
    pub pairings: Vec<Pairing>,
    /// Entrants with a bye (worth a win); several only in an elimination bracket's first round.
    pub byes: Vec<usize>,
    /// When it was paired (0 in records kept before this was).
    #[serde(default)]
    pub paired_at: Timestamp,
    /// When its games should be over, for a tournament with a round time (moved by an organiser's extension).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<Timestamp>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TournamentStatus {
    SignUp,
    Running,
    Finished,
    Cancelled,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// Assigned by the store.
    pub id: crate::store::record::TournamentId,
    /// Incremented by every write; a write based on an older revision is refused.
    #[serde(default)]
    pub revision: u64,
    pub guild: GuildId,
    /// Where it was announced.
    pub channel: ChannelId,
    pub kind: GameKind,
    /// Options of every game (`time`, `rated` and the game's own).
    pub options: OptionSet,
    pub format: Format,
    pub organiser: UserId,
    pub max_players: Option<u32>,
    /// When sign-up closes and the tournament starts by itself (without an organiser's start).
    #[serde(default)]
    pub signup_until: Option<Timestamp>,
    pub status: TournamentStatus,
    pub entrants: Vec<Entrant>,
    pub rounds: Vec<TournamentRound>,
    /// What organisers did, for the record.
    pub log: Vec<(Timestamp, String)>,
    pub created_at: Timestamp,
}

impl Tournament {
    /// Whether its players' clocks stand still while they are on vacation (unless the organiser refused it).
    pub fn allows_vacations(&self) -> bool {
        self.options.get("vacation").is_none_or(|v| v != "off")
    }
}
