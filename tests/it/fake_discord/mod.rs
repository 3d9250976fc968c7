//! A fake Discord on 127.0.0.1 for end-to-end tests: a REST server (axum) that records what the bot sends and
//! answers like Discord, and a gateway (tokio-tungstenite, serenity's version) that says HELLO, READY and then
//! dispatches the interactions a test makes. Every payload it produces is checked against serenity's own types
//! (`payloads_deserialize_with_serenity`). Nothing here reaches the internet.
//!
//! What serenity and poise expect of it: `GET /gateway` and `/gateway/bot` answers naming the gateway, HELLO
//! then READY with the application's id, interactions as `INTERACTION_CREATE` dispatches, and message and
//! interaction payloads in Discord's shapes.

#![allow(dead_code)] // each test binary uses part of the harness

pub mod activity;
pub mod browser;
pub mod events;
pub mod harness;
pub mod oauth;
pub mod payloads;
pub mod private;
pub mod process;
pub mod signed;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// Every wait in a test ends after this: a failure fails fast instead of hanging CI.
pub const WAIT: Duration = Duration::from_secs(20);

/// One request the bot made.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    /// Attached files: (file name, bytes).
    pub files: Vec<(String, Vec<u8>)>,
    /// The id of the message this request created, if it created one.
    pub created: Option<u64>,
    /// When the request arrived.
    pub at: std::time::Instant,
}

#[derive(Default)]
struct Inner {
    log: Vec<Recorded>,
    /// Messages the bot posted, by id, as Discord would return them (for button presses on them).
    messages: HashMap<u64, Value>,
    /// The response message of each interaction token.
    originals: HashMap<String, u64>,
    /// Tokens whose response is still the "thinking" message of a deferral: the first follow-up fills it.
    loading: std::collections::HashSet<String>,
    /// Messages the bot deleted.
    deleted: Vec<u64>,
    /// The channel of each interaction token.
    token_channels: HashMap<String, u64>,
    /// Messages created with an enforced nonce, by nonce (Discord returns the first instead of a repeat).
    nonces: HashMap<String, u64>,
    next_id: u64,
    gateway: Option<mpsc::UnboundedSender<Value>>,
    /// The session of each shard identified as (shard, of how many), for a bot split over several processes.
    shards: HashMap<u64, (u64, mpsc::UnboundedSender<Value>)>,
    /// How many dispatches went to each shard's session.
    dispatched: HashMap<u64, u32>,
    identified: u32,
    /// Sessions resumed (op 6 answered with RESUMED).
    resumed: u32,
    /// Faults to answer the next matching requests with, in order (each used once).
    faults: Vec<Fault>,
    /// Files users attached to their commands, served at `/attachments/<id>/<name>` as Discord's CDN would.
    hosted: HashMap<u64, Vec<u8>>,
    /// Message bodies refused for what they would ping (see [`mentions_problem`]), and requests Discord refuses
    /// in private channels (see [`private::refused`]).
    violations: Vec<String>,
    /// Private channels (DMs and group DMs) users play in.
    private: HashMap<u64, private::PrivateKind>,
    /// The tokens of interactions made in private channels, and how many follow-ups each had.
    private_tokens: std::collections::HashSet<String>,
    follow_ups: HashMap<String, u32>,
    /// The commands the bot registered globally (the only ones Discord offers outside a server).
    global_commands: Value,
    /// The server's scheduled events, and whether the bot may not manage them.
    events: Vec<Value>,
    events_forbidden: bool,
    /// The interaction tokens answered (Discord takes one answer: a second is refused with 40060), and how many
    /// second answers were refused.
    acknowledged: std::collections::HashSet<String>,
    refused_answers: u32,
    /// The gateway takes no connection (an outage): each is closed as it opens.
    gateway_down: bool,
    /// Signing in on the pages, and the members a server has.
    oauth: oauth::OAuth,
}

/// A fault Discord may answer with: for the next request whose method and path match, this status and body
/// instead of the real answer (nothing is done, as when Discord fails before acting).
#[derive(Debug, Clone)]
pub struct Fault {
    pub method: &'static str,
    /// The request path starts with this (after `/api/v10`).
    pub path_prefix: String,
    pub status: u16,
    pub body: Value,
}

