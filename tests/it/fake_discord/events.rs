//! A server's scheduled events, as Discord keeps them: listed, created and edited by the bot, with Discord's
//! checks (a name of 1 to 100 characters, a description of at most 1,000, an external event's location and end,
//! a start still to come, an end after the start, and only the status changes Discord allows: scheduled to
//! active or cancelled, active to completed). A request that breaks one is refused and remembered as a
//! violation; when the bot may not manage events (see [`FakeDiscord::forbid_events`]) every request is refused
//! with Missing Permissions, which is no violation.

use axum::http::StatusCode;
use axum::response::Response;
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};

use super::payloads::{BOT_ID, GUILD_ID};
use super::{FakeDiscord, json_response};

impl FakeDiscord {
    /// The bot loses (or is given back) the permission to manage the server's events.
    pub fn forbid_events(&self, forbidden: bool) {
        self.lock().events_forbidden = forbidden;
    }

    /// A member (not the bot) creates an event of the server whose description ends with `marker`.
    pub fn member_event(&self, marker: &str, starts: i64) {
        let id = self.next_id();
        let at = |t: i64| serenity::Timestamp::from_unix_timestamp(t).unwrap().to_string();
        let event = json!({
            "id": id.to_string(), "guild_id": GUILD_ID.to_string(), "channel_id": null, "creator_id": "555",
            "name": "a member's event", "description": format!("copied\n\n{marker}"),
            "scheduled_start_time": at(starts), "scheduled_end_time": at(starts + 86_400), "privacy_level": 2,
            "status": 1, "entity_type": 3, "entity_id": null, "entity_metadata": {"location": "elsewhere"},
            "image": null,
        });
        self.lock().events.push(event);
    }

    /// The server's scheduled events, as Discord holds them.
    pub fn events(&self) -> Vec<Value> {
        self.lock().events.clone()
    }
}

