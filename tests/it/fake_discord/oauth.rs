//! Discord's OAuth2 as the pages' sign-in uses it, and the member lookup the pages make: `/oauth2/authorize`
//! signs in the member a test chose and sends the browser back to the redirect with a code and the state;
//! `/api/v10/oauth2/token` takes a code once, only with the app's client id and secret, the same redirect and
//! the PKCE verifier whose S256 challenge the authorization carried; `/api/v10/users/@me` says whose a bearer
//! token is; `GET /api/v10/guilds/{guild}/members/{user}` gives a member of a server (404 for anyone else).

use std::collections::HashMap;

use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use serde_json::json;
use sha2::{Digest, Sha256};

use super::payloads::{self, Member};

pub const CLIENT_ID: &str = "900000000000000001";
pub const CLIENT_SECRET: &str = "test-client-secret";

struct Grant {
    member: Member,
    /// A sign-in on the pages has a PKCE challenge and a redirect; an Activity's authorization neither.
    challenge: Option<String>,
    redirect: Option<String>,
}

#[derive(Default)]
pub struct OAuth {
    /// Who signs in at the next authorization.
    signing_in: Option<Member>,
    codes: HashMap<String, Grant>,
    tokens: HashMap<String, Member>,
    /// The members of each server: (server, user).
    members: HashMap<(u64, u64), Member>,
    /// Requests refused, and why.
    pub refused: Vec<String>,
    next: u64,
}

/// A query or form's pairs, decoded.
pub fn pairs(text: &str) -> HashMap<String, String> {
    text.split('&').filter_map(|p| p.split_once('=')).map(|(k, v)| (decode(k), decode(v))).collect()
}

fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("00");
                out.push(u8::from_str_radix(hex, 16).unwrap_or(b'?'));
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).to_string()
}

fn error(status: StatusCode, what: &str) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], json!({"error": what}).to_string()).into_response()
}

impl OAuth {
    pub fn sign_in_as(&mut self, member: &Member) {
        self.signing_in = Some(member.clone());
    }

    /// A member of server `guild`.
    pub fn member_of(&self, guild: u64, user: u64) -> Option<Member> {
        self.members.get(&(guild, user)).cloned()
    }

    pub fn join(&mut self, guild: u64, member: &Member) {
        self.members.insert((guild, member.id), member.clone());
    }

    fn refuse(&mut self, why: &str, status: StatusCode) -> Response {
        self.refused.push(why.to_string());
        error(status, why)
    }

    /// `GET /oauth2/authorize?…`: back to the redirect with a code for the member signing in.
    pub fn authorize(&mut self, query: &str) -> Response {
        let q = pairs(query);
        let Some(member) = self.signing_in.clone() else {
            return self.refuse("nobody signs in", StatusCode::FORBIDDEN);
        };
        if q.get("client_id").map(String::as_str) != Some(CLIENT_ID)
            || q.get("response_type").map(String::as_str) != Some("code")
            || q.get("code_challenge_method").map(String::as_str) != Some("S256")
        {
            return self.refuse("a malformed authorization", StatusCode::BAD_REQUEST);
        }
        let (Some(redirect), Some(state), Some(challenge)) =
            (q.get("redirect_uri"), q.get("state"), q.get("code_challenge"))
        else {
            return self.refuse("an authorization without redirect, state or challenge", StatusCode::BAD_REQUEST);
        };
        self.next += 1;
        let code = format!("code-{}", self.next);
        let grant = Grant { member, challenge: Some(challenge.clone()), redirect: Some(redirect.clone()) };
        self.codes.insert(code.clone(), grant);
        let to = format!("{redirect}?code={code}&state={}", super::oauth::encode(state));
        (StatusCode::FOUND, [(header::LOCATION, to)]).into_response()
    }

    /// The Activity's `AUTHORIZE` command, as Discord's client answers it for the member it runs for: a code
    /// (exchanged without redirect or verifier), when the app and the scopes asked are right.
    pub fn authorize_activity(
        &mut self,
        member: &Member,
        client_id: &str,
        scopes: &[String],
    ) -> Result<String, Box<Response>> {
        let wanted = ["identify", "guilds.members.read"];
        if client_id != CLIENT_ID
            || scopes.len() != wanted.len()
            || !wanted.iter().all(|w| scopes.iter().any(|s| s == w))
        {
            return Err(Box::new(
                self.refuse("an Activity's authorization for another app or scopes", StatusCode::BAD_REQUEST),
            ));
        }
        self.next += 1;
        let code = format!("code-{}", self.next);
        self.codes.insert(code.clone(), Grant { member: member.clone(), challenge: None, redirect: None });
        Ok(code)
    }

    /// `POST /api/v10/oauth2/token`: a code for a token, once.
    pub fn token(&mut self, body: &str) -> Response {
        let f = pairs(body);
        if f.get("client_id").map(String::as_str) != Some(CLIENT_ID)
            || f.get("client_secret").map(String::as_str) != Some(CLIENT_SECRET)
        {
            return self.refuse("a wrong client secret", StatusCode::UNAUTHORIZED);
        }
        let Some(grant) = f.get("code").and_then(|c| self.codes.remove(c)) else {
            return self.refuse("an unknown or spent code", StatusCode::BAD_REQUEST);
        };
        if grant.redirect.is_some() && f.get("redirect_uri") != grant.redirect.as_ref() {
            return self.refuse("another redirect", StatusCode::BAD_REQUEST);
        }
        let verifier = f.get("code_verifier").cloned().unwrap_or_default();
        let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
        if grant.challenge.as_ref().is_some_and(|c| *c != challenge) {
            return self.refuse("a wrong verifier", StatusCode::BAD_REQUEST);
        }
        self.next += 1;
        let token = format!("token-{}", self.next);
        self.tokens.insert(token.clone(), grant.member);
        let body = json!({"access_token": token, "token_type": "Bearer", "expires_in": 604800, "scope": "identify"});
        (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response()
    }

    /// `GET /api/v10/users/@me` with a bearer token.
    pub fn me(&mut self, headers: &HeaderMap) -> Response {
        let bearer =
            headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
        let Some(member) = bearer.and_then(|t| self.tokens.get(t)).cloned() else {
            return self.refuse("an unknown token", StatusCode::UNAUTHORIZED);
        };
        let mut user = payloads::user(member.id, &member.name, false);
        user["locale"] = json!(member.locale);
        (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], user.to_string()).into_response()
    }

    /// `GET /api/v10/guilds/{guild}/members/{user}` (the bot's token).
    pub fn member(&self, guild: u64, user: u64) -> Response {
        match self.members.get(&(guild, user)) {
            Some(m) => (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], payloads::member(m).to_string())
                .into_response(),
            None => (
                StatusCode::NOT_FOUND,
                [(header::CONTENT_TYPE, "application/json")],
                json!({"message": "Unknown Member", "code": 10007}).to_string(),
            )
                .into_response(),
        }
    }
}

/// Percent-encodes a query's value.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
