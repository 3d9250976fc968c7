//! A slash command being answered, whichever door it came through: the bot's data, Discord's REST client and
//! the interaction, with who acts and how to tell them something privately.

use std::sync::atomic::AtomicBool;

use poise::serenity_prelude as serenity;

use super::actor::{Invocation, Source};
use super::send::{Asker, Said};
use super::{Data, Error, deliver};
use crate::i18n::{self, Locale, Message};

/// A slash command being answered: the bot's shared data, Discord's REST client and the interaction.
pub struct Call<'a> {
    pub data: &'a Data,
    pub http: &'a serenity::Http,
    pub interaction: &'a serenity::CommandInteraction,
    /// Whether the interaction has its response (deferred or answered): every [`Asker`] of this call shares it.
    responded: AtomicBool,
}

impl<'a> Call<'a> {
    pub fn new(data: &'a Data, http: &'a serenity::Http, interaction: &'a serenity::CommandInteraction) -> Call<'a> {
        Call { data, http, interaction, responded: AtomicBool::new(false) }
    }

    /// The language of the member who typed the command.
    pub fn locale(&self) -> Locale {
        super::localize::locale(&self.interaction.locale)
    }

    /// Who acts, where, in which language.
    pub fn invocation(&self) -> Invocation {
        let i = self.interaction;
        let source = Source {
            guild: i.guild_id,
            channel: i.channel_id,
            channel_kind: i.channel.as_ref().map(|c| c.kind),
            user: &i.user,
            member: i.member.as_deref(),
            locale: &i.locale,
            guild_locale: i.guild_locale.as_deref(),
            app_permissions: i.app_permissions,
            interaction: i.id,
        };
        Invocation::new(source, self.data.default_locale)
    }

    /// The member who asked, to answer.
    pub fn asker(&self) -> Asker<'_> {
        Asker::command(self.interaction, &self.responded)
    }

    /// The bot's own user, once known (the computer opponent is the bot itself).
    pub fn bot_id(&self) -> Option<u64> {
        self.data.bot.get().copied()
    }
}

/// A private refusal of what the member typed, in their language.
pub async fn refuse(call: &Call<'_>, message: Message) -> Result<(), Error> {
    tell(call, i18n::spans(call.locale(), &message)).await
}

/// A private word to the member who typed the command.
pub async fn tell(call: &Call<'_>, text: impl Into<crate::i18n::Text>) -> Result<(), Error> {
    deliver::tell(call.data, call.http, &call.asker(), &Said::words(text).private()).await
}
