//! The pages' routes, below a server's address: `/` (the server), `/game/{id}` (`?ply=N`: the position after
//! move N) with its picture, live events, records and replay, `/archive`, `/player/{id}`, `/tournament/{id}`,
//! `/leaderboard/{game}`. A server whose pages are off, an unknown address, a game of another server: 404, the
//! same page for all. The table is asked on blocking threads (a store may wait on the network).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{FromRequestParts, Query, RawPathParams, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::{self, Stream};
use maud::Markup;
use serde::Deserialize;

use super::cache::NotDrawn;
use super::live::Update;
use super::pages::{self, t};
use super::{Web, lang};
use crate::games::GameKind;
use crate::i18n::{Locale, Span};
use crate::store::record::{GameId, GuildId};
use crate::table::{ARCHIVE_PAGE, Command, Reply, TournamentCommand};

type Shared = State<Arc<Web>>;

pub fn pages() -> Router<Arc<Web>> {
    Router::new()
        .route("/", get(server))
        .route("/game/{id}", get(game))
        .route("/game/{id}/board.png", get(board))
        .route("/game/{id}/events", get(events))
        .route("/game/{id}/replay.gif", get(replay))
        .route("/game/{id}/record.json", get(record_json))
        .route("/game/{id}/record.txt", get(record_text))
        .route("/archive", get(archive))
        .route("/player/{id}", get(player))
        .route("/player/{id}/chart.png", get(player_chart))
        .route("/tournament/{id}", get(tournament))
        .route("/tournament/{id}/picture.png", get(tournament_picture))
        .route("/leaderboard/{game}", get(leaderboard))
}

fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// The server a request's address names (its pages on), the address of its pages, the reader's language, and
/// the rest of the path's parameters.
pub struct Server {
    guild: GuildId,
    base: String,
    locale: Locale,
    id: Option<u64>,
    game: Option<GameKind>,
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
        Ok(Server { guild, base, locale, id, game })
    }
}

fn not_found_in(locale: Locale) -> Response {
    (StatusCode::NOT_FOUND, pages::not_found(locale)).into_response()
}

pub async fn not_found(headers: HeaderMap) -> Response {
    not_found_in(lang::of(&headers, None))
}

fn busy(locale: Locale) -> Response {
    let mut response = (StatusCode::SERVICE_UNAVAILABLE, pages::busy(locale)).into_response();
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    response
}

fn failed(e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "a web page failed");
    (StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}

/// An HTML page, remembering a language asked with `?lang=` in a cookie.
fn page(markup: Markup, server: &Server, asked: bool) -> Response {
    let mut response = markup.into_response();
    if asked
        && let Ok(cookie) = HeaderValue::from_str(&format!(
            "{}={}; Path=/; Max-Age=31536000; SameSite=Lax",
            lang::COOKIE,
            server.locale.tag()
        ))
    {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// Runs `work` with the table on a blocking thread.
async fn blocking<T: Send + 'static>(
    web: &Arc<Web>,
    work: impl FnOnce(&crate::table::Table) -> T + Send + 'static,
) -> Result<T, Response> {
    let table = web.table.clone();
    tokio::task::spawn_blocking(move || work(&table)).await.map_err(failed)
}

#[derive(Deserialize, Default)]
pub struct Lang {
    lang: Option<String>,
}

pub async fn server(State(web): Shared, server: Server, Query(q): Query<Lang>) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    match blocking(&web, move |t| t.server_page(guild, locale, now())).await {
        Ok(Ok(shown)) => page(pages::server(locale, &server.base, &shown), &server, q.lang.is_some()),
        Ok(Err(e)) => failed(e),
        Err(r) => r,
    }
}

#[derive(Deserialize, Default)]
pub struct Ply {
    ply: Option<usize>,
    lang: Option<String>,
}

