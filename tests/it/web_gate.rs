//! The one gate in front of everything from outside, tried as a hostile visitor would: slow bodies are cut at
//! their deadline and hold no page of anyone else (a server's pages, or the routes outside servers); behind a
//! trusted proxy each forwarded client has its own share, so many people can watch live pages through it; the
//! operator's routes are not beside the pages without their token; sign-ins cost the store nothing; and no
//! redirect leaves the site.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tablero::store::{SledStore, Store};
use tablero::table::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::common::web::{hoyito, pages_on, serve_with};
use crate::fake_discord::FakeDiscord;
use crate::fake_discord::browser::Browser;
use crate::web_play::{Started, start};

fn sled() -> (tempfile::TempDir, Arc<dyn Store>) {
    let dir = tempfile::tempdir().unwrap();
    let store: Arc<dyn Store> = Arc::new(SledStore::open(&dir.path().join("data")).unwrap());
    (dir, store)
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(20)).build().unwrap()
}

/// A connection from `from` (any address of 127.0.0.0/8 is this machine's) that sends a POST's headers
/// promising `length` bytes, then one byte.
async fn slow_post(from: [u8; 4], to: SocketAddr, path: &str, length: usize) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    let mut stream = socket.connect(to).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {to}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: {length}\r\n\r\na"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream
}

/// What a connection was answered, read until it closes (within `within`): the status line's code, and whether
/// it closed in time.
async fn answered(mut stream: TcpStream, within: Duration) -> (u16, bool) {
    let mut text = Vec::new();
    let closed = matches!(tokio::time::timeout(within, stream.read_to_end(&mut text)).await, Ok(Ok(_)));
    let text = String::from_utf8_lossy(&text);
    let status = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, closed)
}

#[test]
fn slow_bodies_are_cut_at_their_deadline_and_hold_no_one_elses_page() {
    let (_dir, store) = sled();
    let limits = Limits { web_body_secs: 3, ..Limits::default() };
    let site = serve_with(store, false, Duration::from_secs(60), limits, Vec::new());
    let game = hoyito(&site.table, 7, 70, 1);
    let base = pages_on(&site.table, 7);
    let to: SocketAddr = site.url.trim_start_matches("http://").parse().unwrap();
    let server_path = format!("{}/learn", base.trim_start_matches(&site.url));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        // 4 addresses x 16 slow POSTs against one server's pages, and as many against a route outside servers.
        let mut slow = Vec::new();
        for address in 2..6u8 {
            for _ in 0..16 {
                slow.push(slow_post([127, 0, 0, address], to, &server_path, 16_000).await);
                slow.push(slow_post([127, 0, 0, address], to, "/signout", 16_000).await);
            }
        }
        // Meanwhile another client reads that server's pages, and the site's own files.
        for path in [format!("{base}/"), format!("{base}/game/{game}"), format!("{}/assets/style.css", site.url)] {
            let read = client().get(&path).send().await.unwrap();
            assert_eq!(read.status().as_u16(), 200, "{path} while slow bodies arrive");
        }
        // Every slow connection is answered that its body was too slow (or, past the bodies' budget, busy), and
        // closed within the deadline and a margin, far sooner than the idle timeout (a minute) would.
        for stream in slow {
            let (status, closed) = answered(stream, Duration::from_secs(20)).await;
            assert!(matches!(status, 408 | 503), "a slow body was answered {status}");
            assert!(closed, "the slow connection was closed");
        }
    });
}

#[test]
fn a_body_over_its_bound_is_refused_by_its_length_before_it_is_read() {
    let (_dir, store) = sled();
    let site = serve_with(store, false, Duration::from_secs(60), Limits::default(), Vec::new());
    let base = pages_on(&site.table, 7);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let big = "a".repeat(Limits::default().web_body_bytes + 1);
        let refused = client().post(format!("{base}/learn")).body(big).send().await.unwrap();
        assert_eq!(refused.status().as_u16(), 413);
        assert!(refused.text().await.unwrap().contains("at most 16384 bytes"));
        // The operator's routes are not beside the pages without their token.
        for path in ["/metrics", "/readyz", "/healthz"] {
            let read = client().get(format!("{}{path}", site.url)).send().await.unwrap();
            assert_eq!(read.status().as_u16(), 404, "{path}");
        }
    });
}

