//! The web pages under load, served by a `tablero local` process of their own (its console fed moves on its
//! standard input, its pages on a port of 127.0.0.1): a game page asked 200 times a second, open loop, p50 and
//! p99 from request to the last byte; then 1,000 event streams open on that game, the server's memory before and
//! after (its resident set, from /proc), and a move made in the console reaching every stream (median and
//! slowest, from the moment the move's line is written).
//!
//! `cargo bench --bench web` (`WEB_SECONDS` sets the length of the page run, 10 by default; `WEB_RATE` its
//! rate, 200 by default; `WEB_STREAMS` the streams, 1,000 by default).

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

use tablero::games::{GameKind, Position};

fn env_or(key: &str, default: u64) -> u64 {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The resident memory of process `pid`, in KiB.
fn resident_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

struct Console {
    child: Child,
    input: ChildStdin,
    position: Position,
    moves: usize,
}

impl Console {
    fn line(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Plays the first legal move, as the player on turn; the move count after it.
    fn play(&mut self) -> usize {
        let m = self.position.legal_moves()[0].clone();
        let who = if self.position.to_move().unwrap().index() == 0 { "ana" } else { "ben" };
        self.position.play(&m).unwrap();
        self.line(&format!("{who}: move {m}"));
        self.moves += 1;
        self.moves
    }
}

impl Drop for Console {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn wait_for_page(client: &reqwest::Client, url: &str, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(r) = client.get(url).send().await
            && r.text().await.is_ok_and(|b| b.contains(text))
        {
            return;
        }
        assert!(Instant::now() < deadline, "{url} never showed {text:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn main() {
    let seconds = env_or("WEB_SECONDS", 10);
    let rate = env_or("WEB_RATE", 200);
    let streams = env_or("WEB_STREAMS", 1000) as usize;
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    // One client asks for everything here: its shares are lifted (the flood benchmark measures them).
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        "[limits]\nweb_client_rate = 1000000\nweb_client_burst = 1000000\nweb_client_requests = 100000\nweb_server_requests = 100000\n\
         web_client_streams = 100000\nweb_server_streams = 100000\nweb_streams = 100000\n\
         web_client_connections = 100000\n",
    )
    .unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_tablero"))
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
        .stderr(Stdio::null())
        .spawn()
        .expect("tablero local starts");
    let mut child = child;
    let pid = child.id();
    let input = child.stdin.take().unwrap();
    let mut console =
        Console { child, input, position: Position::new(GameKind::Hoyito, &Default::default()).unwrap(), moves: 0 };
    let base = format!("http://127.0.0.1:{port}");
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let client = reqwest::Client::builder().no_proxy().pool_max_idle_per_host(256).build().unwrap();
    console.line("ana: play hoyito @ben first=challenger time=none");
    console.line("ben: accept");
    let mut ply = 0;
    for _ in 0..30 {
        ply = console.play();
    }
    let game = format!("{base}/game/1");
    runtime.block_on(wait_for_page(&client, &game, &format!("Move {ply} / {ply}")));
    let page_bytes = runtime.block_on(async { client.get(&game).send().await.unwrap().bytes().await.unwrap().len() });

    // The game page, open loop: request i leaves at start + i / rate, whatever the answers before it.
    let total = (seconds * rate) as usize;
    let latencies = runtime.block_on(async {
        let start = tokio::time::Instant::now() + Duration::from_millis(100);
        let mut tasks = Vec::with_capacity(total);
        for i in 0..total {
            let (client, game) = (client.clone(), game.clone());
            let at = start + Duration::from_micros(i as u64 * 1_000_000 / rate);
            tasks.push(tokio::spawn(async move {
                tokio::time::sleep_until(at).await;
                let sent = Instant::now();
                let ok = match client.get(&game).send().await {
                    Ok(r) if r.status().is_success() => r.bytes().await.is_ok(),
                    _ => false,
                };
                ok.then(|| sent.elapsed().as_secs_f64() * 1000.0)
            }));
        }
        let mut latencies = Vec::with_capacity(total);
        for task in tasks {
            if let Ok(Some(ms)) = task.await {
                latencies.push(ms);
            }
        }
        latencies
    });
    let mut sorted = latencies.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "game page ({page_bytes} bytes, {ply} moves) at {rate}/s for {seconds} s: {} of {total} answered; p50 {:.2} ms, \
         p99 {:.2} ms, slowest {:.2} ms",
        sorted.len(),
        percentile(&sorted, 0.5),
        percentile(&sorted, 0.99),
        sorted.last().copied().unwrap_or(f64::NAN),
    );

    // Event streams: all open on the game (at the revision its page was drawn at), then one move.
    let before = resident_kib(pid);
    let page = runtime.block_on(async { client.get(&game).send().await.unwrap().text().await.unwrap() });
    let revision = page
        .split("events?since=")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .map(str::to_string)
        .expect("the page follows the game");
    let (opened, arrivals) = runtime.block_on(async {
        let (open_tx, mut open_rx) = tokio::sync::mpsc::unbounded_channel::<()>();
        let mut tasks = Vec::with_capacity(streams);
        for _ in 0..streams {
            let client = reqwest::Client::builder().no_proxy().build().unwrap();
            let url = format!("{game}/events?since={revision}");
            let open_tx = open_tx.clone();
            tasks.push(tokio::spawn(async move {
                let mut response = client.get(&url).send().await.ok()?;
                if !response.status().is_success() {
                    return None;
                }
                let _ = open_tx.send(());
                let mut seen = String::new();
                loop {
                    let chunk = tokio::time::timeout(Duration::from_secs(30), response.chunk()).await.ok()?.ok()??;
                    seen.push_str(&String::from_utf8_lossy(&chunk));
                    if seen.contains("event: update") {
                        return Some(Instant::now());
                    }
                }
            }));
        }
        drop(open_tx);
        let mut opened = 0;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        while opened < streams {
            match tokio::time::timeout_at(deadline, open_rx.recv()).await {
                Ok(Some(())) => opened += 1,
                _ => break,
            }
        }
        (opened, tasks)
    });
    // Let the server settle, then read its memory with every stream open.
    std::thread::sleep(Duration::from_secs(2));
    let after = resident_kib(pid);
    let moved = Instant::now();
    console.play();
    let reached: Vec<f64> = runtime.block_on(async {
        let mut reached = Vec::new();
        for task in arrivals {
            if let Ok(Some(at)) = task.await {
                reached.push(at.duration_since(moved).as_secs_f64() * 1000.0);
            }
        }
        reached
    });
    let mut reached = reached;
    reached.sort_by(f64::total_cmp);
    println!(
        "{opened} of {streams} event streams open; server memory {before} KiB before, {after} KiB after: {:.1} KiB a \
         stream",
        (after.saturating_sub(before)) as f64 / opened.max(1) as f64
    );
    println!(
        "a move reached {} of {opened} streams: median {:.0} ms, slowest {:.0} ms",
        reached.len(),
        percentile(&reached, 0.5),
        reached.last().copied().unwrap_or(f64::NAN),
    );
}
