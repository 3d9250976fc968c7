//! The web pages, served by the same process as the bot or the console: each server's pages under the
//! unguessable segment its settings keep (`/s/{segment}/…`) and only while its admins have them on, the
//! console's at the root; a member signed in with Discord plays there ([`act`]), and inside Discord's own window
//! ([`activity`]). Every page is drawn on the server; the answers carry a strict Content-Security-Policy
//! (scripts and styles from this site only, nothing inline, framed by nobody but Discord's client for the
//! Activity), send no referrer (the address is the secret), and are bounded: pictures and replays are drawn in
//! turn and kept ([`cache`]), live pages are counted ([`live`]).

mod act;
mod activity;
mod cache;
mod events;
mod game;
pub mod gate;
pub mod html;
pub mod internal_path;
pub mod lang;
pub mod link;
mod live;
mod member;
pub mod ops;
pub mod pages;
mod routes;
pub mod server;
pub mod shares;
mod signin;
mod signin_state;
mod training;
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
    /// Proxies whose `X-Forwarded-For` names the client (for the shares per client).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// How long an event stream stays open before the browser is asked to come back (with the last event's id).
    pub stream_for: Duration,
    /// The process's health (the pages report their open streams to it).
    pub health: Option<Arc<ops::Health>>,
    /// With the health, `/metrics`, `/healthz` and `/readyz` are also served beside the pages, to requests that
    /// carry this bearer token.
    pub ops_token: Option<String>,
    /// Discord, for signing in and acting on the pages (the bot's, when sign-in is configured; none: the pages
    /// are read-only).
    pub link: Option<Arc<dyn link::DiscordLink>>,
    /// How long a sign-in lasts, in days.
    pub session_days: u64,
    /// The time the pages read: the bot's own clock (or the console's), so a page and a command agree.
    pub clock: crate::clock::Clock,
}

impl Options {
    pub fn new(public_url: String, open_server: Option<GuildId>) -> Options {
        Options {
            public_url,
            open_server,
            trusted_proxies: Vec::new(),
            stream_for: Duration::from_secs(300),
            health: None,
            ops_token: None,
            link: None,
            session_days: 30,
            clock: crate::clock::Clock::system(),
        }
    }
}

/// What every request's handler shares.
pub struct Web {
    pub(crate) table: Arc<Table>,
    pub(crate) options: Options,
    pub(crate) live: Arc<Live>,
    pub(crate) drawn: cache::Drawn,
    /// Requests being answered, per client and per server.
    pub(crate) requests: Arc<shares::Shares<String>>,
    /// Requests per second, per client.
    pub(crate) rates: shares::Rates,
}

/// The pages' router over `table`.
pub fn router(table: Arc<Table>, options: Options) -> Router {
    let limits = table.limits().clone();
    let live = Live::new(table.clone(), limits.web_streams, limits.web_client_streams, limits.web_server_streams);
    // A move made through this table reaches its pages at once (weakly held: the table outlives nothing here).
    let heard = Arc::downgrade(&live);
    table.on_game_written(move |guild, game| {
        if let Some(live) = heard.upgrade() {
            live.poke(guild, game);
        }
    });
    let requests = shares::Shares::new(usize::MAX, limits.web_client_requests, limits.web_server_requests);
    let rates = shares::Rates::new(limits.web_client_rate as f64, limits.web_client_burst as f64);
    let web = Arc::new(Web { table, options, live, drawn: cache::Drawn::new(&limits), requests, rates });
    let pages = pages();
    // A server's page is `/s/{server}/` (the address `/web` gives) as well as `/s/{server}`.
    let mut router = Router::new().nest("/s/{server}", pages.clone()).route("/s/{server}/", get(routes::server));
    if web.options.open_server.is_some() {
        router = router.merge(pages);
    }
    // The operator's routes are not a reader's: no share of the pages' requests is taken for them, and they
    // answer only with their token.
    let ops = web.options.health.clone().and_then(|health| {
        let live = Arc::downgrade(&web.live);
        health.on_scrape(move || {
            if let Some(live) = live.upgrade() {
                crate::metrics::web_streams(live.open());
            }
        });
        let token = web.options.ops_token.clone()?;
        Some(ops::routes(health).layer(axum::middleware::from_fn_with_state(Arc::new(token), ops::bearer_only)))
    });
    let pages = router
        .route("/signin", get(signin::begin))
        .route("/auth/callback", get(signin::callback))
        .route("/signout", axum::routing::post(signin::sign_out))
        .route("/assets/style.css", get(routes::style))
        .route("/assets/app.js", get(routes::script));
    let pages = activity::routes(pages)
        .fallback(routes::not_found)
        .layer(axum::middleware::from_fn_with_state(web.clone(), activity::launched))
        .layer(axum::middleware::from_fn_with_state(web.clone(), shared_out))
        .with_state(web);
    match ops {
        Some(ops) => ops.merge(pages),
        None => pages,
    }
    .layer(axum::middleware::map_response(secure))
}

