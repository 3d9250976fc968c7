//! Discord's client as it runs an Activity, played by the tests in Chromium: a proxy of its own origin (as
//! `<app>.discordsays.com` is Discord's) that serves the Activity from the bot's pages with Discord's content
//! security policy added (its violations reported back here), and a client page on that origin that frames the
//! Activity with Discord's launch parameters and answers the Embedded App SDK over `postMessage` as Discord's
//! client does: the handshake with `READY`, `AUTHORIZE` with a code for the member it runs for (the fake's
//! OAuth2 checks the app and the scopes), and an empty answer to anything else.
//!
//! The SDK takes messages only from Discord's own origins or its frame's; the client page lives at the proxy's
//! origin, so it is the latter here.

use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::extract::{Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use super::FakeDiscord;

/// Discord's policy for an Activity's frame, as its proxy adds it: nothing from anywhere but the Activity's own
/// origin (Discord's proxy), with violations reported.
const DISCORD_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                           img-src 'self' data: blob:; connect-src 'self'; report-uri /__discord/csp";

/// The test's Discord client and proxy for an Activity.
#[derive(Clone)]
pub struct ActivityClient {
    /// `http://127.0.0.1:PORT`: the Activity's origin.
    pub origin: String,
    reports: Arc<Mutex<Vec<String>>>,
    /// Event streams are held back (their headers pass, their events never do), as a proxy that buffers them.
    held: Arc<std::sync::atomic::AtomicBool>,
}

#[derive(Clone)]
struct Proxy {
    fake: FakeDiscord,
    site: String,
    client: reqwest::Client,
    reports: Arc<Mutex<Vec<String>>>,
    /// Event streams are held back (their headers pass, their events never do), as a proxy that buffers them.
    held: Arc<std::sync::atomic::AtomicBool>,
}

impl ActivityClient {
    /// Starts the proxy in front of the bot's pages at `site`.
    pub async fn start(fake: &FakeDiscord, site: &str) -> ActivityClient {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind the proxy");
        let origin = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
        let reports = Arc::new(Mutex::new(Vec::new()));
        let client = reqwest::Client::builder().no_proxy().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let held = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let proxy =
            Proxy { fake: fake.clone(), site: site.to_string(), client, reports: reports.clone(), held: held.clone() };
        let app = axum::Router::new()
            .route("/__discord/client", axum::routing::get(client_page))
            .route("/__discord/client.js", axum::routing::get(client_script))
            .route("/__discord/authorize", axum::routing::post(authorize))
            .route("/__discord/csp", axum::routing::post(report))
            .fallback(forward)
            .with_state(proxy);
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the proxy") });
        ActivityClient { origin, reports, held }
    }

    /// The client's page running the Activity for `user` in `channel` of `guild`.
    pub fn launch_url(&self, guild: u64, channel: u64, user: u64) -> String {
        format!("{}/__discord/client?guild={guild}&channel={channel}&user={user}", self.origin)
    }

    /// The content security policy violations the Activity's frame reported.
    /// From now on, event streams are held back: their headers pass, their events never do.
    pub fn hold_event_streams(&self) {
        self.held.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    pub fn violations(&self) -> Vec<String> {
        self.reports.lock().unwrap().clone()
    }
}

#[derive(Deserialize)]
struct Launch {
    guild: u64,
    channel: u64,
    user: u64,
}

async fn client_page(Query(q): Query<Launch>) -> Response {
    let page = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Discord</title>\
         <script src=\"/__discord/client.js\" defer></script></head>\
         <body><main id=\"client\" data-guild=\"{}\" data-channel=\"{}\" data-user=\"{}\"></main></body></html>",
        q.guild, q.channel, q.user
    );
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// The client's side of the SDK's protocol: opcodes 0 (handshake), 1 (frame), 2 (close), as Discord's client
/// speaks it.
const CLIENT_JS: &str = r#"
"use strict";
const main = document.getElementById("client");
const { guild, channel, user } = main.dataset;
const frame = document.createElement("iframe");
const launch = new URLSearchParams({
  instance_id: "i-1-" + channel, frame_id: "frame-" + Date.now(), platform: "desktop",
  guild_id: guild, channel_id: channel, location_id: "gc-" + guild + "-" + channel,
});
frame.src = "/?" + launch.toString();
frame.title = "tablero";
frame.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms allow-popups allow-modals");
frame.style.width = "100%";
frame.style.height = "900px";
window.handshakes = [];
window.commands = [];
window.addEventListener("message", async (e) => {
  if (e.source !== frame.contentWindow || !Array.isArray(e.data)) return;
  const [op, data] = e.data;
  const reply = (payload) => frame.contentWindow.postMessage([1, payload], location.origin);
  if (op === 0) {
    window.handshakes.push(data);
    if (data.frame_id !== launch.get("frame_id")) return;
    reply({ cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" },
      user: { id: user, username: "member" + user, discriminator: "0" } } });
  } else if (op === 1) {
    window.commands.push(data.cmd);
    if (data.cmd === "AUTHORIZE") {
      const r = await fetch("/__discord/authorize", { method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ user, guild, client_id: data.args.client_id, scope: data.args.scope }) });
      const answer = await r.json();
      if (r.ok) reply({ cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: { code: answer.code } });
      else reply({ cmd: "AUTHORIZE", evt: "ERROR", nonce: data.nonce, data: { code: 5000, message: answer.error } });
    } else {
      reply({ cmd: data.cmd, evt: null, nonce: data.nonce, data: null });
    }
  }
});
main.appendChild(frame);
"#;

