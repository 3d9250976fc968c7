//! The web pages under a hostile flood, served by a `tablero local` process of their own on sled (its console fed
//! on its standard input; the load from this process, each simulated client on an address of its own in
//! 127.0.0.0/8, so that the shares per client apply as they would to real visitors):
//!
//! - (a) `FLOOD_STREAMS` (2,000) live streams on the server's 300 games, open and idle: the process's CPU over
//!   `FLOOD_IDLE` seconds (10) with no move made, its memory per stream; then one move in each of 200 games, and
//!   the time it takes to reach every stream of its game;
//! - (b) 1,000 connections that send part of their headers and nothing more: how many are still open when the
//!   header timeout has passed, while a game page is asked 50 times a second (p99 against a quiet run);
//! - (c) 64 clients searching the archive for players nobody knows and 24 asking for animated replays, all as
//!   fast as they are answered: a game page's and a new board picture's p99 against a quiet run;
//! - (d) 64 connections from 4 addresses sending a form's body a byte every 2 s (`Content-Length: 16000`), 32
//!   against the server's pages and 32 against a route outside servers: a game page's and the style sheet's p99
//!   against a quiet run, and how many slow connections were closed within the body deadline (a second more);
//! - (e) a sign-in flood from one address for `FLOOD_SIGNIN_SECS` (60) against a bot in this process with sign-in
//!   on (the fake Discord of the tests), on sled and, when `TABLERO_TEST_POSTGRES` names a server, on PostgreSQL:
//!   sign-ins begun, and the store's growth (its size and its sign-in and session records);
//! - (f) 500 live pages through a trusted proxy (every connection from 127.0.0.1), each its own forwarded client:
//!   how many are served.
//!
//! `cargo bench --bench web_flood` (`FLOOD_POLITE=1`: the flood of (c) waits a second after each refusal, as a
//! browser honours `Retry-After`; by default it asks again at once).

#[path = "../tests/it/common/backends.rs"]
#[allow(dead_code)] // the flood needs only a fresh database
mod backends;
#[path = "../tests/it/fake_discord/mod.rs"]
mod fake_discord;

use std::io::Write;
use std::net::IpAddr;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;

const GAMES: usize = 300;
/// Games finished before the flood (their pages and replays are immutable).
const FINISHED: usize = 100;
const HEADER_SECS: u64 = 10;
const BODY_SECS: u64 = 10;

fn env_or(key: &str, default: u64) -> u64 {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn status_field(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// CPU time of process `pid` (user and system), in clock ticks.
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields.get(11).and_then(|u| u.parse::<u64>().ok()).unwrap_or(0)
        + fields.get(12).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0)
}

fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// The `n`-th simulated client's address.
fn client_addr(n: usize) -> IpAddr {
    IpAddr::from([127, 1, (n / 250) as u8, (n % 250 + 1) as u8])
}

fn client(n: usize) -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .local_address(client_addr(n))
        .timeout(Duration::from_secs(60))
        .build()
        .unwrap()
}

struct Console {
    child: Child,
    input: ChildStdin,
}

impl Console {
    fn line(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
    }
    fn flush(&mut self) {
        self.input.flush().unwrap();
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Times GETs of what `next` names, `rate` a second for `seconds`, open loop, by ten clients in turn (each within
/// its share of requests a second); milliseconds.
async fn timed(first: usize, rate: u64, seconds: u64, next: impl Fn(usize) -> String) -> Vec<f64> {
    let clients: Vec<reqwest::Client> = (0..10).map(|k| client(first * 10 + k)).collect();
    let start = tokio::time::Instant::now() + Duration::from_millis(50);
    let mut tasks = Vec::new();
    for i in 0..(rate * seconds) as usize {
        let (client, url) = (clients[i % clients.len()].clone(), next(i));
        let at = start + Duration::from_micros(i as u64 * 1_000_000 / rate);
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep_until(at).await;
            let sent = Instant::now();
            match client.get(&url).send().await {
                Ok(r) if r.status().is_success() => r.bytes().await.ok().map(|_| sent.elapsed().as_secs_f64() * 1000.0),
                _ => None,
            }
        }));
    }
    let mut out = Vec::new();
    for task in tasks {
        if let Ok(Some(ms)) = task.await {
            out.push(ms);
        }
    }
    out.sort_by(f64::total_cmp);
    out
}

