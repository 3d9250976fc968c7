//! The web pages against one hostile client: idle live pages cost no store reads (they are woken by writes), a
//! finished game's stream ends, one client or one server cannot take every stream, a connection that sends no
//! headers is closed within the header timeout, connections over a client's cap are refused at once, and a client
//! past its rate is answered late (its refusal holds its connection), others meanwhile at once.

use std::io::{Read, Write};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::table::PlayCommand;

use tablero::store::{SledStore, Store};
use tablero::table::{Command, Limits};

use crate::common::Faulty;
use crate::common::web::{act, hoyito, pages_on, play_one, serve_with};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(20)).build().unwrap()
}

fn sled() -> (tempfile::TempDir, Arc<dyn Store>) {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(SledStore::open(&dir.path().join("data")).unwrap());
    (dir, store)
}

/// Reads a stream's events until it ends (or `within` passes: `None`); their names.
async fn events_until_end(response: &mut reqwest::Response, within: Duration) -> Option<Vec<String>> {
    let deadline = Instant::now() + within;
    let mut text = String::new();
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, response.chunk()).await.ok()? {
            Ok(Some(chunk)) => text.push_str(&String::from_utf8_lossy(&chunk)),
            Ok(None) | Err(_) => break,
        }
    }
    Some(text.lines().filter_map(|l| l.strip_prefix("event: ").map(String::from)).collect())
}

#[test]
fn idle_live_pages_read_nothing_and_a_move_still_reaches_them() {
    let (_dir, inner) = sled();
    let store = Arc::new(Faulty::new(inner));
    let site = serve_with(store.clone(), false, Duration::from_secs(60), Limits::default(), Vec::new());
    let game = hoyito(&site.table, 7, 70, 1);
    let base = pages_on(&site.table, 7);
    let revision = site.table.web_revision(GuildId(7), game).unwrap().unwrap();
    runtime().block_on(async {
        let mut streams = Vec::new();
        for _ in 0..5 {
            let stream = client().get(format!("{base}/game/{game}/events?since={revision}")).send().await.unwrap();
            assert_eq!(stream.status().as_u16(), 200);
            streams.push(stream);
        }
        // Watchers used to look at their game every poll (50 ms here): twenty looks a second.
        let before = store.game_reads.load(Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(store.game_reads.load(Ordering::SeqCst), before, "an idle live page read the store");
        let table = site.table.clone();
        tokio::task::spawn_blocking(move || play_one(&table, 7, 70, game)).await.unwrap();
        let mut first = streams.remove(0);
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut text = String::new();
        while !text.contains("event: update") {
            let left = deadline.checked_duration_since(Instant::now()).expect("the move reaches the page");
            let chunk = tokio::time::timeout(left, first.chunk()).await.expect("in time").unwrap().unwrap();
            text.push_str(&String::from_utf8_lossy(&chunk));
        }
        // The event is what changed: the top and the moves from the one before the last on, not the whole list.
        let data: String = text.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
        let update: serde_json::Value = serde_json::from_str(&data).unwrap();
        assert_eq!(update["from"], 0, "{data}");
        assert_eq!(update["moves"].as_str().unwrap().matches("<li>").count(), 2, "{data}");
        assert!(update["top"].as_str().unwrap().contains("Move 2 / 2"), "{data}");
    });
}

#[test]
fn a_finished_games_stream_sends_what_is_missing_then_ends() {
    let (_dir, store) = sled();
    let site = serve_with(store, false, Duration::from_secs(60), Limits::default(), Vec::new());
    let game = hoyito(&site.table, 7, 70, 2);
    let base = pages_on(&site.table, 7);
    act(&site.table, 7, 1, 70, Command::Play(PlayCommand::Resign)).expect("resigned");
    let revision = site.table.web_revision(GuildId(7), game).unwrap().unwrap();
    runtime().block_on(async {
        let mut behind = client().get(format!("{base}/game/{game}/events?since=1.0")).send().await.unwrap();
        assert_eq!(behind.status().as_u16(), 200);
        let names = events_until_end(&mut behind, Duration::from_secs(10)).await.expect("the stream ends");
        assert_eq!(names, ["update", "end"]);
        let mut current = client().get(format!("{base}/game/{game}/events?since={revision}.2")).send().await.unwrap();
        let names = events_until_end(&mut current, Duration::from_secs(10)).await.expect("the stream ends");
        assert_eq!(names, ["end"]);
    });
    // A game followed when it ends: its last update, then the end.
    let game = hoyito(&site.table, 7, 71, 1);
    let revision = site.table.web_revision(GuildId(7), game).unwrap().unwrap();
    runtime().block_on(async {
        let mut stream = client().get(format!("{base}/game/{game}/events?since={revision}.1")).send().await.unwrap();
        assert_eq!(stream.status().as_u16(), 200);
        let table = site.table.clone();
        tokio::task::spawn_blocking(move || act(&table, 7, 2, 71, Command::Play(PlayCommand::Resign)).unwrap())
            .await
            .unwrap();
        let names = events_until_end(&mut stream, Duration::from_secs(10)).await.expect("the stream ends");
        assert_eq!(names, ["update", "end"]);
    });
}

#[test]
fn one_client_or_one_server_cannot_take_every_stream() {
    let (_dir, store) = sled();
    let limits = Limits { web_client_streams: 2, web_server_streams: 3, ..Limits::default() };
    // The tests' client is the proxy; the address it forwards is the client.
    let site = serve_with(store, false, Duration::from_secs(60), limits, vec!["127.0.0.1".parse().unwrap()]);
    let game = hoyito(&site.table, 7, 70, 1);
    let other = hoyito(&site.table, 8, 80, 1);
    let base = pages_on(&site.table, 7);
    let other_base = pages_on(&site.table, 8);
    runtime().block_on(async {
        let open = |base: String, game: GameId, from: &'static str| async move {
            let url = format!("{base}/game/{game}/events?since=0");
            client().get(url).header("X-Forwarded-For", from).send().await.unwrap()
        };
        let mut held = vec![open(base.clone(), game, "1.1.1.1").await, open(base.clone(), game, "1.1.1.1").await];
        assert!(held.iter().all(|s| s.status().as_u16() == 200));
        let refused = open(base.clone(), game, "1.1.1.1").await;
        assert_eq!(refused.status().as_u16(), 429, "the client's share is taken");
        assert!(refused.headers().contains_key("retry-after"));
        held.push(open(base.clone(), game, "2.2.2.2").await);
        assert_eq!(held[2].status().as_u16(), 200, "another client still gets one");
        assert_eq!(open(base.clone(), game, "3.3.3.3").await.status().as_u16(), 503, "the server's share is taken");
        assert_eq!(open(other_base.clone(), other, "3.3.3.3").await.status().as_u16(), 200, "another server's is not");
        drop(held);
    });
}