impl Fault {
    /// A 500 Internal Server Error.
    pub fn server_error(method: &'static str, path_prefix: impl Into<String>) -> Fault {
        Fault {
            method,
            path_prefix: path_prefix.into(),
            status: 500,
            body: json!({"message": "500: Internal Server Error", "code": 0}),
        }
    }

    /// A 429 that asks to wait `retry_after` seconds (Discord's body: no `code`, a float `retry_after`).
    pub fn rate_limited(method: &'static str, path_prefix: impl Into<String>, retry_after: f64) -> Fault {
        Fault {
            method,
            path_prefix: path_prefix.into(),
            status: 429,
            body: json!({"message": "You are being rate limited.", "retry_after": retry_after, "global": false}),
        }
    }
}

#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Mutex<Inner>>,
    changed: Arc<Notify>,
    /// Held while a message with an enforced nonce is looked up and created, so two requests with one nonce
    /// that arrive together make one message, as on Discord.
    nonce_gate: Arc<Mutex<()>>,
    pub rest_port: u16,
    pub gateway_port: u16,
}

impl FakeDiscord {
    pub async fn start() -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind rest");
        let gateway = TcpListener::bind("127.0.0.1:0").await.expect("bind gateway");
        let fake = FakeDiscord {
            inner: Arc::new(Mutex::new(Inner { next_id: 5_000_000, ..Inner::default() })),
            changed: Arc::new(Notify::new()),
            nonce_gate: Arc::new(Mutex::new(())),
            rest_port: rest.local_addr().unwrap().port(),
            gateway_port: gateway.local_addr().unwrap().port(),
        };
        let app = axum::Router::new().fallback(handle_rest).with_state(fake.clone());
        // No Nagle delay on the fake's side: its answers go out at once, as Discord's would.
        let rest = rest.tap_io(|tcp| {
            let _ = tcp.set_nodelay(true);
        });
        tokio::spawn(async move { axum::serve(rest, app).await.expect("rest server") });
        let f = fake.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = gateway.accept().await {
                if f.lock().gateway_down {
                    drop(stream);
                    continue;
                }
                let f = f.clone();
                tokio::spawn(async move { f.gateway_session(stream).await });
            }
        });
        fake
    }

    /// A file a user attaches to a command: the fake serves it, and the option that carries it.
    pub fn attach(&self, option: &'static str, file_name: &str, bytes: Vec<u8>) -> payloads::Opt {
        let id = self.next_id();
        let size = bytes.len();
        self.lock().hosted.insert(id, bytes);
        let url = format!("http://127.0.0.1:{}/attachments/{id}/{file_name}", self.rest_port);
        payloads::Opt::File(option, id, file_name.to_string(), size, url)
    }

    /// The REST base URL to give the bot (`discord.api_base`).
    pub fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.rest_port)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn next_id(&self) -> u64 {
        let mut inner = self.lock();
        inner.next_id += 1;
        inner.next_id
    }

    /// How many requests are logged (a cursor for [`FakeDiscord::wait_for`]).
    pub fn mark(&self) -> usize {
        self.lock().log.len()
    }

    pub fn log(&self) -> Vec<Recorded> {
        self.lock().log.clone()
    }

    /// A message the bot posted, as Discord would show it.
    /// Whether the bot deleted message `id`.
    pub fn was_deleted(&self, id: u64) -> bool {
        self.lock().deleted.contains(&id)
    }

    /// The response message of the interaction whose token is `token`.
    pub fn original(&self, token: &str) -> Option<u64> {
        self.lock().originals.get(token).copied()
    }

    pub fn message(&self, id: u64) -> Value {
        self.lock().messages.get(&id).cloned().unwrap_or_else(|| panic!("no message {id}"))
    }

    /// Waits for the first request after `from` that satisfies `test`; panics after [`WAIT`].
    pub async fn wait_for(&self, from: usize, what: &str, test: impl Fn(&Recorded) -> bool) -> Recorded {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let notified = self.changed.notified();
            if let Some(found) = self.lock().log.iter().skip(from).find(|r| test(r)).cloned() {
                return found;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let seen: Vec<String> =
                    self.lock().log.iter().skip(from).map(|r| format!("{} {}", r.method, r.path)).collect();
                let refused = self.mention_violations();
                panic!(
                    "timed out waiting for {what}; requests since: {seen:#?}; refused for their pings: {refused:#?}"
                );
            }
        }
    }

    /// Waits until `test` holds of the fake (checked after every change it sees); panics after [`WAIT`].
    pub async fn wait_until(&self, what: &str, test: impl Fn(&FakeDiscord) -> bool) {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let notified = self.changed.notified();
            if test(self) {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("timed out waiting for {what}; refused for their pings: {:#?}", self.mention_violations());
            }
        }
    }

    /// Waits until the bot has connected and registered its commands; returns the registration request.
    pub async fn wait_ready(&self, from: usize) -> Recorded {
        self.wait_for(from, "command registration", |r| r.method == "PUT" && r.path.ends_with("/commands")).await
    }

    /// Sends a gateway dispatch (an INTERACTION_CREATE, say) to the connected bot: to the shard of its server,
    /// as Discord does ((guild id >> 22) % shards), when the bot identified shards.
    pub fn dispatch(&self, event: &str, data: Value) {
        let guild = data["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        let mut inner = self.lock();
        let by_shard = guild.and_then(|g| {
            inner
                .shards
                .iter()
                .find(|(shard, (total, _))| (g >> 22) % *total == **shard)
                .map(|(id, (_, s))| (*id, s.clone()))
        });
        if let Some((shard, _)) = &by_shard {
            *inner.dispatched.entry(*shard).or_default() += 1;
        }
        let sender =
            by_shard.map(|(_, s)| s).or_else(|| inner.gateway.clone()).expect("the bot is connected to the gateway");
        drop(inner);
        sender.send(json!({"op": 0, "t": event, "d": data})).expect("gateway session alive");
    }

    /// Sends an interaction to the bot (its token remembered, so its responses land in its channel).
    pub fn interact(&self, interaction: Value) {
        self.expect(&interaction);
        self.dispatch("INTERACTION_CREATE", interaction);
    }

    /// Remembers an interaction's token, so its responses land in its channel.
    pub fn expect(&self, interaction: &Value) {
        let token = interaction["token"].as_str().unwrap_or_default().to_string();
        let channel = interaction["channel_id"].as_str().and_then(|c| c.parse().ok()).unwrap_or_default();
        self.lock().token_channels.insert(token, channel);
    }

    /// Whether the interaction whose token is `token` was answered.
    pub fn answered(&self, token: &str) -> bool {
        self.lock().acknowledged.contains(token)
    }

    /// The member who signs in at the next authorization.
    pub fn sign_in_as(&self, member: &payloads::Member) {
        self.lock().oauth.sign_in_as(member);
    }

    /// Makes `member` a member of server `guild` (with their roles), as the pages read it.
    pub fn join(&self, guild: u64, member: &payloads::Member) {
        self.lock().oauth.join(guild, member);
    }

    /// The sign-in requests the fake refused, and why.
    pub fn oauth_refused(&self) -> Vec<String> {
        self.lock().oauth.refused.clone()
    }

    /// How many second answers to an interaction were refused (as Discord refuses them, with 40060).
    pub fn refused_answers(&self) -> u32 {
        self.lock().refused_answers
    }

    /// How many dispatches went to shard `shard`'s session.
    pub fn dispatched_to(&self, shard: u64) -> u32 {
        self.lock().dispatched.get(&shard).copied().unwrap_or(0)
    }

    pub fn identified(&self) -> u32 {
        self.lock().identified
    }

    pub fn resumed(&self) -> u32 {
        self.lock().resumed
    }

    /// Answers the next request matching `fault` with it instead of doing it.
    /// The message bodies refused for their pings so far.
    pub fn mention_violations(&self) -> Vec<String> {
        self.lock().violations.clone()
    }

    pub fn fail_next(&self, fault: Fault) {
        self.lock().faults.push(fault);
    }

    /// An outage of the gateway (`true`): the session is dropped and no new one is taken until it ends.
    pub fn gateway_down(&self, down: bool) {
        self.lock().gateway_down = down;
        if down {
            self.drop_gateway();
        }
    }

    /// Drops the gateway connection without a close frame, as a network fault would; the bot reconnects.
    pub fn drop_gateway(&self) {
        let sender = self.lock().gateway.take();
        if let Some(sender) = sender {
            let _ = sender.send(json!({"drop": true}));
        }
    }

    async fn gateway_session(&self, stream: tokio::net::TcpStream) {
        let _ = stream.set_nodelay(true);
        let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else { return };
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}});
        if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
            return;
        }
        let (tx, mut rx) = mpsc::unbounded_channel::<Value>();
        let mut seq = 0u64;
        loop {
            tokio::select! {
                incoming = ws.next() => {
                    let Some(Ok(frame)) = incoming else { break };
                    // Keep reading after a Close frame, so that tungstenite flushes its reply.
                    let WsMessage::Text(text) = frame else { continue };
                    let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                    match payload["op"].as_u64() {
                        Some(2) => {
                            seq += 1;
                            let mut ready = payloads::ready(self.gateway_port);
                            let shard = payload["d"]["shard"].as_array().map(|s| {
                                (s[0].as_u64().unwrap_or(0), s.get(1).and_then(Value::as_u64).unwrap_or(1).max(1))
                            });
                            if let Some((id, total)) = shard {
                                ready["shard"] = json!([id, total]);
                                ready["session_id"] = json!(format!("fake-session-{id}-{total}"));
                            }
                            let frame = json!({"op": 0, "t": "READY", "s": seq, "d": ready});
                            let _ = ws.send(WsMessage::Text(frame.to_string())).await;
                            let mut inner = self.lock();
                            inner.gateway = Some(tx.clone());
                            if let Some((id, total)) = shard {
                                inner.shards.insert(id, (total, tx.clone()));
                            }
                            inner.identified += 1;
                            drop(inner);
                            self.changed.notify_waiters();
                        }
                        Some(1) => {
                            let _ = ws.send(WsMessage::Text(json!({"op": 11}).to_string())).await;
                        }
                        Some(6) => {
                            // RESUME: the session goes on where it was (nothing was missed in a test).
                            seq += 1;
                            let frame = json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}});
                            let _ = ws.send(WsMessage::Text(frame.to_string())).await;
                            let mut inner = self.lock();
                            inner.gateway = Some(tx.clone());
                            // The session id names the shard (see IDENTIFY above).
                            let session = payload["d"]["session_id"].as_str().unwrap_or_default().to_string();
                            let parts: Vec<u64> = session.split('-').filter_map(|p| p.parse().ok()).collect();
                            if let [id, total] = parts[..] {
                                inner.shards.insert(id, (total, tx.clone()));
                            }
                            inner.resumed += 1;
                            drop(inner);
                            self.changed.notify_waiters();
                        }
                        _ => {}
                    }
                }
                outgoing = rx.recv() => {
                    let Some(mut frame) = outgoing else { break };
                    if frame["drop"] == true {
                        // The connection just ends (no close frame): the bot has to notice and reconnect.
                        return;
                    }
                    seq += 1;
                    frame["s"] = json!(seq);
                    if ws.send(WsMessage::Text(frame.to_string())).await.is_err() {
                        break;
                    }
                }
            }
        }
    }

    fn record(&self, recorded: Recorded) {
        self.lock().log.push(recorded);
        self.changed.notify_waiters();
    }

    /// Stores a message the bot created and returns it as Discord would.
    fn create_message(&self, channel: u64, body: &Value, files: &[(String, Vec<u8>)]) -> Value {
        let id = self.next_id();
        let message = payloads::message(id, channel, body, files);
        self.lock().messages.insert(id, message.clone());
        message
    }

    fn edit_message(&self, id: u64, body: &Value) -> Value {
        let mut inner = self.lock();
        let message = inner.messages.entry(id).or_insert_with(|| payloads::message(id, 0, &json!({}), &[]));
        for key in ["content", "components", "embeds"] {
            if let Some(v) = body.get(key) {
                message[key] = v.clone();
            }
        }
        message.clone()
    }
}

