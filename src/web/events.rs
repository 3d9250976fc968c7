//! A game's live events, as server-sent events. Each `update` carries what changed since the reader's last
//! event: the page's top part, and the moves from the one before its last (whose link changes) on, as JSON
//! (`top`, `from`, `moves`); its id is `revision.moves`. A reader that comes back with `Last-Event-ID` (or the
//! `since` its page was drawn at) is sent what it missed at once. A finished game's stream sends what the reader
//! lacks, then `end`, and closes; so does a stream when its game ends. Streams are shared out per client and per
//! server, and closed after a while (the browser comes back by itself).

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use serde::Deserialize;

use super::Web;
use super::live::{self, Update};
use super::pages;
use super::routes::*;
use super::shares::Refused;
use crate::i18n::Locale;
use crate::store::record::{GameId, GuildId};

#[derive(Deserialize, Default)]
pub struct Since {
    #[serde(default)]
    since: Option<String>,
}

/// Where a reader is: the revision of its last event (or page), and how many moves it shows when known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Place {
    revision: u64,
    plies: Option<usize>,
}

impl Place {
    /// `revision.moves`, or a bare revision.
    fn parse(text: &str) -> Option<Place> {
        let text = text.trim();
        let (revision, plies) = match text.split_once('.') {
            Some((r, p)) => (r.parse().ok()?, Some(p.parse().ok()?)),
            None => (text.parse().ok()?, None),
        };
        Some(Place { revision, plies })
    }

    fn of(state: live::State) -> Place {
        Place { revision: state.revision, plies: Some(state.plies) }
    }
}

/// What a reader who shows `from` moves is sent of the game as it is now: the top, and the moves from the one
/// before its last on.
fn delta(
    web: &Arc<Web>,
    guild: GuildId,
    id: GameId,
    locale: Locale,
    base: &str,
    from: Option<usize>,
) -> Option<String> {
    let page = web.table.game_page(guild, id, None, locale).ok()??;
    let from = from.map_or(0, |p| p.saturating_sub(1)).min(page.moves.len());
    let body = serde_json::json!({
        "top": pages::game_top(locale, base, &page).into_string(),
        "from": from,
        "moves": pages::move_items(base, &page, from).into_string(),
    });
    Some(body.to_string())
}

/// The state of the game a request names, or the answer to give instead.
async fn state_of(web: &Arc<Web>, server: &Server) -> Result<live::State, Response> {
    let (guild, id) = (server.guild, server.id.unwrap_or(0));
    match blocking(web, move |t| t.web_live_state(guild, GameId(id))).await {
        Ok(Ok(Some(state))) => Ok(state),
        Ok(Ok(None)) => Err(not_found_in(server.locale)),
        Ok(Err(e)) => Err(failed(e)),
        Err(r) => Err(r),
    }
}

fn update_event(part: &str, state: live::State) -> Event {
    Event::default().event("update").id(format!("{}.{}", state.revision, state.plies)).data(part)
}

fn end_event() -> Event {
    Event::default().event("end").data("")
}

/// Too many streams: this client's, this server's, or all.
fn refused(locale: Locale, why: Refused) -> Response {
    let mut answer = busy(locale);
    if why == Refused::Client {
        *answer.status_mut() = StatusCode::TOO_MANY_REQUESTS;
    }
    answer.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
    answer
}

/// The game a stream follows, and how its parts are drawn for this reader.
#[derive(Clone)]
struct Followed {
    web: Arc<Web>,
    guild: GuildId,
    id: GameId,
    locale: Locale,
    base: String,
}

impl Followed {
    /// What a reader who shows `from` moves lacks, drawn off the async threads.
    async fn delta(&self, from: Option<usize>) -> Option<String> {
        let followed = self.clone();
        tokio::task::spawn_blocking(move || {
            delta(&followed.web, followed.guild, followed.id, followed.locale, &followed.base, from)
        })
        .await
        .ok()
        .flatten()
    }

    /// What a reader at `seen` is sent of `update`: the part drawn once for every reader in this language when
    /// the update follows what it saw (the usual case), else a part of its own.
    async fn part(&self, update: &Arc<Update>, seen: Place) -> Option<Arc<String>> {
        let follows = update.before.map(|b| b.revision) == Some(seen.revision);
        if !follows {
            return self.delta(seen.plies).await.map(Arc::new);
        }
        if let Some(part) = update.ready(self.locale) {
            return part;
        }
        let (followed, shared) = (self.clone(), update.clone());
        let from = update.before.map(|b| b.plies);
        tokio::task::spawn_blocking(move || {
            shared.drawn(followed.locale, || {
                delta(&followed.web, followed.guild, followed.id, followed.locale, &followed.base, from)
            })
        })
        .await
        .ok()
        .flatten()
    }
}

