//! Who is signed in on the web pages: sessions opened, read and closed, a member signed out everywhere, and
//! what expired forgotten (the sign-ins under way an earlier release kept in the store among them). Each change
//! is a unit of work through the one write path, like a move.

use crate::store::record::{Timestamp, UserId};
use crate::store::session::SecretHash;
use crate::store::{Session, SessionWrite, Unit};
use crate::table::fail::{Fail, TableError};
use crate::table::service::Table;
use crate::table::write::AtWork;

impl Table {
    fn write_sessions(&self, sessions: Vec<SessionWrite>) -> Result<(), Fail> {
        AtWork::own(self).write(Unit { sessions, ..Unit::default() }).map(|_| ())
    }

    /// Opens `session` under the token that hashes to `token`: a member Discord named, from a code Discord takes
    /// once (a sign-in under way is kept by the browser, not here).
    pub fn open_session(&self, token: &SecretHash, session: Session) -> Result<(), TableError> {
        Ok(self.write_sessions(vec![SessionWrite::Open { key: *token, session }])?)
    }

    /// The open session whose cookie hashes to `cookie`.
    pub fn session(&self, cookie: &SecretHash, now: Timestamp) -> Result<Option<Session>, TableError> {
        Ok(self.store.session(cookie, now)?)
    }

    /// Ends the session whose cookie hashes to `cookie`, and with `everywhere` every session of its member.
    pub fn sign_out(&self, cookie: &SecretHash, everywhere: Option<UserId>) -> Result<(), TableError> {
        let mut writes = vec![SessionWrite::Close { key: *cookie }];
        writes.extend(everywhere.map(|user| SessionWrite::CloseAll { user }));
        Ok(self.write_sessions(writes)?)
    }

    /// Forgets the sign-ins and sessions past their expiry at `now` (a few hundred at a time); how many.
    pub fn sweep_sessions(&self, now: Timestamp) -> Result<usize, TableError> {
        let expired = self.store.expired_sessions(now, SWEPT_AT_ONCE)?;
        let count = expired.len();
        if count > 0 {
            self.write_sessions(expired.into_iter().map(|key| SessionWrite::Forget { key }).collect())?;
        }
        Ok(count)
    }
}

/// Sign-ins (and sessions) a sweep forgets at most, of each kind.
const SWEPT_AT_ONCE: usize = 500;
