//! What an operator's tools ask the process: `/metrics` (every metric in Prometheus' text format), `/healthz`
//! (the process answers) and `/readyz` (ready for traffic: the store answers, the front end is connected, and
//! no shutdown has begun, so a rolling restart drains). Served beside the pages, or on `[ops] listen` alone.

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

/// A gauge refreshed when the metrics are read (the open streams).
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
    // The gauges read cheaper than kept (the store's size and its live games are queries to PostgreSQL) are
    // read now, off the async threads.
    let reading = health.clone();
    let read = tokio::task::spawn_blocking(move || {
        for refresh in reading.gauges.lock().unwrap_or_else(|e| e.into_inner()).iter() {
            refresh();
        }
        if let Some(bytes) = reading.store.size_bytes() {
            crate::metrics::store_bytes(bytes);
        }
        if let Some(count) = reading.store.live_game_count() {
            crate::metrics::live_games(count);
        }
    });
    if tokio::time::timeout(STORE_ANSWERS_WITHIN, read).await.is_err() {
        tracing::warn!("the store's size was not read in time");
    }
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], crate::metrics::render()).into_response()
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
