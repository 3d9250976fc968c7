//! The web pages over HTTP: a server's pages exist only while its admins have them on, at their secret address;
//! every page escapes what members wrote, carries the strict policy, speaks the reader's language; a live
//! page hears of a move, and a stream that dropped resumes without losing one, also when the move is made by
//! another process sharing a PostgreSQL store.

use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::table::{PageCommand, PlayCommand, RecordCommand, SettingCommand};

use tablero::store::{SledStore, Store};
use tablero::table::{Command, SettingChange};

use crate::common::backends::{Backend, postgres};
use crate::common::web::{act, hoyito, pages_off, pages_on, play_one, serve};

fn sled() -> (tempfile::TempDir, Arc<dyn Store>) {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(SledStore::open(&dir.path().join("data")).unwrap());
    (dir, store)
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(20)).build().unwrap()
}

/// Status and body of a GET, with `headers`.
fn get(url: &str, headers: &[(&str, &str)]) -> (u16, reqwest::header::HeaderMap, String) {
    runtime().block_on(async {
        let mut request = client().get(url);
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        let response = request.send().await.expect("answers");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        (status, headers, response.text().await.unwrap_or_default())
    })
}

/// The pause between pages of a walk over a server's pages, as a reader clicks from one to the next.
const READER_PACE: Duration = Duration::from_millis(50);

/// Every kind of page of a server with game `game` (and player 1 = ana).
fn every_page(base: &str, game: GameId) -> Vec<String> {
    [
        "/".to_string(),
        format!("/game/{game}"),
        format!("/game/{game}?ply=1"),
        format!("/game/{game}/board.png"),
        format!("/game/{game}/record.json"),
        format!("/game/{game}/record.txt"),
        format!("/game/{game}/replay.gif"),
        "/archive".into(),
        "/archive?game=hoyito&player=ana".into(),
        "/player/1".into(),
        "/leaderboard/hoyito".into(),
    ]
    .into_iter()
    .map(|p| format!("{base}{p}"))
    .collect()
}

#[test]
fn a_servers_pages_exist_only_while_its_admins_have_them_on() {
    let (_dir, store) = sled();
    let site = serve(store, false, Duration::from_secs(60));
    let table = &site.table;
    let game = hoyito(table, 7, 70, 3);
    let elsewhere = hoyito(table, 8, 80, 1);
    // Never turned on: nothing of the server is served, whatever the address.
    for page in every_page(&format!("{}/s/0123456789abcdef0123456789abcdef-7", site.url), game) {
        std::thread::sleep(READER_PACE);
        assert_eq!(get(&page, &[]).0, 404, "{page}");
    }
    assert_eq!(get(&format!("{}/game/{game}", site.url), &[]).0, 404, "no server's pages at the root");
    // Only Manage Server turns them on.
    let refused =
        act(table, 7, 2, 99, Command::Setting(SettingCommand::Settings { changes: vec![SettingChange::Web(true)] }));
    assert!(refused.is_err(), "ben has no Manage Server");
    let said = act(table, 7, 2, 99, Command::Page(PageCommand::Web)).unwrap();
    assert!(said[0].text.to_string().contains("/settings server web:on"), "{}", said[0].text);
    let base = pages_on(table, 7);
    assert!(base.starts_with(&format!("{}/s/", site.url)) && base.ends_with("-7"), "{base}");
    let said = act(table, 7, 2, 99, Command::Page(PageCommand::Web)).unwrap();
    assert!(said[0].text.to_string().contains(&base), "/web gives the address: {}", said[0].text);
    for page in every_page(&base, game) {
        std::thread::sleep(READER_PACE);
        let (status, _, _) = get(&page, &[]);
        assert_eq!(status, 200, "{page}");
    }
    // Another server's game is not found under this server's address, nor this one under a wrong secret.
    assert_eq!(get(&format!("{base}/game/{elsewhere}"), &[]).0, 404);
    // A mistyped number in the address shows the page (the latest move, the first page), never an error.
    for page in [
        format!("{base}/game/{game}?ply=abc"),
        format!("{base}/archive?page=-1"),
        format!("{base}/game/{game}/board.png?ply=x"),
    ] {
        assert_eq!(get(&page, &[]).0, 200, "{page}");
    }
    assert_eq!(get(&format!("{base}/game/x1"), &[]).0, 404);
    let wrong = base.replace("/s/", "/s/0");
    assert_eq!(get(&format!("{wrong}/game/{game}"), &[]).0, 404);
    // Off again: every page is gone; on again: a new address, the old one stays gone.
    pages_off(table, 7);
    for page in every_page(&base, game) {
        std::thread::sleep(READER_PACE);
        assert_eq!(get(&page, &[]).0, 404, "{page}");
    }
    let again = pages_on(table, 7);
    assert_ne!(again, base);
    assert_eq!(get(&format!("{again}/game/{game}"), &[]).0, 200);
    assert_eq!(get(&format!("{base}/game/{game}"), &[]).0, 404);
}

