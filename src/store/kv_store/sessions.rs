//! The web pages' sign-ins and sessions in the `sessions` tree: `p` ++ state hash -> JSON sign-in, `s` ++ cookie
//! hash -> JSON session, `g` ++ user -> the member's sign-out generation (8 bytes; 0 when absent).

use super::super::session::{SecretHash, Session, SessionWrite, SignIn};
use super::*;

fn sign_in_key(key: &SecretHash) -> Vec<u8> {
    [b"p".as_slice(), key].concat()
}

fn session_key(key: &SecretHash) -> Vec<u8> {
    [b"s".as_slice(), key].concat()
}

fn generation_key(user: UserId) -> Vec<u8> {
    [b"g".as_slice(), &user.get().to_be_bytes()].concat()
}

fn generation_of(bytes: Option<Vec<u8>>) -> Result<u64, StoreError> {
    bytes.map(|b| id_from(&b)).transpose().map(|g| g.unwrap_or(0))
}

/// The open session whose cookie hashes to `key` at `now`.
pub(super) fn session(r: &dyn KvRead, key: &SecretHash, now: Timestamp) -> Result<Option<Session>, StoreError> {
    let Some(bytes) = r.get(SESSIONS, &session_key(key))? else { return Ok(None) };
    let session: Session = unjson(&bytes)?;
    let generation = generation_of(r.get(SESSIONS, &generation_key(session.user))?)?;
    Ok((session.expires > now && session.generation == generation).then_some(session))
}

/// The sign-in under way whose state hashes to `key` at `now`.
pub(super) fn sign_in(r: &dyn KvRead, key: &SecretHash, now: Timestamp) -> Result<Option<SignIn>, StoreError> {
    let Some(bytes) = r.get(SESSIONS, &sign_in_key(key))? else { return Ok(None) };
    let sign_in: SignIn = unjson(&bytes)?;
    Ok((sign_in.expires > now).then_some(sign_in))
}

/// Sign-ins and sessions past their expiry at `now`, at most `limit` of each kind (a sweep forgets them).
pub(super) fn expired(r: &dyn KvRead, now: Timestamp, limit: usize) -> Result<Vec<SecretHash>, StoreError> {
    let mut out = Vec::new();
    for (prefix, sign_ins) in [(b"p", true), (b"s", false)] {
        let mut found = 0;
        for (key, value) in r.scan_prefix(SESSIONS, prefix)? {
            let expires = if sign_ins { unjson::<SignIn>(&value)?.expires } else { unjson::<Session>(&value)?.expires };
            if expires <= now
                && let Ok(hash) = <SecretHash>::try_from(&key[1..])
            {
                out.push(hash);
                found += 1;
                if found == limit {
                    break;
                }
            }
        }
    }
    Ok(out)
}

/// A unit's sign-ins and sessions, in its transaction.
pub(super) fn write(t: &dyn KvTx, writes: &[SessionWrite]) -> Result<(), TxFail> {
    for write in writes {
        match write {
            SessionWrite::Begin { key, sign_in } => t.insert(SESSIONS, &sign_in_key(key), &json(sign_in)?)?,
            SessionWrite::Finish { key } => {
                if t.get(SESSIONS, &sign_in_key(key))?.is_none() {
                    return Err(WriteError::SignInSpent.into());
                }
                t.remove(SESSIONS, &sign_in_key(key))?;
            }
            SessionWrite::Open { key, session } => {
                let generation = generation_of(t.get(SESSIONS, &generation_key(session.user))?)?;
                let session = Session { generation, ..session.clone() };
                t.insert(SESSIONS, &session_key(key), &json(&session)?)?;
            }
            SessionWrite::Close { key } => t.remove(SESSIONS, &session_key(key))?,
            SessionWrite::Forget { key } => {
                t.remove(SESSIONS, &sign_in_key(key))?;
                t.remove(SESSIONS, &session_key(key))?;
            }
            SessionWrite::CloseAll { user } => {
                let generation = generation_of(t.get(SESSIONS, &generation_key(*user))?)?;
                t.insert(SESSIONS, &generation_key(*user), &(generation + 1).to_be_bytes())?;
            }
        }
    }
    Ok(())
}
