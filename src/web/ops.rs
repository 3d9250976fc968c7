//! What an operator's tools ask the process: `/metrics` (every metric in Prometheus' text format), `/healthz`
//! (the process answers) and `/readyz` (ready for traffic: the store answers, the front end is connected, and
//! no shutdown has begun, so a rolling restart drains). Served on `[ops] listen` (the loopback's by default),
//! and beside the pages only to requests with the configured bearer token. A scrape costs the same whatever
//! the store holds: the store's gauges (its size, its live games) are read by a task of their own every
//! [`STORE_GAUGES_EVERY`], never by a scrape.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::future::BoxFuture;

use crate::store::Store;

/// How long the store may take to answer a readiness check before the process is called not ready.
const STORE_ANSWERS_WITHIN: Duration = Duration::from_secs(2);

/// How often the store's gauges are read.
pub const STORE_GAUGES_EVERY: Duration = Duration::from_secs(30);

/// A gauge refreshed when the metrics are read (the open streams: a count kept in memory).
type Gauge = Box<dyn Fn() + Send + Sync>;

/// A question to the front end about its connection.
type Check = Arc<dyn Fn() -> BoxFuture<'static, bool> + Send + Sync>;

/// The process's health as its parts report it.
pub struct Health {
    store: Arc<dyn Store>,
    /// The front end is connected (the gateway's first Ready, or a console that needs no connection).
    connected: AtomicBool,
    /// A shutdown has begun: not ready, whatever else holds.
    stopping: AtomicBool,
    /// Asks the front end whether its connection holds now (every gateway shard connected), if it has one.
    connection: Mutex<Option<Check>>,
    gauges: Mutex<Vec<Gauge>>,
    /// A game was written by this process: the store's gauges are read again soon.
    written: tokio::sync::Notify,
}

impl std::fmt::Debug for Health {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Health")
            .field("connected", &self.connected.load(Ordering::SeqCst))
            .field("stopping", &self.stopping.load(Ordering::SeqCst))
            .finish_non_exhaustive()
    }
}

impl Health {
    /// The health of a process over `store`, its front end not yet connected.
    pub fn new(store: Arc<dyn Store>) -> Arc<Health> {
        Arc::new(Health {
            store,
            connected: AtomicBool::new(false),
            stopping: AtomicBool::new(false),
            connection: Mutex::new(None),
            gauges: Mutex::new(Vec::new()),
            written: tokio::sync::Notify::new(),
        })
    }

    /// The front end is connected (or, `false`, lost its connection).
    pub fn connected(&self, connected: bool) {
        self.connected.store(connected, Ordering::SeqCst);
    }

    /// `check` says, at each readiness check after the first connection, whether the connection holds (a
    /// gateway shard that lost it makes the process not ready until it is back).
    pub fn on_connection_check(&self, check: impl Fn() -> BoxFuture<'static, bool> + Send + Sync + 'static) {
        *self.connection.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(check));
    }

    /// A shutdown has begun: `/readyz` says so from now on.
    pub fn stopping(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    /// Whether a shutdown has begun (new work is then turned away, to another replica).
    pub fn is_stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// The store's gauges follow the games `table` writes: read again within a second or so of a write (at most
    /// once a second however many are written), besides every [`STORE_GAUGES_EVERY`] for other processes'.
    pub fn follow(self: &Arc<Self>, table: &crate::table::Table) {
        let health = Arc::downgrade(self);
        table.on_game_written(move |_, _| {
            if let Some(health) = health.upgrade() {
                health.written.notify_one();
            }
        });
    }

    /// `refresh` runs each time the metrics are read, to set a gauge that is cheaper read than kept.
    pub fn on_scrape(&self, refresh: impl Fn() + Send + Sync + 'static) {
        self.gauges.lock().unwrap_or_else(|e| e.into_inner()).push(Box::new(refresh));
    }

    /// Why the process is not ready, or `None` when it is.
    pub async fn not_ready(&self) -> Option<&'static str> {
        if self.stopping.load(Ordering::SeqCst) {
            return Some("shutting down");
        }
        if !self.connected.load(Ordering::SeqCst) {
            return Some("not connected");
        }
        let check = self.connection.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some(check) = check
            && !check().await
        {
            return Some("the gateway is reconnecting");
        }
        let store = self.store.clone();
        let asked = tokio::task::spawn_blocking(move || store.next_due().map(|_| ()));
        match tokio::time::timeout(STORE_ANSWERS_WITHIN, asked).await {
            Ok(Ok(Ok(()))) => None,
            Ok(Ok(Err(e))) => {
                crate::metrics::store_error("ping");
                tracing::warn!(error = %e, "the store does not answer");
                Some("the store does not answer")
            }
            _ => {
                crate::metrics::store_error("ping");
                Some("the store does not answer in time")
            }
        }
    }
}

