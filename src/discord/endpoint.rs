//! Interactions over HTTP, so stateless replicas behind a load balancer answer them while one process holds the
//! gateway: Discord posts each interaction to `[discord] interactions_listen`, signed with the application's
//! Ed25519 key over the timestamp and the body. A request is refused with 401 when its signature does not
//! verify, when its timestamp is more than five minutes from this machine's clock, or when this process took
//! the same signed body before (a replay); a PING is answered PONG. Any other interaction is answered through
//! the same front end as the gateway's (its response goes to Discord's callback endpoint), and the request
//! itself with 202 and no body, as Discord asks of an app that answers that way, once the interaction is
//! answered (or after [`HOLD_AT_MOST`]). A replica that dies first leaves the request unanswered, so the load
//! balancer may send it to another; the request key makes a second delivery change nothing.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use poise::serenity_prelude as serenity;

use super::recent::Recent;
use super::{Data, inbound};
use crate::web::gate::Gate;
use crate::web::ops::Health;
use crate::web::server;

/// How far a request's timestamp may be from this machine's clock.
const FRESH_FOR: Duration = Duration::from_secs(5 * 60);
/// The signed bodies remembered against replays (a replay older than [`FRESH_FOR`] is refused as stale).
const REMEMBERED: usize = 200_000;
/// The largest body taken: an interaction with the message it was made on and everything it resolves.
const BODY_AT_MOST: usize = 1 << 20;
/// How long an interaction's body may take to arrive (Discord sends it at once).
const BODY_WITHIN: Duration = Duration::from_secs(5);
/// Bytes of bodies being read or answered at once, in all.
const BODIES_AT_MOST: usize = 64 << 20;
/// How long the request is held for the interaction's answer (Discord waits three seconds for either).
pub const HOLD_AT_MOST: Duration = Duration::from_millis(2500);

/// What the endpoint needs: the key that signs, what it took, the bot's data and REST client, the health.
pub struct Endpoint {
    verifier: serenity::interactions_endpoint::Verifier,
    bodies: Recent<String>,
    data: Data,
    http: Arc<serenity::Http>,
    health: Arc<Health>,
}

impl Endpoint {
    pub fn new(
        public_key: [u8; 32],
        data: Data,
        http: Arc<serenity::Http>,
        health: Arc<Health>,
    ) -> Result<Endpoint, String> {
        let verifier = serenity::interactions_endpoint::Verifier::try_new(public_key).map_err(|e| e.to_string())?;
        Ok(Endpoint { verifier, bodies: Recent::new(FRESH_FOR * 2, REMEMBERED), data, http, health })
    }
}

/// `POST /` (and `/interactions`): Discord's interactions.
pub fn routes(endpoint: Arc<Endpoint>) -> Router {
    Router::new().route("/", post(receive)).route("/interactions", post(receive)).with_state(endpoint)
}

/// Serves the endpoint on `listener` behind the gate until the process ends. Discord's requests come through a
/// few addresses of its proxy, so one address may hold a quarter of the connections and a sixteenth of the bodies' bytes,
/// and an interaction's body must arrive within [`BODY_WITHIN`]: a client that sends slowly holds neither all
/// the connections nor the memory, and a signed request from Discord still gets in.
pub async fn serve(
    listener: tokio::net::TcpListener,
    endpoint: Arc<Endpoint>,
    trusted: Vec<std::net::IpAddr>,
) -> std::io::Result<()> {
    let gate = Gate {
        header: Duration::from_secs(10),
        idle: Duration::from_secs(60),
        connections: 1024,
        per_client: 256,
        body_bytes: BODY_AT_MOST,
        body_within: BODY_WITHIN,
        bodies_bytes: BODIES_AT_MOST,
        trusted,
    };
    server::serve(listener, routes(endpoint), gate).await
}

/// Why a request is refused, said in its body (never what it carried).
fn refused(status: StatusCode, why: &'static str) -> Response {
    crate::metrics::http_interaction_refused(why);
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], why).into_response()
}

/// Whether the signed timestamp (seconds since the epoch) is within [`FRESH_FOR`] of `now`.
fn fresh(timestamp: &str, now: Duration) -> bool {
    timestamp.parse::<u64>().is_ok_and(|t| now.as_secs().abs_diff(t) <= FRESH_FOR.as_secs())
}

async fn receive(State(endpoint): State<Arc<Endpoint>>, headers: HeaderMap, body: Bytes) -> Response {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default();
    let (signature, timestamp) = (header("x-signature-ed25519"), header("x-signature-timestamp"));
    if endpoint.verifier.verify(signature, timestamp, &body).is_err() {
        return refused(StatusCode::UNAUTHORIZED, "invalid request signature");
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    if !fresh(timestamp, now) {
        return refused(StatusCode::UNAUTHORIZED, "stale timestamp");
    }
    // A signature covers its timestamp and body: the same one again is the same request replayed.
    if !endpoint.bodies.first(signature.to_ascii_lowercase()) {
        return refused(StatusCode::UNAUTHORIZED, "replayed request");
    }
    let interaction: serenity::Interaction = match serde_json::from_slice(&body) {
        Ok(i) => i,
        Err(e) => {
            tracing::warn!(error = %e, "an HTTP interaction could not be read");
            return refused(StatusCode::BAD_REQUEST, "unreadable interaction");
        }
    };
    if let serenity::Interaction::Ping(_) = interaction {
        return ([(header::CONTENT_TYPE, "application/json")], r#"{"type":1}"#).into_response();
    }
    if endpoint.health.is_stopping() {
        // Draining: the load balancer sends it elsewhere.
        return refused(StatusCode::SERVICE_UNAVAILABLE, "shutting down");
    }
    let answering = endpoint.clone();
    let mut task = tokio::spawn(async move {
        if let Err(e) = inbound::answer(&answering.http, &answering.data, &interaction).await {
            tracing::error!(error = %e, "an HTTP interaction failed");
        }
    });
    // Held while the answer goes out, so a process that dies first leaves the request unanswered.
    let _ = tokio::time::timeout(HOLD_AT_MOST, &mut task).await;
    StatusCode::ACCEPTED.into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timestamp_is_fresh_within_five_minutes_either_way() {
        let now = Duration::from_secs(1_800_000_000);
        assert!(fresh("1800000000", now) && fresh("1799999700", now) && fresh("1800000300", now));
        assert!(!fresh("1799999699", now) && !fresh("1800000301", now));
        assert!(!fresh("", now) && !fresh("soon", now) && !fresh("-5", now));
    }
}
