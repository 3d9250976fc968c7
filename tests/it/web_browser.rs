//! The web pages in a real browser: Debian's Chromium, headless, driven through chromedriver (WebDriver). A page
//! follows a game as moves are made through the table, without a reload, also across dropped event streams; its
//! moves step forward and back by click and by key; the archive filters; a tournament shows its standings and
//! bracket; the Spanish switch; a name written as a script stays text; pages turned off are gone; lessons and a
//! puzzle are taken on a phone's screen. Every page visited is checked for accessibility (text alternatives,
//! labels, contrast, keyboard reach). Where no Chromium is installed the tests say so in one line and pass,
//! unless `TABLERO_BROWSER_TESTS=required` (as CI sets).

use std::process::{Child, Command as Process, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero::table::RecordCommand;

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;
use tablero::store::{SledStore, Store};
use tablero::table::Command;

use crate::common::web::{act, elimination, hoyito, pages_off, pages_on, play_one, serve};

/// Every wait on the browser is bounded.
const WAIT: Duration = Duration::from_secs(20);

struct Driver {
    child: Child,
    url: String,
    profile: tempfile::TempDir,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver on a free port, when Chromium and chromedriver are installed.
fn driver() -> Option<Driver> {
    let found = |path: &str| std::path::Path::new(path).exists();
    if !found("/usr/bin/chromedriver") || !found("/usr/bin/chromium") {
        if std::env::var("TABLERO_BROWSER_TESTS").as_deref() == Ok("required") {
            panic!("the browser tests are required but /usr/bin/chromium or /usr/bin/chromedriver is missing");
        }
        static SAID: std::sync::Once = std::sync::Once::new();
        SAID.call_once(|| {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr().lock(),
                "browser tests skipped: install Debian's chromium and chromium-driver to run them"
            );
        });
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Process::new("/usr/bin/chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let deadline = Instant::now() + WAIT;
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not answer");
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(Driver { child, url: format!("http://127.0.0.1:{port}"), profile: tempfile::tempdir().unwrap() })
}

/// A headless Chromium session, with the flags that keep it off the network and a fresh profile.
async fn browser(driver: &Driver, width: u32, height: u32) -> Client {
    let profile = driver.profile.path().join(format!("p{width}"));
    let args = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        "--lang=en-US",
    ]
    .into_iter()
    .map(String::from)
    .chain([format!("--user-data-dir={}", profile.display()), format!("--window-size={width},{height}")])
    .collect::<Vec<_>>();
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".into(), json!({ "binary": "/usr/bin/chromium", "args": args }));
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    tokio::time::timeout(WAIT, ClientBuilder::new(connector).capabilities(capabilities).connect(&driver.url))
        .await
        .expect("the browser starts in time")
        .expect("a browser session")
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

/// Waits until `check` holds of the page's text, for at most `within`.
async fn until_text(client: &Client, within: Duration, check: impl Fn(&str) -> bool) -> String {
    until_in(client, "body", within, check).await
}

/// Waits until `check` holds of the text of what `css` finds (all of it), for at most `within`.
async fn until_in(client: &Client, css: &str, within: Duration, check: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + within;
    loop {
        let mut text = String::new();
        for found in client.find_all(Locator::Css(css)).await.unwrap() {
            text.push_str(&found.text().await.unwrap_or_default());
            text.push('\n');
        }
        if check(&text) {
            return text;
        }
        assert!(Instant::now() < deadline, "the page never showed what was awaited; it shows:\n{text}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The width of the picture `css` finds, once the browser has loaded it (0: it failed to load).
async fn picture_width(client: &Client, css: &str) -> u64 {
    let deadline = Instant::now() + WAIT;
    let script = format!("const i = document.querySelector('{css}'); return i && i.complete ? i.naturalWidth : null;");
    loop {
        if let Some(width) = client.execute(&script, vec![]).await.unwrap().as_u64() {
            return width;
        }
        assert!(Instant::now() < deadline, "the picture {css} never loaded");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The accessibility checks, written out: the page's language and title, one main heading, a text
/// alternative for every image, a label for every field, text in every link and button, every control in
/// keyboard reach, and the contrast of every text with its background (WCAG AA: 4.5, 3 for large text).
const AUDIT: &str = r#"
const problems = [];
if (!document.documentElement.lang) problems.push("the page has no language");
if (!document.title.trim()) problems.push("the page has no title");
if (document.querySelectorAll("h1").length !== 1) problems.push("one main heading expected");
for (const img of document.images) {
  if (!(img.getAttribute("alt") || "").trim()) problems.push("an image without a text alternative: " + img.src);
}
for (const field of document.querySelectorAll("input:not([type=hidden]), select, textarea")) {
  const label = field.id && document.querySelector('label[for="' + field.id + '"]');
  if (!label && !field.getAttribute("aria-label")) problems.push("a field without a label: " + field.name);
}
for (const control of document.querySelectorAll("a[href], button, input:not([type=hidden]), select, summary")) {
  if (control.tabIndex < 0) problems.push("out of keyboard reach: " + control.outerHTML.slice(0, 60));
  if (control.matches("a, button, summary") && !control.textContent.trim() && !control.getAttribute("aria-label")) {
    problems.push("a control without words: " + control.outerHTML.slice(0, 60));
  }
}
const channels = (c) => c.match(/[\d.]+/g).map(Number);
const luminance = ([r, g, b]) => {
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};
const background = (el) => {
  for (; el; el = el.parentElement) {
    const c = channels(getComputedStyle(el).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
  }
  return [255, 255, 255];
};
for (const el of document.body.querySelectorAll("*")) {
  const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const style = getComputedStyle(el);
  if (!own || style.display === "none" || style.visibility === "hidden" || el.closest(".skip")) continue;
  if (el.closest("details:not([open])") && !el.closest("summary")) continue;
  const a = luminance(channels(style.color).slice(0, 3)), b = luminance(background(el));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
  const large = size >= 24 || (size >= 18.66 && bold);
  if (ratio < (large ? 3 : 4.5)) {
    problems.push("contrast " + ratio.toFixed(2) + " of " + el.tagName + " '" + el.textContent.trim().slice(0, 30) + "'");
  }
}
return problems;
"#;

async fn audit(client: &Client) {
    let url = client.current_url().await.unwrap();
    let found = client.execute(AUDIT, vec![]).await.unwrap();
    let problems: Vec<String> = serde_json::from_value(found).unwrap();
    assert!(problems.is_empty(), "accessibility of {url}: {problems:#?}");
}

/// Saves what the browser shows as `name` among the test screenshots (docs/web.md shows them).
async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join(format!("{name}.png")), png).unwrap();
}

fn sled() -> (tempfile::TempDir, Arc<dyn Store>) {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(SledStore::open(&dir.path().join("data")).unwrap());
    (dir, store)
}

#[test]
fn in_a_browser_a_game_page_follows_each_move_and_steps_through_them() {
    let Some(driver) = driver() else { return };
    let (_dir, store) = sled();
    // Event streams are closed every second, so the page also has to come back (with its last event's id).
    let site = serve(store, false, Duration::from_secs(1));
    let table = site.table.clone();
    let game = hoyito(&table, 7, 70, 2);
    let base = pages_on(&table, 7);
    runtime().block_on(async {
        let client = browser(&driver, 1024, 1000).await;
        client.goto(&format!("{base}/game/{game}")).await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Move 2 / 2")).await;
        audit(&client).await;
        // A move made through the table shows on the open page without a reload: a mark left in the page
        // survives every update. (The bound is loose so that a loaded machine does not fail the test; the time a
        // move takes to reach a page is measured by `cargo bench --bench web`, tens of milliseconds.)
        client.execute("window.tableroStayed = true; return null;", vec![]).await.unwrap();
        for n in 3..=6 {
            let mover = table.clone();
            let played = tokio::task::spawn_blocking(move || play_one(&mover, 7, 70, game)).await.unwrap();
            let text = until_text(&client, WAIT, |t| t.contains(&format!("Move {n} / {n}"))).await;
            assert!(text.contains(&format!(": {played}")), "move {n} ({played}) is in the list:\n{text}");
            let stayed = client.execute("return window.tableroStayed === true;", vec![]).await.unwrap();
            assert_eq!(stayed, serde_json::Value::Bool(true), "the page was not reloaded");
            // Across the streams' closing: the next move waits a little over one.
            tokio::time::sleep(Duration::from_millis(700)).await;
        }
        let items = client.find_all(Locator::Css("ol.moves li")).await.unwrap();
        assert_eq!(items.len(), 6, "no move lost");
        screenshot(&client, "game").await;
        // Clicking move 3 shows the position after move 3, drawn by the server.
        client.find(Locator::Css("ol.moves li:nth-child(3) a")).await.unwrap().click().await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Move 3 / 6")).await;
        let src = client.find(Locator::Css("figure.board img")).await.unwrap().attr("src").await.unwrap().unwrap();
        assert!(src.contains("ply=3"), "{src}");
        assert!(picture_width(&client, "figure.board img").await > 100, "the position's picture loads");
        audit(&client).await;
        // The arrow keys step back and forth.
        client.find(Locator::Css("body")).await.unwrap().send_keys("\u{E012}").await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Move 2 / 6")).await;
        client.find(Locator::Css("body")).await.unwrap().send_keys("\u{E014}").await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Move 3 / 6")).await;
        client.close().await.unwrap();
    });
}

#[test]
fn in_a_browser_the_archive_filters_and_a_tournament_shows_its_standings_and_bracket() {
    let Some(driver) = driver() else { return };
    let (_dir, store) = sled();
    let site = serve(store, false, Duration::from_secs(60));
    let table = site.table.clone();
    for file in ["hoyito/001.txt", "epaminondas/001.txt", "ocencahuac/001.txt"] {
        let bytes = std::fs::read(format!("tests/records/{file}")).unwrap();
        act(&table, 7, 2, 70, Command::Record(RecordCommand::Import { bytes, live: false })).expect("imported");
    }
    let tournament = elimination(&table, 7);
    hoyito(&table, 7, 71, 3);
    let base = pages_on(&table, 7);
    runtime().block_on(async {
        let client = browser(&driver, 1024, 1100).await;
        client.goto(&format!("{base}/")).await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Games on now")).await;
        audit(&client).await;
        screenshot(&client, "server").await;
        // The archive, filtered by game through its form.
        client.goto(&format!("{base}/archive")).await.unwrap();
        let all = until_text(&client, WAIT, |t| t.contains("Epaminondas") && t.contains("Ocencahuac")).await;
        assert!(all.contains("Hoyito II"), "{all}");
        audit(&client).await;
        client.find(Locator::Css("select#game")).await.unwrap().select_by_value("epaminondas").await.unwrap();
        client.find(Locator::Css("form.filters button")).await.unwrap().click().await.unwrap();
        let filtered =
            until_in(&client, "section.reply", WAIT, |t| t.contains("Epaminondas") && !t.contains("Ocencahuac")).await;
        assert!(!filtered.contains("Hoyito II"), "{filtered}");
        screenshot(&client, "archive").await;
        // And by a player's name: dan played only in the tournament.
        client.goto(&format!("{base}/archive")).await.unwrap();
        client.find(Locator::Css("input#player")).await.unwrap().send_keys("dan").await.unwrap();
        client.find(Locator::Css("form.filters button")).await.unwrap().click().await.unwrap();
        // The unfiltered archive names dan too: the filtered one is read once the browser is on it.
        let deadline = Instant::now() + WAIT;
        while !client.current_url().await.unwrap().as_str().contains("player=dan") {
            assert!(Instant::now() < deadline, "the filter was never sent");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let dan = until_in(&client, "section.reply", WAIT, |t| t.contains("dan") && !t.contains("Epaminondas")).await;
        assert!(!dan.contains("Epaminondas"), "{dan}");
        // The tournament: standings with tie-breaks, the latest round's pairings, the bracket picture; a link
        // to the other round.
        client.goto(&format!("{base}/tournament/{tournament}")).await.unwrap();
        let page = until_text(&client, WAIT, |t| t.contains("Buchholz")).await;
        assert!(page.contains("round 2:") && !page.contains("round 1:"), "{page}");
        let width = picture_width(&client, "figure img").await;
        assert!(width >= 300, "the bracket's picture loads: {width} pixels wide");
        audit(&client).await;
        screenshot(&client, "tournament").await;
        client.find(Locator::Css("nav.pager a[href='?round=1']")).await.unwrap().click().await.unwrap();
        let first = until_text(&client, WAIT, |t| t.contains("round 1:")).await;
        assert!(first.contains("Buchholz") && !first.contains("round 2:"), "{first}");
        for (page, name) in [("/leaderboard/hoyito", "leaderboard"), ("/player/1", "player")] {
            client.goto(&format!("{base}{page}")).await.unwrap();
            until_text(&client, WAIT, |t| t.contains("tablero")).await;
            audit(&client).await;
            screenshot(&client, name).await;
        }
        // The leaderboard is a table: a caption, a header for each column, a row a player.
        client.goto(&format!("{base}/leaderboard/hoyito")).await.unwrap();
        let headers = client.find_all(Locator::Css("table.ranking thead th")).await.unwrap();
        assert_eq!(headers.len(), 5, "rank, player, rating, games, win rate");
        let rows = client.find_all(Locator::Css("table.ranking tbody tr")).await.unwrap();
        assert!(!rows.is_empty(), "a row a rated player");
        client.close().await.unwrap();
    });
}

#[test]
fn in_a_browser_spanish_pages_names_as_text_and_pages_turned_off_are_gone() {
    let Some(driver) = driver() else { return };
    let (_dir, store) = sled();
    let site = serve(store, false, Duration::from_secs(60));
    let table = site.table.clone();
    let record = std::fs::read_to_string("tests/records/hoyito/001.txt").unwrap();
    let hostile = record
        .replace("\"ana\"", "\"<script>alert(1)</script>\"")
        .replace("1001 ana", "1001 <script>alert(1)</script>");
    act(&table, 7, 2, 70, Command::Record(RecordCommand::Import { bytes: hostile.into_bytes(), live: false }))
        .expect("imported");
    let game = hoyito(&table, 7, 71, 1);
    let base = pages_on(&table, 7);
    runtime().block_on(async {
        let client = browser(&driver, 412, 915).await;
        client.goto(&format!("{base}/game/1")).await.unwrap();
        let text = until_text(&client, WAIT, |t| t.contains("<script>alert(1)</script>")).await;
        assert!(text.contains("Moves"), "{text}");
        assert!(client.get_alert_text().await.is_err(), "no script ran");
        audit(&client).await;
        // The switch to Spanish, remembered on the next page.
        client.find(Locator::Css("a[hreflang=es]")).await.unwrap().click().await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Jugadas")).await;
        let lang = client.execute("return document.documentElement.lang", vec![]).await.unwrap();
        assert!(lang.as_str().unwrap().starts_with("es"), "{lang}");
        client.goto(&format!("{base}/game/{game}")).await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Jugada 1 / 1") && t.contains("El registro de la partida")).await;
        audit(&client).await;
        screenshot(&client, "game-es-phone").await;
        // Off: every page of the server is gone.
        let off = table.clone();
        tokio::task::spawn_blocking(move || pages_off(&off, 7)).await.unwrap();
        for page in ["/", "/game/1", "/archive", "/tournament/1", "/leaderboard/hoyito"] {
            client.goto(&format!("{base}{page}")).await.unwrap();
            let title = client.title().await.unwrap();
            assert!(title.starts_with("Página no encontrada"), "{page}: {title}");
        }
        client.close().await.unwrap();
    });
}

/// The number of moves a game's page shows as played (its stepper's "Move N / N").
async fn moves_shown(client: &Client) -> usize {
    let at = until_in(client, "span.at", WAIT, |t| t.contains(" / ")).await;
    at.trim().rsplit(" / ").next().and_then(|n| n.trim().parse().ok()).unwrap_or(0)
}

/// Waits (at most `within`) until the page shows `n` moves played; whether it did.
async fn shows_moves(client: &Client, n: usize, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    loop {
        let at = match client.find(Locator::Css("span.at")).await {
            Ok(found) => found.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if at.trim().rsplit(" / ").next().and_then(|t| t.trim().parse::<usize>().ok()) == Some(n) {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A member signs in with Discord (the fake's) in the browser and plays a whole Hoyito game on the game's page,
/// by keyboard and by click, against a member playing on the fake Discord: each side sees the other's moves
/// (the page comes again with the new position when the opponent moves). The page with its controls passes the
/// accessibility checks.
#[test]
fn in_a_browser_a_member_signs_in_and_plays_a_whole_game_on_the_page() {
    use crate::fake_discord::FakeDiscord;
    let Some(driver) = driver() else { return };
    runtime().block_on(async {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let started = crate::web_play::start(&fake, dir.path()).await;
        let channel = format!("/channels/{}/messages", started.place.channel);
        fake.sign_in_as(&started.ana);
        let client = browser(&driver, 1024, 1000).await;
        client.goto(&started.url).await.unwrap();
        screenshot(&client, "sign-in").await;
        client.find(Locator::LinkText("Sign in with Discord to play")).await.unwrap().click().await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Signed in as ana.")).await;
        assert_eq!(client.current_url().await.unwrap().as_str(), started.url);
        audit(&client).await;
        screenshot(&client, "play").await;
        let mut by_keyboard = true;
        let mut turns = (0, 0);
        loop {
            let ply = moves_shown(&client).await;
            let status = until_in(&client, ".status", WAIT, |t| !t.trim().is_empty()).await;
            if status.contains("ana (South) to move") {
                // Her move: the first hole she may sow, by keyboard (focused, then Enter) the first time. The page
                // may come again meanwhile (a write of the game it had not yet shown): a press it swallowed is made
                // again on the page as it is (a form twice would play once: it carries the move's number).
                let css = format!("#play button[value^='g:1:m:{ply}:']:not([disabled])");
                let mut tries = 0;
                loop {
                    tries += 1;
                    assert!(tries <= 5, "her move {ply} was never taken");
                    let Ok(hole) = client.wait().at_most(WAIT).for_element(Locator::Css(&css)).await else { continue };
                    let pressed = if by_keyboard { hole.send_keys("\u{E007}").await } else { hole.click().await };
                    by_keyboard = false;
                    if pressed.is_ok() && shows_moves(&client, ply + 1, Duration::from_secs(4)).await {
                        break;
                    }
                }
                turns.0 += 1;
            } else if status.contains("ben (North) to move") {
                // His move on Discord, on the latest board posted in the channel (once posted: the page may show
                // her move, through its live stream, before the board of it reaches the channel).
                let prefix = format!("g:1:m:{ply}:");
                let latest = || {
                    fake.log().iter().rev().filter(|r| r.path == channel && r.created.is_some()).find_map(|r| {
                        let id = r.created.unwrap();
                        fake.enabled_buttons(id).into_iter().find(|b| b.starts_with(&prefix)).map(|b| (id, b))
                    })
                };
                let deadline = Instant::now() + WAIT;
                let (board, button) = loop {
                    if let Some(found) = latest() {
                        break found;
                    }
                    if Instant::now() > deadline {
                        let posts: Vec<String> = fake
                            .log()
                            .iter()
                            .filter(|r| {
                                r.path.contains(&started.place.channel.to_string()) || r.path.contains("interactions")
                            })
                            .map(|r| {
                                format!(
                                    "{} {} {:?} {:?} | {}",
                                    r.method,
                                    r.path,
                                    r.created,
                                    r.button_ids().first(),
                                    r.content().lines().next().unwrap_or_default()
                                )
                            })
                            .collect();
                        panic!("no board for move {ply} in the channel: {posts:#?}");
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                };
                fake.press(&started.ben, started.place, board, &button).await;
                turns.1 += 1;
            } else {
                assert!(!status.contains("to move"), "someone is to move: {status}");
                break;
            }
            // Either way, the page shows the move (after her post, or through the live stream's reload).
            assert!(shows_moves(&client, ply + 1, WAIT).await, "move {} never showed", ply + 1);
            assert!(ply < 400, "a game of Hoyito ends");
        }
        assert!(turns.0 > 3 && turns.1 > 3, "both played: {turns:?}");
        // Her page shows no move any more, and offers a rematch.
        until_text(&client, WAIT, |t| t.contains("Rematch")).await;
        audit(&client).await;
        client.close().await.unwrap();
    });
}

/// The Activity inside the tests' Discord client (the fake's proxy and client page, with Discord's content
/// security policy for the frame): Discord's SDK greets the client, the client authorises ana, the Activity
/// signs her in and shows the channel's game; her move made in it is posted in the fake Discord's channel, and
/// ben's move on Discord reaches it, though Discord's proxy holds its event stream back (the page's own check
/// brings it). Nothing it loads breaks Discord's policy, and it passes the accessibility checks.
#[test]
fn in_discords_client_the_activity_signs_the_member_in_and_her_move_reaches_the_channel() {
    use crate::fake_discord::FakeDiscord;
    use crate::fake_discord::activity::ActivityClient;
    use crate::fake_discord::payloads::GUILD_ID;
    let Some(driver) = driver() else { return };
    runtime().block_on(async {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let started = crate::web_play::start(&fake, dir.path()).await;
        let channel = format!("/channels/{}/messages", started.place.channel);
        let discord = ActivityClient::start(&fake, &started.site).await;
        discord.hold_event_streams();
        let client = browser(&driver, 800, 1000).await;
        client.goto(&discord.launch_url(GUILD_ID, started.place.channel, started.ana.id)).await.unwrap();
        client.wait().at_most(WAIT).for_element(Locator::Css("iframe")).await.unwrap();
        client.enter_frame(0).await.unwrap();
        let started_in =
            until_text(&client, WAIT, |t| t.contains("Signed in as ana.") || t.contains("could not")).await;
        if !started_in.contains("Signed in") {
            let why = client
                .execute("const p = document.getElementById('activity-state'); return p && p.dataset.why;", vec![])
                .await;
            panic!("the Activity did not start: {why:?}; {:?}", discord.violations());
        }
        assert!(shows_moves(&client, 0, WAIT).await);
        audit(&client).await;

        // Her move, pressed in the Activity: posted in the channel as a move made on Discord.
        let from = fake.mark();
        let css = "#play button[value^='g:1:m:0:']:not([disabled])";
        client.wait().at_most(WAIT).for_element(Locator::Css(css)).await.unwrap().click().await.unwrap();
        let posted = fake.wait_for(from, "her move's board", |r| r.path == channel && r.created.is_some()).await;
        assert!(shows_moves(&client, 1, WAIT).await, "her move shows in the Activity");

        // His move on Discord reaches the Activity, its live stream held back by the proxy.
        let board = posted.created.unwrap();
        let button = fake.enabled_buttons(board).into_iter().find(|b| b.starts_with("g:1:m:1:")).expect("his move");
        fake.press(&started.ben, started.place, board, &button).await;
        assert!(shows_moves(&client, 2, WAIT).await, "his move shows in the Activity");
        until_in(&client, ".status", WAIT, |t| t.contains("ana (South) to move")).await;
        // Only Discord's client speaks to the SDK: a message from any other origin (a sandboxed frame's `null`
        // among them) is stopped before any listener after the guard hears it.
        let heard = client
            .execute(
                r#"const heard = [];
                window.addEventListener("message", (e) => heard.push(e.origin));
                for (const origin of ["null", "https://other.example", location.origin, "https://discord.com"]) {
                  window.dispatchEvent(new MessageEvent("message", { origin, data: "ping" }));
                }
                return heard;"#,
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(heard, json!([discord.origin, "https://discord.com"]));
        client.enter_parent_frame().await.unwrap();
        screenshot(&client, "activity").await;

        // The SDK spoke Discord's protocol: one handshake for the app, then its authorisation.
        let spoken = client.execute("return [window.handshakes, window.commands];", vec![]).await.unwrap();
        let handshake = &spoken[0][0];
        assert_eq!(handshake["client_id"], json!(crate::fake_discord::oauth::CLIENT_ID), "{spoken}");
        assert_eq!(handshake["v"], json!(1));
        assert!(spoken[1].as_array().unwrap().contains(&json!("AUTHORIZE")), "{spoken}");
        assert!(discord.violations().is_empty(), "Discord's policy was broken: {:?}", discord.violations());
        assert!(fake.oauth_refused().is_empty(), "{:?}", fake.oauth_refused());
        client.close().await.unwrap();
    });
}

/// A whole Epaminondas game (the small board) in the browser: ana picks a piece on the page's board and presses
/// where it goes, ben answers on the fake Discord with the move it suggests, each seeing the other's moves, until
/// the game ends by the rules. The board with a piece picked passes the accessibility checks.
#[test]
fn in_a_browser_a_member_plays_a_whole_epaminondas_game_on_the_board() {
    use crate::fake_discord::FakeDiscord;
    use crate::fake_discord::harness::Place;
    use crate::fake_discord::payloads::Opt;
    let Some(driver) = driver() else { return };
    runtime().block_on(async {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let started = crate::web_play::start(&fake, dir.path()).await;
        let (ana, ben) = (started.ana.clone(), started.ben.clone());
        let hall = Place { channel: 941, thread: false };
        let options = [
            Opt::User("opponent", ben.clone()),
            Opt::Int("first", 1),
            Opt::Bool("thread", false),
            Opt::Str("options", "board=8x8".into()),
        ];
        fake.slash(&ana, hall, &["play", "epaminondas"], &options).await;
        fake.slash(&ben, hall, &["accept"], &[]).await;
        let game = started.url.replace("/game/1", "/game/2");
        fake.sign_in_as(&ana);
        let client = browser(&driver, 800, 1000).await;
        client.goto(&game).await.unwrap();
        client.find(Locator::LinkText("Sign in with Discord to play")).await.unwrap().click().await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Signed in as ana.")).await;
        let mut audited = false;
        let mut turns = (0, 0);
        loop {
            let ply = moves_shown(&client).await;
            let status = until_in(&client, ".status", WAIT, |t| !t.trim().is_empty()).await;
            if status.contains("ana (White) to move") {
                // The most advanced of her pieces that can move, then the farthest square it reaches alone; the
                // first time by keyboard alone (focused, then Enter).
                let pick = client.wait().at_most(WAIT).for_element(Locator::Css("a.pick")).await.unwrap();
                if audited {
                    pick.click().await.unwrap()
                } else {
                    pick.send_keys("\u{E007}").await.unwrap()
                }
                let target = client.wait().at_most(WAIT).for_element(Locator::Css("button.target")).await.unwrap();
                if !audited {
                    audit(&client).await;
                    screenshot(&client, "play-epaminondas").await;
                    target.send_keys("\u{E007}").await.unwrap();
                    audited = true;
                } else {
                    target.click().await.unwrap();
                }
                turns.0 += 1;
            } else if status.contains("ben (Black) to move") {
                let typed = [Opt::Focused("notation", String::new())];
                let suggested = fake.autocomplete(&ben, hall, &["move"], &typed).await;
                let answered = fake.slash(&ben, hall, &["move"], &[Opt::Str("notation", suggested[0].clone())]).await;
                assert!(!answered.is_ephemeral(), "{}", answered.content());
                turns.1 += 1;
            } else {
                assert!(!status.contains("to move"), "someone is to move: {status}");
                break;
            }
            assert!(shows_moves(&client, ply + 1, WAIT).await, "move {} never showed", ply + 1);
            assert!(ply < 200, "a game of Epaminondas on the small board ends");
        }
        assert!(turns.0 > 2 && turns.1 > 2, "both played: {turns:?}");
        until_text(&client, WAIT, |t| t.contains("Rematch")).await;
        client.close().await.unwrap();
    });
}

/// Clicks what `css` finds, once it is there.
async fn click(client: &Client, css: &str) {
    let found = client.wait().at_most(WAIT).for_element(Locator::Css(css)).await;
    found.unwrap_or_else(|e| panic!("{css} never showed: {e}")).click().await.unwrap();
}

/// The lessons and a puzzle on a phone's screen: the member is sent through signing in on the way, picks a course
/// from the list, answers a Hoyito step wrong (and is told why) and then right, an Epaminondas step from its
/// menu, and opens a puzzle; every page has its picture loaded and passes the accessibility checks.
#[test]
fn in_a_browser_a_member_takes_lessons_and_a_puzzle_on_a_phone() {
    use crate::fake_discord::FakeDiscord;
    let Some(driver) = driver() else { return };
    runtime().block_on(async {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let started = crate::web_play::start(&fake, dir.path()).await;
        let base = started.page.split("/game/").next().unwrap().to_string();
        let learn = format!("{}{base}/learn", started.site);
        fake.sign_in_as(&started.ana);
        let client = browser(&driver, 412, 915).await;
        client.goto(&learn).await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Pick a game.")).await;
        assert_eq!(client.current_url().await.unwrap().as_str(), learn, "back on the lessons after signing in");
        audit(&client).await;

        click(&client, "button[value='ls:hoyito']").await;
        until_text(&client, WAIT, |t| t.contains("lesson 1 of 10")).await;
        assert!(picture_width(&client, "figure img").await > 0, "the step's picture");
        audit(&client).await;
        screenshot(&client, "learn").await;
        click(&client, "button[value='la:hoyito:0:6']").await;
        until_text(&client, WAIT, |t| t.contains("the task was the hole with two seeds")).await;
        audit(&client).await;
        client.goto(&format!("{learn}?game=hoyito")).await.unwrap();
        click(&client, "button[value='la:hoyito:0:3']").await;
        until_text(&client, WAIT, |t| t.contains("your move ended there") && t.contains("lesson 2 of 10")).await;
        audit(&client).await;

        client.goto(&format!("{learn}?game=epaminondas")).await.unwrap();
        until_text(&client, WAIT, |t| t.contains("lesson 1 of 10")).await;
        let menu = client.find(Locator::XPath("//select[option[@value='d4-d5']]")).await.unwrap();
        menu.select_by_value("d4-d5").await.unwrap();
        client.find(Locator::XPath("//form[.//option[@value='d4-d5']]//button")).await.unwrap().click().await.unwrap();
        until_text(&client, WAIT, |t| t.contains("lesson 2 of 10")).await;
        assert!(picture_width(&client, "figure img").await > 0, "the next step's picture");
        audit(&client).await;

        client.goto(&format!("{learn}?puzzle=hoyito")).await.unwrap();
        until_text(&client, WAIT, |t| t.contains("Puzzle #")).await;
        assert!(picture_width(&client, "figure img").await > 0, "the puzzle's picture");
        audit(&client).await;
        screenshot(&client, "puzzle").await;
        client.close().await.unwrap();
    });
}
