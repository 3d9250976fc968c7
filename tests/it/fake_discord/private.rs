//! Direct messages and group DMs, as Discord gives them to an app a user installed: interactions there come
//! without a server (no `guild_id`, a `user` instead of a `member`, `context` 1 in the bot's own DM, 2 in a DM
//! between users or a group DM, the app's permissions only `ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE`), only
//! for global commands registered with that context and the user install, and the app may only answer them: a
//! post or an edit of a message in a DM or group DM it is not in is refused (Missing Access), as is a thread, and
//! an interaction takes at most five follow-ups. Each of these is also remembered as a violation, so the test
//! that made it fails and says why.

use serde_json::{Value, json};

use super::payloads::{self, Member, Opt};
use super::{FakeDiscord, Inner, Recorded};

/// What kind of private channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrivateKind {
    /// A user's DM with the bot (the bot is in it, and may post there).
    BotDm,
    /// A DM between two users.
    Dm,
    /// A group DM.
    GroupDm,
}

/// A private channel where users play.
#[derive(Debug, Clone, Copy)]
pub struct Private {
    pub channel: u64,
    pub kind: PrivateKind,
}

/// The follow-ups Discord takes for one interaction of a user-installed app.
pub const MOST_FOLLOW_UPS: u32 = 5;

/// The permissions Discord gives an app in a DM or group DM (and in its own DM, external emojis too).
fn app_permissions(kind: PrivateKind) -> u64 {
    let base: u64 = (1 << 14) | (1 << 15) | (1 << 17);
    if kind == PrivateKind::BotDm { base | (1 << 18) } else { base }
}

/// The channel of a user's DM with the bot, as the fake opens it.
pub fn bot_dm_channel(user: u64) -> u64 {
    9_000_000 + user % 1_000_000
}

impl FakeDiscord {
    /// A group DM (or, for two users, a DM between them), which the bot is not in.
    pub fn private_channel(&self, group: bool) -> Private {
        let channel = self.next_id();
        let kind = if group { PrivateKind::GroupDm } else { PrivateKind::Dm };
        self.lock().private.insert(channel, kind);
        Private { channel, kind }
    }

    /// `user`'s DM with the bot.
    pub fn bot_dm(&self, user: &Member) -> Private {
        let channel = bot_dm_channel(user.id);
        self.lock().private.insert(channel, PrivateKind::BotDm);
        Private { channel, kind: PrivateKind::BotDm }
    }

    /// Runs a slash command in a private channel (the user installed the app) and returns the bot's response.
    pub async fn slash_private(&self, who: &Member, at: Private, path: &[&str], options: &[Opt]) -> Recorded {
        self.offered(path[0], at.kind);
        let id = self.next_id();
        let from = self.mark();
        let interaction = payloads::slash(2, id, at.channel, false, who, path, options);
        self.interact_privately(without_server(interaction, who, at));
        self.callback(from, id).await
    }

    /// Presses a button of a message the bot posted in a private channel; the bot's response.
    pub async fn press_private(&self, who: &Member, at: Private, message: u64, custom_id: &str) -> Recorded {
        let id = self.next_id();
        let from = self.mark();
        let stored = self.message(message);
        let interaction = payloads::press(id, at.channel, false, who, &stored, custom_id);
        self.interact_privately(without_server(interaction, who, at));
        self.callback(from, id).await
    }

    fn interact_privately(&self, interaction: Value) {
        let token = interaction["token"].as_str().unwrap_or_default().to_string();
        self.lock().private_tokens.insert(token);
        self.interact(interaction);
    }

    /// Discord offers a command in a private channel only when it was registered globally for the user install
    /// and for that context; a test that runs one it would not offer fails here.
    fn offered(&self, name: &str, kind: PrivateKind) {
        let context = if kind == PrivateKind::BotDm { 1 } else { 2 };
        let commands = self.lock().global_commands.clone();
        let command = commands.as_array().into_iter().flatten().find(|c| c["name"] == name);
        let has = |key: &str, value: u64| {
            command.is_some_and(|c| c[key].as_array().into_iter().flatten().any(|v| v.as_u64() == Some(value)))
        };
        assert!(
            has("integration_types", 1) && has("contexts", context),
            "Discord would not offer /{name} in a {kind:?}: registered globally as {command:?}"
        );
    }
}