/// The sign-in's requests and the member lookup (see [`oauth`]), answered before anything else.
fn oauth_or_member(
    fake: &FakeDiscord,
    method: &Method,
    uri: &axum::http::Uri,
    headers: &axum::http::HeaderMap,
) -> Option<Response> {
    let path = uri.path();
    let bearer = headers.get("authorization").and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("Bearer "));
    let parts: Vec<&str> = path.trim_start_matches("/api/v10").trim_start_matches('/').split('/').collect();
    let mut inner = fake.lock();
    match (method, parts.as_slice()) {
        (&Method::GET, ["oauth2", "authorize"]) if path.starts_with("/oauth2") => {
            Some(inner.oauth.authorize(uri.query().unwrap_or_default()))
        }
        (&Method::GET, ["users", "@me"]) if bearer => Some(inner.oauth.me(headers)),
        (&Method::GET, ["guilds", guild, "members", user]) => {
            Some(inner.oauth.member(guild.parse().unwrap_or(0), user.parse().unwrap_or(0)))
        }
        _ => None,
    }
}

fn json_response(status: StatusCode, value: Value) -> Response {
    (status, [("content-type", "application/json")], value.to_string()).into_response()
}

async fn handle_rest(State(fake): State<FakeDiscord>, request: Request) -> Response {
    if let Some(answered) = oauth_or_member(&fake, request.method(), request.uri(), request.headers()) {
        return answered;
    }
    if request.method() == Method::POST && request.uri().path() == "/api/v10/oauth2/token" {
        let bytes = axum::body::to_bytes(request.into_body(), 1 << 16).await.unwrap_or_default();
        let answer = fake.lock().oauth.token(&String::from_utf8_lossy(&bytes));
        fake.changed.notify_waiters();
        return answer;
    }
    let method = request.method().clone();
    let path = request.uri().path().trim_start_matches("/api/v10").to_string();
    let multipart = request
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let (mut json, mut files) = (None, Vec::new());
    if multipart {
        let mut form = Multipart::from_request(request, &()).await.expect("a multipart body");
        while let Ok(Some(field)) = form.next_field().await {
            let name = field.name().unwrap_or_default().to_string();
            let file_name = field.file_name().map(str::to_string);
            let bytes = field.bytes().await.expect("a multipart field").to_vec();
            if name == "payload_json" {
                json = serde_json::from_slice(&bytes).ok();
            } else {
                files.push((file_name.unwrap_or(name), bytes));
            }
        }
    } else {
        let bytes = axum::body::to_bytes(request.into_body(), 64 << 20).await.unwrap_or_default();
        json = serde_json::from_slice(&bytes).ok();
    }
    let at = std::time::Instant::now();
    let body = json.clone().unwrap_or(Value::Null);
    let fault = {
        let mut inner = fake.lock();
        let found = inner.faults.iter().position(|f| f.method == method.as_str() && path.starts_with(&f.path_prefix));
        found.map(|i| inner.faults.remove(i))
    };
    if let Some(fault) = fault {
        fake.record(Recorded { method: method.to_string(), path, json, files, created: None, at });
        let status = StatusCode::from_u16(fault.status).expect("a status code");
        let mut response = json_response(status, fault.body.clone());
        if let Some(after) = fault.body["retry_after"].as_f64() {
            let value = axum::http::HeaderValue::from_str(&after.to_string()).expect("a header value");
            response.headers_mut().insert("retry-after", value);
        }
        return response;
    }
    let refused = private::refused(&mut fake.lock(), method.as_str(), &path);
    if let Some((said, status, code)) = refused {
        fake.lock().violations.push(said.clone());
        fake.record(Recorded { method: method.to_string(), path, json, files, created: None, at });
        let body = json!({"message": said, "code": code});
        return json_response(StatusCode::from_u16(status).expect("a status code"), body);
    }
    // Stricter than Discord: a message body must say exactly whom it pings. It is refused (as Discord refuses a
    // malformed body) and remembered, so that the test waiting for it fails and `Running::stop` says why.
    let problem = message_body(&method, &path, &body)
        .and_then(|message| mentions_problem(message).or_else(|| pictures_problem(message, &files)));
    if let Some(problem) = problem {
        let said = format!("{method} {path}: {problem}");
        fake.lock().violations.push(said.clone());
        fake.changed.notify_waiters();
        let body = json!({"message": format!("Invalid Form Body: {said}"), "code": 50035});
        return json_response(StatusCode::BAD_REQUEST, body);
    }
    let (response, created) = respond(&fake, &method, &path, &body, &files);
    fake.record(Recorded { method: method.to_string(), path, json, files, created, at });
    response
}

