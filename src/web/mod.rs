//! The web pages, served by the same process as the bot or the console: read-only (moves stay in Discord and
//! the console), each server's pages under the unguessable segment its settings keep (`/s/{segment}/…`) and
//! only while its admins have them on, the console's at the root. Every page is drawn on the server; the
//! answers carry a strict Content-Security-Policy (scripts and styles from this site only, nothing inline),
//! send no referrer (the address is the secret), and are bounded: pictures and replays are drawn in turn and
//! kept ([`cache`]), live pages are counted ([`live`]).

mod cache;
mod events;
mod game;
pub mod html;
pub mod lang;
mod live;
pub mod pages;
mod routes;
mod views;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::routing::get;

use crate::store::record::GuildId;
use crate::table::Table;

pub use live::Live;

/// The policy every answer carries: nothing from elsewhere, nothing inline.
pub const CSP: &str = "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; \
                       base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// How the pages are served.
#[derive(Debug, Clone)]
pub struct Options {
    /// The address the pages are reached at (for link previews' absolute addresses), without a final `/`.
    pub public_url: String,
    /// The one server whose pages are served at the root, without a secret (the console's).
    pub open_server: Option<GuildId>,
    /// How often a live page's watcher looks at its game.
    pub poll: Duration,
    /// How long an event stream stays open before the browser is asked to come back (with the last event's id).
    pub stream_for: Duration,
}

impl Options {
    pub fn new(public_url: String, open_server: Option<GuildId>) -> Options {
        Options { public_url, open_server, poll: Duration::from_millis(200), stream_for: Duration::from_secs(300) }
    }
}

/// What every request's handler shares.
pub struct Web {
    pub(crate) table: Arc<Table>,
    pub(crate) options: Options,
    pub(crate) live: Arc<Live>,
    pub(crate) drawn: cache::Drawn,
}

/// The pages' router over `table`.
pub fn router(table: Arc<Table>, options: Options) -> Router {
    let limits = table.limits().clone();
    let live = Live::new(table.clone(), limits.web_streams, options.poll);
    // A move made through this table reaches its pages at once (weakly held: the table outlives nothing here).
    let heard = Arc::downgrade(&live);
    table.on_game_written(move |guild, game| {
        if let Some(live) = heard.upgrade() {
            live.poke(guild, game);
        }
    });
    let web = Arc::new(Web { table, options, live, drawn: cache::Drawn::new(limits.web_drawing) });
    let pages = pages();
    // A server's page is `/s/{server}/` (the address `/web` gives) as well as `/s/{server}`.
    let mut router = Router::new().nest("/s/{server}", pages.clone()).route("/s/{server}/", get(routes::server));
    if web.options.open_server.is_some() {
        router = router.merge(pages);
    }
    router
        .route("/assets/style.css", get(routes::style))
        .route("/assets/app.js", get(routes::script))
        .fallback(routes::not_found)
        .with_state(web)
        .layer(axum::middleware::map_response(secure))
}

/// The routes below a server's address: `/` (the server), `/game/{id}` (`?ply=N`: the position after move N)
/// with its picture, live events, records and replay (`game.rs`, `events.rs`), `/archive`, `/player/{id}`,
/// `/tournament/{id}`, `/leaderboard/{game}` (`views.rs`).
fn pages() -> Router<Arc<Web>> {
    Router::new()
        .route("/", get(routes::server))
        .route("/game/{id}", get(game::game))
        .route("/game/{id}/board.png", get(game::board))
        .route("/game/{id}/events", get(events::events))
        .route("/game/{id}/replay.gif", get(game::replay))
        .route("/game/{id}/record.json", get(game::record_json))
        .route("/game/{id}/record.txt", get(game::record_text))
        .route("/archive", get(views::archive))
        .route("/player/{id}", get(views::player))
        .route("/player/{id}/chart.png", get(views::player_chart))
        .route("/tournament/{id}", get(views::tournament))
        .route("/tournament/{id}/picture.png", get(views::tournament_picture))
        .route("/leaderboard/{game}", get(views::leaderboard))
}

/// The headers every answer carries.
async fn secure(mut response: axum::response::Response) -> axum::response::Response {
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

/// Serves the pages on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, table: Arc<Table>, options: Options) -> std::io::Result<()> {
    axum::serve(listener, router(table, options)).await
}

/// Binds `addr` (port 0: a free one) and serves the pages from a thread of their own, with a runtime of their
/// own (for the console, which has none); the address bound.
pub fn serve_in_thread(
    addr: SocketAddr,
    table: impl FnOnce(SocketAddr) -> Arc<Table> + Send + 'static,
    options: impl FnOnce(SocketAddr) -> Options + Send + 'static,
) -> std::io::Result<SocketAddr> {
    let listener = std::net::TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    let bound = listener.local_addr()?;
    // The pages' blocking work is short store reads and drawing (itself bounded): a few dozen threads are
    // plenty, and a thousand streams opening at once do not start a thread each.
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).max_blocking_threads(32).enable_all().build()?;
    std::thread::Builder::new().name("tablero-web".into()).spawn(move || {
        runtime.block_on(async move {
            match tokio::net::TcpListener::from_std(listener) {
                Ok(listener) => {
                    if let Err(e) = serve(listener, table(bound), options(bound)).await {
                        tracing::error!(error = %e, "the web pages stopped");
                    }
                }
                Err(e) => tracing::error!(error = %e, "the web pages cannot listen"),
            }
        })
    })?;
    Ok(bound)
}