#[test]
fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_share() {
    let (_dir, store) = sled();
    // The proxy's own connections count in the total only; each client it forwards in its own shares.
    let limits = Limits { web_client_connections: 8, web_client_streams: 2, ..Limits::default() };
    let site = serve_with(store, false, Duration::from_secs(60), limits, vec!["127.0.0.1".parse().unwrap()]);
    let game = hoyito(&site.table, 7, 70, 1);
    let base = pages_on(&site.table, 7);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let client = reqwest::Client::builder().no_proxy().pool_max_idle_per_host(0).build().unwrap();
        let mut live = Vec::new();
        for n in 0..100u32 {
            let forwarded = format!("198.51.{}.{}", n / 200, n % 200 + 1);
            let stream = client
                .get(format!("{base}/game/{game}/events"))
                .header("x-forwarded-for", forwarded.as_str())
                .send()
                .await
                .unwrap();
            assert_eq!(stream.status().as_u16(), 200, "live page {n} of {forwarded}");
            live.push(stream);
        }
        // One forwarded client still has its own share only.
        let mut mine = Vec::new();
        for _ in 0..2 {
            let stream = client
                .get(format!("{base}/game/{game}/events"))
                .header("x-forwarded-for", "203.0.113.7")
                .send()
                .await
                .unwrap();
            assert_eq!(stream.status().as_u16(), 200);
            mine.push(stream);
        }
        let over = client
            .get(format!("{base}/game/{game}/events"))
            .header("x-forwarded-for", "203.0.113.7")
            .send()
            .await
            .unwrap();
        assert_ne!(over.status().as_u16(), 200, "past one client's streams");
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ins_cost_the_store_nothing_and_no_redirect_leaves_the_site() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let Started { bot, site, page, ana, .. } = start(&fake, dir.path()).await;
    // A flood of sign-ins begun and never finished, each with the longest `next` a request carries.
    let long = format!("/{}", "a".repeat(15_000));
    for _ in 0..25 {
        let begun = Browser::new().get(&format!("{site}/signin?next={long}")).await;
        assert_eq!(begun.status, 303, "{begun:?}");
        let to = begun.location.unwrap();
        assert!(to.len() < 2_000, "the state carries a bounded next: {} bytes", to.len());
    }
    // A `next` that a browser would read as another site's address comes back as the site's root.
    fake.sign_in_as(&ana);
    for elsewhere in ["/%09/other-host/path", "/%5Cother-host", "//other-host", "https://other-host/"] {
        let mut browser = Browser::new();
        let back = browser.sign_in(&site, elsewhere).await;
        assert_eq!((back.status, back.location.as_deref()), (303, Some("/")), "{elsewhere}: {back:?}");
    }
    // A sign-in that comes back with its state altered is refused.
    let mut browser = Browser::new();
    let begun = browser.get(&format!("{site}/signin?next={page}")).await;
    let back = browser.get(&begun.location.unwrap()).await.location.unwrap();
    let forged = back.replacen("state=", "state=9", 1);
    assert_eq!(browser.get(&forged).await.status, 400);
    // Signing out without a session (and its token) does nothing and sends nobody anywhere.
    let out = Browser::new().post(&format!("{site}/signout"), &[("next", "//other-host/")]).await;
    assert_eq!((out.status, out.location), (403, None));
    drop(bot);
    // What the store holds of sign-ins and sessions: the four sessions opened, nothing of the flood.
    let store = SledStore::open(&dir.path().join("data")).unwrap();
    let kept = store.expired_sessions(u64::MAX, 100_000).unwrap();
    assert_eq!(kept.len(), 4, "sessions and sign-ins kept");
}

/// One request of the property test: its method, path, headers and body, and whether it goes as the signed-in
/// member (with her cookie and, sometimes, her form's token).
#[derive(Debug, Clone)]
struct Asked {
    method: &'static str,
    path: String,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    /// Milliseconds between the body's two halves.
    pause: u64,
    signed_in: bool,
    with_token: bool,
}

fn asked() -> impl proptest::strategy::Strategy<Value = Asked> {
    use proptest::prelude::*;
    let methods = prop::sample::select(vec!["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"]);
    let tails = prop::sample::select(vec![
        "/",
        "/signin",
        "/signin?next=",
        "/auth/callback?code=x&state=",
        "/signout",
        "/activity/",
        "/activity/token",
        "/activity/guard.mjs",
        "/assets/style.css",
        "/metrics",
        "/readyz",
        "/?frame_id=1&instance_id=2",
        "{base}/",
        "{base}/game/1",
        "{base}/game/1?ply=",
        "{base}/game/1/act",
        "{base}/game/1/panel",
        "{base}/game/1/events?since=",
        "{base}/game/1/board.png?ply=",
        "{base}/game/1/record.json",
        "{base}/learn",
        "{base}/learn?game=hoyito&puzzle=",
        "{base}/learn/hoyito/picture.png?step=",
        "{base}/puzzle/",
        "{base}/archive?page=",
        "{base}/player/",
        "{base}/leaderboard/",
        "/s/",
    ]);
    let noise = prop::sample::select(vec![
        "",
        "1",
        "-1",
        "%09/other-host/x",
        "/%5Cother-host",
        "//other-host",
        "https://other-host/",
        "%00",
        "..%2F..",
        "99999999999999999999",
        "%E2%80%AE",
        "abc\\def",
        "hoyito",
        "0.0",
    ]);
    let header = prop::sample::select(vec![
        ("x-forwarded-for", "203.0.113.9, 10.0.0.1"),
        ("if-none-match", "\"1\""),
        ("last-event-id", "3.3"),
        ("content-type", "application/x-www-form-urlencoded"),
        ("content-type", "application/json"),
        ("accept-language", "es-419,es;q=0.9"),
        ("authorization", "Bearer made-up"),
        ("cookie", "tablero_session=made-up; lang=es"),
        ("x-signature-ed25519", "00"),
        ("range", "bytes=0-10"),
    ]);
    (
        methods,
        tails,
        noise,
        prop::collection::vec(header, 0..4),
        prop::collection::vec(any::<u8>(), 0..20_000),
        0u64..200,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(method, tail, noise, headers, body, pause, signed_in, with_token)| Asked {
            method,
            path: format!("{tail}{noise}"),
            headers: headers.into_iter().map(|(k, v)| (k, v.to_string())).collect(),
            body,
            pause,
            signed_in,
            with_token,
        })
}