/// The message a request creates or edits, if it is one: a channel message, an interaction's response (a
/// message or an update), a follow-up, an edit.
fn message_body<'a>(method: &Method, path: &str, body: &'a Value) -> Option<&'a Value> {
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        (&Method::POST, ["interactions", _, _, "callback"]) if body["type"] == 4 || body["type"] == 7 => {
            Some(&body["data"])
        }
        (&Method::POST, ["webhooks", _, _])
        | (&Method::PATCH, ["webhooks", _, _, "messages", _])
        | (&Method::POST, ["channels", _, "messages"])
        | (&Method::PATCH, ["channels", _, "messages", _]) => Some(body),
        _ => None,
    }
}

/// What is wrong with a message's pictures: each PNG or GIF it attaches must have a description (Discord reads
/// it to those who cannot see the picture), of at most 1,024 characters, as Discord allows.
fn pictures_problem(body: &Value, files: &[(String, Vec<u8>)]) -> Option<String> {
    let described = body["attachments"].as_array().cloned().unwrap_or_default();
    for (name, _) in files.iter().filter(|(name, _)| name.ends_with(".png") || name.ends_with(".gif")) {
        let entry = described.iter().find(|a| a["filename"].as_str() == Some(name.as_str()));
        match entry.and_then(|a| a["description"].as_str()) {
            None | Some("") => return Some(format!("the picture {name} has no description")),
            Some(d) if d.chars().count() > 1024 => {
                return Some(format!("the description of {name} has {} characters", d.chars().count()));
            }
            Some(_) => {}
        }
    }
    None
}

