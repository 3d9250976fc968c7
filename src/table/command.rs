//! What a user asks the table service to do, by domain (a button or a menu asks it through its id, `ButtonId`).
//! Each domain's commands, and what each one is (heavy work, answered privately, only for a server, the game it
//! names), live in the domain's own `command.rs`; here they are one type.

pub use super::challenges::command::ChallengeCommand;
pub use super::pages::command::PageCommand;
pub use super::play::command::PlayCommand;
pub use super::ratings::command::RatingCommand;
pub use super::records::command::RecordCommand;
pub use super::settings::command::SettingCommand;
pub use super::tournament::command::{Decision, TournamentCommand, TournamentFormat};
pub use super::training::command::TrainCommand;
use crate::store::record::{GameId, Player, Team};
use crate::table::limits::{Limits, clean_name};

/// What a user asks the table to do, by domain: each domain's module handles its own commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Challenge(ChallengeCommand),
    Play(PlayCommand),
    Record(RecordCommand),
    Rating(RatingCommand),
    Setting(SettingCommand),
    Page(PageCommand),
    Tournament(TournamentCommand),
    Train(TrainCommand),
}

/// `$body` with `$c` bound to the domain's command, whichever domain it is.
macro_rules! in_its_domain {
    ($command:expr, $c:ident => $body:expr) => {
        match $command {
            Command::Challenge($c) => $body,
            Command::Play($c) => $body,
            Command::Record($c) => $body,
            Command::Rating($c) => $body,
            Command::Setting($c) => $body,
            Command::Page($c) => $body,
            Command::Tournament($c) => $body,
            Command::Train($c) => $body,
        }
    };
}

impl Command {
    /// The command with every name it carries as it will be shown: control characters gone, cut to the limits
    /// (a player's name to `name_chars`, a team's to `team_name_chars`), whichever front end it came from.
    pub(super) fn with_clean_names(mut self, limits: &Limits) -> Command {
        in_its_domain!(&mut self, c => c.clean_names(limits));
        self
    }

    /// Whether the command is heavy work (a search, an analysis, a replay's pictures, an import's replay): front
    /// ends that serve many members run it in the heavy-work queue, in its server's turn.
    pub fn is_heavy(&self) -> bool {
        in_its_domain!(self, c => c.is_heavy())
    }

    /// Whether the answer is for the actor alone (so it is in the actor's language, not the server's).
    pub fn answers_privately(&self) -> bool {
        in_its_domain!(self, c => c.answers_privately())
    }

    /// Whether the command is about what belongs to a server (its ratings, tournaments, settings and pages), so
    /// has no meaning outside one.
    pub fn belongs_to_a_server(&self) -> bool {
        in_its_domain!(self, c => c.belongs_to_a_server())
    }

    /// The game a command names by its id (a button's, or a typed one), which must be of the actor's server.
    pub fn named_game(&self) -> Option<GameId> {
        in_its_domain!(self, c => c.named_game())
    }

    /// The command's domain and name, as the metrics count them (a closed set: never what it carries).
    pub fn metric(&self) -> (&'static str, &'static str) {
        match self {
            Command::Challenge(c) => ("challenges", c.name()),
            Command::Play(c) => ("play", c.name()),
            Command::Record(c) => ("records", c.name()),
            Command::Rating(c) => ("ratings", c.name()),
            Command::Setting(c) => ("settings", c.name()),
            Command::Page(c) => ("pages", c.name()),
            Command::Tournament(c) => ("tournaments", c.name()),
            Command::Train(c) => ("training", c.name()),
        }
    }
}

/// A player's name as it will be shown (see [`Command::with_clean_names`]).
pub(super) fn clean_player(player: &mut Player, limits: &Limits) {
    player.name = clean_name(&player.name, limits.name_chars);
}

/// A team's names as they will be shown: its players', or its role's.
pub(super) fn clean_team(team: &mut Team, limits: &Limits) {
    match team {
        Team::Players { players } => players.iter_mut().for_each(|p| clean_player(p, limits)),
        Team::Role { name, .. } => *name = clean_name(name, limits.team_name_chars),
    }
}
