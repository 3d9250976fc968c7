//! The JSON the fake Discord sends: READY, users and members, messages, threads, and the interactions a test
//! makes (slash commands, autocomplete, button presses). Shaped as Discord sends them, with the fields
//! serenity 0.12.5 requires (a payload it cannot read is dropped with only a warning).

use serde_json::{Value, json};

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_ID: u64 = 900_000_000_000_000_002;
pub const GUILD_ID: u64 = 800_000_000_000_000_001;

/// A member of the test guild.
#[derive(Debug, Clone)]
pub struct Member {
    pub id: u64,
    pub name: String,
    pub roles: Vec<u64>,
    /// Discord locale tag, e.g. `en-US`, `es-419`.
    pub locale: String,
    pub manage_server: bool,
}

impl Member {
    pub fn new(id: u64, name: &str) -> Member {
        Member { id, name: name.into(), roles: vec![], locale: "en-US".into(), manage_server: false }
    }

    pub fn with_roles(mut self, roles: &[u64]) -> Member {
        self.roles = roles.to_vec();
        self
    }

    pub fn speaking(mut self, locale: &str) -> Member {
        self.locale = locale.into();
        self
    }
}

pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({"id": id.to_string(), "username": name, "global_name": name, "discriminator": "0", "avatar": null, "bot": bot})
}

/// Permissions of members in the test guild: view, send, read history, use commands (+ manage guild).
fn member_permissions(manage: bool) -> String {
    let base: u64 = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 38);
    (if manage { base | (1 << 5) } else { base }).to_string()
}

/// What the bot may do in the test channels: view, send, embed, attach, create public threads, send in threads.
pub const BOT_PERMISSIONS: u64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 35) | (1 << 38);

pub fn member(m: &Member) -> Value {
    json!({
        "user": user(m.id, &m.name, false),
        "nick": null,
        "roles": m.roles.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        "joined_at": "2026-01-01T00:00:00.000000+00:00",
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": member_permissions(m.manage_server),
    })
}

pub fn ready(gateway_port: u16) -> Value {
    json!({
        "v": 10,
        "user": user(BOT_ID, "tablero", true),
        "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
        "session_id": "fake-session",
        "resume_gateway_url": format!("ws://127.0.0.1:{gateway_port}"),
        "shard": [0, 1],
        "application": {"id": APP_ID.to_string(), "flags": 0},
    })
}

pub fn application() -> Value {
    json!({
        "id": APP_ID.to_string(), "name": "tablero", "icon": null, "description": "", "bot_public": true,
        "bot_require_code_grant": false, "verify_key": "00", "owner": user(1, "owner", false), "flags": 0,
    })
}

/// A message as Discord returns it, from what the bot sent (`body`: content, components, embeds, attachments).
pub fn message(id: u64, channel: u64, body: &Value, files: &[(String, Vec<u8>)]) -> Value {
    let attachments: Vec<Value> = files
        .iter()
        .enumerate()
        .map(|(i, (name, bytes))| {
            json!({"id": (id * 10 + i as u64).to_string(), "filename": name, "size": bytes.len(),
                   "url": format!("http://127.0.0.1/{name}"), "proxy_url": format!("http://127.0.0.1/{name}")})
        })
        .collect();
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "author": user(BOT_ID, "tablero", true),
        "content": body["content"].as_str().unwrap_or_default(),
        "timestamp": "2026-11-29T12:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": body.get("embeds").cloned().unwrap_or(json!([])),
        "components": body.get("components").cloned().unwrap_or(json!([])),
        "pinned": false,
        "type": 0,
        "flags": body.get("flags").cloned().unwrap_or(json!(0)),
    })
}

pub fn thread(id: u64, parent: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(), "type": 11, "guild_id": GUILD_ID.to_string(), "name": name,
        "parent_id": parent.to_string(), "owner_id": BOT_ID.to_string(), "position": 0,
        "permission_overwrites": [], "nsfw": false, "rate_limit_per_user": 0, "message_count": 0,
        "member_count": 1, "thread_metadata": {"archived": false, "auto_archive_duration": 1440,
        "archive_timestamp": "2026-11-29T12:00:00.000000+00:00", "locked": false},
    })
}

/// A direct-message channel with `user`.
pub fn dm_channel(id: u64, user: u64) -> Value {
    json!({"id": id.to_string(), "type": 1, "recipients": [self::user(user, "someone", false)], "last_message_id": null})
}

/// The custom ids of the buttons in a message's components.
pub fn button_ids(message: &Value) -> Vec<String> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["type"] == 2)
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

/// The string select menus in a message's components: each custom id with its options' values.
pub fn menus(message: &Value) -> Vec<(String, Vec<String>)> {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter(|m| m["type"] == 3)
        .map(|m| {
            let values = m["options"].as_array().into_iter().flatten();
            let values = values.filter_map(|o| o["value"].as_str().map(str::to_string)).collect();
            (m["custom_id"].as_str().unwrap_or_default().to_string(), values)
        })
        .collect()
}