async fn client_script() -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], CLIENT_JS).into_response()
}

#[derive(Deserialize)]
struct Authorize {
    /// Snowflakes, as strings (as Discord sends them: a JavaScript number cannot hold one).
    user: String,
    guild: String,
    client_id: String,
    scope: Vec<String>,
}

/// The client asks Discord to authorise the member it runs for.
async fn authorize(State(proxy): State<Proxy>, axum::Json(asked): axum::Json<Authorize>) -> Response {
    let mut inner = proxy.fake.lock();
    let (guild, user) = (asked.guild.parse().unwrap_or(0), asked.user.parse().unwrap_or(0));
    let Some(member) = inner.oauth.member_of(guild, user) else {
        return (StatusCode::FORBIDDEN, axum::Json(json!({"error": "not a member"}))).into_response();
    };
    match inner.oauth.authorize_activity(&member, &asked.client_id, &asked.scope) {
        Ok(code) => axum::Json(json!({ "code": code })).into_response(),
        Err(refused) => *refused,
    }
}

async fn report(State(proxy): State<Proxy>, body: Bytes) -> StatusCode {
    proxy.reports.lock().unwrap().push(String::from_utf8_lossy(&body).to_string());
    StatusCode::NO_CONTENT
}

/// Discord's proxy: the request to the bot's pages (with or without the `/.proxy` prefix), its answer streamed
/// back with Discord's policy added.
async fn forward(State(proxy): State<Proxy>, request: Request) -> Response {
    let path = request.uri().path_and_query().map_or("/", |p| p.as_str());
    let path = path.strip_prefix("/.proxy").unwrap_or(path).to_string();
    let method = request.method().clone();
    let mut asked = proxy.client.request(method, format!("{}{path}", proxy.site));
    for (name, value) in request.headers() {
        if name != header::HOST && name != header::CONTENT_LENGTH {
            asked = asked.header(name.clone(), value.clone());
        }
    }
    let body = axum::body::to_bytes(request.into_body(), 1 << 20).await.unwrap_or_default();
    let Ok(answer) = asked.body(body).send().await else {
        return StatusCode::BAD_GATEWAY.into_response();
    };
    let mut response = Response::builder().status(answer.status().as_u16());
    for (name, value) in answer.headers() {
        if name != header::CONTENT_LENGTH && name != header::TRANSFER_ENCODING && name != header::CONNECTION {
            response = response.header(name.as_str(), value.as_bytes());
        }
    }
    response = response.header(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(DISCORD_CSP));
    if proxy.held.load(std::sync::atomic::Ordering::SeqCst) && path.contains("/events") {
        let never = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
        return response.body(Body::from_stream(never)).unwrap_or_else(|_| StatusCode::BAD_GATEWAY.into_response());
    }
    let chunks = futures_util::stream::unfold(answer, |mut answer| async move {
        match answer.chunk().await {
            Ok(Some(chunk)) => Some((Ok::<_, std::io::Error>(chunk), answer)),
            _ => None,
        }
    });
    response.body(Body::from_stream(chunks)).unwrap_or_else(|_| StatusCode::BAD_GATEWAY.into_response())
}

impl FakeDiscord {
    /// A code Discord's client would give the Activity running for `member` (the app's, with its scopes).
    pub fn activity_code(&self, member: &super::payloads::Member) -> String {
        let scopes = ["identify".to_string(), "guilds.members.read".to_string()];
        self.lock().oauth.authorize_activity(member, super::oauth::CLIENT_ID, &scopes).unwrap_or_else(|_| panic!())
    }
}