#[test]
fn a_client_past_its_rate_is_refused_late_and_others_are_answered_meanwhile() {
    let (_dir, store) = sled();
    let limits = Limits { web_client_rate: 1, web_client_burst: 2, ..Limits::default() };
    let site = serve_with(store, false, Duration::from_secs(60), limits, vec!["127.0.0.1".parse().unwrap()]);
    let url = format!("{}/assets/style.css", site.url);
    runtime().block_on(async {
        let get = |from: &'static str| client().get(&url).header("X-Forwarded-For", from).send();
        // The bucket holds two requests a second for a rate of one: the third at once is past it.
        for _ in 0..2 {
            assert_eq!(get("1.1.1.1").await.unwrap().status().as_u16(), 200);
        }
        let asked = Instant::now();
        let (refused, other) = tokio::join!(get("1.1.1.1"), async {
            let answered = get("2.2.2.2").await.unwrap().status().as_u16();
            (answered, asked.elapsed())
        });
        let refused = refused.unwrap();
        assert_eq!(refused.status().as_u16(), 429);
        assert_eq!(refused.headers().get("retry-after").map(|v| v.to_str().unwrap().to_string()).as_deref(), Some("1"));
        // The refusal holds its connection for a second, so asking again at once costs the server one a second.
        assert!(asked.elapsed() >= Duration::from_millis(900), "refused after {:?}", asked.elapsed());
        // Another client is answered without waiting for it.
        let (answered, after) = other;
        assert_eq!(answered, 200);
        assert!(after < asked.elapsed(), "the other client waited for the refusal");
    });
}

