//! What may be asked of a server's settings and a member's own, and what each such request is: whether it is
//! heavy work, answered privately, only for a server, which game it names.

use crate::store::record::GameId;
use crate::table::command::Command;

/// A server's settings and a member's own: reminders and vacations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingCommand {
    /// Shows the server's settings, or changes them (Manage Server needed).
    Settings { changes: Vec<crate::table::setting::SettingChange> },
    /// Reminders by direct message: on, off, or (`None`) which it is.
    Notify { on: Option<bool> },
    /// The actor goes on vacation for `days` (what is left of their allowance when `None`): the clocks of their
    /// moves stand still.
    VacationStart { days: Option<u32> },
    /// The actor's vacation ends now.
    VacationEnd,
}

impl From<SettingCommand> for Command {
    fn from(command: SettingCommand) -> Command {
        Command::Setting(command)
    }
}

impl SettingCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            SettingCommand::Settings { .. } => "settings",
            SettingCommand::Notify { .. } => "notify",
            SettingCommand::VacationStart { .. } => "vacation-start",
            SettingCommand::VacationEnd => "vacation-end",
        }
    }

    /// Whether it is heavy work: none is.
    pub fn is_heavy(&self) -> bool {
        match self {
            SettingCommand::Settings { .. }
            | SettingCommand::Notify { .. }
            | SettingCommand::VacationStart { .. }
            | SettingCommand::VacationEnd => false,
        }
    }

    /// Whether only the actor reads the answer: every setting's answer is theirs (what the others must know is
    /// posted apart).
    pub fn answers_privately(&self) -> bool {
        match self {
            SettingCommand::Settings { .. }
            | SettingCommand::Notify { .. }
            | SettingCommand::VacationStart { .. }
            | SettingCommand::VacationEnd => true,
        }
    }

    /// Whether it has meaning only in a server: a server's settings do; a member's own go everywhere.
    pub fn belongs_to_a_server(&self) -> bool {
        match self {
            SettingCommand::Settings { .. } => true,
            SettingCommand::Notify { .. } | SettingCommand::VacationStart { .. } | SettingCommand::VacationEnd => false,
        }
    }

    /// The game it names by id: none.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            SettingCommand::Settings { .. }
            | SettingCommand::Notify { .. }
            | SettingCommand::VacationStart { .. }
            | SettingCommand::VacationEnd => None,
        }
    }

    /// The names it carries, as they will be shown: it carries none.
    pub(in crate::table) fn clean_names(&mut self, _: &crate::table::limits::Limits) {}
}
