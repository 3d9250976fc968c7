//! What may be asked of records and replays, and what each such request is: whether it is heavy work, answered
//! privately, only for a server, which game it names (that must be of the actor's server).

use crate::games::GameKind;
use crate::store::record::{GameId, Player};
use crate::table::command::{Command, clean_player};

/// Records and replays: a game's files, an imported game, the server's archive, an analysis, an animated replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordCommand {
    /// The analysis of a finished game (the channel's last one when `None`).
    Analysis { game: Option<GameId> },
    /// A game's record files, JSON and text (the channel's game when `None`), finished or still on.
    Export { game: Option<GameId> },
    /// A record file to store as an imported game; `live`: a game still on may be stored to be continued (the
    /// console), else it is refused.
    Import { bytes: Vec<u8>, live: bool },
    /// A page (from 0) of the server's finished games, newest first; of one player, of one game, when given.
    Archive { player: Option<Player>, game: Option<GameKind>, page: usize },
    /// An animated replay (GIF) of a game (the channel's game when `None`); `delay`: hundredths of a second each
    /// move shows (a second when `None`; see `replay_delay` for the speeds a member may type).
    Replay { game: Option<GameId>, delay: Option<u16> },
}

impl From<RecordCommand> for Command {
    fn from(command: RecordCommand) -> Command {
        Command::Record(command)
    }
}

impl RecordCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            RecordCommand::Analysis { .. } => "analysis",
            RecordCommand::Export { .. } => "export",
            RecordCommand::Import { .. } => "import",
            RecordCommand::Archive { .. } => "archive",
            RecordCommand::Replay { .. } => "replay",
        }
    }

    /// Whether it is heavy work: an analysis is a search, a replay draws every position, an import replays every
    /// move.
    pub fn is_heavy(&self) -> bool {
        match self {
            RecordCommand::Analysis { .. } | RecordCommand::Replay { .. } | RecordCommand::Import { .. } => true,
            RecordCommand::Export { .. } | RecordCommand::Archive { .. } => false,
        }
    }

    /// Whether only the actor reads the answer: records are shown to the channel.
    pub fn answers_privately(&self) -> bool {
        match self {
            RecordCommand::Analysis { .. }
            | RecordCommand::Export { .. }
            | RecordCommand::Import { .. }
            | RecordCommand::Archive { .. }
            | RecordCommand::Replay { .. } => false,
        }
    }

    /// Whether it has meaning only in a server: a channel outside one keeps its own archive.
    pub fn belongs_to_a_server(&self) -> bool {
        match self {
            RecordCommand::Analysis { .. }
            | RecordCommand::Export { .. }
            | RecordCommand::Import { .. }
            | RecordCommand::Archive { .. }
            | RecordCommand::Replay { .. } => false,
        }
    }

    /// The game it names by id.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            RecordCommand::Analysis { game } | RecordCommand::Export { game } | RecordCommand::Replay { game, .. } => {
                *game
            }
            RecordCommand::Import { .. } | RecordCommand::Archive { .. } => None,
        }
    }

    /// The names it carries, as they will be shown.
    pub(in crate::table) fn clean_names(&mut self, limits: &crate::table::limits::Limits) {
        match self {
            RecordCommand::Archive { player, .. } => player.iter_mut().for_each(|p| clean_player(p, limits)),
            RecordCommand::Analysis { .. }
            | RecordCommand::Export { .. }
            | RecordCommand::Import { .. }
            | RecordCommand::Replay { .. } => {}
        }
    }
}