async fn game(State(web): Shared, server: Server, Query(q): Query<Ply>) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let ply = q.ply;
    match blocking(&web, move |t| t.game_page(guild, id, ply, locale)).await {
        Ok(Ok(Some(shown))) => {
            let at_latest = q.ply.is_none_or(|p| p >= shown.moves.len());
            let markup = pages::game(locale, &server.base, &web.options.public_url, &shown, at_latest);
            page(markup, &server, q.lang.is_some())
        }
        Ok(Ok(None)) => not_found_in(locale),
        Ok(Err(e)) => failed(e),
        Err(r) => r,
    }
}

/// Bytes drawn (or kept), with their type; kept by browsers for a while, as the address names what they show.
fn drawn(result: Result<Arc<Vec<u8>>, NotDrawn>, kind: &'static str, locale: Locale) -> Response {
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

async fn board(State(web): Shared, server: Server, Query(q): Query<Ply>) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let revision = match blocking(&web, move |t| t.web_revision(guild, id)).await {
        Ok(Ok(Some(r))) => r,
        Ok(Ok(None)) => return not_found_in(locale),
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    };
    let ply = q.ply.unwrap_or(usize::MAX);
    let key = format!("board/{guild}/{id}/{revision}/{ply}/{locale}");
    let table = web.table.clone();
    let result = web.drawn.get(key, move || table.game_picture(guild, id, ply, locale)).await;
    drawn(result, "image/png", locale)
}

/// A file of one of the table's replies to a view (a record, a replay), drawn in turn and kept by `version`.
async fn reply_file(web: &Arc<Web>, server: &Server, command: Command, pick: &'static str, version: u64) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    let key = format!("file/{guild}/{command:?}/{pick}/{version}/{locale}");
    let table = web.table.clone();
    let result = web
        .drawn
        .get(key, move || match table.read(guild, locale, command, now()) {
            Ok(replies) => {
                let files = replies.into_iter().flat_map(|r| r.files);
                Ok(files.into_iter().find(|f| f.name.ends_with(pick)).map(|f| f.bytes))
            }
            Err(_) => Ok(None),
        })
        .await;
    let kind = match pick {
        ".gif" => "image/gif",
        ".json" => "application/json; charset=utf-8",
        _ => "text/plain; charset=utf-8",
    };
    drawn(result, kind, locale)
}

async fn game_file(web: Arc<Web>, server: Server, command: Command, pick: &'static str) -> Response {
    let (guild, id) = (server.guild, server.id.unwrap_or(0));
    match blocking(&web, move |t| t.web_revision(guild, id)).await {
        Ok(Ok(Some(revision))) => reply_file(&web, &server, command, pick, revision).await,
        Ok(Ok(None)) => not_found_in(server.locale),
        Ok(Err(e)) => failed(e),
        Err(r) => r,
    }
}

async fn replay(State(web): Shared, server: Server) -> Response {
    let command = Command::Replay { game: server.id, delay: None };
    game_file(web, server, command, ".gif").await
}

async fn record_json(State(web): Shared, server: Server) -> Response {
    let command = Command::Export { game: server.id };
    game_file(web, server, command, ".json").await
}

async fn record_text(State(web): Shared, server: Server) -> Response {
    let command = Command::Export { game: server.id };
    game_file(web, server, command, ".txt").await
}

#[derive(Deserialize, Default)]
pub struct Since {
    since: Option<u64>,
}

/// A game's live part, drawn for an update (shared by every reader in the same language).
fn live_part(web: &Arc<Web>, guild: GuildId, id: GameId, locale: Locale, base: &str) -> Option<String> {
    let shown = web.table.game_page(guild, id, None, locale).ok()??;
    Some(pages::game_live(locale, base, &shown).into_string())
}

