//! What an operator counts: every metric the process exports, named and described once here, recorded through
//! the functions below (so a label's values come from closed sets: a command's name, a game, an outcome, a
//! route; never a user, server, channel or game id), and read in Prometheus' text format from [`render`].
//! Until [`install`] is called (the bot and the console call it) recording costs nothing and keeps nothing.

use std::sync::OnceLock;
use std::time::Duration;

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Latency buckets in seconds: from a fraction of a millisecond (a store read) to a minute (an analysis).
const SECONDS: [f64; 16] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0];

/// Every metric: its name, its kind and what it counts (docs/operations.md's table is this list).
pub const METRICS: [(&str, &str, &str); 19] = [
    ("tablero_commands_total", "counter", "Commands the table handled, by domain, command and outcome"),
    ("tablero_command_seconds", "histogram", "Time the table took over a command, by domain"),
    ("tablero_moves_total", "counter", "Moves and throws played, by game"),
    ("tablero_interactions_total", "counter", "Discord interactions received, by kind"),
    ("tablero_interaction_seconds", "histogram", "From an interaction's arrival to its answer, by kind"),
    ("tablero_http_interactions_refused_total", "counter", "Interactions over HTTP refused, by reason"),
    ("tablero_store_commit_seconds", "histogram", "Time a unit of work took to commit, by outcome"),
    ("tablero_store_errors_total", "counter", "Store failures (not refusals), by operation"),
    ("tablero_render_seconds", "histogram", "Time a picture took to draw, by kind"),
    ("tablero_discord_requests_total", "counter", "Requests to Discord's API, by route and status"),
    ("tablero_discord_request_seconds", "histogram", "Time Discord's API took to answer, by route"),
    ("tablero_discord_rate_limited_total", "counter", "Answers 429 from Discord's API, by route"),
    ("tablero_queue_depth", "gauge", "Jobs waiting in a work queue, by queue"),
    ("tablero_queue_wait_seconds", "histogram", "Time a job waited in a work queue before it ran, by queue"),
    ("tablero_refused_total", "counter", "Work refused for a share or a limit, by cause"),
    ("tablero_web_streams", "gauge", "Live web streams open"),
    ("tablero_scheduler_lag_seconds", "histogram", "How late a due event was carried out"),
    ("tablero_store_bytes", "gauge", "The store's size on disk (sled) or in the database (PostgreSQL)"),
    ("tablero_live_games", "gauge", "Games that hold a channel: open challenges and games under way"),
];

/// Installs the process's recorder (once; later calls find it) and describes every metric.
pub fn install() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let recorder =
            PrometheusBuilder::new().set_buckets(&SECONDS).expect("the buckets are not empty").build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("a metrics recorder was installed already; this one records nothing");
        }
        for (name, kind, help) in METRICS {
            match kind {
                "counter" => describe_counter!(name, help),
                "gauge" => describe_gauge!(name, help),
                _ => describe_histogram!(name, metrics::Unit::Seconds, help),
            }
        }
        handle
    })
}

/// Every metric in Prometheus' text format (empty before [`install`]).
pub fn render() -> String {
    HANDLE.get().map(|h| h.render()).unwrap_or_default()
}

/// A command the table handled: `outcome` is `done`, `refused`, `failed` or `repeated` (a request carried out
/// before).
pub fn command(domain: &'static str, name: &'static str, outcome: &'static str, took: Duration) {
    counter!("tablero_commands_total", "domain" => domain, "command" => name, "outcome" => outcome).increment(1);
    histogram!("tablero_command_seconds", "domain" => domain).record(took.as_secs_f64());
}

/// A move or throw played in a game of `game` (its short name).
pub fn moved(game: &'static str) {
    counter!("tablero_moves_total", "game" => game).increment(1);
}

/// A Discord interaction of `kind` (`command`, `button`, `menu`, `autocomplete`) arrived.
pub fn interaction(kind: &'static str) {
    counter!("tablero_interactions_total", "kind" => kind).increment(1);
}

