//! Lessons and puzzles on a server's pages, for a signed-in member of the server: `/learn` (`?game=`: a course;
//! `?puzzle=`: a puzzle of a game, or `any`) shows what `/learn` and `/puzzle` show on Discord, and its buttons
//! and menus are forms posting to `/learn` with the session's CSRF token and a request key, so the member's
//! progress and ratings change exactly as on Discord, once per form. The pictures are served again from what
//! they show: a course's step (`/learn/{game}/picture.png?step=`) and a puzzle's position
//! (`/puzzle/{id}/picture.png?at=`).

use std::sync::Arc;

use axum::Form;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::html;
use serde::Deserialize;

use super::Web;
use super::cache::Kind;
use super::internal_path::InternalPath;
use super::member::{actor, signed_in_on};
use super::pages::{Viewer, layout, t};
use super::routes::{Server, Shared, blocking, not_found_in};
use crate::games::GameKind;
use crate::table::{ButtonId, Command, Reply, Request, TrainCommand};

#[derive(Deserialize, Default)]
pub struct Asked {
    game: Option<String>,
    puzzle: Option<String>,
    step: Option<usize>,
    at: Option<usize>,
}

#[derive(Deserialize, Default)]
pub struct Answered {
    csrf: Option<String>,
    key: Option<String>,
    button: Option<String>,
    menu: Option<String>,
    value: Option<String>,
}

/// The page of a member's lessons or puzzle.
pub(super) async fn learn(State(web): Shared, server: Server, headers: HeaderMap, Query(q): Query<Asked>) -> Response {
    let page = format!("{}/learn", server.base);
    let Some((_, session)) = signed_in_on(&web, &headers, server.guild).await else {
        return super::signin::to_sign_in(&page);
    };
    let game = |name: Option<&String>| name.and_then(|g| g.parse::<GameKind>().ok());
    let command = match (&q.game, &q.puzzle) {
        (_, Some(p)) => TrainCommand::Puzzle { game: game(Some(p)) },
        (g, None) => TrainCommand::Learn { game: game(g.as_ref()) },
    };
    answer(&web, &server, &headers, session, Command::Train(command), None).await
}

/// An answer posted from the page: a button's or a menu's, as on Discord.
pub(super) async fn learn_act(
    State(web): Shared,
    server: Server,
    headers: HeaderMap,
    Form(form): Form<Answered>,
) -> Response {
    let page = format!("{}/learn", server.base);
    let Some((_, session)) = signed_in_on(&web, &headers, server.guild).await else {
        return super::signin::to_sign_in(&page);
    };
    if form.csrf.as_deref() != Some(session.csrf.as_str()) {
        return super::signin::said_page(&headers, StatusCode::FORBIDDEN, "web-form-expired");
    }
    let key = form.key.filter(|k| !k.is_empty() && k.len() <= 64 && k.chars().all(|c| c.is_ascii_alphanumeric()));
    let Some(key) = key else { return super::signin::said_page(&headers, StatusCode::BAD_REQUEST, "web-form-expired") };
    let command = match (form.button, form.menu, form.value) {
        (Some(b), _, _) => b.parse::<ButtonId>().ok().and_then(ButtonId::command),
        (None, Some(m), Some(v)) => m.parse::<ButtonId>().ok().and_then(|id| id.menu_command(&v)),
        _ => None,
    };
    // Only the lessons' and puzzles' own: a game or a move of another page is not answered here.
    let Some(command @ Command::Train(_)) = command else {
        return super::signin::said_page(&headers, StatusCode::BAD_REQUEST, "discord-unknown-button");
    };
    answer(&web, &server, &headers, session, command, Some(format!("w{key}"))).await
}

