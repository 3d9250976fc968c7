//! What may be asked of a tournament, and what each such request is: whether it is heavy work, answered
//! privately, only for a server, which game it names (that must be of the actor's server); how a tournament
//! pairs and how an organiser decides a game, as typed.

use crate::games::{GameKind, OptionSet};
use crate::store::record::{GameId, Player, TournamentId};
use crate::table::command::{Command, clean_player};

/// How a tournament pairs its players, as an organiser chooses it (a Swiss's rounds are chosen apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentFormat {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
    Elimination,
    DoubleElimination,
}

impl std::str::FromStr for TournamentFormat {
    type Err = crate::i18n::Message;

    /// `round-robin`, `double-round-robin`, `swiss`, `elimination` or `double-elimination`.
    fn from_str(text: &str) -> Result<TournamentFormat, Self::Err> {
        match text.trim().to_lowercase().as_str() {
            "round-robin" => Ok(TournamentFormat::RoundRobin),
            "double-round-robin" => Ok(TournamentFormat::DoubleRoundRobin),
            "swiss" => Ok(TournamentFormat::Swiss),
            "elimination" => Ok(TournamentFormat::Elimination),
            "double-elimination" => Ok(TournamentFormat::DoubleElimination),
            _ => Err(crate::i18n::Message::new("option-bad-value")
                .str("key", "format")
                .str("value", text)
                .str("expected", "round-robin|double-round-robin|swiss|elimination|double-elimination")),
        }
    }
}

/// How a game was decided, as an organiser enters it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    FirstWins,
    SecondWins,
    Draw,
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decision::FirstWins => "first",
            Decision::SecondWins => "second",
            Decision::Draw => "draw",
        })
    }
}

impl std::str::FromStr for Decision {
    type Err = crate::i18n::Message;

    /// `first` (or `white`, `south`, `1-0`), `second` (`black`, `north`, `0-1`) or `draw` (`½-½`).
    fn from_str(text: &str) -> Result<Decision, Self::Err> {
        match text.trim().to_lowercase().as_str() {
            "first" | "white" | "south" | "1-0" => Ok(Decision::FirstWins),
            "second" | "black" | "north" | "0-1" => Ok(Decision::SecondWins),
            "draw" | "½-½" => Ok(Decision::Draw),
            _ => Err(crate::i18n::Message::new("option-bad-value")
                .str("key", "winner")
                .str("value", text)
                .str("expected", "first|second|draw")),
        }
    }
}

/// Tournament commands; `id` `None` means the server's latest tournament that is not over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentCommand {
    /// `options` for every game (`time`, `rated` and the game's own).
    Create {
        game: GameKind,
        format: TournamentFormat,
        rounds: Option<u8>,
        max_players: Option<u32>,
        /// The games' own options (their rules, as `games/` defines them), and the tournament's terms.
        options: OptionSet,
        terms: crate::table::terms::TournamentTerms,
    },
    Join {
        id: Option<TournamentId>,
    },
    /// Signs up a role as a team (Zohn Ahl tournaments pair teams): a member of the role does it.
    JoinTeam {
        id: Option<TournamentId>,
        role: u64,
        name: String,
        /// The role is mentionable (the member's Mention Everyone permission also lets its games ping it).
        mentionable: bool,
    },
    Leave {
        id: Option<TournamentId>,
    },
    Start {
        id: Option<TournamentId>,
    },
    Standings {
        id: Option<TournamentId>,
        picture: bool,
    },
    /// The tournament as a FIDE tournament report file (Swiss and round robin).
    Export {
        id: Option<TournamentId>,
    },
    Pairings {
        id: Option<TournamentId>,
        round: Option<usize>,
    },
    /// An organiser withdraws a player: their unfinished games are forfeited, and they are paired no more.
    Drop {
        id: Option<TournamentId>,
        player: Player,
    },
    /// An organiser enters or corrects a result.
    Result {
        game: GameId,
        winner: Decision,
    },
    Cancel {
        id: Option<TournamentId>,
    },
    /// An organiser gives the games still on in the current round `secs` more seconds.
    Extend {
        id: Option<TournamentId>,
        secs: u64,
    },
}

impl From<TournamentCommand> for Command {
    fn from(command: TournamentCommand) -> Command {
        Command::Tournament(command)
    }
}