/// What is wrong with a message body's pings: `allowed_mentions` missing, anything parsed from the text
/// (`everyone`, `users`, `roles`: a name typed by a user could ping), or pings other than exactly the calls
/// that open the message (tablero writes whom a message calls in front of its words, as mentions; a mention
/// further on, such as a player named by id, pings nobody).
pub fn mentions_problem(body: &Value) -> Option<String> {
    let Some(allowed) = body.get("allowed_mentions").filter(|a| a.is_object()) else {
        return Some("no allowed_mentions".into());
    };
    if allowed["parse"].as_array().is_some_and(|p| !p.is_empty()) {
        return Some(format!("allowed_mentions parses {} from the text", allowed["parse"]));
    }
    let ids = |key: &str| -> Vec<String> {
        let list = allowed[key].as_array().into_iter().flatten();
        list.map(|id| id.as_str().map(str::to_string).unwrap_or_else(|| id.to_string())).collect()
    };
    let (mut users, mut roles) = (Vec::new(), Vec::new());
    for word in body["content"].as_str().unwrap_or_default().split(' ') {
        match word.strip_prefix("<@&").or_else(|| word.strip_prefix("<@")).and_then(|w| w.strip_suffix('>')) {
            Some(id) if word.starts_with("<@&") => roles.push(id.to_string()),
            Some(id) => users.push(id.to_string()),
            None => break,
        }
    }
    for (key, called) in [("users", users), ("roles", roles)] {
        let mut pinged = ids(key);
        let mut called = called;
        pinged.sort();
        called.sort();
        if pinged != called {
            return Some(format!("allowed_mentions.{key} is {pinged:?}, but the message calls {called:?}"));
        }
    }
    None
}

