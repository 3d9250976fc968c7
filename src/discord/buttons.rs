//! Button presses, routed by their stable ids in the event handler (no collectors), so that a board posted
//! days ago, before any number of restarts, still plays: the id carries the game and the move number, and the
//! table refuses a press on an out-of-date board.

use crate::table::{ChallengeCommand, PlayCommand, RatingCommand, RecordCommand};
use poise::serenity_prelude as serenity;

use super::actor::{Invocation, Source};
use super::deliver::{self, run_table};
use super::send::{Asker, Said, Target, send};
use super::{Data, Error};
use crate::i18n::{self, Message};
use crate::table::{ButtonId, Command, Progress, TournamentCommand};

/// Answers a button press or a menu choice.
pub async fn press_button(
    http: &serenity::Http,
    data: &Data,
    press: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    if press.data.custom_id == super::send::LAUNCH_BUTTON {
        // Discord opens the app's Activity for the member, in this channel.
        let launch = serenity::CreateInteractionResponse::LaunchActivity;
        let send = || press.create_response(http, launch.clone());
        super::outbound::with_retries("interactions/callback", super::outbound::RESPONSE_BUDGET, send).await?;
        return Ok(());
    }
    let asker = Asker::press(press);
    if let Some(stopped) = super::jobs::press(http, data, &asker, press).await {
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
    let invocation = Invocation::new(source, data.default_locale);
    let command = match &press.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().and_then(|v| ButtonId::menu_command_of(&press.data.custom_id, v))
        }
        _ => ButtonId::command_of(&press.data.custom_id),
    };
    let Some(command) = command else {
        let text = i18n::spans(invocation.actor.locale, &Message::new("discord-unknown-button"));
        return deliver::tell(data, http, &asker, &Said::words(text).private()).await;
    };
    let PressAnswer { turns_page, lesson, replaces_message, done_before } = PressAnswer::of(&command, press);
    let result = run_table(
        data,
        &invocation,
        command,
        async {
            asker.defer(http).await;
        },
        &Progress::new(),
    )
    .await;
    // A press carried out before by another process (or this one before a restart), which may not have answered.
    let Some(result) = result else { return deliver::already_done(data, http, &asker, &invocation, done_before).await };
    let mut replies = match result {
        Ok(replies) => replies,
        Err(refusal) => return deliver::tell(data, http, &asker, &Said::words(refusal.text).private()).await,
    };
    let pressed = Target::Pressed(&asker);
    if asker.owes_answer() && turns_page && !replies.is_empty() {
        // The next page, in place of the pressed one; nobody is called by a page.
        let page = replies.remove(0);
        send(&data.client, http, pressed, &Said::quiet(&page), false).await?;
        return Ok(());
    }
    if asker.owes_answer() && lesson && !replies.is_empty() {
        let first = replies.remove(0);
        send(&data.client, http, pressed, &Said::quiet(&first), false).await?;
        return deliver::deliver(data, http, &asker, &invocation, replies).await;
    }
    if replaces_message {
        // The pressed board or question is done with: its buttons go, and the news comes as a new message.
        if asker.owes_answer() {
            send(&data.client, http, pressed, &Said::without_buttons(), false).await?;
        } else if !invocation.actor.private {
            // (Outside a server the bot may not edit a message but through its answer: the old buttons stay,
            // and are refused as out of date.)
            deliver::strip_buttons(data, http, press.channel_id, press.message.id).await;
        }
    }
    deliver::deliver(data, http, &asker, &invocation, replies).await
}

/// What the answer to a press does with the pressed message, by what the press asks for.
struct PressAnswer {
    /// The answer is a page (of a leaderboard, an archive) that replaces the pressed one in place.
    turns_page: bool,
    /// The answer to a private lesson or puzzle step replaces the step; the next step follows.
    lesson: bool,
    /// The pressed board or question is done with: its buttons go, and the news comes as a new message.
    replaces_message: bool,
    /// What to do when the press was carried out before.
    done_before: deliver::DoneBefore,
}

impl PressAnswer {
    fn of(command: &Command, press: &serenity::ComponentInteraction) -> PressAnswer {
        // A page of a leaderboard replaces the pressed one in place.
        let turns_page = matches!(
            command,
            Command::Rating(RatingCommand::Leaderboard { .. }) | Command::Record(RecordCommand::Archive { .. })
        );
        // A lesson's or a puzzle's answer replaces the pressed (private) step with what it says, the next step
        // following as its own message; pressed on a public post (the daily puzzle), it leaves the post as it is and
        // answers privately.
        let training = matches!(command, Command::Train(_));
        let private_post = press.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
        let lesson = training && private_post;
        // A join leaves the challenge open, a takeback request the board; the other presses change what the
        // pressed message shows.
        let replaces_message = !turns_page
            && !training
            && !matches!(
                command,
                Command::Challenge(ChallengeCommand::Join { .. })
                    | Command::Play(PlayCommand::Takeback { .. })
                    | Command::Play(PlayCommand::PickPiece { .. })
                    | Command::Play(PlayCommand::AskResign { .. })
                    | Command::Play(PlayCommand::AskDraw { .. })
                    | Command::Tournament(TournamentCommand::Join { .. } | TournamentCommand::Leave { .. })
            );
        let done_before = match command {
            Command::Play(PlayCommand::Move { .. } | PlayCommand::Throw { .. }) => {
                deliver::DoneBefore::MovePressed { pressed: press.message.id }
            }
            _ => deliver::DoneBefore::Other,
        };
        PressAnswer { turns_page, lesson, replaces_message, done_before }
    }
}