impl TournamentCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            TournamentCommand::Create { .. } => "create",
            TournamentCommand::Join { .. } => "join",
            TournamentCommand::JoinTeam { .. } => "join-team",
            TournamentCommand::Leave { .. } => "leave",
            TournamentCommand::Start { .. } => "start",
            TournamentCommand::Standings { .. } => "standings",
            TournamentCommand::Export { .. } => "export",
            TournamentCommand::Pairings { .. } => "pairings",
            TournamentCommand::Drop { .. } => "drop",
            TournamentCommand::Result { .. } => "result",
            TournamentCommand::Cancel { .. } => "cancel",
            TournamentCommand::Extend { .. } => "extend",
        }
    }

    /// Whether it is heavy work: none is (a large Swiss's pairing is queued by the tournament itself).
    pub fn is_heavy(&self) -> bool {
        match self {
            TournamentCommand::Create { .. }
            | TournamentCommand::Join { .. }
            | TournamentCommand::JoinTeam { .. }
            | TournamentCommand::Leave { .. }
            | TournamentCommand::Start { .. }
            | TournamentCommand::Standings { .. }
            | TournamentCommand::Export { .. }
            | TournamentCommand::Pairings { .. }
            | TournamentCommand::Drop { .. }
            | TournamentCommand::Result { .. }
            | TournamentCommand::Cancel { .. }
            | TournamentCommand::Extend { .. } => false,
        }
    }

    /// Whether only the actor reads the answer: a tournament is everyone's business.
    pub fn answers_privately(&self) -> bool {
        match self {
            TournamentCommand::Create { .. }
            | TournamentCommand::Join { .. }
            | TournamentCommand::JoinTeam { .. }
            | TournamentCommand::Leave { .. }
            | TournamentCommand::Start { .. }
            | TournamentCommand::Standings { .. }
            | TournamentCommand::Export { .. }
            | TournamentCommand::Pairings { .. }
            | TournamentCommand::Drop { .. }
            | TournamentCommand::Result { .. }
            | TournamentCommand::Cancel { .. }
            | TournamentCommand::Extend { .. } => false,
        }
    }

    /// Whether it has meaning only in a server: tournaments are a server's.
    pub fn belongs_to_a_server(&self) -> bool {
        match self {
            TournamentCommand::Create { .. }
            | TournamentCommand::Join { .. }
            | TournamentCommand::JoinTeam { .. }
            | TournamentCommand::Leave { .. }
            | TournamentCommand::Start { .. }
            | TournamentCommand::Standings { .. }
            | TournamentCommand::Export { .. }
            | TournamentCommand::Pairings { .. }
            | TournamentCommand::Drop { .. }
            | TournamentCommand::Result { .. }
            | TournamentCommand::Cancel { .. }
            | TournamentCommand::Extend { .. } => true,
        }
    }

    /// The game it names by id: an organiser's result names one.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            TournamentCommand::Result { game, .. } => Some(*game),
            TournamentCommand::Create { .. }
            | TournamentCommand::Join { .. }
            | TournamentCommand::JoinTeam { .. }
            | TournamentCommand::Leave { .. }
            | TournamentCommand::Start { .. }
            | TournamentCommand::Standings { .. }
            | TournamentCommand::Export { .. }
            | TournamentCommand::Pairings { .. }
            | TournamentCommand::Drop { .. }
            | TournamentCommand::Cancel { .. }
            | TournamentCommand::Extend { .. } => None,
        }
    }

    /// The names it carries, as they will be shown.
    pub(in crate::table) fn clean_names(&mut self, limits: &crate::table::limits::Limits) {
        match self {
            TournamentCommand::JoinTeam { name, .. } => {
                *name = crate::table::limits::clean_name(name, limits.team_name_chars)
            }
            TournamentCommand::Drop { player, .. } => clean_player(player, limits),
            TournamentCommand::Create { .. }
            | TournamentCommand::Join { .. }
            | TournamentCommand::Leave { .. }
            | TournamentCommand::Start { .. }
            | TournamentCommand::Standings { .. }
            | TournamentCommand::Export { .. }
            | TournamentCommand::Pairings { .. }
            | TournamentCommand::Result { .. }
            | TournamentCommand::Cancel { .. }
            | TournamentCommand::Extend { .. } => {}
        }
    }
}
