//! A move made on a game's page, timed: members signed in on the pages play Hoyito moves there (a form posted, as
//! a browser without script does) against members playing on the fake Discord, `PLAY_RATE` page moves a second,
//! open loop, over many games; each page move is timed from the start of its POST to its answer (the redirect
//! back to the page), to the new position reaching another open page of the game (the `update` of that page's
//! event stream carrying the new move count), and to the fake Discord's post of the new board in the game's
//! channel. The bot runs in this process, on sled, with its pages and sign-in; every simulated browser comes from
//! 127.0.0.1, so the shares per client address are lifted.
//!
//! `cargo bench --bench web_play` (`PLAY_RATE` sets the rate, 50 by default; `PLAY_SECONDS` the length, 20 by
//! default; `PLAY_GAMES` the games, 120 by default).

#[path = "../tests/it/fake_discord/mod.rs"]
mod fake_discord;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use fake_discord::FakeDiscord;
use fake_discord::browser::Browser;
use fake_discord::harness::{Place, Running, config_with_pages};
use fake_discord::payloads::{GUILD_ID, Member, Opt};
use futures_util::StreamExt;
use tablero::games::{GameKind, Position};

fn env_or(key: &str, default: u64) -> u64 {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3
}

/// A hidden field's value in a page.
fn field(body: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let start = body.find(&marker).unwrap_or_else(|| panic!("no {name} in the page")) + marker.len();
    body[start..].split('"').next().unwrap().to_string()
}

/// One game: the member on the page and the one on Discord, the position, and whether a move is on its way.
struct Game {
    id: u64,
    place: Place,
    discord: Member,
    position: Position,
    moves: usize,
    busy: bool,
}

/// When each (game, move count) reached the open pages' event streams.
type Arrivals = Arc<Mutex<HashMap<(u64, usize), Instant>>>;

/// Follows game `game`'s event stream (from its page's `data-events`), noting when each move count arrives.
async fn follow(site: String, events: String, game: u64, arrivals: Arrivals) {
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let response = client.get(format!("{site}{events}")).send().await.unwrap();
    let mut body = response.bytes_stream();
    let mut pending = String::new();
    while let Some(Ok(chunk)) = body.next().await {
        pending.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = pending.find("\n\n") {
            let event: String = pending.drain(..end + 2).collect();
            let id = event.lines().find_map(|l| l.strip_prefix("id:")).map(str::trim);
            if let Some(moves) = id.and_then(|i| i.split('.').nth(1)).and_then(|m| m.parse::<usize>().ok()) {
                arrivals.lock().unwrap().entry((game, moves)).or_insert_with(Instant::now);
            }
        }
    }
}

