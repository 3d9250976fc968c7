//! What may be asked of challenges, and what each such request is: whether it is heavy work, answered privately,
//! only for a server, which game it names (that must be of the actor's server).

use crate::games::{GameKind, OptionSet};
use crate::store::record::{GameId, Player, Team};
use crate::table::command::{Command, clean_player, clean_team};

/// Challenges: a game asked for, answered, joined by a team's members, or asked for again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChallengeCommand {
    /// Challenge `opponent` (anyone, when `None`) to a game with its own `options` (its rules, as `games/`
    /// defines them) and the challenge's `terms`.
    Challenge {
        game: GameKind,
        opponent: Option<Player>,
        options: OptionSet,
        terms: crate::table::terms::Terms,
        /// West's and East's teams, for a team game (Zohn Ahl); `None` for a game of one player a side.
        teams: Option<[Team; 2]>,
    },
    Accept {
        game: Option<GameId>,
    },
    Decline {
        game: Option<GameId>,
    },
    Cancel,
    /// Join the roster of one's role team before a team game starts (turn modes that call members in turn).
    Join {
        game: Option<GameId>,
    },
    /// A rematch of a finished game (the channel's last one when `None`): a new challenge, sides swapped.
    Rematch {
        game: Option<GameId>,
    },
}

impl From<ChallengeCommand> for Command {
    fn from(command: ChallengeCommand) -> Command {
        Command::Challenge(command)
    }
}

impl ChallengeCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            ChallengeCommand::Challenge { .. } => "challenge",
            ChallengeCommand::Accept { .. } => "accept",
            ChallengeCommand::Decline { .. } => "decline",
            ChallengeCommand::Cancel => "cancel",
            ChallengeCommand::Join { .. } => "join",
            ChallengeCommand::Rematch { .. } => "rematch",
        }
    }

    /// Whether it is heavy work: none is.
    pub fn is_heavy(&self) -> bool {
        match self {
            ChallengeCommand::Challenge { .. }
            | ChallengeCommand::Accept { .. }
            | ChallengeCommand::Decline { .. }
            | ChallengeCommand::Cancel
            | ChallengeCommand::Join { .. }
            | ChallengeCommand::Rematch { .. } => false,
        }
    }

    /// Whether only the actor reads the answer: a challenge is everyone's business.
    pub fn answers_privately(&self) -> bool {
        match self {
            ChallengeCommand::Challenge { .. }
            | ChallengeCommand::Accept { .. }
            | ChallengeCommand::Decline { .. }
            | ChallengeCommand::Cancel
            | ChallengeCommand::Join { .. }
            | ChallengeCommand::Rematch { .. } => false,
        }
    }

    /// Whether it has meaning only in a server: challenges are made in direct messages too.
    pub fn belongs_to_a_server(&self) -> bool {
        match self {
            ChallengeCommand::Challenge { .. }
            | ChallengeCommand::Accept { .. }
            | ChallengeCommand::Decline { .. }
            | ChallengeCommand::Cancel
            | ChallengeCommand::Join { .. }
            | ChallengeCommand::Rematch { .. } => false,
        }
    }

    /// The game it names by id.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            ChallengeCommand::Accept { game }
            | ChallengeCommand::Decline { game }
            | ChallengeCommand::Join { game }
            | ChallengeCommand::Rematch { game } => *game,
            ChallengeCommand::Challenge { .. } | ChallengeCommand::Cancel => None,
        }
    }

    /// The names it carries, as they will be shown.
    pub(in crate::table) fn clean_names(&mut self, limits: &crate::table::limits::Limits) {
        match self {
            ChallengeCommand::Challenge { opponent, teams, .. } => {
                opponent.iter_mut().for_each(|p| clean_player(p, limits));
                teams.iter_mut().flatten().for_each(|t| clean_team(t, limits));
            }
            ChallengeCommand::Accept { .. }
            | ChallengeCommand::Decline { .. }
            | ChallengeCommand::Cancel
            | ChallengeCommand::Join { .. }
            | ChallengeCommand::Rematch { .. } => {}
        }
    }
}
