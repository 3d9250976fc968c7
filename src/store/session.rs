//! The web pages' sign-ins and sessions, kept in the store so every process of a deployment knows them: a
//! sign-in under way (its state and PKCE verifier, used once), and a signed-in member's session (who Discord
//! said they are, until when). Both are found by the SHA-256 of the secret the browser holds, never by the
//! secret itself. Signing out everywhere moves a member's generation on, which ends every session opened before.

use serde::{Deserialize, Serialize};

use super::record::{Timestamp, UserId};

/// The SHA-256 of a secret a browser holds (a session's cookie, a sign-in's state).
pub type SecretHash = [u8; 32];

/// A sign-in under way: where the member goes afterwards and the PKCE verifier its code is exchanged with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignIn {
    pub verifier: String,
    /// The page to return to (a path of the pages' own).
    pub next: String,
    pub expires: Timestamp,
}

/// A signed-in member of the web pages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    pub user: UserId,
    /// The member's name as Discord gave it at sign-in.
    pub name: String,
    /// Their Discord locale tag at sign-in (`en-US`, `es-419`).
    pub locale: String,
    /// The token a form of this session carries (a POST without it is refused).
    pub csrf: String,
    pub created: Timestamp,
    pub expires: Timestamp,
    /// The member's generation when it was opened: it is ended when they sign out everywhere.
    #[serde(default)]
    pub generation: u64,
    /// The server it was opened for (an Activity's, launched in that server), valid on that server's pages
    /// only; `None`: a sign-in on the pages, valid on every server of the member.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guild: Option<crate::store::record::GuildId>,
}

/// What a unit of work does to sign-ins and sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionWrite {
    /// A sign-in begins.
    Begin { key: SecretHash, sign_in: SignIn },
    /// A sign-in is spent; the unit is refused (`Missing`) when it is not there (used before, or never begun).
    Finish { key: SecretHash },
    /// A session opens, in the member's current generation.
    Open { key: SecretHash, session: Session },
    /// A session ends.
    Close { key: SecretHash },
    /// Every session of a member ends (signing out everywhere).
    CloseAll { user: UserId },
    /// A sign-in or session past its expiry is forgotten (whichever `key` is).
    Forget { key: SecretHash },
}
