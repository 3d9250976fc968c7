//! What may be asked of a server's web pages on a channel, and what each such request is: whether it is heavy
//! work, answered privately, only for a server, which game it names.

use crate::store::record::GameId;
use crate::table::command::Command;

/// The server's web pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageCommand {
    /// The address of the server's web pages (or why there is none).
    Web,
}

impl From<PageCommand> for Command {
    fn from(command: PageCommand) -> Command {
        Command::Page(command)
    }
}

impl PageCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            PageCommand::Web => "web",
        }
    }

    /// Whether it is heavy work: none is.
    pub fn is_heavy(&self) -> bool {
        match self {
            PageCommand::Web => false,
        }
    }

    /// Whether only the actor reads the answer: the address is for the channel.
    pub fn answers_privately(&self) -> bool {
        match self {
            PageCommand::Web => false,
        }
    }

    /// Whether it has meaning only in a server: pages are a server's.
    pub fn belongs_to_a_server(&self) -> bool {
        match self {
            PageCommand::Web => true,
        }
    }

    /// The game it names by id: none.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            PageCommand::Web => None,
        }
    }

    /// The names it carries, as they will be shown: it carries none.
    pub(in crate::table) fn clean_names(&mut self, _: &crate::table::limits::Limits) {}
}
