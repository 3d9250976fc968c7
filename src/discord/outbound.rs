//! Posting to Discord through its faults. A channel message is sent with a nonce that Discord enforces
//! (`enforce_nonce`: a repeat of the same nonce returns the message already made), so it can be retried
//! safely: after a 5xx, a timeout or a dropped connection with backoff, after a 429 when its `retry_after`
//! says. Only a refusal that will not change (a 4xx other than 429) or a post that kept failing for
//! [`POST_BUDGET`] ends it, as an error the caller reports privately; nothing here is ever posted publicly.
//!
//! The request is built by serenity (its route and proxy; the multipart form of a message with files here, so
//! that each file keeps its number and description) but sent with our own client, because serenity's error
//! drops the 429's `retry_after`, and its own rate limiter is off behind a proxy (the tests' fake Discord), so
//! the bot has to honour it itself.

use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::http::{LightMethod, Request, Route};

/// How long an interaction response keeps being tried (Discord wants one within 3 seconds).
pub const RESPONSE_BUDGET: Duration = Duration::from_millis(2500);
/// How long a follow-up keeps being tried (the interaction's token lasts 15 minutes).
pub const FOLLOWUP_BUDGET: Duration = Duration::from_secs(30);
/// How long a post keeps being tried.
pub const POST_BUDGET: Duration = Duration::from_secs(60);
/// One attempt's limit: a request without an answer by then is tried again (the nonce makes that safe).
const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(15);
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
const LONGEST_BACKOFF: Duration = Duration::from_secs(8);
/// A `retry_after` longer than this is not waited out within one post (the post fails and is reported).
const LONGEST_RETRY_AFTER: Duration = Duration::from_secs(30);

/// Why a post did not happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PostError {
    /// Discord refused it for good (missing access, unknown channel...): `status` and Discord's message.
    Refused { status: u16, message: String },
    /// It kept failing (5xx, timeouts, rate limits) until the budget ran out.
    GaveUp { last: String },
}

impl std::fmt::Display for PostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PostError::Refused { status, message } => write!(f, "refused ({status}): {message}"),
            PostError::GaveUp { last } => write!(f, "gave up after retries: {last}"),
        }
    }
}

/// What one attempt came to.
enum Attempt {
    Posted(u64),
    /// Worth another try, after at least this long.
    Again(Option<Duration>, String),
    Refused(u16, String),
}

/// A nonce for a post that has no natural one (at most 25 characters, as Discord requires).
pub fn fresh_nonce() -> String {
    format!("p{:016x}", rand::random::<u64>())
}

/// Posts `message` with its `files` as a new message of `channel`, retrying until it is posted once; returns
/// the message id.
pub async fn post_built(
    client: &reqwest::Client,
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::CreateMessage,
    files: &[serenity::CreateAttachment],
    nonce: &str,
) -> Result<serenity::MessageId, PostError> {
    let message = message.nonce(serenity::Nonce::String(nonce.chars().take(25).collect())).enforce_nonce(true);
    let payload =
        serde_json::to_string(&message).map_err(|e| PostError::Refused { status: 0, message: e.to_string() })?;
    let started = Instant::now();
    let mut backoff = FIRST_BACKOFF;
    loop {
        let wait = match attempt(client, http, channel, &payload, files).await {
            Attempt::Posted(id) => return Ok(serenity::MessageId::new(id)),
            Attempt::Refused(status, message) => return Err(PostError::Refused { status, message }),
            Attempt::Again(after, why) => {
                let wait = after.unwrap_or(backoff);
                if wait > LONGEST_RETRY_AFTER || started.elapsed() + wait > POST_BUDGET {
                    return Err(PostError::GaveUp { last: why });
                }
                tracing::info!(%channel, ?wait, reason = %why, "a post failed; trying again with its nonce");
                wait
            }
        };
        tokio::time::sleep(wait).await;
        backoff = (backoff * 2).min(LONGEST_BACKOFF);
    }
}

/// The multipart form of a message with files: `payload_json` with an `attachments` entry per file (its number,
/// name and description), then each file as `files[number]`.
fn with_attachments(payload: &str, files: &[serenity::CreateAttachment]) -> Result<reqwest::multipart::Form, String> {
    let mut json: serde_json::Value = serde_json::from_str(payload).map_err(|e| e.to_string())?;
    let attachments: Vec<serde_json::Value> = files
        .iter()
        .enumerate()
        .map(|(i, f)| serde_json::json!({"id": i, "filename": f.filename, "description": f.description}))
        .collect();
    json["attachments"] = serde_json::Value::Array(attachments);
    let mut form = reqwest::multipart::Form::new().text("payload_json", json.to_string());
    for (i, f) in files.iter().enumerate() {
        form = form
            .part(format!("files[{i}]"), reqwest::multipart::Part::bytes(f.data.clone()).file_name(f.filename.clone()));
    }
    Ok(form)
}

