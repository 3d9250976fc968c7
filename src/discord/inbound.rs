//! Every interaction, whichever door Discord delivered it through (a gateway event, or a signed HTTP request
//! to a replica): slash commands, their autocomplete, and presses of buttons and menus, each counted and timed.

use poise::serenity_prelude as serenity;

use super::{Data, Error, buttons, slash};

/// The gateway's events: interactions are answered; the rest is not ours to handle.
pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let data = framework.user_data;
    match event {
        serenity::FullEvent::InteractionCreate { interaction } => {
            answer(&framework.serenity_context.http, data, interaction).await?;
        }
        serenity::FullEvent::GuildCreate { guild, .. } => {
            data.languages.heard(guild.id.get(), &guild.preferred_locale, data.default_locale);
        }
        _ => {}
    }
    Ok(())
}

/// Answers one interaction.
pub async fn answer(http: &serenity::Http, data: &Data, interaction: &serenity::Interaction) -> Result<(), Error> {
    let kind = match interaction {
        serenity::Interaction::Command(_) => "command",
        serenity::Interaction::Autocomplete(_) => "autocomplete",
        serenity::Interaction::Component(press) => match press.data.kind {
            serenity::ComponentInteractionDataKind::StringSelect { .. } => "menu",
            _ => "button",
        },
        _ => return Ok(()),
    };
    let started = std::time::Instant::now();
    crate::metrics::interaction(kind);
    let server = match interaction {
        serenity::Interaction::Command(c) | serenity::Interaction::Autocomplete(c) => (c.guild_id, &c.guild_locale),
        serenity::Interaction::Component(press) => (press.guild_id, &press.guild_locale),
        _ => (None, &None),
    };
    if let (Some(guild), Some(tag)) = server {
        data.languages.heard(guild.get(), tag, data.default_locale);
    }
    if !data.taken.first(interaction.id().get()) {
        // Delivered again while (or after) this process answers it: the first delivery answers.
        return Ok(());
    }
    let answered = match interaction {
        serenity::Interaction::Command(command) => slash::run(http, data, command).await,
        serenity::Interaction::Autocomplete(typing) => slash::suggest(http, data, typing).await,
        serenity::Interaction::Component(press) => buttons::press_button(http, data, press).await,
        _ => Ok(()),
    };
    crate::metrics::interaction_answered(kind, started.elapsed());
    answered
}
