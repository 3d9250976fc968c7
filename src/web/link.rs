//! What the pages need of Discord, given to them by the bot (the pages know no Discord types): signing a member
//! in (the authorization address, the code exchanged for who they are), a member's roles in a server, and
//! posting what an action made on a page says in its game's channel, as Discord's own front end would. Also the
//! secrets of a sign-in: random tokens, their hashes, PKCE's challenge.

use base64::Engine;
use futures_util::future::BoxFuture;
use sha2::{Digest, Sha256};

use crate::store::record::{GuildId, UserId};
use crate::store::session::SecretHash;
use crate::table::{Actor, Reply};

/// Who Discord says signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identified {
    pub user: UserId,
    pub name: String,
    /// Their Discord locale tag (`en-US`, `es-419`).
    pub locale: String,
}

/// The pages' link to Discord.
pub trait DiscordLink: Send + Sync + std::fmt::Debug {
    /// The app's client id (the Activity's page gives it to Discord's SDK).
    fn client_id(&self) -> &str;
    /// The key a sign-in under way is signed with: derived from the app's secret, so the same in every process
    /// of the bot and known to nobody else.
    fn sign_in_key(&self) -> [u8; 32];
    /// Where the browser signs in: Discord's authorization address asking for `identify`, with `state` and the
    /// PKCE `challenge`, coming back to `redirect`.
    fn authorize_url(&self, state: &str, challenge: &str, redirect: &str) -> String;
    /// Who signed in: the `code` Discord gave exchanged (with the app's secret, and the PKCE `verifier` and the
    /// `redirect` of a sign-in on the pages; an Activity's code comes with neither) for a token, and the token for
    /// the member. The token is used once and kept nowhere.
    fn exchange<'a>(
        &'a self,
        code: &'a str,
        verifier: Option<&'a str>,
        redirect: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Identified, String>>;
    /// The member's roles in `guild`, or `None` when they are not a member of it (read with the bot's token,
    /// kept briefly).
    fn roles(&self, guild: GuildId, user: UserId) -> BoxFuture<'_, Result<Option<Vec<u64>>, String>>;
    /// The language `guild`'s public posts are in when Discord is the one to say (its server's own language, as
    /// an interaction from it carries): a move made on a page is posted in it, as one made on Discord. A server's
    /// own setting still comes first.
    fn public_language(&self, guild: GuildId) -> crate::i18n::Locale;
    /// Posts the public replies of an action `actor` made on a page, in the game's channel (or thread), as a
    /// command on Discord would have.
    fn publish(&self, actor: Actor, replies: Vec<Reply>) -> BoxFuture<'_, ()>;
}

/// A fresh random secret, as URL-safe base64 (32 bytes: 43 characters).
pub fn secret() -> String {
    let bytes: [u8; 32] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The hash a secret is stored under.
pub fn hash(secret: &str) -> SecretHash {
    Sha256::digest(secret.as_bytes()).into()
}

/// PKCE's S256 challenge of a verifier.
pub fn challenge(verifier: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// A path written into a query's value.
pub fn url_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_challenge_is_rfc_7636s_example() {
        // RFC 7636, appendix B.
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
        assert_eq!(super::challenge(verifier), "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
        let (a, b) = (super::secret(), super::secret());
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert_ne!(super::hash(&a), super::hash(&b));
    }
}