/// `/metrics`, `/healthz` and `/readyz`.
pub fn routes(health: Arc<Health>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(health)
}

async fn metrics(State(health): State<Arc<Health>>) -> Response {
    for refresh in health.gauges.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        refresh();
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], crate::metrics::render()).into_response()
}

/// Reads the store's gauges (its size, its live games: queries to PostgreSQL, a walk of an index in sled) now,
/// every [`STORE_GAUGES_EVERY`] and after this process writes a game (at most once a second), off the async
/// threads, until the process ends.
pub async fn keep_store_gauges(health: Arc<Health>) {
    loop {
        let store = health.store.clone();
        let read = tokio::task::spawn_blocking(move || {
            if let Some(bytes) = store.size_bytes() {
                crate::metrics::store_bytes(bytes);
            }
            if let Some(count) = store.live_game_count() {
                crate::metrics::live_games(count);
            }
        });
        if read.await.is_err() {
            tracing::warn!("the store's gauges could not be read");
        }
        tokio::select! {
            _ = tokio::time::sleep(STORE_GAUGES_EVERY) => {}
            _ = health.written.notified() => {}
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

/// Lets through only requests carrying `Authorization: Bearer <token>` (compared in constant time); others get
/// 401 and are counted.
pub async fn bearer_only(
    State(token): State<Arc<String>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let given = request.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()?.strip_prefix("Bearer "));
    let same = given.is_some_and(|g| {
        g.len() == token.len() && g.bytes().zip(token.bytes()).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0
    });
    if !same {
        crate::metrics::refused("ops-token");
        return (StatusCode::UNAUTHORIZED, [(header::WWW_AUTHENTICATE, "Bearer")], "a bearer token is needed\n")
            .into_response();
    }
    next.run(request).await
}

async fn healthz() -> Response {
    (StatusCode::OK, "ok\n").into_response()
}

async fn readyz(State(health): State<Arc<Health>>) -> Response {
    match health.not_ready().await {
        None => (StatusCode::OK, "ready\n").into_response(),
        Some(why) => (StatusCode::SERVICE_UNAVAILABLE, format!("not ready: {why}\n")).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn ready_only_while_every_shard_is_connected_and_no_shutdown_has_begun() {
        let dir = tempfile::tempdir().unwrap();
        let health = Health::new(Arc::new(crate::store::SledStore::open(dir.path()).unwrap()));
        assert_eq!(health.not_ready().await, Some("not connected"));
        health.connected(true);
        assert_eq!(health.not_ready().await, None);
        // A gateway that loses its connection makes the process not ready until it is back.
        let up = Arc::new(AtomicBool::new(false));
        let asked = up.clone();
        health.on_connection_check(move || {
            let up = asked.load(Ordering::SeqCst);
            Box::pin(async move { up })
        });
        assert_eq!(health.not_ready().await, Some("the gateway is reconnecting"));
        up.store(true, Ordering::SeqCst);
        assert_eq!(health.not_ready().await, None);
        health.stopping();
        assert!(health.is_stopping());
        assert_eq!(health.not_ready().await, Some("shutting down"));
    }
}