/// A raw connection to the site: what it reads until the server closes it, or `None` if still open after
/// `within`.
fn read_until_closed(stream: &mut std::net::TcpStream, within: Duration) -> Option<String> {
    stream.set_read_timeout(Some(Duration::from_millis(200))).unwrap();
    let deadline = Instant::now() + within;
    let mut got = Vec::new();
    let mut buffer = [0u8; 4096];
    while Instant::now() < deadline {
        match stream.read(&mut buffer) {
            Ok(0) => return Some(String::from_utf8_lossy(&got).into_owned()),
            Ok(n) => got.extend_from_slice(&buffer[..n]),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
            Err(_) => return Some(String::from_utf8_lossy(&got).into_owned()),
        }
    }
    None
}

#[test]
fn a_connection_without_its_headers_is_closed_and_one_over_the_cap_refused() {
    let (_dir, store) = sled();
    let limits = Limits { web_header_secs: 1, web_idle_secs: 2, web_client_connections: 3, ..Limits::default() };
    let site = serve_with(store, false, Duration::from_secs(60), limits, Vec::new());
    let addr = site.url.trim_start_matches("http://").to_string();
    // Headers that never end: closed by the header timeout (the test allows ten times it, for a loaded machine).
    let mut trickle = std::net::TcpStream::connect(&addr).unwrap();
    trickle.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
    let mut silent = std::net::TcpStream::connect(&addr).unwrap();
    let third = std::net::TcpStream::connect(&addr).unwrap();
    // The fourth from this address is over its cap: refused at once.
    let mut fourth = std::net::TcpStream::connect(&addr).unwrap();
    let refused = read_until_closed(&mut fourth, Duration::from_secs(10)).expect("refused and closed");
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(read_until_closed(&mut trickle, Duration::from_secs(10)).is_some(), "a trickle stays open");
    assert!(read_until_closed(&mut silent, Duration::from_secs(10)).is_some(), "a silent connection stays open");
    // A keep-alive connection left idle after its answer closes after the idle timeout (the third, silent too, is
    // gone by the header timeout: a new one).
    drop(third);
    std::thread::sleep(Duration::from_millis(200));
    let mut third = std::net::TcpStream::connect(&addr).unwrap();
    third.write_all(b"GET /assets/style.css HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let answered = read_until_closed(&mut third, Duration::from_secs(20)).expect("an idle keep-alive is closed");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    // Once they closed, the address may connect again (its count is given back just after the close).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let mut again = std::net::TcpStream::connect(&addr).unwrap();
        again.write_all(b"GET /assets/app.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
        let answered = read_until_closed(&mut again, Duration::from_secs(10)).expect("answered");
        if answered.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "still refused: {answered:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_players_archive_reads_that_servers_games_alone() {
    let (_dir, inner) = sled();
    let store = Arc::new(Faulty::new(inner));
    let site = serve_with(store.clone(), false, Duration::from_secs(60), Limits::default(), Vec::new());
    // ana and ben finish three games in server 8 and one in server 7.
    for channel in 80..83 {
        hoyito(&site.table, 8, channel, 2);
        act(&site.table, 8, 1, channel, Command::Play(PlayCommand::Resign)).expect("resigned");
    }
    let here = hoyito(&site.table, 7, 70, 2);
    act(&site.table, 7, 2, 70, Command::Play(PlayCommand::Resign)).expect("resigned");
    let base = pages_on(&site.table, 7);
    let before = store.game_reads.load(Ordering::SeqCst);
    let (status, page) = runtime().block_on(async {
        let response = client().get(format!("{base}/archive?player=ana")).send().await.unwrap();
        (response.status().as_u16(), response.text().await.unwrap())
    });
    assert_eq!(status, 200);
    assert!(page.contains(&format!("#{here}")), "{page}");
    assert_eq!(page.matches("/game/").count(), 1, "only this server's game: {page}");
    let read = store.game_reads.load(Ordering::SeqCst) - before;
    assert!(read <= 1, "the archive of one server read {read} whole games (the other server's too)");
    // An unknown name reads no whole game either.
    let before = store.game_reads.load(Ordering::SeqCst);
    let status = runtime().block_on(async {
        client().get(format!("{base}/archive?player=nobody-here")).send().await.unwrap().status().as_u16()
    });
    assert_eq!(status, 200);
    assert_eq!(store.game_reads.load(Ordering::SeqCst) - before, 0);
}
