//! Load: simulated players in 200 servers sending moves (`/move` with the board picture in the answer) at a
//! rising, open-loop rate, against the bot on sled (one process, in this one) and on PostgreSQL (two `tablero bot`
//! processes, shards 0/2 and 1/2, on one database). For each rate it prints p50
//! and p99 from an interaction's dispatch to its response, the moves refused (an error told privately, the move
//! not made), and the losses (no response within 10 s) and duplicates (a second response to one interaction),
//! which must be zero; then it checks that every stored game holds exactly the moves that were accepted.
//!
//! Beside its own figures it prints the same run's as the bot counted them, read back from `/metrics` (the
//! in-process bot's recorder; each process's operator address on PostgreSQL): the moves made and refused, and the
//! buckets its interaction latencies fell in.
//!
//! `cargo bench --bench load` (PostgreSQL when `TABLERO_TEST_POSTGRES` names a server; `LOAD_SECONDS` sets the
//! length of each step, 60 by default; `LOAD_RATES` the rates, `5,20,80,160` by default; `LOAD_SLED=0` leaves
//! sled out).

#[path = "../tests/it/common/backends.rs"]
#[allow(dead_code)] // the load needs only part of it
mod backends;
#[path = "../tests/it/fake_discord/mod.rs"]
mod fake_discord;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fake_discord::FakeDiscord;
use fake_discord::harness::{Place, Running, called};
use fake_discord::payloads::{self, GUILD_ID, Member, Opt};
use fake_discord::process::{Bot, spawn_bot};
use tablero::store::Store;

const SERVERS: u64 = 200;

/// One server's game: whose turn, and whether a move is on its way.
#[derive(Clone)]
struct Game {
    guild: u64,
    channel: u64,
    mover: u64,
    /// The latest board message (its hole buttons are the legal moves).
    board: u64,
    busy: bool,
    answered: u64,
}

fn guild(n: u64) -> u64 {
    GUILD_ID + (n << 22)
}

/// The answer to interaction `id`: its response, or when the bot deferred it (busy past 1.5 s), the follow-up
/// that carries the answer.
async fn answer_of(fake: &FakeDiscord, from: usize, id: u64) -> fake_discord::Recorded {
    let response = fake.callback(from, id).await;
    if response.callback_type() != Some(5) {
        return response;
    }
    let path = format!("/webhooks/{}/token-{id}", payloads::APP_ID);
    fake.wait_for(from, "the deferred answer", |r| r.method == "POST" && r.path == path).await
}

async fn new_game(fake: &FakeDiscord, game: &mut Game, ana: &Member, ben: &Member) {
    let place = Place { channel: game.channel, thread: false };
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    // The challenge is answered (late answers followed) before it is accepted.
    let mut board = None;
    for (who, path, options) in [(ana, "play", &options[..]), (ben, "accept", &[][..])] {
        let (id, from) = (fake.next_id(), fake.mark());
        let path: &[&str] = if path == "play" { &["play", "hoyito"] } else { &["accept"] };
        let mut interaction = payloads::slash(2, id, place.channel, false, who, path, options);
        interaction["guild_id"] = serde_json::json!(game.guild.to_string());
        fake.interact(interaction);
        board = Some(answer_of(fake, from, id).await);
    }
    let board = board.expect("the accept's answer");
    game.mover = called(&board.content());
    game.board = board.created.expect("the board is a message");
    game.answered = 0;
}

/// Where the bot's own counts are read: its recorder in this process, or the operator addresses of processes.
#[derive(Clone)]
enum Counted {
    InProcess,
    Processes(Vec<String>),
}

/// The bot's counts now: every sample's value by its name and labels, summed over the processes; and the
/// interaction latency histogram's buckets (upper bound, cumulative count).
async fn counted(source: &Counted) -> (HashMap<String, f64>, Vec<(f64, f64)>) {
    let texts = match source {
        Counted::InProcess => vec![tablero::metrics::render()],
        Counted::Processes(addresses) => {
            let client = reqwest::Client::builder().no_proxy().build().unwrap();
            let mut texts = Vec::new();
            for address in addresses {
                let response = client.get(format!("http://{address}/metrics")).send().await.expect("/metrics answers");
                texts.push(response.text().await.unwrap());
            }
            texts
        }
    };
    let mut values = HashMap::new();
    let mut buckets: HashMap<String, f64> = HashMap::new();
    for text in texts {
        let scrape = prometheus_parse::Scrape::parse(text.lines().map(|l| Ok(l.to_string()))).unwrap();
        for sample in scrape.samples {
            let mut labels: Vec<_> = sample.labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
            labels.sort();
            match sample.value {
                prometheus_parse::Value::Counter(v) | prometheus_parse::Value::Gauge(v) => {
                    *values.entry(format!("{}{{{}}}", sample.metric, labels.join(","))).or_default() += v;
                }
                prometheus_parse::Value::Histogram(counts)
                    if sample.metric == "tablero_interaction_seconds"
                        && sample.labels.get("kind") == Some("command") =>
                {
                    for c in counts {
                        *buckets.entry(format!("{}", c.less_than)).or_default() += c.count;
                    }
                }
                _ => {}
            }
        }
    }
    let mut buckets: Vec<(f64, f64)> = buckets.into_iter().map(|(k, v)| (k.parse().unwrap(), v)).collect();
    buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    (values, buckets)
}

