//! Who is signed in on the web pages: a sign-in begun, then finished once (spending its state and opening the
//! session in one unit, so a replayed state opens nothing), sessions read and closed, and a member signed out
//! everywhere. Each change is a unit of work through the one write path, like a move.

use crate::store::record::{Timestamp, UserId};
use crate::store::session::SecretHash;
use crate::store::{Session, SessionWrite, SignIn, Unit};
use crate::table::fail::{Fail, TableError};
use crate::table::service::Table;
use crate::table::write::AtWork;

impl Table {
    fn write_sessions(&self, sessions: Vec<SessionWrite>) -> Result<(), Fail> {
        AtWork::own(self).write(Unit { sessions, ..Unit::default() }).map(|_| ())
    }

    /// Begins a sign-in whose state hashes to `state`.
    pub fn begin_sign_in(&self, state: &SecretHash, sign_in: SignIn) -> Result<(), TableError> {
        Ok(self.write_sessions(vec![SessionWrite::Begin { key: *state, sign_in }])?)
    }

    /// The sign-in under way whose state hashes to `state`, unless spent or expired.
    pub fn sign_in_under_way(&self, state: &SecretHash, now: Timestamp) -> Result<Option<SignIn>, TableError> {
        Ok(self.store.sign_in(state, now)?)
    }

    /// Spends the sign-in and opens `session` under the cookie that hashes to `cookie`, in one unit: `false` when
    /// the sign-in was spent before (a replayed state) and nothing opened.
    pub fn finish_sign_in(
        &self,
        state: &SecretHash,
        cookie: &SecretHash,
        session: Session,
    ) -> Result<bool, TableError> {
        let writes = vec![SessionWrite::Finish { key: *state }, SessionWrite::Open { key: *cookie, session }];
        match self.write_sessions(writes) {
            Ok(()) => Ok(true),
            Err(Fail::AlreadyDone) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Opens `session` under the token that hashes to `token`, with no sign-in to spend (an Activity's: Discord's
    /// client authorised it, and its code was taken once by Discord).
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