/// The whole HTTP surface of a running bot, as an anonymous client and as a signed-in member: random methods,
/// paths, headers, bodies and pacing. No answer is a 5xx but the documented 503s (busy, a share taken), no
/// `Location` leaves the site but the sign-in's own to Discord, and the store holds nothing more than the one
/// session the member opened.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_request_from_outside_fails_the_site_leaves_it_or_grows_the_store() {
    use proptest::test_runner::TestRunner;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let Started { bot, site, page, ana, .. } = start(&fake, dir.path()).await;
    let base = page.split("/game/").next().unwrap().to_string();
    fake.sign_in_as(&ana);
    let mut member = Browser::new();
    member.sign_in(&site, &page).await;
    let cookie = format!("tablero_session={}", member.cookies["tablero_session"]);
    let shown = member.get(&format!("{site}{page}")).await.body;
    let csrf = shown.split("name=\"csrf\" value=\"").nth(1).and_then(|r| r.split('"').next()).unwrap().to_string();
    let http = reqwest::Client::builder()
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let authorize = format!("{}/oauth2/authorize", fake.base());
    let handle = tokio::runtime::Handle::current();
    let mut runner = TestRunner::new(crate::common::props::replayable(48, "web_gate"));
    let outcome = tokio::task::block_in_place(|| {
        runner.run(&proptest::collection::vec(asked(), 1..6), |requests| {
            handle.block_on(async {
                for asked in requests {
                    let path = asked.path.replace("{base}", &base);
                    let method = reqwest::Method::from_bytes(asked.method.as_bytes()).unwrap();
                    let mut request = http.request(method, format!("{site}{path}"));
                    for (name, value) in &asked.headers {
                        request = request.header(*name, value.as_str());
                    }
                    let mut body = asked.body.clone();
                    if asked.signed_in {
                        request = request.header("cookie", cookie.as_str());
                        if asked.with_token {
                            body = format!("csrf={csrf}&key=k1&button=g:1:m:0:1&").into_bytes();
                        }
                    }
                    // The body in two halves, with a pause between them.
                    let second = body.split_off(body.len() / 2);
                    let pause = Duration::from_millis(asked.pause);
                    let halves = futures_util::stream::iter([(body, Duration::ZERO), (second, pause)]).then(
                        |(part, wait)| async move {
                            tokio::time::sleep(wait).await;
                            Ok::<_, std::io::Error>(part)
                        },
                    );
                    let answer = match request.body(reqwest::Body::wrap_stream(halves)).send().await {
                        Ok(answer) => answer,
                        // The server may close a connection it refused before reading what was sent.
                        Err(e) if !e.is_timeout() => continue,
                        Err(e) => return Err(proptest::test_runner::TestCaseError::fail(format!("{path}: {e}"))),
                    };
                    let status = answer.status().as_u16();
                    proptest::prop_assert!(status < 500 || status == 503, "{} {path}: {status}", asked.method);
                    if let Some(to) = answer.headers().get("location") {
                        let to = to.to_str().unwrap_or("?").to_string();
                        let ours = to.starts_with('/') && !to.starts_with("//") && !to.contains('\\');
                        proptest::prop_assert!(
                            ours || to.starts_with(&authorize),
                            "{} {path} sent the browser to {to:?}",
                            asked.method
                        );
                    }
                }
                Ok(())
            })
        })
    });
    outcome.unwrap();
    drop(bot);
    let store = SledStore::open(&dir.path().join("data")).unwrap();
    assert_eq!(store.expired_sessions(u64::MAX, 100_000).unwrap().len(), 1, "only the member's own session");
}
