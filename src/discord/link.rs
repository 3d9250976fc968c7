//! The web pages' link to Discord, given to them by the bot: signing a member in with OAuth2 (the authorization
//! address, the code exchanged for a token with PKCE's verifier and the app's secret, the token for who the member
//! is: used once, kept nowhere), a member's roles in a server (read through the bot's own REST client and its
//! rate limiter, kept a minute; Discord's failure to say, five seconds), the language of a server's public posts
//! as Discord last said it, and the public replies of an action made on a page posted in the game's channel, as a
//! command's would be.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use poise::serenity_prelude as serenity;
use serde::Deserialize;

use super::actor::Invocation;
use super::{Data, deliver};
use crate::store::record::{GuildId, UserId};
use crate::table::{Actor, Reply};
use crate::web::link::{DiscordLink, Identified};

/// How long a member's roles are kept before Discord is asked again.
const ROLES_FOR: Duration = Duration::from_secs(60);
/// How long Discord's failure to tell a member's roles is kept: a page asked again at once is answered "busy"
/// without asking Discord again.
const FAILED_FOR: Duration = Duration::from_secs(5);
/// How long a request to Discord may take.
const ASK_WITHIN: Duration = Duration::from_secs(10);

/// Members' roles by (server, member), with until when they are kept (`None`: not a member; an error: Discord
/// did not say).
type RolesKept = HashMap<(u64, u64), (Instant, Result<Option<Vec<u64>>, String>)>;

/// The bot's link for the pages.
pub struct Link {
    client: reqwest::Client,
    /// Discord's API, with its version (`https://discord.com/api/v10`).
    api: String,
    authorize: String,
    client_id: String,
    client_secret: String,
    roles: Mutex<RolesKept>,
    data: Data,
    http: Arc<serenity::Http>,
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link").field("api", &self.api).field("client_id", &self.client_id).finish_non_exhaustive()
    }
}

impl Link {
    pub fn new(
        api_base: Option<&str>,
        authorize: String,
        (client_id, client_secret): (String, String),
        data: Data,
        http: Arc<serenity::Http>,
    ) -> Link {
        let api = format!("{}/api/v10", api_base.unwrap_or("https://discord.com").trim_end_matches('/'));
        Link {
            client: reqwest::Client::new(),
            api,
            authorize,
            client_id,
            client_secret,
            roles: Mutex::new(HashMap::new()),
            data,
            http,
        }
    }
}

/// Percent-encodes a value of a query or form.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn form(pairs: &[(&str, &str)]) -> String {
    pairs.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect::<Vec<_>>().join("&")
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

#[derive(Deserialize)]
struct Me {
    id: String,
    username: String,
    global_name: Option<String>,
    locale: Option<String>,
}

/// A failed request's words, without its address or body (which may carry a code or a token).
fn failed(e: reqwest::Error) -> String {
    e.without_url().to_string()
}

/// A request to `route` that got no answer, counted as such; its words.
fn counted(route: &'static str, asked: Instant, e: reqwest::Error) -> String {
    crate::metrics::discord_request(route, 0, asked.elapsed());
    failed(e)
}

impl DiscordLink for Link {
    fn client_id(&self) -> &str {
        &self.client_id
    }

    fn sign_in_key(&self) -> [u8; 32] {
        use sha2::Digest;
        let mut key = sha2::Sha256::new();
        key.update(b"tablero sign-in state\0");
        key.update(self.client_secret.as_bytes());
        key.finalize().into()
    }

    fn authorize_url(&self, state: &str, challenge: &str, redirect: &str) -> String {
        let query = form(&[
            ("response_type", "code"),
            ("client_id", &self.client_id),
            ("scope", "identify"),
            ("redirect_uri", redirect),
            ("state", state),
            ("code_challenge", challenge),
            ("code_challenge_method", "S256"),
            ("prompt", "none"),
        ]);
        format!("{}?{query}", self.authorize)
    }