/// The routes below a server's address: `/` (the server), `/game/{id}` (`?ply=N`: the position after move N)
/// with its picture, live events, records and replay (`game.rs`, `events.rs`), `/archive`, `/player/{id}`,
/// `/tournament/{id}`, `/leaderboard/{game}` (`views.rs`), `/learn` with its pictures (`training.rs`).
fn pages() -> Router<Arc<Web>> {
    Router::new()
        .route("/", get(routes::server))
        .route("/game/{id}", get(game::game))
        .route("/game/{id}/board.png", get(game::board))
        .route("/game/{id}/events", get(events::events))
        .route("/game/{id}/act", axum::routing::post(act::act))
        .route("/game/{id}/panel", get(game::panel))
        .route("/game/{id}/replay.gif", get(game::replay))
        .route("/game/{id}/record.json", get(game::record_json))
        .route("/game/{id}/record.txt", get(game::record_text))
        .route("/archive", get(views::archive))
        .route("/player/{id}", get(views::player))
        .route("/player/{id}/chart.png", get(views::player_chart))
        .route("/tournament/{id}", get(views::tournament))
        .route("/tournament/{id}/picture.png", get(views::tournament_picture))
        .route("/leaderboard/{game}", get(views::leaderboard))
        .route("/learn", get(training::learn).post(training::learn_act))
        .route("/learn/{game}/picture.png", get(training::lesson_picture))
        .route("/puzzle/{id}/picture.png", get(training::puzzle_picture))
}

/// A client past its share is answered this late: its connection carries nothing else meanwhile, so a client that
/// asks again the moment it is refused costs a refusal a second per connection, not as many as the cores can write.
const REFUSAL_DELAY: Duration = Duration::from_secs(1);

/// A request waits for nothing while its client, or the server its address names, has its share of requests
/// being answered: 429 (the client's, after [`REFUSAL_DELAY`]) or 503 (the server's, at once), to come back in a
/// second.
async fn shared_out(
    axum::extract::State(web): axum::extract::State<Arc<Web>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let client = gate::Client::of_request(request.extensions()).0;
    // The server is its address's segment (an unknown one is answered at once, as not found).
    let path = request.uri().path();
    let server = path.strip_prefix("/s/").map_or("", |rest| rest.split('/').next().unwrap_or("")).to_string();
    let too_many = || {
        let mut answer =
            (axum::http::StatusCode::TOO_MANY_REQUESTS, "Too many requests: try again in a moment.\n").into_response();
        answer.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        answer
    };
    if !web.rates.allow(client) {
        crate::metrics::refused("web-rate");
        tokio::time::sleep(REFUSAL_DELAY).await;
        return too_many();
    }
    let _held = match web.requests.take(client, server) {
        Ok(held) => held,
        Err(why) => {
            crate::metrics::refused(if why == shares::Refused::Client { "web-client" } else { "web-server" });
            let status = if why == shares::Refused::Client {
                tokio::time::sleep(REFUSAL_DELAY).await;
                axum::http::StatusCode::TOO_MANY_REQUESTS
            } else {
                axum::http::StatusCode::SERVICE_UNAVAILABLE
            };
            let mut answer = (status, "Too many requests at once: try again in a moment.\n").into_response();
            answer.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            return answer;
        }
    };
    next.run(request).await
}