#[test]
fn what_members_wrote_is_shown_as_text_under_a_strict_policy() {
    let (_dir, store) = sled();
    let site = serve(store, false, Duration::from_secs(60));
    let table = &site.table;
    let record = std::fs::read_to_string("tests/records/hoyito/001.txt").unwrap();
    let hostile = record
        .replace("\"ana\"", "\"<script>alert(1)</script>\"")
        .replace("1001 ana", "1001 <script>alert(1)</script>");
    let imported =
        act(table, 7, 2, 70, Command::Record(RecordCommand::Import { bytes: hostile.into_bytes(), live: false }))
            .expect("imported");
    let text = imported.iter().map(|r| r.text.to_string()).collect::<String>();
    let id: u64 = text
        .split('#')
        .nth(1)
        .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|s| s.parse().ok())
        .expect(&text);
    let base = pages_on(table, 7);
    for page in [format!("{base}/game/{id}"), format!("{base}/archive"), format!("{base}/")] {
        let (status, headers, body) = get(&page, &[]);
        assert_eq!(status, 200, "{page}");
        assert!(!body.contains("<script>alert"), "{page} carries the name as markup");
        let csp = headers.get("content-security-policy").unwrap().to_str().unwrap();
        assert!(csp.contains("script-src 'self'") && csp.contains("default-src 'none'"), "{csp}");
        assert!(!csp.contains("unsafe-inline"));
        assert_eq!(headers.get("referrer-policy").unwrap(), "no-referrer", "the secret address is never sent on");
        // No inline script or style anywhere: the one script and the one style come from the site.
        assert_eq!(body.matches("<script").count(), 1, "{page}");
        assert!(body.contains("<script src=\"/assets/app.js\" defer></script>"));
        assert!(!body.contains(" style=") && !body.contains(" onclick=") && !body.contains("<style"));
    }
    let (_, _, body) = get(&format!("{base}/game/{id}"), &[]);
    assert!(body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "the name is there, as text");
}

#[test]
fn pages_speak_the_readers_language_and_a_game_page_previews_its_board() {
    let (_dir, store) = sled();
    let site = serve(store, false, Duration::from_secs(60));
    let game = hoyito(&site.table, 7, 70, 2);
    let base = pages_on(&site.table, 7);
    let (_, _, body) = get(&format!("{base}/"), &[("accept-language", "es-MX,es;q=0.9,en;q=0.5")]);
    assert!(body.contains("lang=\"es-419\"") && body.contains("Partidas en curso"), "{body}");
    let (_, headers, body) = get(&format!("{base}/?lang=en"), &[("accept-language", "es")]);
    assert!(body.contains("Games on now"));
    let cookie = headers.get("set-cookie").unwrap().to_str().unwrap().split(';').next().unwrap().to_string();
    let (_, _, body) = get(&format!("{base}/"), &[("accept-language", "es"), ("cookie", &cookie)]);
    assert!(body.contains("Games on now"), "the switch is remembered");
    let (_, _, body) = get(&format!("{base}/game/{game}"), &[]);
    for tag in ["og:title", "og:description", "og:image"] {
        assert!(body.contains(&format!("property=\"{tag}\"")), "{tag}");
    }
    let image =
        body.split("property=\"og:image\" content=\"").nth(1).unwrap().split('"').next().unwrap().replace("&amp;", "&");
    assert!(image.starts_with("http://127.0.0.1:"), "an absolute address: {image}");
    let png = runtime().block_on(async { client().get(&image).send().await.unwrap().bytes().await.unwrap() });
    assert_eq!(&png[..4], b"\x89PNG");
    // Each move links to the position after it, drawn by the server.
    assert!(body.contains(&format!("href=\"{}/game/{game}?ply=1\"", base.trim_start_matches(&site.url))));
    let (_, _, first) = get(&format!("{base}/game/{game}?ply=1"), &[]);
    assert!(first.contains("Move 1 / 2") && first.contains("board.png?ply=1"));
}