/// Carries out `command` for the signed-in member (a member of the server) and shows what it says.
async fn answer(
    web: &Arc<Web>,
    server: &Server,
    headers: &HeaderMap,
    session: crate::store::Session,
    command: Command,
    key: Option<String>,
) -> Response {
    let locale = server.locale;
    if let Some(link) = web.options.link.clone() {
        match link.roles(server.guild, session.user).await {
            Ok(Some(_)) => {}
            Ok(None) => return super::signin::said_page(headers, StatusCode::FORBIDDEN, "web-not-a-member"),
            Err(_) => return super::routes::busy(locale),
        }
    }
    let acting = actor(server, &session, Vec::new(), crate::store::ChannelId(0));
    let viewer = Viewer { name: session.name.clone(), csrf: session.csrf.clone(), key: fresh_key(), panel: None };
    let now = web.options.clock.now();
    let done = blocking(web, move |t| {
        let request = Request::new(&acting, command, now).public(locale);
        match &key {
            Some(k) => t.handle(request.once(k)),
            None => t.handle(request),
        }
    })
    .await;
    let replies = match done {
        Ok(Some(Ok(replies))) => replies,
        Ok(Some(Err(refusal))) => vec![crate::table::Reply { text: refusal.text, ..Reply::default() }],
        // Done before (the same form sent twice): the lessons as they are now.
        Ok(None) => return super::signin::redirect(&InternalPath::or_root(Some(&format!("{}/learn", server.base)))),
        Err(r) => return r,
    };
    let action = format!("{}/learn", server.base);
    let picture = |file: &str| -> Option<String> {
        let stem = file.strip_suffix(".png")?;
        if let Some(rest) = stem.strip_prefix("lesson-") {
            let (game, step) = rest.rsplit_once('-')?;
            let step: usize = step.parse().ok()?;
            return Some(format!("{}/learn/{game}/picture.png?step={step}", server.base));
        }
        let (id, at) = stem.strip_prefix("puzzle-")?.split_once('-')?;
        Some(format!("{}/puzzle/{}/picture.png?at={}", server.base, id.parse::<u64>().ok()?, at.parse::<usize>().ok()?))
    };
    let body = html! {
        h1 { (t(locale, "web-learn-title")) }
        p { a href={ (action) } { (t(locale, "web-learn-courses")) } " · " a href={ (action) "?puzzle=any" } { (t(locale, "web-learn-puzzle")) } }
        @for reply in &replies {
            section.reply {
                (super::html::lines(&reply.text, &server.base))
                @if let Some(image) = &reply.image {
                    @if let Some(src) = picture(&image.file_name) {
                        figure { img src=(src) alt=(image.description) width="480"; }
                    }
                }
                @let buttons: Vec<crate::table::Button> = reply.buttons.iter().filter(|b| matches!(b.id, ButtonId::Lesson(_) | ButtonId::LessonAnswer { .. } | ButtonId::LessonRestart(_) | ButtonId::PuzzleAnswer { .. } | ButtonId::PuzzleNext(_))).cloned().collect();
                @if !buttons.is_empty() { (super::pages::button_form(&action, &viewer, &buttons, &t(locale, "web-learn-answers"))) }
                (super::pages::menu_forms(&action, &viewer, &reply.menus, 0, &t(locale, "web-learn-choose")))
            }
        }
    };
    layout(locale, &server.base, &t(locale, "web-learn-title"), None, body).into_response()
}

/// A new request key for a page's forms.
fn fresh_key() -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    (0..16).map(|_| char::from(b"abcdefghijklmnopqrstuvwxyz0123456789"[rng.random_range(0..36)])).collect()
}

/// A course step's picture, drawn in turn like every picture of the pages, and kept.
pub(super) async fn lesson_picture(State(web): Shared, server: Server, Query(q): Query<Asked>) -> Response {
    let (Some(game), Some(step)) = (server.game, q.step) else { return not_found_in(server.locale) };
    let locale = server.locale;
    let key = format!("lesson/{game}/{step}/{locale}");
    let drawn = web
        .drawn
        .get(Kind::Picture, key, server.guild.get(), server.client, move || {
            Ok(crate::table::lesson_png(game, step, locale))
        })
        .await;
    super::routes::drawn(drawn, "image/png", locale)
}

/// A puzzle's picture after `at` moves of its solution, drawn in turn like every picture of the pages, and
/// kept.
pub(super) async fn puzzle_picture(State(web): Shared, server: Server, Query(q): Query<Asked>) -> Response {
    let (id, at, locale) = (server.id.unwrap_or(0), q.at.unwrap_or(0), server.locale);
    let table = web.table.clone();
    let key = format!("puzzle/{id}/{at}/{locale}");
    let drawn = web
        .drawn
        .get(Kind::Picture, key, server.guild.get(), server.client, move || Ok(table.puzzle_png(id, at, locale)))
        .await;
    super::routes::drawn(drawn, "image/png", locale)
}