fn summary(name: &str, sorted: &[f64], asked: u64) -> String {
    format!(
        "{name}: {} of {asked} answered, p50 {:.2} ms, p99 {:.2} ms",
        sorted.len(),
        percentile(sorted, 0.5),
        percentile(sorted, 0.99)
    )
}

fn main() {
    // Thousands of sockets on this side too.
    tablero::web::server::raise_open_files();
    let streams = env_or("FLOOD_STREAMS", 2000) as usize;
    let idle = env_or("FLOOD_IDLE", 10);
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    // The server's streams may be as many as the run opens; every other bound is the default.
    let config = dir.path().join("config.toml");
    // The console's own address is a trusted proxy for (f): the other parts come from 127.1.x.y, never through it.
    std::fs::write(
        &config,
        format!(
            "[web]\ntrusted_proxies = [\"127.0.0.1\"]\n[limits]\nlive_games = 1000\nweb_server_streams = {streams}\n\
             web_body_secs = {BODY_SECS}\n"
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .arg("--config")
        .arg(&config)
        .arg("local")
        .arg("--data")
        .arg(dir.path().join("data"))
        .arg("--out")
        .arg(dir.path().join("out"))
        .env("TABLERO_WEB_LISTEN", format!("127.0.0.1:{port}"))
        .env("TABLERO_TEST_SEED", "1")
        .env_remove("DISCORD_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        // FLOOD_SERVER_LOG=FILE keeps the server's log (RUST_LOG sets how much).
        .stderr(match std::env::var("FLOOD_SERVER_LOG") {
            Ok(file) => Stdio::from(std::fs::File::create(file).unwrap()),
            Err(_) => Stdio::null(),
        })
        .spawn()
        .expect("tablero local starts");
    let pid = child.id();
    let input = child.stdin.take().unwrap();
    let mut console = Console { child, input };
    let base = format!("http://127.0.0.1:{port}");
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();

    // 300 games of Hoyito II, each in a channel of its own, each with two moves (1 and 1 are always legal at the
    // start); the first 100 resigned.
    for g in 1..=GAMES {
        console.line(&format!("#g{g}"));
        console.line("ana: play hoyito @ben first=challenger time=none rated=false");
        console.line("ben: accept");
        console.line("ana: move 1");
        if g <= FINISHED {
            console.line("ben: resign");
        }
    }
    console.flush();
    let watcher = client(0);
    let last = format!("{base}/game/{GAMES}");
    runtime.block_on(async {
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            if let Ok(r) = watcher.get(&last).send().await
                && r.status().is_success()
                && r.text().await.is_ok_and(|t| t.contains("events?since="))
            {
                break;
            }
            assert!(Instant::now() < deadline, "the games were never all made");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
    let game_page = {
        let base = base.clone();
        move |g: usize| format!("{base}/game/{g}")
    };

    // Quiet: a game page, and new board pictures (each a position not drawn before: ply 0 or 1 of another game).
    let quiet_page = runtime.block_on(timed(1, 50, 10, {
        let game_page = game_page.clone();
        move |i| game_page(FINISHED + 1 + i % 200)
    }));
    let boards = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let board = {
        let (base, boards) = (base.clone(), boards.clone());
        move |_: usize| {
            let n = boards.fetch_add(1, Ordering::SeqCst);
            let (g, ply) = (1 + n % GAMES, (n / GAMES) % 2);
            let lang = ["en", "es"][(n / (2 * GAMES)) % 2];
            format!("{base}/game/{g}/board.png?ply={ply}&lang={lang}")
        }
    };
    let quiet_board = runtime.block_on(timed(2, 20, 10, board.clone()));
    println!("{}", summary("quiet: game page at 50/s for 10 s", &quiet_page, 500));
    println!("{}", summary("quiet: a new board picture at 20/s for 10 s", &quiet_board, 200));

    // (a) Idle streams on the live games, 20 a client (the default share), then a move in each live game.
    let live: Vec<usize> = (FINISHED + 1..=GAMES).collect();
    let before_kib = status_field(pid, "VmRSS:");
    // Each live game's revision as its page gives it, so a stream opens where its page was drawn.
    let since: Vec<String> = runtime.block_on(async {
        let mut since = Vec::new();
        for &g in &live {
            // (One client: within its share of requests a second, refusals waited out.)
            loop {
                let page = watcher.get(game_page(g)).send().await.unwrap().text().await.unwrap();
                if let Some(at) = page.split("events?since=").nth(1).and_then(|r| r.split('"').next()) {
                    since.push(at.to_string());
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        since
    });
    let (opened, arrivals) = runtime.block_on(async {
        let (open_tx, mut open_rx) = tokio::sync::mpsc::unbounded_channel::<bool>();
        let mut tasks = Vec::with_capacity(streams);
        for s in 0..streams {
            let k = s % live.len();
            let game = live[k];
            // A stream lasts as long as the run: no time limit on the client's side.
            let client =
                reqwest::Client::builder().no_proxy().local_address(client_addr(100 + s / 20)).build().unwrap();
            let url = format!("{base}/game/{game}/events?since={}", since[k]);
            let open_tx = open_tx.clone();
            tasks.push(tokio::spawn(async move {
                // Like a browser's EventSource, a refusal (the client's requests at once are shared out) is tried
                // again shortly.
                let mut response = None;
                for _ in 0..50 {
                    match client.get(&url).send().await {
                        Ok(r) if r.status().is_success() => {
                            response = Some(r);
                            break;
                        }
                        _ => tokio::time::sleep(Duration::from_millis(100)).await,
                    }
                }
                let _ = open_tx.send(response.is_some());
                let mut response = response?;
                let mut seen = String::new();
                loop {
                    let chunk = tokio::time::timeout(Duration::from_secs(600), response.chunk()).await.ok()?.ok()??;
                    seen.push_str(&String::from_utf8_lossy(&chunk));
                    if seen.contains("event: update") {
                        return Some((game, Instant::now()));
                    }
                }
            }));
        }
        drop(open_tx);
        let mut opened = 0;
        for _ in 0..streams {
            match tokio::time::timeout(Duration::from_secs(120), open_rx.recv()).await {
                Ok(Some(true)) => opened += 1,
                Ok(Some(false)) => {}
                _ => break,
            }
        }
        (opened, tasks)
    });
    std::thread::sleep(Duration::from_secs(2));
    let after_kib = status_field(pid, "VmRSS:");
    let ticks = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(idle));
    let idle_ticks = cpu_ticks(pid) - ticks;
    let hz = 100.0; // the kernel's USER_HZ
    println!(
        "(a) {opened} of {streams} streams open on {} live games; idle for {idle} s: {:.2} % of a core; memory {before_kib} \
         KiB before, {after_kib} KiB after: {:.1} KiB a stream; {} open files",
        live.len(),
        idle_ticks as f64 / hz / idle as f64 * 100.0,
        after_kib.saturating_sub(before_kib) as f64 / opened.max(1) as f64,
        open_files(pid)
    );
    let moved = Instant::now();
    for &g in &live {
        console.line(&format!("#g{g}"));
        console.line("ben: move 1");
    }
    console.flush();
    let reached: Vec<f64> = runtime.block_on(async {
        let mut reached = Vec::new();
        for task in arrivals {
            if let Ok(Some((_, at))) = task.await {
                reached.push(at.duration_since(moved).as_secs_f64() * 1000.0);
            }
        }
        reached
    });
    let mut reached = reached;
    reached.sort_by(f64::total_cmp);
    println!(
        "(a) a move in each of the {} live games (typed at once) reached {} of {opened} streams: median {:.0} ms, \
         slowest {:.0} ms (from the first move's line)",
        live.len(),
        reached.len(),
        percentile(&reached, 0.5),
        reached.last().copied().unwrap_or(f64::NAN)
    );

    // (b) Slow headers: 1,000 connections, 20 from each of 50 clients, each sending part of a request.
    let (closed_in_time, page_b) = runtime.block_on(async {
        let mut sockets = Vec::new();
        for c in 0..1000 {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(std::net::SocketAddr::new(client_addr(3000 + c / 20), 0)).unwrap();
            if let Ok(mut stream) = socket.connect(([127, 0, 0, 1], port).into()).await {
                let _ = stream.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").await;
                sockets.push(stream);
            }
        }
        let connected = sockets.len();
        let opened_at = Instant::now();
        let game_page = game_page.clone();
        let pages = tokio::spawn(timed(4, 50, HEADER_SECS, move |i| game_page(FINISHED + 1 + i % 200)));
        // Every socket should read its end within the header timeout (a second more for the clock's grain).
        let mut closed = 0;
        for mut stream in sockets {
            let left = (opened_at + Duration::from_secs(HEADER_SECS + 1)).saturating_duration_since(Instant::now());
            let mut buffer = [0u8; 64];
            if let Ok(Ok(0)) = tokio::time::timeout(left, tokio::io::AsyncReadExt::read(&mut stream, &mut buffer)).await
            {
                closed += 1;
            }
        }
        (format!("{closed} of {connected}"), pages.await.unwrap())
    });
    println!(
        "(b) 1,000 connections sending part of their headers: {closed_in_time} closed within the header timeout ({HEADER_SECS} \
         s + 1 s); {}",
        summary("meanwhile a game page at 50/s", &page_b, 50 * HEADER_SECS)
    );

    // (c) 64 clients searching the archive for unknown players, 24 asking for replays, as fast as answered.
    let stop = Arc::new(AtomicBool::new(false));
    let polite = std::env::var("FLOOD_POLITE").is_ok();
    let (page_c, board_c, asked) = runtime.block_on(async {
        let mut flood = Vec::new();
        for c in 0..88 {
            let (stop, base) = (stop.clone(), base.clone());
            let client = client(5000 + c);
            flood.push(tokio::spawn(async move {
                let (mut asked, mut refusals) = (0u64, 0u64);
                let mut n = 0;
                while !stop.load(Ordering::SeqCst) {
                    let url = if c < 64 {
                        format!("{base}/archive?player=nobody-{c}-{n}")
                    } else {
                        format!("{base}/game/{}/replay.gif?lang={}", 1 + (c * 37 + n) % GAMES, ["en", "es"][n % 2])
                    };
                    n += 1;
                    if let Ok(r) = client.get(&url).send().await {
                        let refused = matches!(r.status().as_u16(), 429 | 503);
                        let _ = r.bytes().await;
                        if refused {
                            refusals += 1;
                            if polite {
                                tokio::time::sleep(Duration::from_secs(1)).await;
                            }
                        }
                    }
                    asked += 1;
                }
                (asked, refusals)
            }));
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        let game_page = game_page.clone();
        let page = tokio::spawn(timed(6, 50, 10, move |i| game_page(FINISHED + 1 + i % 200)));
        let board = tokio::spawn(timed(7, 20, 10, board));
        let (page, board) = (page.await.unwrap(), board.await.unwrap());
        stop.store(true, Ordering::SeqCst);
        let (mut asked, mut refused) = (0, 0);
        for f in flood {
            let (a, r) = f.await.unwrap_or((0, 0));
            asked += a;
            refused += r;
        }
        (page, board, (asked, refused))
    });
    println!(
        "(c) {} archive searches and replays asked by 88 clients during the run, {} of them refused (429 or 503){}",
        asked.0,
        asked.1,
        if polite {
            "; the flood waits a second after a refusal (FLOOD_POLITE)"
        } else {
            "; the flood ignores refusals"
        }
    );
    println!("{}", summary("(c) flooded: game page at 50/s for 10 s", &page_c, 500));
    println!("{}", summary("(c) flooded: a new board picture at 20/s for 10 s", &board_c, 200));
    println!(
        "p99 against quiet: game page (b) {:.2}x, (c) {:.2}x; new board picture (c) {:.2}x; peak memory {} KiB",
        percentile(&page_b, 0.99) / percentile(&quiet_page, 0.99),
        percentile(&page_c, 0.99) / percentile(&quiet_page, 0.99),
        percentile(&board_c, 0.99) / percentile(&quiet_board, 0.99),
        status_field(pid, "VmHWM:")
    );

    // (d) Slow bodies: 64 connections from 4 addresses, a byte every 2 s of a 16,000-byte form, half to the
    // server's pages (the console's, at the root) and half to a route outside servers.
    let quiet_style = runtime.block_on(timed(8, 20, 10, {
        let base = base.clone();
        move |_| format!("{base}/assets/style.css")
    }));
    let (closed_d, page_d, style_d) = runtime.block_on(async {
        let mut slow = Vec::new();
        for c in 0..64 {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            socket.bind(std::net::SocketAddr::new(client_addr(6000 + c / 16), 0)).unwrap();
            let path = if c % 2 == 0 { "/learn" } else { "/signout" };
            if let Ok(mut stream) = socket.connect(([127, 0, 0, 1], port).into()).await {
                let head = format!(
                    "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                     Content-Length: 16000\r\n\r\n"
                );
                let _ = stream.write_all(head.as_bytes()).await;
                slow.push(tokio::spawn(async move {
                    let started = Instant::now();
                    let mut buffer = [0u8; 256];
                    loop {
                        // A byte every 2 s, and whatever the server says meanwhile.
                        let read = tokio::time::timeout(
                            Duration::from_secs(2),
                            tokio::io::AsyncReadExt::read(&mut stream, &mut buffer),
                        )
                        .await;
                        match read {
                            Ok(Ok(0)) | Ok(Err(_)) => return Some(started.elapsed()),
                            Ok(Ok(_)) => continue,
                            Err(_) if started.elapsed() > Duration::from_secs(BODY_SECS * 6) => return None,
                            Err(_) => {
                                if stream.write_all(b"a").await.is_err() {
                                    return Some(started.elapsed());
                                }
                            }
                        }
                    }
                }));
            }
        }
        let connected = slow.len();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let game_page = game_page.clone();
        let page = tokio::spawn(timed(9, 50, BODY_SECS - 2, move |i| game_page(FINISHED + 1 + i % 200)));
        let style = {
            let base = base.clone();
            tokio::spawn(timed(10, 20, BODY_SECS - 2, move |_| format!("{base}/assets/style.css")))
        };
        let (page, style) = (page.await.unwrap(), style.await.unwrap());
        let mut closed = 0;
        for task in slow {
            if let Ok(Some(after)) = task.await
                && after <= Duration::from_secs(BODY_SECS + 1)
            {
                closed += 1;
            }
        }
        (format!("{closed} of {connected}"), page, style)
    });
    println!(
        "(d) 64 slow bodies from 4 addresses (a byte every 2 s of 16,000): {closed_d} closed within the body \
         deadline ({BODY_SECS} s + 1 s); {}; {}",
        summary("meanwhile a game page at 50/s", &page_d, 50 * (BODY_SECS - 2)),
        summary("the style sheet at 20/s", &style_d, 20 * (BODY_SECS - 2)),
    );
    println!(
        "(d) p99 against quiet: game page {:.2}x, style sheet {:.2}x",
        percentile(&page_d, 0.99) / percentile(&quiet_page, 0.99),
        percentile(&style_d, 0.99) / percentile(&quiet_style, 0.99),
    );

    // (f) 500 live pages through a trusted proxy: every connection from 127.0.0.1, each its own forwarded client.
    let served = runtime.block_on(async {
        let mut open = Vec::new();
        let mut served = 0;
        for n in 0..500usize {
            let game = FINISHED + 1 + n % 200;
            let client = reqwest::Client::builder().no_proxy().build().unwrap();
            let asked = client
                .get(format!("{base}/game/{game}/events"))
                .header("x-forwarded-for", format!("198.18.{}.{}", n / 200, n % 200 + 1))
                .send()
                .await;
            if let Ok(r) = asked
                && r.status().is_success()
            {
                served += 1;
                open.push(r);
            }
        }
        served
    });
    println!("(f) 500 live pages through a trusted proxy, each its own forwarded client: {served} served");
    drop(console);

    signin_flood(&runtime);
}

/// (e) Sign-ins begun from one address as fast as they are answered, for `FLOOD_SIGNIN_SECS`, against a bot with
/// sign-in on: on sled, and on PostgreSQL when one is named.
fn signin_flood(runtime: &tokio::runtime::Runtime) {
    use fake_discord::FakeDiscord;
    use fake_discord::harness::{Running, config_with_pages};
    let seconds = env_or("FLOOD_SIGNIN_SECS", 60);
    let mut stores: Vec<(&str, Option<backends::Fresh>)> = vec![("sled", None)];
    if let Some(postgres) = backends::postgres() {
        stores.push(("PostgreSQL", Some(postgres.fresh())));
    }
    for (name, fresh) in stores {
        runtime.block_on(async {
            let fake = FakeDiscord::start().await;
            let dir = tempfile::tempdir().unwrap();
            let (settings, site) = config_with_pages(&fake, dir.path());
            let store: std::sync::Arc<dyn tablero::store::Store> = match &fresh {
                Some(fresh) => fresh.store().clone(),
                None => std::sync::Arc::new(tablero::store::SledStore::open(&dir.path().join("data")).unwrap()),
            };
            let _running = Running::start_on(&fake, store.clone(), settings).await;
            let records = |store: &std::sync::Arc<dyn tablero::store::Store>| {
                store.expired_sessions(u64::MAX, 1_000_000).map(|k| k.len()).unwrap_or(0)
            };
            let store_for = store.clone();
            tokio::task::spawn_blocking(move || store_for.flush()).await.unwrap().unwrap();
            let (size_before, records_before) = (store.size_bytes().unwrap_or(0), records(&store));
            // One address, 16 connections at once, each asking again as soon as it is answered.
            let next = format!("/{}", "a".repeat(15_000));
            let stop = Instant::now() + Duration::from_secs(seconds);
            let mut flood = Vec::new();
            for _ in 0..16 {
                let url = format!("{site}/signin?next={next}");
                flood.push(tokio::spawn(async move {
                    let client = reqwest::Client::builder()
                        .no_proxy()
                        .redirect(reqwest::redirect::Policy::none())
                        .build()
                        .unwrap();
                    let (mut begun, mut refused) = (0u64, 0u64);
                    while Instant::now() < stop {
                        match client.get(&url).send().await.map(|r| r.status().as_u16()) {
                            Ok(303) => begun += 1,
                            _ => refused += 1,
                        }
                    }
                    (begun, refused)
                }));
            }
            let (mut begun, mut refused) = (0, 0);
            for task in flood {
                let (b, r) = task.await.unwrap();
                begun += b;
                refused += r;
            }
            let store_for = store.clone();
            tokio::task::spawn_blocking(move || store_for.flush()).await.unwrap().unwrap();
            let (size_after, records_after) = (store.size_bytes().unwrap_or(0), records(&store));
            println!(
                "(e) {name}: {begun} sign-ins begun from one address in {seconds} s ({refused} refused, 429); the \
                 store {size_before} -> {size_after} bytes, sign-in and session records {records_before} -> \
                 {records_after}"
            );
        });
    }
}