fn main() {
    let (rate, seconds, count) = (env_or("PLAY_RATE", 50), env_or("PLAY_SECONDS", 20), env_or("PLAY_GAMES", 120));
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async move {
        let _ = tracing_subscriber::fmt().with_env_filter("error").try_init();
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let (mut settings, site) = config_with_pages(&fake, dir.path());
        // Members of one server play many games at once here, and every simulated browser comes from
        // 127.0.0.1: the shares per member and per client address are lifted (the server's remain).
        settings.limits.live_games = 1_000;
        settings.limits.web_client_rate = 100_000;
        settings.limits.web_client_burst = 100_000;
        settings.limits.web_client_requests = 10_000;
        settings.limits.web_server_requests = 10_000;
        settings.limits.web_client_streams = 10_000;
        settings.limits.web_server_streams = 10_000;
        settings.limits.web_streams = 10_000;
        settings.limits.web_client_connections = 10_000;
        settings.limits.web_connections = 10_000;
        let running = Running::start_with(&fake, dir.path(), settings).await;
        let mut admin = Member::new(100, "admin");
        admin.manage_server = true;
        let hall = Place { channel: 6_999, thread: false };
        fake.slash(&admin, hall, &["settings", "server"], &[Opt::Bool("web", true)]).await;
        let said = fake.slash(&admin, hall, &["web"], &[]).await;
        let base = said
            .content()
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap()
            .trim_end_matches('/')
            .to_string();
        // The games, each member on the page signed in once (a session each).
        let mut games = Vec::new();
        let mut browsers = Vec::new();
        let arrivals: Arrivals = Arc::new(Mutex::new(HashMap::new()));
        for n in 0..count {
            let (web, discord) = (Member::new(10_000 + n, &format!("w{n}")), Member::new(20_000 + n, &format!("d{n}")));
            fake.join(GUILD_ID, &web);
            let place = Place { channel: 7_000 + n, thread: false };
            let options = [Opt::User("opponent", discord.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
            fake.slash(&web, place, &["play", "hoyito"], &options).await;
            fake.slash(&discord, place, &["accept"], &[]).await;
            let id = n + 1;
            let page = format!("{}/game/{id}", base.strip_prefix(&site).unwrap());
            fake.sign_in_as(&web);
            let mut browser = Browser::new();
            browser.sign_in(&site, &page).await;
            let shown = browser.get(&format!("{site}{page}")).await;
            let events = shown.body.split("data-events=\"").nth(1).unwrap().split('"').next().unwrap().to_string();
            tokio::spawn(follow(site.clone(), events, id, arrivals.clone()));
            browsers.push(Arc::new(tokio::sync::Mutex::new((browser, field(&shown.body, "csrf")))));
            let position =
                Position::new(GameKind::Hoyito, &GameKind::Hoyito.normalise_options(&Default::default()).unwrap())
                    .unwrap();
            games.push(Game { id, place, discord, position, moves: 0, busy: false });
        }
        let games = Arc::new(Mutex::new(games));
        let samples = Arc::new(Mutex::new((Vec::new(), Vec::new(), Vec::new())));
        let lost = Arc::new(Mutex::new(0u64));
        let started = Instant::now();
        let every = Duration::from_secs_f64(1.0 / rate as f64);
        let mut sent = 0u64;
        let mut next = 0usize;
        let mut tasks = Vec::new();
        while started.elapsed() < Duration::from_secs(seconds) {
            let due = started + every * sent as u32;
            tokio::time::sleep_until(due.into()).await;
            sent += 1;
            // The next game whose member on the page is to move, and idle.
            let picked = {
                let mut all = games.lock().unwrap();
                let total = all.len();
                let found = (0..total).map(|k| (next + k) % total).find(|&i| {
                    let g = &all[i];
                    !g.busy && g.position.to_move().is_some_and(|s| s.index() == 0)
                });
                if let Some(i) = found {
                    next = i + 1;
                    all[i].busy = true;
                }
                found
            };
            let Some(i) = picked else { continue };
            let (fake, games, samples, lost, arrivals, base) =
                (fake.clone(), games.clone(), samples.clone(), lost.clone(), arrivals.clone(), base.clone());
            let browser = browsers[i].clone();
            tasks.push(tokio::spawn(async move {
                let (id, place, hole, ply) = {
                    let g = &games.lock().unwrap()[i];
                    (g.id, g.place, g.position.legal_moves()[0].clone(), g.moves)
                };
                let from = fake.mark();
                let t0 = Instant::now();
                let answered = {
                    let mut held = browser.lock().await;
                    let (browser, csrf) = &mut *held;
                    let button = format!("g:{id}:m:{ply}:{hole}");
                    let key = format!("b{id}-{ply}");
                    let action = format!("{base}/game/{id}/act");
                    browser.post(&action, &[("csrf", csrf.as_str()), ("key", &key), ("button", &button)]).await.status
                };
                let answer = t0.elapsed();
                if answered != 303 {
                    *lost.lock().unwrap() += 1;
                    return;
                }
                let path = format!("/channels/{}/messages", place.channel);
                let posted = tokio::time::timeout(
                    Duration::from_secs(10),
                    fake.wait_for(from, "the board's post", |r| r.path == path && r.created.is_some()),
                )
                .await;
                let deadline = Instant::now() + Duration::from_secs(10);
                let to_page = loop {
                    if let Some(at) = arrivals.lock().unwrap().get(&(id, ply + 1)) {
                        break Some(at.duration_since(t0));
                    }
                    if Instant::now() > deadline {
                        break None;
                    }
                    tokio::time::sleep(Duration::from_millis(2)).await;
                };
                let (Some(to_page), Ok(posted)) = (to_page, posted) else {
                    *lost.lock().unwrap() += 1;
                    return;
                };
                let to_channel = posted.at.duration_since(t0);
                {
                    let mut s = samples.lock().unwrap();
                    s.0.push(answer);
                    s.1.push(to_page);
                    s.2.push(to_channel);
                }
                // The member on Discord answers (untimed) until the page's member is to move again.
                let mut g = {
                    let mut all = games.lock().unwrap();
                    let g = &mut all[i];
                    g.position.play(&hole).unwrap();
                    g.moves += 1;
                    (g.position.clone(), g.moves, g.discord.clone())
                };
                while g.0.to_move().is_some_and(|s| s.index() == 1) {
                    let reply = g.0.legal_moves()[0].clone();
                    fake.slash(&g.2, place, &["move"], &[Opt::Str("notation", reply.clone())]).await;
                    g.0.play(&reply).unwrap();
                    g.1 += 1;
                }
                let mut all = games.lock().unwrap();
                all[i].position = g.0;
                all[i].moves = g.1;
                all[i].busy = false;
            }));
        }
        for task in tasks {
            let _ = task.await;
        }
        let (mut answer, mut page, mut channel) = samples.lock().unwrap().clone();
        for list in [&mut answer, &mut page, &mut channel] {
            list.sort();
        }
        println!(
            "web play: {count} games, {rate} page moves/s asked for {seconds} s; {} moves measured, {} lost",
            answer.len(),
            lost.lock().unwrap()
        );
        println!("| to | p50 (ms) | p99 (ms) |");
        println!("| --- | --- | --- |");
        println!("| the POST's answer | {:.1} | {:.1} |", percentile(&answer, 0.5), percentile(&answer, 0.99));
        println!("| another open page | {:.1} | {:.1} |", percentile(&page, 0.5), percentile(&page, 0.99));
        println!("| the channel's post | {:.1} | {:.1} |", percentile(&channel, 0.5), percentile(&channel, 0.99));
        running.stop().await;
    });
}