/// Discord's answer to a request, and the id of the message it created, if any.
fn respond(
    fake: &FakeDiscord,
    method: &Method,
    path: &str,
    body: &Value,
    files: &[(String, Vec<u8>)],
) -> (Response, Option<u64>) {
    let created = |m: &Value| m["id"].as_str().and_then(|i| i.parse().ok());
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let id = |s: &str| s.parse::<u64>().unwrap_or_default();
    if let Some(response) = events::respond(fake, method.as_str(), &parts, body) {
        return (response, None);
    }
    let response = match (method, parts.as_slice()) {
        (&Method::GET, ["gateway"]) => {
            json_response(StatusCode::OK, json!({"url": format!("ws://127.0.0.1:{}", fake.gateway_port)}))
        }
        (&Method::GET, ["gateway", "bot"]) => json_response(
            StatusCode::OK,
            json!({"url": format!("ws://127.0.0.1:{}", fake.gateway_port), "shards": 1,
                   "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}),
        ),
        (&Method::GET, ["attachments", file, _]) => match fake.lock().hosted.get(&id(file)).cloned() {
            Some(bytes) => (StatusCode::OK, bytes).into_response(),
            None => StatusCode::NOT_FOUND.into_response(),
        },
        (&Method::GET, ["oauth2", "applications", "@me"]) => json_response(StatusCode::OK, payloads::application()),
        (&Method::GET, ["users", "@me"]) => {
            json_response(StatusCode::OK, payloads::user(payloads::BOT_ID, "tablero", true))
        }
        (&Method::PUT, ["applications", _, "guilds", _, "commands"]) => json_response(StatusCode::OK, json!([])),
        (&Method::PUT, ["applications", _, "commands"]) => {
            fake.lock().global_commands = body.clone();
            json_response(StatusCode::OK, json!([]))
        }
        (&Method::POST, ["interactions", _, token, "callback"]) => {
            // One answer an interaction: Discord refuses a second.
            let mut inner = fake.lock();
            if !inner.acknowledged.insert(token.to_string()) {
                inner.refused_answers += 1;
                let refusal = json!({"message": "Interaction has already been acknowledged.", "code": 40060});
                return (json_response(StatusCode::BAD_REQUEST, refusal), None);
            }
            drop(inner);
            // Messages (type 4) become the interaction's original response; updates (7) edit the pressed one.
            if body["type"] == 4 {
                let channel = fake.lock().token_channels.get(*token).copied().unwrap_or_default();
                let message = fake.create_message(channel, &body["data"], files);
                let mid = message["id"].as_str().map(id).unwrap_or_default();
                fake.lock().originals.insert(token.to_string(), mid);
                return (StatusCode::NO_CONTENT.into_response(), Some(mid));
            }
            // A deferral (type 5) shows a "thinking" message as the original response, which the first
            // follow-up (or an edit) replaces, as Discord does.
            if body["type"] == 5 {
                let channel = fake.lock().token_channels.get(*token).copied().unwrap_or_default();
                let message =
                    fake.create_message(channel, &json!({"content": "", "flags": body["data"]["flags"]}), &[]);
                let mid = message["id"].as_str().map(id).unwrap_or_default();
                let mut inner = fake.lock();
                inner.originals.insert(token.to_string(), mid);
                inner.loading.insert(token.to_string());
            }
            StatusCode::NO_CONTENT.into_response()
        }
        (&Method::DELETE, ["webhooks", _, token, "messages", "@original"]) => {
            let mut inner = fake.lock();
            let original = inner.originals.get(*token).copied().filter(|m| inner.messages.contains_key(m));
            match original {
                Some(mid) => {
                    inner.messages.remove(&mid);
                    inner.deleted.push(mid);
                    inner.loading.remove(*token);
                    StatusCode::NO_CONTENT.into_response()
                }
                None => json_response(StatusCode::NOT_FOUND, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        (&Method::GET | &Method::PATCH, ["webhooks", _, token, "messages", "@original"]) => {
            if method == Method::PATCH {
                fake.lock().loading.remove(*token);
            }
            let original = fake.lock().originals.get(*token).copied();
            match original {
                Some(mid) if method == Method::PATCH => json_response(StatusCode::OK, fake.edit_message(mid, body)),
                Some(mid) => json_response(StatusCode::OK, fake.message(mid)),
                None => json_response(StatusCode::NOT_FOUND, json!({"message": "Unknown Message", "code": 10008})),
            }
        }
        (&Method::POST, ["webhooks", _, token]) => {
            let (channel, filling) = {
                let mut inner = fake.lock();
                let filling = if inner.loading.remove(*token) { inner.originals.get(*token).copied() } else { None };
                (inner.token_channels.get(*token).copied().unwrap_or_default(), filling)
            };
            let message = match filling {
                Some(mid) => {
                    let message = payloads::message(mid, channel, body, files);
                    fake.lock().messages.insert(mid, message.clone());
                    message
                }
                None => fake.create_message(channel, body, files),
            };
            return (json_response(StatusCode::OK, message.clone()), created(&message));
        }
        (&Method::POST, ["channels", channel, "messages"]) => {
            // Like Discord: a repeated enforced nonce returns the first message and creates nothing.
            let nonce = body["nonce"].as_str().filter(|_| body["enforce_nonce"] == true).map(str::to_string);
            let gate = fake.nonce_gate.clone();
            let _gate = gate.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(first) = nonce.as_ref().and_then(|n| fake.lock().nonces.get(n).copied()) {
                return (json_response(StatusCode::OK, fake.message(first)), None);
            }
            let message = fake.create_message(id(channel), body, files);
            if let (Some(n), Some(mid)) = (nonce, created(&message)) {
                fake.lock().nonces.insert(n, mid);
            }
            return (json_response(StatusCode::OK, message.clone()), created(&message));
        }
        (&Method::PATCH, ["channels", _, "messages", message]) => {
            json_response(StatusCode::OK, fake.edit_message(id(message), body))
        }
        (&Method::POST, ["channels", channel, "threads"]) => {
            let thread = fake.next_id();
            let name = body["name"].as_str().unwrap_or("");
            return (json_response(StatusCode::CREATED, payloads::thread(thread, id(channel), name)), Some(thread));
        }
        (&Method::POST, ["users", "@me", "channels"]) => {
            let user = body["recipient_id"].as_str().map(id).unwrap_or_default();
            let dm = 9_000_000 + user % 1_000_000;
            json_response(StatusCode::OK, payloads::dm_channel(dm, user))
        }
        (&Method::DELETE, ["channels", channel]) => {
            json_response(StatusCode::OK, payloads::thread(id(channel), 0, "deleted"))
        }
        _ => json_response(StatusCode::NOT_FOUND, json!({"message": "404: Not Found", "code": 0})),
    };
    (response, None)
}

impl Recorded {
    /// The interaction callback's type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete).
    pub fn callback_type(&self) -> Option<u64> {
        self.json.as_ref().and_then(|j| j["type"].as_u64())
    }

    /// The message content of a callback, a follow-up or a channel message.
    pub fn content(&self) -> String {
        let j = self.json.as_ref().unwrap_or(&Value::Null);
        let data = if j.get("data").is_some() { &j["data"] } else { j };
        data["content"].as_str().unwrap_or_default().to_string()
    }

    pub fn is_ephemeral(&self) -> bool {
        let j = self.json.as_ref().unwrap_or(&Value::Null);
        let data = if j.get("data").is_some() { &j["data"] } else { j };
        data["flags"].as_u64().is_some_and(|f| f & 64 != 0)
    }

    /// The custom ids of the buttons of a posted or edited message, in order.
    pub fn button_ids(&self) -> Vec<String> {
        let j = self.json.as_ref().unwrap_or(&Value::Null);
        let data = if j.get("data").is_some() { &j["data"] } else { j };
        payloads::button_ids(data)
    }

    /// The select menus of a posted or edited message: each id with its options' values.
    pub fn menus(&self) -> Vec<(String, Vec<String>)> {
        let j = self.json.as_ref().unwrap_or(&Value::Null);
        let data = if j.get("data").is_some() { &j["data"] } else { j };
        payloads::menus(data)
    }

    /// The PNG attached, if any (checked to be a PNG).
    pub fn png(&self) -> Option<&[u8]> {
        self.files.iter().find(|(n, _)| n.ends_with(".png")).map(|(_, b)| {
            assert!(b.starts_with(b"\x89PNG\r\n\x1a\n"), "attachment is a PNG");
            b.as_slice()
        })
    }
}

#[test]
fn a_message_may_ping_exactly_the_calls_in_front_of_its_words() {
    let called = json!({"content": "<@1> <@&2> ana to move; <@3> watches", "allowed_mentions": {"users": ["1"], "roles": ["2"]}});
    assert_eq!(mentions_problem(&called), None);
    let quiet = json!({"content": "ben, <@3> watches", "allowed_mentions": {"parse": []}});
    assert_eq!(mentions_problem(&quiet), None);
    for bad in [
        json!({"content": "<@1> to move"}),
        json!({"content": "<@1> to move", "allowed_mentions": {"parse": ["users"]}}),
        json!({"content": "<@1> to move", "allowed_mentions": {}}),
        json!({"content": "to move: <@1>", "allowed_mentions": {"users": ["1"]}}),
        json!({"content": "<@1> <@&2> to move", "allowed_mentions": {"users": ["1"]}}),
    ] {
        assert!(mentions_problem(&bad).is_some(), "{bad}");
    }
}

#[test]
fn a_picture_must_be_described() {
    let files = vec![("game-1-0001.png".to_string(), vec![1]), ("game-1.json".to_string(), vec![2])];
    let described = json!({"attachments": [{"id": 0, "filename": "game-1-0001.png", "description": "Hoyito II #1"}]});
    assert_eq!(pictures_problem(&described, &files), None);
    for bad in [
        json!({}),
        json!({"attachments": [{"id": 0, "filename": "game-1-0001.png"}]}),
        json!({"attachments": [{"id": 0, "filename": "game-1-0001.png", "description": ""}]}),
        json!({"attachments": [{"id": 0, "filename": "game-1-0001.png", "description": "x".repeat(1025)}]}),
    ] {
        assert!(pictures_problem(&bad, &files).is_some(), "{bad}");
    }
}