/// Reads server-sent events from `response` until one has the id `want` (its data returned), or `within` ends.
async fn event_with_id(response: &mut reqwest::Response, want: u64, within: Duration) -> Option<String> {
    let deadline = Instant::now() + within;
    let mut buffer = String::new();
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        let chunk = tokio::time::timeout(left, response.chunk()).await.ok()?.ok()??;
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let event: String = buffer.drain(..end + 2).collect();
            // An event's id is `revision.moves`.
            let id = event
                .lines()
                .find_map(|l| l.strip_prefix("id: "))
                .and_then(|i| i.trim().split('.').next()?.parse::<u64>().ok());
            if id == Some(want) {
                return Some(event.lines().filter_map(|l| l.strip_prefix("data: ")).collect::<Vec<_>>().join("\n"));
            }
        }
    }
}

fn live_page_follows(store: Arc<dyn Store>, mover: Arc<dyn Store>) {
    let site = serve(store, false, Duration::from_secs(60));
    let game = hoyito(&site.table, 7, 70, 1);
    let base = pages_on(&site.table, 7);
    // The moves are made through another table (another process's, when the stores are two connections).
    let other = tablero::table::Table::new(mover, tablero::table::TableConfig::default());
    let revision = site.table.web_revision(GuildId(7), game).unwrap().unwrap();
    runtime().block_on(async {
        let events = format!("{base}/game/{game}/events?since={revision}");
        let mut stream = client().get(&events).send().await.unwrap();
        assert_eq!(stream.status().as_u16(), 200);
        let played = tokio::task::spawn_blocking(move || play_one(&other, 7, 70, game)).await.unwrap();
        let next = site.table.web_revision(GuildId(7), game).unwrap().unwrap();
        assert!(next > revision);
        let data = event_with_id(&mut stream, next, Duration::from_secs(10)).await.expect("the move reaches the page");
        assert!(data.contains("Move 2 / 2"), "{data}");
        assert!(data.contains(&format!(": {played}<")), "{data}");
        // The stream drops; a move is made meanwhile; the page comes back with the last id it heard.
        drop(stream);
        let table = site.table.clone();
        tokio::task::spawn_blocking(move || play_one(&table, 7, 70, game)).await.unwrap();
        let latest = site.table.web_revision(GuildId(7), game).unwrap().unwrap();
        let mut resumed = client()
            .get(format!("{base}/game/{game}/events"))
            .header("Last-Event-ID", next.to_string())
            .send()
            .await
            .unwrap();
        let data = event_with_id(&mut resumed, latest, Duration::from_secs(10))
            .await
            .expect("the missed move is sent at once");
        assert!(data.contains("Move 3 / 3"), "{data}");
    });
}

#[test]
fn a_live_page_hears_of_each_move_and_a_dropped_stream_loses_none() {
    let (_dir, store) = sled();
    live_page_follows(store.clone(), store);
}

#[test]
fn a_move_made_by_another_process_on_postgresql_reaches_a_live_page() {
    let Some(backend) = postgres() else { return };
    let fresh = backend.fresh();
    let (serving, moving) = (fresh.store().clone(), fresh.another());
    assert!(matches!(backend, Backend::Postgres(_)));
    live_page_follows(serving, moving);
}

