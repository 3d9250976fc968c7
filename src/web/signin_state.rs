//! A sign-in under way, kept by the browser and nowhere else, so that beginning sign-ins costs the store
//! nothing however many a client begins: the OAuth2 `state` carries when it began, a random nonce and the page
//! to return to, signed (HMAC-SHA-256) with a key only the processes of the bot hold (derived from the
//! application's secret, so every process knows it); PKCE's verifier is derived from the nonce with the same
//! key, so it is never sent anywhere but to Discord's token exchange. A state is taken only unaltered, within its
//! lifetime, and back in the browser that holds its nonce in a cookie.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::internal_path::InternalPath;

/// The key sign-ins are signed with.
pub type Key = [u8; 32];

/// What a sign-in's state says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnderWay {
    /// When it began (seconds since the epoch).
    pub began: u64,
    /// A random secret: the browser's cookie holds it, and the verifier is derived from it.
    pub nonce: String,
    /// The page to return to.
    pub next: InternalPath,
}

fn mac(key: &Key, purpose: &str, text: &str) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(purpose.as_bytes());
    mac.update(&[0]);
    mac.update(text.as_bytes());
    mac
}

impl UnderWay {
    /// The state sent to Discord and back: `began.nonce.next.signature`.
    pub fn seal(&self, key: &Key) -> String {
        let body = format!("{}.{}.{}", self.began, self.nonce, URL_SAFE_NO_PAD.encode(self.next.as_str()));
        let signature = URL_SAFE_NO_PAD.encode(mac(key, "state", &body).finalize().into_bytes());
        format!("{body}.{signature}")
    }

    /// The sign-in a state names, if `key` signed it unaltered and it began at most `lasts` seconds before
    /// `now`.
    pub fn open(key: &Key, state: &str, now: u64, lasts: u64) -> Option<UnderWay> {
        if state.len() > 2 * InternalPath::MAX + 200 {
            return None;
        }
        let (body, signature) = state.rsplit_once('.')?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        mac(key, "state", body).verify_slice(&signature).ok()?;
        let mut parts = body.splitn(3, '.');
        let began: u64 = parts.next()?.parse().ok()?;
        let nonce = parts.next()?.to_string();
        let next = String::from_utf8(URL_SAFE_NO_PAD.decode(parts.next()?).ok()?).ok()?;
        (began <= now && now - began <= lasts).then_some(())?;
        Some(UnderWay { began, nonce, next: InternalPath::parse(&next)? })
    }

    /// PKCE's verifier of this sign-in (43 characters of URL-safe base64, as RFC 7636 asks).
    pub fn verifier(&self, key: &Key) -> String {
        URL_SAFE_NO_PAD.encode(mac(key, "verifier", &self.nonce).finalize().into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn under_way() -> UnderWay {
        UnderWay { began: 1000, nonce: "n0nce".into(), next: InternalPath::parse("/s/abc/game/1").unwrap() }
    }

    #[test]
    fn a_state_opens_unaltered_within_its_time_with_the_key_that_sealed_it() {
        let (key, other) = ([7u8; 32], [8u8; 32]);
        let state = under_way().seal(&key);
        assert_eq!(UnderWay::open(&key, &state, 1000, 600), Some(under_way()));
        assert_eq!(UnderWay::open(&key, &state, 1600, 600), Some(under_way()));
        assert_eq!(UnderWay::open(&key, &state, 1601, 600), None, "too late");
        assert_eq!(UnderWay::open(&key, &state, 999, 600), None, "from the future");
        assert_eq!(UnderWay::open(&other, &state, 1000, 600), None, "another key");
        // Any change of what it says breaks its signature.
        let (body, signature) = state.rsplit_once('.').unwrap();
        let evil = URL_SAFE_NO_PAD.encode("//evil.example");
        let parts: Vec<&str> = body.split('.').collect();
        let forged = format!("{}.{}.{evil}.{signature}", parts[0], parts[1]);
        assert_eq!(UnderWay::open(&key, &forged, 1000, 600), None);
        let later = format!("2000.{}.{}.{signature}", parts[1], parts[2]);
        assert_eq!(UnderWay::open(&key, &later, 2000, 600), None);
        assert_eq!(UnderWay::open(&key, "", 1000, 600), None);
        assert_eq!(UnderWay::open(&key, "a.b.c.d.e", 1000, 600), None);
    }

    #[test]
    fn the_verifier_is_the_nonces_own_and_pkce_shaped() {
        let key = [7u8; 32];
        let verifier = under_way().verifier(&key);
        assert_eq!(verifier.len(), 43);
        assert!(verifier.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        let other = UnderWay { nonce: "other".into(), ..under_way() };
        assert_ne!(other.verifier(&key), verifier);
        assert_ne!(under_way().verifier(&[9u8; 32]), verifier);
    }
}