fn seconds(value: &Value) -> Option<i64> {
    value.as_str().and_then(|s| serenity::Timestamp::parse(s).ok()).map(|t| t.unix_timestamp())
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// What Discord refuses of an event as it would be after the request.
fn problem(event: &Value, creating: bool) -> Option<String> {
    let name = event["name"].as_str().unwrap_or_default().chars().count();
    if !(1..=100).contains(&name) {
        return Some(format!("a name of {name} characters"));
    }
    let description = event["description"].as_str().unwrap_or_default().chars().count();
    if description > 1000 {
        return Some(format!("a description of {description} characters"));
    }
    if event["entity_type"] != 3 {
        return Some("not an external event".into());
    }
    let location = event["entity_metadata"]["location"].as_str().unwrap_or_default().chars().count();
    if !(1..=100).contains(&location) {
        return Some(format!("a location of {location} characters"));
    }
    let (Some(start), Some(end)) = (seconds(&event["scheduled_start_time"]), seconds(&event["scheduled_end_time"]))
    else {
        return Some("an external event needs a start and an end".into());
    };
    if creating && start <= now() {
        return Some("a start in the past".into());
    }
    if end <= start {
        return Some("an end before its start".into());
    }
    None
}

/// Discord's answer to a request for the server's events, if the request is one.
pub(super) fn respond(fake: &FakeDiscord, method: &str, parts: &[&str], body: &Value) -> Option<Response> {
    let ["guilds", guild, "scheduled-events", rest @ ..] = parts else { return None };
    if fake.lock().events_forbidden {
        let body = json!({"message": "Missing Permissions", "code": 50013});
        return Some(json_response(StatusCode::FORBIDDEN, body));
    }
    let refuse = |said: String| {
        fake.lock().violations.push(format!("{method} scheduled event: {said}"));
        json_response(StatusCode::BAD_REQUEST, json!({"message": said, "code": 50035}))
    };
    let answer = match (method, rest) {
        ("GET", []) => json_response(StatusCode::OK, Value::Array(fake.events())),
        ("POST", []) => {
            let id = fake.next_id();
            let mut event = json!({
                "id": id.to_string(), "guild_id": guild, "channel_id": null, "creator_id": BOT_ID.to_string(),
                "name": body["name"], "description": body["description"],
                "scheduled_start_time": body["scheduled_start_time"], "scheduled_end_time": body["scheduled_end_time"],
                "privacy_level": body["privacy_level"], "status": 1, "entity_type": body["entity_type"],
                "entity_id": null, "entity_metadata": body["entity_metadata"], "image": null,
            });
            if body["privacy_level"] != 2 {
                return Some(refuse("privacy_level must be 2 (guild only)".into()));
            }
            if guild.parse::<u64>().ok() != Some(GUILD_ID) {
                return Some(refuse(format!("unknown server {guild}")));
            }
            if let Some(said) = problem(&event, true) {
                return Some(refuse(said));
            }
            event["status"] = json!(1);
            fake.lock().events.push(event.clone());
            json_response(StatusCode::OK, event)
        }
        ("PATCH", [id]) => {
            let Some(mut event) = fake.events().into_iter().find(|e| e["id"] == *id) else {
                return Some(json_response(StatusCode::NOT_FOUND, json!({"message": "Unknown Event", "code": 10070})));
            };
            let from = event["status"].as_u64().unwrap_or_default();
            for key in
                ["name", "description", "scheduled_start_time", "scheduled_end_time", "status", "entity_metadata"]
            {
                if let Some(value) = body.get(key).filter(|v| !v.is_null()) {
                    event[key] = value.clone();
                }
            }
            let to = event["status"].as_u64().unwrap_or_default();
            if from != to && !matches!((from, to), (1, 2) | (1, 4) | (2, 3)) {
                return Some(refuse(format!("a status change from {from} to {to}")));
            }
            if from != 1 && body.get("scheduled_start_time").is_some_and(|v| !v.is_null()) {
                return Some(refuse("a start moved once the event started".into()));
            }
            if let Some(said) = problem(&event, false) {
                return Some(refuse(said));
            }
            let mut inner = fake.lock();
            if let Some(stored) = inner.events.iter_mut().find(|e| e["id"] == *id) {
                *stored = event.clone();
            }
            drop(inner);
            json_response(StatusCode::OK, event)
        }
        _ => return None,
    };
    Some(answer)
}

#[test]
fn discord_refuses_what_it_would_refuse_of_an_event() {
    let at = |secs: i64| serenity::Timestamp::from_unix_timestamp(secs).unwrap().to_string();
    let good = json!({"name": "Tournament #1: round 1", "description": "…", "entity_type": 3,
        "entity_metadata": {"location": "On Discord"}, "scheduled_start_time": at(now() + 60),
        "scheduled_end_time": at(now() + 3600)});
    assert_eq!(problem(&good, true), None);
    let with = |key: &str, value: Value| {
        let mut bad = good.clone();
        bad[key] = value;
        bad
    };
    for bad in [
        with("name", json!("")),
        with("name", json!("x".repeat(101))),
        with("description", json!("x".repeat(1001))),
        with("entity_metadata", json!({})),
        with("scheduled_end_time", Value::Null),
        with("scheduled_start_time", json!(at(now() - 10))),
        with("scheduled_end_time", json!(at(now() + 30))),
    ] {
        assert!(problem(&bad, true).is_some(), "{bad}");
    }
    // A start gone by is fine for an event that exists (it started).
    assert_eq!(problem(&with("scheduled_start_time", json!(at(now() - 10))), false), None);
    let event: serenity::ScheduledEvent = serde_json::from_value(json!({
        "id": "5", "guild_id": GUILD_ID.to_string(), "channel_id": null, "creator_id": BOT_ID.to_string(),
        "name": "n", "description": "d", "scheduled_start_time": at(now() + 60),
        "scheduled_end_time": at(now() + 3600), "privacy_level": 2, "status": 1, "entity_type": 3,
        "entity_id": null, "entity_metadata": {"location": "l"}, "image": null,
    }))
    .expect("an event as serenity reads it");
    assert_eq!(event.status, serenity::ScheduledEventStatus::Scheduled);
}
