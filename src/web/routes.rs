//! What every route of the pages shares: the server a request names (its pages on), the answers for a page
//! not found, busy or failed, the table asked on a blocking thread (a store may wait on the network), pictures
//! and files drawn in turn; and the server's own page and the site's assets. A server whose pages are off, an
//! unknown address, a game of another server: 404, the same page for all.

use crate::store::record::GameId;
use std::sync::Arc;

use axum::extract::{FromRequestParts, Query, RawPathParams, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use maud::Markup;
use serde::Deserialize;

use super::cache::NotDrawn;
use super::pages;
use super::{Web, lang};
use crate::games::GameKind;
use crate::i18n::Locale;
use crate::store::record::GuildId;
use crate::table::Command;

pub(super) type Shared = State<Arc<Web>>;

/// The server a request's address names (its pages on), the address of its pages, the reader's language, and
/// the rest of the path's parameters.
pub struct Server {
    pub(super) guild: GuildId,
    pub(super) base: String,
    pub(super) locale: Locale,
    pub(super) id: Option<u64>,
    pub(super) game: Option<GameKind>,
    /// The client as the gate counts it (behind a trusted proxy, the one it forwards; an IPv6 client its /64).
    pub(super) client: std::net::IpAddr,
}

/// The language a request asks for with `?lang=`.
fn asked_language(parts: &Parts) -> Option<String> {
    let query = parts.uri.query()?;
    query.split('&').find_map(|pair| pair.strip_prefix("lang=").map(str::to_string))
}

impl FromRequestParts<Arc<Web>> for Server {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, web: &Arc<Web>) -> Result<Server, Response> {
        let locale = lang::of(&parts.headers, asked_language(parts).as_deref());
        let missing = || not_found_in(locale);
        let params = RawPathParams::from_request_parts(parts, web).await.map_err(|_| missing())?;
        let param = |name: &str| params.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string());
        let id = match param("id") {
            Some(id) => Some(id.parse::<u64>().map_err(|_| missing())?),
            None => None,
        };
        let game = match param("game") {
            Some(g) => Some(g.parse::<GameKind>().map_err(|_| missing())?),
            None => None,
        };
        let (guild, base) = match param("server") {
            Some(segment) => {
                let table = web.table.clone();
                let asked = segment.clone();
                let guild = tokio::task::spawn_blocking(move || table.web_server(&asked)).await.ok().flatten();
                (guild.ok_or_else(missing)?, format!("/s/{segment}"))
            }
            None => (web.options.open_server.ok_or_else(missing)?, String::new()),
        };
        let client = super::gate::Client::of_request(&parts.extensions).0;
        Ok(Server { guild, base, locale, id, game, client })
    }
}

pub(super) fn not_found_in(locale: Locale) -> Response {
    (StatusCode::NOT_FOUND, pages::not_found(locale)).into_response()
}

pub async fn not_found(headers: HeaderMap) -> Response {
    not_found_in(lang::of(&headers, None))
}

pub(super) fn busy(locale: Locale) -> Response {
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, pages::busy(locale)).into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    response
}

pub(super) fn failed(e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "a web page failed");
    (StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}

/// An HTML page, remembering a language asked with `?lang=` in a cookie.
pub(super) fn page(markup: Markup, server: &Server, asked: bool) -> Response {
    let response = markup.into_response();
    if asked { remember_language(response, server) } else { response }
}