#[test]
fn an_open_live_page_stops_hearing_of_a_server_whose_pages_are_turned_off() {
    let (_dir, store) = sled();
    let site = serve(store, false, Duration::from_secs(60));
    let game = hoyito(&site.table, 7, 70, 1);
    let base = pages_on(&site.table, 7);
    let table = site.table.clone();
    runtime().block_on(async {
        let mut stream = client().get(format!("{base}/game/{game}/events?since=0")).send().await.unwrap();
        assert_eq!(stream.status().as_u16(), 200);
        tokio::task::spawn_blocking(move || pages_off(&table, 7)).await.unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let left = deadline.checked_duration_since(Instant::now()).expect("the stream ends once the pages are off");
            match tokio::time::timeout(left, stream.chunk()).await {
                Ok(Ok(Some(_))) => continue,
                Ok(Ok(None)) | Ok(Err(_)) => break,
                Err(_) => panic!("the stream is still open after the pages were turned off"),
            }
        }
    });
}

#[test]
fn a_leaderboard_and_a_tournament_link_their_players_to_their_pages() {
    let (_dir, store) = sled();
    let site = serve(store, false, Duration::from_secs(60));
    let base = pages_on(&site.table, 7);
    let (_, _, empty) = get(&format!("{base}/leaderboard/hoyito"), &[]);
    assert!(empty.contains("Nobody has a Hoyito II rating in this server yet"), "{empty}");
    let tournament = crate::common::web::elimination(&site.table, 7);
    let (status, _, board) = get(&format!("{base}/leaderboard/hoyito"), &[]);
    assert_eq!(status, 200);
    let path = base.trim_start_matches(&site.url).to_string();
    assert!(board.contains(&format!("<a href=\"{path}/player/1\">ana</a>")), "{board}");
    assert_eq!(board.matches(">ana</a>").count(), 1, "each player once: {board}");
    let (_, _, shown) = get(&format!("{base}/tournament/{tournament}"), &[]);
    assert!(shown.contains(&format!("<a href=\"{path}/player/4\">dan</a>")), "{shown}");
    assert!(shown.contains(&format!("<a href=\"{path}/game/")), "the pairings link their games");
    // One round a view, the latest unless another is asked for; every round linked.
    assert!(shown.contains(r#"<a aria-current="page" href="?round=2">2</a>"#), "{shown}");
    assert!(shown.contains(r#"<a href="?round=1">1</a>"#), "{shown}");
    let (_, _, first) = get(&format!("{base}/tournament/{tournament}?round=1"), &[]);
    let games = |page: &str| page.matches(&format!("<a href=\"{path}/game/")).count();
    assert_eq!((games(&first), games(&shown)), (2, 1), "round 1 has two games, the final one:\n{first}\n{shown}");
    let (status, _, beyond) = get(&format!("{base}/tournament/{tournament}?round=99"), &[]);
    assert_eq!((status, games(&beyond)), (200, 1), "a round beyond the last shows the last");
    let (_, _, ana) = get(&format!("{base}/player/1"), &[]);
    assert!(ana.contains("Hoyito II") && ana.contains("chart.png"), "{ana}");
}

/// Two real processes on one PostgreSQL database: `tablero local` serves the pages, this test's table makes the
/// moves; an open stream on the console's page hears of them.
#[test]
fn a_move_made_in_one_process_reaches_a_page_served_by_another_on_postgresql() {
    let Some(backend) = postgres() else { return };
    let fresh = backend.fresh();
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut console = std::process::Command::new(env!("CARGO_BIN_EXE_tablero"))
        .arg("local")
        .arg("--out")
        .arg(dir.path().join("out"))
        .env("TABLERO_STORE_URL", fresh.location())
        .env("TABLERO_WEB_LISTEN", format!("127.0.0.1:{port}"))
        .env_remove("DISCORD_TOKEN")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("tablero local starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the console's pages never answered");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The console's one server is server 1, its pages at the root (and open, as this table takes them).
    let config = tablero::table::TableConfig { web_open: true, ..Default::default() };
    let table = Arc::new(tablero::table::Table::new(fresh.another(), config));
    let game = hoyito(&table, 1, 70, 1);
    let url = format!("http://127.0.0.1:{port}/game/{game}");
    let (status, _, page) = get(&url, &[]);
    assert_eq!(status, 200, "{page}");
    let since = page.split("events?since=").nth(1).and_then(|r| r.split('"').next()).unwrap().to_string();
    runtime().block_on(async {
        let mut stream = client().get(format!("{url}/events?since={since}")).send().await.unwrap();
        assert_eq!(stream.status().as_u16(), 200);
        let mover = table.clone();
        let played = tokio::task::spawn_blocking(move || play_one(&mover, 1, 70, game)).await.unwrap();
        let next = table.web_revision(GuildId(1), game).unwrap().unwrap();
        let data = event_with_id(&mut stream, next, Duration::from_secs(10)).await.expect("the move crosses processes");
        assert!(data.contains("Move 2 / 2") && data.contains(&format!(": {played}<")), "{data}");
    });
    let _ = console.kill();
    let _ = console.wait();
}

/// A move made through the table that serves the pages reaches them at once, not at the watcher's next look
/// (here a minute away; the test allows a third of it, for a loaded machine).
#[test]
fn a_move_through_the_serving_table_reaches_its_pages_at_once() {
    let (_dir, store) = sled();
    let site = crate::common::web::serve_polling(store, false, Duration::from_secs(60), Duration::from_secs(60));
    let game = hoyito(&site.table, 7, 70, 1);
    let base = pages_on(&site.table, 7);
    let revision = site.table.web_revision(GuildId(7), game).unwrap().unwrap();
    runtime().block_on(async {
        let mut stream = client().get(format!("{base}/game/{game}/events?since={revision}")).send().await.unwrap();
        // The stream is subscribed once its answer has come: the move comes after.
        assert_eq!(stream.status().as_u16(), 200);
        let table = site.table.clone();
        tokio::task::spawn_blocking(move || play_one(&table, 7, 70, game)).await.unwrap();
        let next = site.table.web_revision(GuildId(7), game).unwrap().unwrap();
        let data = event_with_id(&mut stream, next, Duration::from_secs(20)).await.expect("heard at once");
        assert!(data.contains("Move 2 / 2"), "{data}");
    });
}

#[test]
fn the_archive_pages_from_its_data_without_discords_hint() {
    let (_dir, store) = sled();
    let site = serve(store, false, Duration::from_secs(60));
    let base = pages_on(&site.table, 7);
    // Twelve games resigned at once, each in its own channel: two pages of ten.
    for channel in 0..12 {
        hoyito(&site.table, 7, 300 + channel, 0);
        act(&site.table, 7, 1, 300 + channel, Command::Play(PlayCommand::Resign)).expect("resigned");
    }
    let (status, _, first) = get(&format!("{base}/archive"), &[]);
    assert_eq!(status, 200);
    assert!(first.contains(r#"rel="next" href="?page=2""#) && !first.contains(r#"rel="prev""#), "{first}");
    let hint = tablero::i18n::text(tablero::i18n::Locale::English, &tablero::i18n::Message::new("archive-hint"));
    assert!(!first.contains(hint.split_whitespace().take(4).collect::<Vec<_>>().join(" ").as_str()), "{first}");
    let (_, _, second) = get(&format!("{base}/archive?page=2"), &[]);
    assert!(second.contains(r#"rel="prev" href="?page=1""#) && !second.contains(r#"rel="next""#), "{second}");
    assert_eq!(second.matches(&format!("{}/game/", base.trim_start_matches(&site.url))).count(), 2, "{second}");
    // On Discord the same page ends with how to get a record or a replay.
    let said =
        act(&site.table, 7, 1, 99, Command::Record(RecordCommand::Archive { player: None, game: None, page: 0 }))
            .unwrap();
    assert!(said[0].text.to_string().ends_with(&hint), "{}", said[0].text);
}
