//! A game's page (at the position after any move), its pictures, its record files and its animated replay.

use crate::store::record::GameId;
use crate::table::RecordCommand;
use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::Web;
use super::pages;
use super::routes::*;
use crate::table::Command;

#[derive(Deserialize, Default)]
pub struct Ply {
    #[serde(default, deserialize_with = "lenient")]
    ply: Option<usize>,
    lang: Option<String>,
    /// The square of a piece the member picked to move (its moves are then shown on the board).
    pick: Option<String>,
}

pub(super) async fn game(State(web): Shared, server: Server, headers: HeaderMap, Query(q): Query<Ply>) -> Response {
    let asked = q.lang.is_some();
    let pick = q.pick.filter(|p| p.len() <= 4 && p.chars().all(|c| c.is_ascii_alphanumeric()));
    let response = page_for(&web, &server, &headers, q.ply, pick, Vec::new()).await;
    if asked { super::routes::remember_language(response, &server) } else { response }
}

/// A game's page at `ply` (the latest without), for its reader: a signed-in member sees their controls (and
/// `said`, what they were just told), a signed-out one the way to sign in (when sign-in is on).
pub(super) async fn page_for(
    web: &Arc<Web>,
    server: &Server,
    headers: &HeaderMap,
    ply: Option<usize>,
    pick: Option<String>,
    said: Vec<crate::table::Reply>,
) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let shown = match blocking(web, move |t| t.game_page(guild, GameId(id), ply, locale)).await {
        Ok(Ok(Some(shown))) => shown,
        Ok(Ok(None)) => return not_found_in(locale),
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    };
    let at_latest = ply.is_none_or(|p| p >= shown.moves.len());
    let viewer = match viewer(web, server, headers, at_latest, pick).await {
        Ok(viewer) => viewer,
        Err(answer) => return answer,
    };
    let sign_in = web.options.link.is_some();
    let markup = pages::game(
        locale,
        &server.base,
        &web.options.public_url,
        &shown,
        at_latest,
        &pages::Seat { viewer, said, sign_in },
    );
    let mut response = markup.into_response();
    // What is shown depends on who reads it.
    response
        .headers_mut()
        .insert(axum::http::header::CACHE_CONTROL, axum::http::HeaderValue::from_static("private, no-store"));
    response
}

/// The signed-in member reading game `server.id`, if any, with their controls when the page shows the latest
/// position and they may act there (a member of the server, their roles read from Discord).
async fn viewer(
    web: &Arc<Web>,
    server: &Server,
    headers: &HeaderMap,
    at_latest: bool,
    pick: Option<String>,
) -> Result<Option<pages::Viewer>, Response> {
    let Some(link) = &web.options.link else { return Ok(None) };
    let Some((_, session)) = super::member::signed_in_on(web, headers, server.guild).await else { return Ok(None) };
    let (guild, id) = (server.guild, server.id.unwrap_or(0));
    let panel = match at_latest {
        true => {
            let roles = link.roles(guild, session.user).await.ok().flatten();
            let member = roles.is_some();
            let actor = super::member::actor(server, &session, roles.unwrap_or_default(), crate::store::ChannelId(0));
            match blocking(web, move |t| t.web_play_picking(guild, GameId(id), &actor, pick.as_deref())).await? {
                Ok(panel) => panel.filter(|_| member),
                Err(e) => return Err(failed(e)),
            }
        }
        false => None,
    };
    Ok(Some(pages::Viewer {
        name: session.name.clone(),
        csrf: session.csrf.clone(),
        key: super::link::secret(),
        panel,
    }))
}

/// `…/game/{id}/panel`: the member's part of the page alone (what the page's script puts in place of its own
/// when the game moves, instead of reloading the page). Its `ETag` is the game's revision: a page that asks
/// with `If-None-Match` of the revision it shows (its fallback while its event stream is down) is answered 304
/// at the cost of one header read while the game has not moved.
pub(super) async fn panel(State(web): Shared, server: Server, headers: HeaderMap) -> Response {
    let revision = match revision(&web, &server).await {
        Ok(revision) => revision,
        Err(answer) => return answer,
    };
    let etag = format!("\"{revision}\"");
    let asked = headers.get(axum::http::header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    let tag = |response: &mut Response| {
        let h = response.headers_mut();
        h.insert(axum::http::header::CACHE_CONTROL, axum::http::HeaderValue::from_static("private, no-cache"));
        h.insert(axum::http::header::VARY, axum::http::HeaderValue::from_static("Cookie, Authorization"));
        if let Ok(etag) = axum::http::HeaderValue::from_str(&etag) {
            h.insert(axum::http::header::ETAG, etag);
        }
    };
    if asked.is_some_and(|a| a.split(',').any(|t| t.trim().trim_start_matches("W/") == etag)) {
        let mut unchanged = axum::http::StatusCode::NOT_MODIFIED.into_response();
        tag(&mut unchanged);
        return unchanged;
    }
    let viewer = match viewer(&web, &server, &headers, true, None).await {
        Ok(viewer) => viewer,
        Err(answer) => return answer,
    };
    let game = format!("{}/game/{}", server.base, server.id.unwrap_or(0));
    let seat = pages::Seat { viewer, said: Vec::new(), sign_in: web.options.link.is_some() };
    let mut response = pages::seat(server.locale, &server.base, &game, &seat).into_response();
    tag(&mut response);
    response
}

/// The picture of the position after `?ply=N` (the latest without), drawn in turn and kept by the position it
/// shows (every `ply` beyond the last move is the latest position, whatever number was asked).
pub(super) async fn board(State(web): Shared, server: Server, Query(q): Query<Ply>) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let ply = q.ply.unwrap_or(usize::MAX);
    let position = match blocking(&web, move |t| t.web_position_key(guild, GameId(id), ply)).await {
        Ok(Ok(Some(position))) => position,
        Ok(Ok(None)) => return not_found_in(locale),
        Ok(Err(e)) => return failed(e),
        Err(answer) => return answer,
    };
    let key = format!("board/{guild}/{id}/{position}/{locale}");
    let table = web.table.clone();
    let result = web
        .drawn
        .get(super::cache::Kind::Picture, key, guild.get(), server.client, move || {
            table.game_picture(guild, GameId(id), ply, locale).map_err(|e| e.to_string())
        })
        .await;
    drawn(result, "image/png", locale)
}

/// A file of the game's (its record, its replay), kept by the game's revision.
async fn game_file(web: Arc<Web>, server: Server, command: Command, pick: &'static str) -> Response {
    match revision(&web, &server).await {
        Ok(revision) => reply_file(&web, &server, command, pick, revision).await,
        Err(answer) => answer,
    }
}

pub(super) async fn replay(State(web): Shared, server: Server) -> Response {
    let command = Command::Record(RecordCommand::Replay { game: server.id.map(GameId), delay: None });
    game_file(web, server, command, ".gif").await
}

pub(super) async fn record_json(State(web): Shared, server: Server) -> Response {
    let command = Command::Record(RecordCommand::Export { game: server.id.map(GameId) });
    game_file(web, server, command, ".json").await
}

pub(super) async fn record_text(State(web): Shared, server: Server) -> Response {
    let command = Command::Record(RecordCommand::Export { game: server.id.map(GameId) });
    game_file(web, server, command, ".txt").await
}
