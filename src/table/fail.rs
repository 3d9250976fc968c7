//! How the table's work fails: a member's request refused (in words, later), a record changed under it (worth
//! trying again), an internal fault, or a request carried out before; and the table's own work's errors as its
//! callers see them.

use super::reply::Reply;
use crate::i18n::{self, Message};
use crate::store::{StoreError, WriteError};

/// What went wrong in the table's own work (the scheduler's, the computer's, the pages', a check), as its callers
/// see it: never a member's mistake, which is a refusal in words.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A record that does not read as it should, or work that could not be done.
    #[error("{0}")]
    Internal(String),
    /// Refused as a member's request would be (in English words, for the log).
    #[error("refused: {0}")]
    Refused(String),
    /// Carried out before (a redelivered request).
    #[error("done before")]
    AlreadyDone,
    /// A unit of work the store would not write, for a reason that is not a member's.
    #[error(transparent)]
    Unwritten(WriteError),
}

impl From<Fail> for TableError {
    fn from(fail: Fail) -> TableError {
        match fail {
            Fail::User(m) => TableError::Refused(i18n::text(i18n::Locale::English, &m)),
            Fail::Changed(c) => TableError::Refused(i18n::text(i18n::Locale::English, &c.message())),
            Fail::Internal(e) => TableError::Internal(e),
            Fail::Store(e) => TableError::Store(e),
            Fail::Unwritten(e) => TableError::Unwritten(e),
            Fail::AlreadyDone => TableError::AlreadyDone,
        }
    }
}

/// Why a command failed, before it is put into words.
#[derive(Debug)]
pub(super) enum Fail {
    User(Message),
    /// What the request read was changed meanwhile (by another request or process): worth trying again.
    Changed(Changed),
    /// A fault of ours, said in English for the log: a record that does not replay, say.
    Internal(String),
    /// The store could not be read or written.
    Store(StoreError),
    /// A unit of work the store would not write, for a reason that is not a member's (a new record's id taken).
    Unwritten(WriteError),
    /// The request was carried out before (a redelivery): nothing is done, nothing is said.
    AlreadyDone,
}

/// What changed under a request, as the store reports a revision that moved on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Changed {
    Game,
    Tournament,
    Settings,
    /// A lesson's progress or a puzzle's record.
    Training,
}

impl Changed {
    /// What the member is told when trying again did not help.
    pub(super) fn message(self) -> Message {
        Message::new(match self {
            Changed::Game => "game-changed",
            Changed::Tournament => "tournament-changed",
            Changed::Settings => "settings-changed",
            Changed::Training => "training-changed",
        })
    }
}

impl From<Message> for Fail {
    fn from(m: Message) -> Fail {
        Fail::User(m)
    }
}

impl From<TableError> for Fail {
    fn from(e: TableError) -> Fail {
        match e {
            TableError::Store(e) => Fail::Store(e),
            TableError::Unwritten(e) => Fail::Unwritten(e),
            TableError::AlreadyDone => Fail::AlreadyDone,
            TableError::Internal(e) | TableError::Refused(e) => Fail::Internal(e),
        }
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Store(e)
    }
}

/// What a command handler gives back before it is put into words.
pub(super) type Answer = Result<Vec<Reply>, Fail>;
