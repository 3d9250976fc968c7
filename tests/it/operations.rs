//! What an operator reads from the bot: `/metrics` read back as Prometheus reads it after a scripted run against
//! the fake Discord (its counters move as the run did, its histograms have samples, no label holds an id), and
//! `/readyz` following the store (a PostgreSQL reached through a proxy the test cuts and mends), the gateway (an
//! outage of the fake's) and a shutdown.

use crate::common;
use crate::fake_discord;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fake_discord::FakeDiscord;
use fake_discord::harness::Place;
use fake_discord::payloads::{Member, Opt};
use fake_discord::process::{free_port, get, spawn_clocked, until_ready_is};
use prometheus_parse::{Scrape, Value};

/// The value of a counter or gauge sample of `metric` whose labels include `labels` (summed over the rest).
fn total(scrape: &Scrape, metric: &str, labels: &[(&str, &str)]) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == metric && labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .map(|s| match s.value {
            Value::Counter(v) | Value::Gauge(v) | Value::Untyped(v) => v,
            _ => 0.0,
        })
        .sum()
}

/// How many samples a histogram of `metric` with `labels` holds (its `+Inf` bucket).
fn samples(scrape: &Scrape, metric: &str, labels: &[(&str, &str)]) -> f64 {
    scrape
        .samples
        .iter()
        .filter(|s| s.metric == metric && labels.iter().all(|(k, v)| s.labels.get(k) == Some(*v)))
        .map(|s| match &s.value {
            Value::Histogram(buckets) => buckets.iter().map(|b| b.count).fold(0.0, f64::max),
            _ => 0.0,
        })
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_what_a_run_did_and_no_label_holds_an_id() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let ops = format!("127.0.0.1:{}", free_port());
    let from = fake.mark();
    let _bot = spawn_clocked(&fake, dir.path(), &[("TABLERO_OPS_LISTEN", ops.clone())]);
    fake.wait_ready(from).await;
    let base = format!("http://{ops}");
    until_ready_is(&base, 200).await;
    assert_eq!(get(&format!("{base}/healthz")).await.map(|(s, _)| s), Some(200));

    // A game of two moves by button, one move refused (out of turn), a resignation, and a replay (heavy work).
    let place = Place { channel: 910, thread: false };
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana, place, &["play", "hoyito"], &options).await;
    let board = fake.slash(&ben, place, &["accept"], &[]).await;
    let from = fake.mark();
    fake.press(&ana, place, board.created.unwrap(), "g:1:m:0:1").await;
    let board = fake.post_in(from, place.channel).await;
    let refused = fake.slash(&ana, place, &["move"], &[Opt::Str("notation", "2".into())]).await;
    assert!(refused.content().contains("turn"), "{}", refused.content());
    let next = fake.enabled_buttons(board.created.unwrap()).into_iter().find(|b| b.starts_with("g:1:m:1:")).unwrap();
    let from = fake.mark();
    fake.press(&ben, place, board.created.unwrap(), &next).await;
    fake.post_in(from, place.channel).await;
    fake.slash(&ben, place, &["resign"], &[]).await;
    fake.slash(&ana, place, &["replay"], &[Opt::Int("game", 1)]).await;
    // A challenge left open: the one game holding a channel now.
    let elsewhere = Place { channel: 911, thread: false };
    fake.slash(&ana, elsewhere, &["play", "hoyito"], &options).await;

    // The store's gauges are read by a task of their own soon after a write, never by the scrape.
    let deadline = Instant::now() + Duration::from_secs(20);
    let (scrape, text) = loop {
        let (status, text) = get(&format!("{base}/metrics")).await.expect("/metrics answers");
        assert_eq!(status, 200);
        let scrape = Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).expect("Prometheus' text format");
        if total(&scrape, "tablero_live_games", &[]) == 1.0 {
            break (scrape, text);
        }
        assert!(Instant::now() < deadline, "the live games' gauge never read 1: {text}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(total(&scrape, "tablero_moves_total", &[("game", "hoyito")]), 2.0, "{text}");
    assert!(total(&scrape, "tablero_commands_total", &[("command", "move"), ("outcome", "refused")]) >= 1.0);
    assert!(total(&scrape, "tablero_commands_total", &[("command", "move"), ("outcome", "done")]) >= 2.0);
    assert!(total(&scrape, "tablero_interactions_total", &[("kind", "command")]) >= 5.0, "{text}");
    assert!(total(&scrape, "tablero_interactions_total", &[("kind", "button")]) >= 2.0, "{text}");
    assert!(samples(&scrape, "tablero_queue_wait_seconds", &[("queue", "heavy")]) >= 1.0, "{text}");
    assert!(total(&scrape, "tablero_discord_requests_total", &[("route", "interactions/callback")]) >= 5.0, "{text}");
    assert!(total(&scrape, "tablero_store_bytes", &[]) > 0.0, "the sled store's size: {text}");
    for histogram in [
        "tablero_command_seconds",
        "tablero_interaction_seconds",
        "tablero_store_commit_seconds",
        "tablero_render_seconds",
        "tablero_discord_request_seconds",
    ] {
        assert!(samples(&scrape, histogram, &[]) >= 1.0, "{histogram} has no samples:\n{text}");
    }
    // Labels from closed sets: no label is named for an id, and no value is a number (a user's, a server's, a
    // channel's or a game's id), but a bucket's bound.
    for sample in &scrape.samples {
        for (name, value) in sample.labels.iter() {
            assert!(!["user", "guild", "server", "channel", "game_id", "id"].contains(&name.as_str()), "{name}");
            if name != "le" && name != "quantile" && name != "status" {
                assert!(value.parse::<f64>().is_err(), "{} has a numeric label {name}={value}", sample.metric);
            }
        }
    }
    // Every metric docs/operations.md's table names is described.
    for (name, _, _) in tablero::metrics::METRICS {
        assert!(text.contains(&format!("# HELP {name} ")) || !text.contains(name), "{name} is not described");
    }
}

