//! A game's live events: the page's live part sent again at each new revision, as server-sent events whose id
//! is the revision; a reader that comes back with `Last-Event-ID` (or the revision its page was drawn at) is sent
//! the latest state at once if it moved meanwhile. Streams are counted and closed after a while.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use serde::Deserialize;

use super::Web;
use super::live::Update;
use super::pages;
use super::routes::*;
use crate::i18n::Locale;
use crate::store::record::{GameId, GuildId};

#[derive(Deserialize, Default)]
pub struct Since {
    #[serde(default, deserialize_with = "lenient")]
    since: Option<u64>,
}

/// A game's live part, drawn for an update (shared by every reader in the same language).
fn live_part(web: &Arc<Web>, guild: GuildId, id: GameId, locale: Locale, base: &str) -> Option<String> {
    let shown = web.table.game_page(guild, id, None, locale).ok()??;
    Some(pages::game_live(locale, base, &shown).into_string())
}

pub(super) async fn events(State(web): Shared, server: Server, Query(q): Query<Since>, headers: HeaderMap) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let first_look = match revision(&web, &server).await {
        Ok(r) => r,
        Err(answer) => return answer,
    };
    let Some(slot) = web.live.slot() else { return busy(locale) };
    // Where the reader is: the last event it received, else the revision its page was drawn at.
    let last = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .or(q.since);
    let receiver = web.live.subscribe(guild, id, first_look);
    // Read again once subscribed: a move made between the first look and the subscription is not lost.
    let revision = match revision(&web, &server).await {
        Ok(r) => r,
        Err(answer) => return answer,
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
