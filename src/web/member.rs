//! The signed-in member of a request: their session's cookie (or, from the Activity, where a frame inside
//! Discord keeps no cookie, its `Authorization: Bearer` token) read and looked up in the store, and the member as
//! the table sees them acting on a server's page.

use std::sync::Arc;

use axum::http::{HeaderMap, header};

use super::Web;
use super::link::hash;
use super::routes::{Server, blocking};
use crate::store::Session;
use crate::store::record::GuildId;
use crate::table::{Actor, Permissions};

/// The session's cookie.
pub(super) const SESSION_COOKIE: &str = "tablero_session";

/// A cookie's value in a request.
pub(super) fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers.get_all(header::COOKIE).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(';')).find_map(|pair| {
        let (k, v) = pair.trim().split_once('=')?;
        (k == name).then_some(v)
    })
}

/// A request's bearer token.
pub(super) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(header::AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ")
}

/// The signed-in member of a request, with their cookie or bearer token, if any, wherever their session is valid
/// (signing out).
pub(super) async fn signed_in(web: &Arc<Web>, headers: &HeaderMap) -> Option<(String, Session)> {
    let token = bearer(headers).or_else(|| cookie(headers, SESSION_COOKIE))?.to_string();
    let key = hash(&token);
    let now = web.options.clock.now();
    let session = blocking(web, move |t| t.session(&key, now)).await.ok()?.ok()??;
    Some((token, session))
}

/// The signed-in member of a request on `guild`'s pages: a session opened for another server (an Activity's)
/// is no session here.
pub(super) async fn signed_in_on(web: &Arc<Web>, headers: &HeaderMap, guild: GuildId) -> Option<(String, Session)> {
    signed_in(web, headers).await.filter(|(_, session)| session.guild.is_none_or(|g| g == guild))
}

/// The member as the table sees them on this server's page, in the game's channel.
pub(super) fn actor(server: &Server, session: &Session, roles: Vec<u64>, channel: crate::store::ChannelId) -> Actor {
    Actor {
        guild: server.guild,
        channel,
        user: session.user,
        name: session.name.clone(),
        roles,
        locale: server.locale,
        permissions: Permissions::default(),
        private: false,
    }
}
