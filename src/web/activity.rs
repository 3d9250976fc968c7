//! tablero inside Discord's own window (an Activity): a small page that starts Discord's Embedded App SDK (the
//! published bundle, kept in `assets/discord/`), has Discord's client authorise the member (`identify`,
//! `guilds.members.read`), exchanges the code here (`POST /activity/token`: the app's secret stays on the
//! server, Discord's token is used once and kept nowhere) for a session of tablero's own, and shows the
//! channel's game, or the member's games in the server, with the controls of the game's page.
//!
//! Discord serves an Activity through its proxy, from an origin of its own, in a frame of its client: every
//! address the page uses is of this site (relative, or from the root, which Discord's URL mapping `/` sends
//! here), the frame keeps no cookie, so the session travels as a bearer token, and the page may be framed by
//! Discord's client (and by nothing else). Discord opens it at `/` with its launch parameters (`frame_id`,
//! `instance_id`, …), as well as at `/activity/`.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use maud::{DOCTYPE, html};
use serde::Deserialize;
use serde_json::json;

use super::Web;
use super::lang;
use super::link::{hash, secret};
use super::pages::t;
use super::routes::{Shared, blocking};
use crate::i18n::Locale;
use crate::store::Session;
use crate::store::record::{ChannelId, GuildId};

/// The Activity's policy: as every page's, but framed by Discord's client (and this origin, which is Discord's
/// proxy's when it serves the Activity).
pub const ACTIVITY_CSP: &str = "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
                                connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self' \
                                https://discord.com https://*.discord.com https://discordapp.com \
                                https://*.discordapp.com";

/// How long an Activity's session lasts: each launch signs in anew (the frame keeps nothing), so a day covers
/// any sitting without leaving a month of sessions per launch in the store.
const ACTIVITY_SESSION_SECS: u64 = 86_400;

/// Discord's SDK, bundled from its published package.
const SDK: &str = include_str!("../../assets/discord/embedded-app-sdk.mjs");
const SCRIPT: &str = include_str!("assets/activity.mjs");
/// What stands between the window's messages and the SDK: Discord's origins only.
const GUARD: &str = include_str!("assets/guard.mjs");

/// Discord's launch of the Activity at `/` (its URL mapping's root): the Activity's page, whatever else `/` is.
pub(super) async fn launched(State(web): Shared, request: Request, next: Next) -> Response {
    let launch = request.uri().path() == "/"
        && request.uri().query().is_some_and(|q| q.split('&').any(|p| p.starts_with("frame_id=")));
    if launch && web.options.link.is_some() {
        return page(&web, request.headers());
    }
    next.run(request).await
}

/// `GET /activity/`: the Activity's page.
pub(super) async fn shell(State(web): Shared, headers: HeaderMap) -> Response {
    if web.options.link.is_none() {
        return super::routes::not_found(headers).await;
    }
    page(&web, &headers)
}

fn page(web: &Web, headers: &HeaderMap) -> Response {
    let locale = lang::of(headers, None);
    let client = web.options.link.as_ref().map(|l| l.client_id().to_string()).unwrap_or_default();
    let markup = html! {
        (DOCTYPE)
        html lang=(lang::html_tag(locale)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="no-referrer";
                title { "tablero" }
                // Relative: the page is at `/` or `/activity/`, behind Discord's proxy or not.
                link rel="stylesheet" href="../assets/style.css";
                script src="../assets/app.js" defer {}
                script type="module" src="../activity/app.mjs" {}
            }
            body.activity {
                main id="main" data-client=(client) data-failed=(t(locale, "activity-failed"))
                    data-signed-out=(t(locale, "activity-signed-out")) {
                    p #activity-state role="status" { (t(locale, "activity-connecting")) }
                }
            }
        }
    };
    let mut response = markup.into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(ACTIVITY_CSP));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

pub(super) async fn script() -> Response {
    module(SCRIPT, "no-cache")
}

pub(super) async fn guard() -> Response {
    module(GUARD, "no-cache")
}

pub(super) async fn sdk() -> Response {
    module(SDK, "public, max-age=86400")
}

fn module(text: &'static str, cache: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8"), (header::CACHE_CONTROL, cache)], text).into_response()
}