async fn events(State(web): Shared, server: Server, Query(q): Query<Since>, headers: HeaderMap) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let revision = match blocking(&web, move |t| t.web_revision(guild, id)).await {
        Ok(Ok(Some(r))) => r,
        Ok(Ok(None)) => return not_found_in(locale),
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    };
    let Some(slot) = web.live.slot() else { return busy(locale) };
    // Where the reader is: the last event it received, else the revision its page was drawn at.
    let last = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .or(q.since);
    let receiver = web.live.subscribe(guild, id, revision);
    // Read again once subscribed: a move made between the first look and the subscription is not lost.
    let revision = match blocking(&web, move |t| t.web_revision(guild, id)).await {
        Ok(Ok(Some(r))) => r,
        Ok(Ok(None)) => return not_found_in(locale),
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    };
    let until = Instant::now() + web.options.stream_for;
    let first = (last != Some(revision)).then(|| Arc::new(Update::at(revision)));
    struct Reading {
        web: Arc<Web>,
        receiver: tokio::sync::broadcast::Receiver<Arc<Update>>,
        pending: Option<Arc<Update>>,
        seen: Option<u64>,
        _slot: super::live::Slot,
    }
    let reading = Reading { web: web.clone(), receiver, pending: first, seen: last, _slot: slot };
    let base = server.base.clone();
    let stream = stream::unfold(reading, move |mut r| {
        let base = base.clone();
        async move {
            loop {
                let update = match r.pending.take() {
                    Some(update) => update,
                    None => match tokio::time::timeout_at(until.into(), r.receiver.recv()).await {
                        Ok(Ok(update)) => update,
                        Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => {
                            // Fell behind: the latest state is all it needs.
                            let table = r.web.table.clone();
                            match tokio::task::spawn_blocking(move || table.web_revision(guild, id)).await {
                                Ok(Ok(Some(revision))) => Arc::new(Update::at(revision)),
                                _ => return None,
                            }
                        }
                        // The watcher went, or this stream's time is up: the browser comes back by itself.
                        Ok(Err(_)) | Err(_) => return None,
                    },
                };
                if r.seen == Some(update.revision) {
                    continue;
                }
                let part = match update.ready(locale) {
                    // Drawn already for another reader: most of a move's readers take it from there.
                    Some(part) => part,
                    None => {
                        let web = r.web.clone();
                        let drawn_base = base.clone();
                        let shared = update.clone();
                        tokio::task::spawn_blocking(move || {
                            shared.drawn(locale, || live_part(&web, guild, id, locale, &drawn_base))
                        })
                        .await
                        .ok()
                        .flatten()
                    }
                };
                let part = part?;
                r.seen = Some(update.revision);
                let event = Event::default().event("update").id(update.revision.to_string()).data(part);
                return Some((Ok::<Event, Infallible>(event), r));
            }
        }
    });
    let opening = stream::once(async { Ok::<Event, Infallible>(Event::default().retry(Duration::from_millis(1000))) });
    Sse::new(opening.chain_stream(stream)).keep_alive(KeepAlive::default()).into_response()
}

/// The extension the stream needs: `a` then `b`.
trait ChainStream: Stream + Sized {
    fn chain_stream<S: Stream<Item = Self::Item>>(self, other: S) -> stream::Chain<Self, S> {
        futures_util::StreamExt::chain(self, other)
    }
}

impl<S: Stream> ChainStream for S {}

#[derive(Deserialize, Default)]
pub struct ArchiveQuery {
    player: Option<String>,
    game: Option<String>,
    page: Option<usize>,
    lang: Option<String>,
}

