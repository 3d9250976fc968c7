//! A signed-in member acting on a game's page: `POST …/game/{id}/act` with the session's CSRF token, the
//! page's request key, and a button's id (as Discord's board carries it) or a move. It goes through
//! [`crate::table::Table::handle`] as the member (their roles in the server read from Discord), once per key (a
//! double submit, or the same form in two tabs, applies once); what it says publicly is posted in the game's
//! channel as on Discord, what it says to the member alone (a refusal, in the same words as on Discord, or a
//! question such as "really resign?") is shown on the page.

use std::sync::Arc;

use axum::Form;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::Web;
use super::internal_path::InternalPath;
use super::member::{actor, signed_in_on};
use super::routes::{Server, Shared, blocking, failed, not_found_in};
use crate::i18n::{self, Message};
use crate::store::record::GameId;
use crate::table::{ButtonId, Command, PlayCommand, Reply, Request};

#[derive(Deserialize, Default)]
pub struct Act {
    csrf: Option<String>,
    key: Option<String>,
    button: Option<String>,
    /// A menu's id, with the option chosen.
    menu: Option<String>,
    value: Option<String>,
    #[serde(rename = "move")]
    notation: Option<String>,
    ply: Option<usize>,
}

/// What the member is told on the page: words, maybe buttons (a question to confirm).
pub(super) fn refusal_reply(text: i18n::Text) -> Reply {
    Reply { text, audience: crate::table::Audience::Asker, ..Reply::default() }
}

pub(super) async fn act(State(web): Shared, server: Server, headers: HeaderMap, Form(form): Form<Act>) -> Response {
    let game = GameId(server.id.unwrap_or(0));
    let page = format!("{}/game/{}", server.base, game);
    let Some(link) = web.options.link.clone() else { return not_found_in(server.locale) };
    let Some((_, session)) = signed_in_on(&web, &headers, server.guild).await else {
        return super::signin::to_sign_in(&page);
    };
    if form.csrf.as_deref() != Some(session.csrf.as_str()) {
        return super::signin::said_page(&headers, StatusCode::FORBIDDEN, "web-form-expired");
    }
    let said = |m: Message| refusal_reply(i18n::spans(server.locale, &m));
    let Some(key) = request_key(form.key.as_deref()) else {
        return super::signin::said_page(&headers, StatusCode::BAD_REQUEST, "web-form-expired");
    };
    // Only a member of the server acts in its games; their roles decide a team's turn.
    let roles = match link.roles(server.guild, session.user).await {
        Ok(Some(roles)) => roles,
        Ok(None) => {
            return shown(&web, &server, &headers, vec![said(Message::new("web-not-a-member"))], StatusCode::FORBIDDEN)
                .await;
        }
        Err(e) => {
            tracing::warn!(error = %e, "a member's roles could not be read");
            return super::routes::busy(server.locale);
        }
    };
    let command = command_of(form, game);
    let Some(command) = command else {
        return shown(
            &web,
            &server,
            &headers,
            vec![said(Message::new("discord-unknown-button"))],
            StatusCode::BAD_REQUEST,
        )
        .await;
    };
    let guild = server.guild;
    let probe = actor(&server, &session, roles.clone(), crate::store::ChannelId(0));
    let channel = match blocking(&web, move |t| t.web_play(guild, game, &probe)).await {
        Ok(Ok(Some(panel))) => panel.channel,
        Ok(Ok(None)) => return not_found_in(server.locale),
        Ok(Err(e)) => return failed(e),
        Err(r) => return r,
    };
    let actor = actor(&server, &session, roles, channel);
    // What the action says publicly reads as it would after a command on Discord: in the server's language,
    // never the browser's.
    let public = link.public_language(server.guild);
    let answer = match carry_out(&web, link, actor, command, key, public).await {
        Ok(answer) => answer,
        Err(e) => return failed(e),
    };
    match answer {
        // Done before (a double submit): the page as it is now.
        None => super::signin::redirect(&InternalPath::or_root(Some(&page))),
        Some(Err(refusal)) => {
            shown(&web, &server, &headers, vec![refusal_reply(refusal.text)], StatusCode::CONFLICT).await
        }
        Some(Ok(replies)) => {
            let private: Vec<Reply> = replies.into_iter().filter(Reply::is_private).collect();
            if private.is_empty() {
                super::signin::redirect(&InternalPath::or_root(Some(&page)))
            } else {
                shown(&web, &server, &headers, private, StatusCode::OK).await
            }
        }
    }
}

/// The table's key of a form's request key: `w` and the key, which is short and plain.
fn request_key(key: Option<&str>) -> Option<String> {
    let plain = |k: &str| k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    key.filter(|k| !k.is_empty() && k.len() <= 64 && plain(k)).map(|k| format!("w{k}"))
}

/// What a form asks of game `game`: a button's command, a menu's choice, or a move at a move number; `None` for
/// a button or menu that is not ours, or of another game.
fn command_of(form: Act, game: GameId) -> Option<Command> {
    match (form.button.as_deref(), form.notation) {
        (Some(button), _) => match button.parse::<ButtonId>() {
            Ok(id) if id.game() == Some(game) => id.command(),
            _ => None,
        },
        (None, _) if form.menu.is_some() => match (form.menu.as_deref().map(str::parse::<ButtonId>), &form.value) {
            (Some(Ok(id)), Some(value)) if id.game() == Some(game) => id.menu_command(value),
            _ => None,
        },
        (None, Some(notation)) => {
            Some(Command::Play(PlayCommand::Move { notation, at: Some((game, form.ply.unwrap_or(0))) }))
        }
        _ => None,
    }
}

/// Carries out `command` as `actor` once per `key`, and posts what it says publicly in the game's channel; in a
/// task of its own, so a browser that goes away meanwhile (a reload, a closed tab) does not leave a move made
/// but never posted.
async fn carry_out(
    web: &Arc<Web>,
    link: Arc<dyn super::link::DiscordLink>,
    actor: crate::table::Actor,
    command: Command,
    key: String,
    public: crate::i18n::Locale,
) -> Result<Option<Result<Vec<Reply>, crate::table::Refusal>>, String> {
    let (table, now) = (web.table.clone(), web.options.clock.now());
    let done = tokio::spawn(async move {
        let acting = actor.clone();
        let answer = tokio::task::spawn_blocking(move || {
            table.handle(Request::new(&acting, command, now).public(public).once(&key))
        })
        .await
        .map_err(|e| e.to_string())?;
        if let Some(Ok(replies)) = &answer {
            let public: Vec<Reply> = replies.iter().filter(|r| !r.is_private()).cloned().collect();
            if !public.is_empty() {
                link.publish(actor, public).await;
            }
        }
        Ok::<_, String>(answer)
    });
    done.await.map_err(|e| e.to_string())?
}

/// The game's page with what the member is told above their controls.
async fn shown(web: &Arc<Web>, server: &Server, headers: &HeaderMap, said: Vec<Reply>, status: StatusCode) -> Response {
    let mut response = super::game::page_for(web, server, headers, None, None, said).await;
    if response.status() == StatusCode::OK {
        *response.status_mut() = status;
    }
    response.into_response()
}