#[derive(Deserialize)]
struct Launch {
    code: String,
    /// The server and channel Discord's client says the Activity runs in (absent in a DM).
    guild: Option<String>,
    channel: Option<String>,
}

/// An answer of the token endpoint: JSON, never kept by anything between.
fn answer(status: StatusCode, body: serde_json::Value) -> Response {
    let mut response = (status, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn refused(status: StatusCode, locale: Locale, id: &str) -> Response {
    answer(status, json!({ "said": t(locale, id) }))
}

/// `POST /activity/token` `{code, guild, channel}`: the code Discord's client gave the Activity, exchanged for
/// who the member is; a session of tablero's opens (its token in the answer, for the page to send as a bearer
/// token), with what to show: the channel's game, or the member's games in the server.
pub(super) async fn token(State(web): Shared, headers: HeaderMap, body: Bytes) -> Response {
    let locale = lang::of(&headers, None);
    let Some(link) = web.options.link.clone() else {
        return refused(StatusCode::NOT_FOUND, locale, "activity-off");
    };
    let Ok(launch) = serde_json::from_slice::<Launch>(&body) else {
        return refused(StatusCode::BAD_REQUEST, locale, "activity-failed");
    };
    let place = launch
        .guild
        .as_deref()
        .and_then(|g| g.parse::<u64>().ok())
        .map(GuildId)
        .zip(launch.channel.as_deref().and_then(|c| c.parse::<u64>().ok()).map(ChannelId));
    let who = match link.exchange(&launch.code, None, None).await {
        Ok(who) => who,
        Err(e) => {
            tracing::warn!(error = %e, "an Activity's code was not taken");
            return refused(StatusCode::BAD_REQUEST, locale, "web-sign-in-refused");
        }
    };
    let locale = Locale::parse(&who.locale).unwrap_or(locale);
    let Some((guild, channel)) = place else {
        return refused(StatusCode::NOT_FOUND, locale, "activity-no-server");
    };
    match link.roles(guild, who.user).await {
        Ok(Some(_)) => {}
        Ok(None) => return refused(StatusCode::FORBIDDEN, locale, "web-not-a-member"),
        Err(e) => {
            tracing::warn!(error = %e, "a member's roles could not be read");
            return refused(StatusCode::SERVICE_UNAVAILABLE, locale, "activity-failed");
        }
    }
    let user = who.user;
    let shown = match blocking(&web, move |t| t.activity_games(guild, channel, user, locale)).await {
        Ok(Ok(Some(shown))) => shown,
        Ok(Ok(None)) => return refused(StatusCode::NOT_FOUND, locale, "activity-pages-off"),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "the Activity's games could not be read");
            return refused(StatusCode::SERVICE_UNAVAILABLE, locale, "activity-failed");
        }
        Err(_) => return refused(StatusCode::SERVICE_UNAVAILABLE, locale, "activity-failed"),
    };
    let (session_token, at) = (secret(), web.options.clock.now());
    let session = Session {
        user: who.user,
        name: who.name.clone(),
        locale: who.locale,
        csrf: secret(),
        created: at,
        expires: at + ACTIVITY_SESSION_SECS,
        generation: 0,
        guild: Some(guild),
    };
    let key = hash(&session_token);
    match blocking(&web, move |t| t.open_session(&key, session)).await {
        Ok(Ok(())) => {}
        _ => return refused(StatusCode::SERVICE_UNAVAILABLE, locale, "activity-failed"),
    }
    let lang = lang::html_tag(locale);
    let game = shown.current.map(|id| format!("{}/game/{id}", shown.base));
    let list = super::pages::activity_games(locale, &shown.base, &shown.mine);
    answer(
        StatusCode::OK,
        json!({ "session": session_token, "name": who.name, "lang": lang, "game": game, "games": list.into_string() }),
    )
}

/// The Activity's routes.
pub(super) fn routes(router: axum::Router<Arc<Web>>) -> axum::Router<Arc<Web>> {
    router
        .route("/activity/", axum::routing::get(shell))
        .route("/activity/app.mjs", axum::routing::get(script))
        .route("/activity/sdk.mjs", axum::routing::get(sdk))
        .route("/activity/guard.mjs", axum::routing::get(guard))
        .route("/activity/token", axum::routing::post(token))
}
