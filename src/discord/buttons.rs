//! Button presses, routed by their stable ids in the event handler (no collectors), so that a board posted
//! days ago, before any number of restarts, still plays: the id carries the game and the move number, and the
//! table refuses a press on an out-of-date board.

use poise::serenity_prelude as serenity;

use super::actor::{Invocation, Source};
use super::deliver::{self, response_message, run_table};
use super::outbound::{self, FOLLOWUP_BUDGET, RESPONSE_BUDGET};
use super::{Data, Error};
use crate::i18n::{self, Message};
use crate::table::{ButtonId, Command, Progress, TournamentCommand};

pub async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(press) } = event {
        press_button(&framework.serenity_context.http, framework.user_data, press).await?;
    }
    Ok(())
}

async fn press_button(http: &serenity::Http, data: &Data, press: &serenity::ComponentInteraction) -> Result<(), Error> {
    if let Some(stopped) = super::jobs::press(http, data, press).await {
        return stopped;
    }
    let source = Source {
        guild: press.guild_id,
        channel: press.channel_id,
        channel_kind: press.channel.as_ref().map(|c| c.kind),
        user: &press.user,
        member: press.member.as_ref(),
        locale: &press.locale,
        guild_locale: press.guild_locale.as_deref(),
        app_permissions: press.app_permissions,
        interaction: press.id,
    };
    let invocation = match Invocation::new(source, data.default_locale) {
        Ok(i) => i,
        Err((locale, m)) => return say_privately(http, press, i18n::text(locale, &m)).await,
    };
    let command = match &press.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| ButtonId::menu_command_of(&press.data.custom_id, v))
        }
        _ => ButtonId::command_of(&press.data.custom_id),
    };
    let Some(command) = command else {
        let text = i18n::text(invocation.actor.locale, &Message::new("discord-unknown-button"));
        return say_privately(http, press, text).await;
    };
    // A page of a leaderboard replaces the pressed one in place.
    let turns_page = matches!(command, Command::Leaderboard { .. } | Command::Archive { .. });
    // A join leaves the challenge open, a takeback request the board; the other presses change what the
    // pressed message shows.
    let replaces_message = !turns_page
        && !matches!(
            command,
            Command::Join { .. }
                | Command::Takeback { .. }
                | Command::PickPiece { .. }
                | Command::AskResign { .. }
                | Command::AskDraw { .. }
                | Command::Tournament(TournamentCommand::Join { .. } | TournamentCommand::Leave { .. })
        );
    let acknowledged = std::sync::atomic::AtomicBool::new(false);
    let result = run_table(
        data,
        &invocation,
        command,
        async {
            let ack = || press.create_response(http, serenity::CreateInteractionResponse::Acknowledge);
            if outbound::with_retries(RESPONSE_BUDGET, ack).await.is_ok() {
                acknowledged.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        },
        &Progress::new(),
    )
    .await;
    // A press Discord delivered again, already carried out: the first delivery answered it.
    let Some(result) = result else { return Ok(()) };
    let acknowledged = acknowledged.into_inner();
    let replies = match result {
        Ok(replies) => replies,
        Err(refusal) => return say(http, press, &invocation, deliver::private_text(refusal.text), acknowledged).await,
    };
    let mut replies = replies.into_iter();
    if turns_page && !acknowledged {
        if let Some(page) = replies.next() {
            let mut update = serenity::CreateInteractionResponseMessage::new()
                .content(deliver::plain(&page))
                .allowed_mentions(deliver::no_pings())
                .components(deliver::components(&page.buttons, &page.menus));
            if let Some(image) = &page.image {
                let file = serenity::CreateAttachment::bytes(image.png.clone(), image.file_name.clone());
                update = update
                    .files([file])
                    .embed(serenity::CreateEmbed::new().image(format!("attachment://{}", image.file_name)));
            }
            let response = serenity::CreateInteractionResponse::UpdateMessage(update);
            outbound::with_retries(RESPONSE_BUDGET, || press.create_response(http, response.clone())).await?;
        }
        return Ok(());
    }
    if !replaces_message || turns_page {
        // The answer is the response itself (public for a join, private for a confirmation question).
        if let Some(first) = replies.next() {
            say(http, press, &invocation, first, acknowledged).await?;
        }
    } else if !acknowledged {
        // The pressed board or question is done with: its buttons go, and the news comes as a new message.
        let strip = serenity::CreateInteractionResponseMessage::new()
            .components(Vec::new())
            .allowed_mentions(deliver::no_pings());
        let response = serenity::CreateInteractionResponse::UpdateMessage(strip);
        outbound::with_retries(RESPONSE_BUDGET, || press.create_response(http, response.clone())).await?;
    } else {
        deliver::strip_buttons(http, press.channel_id, press.message.id).await;
    }
    for reply in replies {
        let (text, private) = if reply.private {
            (deliver::plain(&reply), true)
        } else {
            match deliver::post(data, http, &invocation, &reply).await {
                Ok(None) => continue,
                Ok(Some(note)) => (note, false),
                // The post failed for good: the actor alone hears of it, with the way to see the game.
                Err(private) => (private, true),
            }
        };
        let followup = serenity::CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(private)
            .allowed_mentions(deliver::no_pings());
        outbound::with_retries(FOLLOWUP_BUDGET, || press.create_followup(http, followup.clone())).await?;
    }
    Ok(())
}

/// Answers the press with a reply: as the response, or as a follow-up when the press was already acknowledged.
async fn say(
    http: &serenity::Http,
    press: &serenity::ComponentInteraction,
    invocation: &Invocation,
    reply: crate::table::Reply,
    acknowledged: bool,
) -> Result<(), Error> {
    if acknowledged {
        let mut followup = serenity::CreateInteractionResponseFollowup::new()
            .content(deliver::plain(&reply))
            .ephemeral(reply.private)
            .allowed_mentions(deliver::no_pings())
            .components(deliver::components(&reply.buttons, &reply.menus));
        if let Some(image) = &reply.image {
            followup = followup.add_file(serenity::CreateAttachment::bytes(image.png.clone(), image.file_name.clone()));
        }
        for file in &reply.files {
            followup = followup.add_file(serenity::CreateAttachment::bytes(file.bytes.clone(), file.name.clone()));
        }
        outbound::with_retries(FOLLOWUP_BUDGET, || press.create_followup(http, followup.clone())).await?;
        return Ok(());
    }
    let _ = invocation;
    let response = serenity::CreateInteractionResponse::Message(response_message(&reply));
    outbound::with_retries(RESPONSE_BUDGET, || press.create_response(http, response.clone())).await?;
    Ok(())
}

async fn say_privately(
    http: &serenity::Http,
    press: &serenity::ComponentInteraction,
    text: String,
) -> Result<(), Error> {
    let message = serenity::CreateInteractionResponseMessage::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(deliver::no_pings());
    let response = serenity::CreateInteractionResponse::Message(message);
    outbound::with_retries(RESPONSE_BUDGET, || press.create_response(http, response.clone())).await?;
    Ok(())
}