/// The headers every answer carries (the Activity's page has a policy of its own, which lets Discord frame it).
/// A page is never kept by a browser or anything between: it may carry a form's token, a member's name.
async fn secure(mut response: axum::response::Response) -> axum::response::Response {
    let headers = response.headers_mut();
    let html =
        headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|t| t.starts_with("text/html"));
    if html && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    }
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// Serves the pages on `listener` until the process ends, within the HTTP bounds of the table's limits (see
/// [`server`]); the process's open-files limit is raised first.
pub async fn serve(listener: tokio::net::TcpListener, table: Arc<Table>, options: Options) -> std::io::Result<()> {
    let limits = table.limits();
    let files = server::raise_open_files();
    let gate = gate::Gate {
        header: Duration::from_secs(limits.web_header_secs.max(1)),
        idle: Duration::from_secs(limits.web_idle_secs.max(1)),
        connections: server::connection_cap(limits.web_connections, files),
        per_client: limits.web_client_connections,
        body_bytes: limits.web_body_bytes,
        body_within: Duration::from_secs(limits.web_body_secs.max(1)),
        bodies_bytes: limits.web_bodies_bytes,
        trusted: options.trusted_proxies.clone(),
    };
    tracing::info!(open_files = ?files, connections = gate.connections, "the web pages' bounds");
    if options.link.is_some() {
        tokio::spawn(sweep_sessions(table.clone(), options.clock.clone()));
    }
    server::serve(listener, router(table, options), gate).await
}

/// How often sessions past their expiry are forgotten (and sign-ins an earlier release kept in the store).
const SWEEP_EVERY: Duration = Duration::from_secs(600);

async fn sweep_sessions(table: Arc<Table>, clock: crate::clock::Clock) {
    loop {
        tokio::time::sleep(SWEEP_EVERY).await;
        let table = table.clone();
        let now = clock.now();
        match tokio::task::spawn_blocking(move || table.sweep_sessions(now)).await {
            Ok(Ok(0)) => {}
            Ok(Ok(swept)) => tracing::info!(swept, "expired sign-ins and sessions forgotten"),
            Ok(Err(e)) => tracing::warn!(error = %e, "expired sign-ins and sessions could not be forgotten"),
            Err(e) => tracing::warn!(error = %e, "the sweep of sign-ins failed"),
        }
    }
}

/// Serves `/metrics`, `/healthz` and `/readyz` alone on `listener` (an operator's address, not the public one),
/// with the pages' bounds on connections.
pub async fn serve_ops(listener: tokio::net::TcpListener, health: Arc<ops::Health>) -> std::io::Result<()> {
    tokio::spawn(ops::keep_store_gauges(health.clone()));
    let gate = gate::Gate {
        header: Duration::from_secs(10),
        idle: Duration::from_secs(60),
        connections: 64,
        per_client: 16,
        body_bytes: 1024,
        body_within: Duration::from_secs(5),
        bodies_bytes: 64 * 1024,
        trusted: Vec::new(),
    };
    server::serve(listener, ops::routes(health).layer(axum::middleware::map_response(secure)), gate).await
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

/// As [`serve_ops`], from a thread and runtime of their own (for the console, which has none); the address
/// bound.
pub fn serve_ops_in_thread(addr: SocketAddr, health: Arc<ops::Health>) -> std::io::Result<SocketAddr> {
    let listener = std::net::TcpListener::bind(addr)?;
    listener.set_nonblocking(true)?;
    let bound = listener.local_addr()?;
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build()?;
    std::thread::Builder::new().name("tablero-ops".into()).spawn(move || {
        runtime.block_on(async move {
            match tokio::net::TcpListener::from_std(listener) {
                Ok(listener) => {
                    if let Err(e) = serve_ops(listener, health).await {
                        tracing::error!(error = %e, "the operator's address stopped");
                    }
                }
                Err(e) => tracing::error!(error = %e, "the operator's address cannot listen"),
            }
        })
    })?;
    Ok(bound)
}