/// A live stream's reader: what it has seen, the moves it waits for, until when.
struct Reader {
    followed: Followed,
    receiver: tokio::sync::broadcast::Receiver<Arc<Update>>,
    seen: Place,
    ended: bool,
    until: Instant,
    _slot: live::Slot,
}

impl Reader {
    /// The events of the next move the reader has not seen; `None` when the stream ends.
    async fn next(&mut self) -> Option<Vec<Event>> {
        if self.ended {
            return None;
        }
        loop {
            let update = match tokio::time::timeout_at(self.until.into(), self.receiver.recv()).await {
                Ok(Ok(update)) => update,
                // Fell behind (it does not read): the stream ends, and a browser that comes back is sent what it
                // missed.
                Ok(Err(tokio::sync::broadcast::error::RecvError::Lagged(_))) => return None,
                // The watcher went, or this stream's time is up: the browser comes back by itself.
                Ok(Err(_)) | Err(_) => return None,
            };
            let state = update.state;
            if self.seen.revision == state.revision {
                continue;
            }
            let part = self.followed.part(&update, self.seen).await?;
            self.seen = Place::of(state);
            self.ended = !state.live;
            let mut events = vec![update_event(&part, state)];
            if self.ended {
                events.push(end_event());
            }
            return Some(events);
        }
    }
}

pub(super) async fn events(State(web): Shared, server: Server, Query(q): Query<Since>, headers: HeaderMap) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let now = match state_of(&web, &server).await {
        Ok(state) => state,
        Err(answer) => return answer,
    };
    let last = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(Place::parse)
        .or_else(|| q.since.as_deref().and_then(Place::parse));
    let slot = match web.live.slot(server.client, guild) {
        Ok(slot) => slot,
        Err(why) => return refused(locale, why),
    };
    let opening = Event::default().retry(Duration::from_millis(1000));
    let followed = Followed { web: web.clone(), guild, id: GameId(id), locale, base: server.base.clone() };
    // What the reader missed, drawn for it alone (a reader that comes back is rare).
    let catch_up = |state: live::State| {
        let followed = followed.clone();
        let from = last.and_then(|p| p.plies);
        async move { followed.delta(from).await.map(|part| update_event(&part, state)) }
    };
    if !now.live {
        // Over: what the reader lacks, then the end; nothing is followed.
        let mut events = vec![opening];
        if last.map(|p| p.revision) != Some(now.revision) {
            events.extend(catch_up(now).await);
        }
        events.push(end_event());
        drop(slot);
        return Sse::new(stream::iter(events.into_iter().map(Ok::<Event, Infallible>))).into_response();
    }
    let receiver = web.live.subscribe(guild, GameId(id), now);
    // Read again once subscribed: a move made between the first look and the subscription is not lost.
    let now = match state_of(&web, &server).await {
        Ok(state) => state,
        Err(answer) => return answer,
    };
    let first = if last.map(|p| p.revision) != Some(now.revision) { catch_up(now).await } else { None };
    let seen = if first.is_some() { Place::of(now) } else { last.unwrap_or(Place::of(now)) };
    let until = Instant::now() + web.options.stream_for;
    let reader = Reader { followed, receiver, seen, ended: !now.live, until, _slot: slot };
    let stream = stream::unfold(reader, |mut reader| async move {
        let events = reader.next().await?;
        Some((stream::iter(events.into_iter().map(Ok::<Event, Infallible>)), reader))
    });
    let stream = futures_util::StreamExt::flatten(stream);
    let head = stream::iter([Ok::<Event, Infallible>(opening)].into_iter().chain(first.map(Ok)));
    Sse::new(head.chain_stream(stream)).keep_alive(KeepAlive::default()).into_response()
}

/// The extension the stream needs: `a` then `b`.
trait ChainStream: Stream + Sized {
    fn chain_stream<S: Stream<Item = Self::Item>>(self, other: S) -> stream::Chain<Self, S> {
        futures_util::StreamExt::chain(self, other)
    }
}

impl<S: Stream> ChainStream for S {}