/// An interaction of `kind` was answered `took` after it arrived.
pub fn interaction_answered(kind: &'static str, took: Duration) {
    histogram!("tablero_interaction_seconds", "kind" => kind).record(took.as_secs_f64());
}

/// An interaction over HTTP refused: `reason` is the closed set the endpoint answers with (a bad signature, a
/// stale timestamp, a replay, an unreadable body, a shutdown).
pub fn http_interaction_refused(reason: &'static str) {
    counter!("tablero_http_interactions_refused_total", "reason" => reason).increment(1);
}

/// A unit of work's commit: `outcome` is `committed`, `conflict` or `failed`.
pub fn commit(outcome: &'static str, took: Duration) {
    histogram!("tablero_store_commit_seconds", "outcome" => outcome).record(took.as_secs_f64());
}

/// The store failed at `operation` (`commit`, `read`, `ping`).
pub fn store_error(operation: &'static str) {
    counter!("tablero_store_errors_total", "operation" => operation).increment(1);
}

/// A picture of `kind` (`board`, `replay`, `table`, `chart`, `bracket`) was drawn.
pub fn rendered(kind: &'static str, took: Duration) {
    histogram!("tablero_render_seconds", "kind" => kind).record(took.as_secs_f64());
}

/// A request to Discord's API on `route` (its path with every id taken out) was answered `status` (0: no
/// answer) after `took`.
pub fn discord_request(route: &'static str, status: u16, took: Duration) {
    let status = status_class(status);
    counter!("tablero_discord_requests_total", "route" => route, "status" => status).increment(1);
    histogram!("tablero_discord_request_seconds", "route" => route).record(took.as_secs_f64());
    if status == "429" {
        counter!("tablero_discord_rate_limited_total", "route" => route).increment(1);
    }
}

/// A status as a closed set of labels: the few Discord answers that matter on their own, else its class.
fn status_class(status: u16) -> &'static str {
    const NAMED: [(u16, &str); 5] = [(400, "400"), (401, "401"), (403, "403"), (404, "404"), (429, "429")];
    if status == 0 {
        return "none";
    }
    if let Some((_, name)) = NAMED.iter().find(|(code, _)| *code == status) {
        return name;
    }
    match status / 100 {
        2 => "2xx",
        4 => "4xx",
        5 => "5xx",
        _ => "other",
    }
}

/// `queue` (`heavy`, `pictures`, `files`) holds `depth` jobs waiting.
pub fn queue_depth(queue: &'static str, depth: usize) {
    gauge!("tablero_queue_depth", "queue" => queue).set(depth as f64);
}

/// A job of `queue` waited `took` before it ran.
pub fn queue_wait(queue: &'static str, took: Duration) {
    histogram!("tablero_queue_wait_seconds", "queue" => queue).record(took.as_secs_f64());
}

/// Work refused for `cause` (`queue-full`, `member-share`, `server-share`, `web-client`, `web-server`,
/// `web-rate`, `web-streams`, `connections`).
pub fn refused(cause: &'static str) {
    counter!("tablero_refused_total", "cause" => cause).increment(1);
}

/// `open` live web streams are open.
pub fn web_streams(open: usize) {
    gauge!("tablero_web_streams").set(open as f64);
}

/// A due event was carried out `late` seconds after it fell due.
pub fn scheduler_lag(late: u64) {
    histogram!("tablero_scheduler_lag_seconds").record(late as f64);
}

/// The store's size, in bytes.
pub fn store_bytes(bytes: u64) {
    gauge!("tablero_store_bytes").set(bytes as f64);
}

/// The games of every server that hold a channel (open challenges and games under way).
pub fn live_games(count: u64) {
    gauge!("tablero_live_games").set(count as f64);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_fall_into_a_closed_set() {
        let seen: std::collections::BTreeSet<_> = (0..=1000).map(status_class).collect();
        assert!(seen.len() <= 13, "{seen:?}");
        assert_eq!(status_class(429), "429");
        assert_eq!(status_class(502), "5xx");
    }
}