/// A response that remembers the reader's language (asked with `?lang=`) in a cookie.
pub(super) fn remember_language(mut response: Response, server: &Server) -> Response {
    if let Ok(cookie) = HeaderValue::from_str(&format!(
        "{}={}; Path=/; Max-Age=31536000; SameSite=Lax",
        lang::COOKIE,
        server.locale.tag()
    )) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// The revision of the game a request names, or the answer to give instead (404 when it is no game of the
/// server, or the server's pages are off).
pub(super) async fn revision(web: &Arc<Web>, server: &Server) -> Result<u64, Response> {
    let (guild, id) = (server.guild, server.id.unwrap_or(0));
    match blocking(web, move |t| t.web_revision(guild, GameId(id))).await {
        Ok(Ok(Some(revision))) => Ok(revision),
        Ok(Ok(None)) => Err(not_found_in(server.locale)),
        Ok(Err(e)) => Err(failed(e)),
        Err(r) => Err(r),
    }
}

/// Runs `work` with the table on a blocking thread.
pub(super) async fn blocking<T: Send + 'static>(
    web: &Arc<Web>,
    work: impl FnOnce(&crate::table::Table) -> T + Send + 'static,
) -> Result<T, Response> {
    let table = web.table.clone();
    tokio::task::spawn_blocking(move || work(&table)).await.map_err(failed)
}

/// A number of the address's query read leniently: one that is not a number counts as not given (the latest
/// move, the first page), so a mistyped address shows a page rather than an error.
pub(super) fn lenient<'de, D, T>(value: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr,
{
    let text: Option<String> = Option::deserialize(value)?;
    Ok(text.and_then(|t| t.trim().parse().ok()))
}

#[derive(Deserialize, Default)]
pub struct Lang {
    pub(super) lang: Option<String>,
}

pub async fn server(State(web): Shared, server: Server, Query(q): Query<Lang>) -> Response {
    let (guild, locale, now) = (server.guild, server.locale, web.options.clock.now());
    match blocking(&web, move |t| t.server_page(guild, locale, now)).await {
        Ok(Ok(shown)) => page(pages::server(locale, &server.base, &shown), &server, q.lang.is_some()),
        Ok(Err(e)) => failed(e),
        Err(r) => r,
    }
}

/// Bytes drawn (or kept), with their type; kept by browsers for a while, as the address names what they show.
pub(super) fn drawn(result: Result<Arc<Vec<u8>>, NotDrawn>, kind: &'static str, locale: Locale) -> Response {
    match result {
        Ok(bytes) => {
            ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "private, max-age=300")], bytes.as_ref().clone())
                .into_response()
        }
        Err(NotDrawn::Missing) => not_found_in(locale),
        Err(NotDrawn::Busy) => busy(locale),
        Err(NotDrawn::Failed(e)) => failed(e),
    }
}

pub(super) async fn reply_file(
    web: &Arc<Web>,
    server: &Server,
    command: Command,
    pick: &'static str,
    version: u64,
) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    let key = format!("file/{guild}/{command:?}/{pick}/{version}/{locale}");
    let (table, now) = (web.table.clone(), web.options.clock.now());
    let result = web
        .drawn
        .get(super::cache::Kind::File, key, guild.get(), server.client, move || {
            match table.read(guild, locale, command, now) {
                Ok(replies) => {
                    let files = replies.into_iter().flat_map(|r| r.files);
                    Ok(files.into_iter().find(|f| f.name.ends_with(pick)).map(|f| f.bytes))
                }
                Err(_) => Ok(None),
            }
        })
        .await;
    let kind = match pick {
        ".gif" => "image/gif",
        ".json" => "application/json; charset=utf-8",
        _ => "text/plain; charset=utf-8",
    };
    drawn(result, kind, locale)
}

pub(super) async fn reply_picture(web: &Arc<Web>, server: &Server, command: Command, version: u64) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    let key = format!("picture/{guild}/{command:?}/{version}/{locale}");
    let (table, now) = (web.table.clone(), web.options.clock.now());
    let result = web
        .drawn
        .get(super::cache::Kind::Picture, key, guild.get(), server.client, move || {
            match table.read(guild, locale, command, now) {
                Ok(replies) => Ok(replies.into_iter().find_map(|r| r.image).map(|i| i.png)),
                Err(_) => Ok(None),
            }
        })
        .await;
    drawn(result, "image/png", locale)
}

pub async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8"), (header::CACHE_CONTROL, "public, max-age=3600")],
        include_str!("assets/style.css"),
    )
        .into_response()
}

pub async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8"), (header::CACHE_CONTROL, "public, max-age=3600")],
        include_str!("assets/app.js"),
    )
        .into_response()
}