async fn archive(State(web): Shared, server: Server, Query(q): Query<ArchiveQuery>) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    let typed = q.player.clone().unwrap_or_default().chars().take(64).collect::<String>();
    let game = q.game.as_deref().filter(|g| !g.is_empty()).and_then(|g| g.parse::<GameKind>().ok());
    let page_no = q.page.unwrap_or(1).clamp(1, 100_000);
    let asked = typed.trim().to_string();
    let result = blocking(&web, move |t| {
        let player = if asked.is_empty() { None } else { Some(t.web_player(guild, &asked)) };
        match player {
            Some(None) => Ok(None),
            Some(Some(p)) => {
                t.read(guild, locale, Command::Archive { player: Some(p), game, page: page_no - 1 }, now()).map(Some)
            }
            None => t.read(guild, locale, Command::Archive { player: None, game, page: page_no - 1 }, now()).map(Some),
        }
    })
    .await;
    let form = pages::archive_form(locale, &typed, game);
    let title = t(locale, "web-archive");
    let replies = match result {
        Ok(Ok(Some(replies))) => replies,
        Ok(Ok(None)) => {
            let nobody = Reply { text: crate::i18n::Text::plain(t(locale, "web-no-such-player")), ..Reply::default() };
            vec![nobody]
        }
        Ok(Err(refused)) => vec![Reply { text: refused, ..Reply::default() }],
        Err(r) => return r,
    };
    // The line that points to Discord's commands has no place on a page.
    let hint = crate::i18n::text(locale, &crate::i18n::Message::new("archive-hint"));
    let replies: Vec<Reply> = replies
        .into_iter()
        .map(|r| {
            let lines = super::html::split_lines(&r.text).into_iter().filter(|l| l.as_str() != hint);
            Reply { text: crate::i18n::Text::join(lines, "\n"), ..r }
        })
        .collect();
    let shown = replies
        .iter()
        .map(|r| r.text.marks().iter().filter(|m| matches!(m.span, Span::Game(_))).count())
        .sum::<usize>();
    let link = |p: usize| {
        let mut query = format!("?page={p}");
        if !typed.trim().is_empty() {
            query.push_str(&format!("&player={}", encode(typed.trim())));
        }
        if let Some(g) = game {
            query.push_str(&format!("&game={g}"));
        }
        query
    };
    let pager = pages::pager(
        locale,
        (page_no > 1).then(|| link(page_no - 1)),
        (shown == ARCHIVE_PAGE).then(|| link(page_no + 1)),
    );
    let markup = pages::replies(locale, &server.base, &title, form, &replies, &[]);
    page(with_after(markup, pager), &server, q.lang.is_some())
}

/// A page with `after` added at the end of its main part.
fn with_after(page: Markup, after: Markup) -> Markup {
    let html = page.into_string();
    match html.rfind("</main>") {
        Some(at) => maud::PreEscaped(format!("{}{}{}", &html[..at], after.into_string(), &html[at..])),
        None => maud::PreEscaped(html),
    }
}

/// A query value, percent-encoded.
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn player(State(web): Shared, server: Server, Query(q): Query<Lang>) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let result = blocking(&web, move |t| {
        let who = t.web_player(guild, &id.to_string())?;
        let name = who.name.clone();
        // A member with nothing to show yet is told so, as the bot would tell them.
        let replies = t
            .read(guild, locale, Command::Profile { player: Some(who) }, now())
            .unwrap_or_else(|said| vec![Reply { text: said, ..Reply::default() }]);
        Some((name, replies))
    })
    .await;
    match result {
        Ok(Some((name, replies))) => {
            let chart = replies.iter().any(|r| r.image.is_some());
            let pictures: Vec<(String, String)> = if chart {
                vec![(
                    format!("{}/player/{id}/chart.png", server.base),
                    crate::i18n::text(locale, &crate::i18n::Message::new("web-chart-alt").str("player", name.as_str())),
                )]
            } else {
                Vec::new()
            };
            let markup = pages::replies(locale, &server.base, &name, maud::html! {}, &replies, &pictures);
            page(markup, &server, q.lang.is_some())
        }
        Ok(None) => not_found_in(locale),
        Err(r) => r,
    }
}