/// The upper bound (ms) of the bucket holding quantile `p` of the samples between two readings of a histogram.
fn bucket_quantile(before: &[(f64, f64)], after: &[(f64, f64)], p: f64) -> f64 {
    let count = |at: &[(f64, f64)], bound: f64| at.iter().find(|(b, _)| *b == bound).map_or(0.0, |(_, c)| *c);
    let total = after.last().map_or(0.0, |(b, c)| c - count(before, *b));
    after.iter().find(|(bound, c)| c - count(before, *bound) >= p * total).map_or(f64::NAN, |(bound, _)| bound * 1e3)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3
}

async fn run(fake: FakeDiscord, label: &str, store: Arc<dyn Store>, seconds: u64, source: Counted) {
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let mut games = Vec::new();
    for n in 0..SERVERS {
        let mut game = Game { guild: guild(n), channel: 5_000 + n, mover: 0, board: 0, busy: false, answered: 0 };
        new_game(&fake, &mut game, &ana, &ben).await;
        games.push(game);
    }
    let games = Arc::new(Mutex::new(games));
    println!("{label}: {SERVERS} servers, one game each; {seconds} s per rate");
    println!(
        "| rate (interactions/s) | sent (of rate x seconds) | p50 (ms) | p99 (ms) | refused | lost | duplicated |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    let rates: Vec<u64> = std::env::var("LOAD_RATES")
        .ok()
        .map(|r| r.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![5, 20, 80, 160]);
    let mut agreement = Vec::new();
    for rate in rates {
        let (before, before_buckets) = counted(&source).await;
        let made = Arc::new(Mutex::new(0u64));
        let latencies = Arc::new(Mutex::new(Vec::new()));
        let lost = Arc::new(Mutex::new(0u64));
        let refused = Arc::new(Mutex::new(0u64));
        let mut tasks = Vec::new();
        let started = Instant::now();
        let total = rate * seconds;
        let mut next = 0usize;
        for k in 0..total {
            tokio::time::sleep_until((started + Duration::from_secs_f64(k as f64 / rate as f64)).into()).await;
            // The next server whose game waits for a move (open loop: the rate does not wait for answers).
            let picked = {
                let mut all = games.lock().unwrap();
                let len = all.len();
                (0..len).map(|i| (next + i) % len).find(|&i| !all[i].busy).map(|i| {
                    all[i].busy = true;
                    (i, all[i].clone())
                })
            };
            let Some((index, game)) = picked else { continue };
            next = index + 1;
            let (fake, games, latencies) = (fake.clone(), games.clone(), latencies.clone());
            let (lost, refused, made) = (lost.clone(), refused.clone(), made.clone());
            let (ana, ben) = (ana.clone(), ben.clone());
            tasks.push(tokio::spawn(async move {
                let mover = if game.mover == ana.id { ana.clone() } else { ben.clone() };
                let place = Place { channel: game.channel, thread: false };
                // A legal hole: the first enabled hole button of the latest board.
                let hole = fake
                    .enabled_buttons(game.board)
                    .into_iter()
                    .find(|b| b.contains(":m:"))
                    .map(|b| b.rsplit(':').next().unwrap().to_string());
                let mut game = game;
                let Some(hole) = hole else {
                    new_game(&fake, &mut game, &ana, &ben).await;
                    game.busy = false;
                    games.lock().unwrap()[index] = game;
                    return;
                };
                let id = fake.next_id();
                let from = fake.mark();
                let sent = Instant::now();
                let mut interaction =
                    payloads::slash(2, id, place.channel, false, &mover, &["move"], &[Opt::Str("notation", hole)]);
                interaction["guild_id"] = serde_json::json!(game.guild.to_string());
                fake.interact(interaction);
                // (The fake's own wait gives up later than this: a response later than 10 s is counted lost.)
                let answer = tokio::time::timeout(Duration::from_secs(10), answer_of(&fake, from, id)).await;
                match answer {
                    // Refused (an error told privately): the move was not made, the game goes on as it was.
                    Ok(answer) if answer.is_ephemeral() => {
                        latencies.lock().unwrap().push(answer.at - sent);
                        *refused.lock().unwrap() += 1;
                    }
                    Ok(answer) => {
                        latencies.lock().unwrap().push(answer.at - sent);
                        *made.lock().unwrap() += 1;
                        game.answered += 1;
                        let content = answer.content();
                        let next =
                            content.strip_prefix("<@").and_then(|r| r.split('>').next()).and_then(|i| i.parse().ok());
                        match (next, answer.created) {
                            (Some(next), Some(board)) => {
                                game.mover = next;
                                game.board = board;
                            }
                            _ => new_game(&fake, &mut game, &ana, &ben).await,
                        }
                    }
                    Err(_) => *lost.lock().unwrap() += 1,
                }
                game.busy = false;
                games.lock().unwrap()[index] = game;
            }));
        }
        for task in tasks {
            let _ = task.await;
        }
        let mut samples = latencies.lock().unwrap().clone();
        samples.sort();
        // Duplicates: interactions answered more than once.
        let mut answers: HashMap<String, u32> = HashMap::new();
        for r in fake.log().iter().filter(|r| r.path.starts_with("/interactions/") && r.path.ends_with("/callback")) {
            *answers.entry(r.path.clone()).or_default() += 1;
        }
        let duplicated = answers.values().filter(|n| **n > 1).count();
        let (lost, refused) = (*lost.lock().unwrap(), *refused.lock().unwrap());
        println!(
            "| {rate} | {} of {total} | {:.1} | {:.1} | {refused} | {lost} | {duplicated} |",
            samples.len() + lost as usize,
            percentile(&samples, 0.5),
            percentile(&samples, 0.99),
        );
        let (after, after_buckets) = counted(&source).await;
        let delta = |key: &str| after.get(key).copied().unwrap_or(0.0) - before.get(key).copied().unwrap_or(0.0);
        let done = delta("tablero_commands_total{command=move,domain=play,outcome=done}");
        let said_no = delta("tablero_commands_total{command=move,domain=play,outcome=refused}");
        agreement.push(format!(
            "| {rate} | {} / {done} | {refused} / {said_no} | {:.1} / {:.1} | {:.1} / {:.1} |",
            *made.lock().unwrap(),
            percentile(&samples, 0.5),
            bucket_quantile(&before_buckets, &after_buckets, 0.5),
            percentile(&samples, 0.99),
            bucket_quantile(&before_buckets, &after_buckets, 0.99),
        ));
    }
    println!("{label}: the same run as the bot counted it (/metrics): the bench's figure / the bot's");
    println!("| rate | moves made | moves refused | p50 (ms) / its bucket's bound | p99 (ms) / its bucket's bound |");
    println!("| --- | --- | --- | --- | --- |");
    for row in agreement {
        println!("{row}");
    }
    // Every answered move is stored, once.
    let games = games.lock().unwrap().clone();
    let stored = tokio::task::spawn_blocking(move || store.all_games().unwrap()).await.unwrap();
    for game in &games {
        let latest = stored.iter().filter(|g| g.channel == game.channel).max_by_key(|g| g.id).unwrap();
        assert_eq!(latest.moves.len() as u64, game.answered, "channel {}: moves stored = moves answered", game.channel);
    }
    println!("{label}: every answered move is stored once");
}

/// `tablero bot` (the release binary) running shard `shard` of 2 on the database at `url`.
fn bot_process(fake: &FakeDiscord, dir: &std::path::Path, url: &str, shard: u32, ops: &str) -> Bot {
    let env = [
        ("TABLERO_OPS_LISTEN", ops.to_string()),
        ("TABLERO_STORE_URL", url.to_string()),
        ("TABLERO_SHARDS", format!("{shard}/2")),
        ("RUST_LOG", "error".into()),
    ];
    spawn_bot(env!("CARGO_BIN_EXE_tablero"), fake, dir, &format!("config{shard}"), &env)
}

fn main() {
    let seconds = std::env::var("LOAD_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let _ = tracing_subscriber::fmt().with_env_filter("error").try_init();
        if std::env::var("LOAD_SLED").as_deref() != Ok("0") {
            let fake = FakeDiscord::start().await;
            let dir = tempfile::tempdir().unwrap();
            let (running, _) = Running::start(&fake, dir.path()).await;
            let store: Arc<dyn Store> = running.store();
            run(fake, "sled, one process", store, seconds, Counted::InProcess).await;
            running.stop().await;
        }
        if let Some(postgres) = backends::postgres() {
            let database = tokio::task::spawn_blocking(move || postgres.fresh()).await.unwrap();
            let fake = FakeDiscord::start().await;
            let dir = tempfile::tempdir().unwrap();
            let mut bots = Vec::new();
            let mut addresses = Vec::new();
            for shard in 0..2 {
                let from = fake.mark();
                let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
                let ops = format!("127.0.0.1:{port}");
                bots.push(bot_process(&fake, dir.path(), &database.location(), shard, &ops));
                addresses.push(ops);
                fake.wait_ready(from).await;
            }
            run(
                fake,
                "PostgreSQL, two `tablero bot` processes (shards 0/2 and 1/2)",
                database.store().clone(),
                seconds,
                Counted::Processes(addresses),
            )
            .await;
            drop(bots);
            tokio::task::spawn_blocking(move || drop(database)).await.unwrap();
        }
    });
}
