//! Who acts, as an interaction tells it: the table's [`Actor`] (member roles and permissions come from the
//! interaction itself, so no member list or privileged intent is needed), the language of public posts, and
//! what the bot may do in the channel.

use crate::store::GuildId;
use crate::store::record::ChannelId;
use crate::store::record::UserId;
use poise::serenity_prelude as serenity;

use super::localize;
use crate::i18n::{Locale, Message};
use crate::table::{Actor, Permissions};

/// An interaction, reduced to what the table and the delivery need.
#[derive(Debug, Clone)]
pub struct Invocation {
    pub actor: Actor,
    /// The language of posts everyone reads.
    pub public: Locale,
    /// The bot's permissions in the channel (`None` when Discord did not say).
    pub bot_permissions: Option<serenity::Permissions>,
    /// Whether the channel is a thread (a game never opens a thread inside a thread).
    pub in_thread: bool,
    pub channel: serenity::ChannelId,
    /// The interaction's id: the key that makes a redelivered interaction do nothing the second time. `None`
    /// for the bot's own work (the scheduler) and for steps that follow an interaction (moving a game into its
    /// new thread), which are checked by revisions instead.
    pub interaction: Option<u64>,
}

/// The parts of an interaction an [`Invocation`] is made of (commands and components carry the same ones).
pub struct Source<'a> {
    pub guild: Option<serenity::GuildId>,
    pub channel: serenity::ChannelId,
    pub channel_kind: Option<serenity::ChannelType>,
    pub user: &'a serenity::User,
    pub member: Option<&'a serenity::Member>,
    pub locale: &'a str,
    pub guild_locale: Option<&'a str>,
    pub app_permissions: Option<serenity::Permissions>,
    pub interaction: serenity::InteractionId,
}

impl Invocation {
    /// The server's own work (the scheduler's tournament posts): no interaction, the server as the actor.
    pub fn server(guild: u64, channel: u64, locale: Locale) -> Invocation {
        Invocation {
            actor: Actor::server(GuildId(guild), ChannelId(channel), locale),
            public: locale,
            bot_permissions: None,
            interaction: None,
            in_thread: false,
            channel: serenity::ChannelId::new(channel),
        }
    }

    /// A member acting on a web page, in the game's channel: no interaction (the page's request key makes it
    /// once), no permissions known, so no thread is opened from there.
    pub fn web(actor: Actor) -> Invocation {
        let channel = serenity::ChannelId::new(actor.channel.get().max(1));
        Invocation { public: actor.locale, bot_permissions: None, interaction: None, in_thread: false, channel, actor }
    }

    /// Outside a server (a direct message or a group DM, where a user installed the app), the channel stands
    /// for the server: its games are its own, casual, and nobody in it manages a server.
    pub fn new(source: Source<'_>, default_locale: Locale) -> Invocation {
        let locale = localize::locale(source.locale);
        let private = source.guild.is_none();
        let guild = source.guild.map_or(source.channel.get(), |g| g.get());
        let name = source
            .member
            .and_then(|m| m.nick.clone())
            .or_else(|| source.user.global_name.clone())
            .unwrap_or_else(|| source.user.name.clone());
        let roles = source.member.map(|m| m.roles.iter().map(|r| r.get()).collect()).unwrap_or_default();
        let manage_server =
            source.member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator());
        let mention_everyone =
            source.member.and_then(|m| m.permissions).is_some_and(|p| p.mention_everyone() || p.administrator());
        let actor = Actor {
            guild: GuildId(guild),
            channel: ChannelId(source.channel.get()),
            user: UserId(source.user.id.get()),
            name,
            roles,
            locale,
            permissions: Permissions { manage_server, mention_everyone },
            private,
        };
        Invocation {
            actor,
            // Outside a server, everyone reads in the language of the one who asked.
            public: if private { locale } else { localize::public_locale(source.guild_locale, default_locale) },
            bot_permissions: source.app_permissions,
            interaction: Some(source.interaction.get()),
            in_thread: source.channel_kind.is_some_and(|k| {
                matches!(
                    k,
                    serenity::ChannelType::PublicThread
                        | serenity::ChannelType::PrivateThread
                        | serenity::ChannelType::NewsThread
                )
            }),
            channel: source.channel,
        }
    }

    /// What the bot lacks of `needed` in this channel, by name; empty when it has everything (or when Discord
    /// did not tell us, in which case sending will say).
    pub fn missing(&self, needed: serenity::Permissions) -> Vec<String> {
        if self.actor.private {
            // Outside a server the bot only answers, which needs no permission in the channel.
            return Vec::new();
        }
        let Some(have) = self.bot_permissions else { return Vec::new() };
        if have.administrator() {
            return Vec::new();
        }
        (needed - have).get_permission_names().into_iter().map(|n| format!("“{n}”")).collect()
    }

    /// What posting boards needs here: sending (in threads, sending in threads), attaching files, embedding.
    pub fn posting_permissions(&self) -> serenity::Permissions {
        let send = if self.in_thread {
            serenity::Permissions::SEND_MESSAGES_IN_THREADS
        } else {
            serenity::Permissions::SEND_MESSAGES
        };
        serenity::Permissions::VIEW_CHANNEL
            | send
            | serenity::Permissions::ATTACH_FILES
            | serenity::Permissions::EMBED_LINKS
    }

    /// Whether the bot may open a public thread here for a game.
    pub fn can_open_threads(&self) -> bool {
        !self.in_thread
            && !self.actor.private
            && self
                .missing(serenity::Permissions::CREATE_PUBLIC_THREADS | serenity::Permissions::SEND_MESSAGES_IN_THREADS)
                .is_empty()
            && self.bot_permissions.is_some()
    }

    /// The refusal for missing permissions, or `None` when nothing is missing.
    pub fn missing_message(&self, needed: serenity::Permissions) -> Option<Message> {
        let missing = self.missing(needed);
        (!missing.is_empty()).then(|| {
            Message::new("discord-missing-permissions")
                .num("count", missing.len() as i64)
                .str("missing", missing.join(", "))
        })
    }
}