/// The picture of a view's reply (a chart, a bracket, standings), drawn in turn and kept by `version`.
async fn reply_picture(web: &Arc<Web>, server: &Server, command: Command, version: u64) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    let key = format!("picture/{guild}/{command:?}/{version}/{locale}");
    let table = web.table.clone();
    let result = web
        .drawn
        .get(key, move || match table.read(guild, locale, command, now()) {
            Ok(replies) => Ok(replies.into_iter().find_map(|r| r.image).map(|i| i.png)),
            Err(_) => Ok(None),
        })
        .await;
    drawn(result, "image/png", locale)
}

async fn player_chart(State(web): Shared, server: Server) -> Response {
    let (guild, id) = (server.guild, server.id.unwrap_or(0));
    let Ok((who, version)) =
        blocking(&web, move |t| (t.web_player(guild, &id.to_string()), t.web_version(guild))).await
    else {
        return failed("the chart's player");
    };
    match who {
        Some(who) => reply_picture(&web, &server, Command::Profile { player: Some(who) }, version).await,
        None => not_found_in(server.locale),
    }
}

async fn tournament(State(web): Shared, server: Server, Query(q): Query<Lang>) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let result = blocking(&web, move |t| {
        let rounds = t.web_tournament_rounds(guild, id)?;
        let standings = t
            .read(
                guild,
                locale,
                Command::Tournament(TournamentCommand::Standings { id: Some(id), picture: false }),
                now(),
            )
            .ok()?;
        let mut replies = standings;
        for round in 0..rounds {
            let pairings = TournamentCommand::Pairings { id: Some(id), round: Some(round + 1) };
            if let Ok(more) = t.read(guild, locale, Command::Tournament(pairings), now()) {
                replies.extend(more);
            }
        }
        Some(replies)
    })
    .await;
    match result {
        Ok(Some(replies)) => {
            let title = format!("{} {id}", t(locale, "web-tournament"));
            let picture =
                (format!("{}/tournament/{id}/picture.png", server.base), t(locale, "web-tournament-picture-alt"));
            let markup = pages::replies(locale, &server.base, &title, maud::html! {}, &replies, &[picture]);
            page(markup, &server, q.lang.is_some())
        }
        Ok(None) => not_found_in(locale),
        Err(r) => r,
    }
}

async fn tournament_picture(State(web): Shared, server: Server) -> Response {
    let (guild, id) = (server.guild, server.id.unwrap_or(0));
    match blocking(&web, move |t| t.web_tournament_revision(guild, id)).await {
        Ok(Some(version)) => {
            let command = Command::Tournament(TournamentCommand::Standings { id: Some(id), picture: true });
            reply_picture(&web, &server, command, version).await
        }
        Ok(None) => not_found_in(server.locale),
        Err(r) => r,
    }
}

#[derive(Deserialize, Default)]
pub struct Paged {
    page: Option<usize>,
    lang: Option<String>,
}

async fn leaderboard(State(web): Shared, server: Server, Query(q): Query<Paged>) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    let Some(game) = server.game else { return not_found_in(locale) };
    let page_no = q.page.unwrap_or(1).clamp(1, 100_000);
    let result = blocking(&web, move |t| {
        let mut replies = Vec::new();
        let last_page = t.web_leaderboard_pages(guild, game);
        for provisional in [false, true] {
            let command = Command::Leaderboard { game, page: page_no - 1, provisional, picture: false };
            replies.extend(t.read(guild, locale, command, now()).unwrap_or_default());
        }
        (replies, last_page)
    })
    .await;
    match result {
        Ok((replies, last_page)) => {
            let title = crate::table::game_title(locale, game);
            let pager = pages::pager(
                locale,
                (page_no > 1).then(|| format!("?page={}", page_no - 1)),
                (page_no < last_page).then(|| format!("?page={}", page_no + 1)),
            );
            let markup = pages::replies(locale, &server.base, &title, maud::html! {}, &replies, &[]);
            page(with_after(markup, pager), &server, q.lang.is_some())
        }
        Err(r) => r,
    }
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