fn interaction_base(kind: u8, id: u64, channel: u64, thread: bool, who: &Member, data: Value) -> Value {
    json!({
        "id": id.to_string(),
        "application_id": APP_ID.to_string(),
        "type": kind,
        "data": data,
        "guild_id": GUILD_ID.to_string(),
        "channel_id": channel.to_string(),
        "channel": {"id": channel.to_string(), "type": if thread { 11 } else { 0 }},
        "member": member(who),
        "token": format!("token-{id}"),
        "version": 1,
        "app_permissions": BOT_PERMISSIONS.to_string(),
        "locale": who.locale,
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
        "context": 0,
        "attachment_size_limit": 26214400,
    })
}

/// A slash option value: (name, value) with its Discord type; users and roles are resolved.
#[derive(Debug, Clone)]
pub enum Opt {
    Str(&'static str, String),
    Int(&'static str, i64),
    Bool(&'static str, bool),
    User(&'static str, Member),
    Role(&'static str, u64, &'static str),
    /// A role that is not mentionable: only a member with Mention Everyone may ping it.
    QuietRole(&'static str, u64, &'static str),
    /// The option being typed, for autocomplete.
    Focused(&'static str, String),
    /// An attached file: (option name, attachment id, file name, size, the URL the fake serves it at).
    File(&'static str, u64, String, usize, String),
}

/// A slash command interaction: `path` is the command and subcommand names, e.g. `["play", "hoyito"]`.
pub fn slash(kind: u8, id: u64, channel: u64, thread: bool, who: &Member, path: &[&str], options: &[Opt]) -> Value {
    let mut users = serde_json::Map::new();
    let mut members = serde_json::Map::new();
    let mut roles = serde_json::Map::new();
    let mut attachments = serde_json::Map::new();
    let values: Vec<Value> = options
        .iter()
        .map(|o| match o {
            Opt::Str(n, v) => json!({"name": n, "type": 3, "value": v}),
            Opt::Focused(n, v) => json!({"name": n, "type": 3, "value": v, "focused": true}),
            Opt::Int(n, v) => json!({"name": n, "type": 4, "value": v}),
            Opt::Bool(n, v) => json!({"name": n, "type": 5, "value": v}),
            Opt::User(n, m) => {
                users.insert(m.id.to_string(), user(m.id, &m.name, m.id == BOT_ID));
                let mut partial = member(m);
                partial.as_object_mut().unwrap().remove("user");
                members.insert(m.id.to_string(), partial);
                json!({"name": n, "type": 6, "value": m.id.to_string()})
            }
            Opt::Role(n, r, name) => {
                roles.insert(r.to_string(), role(*r, name));
                json!({"name": n, "type": 9, "value": r.to_string()})
            }
            Opt::QuietRole(n, r, name) => {
                let mut quiet = role(*r, name);
                quiet["mentionable"] = json!(false);
                roles.insert(r.to_string(), quiet);
                json!({"name": n, "type": 9, "value": r.to_string()})
            }
            Opt::File(n, id, file_name, size, url) => {
                attachments.insert(
                    id.to_string(),
                    json!({"id": id.to_string(), "filename": file_name, "size": size, "url": url, "proxy_url": url,
                           "content_type": "application/json"}),
                );
                json!({"name": n, "type": 11, "value": id.to_string()})
            }
        })
        .collect();
    let mut nested = values;
    for sub in path[1..].iter().rev() {
        nested = vec![json!({"name": sub, "type": 1, "options": nested})];
    }
    let data = json!({
        "id": "1", "name": path[0], "type": 1, "options": nested,
        "resolved": {"users": users, "members": members, "roles": roles, "attachments": attachments},
        "guild_id": GUILD_ID.to_string(),
    });
    interaction_base(kind, id, channel, thread, who, data)
}

pub fn role(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(), "name": name, "color": 0, "colors": {"primary_color": 0, "secondary_color": null,
        "tertiary_color": null}, "hoist": false, "icon": null, "unicode_emoji": null, "position": 1,
        "permissions": "0", "managed": false, "mentionable": true, "flags": 0,
    })
}

/// A choice from a string select menu of `message` (as the fake stored it).
pub fn select(
    id: u64,
    channel: u64,
    thread: bool,
    who: &Member,
    message: &Value,
    custom_id: &str,
    value: &str,
) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
    let mut v = interaction_base(3, id, channel, thread, who, data);
    v["message"] = message.clone();
    v
}

/// A button press on `message` (as the fake stored it).
pub fn press(id: u64, channel: u64, thread: bool, who: &Member, message: &Value, custom_id: &str) -> Value {
    let data = json!({"custom_id": custom_id, "component_type": 2});
    let mut v = interaction_base(3, id, channel, thread, who, data);
    v["message"] = message.clone();
    v
}