    fn exchange<'a>(
        &'a self,
        code: &'a str,
        verifier: Option<&'a str>,
        redirect: Option<&'a str>,
    ) -> BoxFuture<'a, Result<Identified, String>> {
        Box::pin(async move {
            let mut fields = vec![("grant_type", "authorization_code"), ("code", code)];
            fields.extend(redirect.map(|r| ("redirect_uri", r)));
            fields.extend(verifier.map(|v| ("code_verifier", v)));
            fields.extend([("client_id", self.client_id.as_str()), ("client_secret", self.client_secret.as_str())]);
            let body = form(&fields);
            let asked = Instant::now();
            let answer = self
                .client
                .post(format!("{}/oauth2/token", self.api))
                .header("content-type", "application/x-www-form-urlencoded")
                .timeout(ASK_WITHIN)
                .body(body)
                .send()
                .await
                .map_err(|e| counted("oauth2/token", asked, e))?;
            crate::metrics::discord_request("oauth2/token", answer.status().as_u16(), asked.elapsed());
            if !answer.status().is_success() {
                return Err(format!("the token exchange was refused: {}", answer.status()));
            }
            let token: Token = serde_json::from_slice(&answer.bytes().await.map_err(failed)?)
                .map_err(|e| format!("the token exchange's answer: {e}"))?;
            let asked = Instant::now();
            let me = self
                .client
                .get(format!("{}/users/@me", self.api))
                .header("authorization", format!("Bearer {}", token.access_token))
                .timeout(ASK_WITHIN)
                .send()
                .await
                .map_err(|e| counted("users/@me", asked, e))?;
            crate::metrics::discord_request("users/@me", me.status().as_u16(), asked.elapsed());
            if !me.status().is_success() {
                return Err(format!("who signed in could not be read: {}", me.status()));
            }
            let me: Me = serde_json::from_slice(&me.bytes().await.map_err(failed)?)
                .map_err(|e| format!("the member's answer: {e}"))?;
            let user = me.id.parse().map_err(|_| "the member's id is not a number".to_string())?;
            Ok(Identified {
                user: UserId(user),
                name: me.global_name.unwrap_or(me.username),
                locale: me.locale.unwrap_or_else(|| "en-US".into()),
            })
        })
    }

    fn roles(&self, guild: GuildId, user: UserId) -> BoxFuture<'_, Result<Option<Vec<u64>>, String>> {
        Box::pin(async move {
            let key = (guild.get(), user.get());
            if let Some((until, roles)) = self.roles.lock().unwrap_or_else(|e| e.into_inner()).get(&key)
                && Instant::now() < *until
            {
                return roles.clone();
            }
            // Through serenity's client, so its rate limiter paces these calls with the bot's own.
            let asked = Instant::now();
            let answer =
                self.http.get_member(serenity::GuildId::new(guild.get()), serenity::UserId::new(user.get())).await;
            let (status, roles) = match answer {
                Ok(member) => (200, Ok(Some(member.roles.iter().map(|r| r.get()).collect()))),
                Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) => {
                    let status = r.status_code.as_u16();
                    (
                        status,
                        if status == 404 { Ok(None) } else { Err(format!("a member could not be read: {status}")) },
                    )
                }
                Err(e) => (0, Err(format!("a member could not be read: {e}"))),
            };
            crate::metrics::discord_request("guilds/members", status, asked.elapsed());
            let kept_for = if roles.is_ok() { ROLES_FOR } else { FAILED_FOR };
            let mut kept = self.roles.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            kept.retain(|_, (until, _)| now < *until);
            kept.insert(key, (now + kept_for, roles.clone()));
            roles
        })
    }

    fn public_language(&self, guild: GuildId) -> crate::i18n::Locale {
        self.data.languages.public(guild, self.data.default_locale)
    }

    fn publish(&self, actor: Actor, replies: Vec<Reply>) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let invocation = Invocation::web(actor);
            for reply in replies {
                if let Err(private) = deliver::post(&self.data, &self.http, &invocation, &reply).await {
                    tracing::warn!(?private, "what a member did on a page could not be posted");
                }
            }
            self.data.wake.notify_one();
        })
    }
}