/// A server's interaction as Discord sends it in a private channel.
fn without_server(mut interaction: Value, who: &Member, at: Private) -> Value {
    let object = interaction.as_object_mut().expect("an interaction object");
    for key in ["guild_id", "member", "guild_locale"] {
        object.remove(key);
    }
    object.insert("user".into(), payloads::user(who.id, &who.name, false));
    object.insert("channel".into(), json!({"id": at.channel.to_string(), "type": channel_type(at.kind)}));
    object.insert("app_permissions".into(), json!(app_permissions(at.kind).to_string()));
    object.insert("authorizing_integration_owners".into(), json!({"1": who.id.to_string()}));
    object.insert("context".into(), json!(if at.kind == PrivateKind::BotDm { 1 } else { 2 }));
    if let Some(data) = object.get_mut("data").and_then(Value::as_object_mut) {
        data.remove("guild_id");
        if let Some(resolved) = data.get_mut("resolved").and_then(Value::as_object_mut) {
            resolved.remove("members");
        }
    }
    interaction
}

fn channel_type(kind: PrivateKind) -> u8 {
    if kind == PrivateKind::GroupDm { 3 } else { 1 }
}

/// What Discord refuses of a request for a private channel, with the status and code it answers: posting,
/// editing or opening a thread where the bot is not, and a sixth follow-up of one interaction.
pub(super) fn refused(inner: &mut Inner, method: &str, path: &str) -> Option<(String, u16, u64)> {
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let not_in = |inner: &Inner, channel: &str| {
        let channel = channel.parse::<u64>().unwrap_or_default();
        inner.private.get(&channel).is_some_and(|k| *k != PrivateKind::BotDm)
    };
    match (method, parts.as_slice()) {
        ("POST", ["channels", channel, "messages"])
        | ("PATCH", ["channels", channel, "messages", _])
        | ("POST", ["channels", channel, "threads"])
            if not_in(inner, channel) =>
        {
            Some((format!("{method} {path}: the bot is not in this DM or group DM (Missing Access)"), 403, 50001))
        }
        ("POST", ["webhooks", _, token]) if inner.private_tokens.contains(*token) => {
            let count = inner.follow_ups.entry(token.to_string()).or_default();
            *count += 1;
            (*count > MOST_FOLLOW_UPS)
                .then(|| (format!("{method} {path}: follow-up {count} of a user-installed app's interaction"), 400, 0))
        }
        _ => None,
    }
}

#[test]
fn an_app_only_answers_in_a_dm_or_group_dm_it_is_not_in() {
    let mut inner = Inner::default();
    inner.private.insert(7, PrivateKind::GroupDm);
    inner.private.insert(8, PrivateKind::Dm);
    inner.private.insert(bot_dm_channel(101), PrivateKind::BotDm);
    inner.private_tokens.insert("token-1".into());
    for (method, path) in [
        ("POST", "/channels/7/messages"),
        ("PATCH", "/channels/7/messages/99"),
        ("POST", "/channels/7/threads"),
        ("POST", "/channels/8/messages"),
    ] {
        let refused = refused(&mut inner, method, path);
        assert_eq!(refused.map(|(_, status, code)| (status, code)), Some((403, 50001)), "{method} {path}");
    }
    // In its own DM with a user the bot posts like anywhere; in a server's channel too.
    assert!(refused(&mut inner, "POST", &format!("/channels/{}/messages", bot_dm_channel(101))).is_none());
    assert!(refused(&mut inner, "POST", "/channels/750/messages").is_none());
    // Five follow-ups of an interaction made in a private channel, not six; those of a server's, as many.
    for _ in 0..MOST_FOLLOW_UPS {
        assert!(refused(&mut inner, "POST", "/webhooks/1/token-1").is_none());
    }
    assert!(refused(&mut inner, "POST", "/webhooks/1/token-1").is_some_and(|(_, status, _)| status == 400));
    for _ in 0..10 {
        assert!(refused(&mut inner, "POST", "/webhooks/1/token-2").is_none());
    }
}

#[test]
fn an_interaction_outside_a_server_reads_as_discord_sends_it() {
    use poise::serenity_prelude as serenity;
    let ana = Member::new(101, "ana");
    let options = [Opt::User("opponent", Member::new(102, "ben"))];
    let slash = payloads::slash(2, 100, 7, false, &ana, &["play", "hoyito"], &options);
    let private = without_server(slash, &ana, Private { channel: 7, kind: PrivateKind::GroupDm });
    let serenity::Interaction::Command(command) = serde_json::from_value(private).expect("a command") else {
        panic!("not a command interaction")
    };
    assert_eq!((command.guild_id, command.member.is_none(), command.user.id.get()), (None, true, 101));
    assert_eq!(command.context, Some(serenity::InteractionContext::PrivateChannel));
    assert_eq!(command.channel.map(|c| c.kind), Some(serenity::ChannelType::GroupDm));
    assert!(!command.app_permissions.unwrap().send_messages(), "an app may not post there");
}