async fn attempt(
    client: &reqwest::Client,
    http: &serenity::Http,
    channel: serenity::ChannelId,
    payload: &str,
    files: &[serenity::CreateAttachment],
) -> Attempt {
    let route = Route::ChannelMessages { channel_id: channel };
    let built = if files.is_empty() {
        let request = Request::new(route, LightMethod::Post).body(Some(payload.as_bytes().to_vec()));
        request.build(client, http.token(), http.proxy.as_deref())
    } else {
        // With files the form is ours: each file its own part (`files[0]`, `files[1]`…) and its name and
        // description in the payload's `attachments` under the same number.
        let mut url = route.path().to_string();
        if let Some(proxy) = http.proxy.as_deref() {
            url = url.replace("https://discord.com", proxy.trim_end_matches('/'));
        }
        match with_attachments(payload, files) {
            Ok(form) => Ok(client
                .post(url)
                .header(reqwest::header::AUTHORIZATION, http.token())
                .header(reqwest::header::USER_AGENT, serenity::constants::USER_AGENT)
                .multipart(form)),
            Err(e) => return Attempt::Refused(0, e),
        }
    };
    let built = match built {
        Ok(b) => b.timeout(ATTEMPT_TIMEOUT),
        Err(e) => return Attempt::Refused(0, e.to_string()),
    };
    let started = std::time::Instant::now();
    let response = match built.send().await {
        Ok(r) => r,
        // (Without the address: a webhook's holds the interaction's token.)
        Err(e) => {
            crate::metrics::discord_request("channels/messages", 0, started.elapsed());
            return Attempt::Again(None, format!("no answer: {}", e.without_url()));
        }
    };
    let status = response.status();
    crate::metrics::discord_request("channels/messages", status.as_u16(), started.elapsed());
    let header_wait =
        response.headers().get("retry-after").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<f64>().ok());
    let body = match response.bytes().await {
        Ok(b) => b,
        Err(e) => return Attempt::Again(None, format!("the answer broke off: {}", e.without_url())),
    };
    let json: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    if status.is_success() {
        return match json["id"].as_str().and_then(|id| id.parse().ok()) {
            Some(id) => Attempt::Posted(id),
            // Posted, but the answer is unreadable: the nonce makes asking again safe, and returns the message.
            None => Attempt::Again(None, "a success without a message id".into()),
        };
    }
    let message = json["message"].as_str().unwrap_or_default().to_string();
    if status.as_u16() == 429 {
        let seconds = json["retry_after"].as_f64().or(header_wait).unwrap_or(1.0).max(0.0);
        return Attempt::Again(Some(Duration::from_secs_f64(seconds)), format!("429: {message}"));
    }
    if status.is_server_error() {
        return Attempt::Again(None, format!("{status}: {message}"));
    }
    Attempt::Refused(status.as_u16(), message)
}

/// Whether a serenity error is worth another try (a 5xx, a 429, no answer), rather than a refusal for good.
pub fn transient(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error() || r.status_code.as_u16() == 429
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Whether an interaction response failed because the interaction was answered already (a retry of a response
/// whose first attempt did arrive): Discord's code 40060.
pub fn already_answered(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) if r.error.code == 40060)
}

/// Tries `send` (a request through serenity to `route`, counted and timed as such) again after transient
/// failures, for up to `budget` (an interaction must be answered within 3 seconds). An "already answered" after
/// a retry means the first attempt arrived: that is success.
pub async fn with_retries<T, F, Fut>(
    route: &'static str,
    budget: Duration,
    mut send: F,
) -> Result<Option<T>, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    let started = Instant::now();
    let mut backoff = Duration::from_millis(100);
    let mut tried = false;
    loop {
        let asked = Instant::now();
        let sent = send().await;
        let status = match &sent {
            Ok(_) => 200,
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))) => r.status_code.as_u16(),
            Err(_) => 0,
        };
        crate::metrics::discord_request(route, status, asked.elapsed());
        match sent {
            Ok(t) => return Ok(Some(t)),
            Err(e) if tried && already_answered(&e) => return Ok(None),
            Err(e) if transient(&e) && started.elapsed() + backoff < budget => {
                tracing::info!(error = %e, "an interaction response failed; trying again");
                tokio::time::sleep(backoff).await;
                backoff *= 2;
                tried = true;
            }
            Err(e) => return Err(e),
        }
    }
}