/// A TCP proxy to PostgreSQL that the test can cut (every connection dropped, new ones refused) and mend.
struct Proxy {
    port: u16,
    cut: Arc<AtomicBool>,
}

impl Proxy {
    async fn start(target: std::net::SocketAddr) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let cut = Arc::new(AtomicBool::new(false));
        let closed = cut.clone();
        tokio::spawn(async move {
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else { continue };
                if closed.load(Ordering::SeqCst) {
                    continue;
                }
                let closed = closed.clone();
                tokio::spawn(async move {
                    let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await else { return };
                    let copy = tokio::io::copy_bidirectional(&mut inbound, &mut outbound);
                    let watch = async {
                        while !closed.load(Ordering::SeqCst) {
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                    };
                    tokio::select! { _ = copy => {}, _ = watch => {} }
                });
            }
        });
        Proxy { port, cut }
    }

    fn cut(&self, cut: bool) {
        self.cut.store(cut, Ordering::SeqCst);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_follows_the_store_and_ends_when_a_shutdown_starts() {
    let Some(postgres) = common::backends::postgres() else { return };
    let database = tokio::task::spawn_blocking(move || postgres.fresh()).await.unwrap();
    let url = database.location();
    // The bot reaches its database through the proxy: the same URL, the proxy's port.
    let (host, rest) = url.split_once("@").expect("a URL with a user");
    let (address, path) = rest.split_once('/').expect("a URL with a database");
    let target: std::net::SocketAddr = address.parse().expect("an address like 127.0.0.1:5432");
    let proxy = Proxy::start(target).await;
    let through = format!("{host}@127.0.0.1:{}/{path}", proxy.port);

    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let ops = format!("127.0.0.1:{}", free_port());
    let base = format!("http://{ops}");
    let from = fake.mark();
    let env = [
        ("TABLERO_OPS_LISTEN", ops.clone()),
        ("TABLERO_OPS_DRAIN_SECS", "3".to_string()),
        ("TABLERO_STORE_URL", through),
    ];
    let mut bot = spawn_clocked(&fake, dir.path(), &env);
    fake.wait_ready(from).await;
    until_ready_is(&base, 200).await;
    // The store's size in its database is read in the background from the start (and after writes): a scrape
    // shows it soon after the bot is ready, not necessarily at once.
    let deadline = Instant::now() + fake_discord::WAIT;
    loop {
        let (status, text) = get(&format!("{base}/metrics")).await.expect("/metrics answers");
        let scrape = Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).expect("Prometheus' text format");
        if status == 200 && total(&scrape, "tablero_store_bytes", &[]) > 0.0 {
            break;
        }
        assert!(Instant::now() < deadline, "no store size in the scrape ({status}): {text}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // The gateway out: not ready until the bot is connected again.
    fake.gateway_down(true);
    let said = until_ready_is(&base, 503).await;
    assert!(said.contains("gateway"), "{said}");
    fake.gateway_down(false);
    until_ready_is(&base, 200).await;

    proxy.cut(true);
    let said = until_ready_is(&base, 503).await;
    assert!(said.contains("store"), "{said}");
    assert_eq!(get(&format!("{base}/healthz")).await.map(|(s, _)| s), Some(200), "alive, though not ready");
    proxy.cut(false);
    until_ready_is(&base, 200).await;

    // SIGTERM: not ready at once, while the gateway stays open for the drain; then the process ends.
    let status = std::process::Command::new("kill").arg("-TERM").arg(bot.id().to_string()).status().unwrap();
    assert!(status.success());
    let said = until_ready_is(&base, 503).await;
    assert!(said.contains("shutting down"), "{said}");
    let deadline = Instant::now() + fake_discord::WAIT;
    while bot.try_wait().unwrap().is_none() {
        assert!(Instant::now() < deadline, "the bot stops after its drain");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::task::spawn_blocking(move || drop(database)).await.unwrap();
}
