//! From the table's replies to Discord messages, and the work around a post: the board picture as an embed
//! image attachment, buttons in rows, mentions limited to who is called, the game's previous board stripped
//! of its buttons, and a thread opened for a game that wants one. Posts use the bot's token (channel
//! endpoints), never an interaction token, so nothing here depends on a token that expires after 15 minutes.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::actor::Invocation;
use super::markup;
use super::{Data, outbound};
use crate::i18n::{self, Message, Text};
use crate::table::{Button, ButtonStyle, Command, Menu, Progress, Refusal, Reply};

/// Work that takes longer than this is acknowledged first (Discord allows 3 seconds).
const ACKNOWLEDGE_AFTER: Duration = Duration::from_millis(1500);
/// How long opening a thread is retried through Discord's faults before the game is played where it is.
const THREAD_BUDGET: Duration = Duration::from_secs(10);

/// Runs a table command on the blocking pool (the store flushes to disk, rendering is CPU work), once per
/// interaction: `None` when this interaction was carried out before (Discord delivered it again), and then
/// nothing is to be answered. `on_slow` runs if the answer is not ready in time to reply directly, to
/// acknowledge the interaction. A heavy command reports to `progress`, and does not run if it was stopped while
/// it waited for its turn.
pub async fn run_table<F: Future<Output = ()>>(
    data: &Data,
    invocation: &Invocation,
    command: Command,
    on_slow: F,
    progress: &Progress,
) -> Option<Result<Vec<Reply>, Refusal>> {
    let (table, actor, public) = (data.table.clone(), invocation.actor.clone(), invocation.public);
    let key = invocation.interaction.map(|id| format!("i{id}"));
    let (guild, user, locale) = (actor.guild, actor.user, actor.locale);
    let heavy = command.is_heavy();
    let progress = progress.clone();
    let clock = data.clock.clone();
    let run = move || {
        if !progress.start() {
            let text = i18n::text(locale, &Message::new("job-stopped-before"));
            return Some(Err(Refusal { text: text.into(), internal: false }));
        }
        let answer = match key {
            Some(key) => table.handle_job(&actor, command, clock.now(), public, &key, &progress),
            None => Some(table.handle_for(&actor, command, clock.now(), public)),
        };
        progress.finish();
        answer
    };
    // Heavy work waits for its server's turn in the queue (or is refused at once when the queue is full); the
    // rest runs on the blocking pool.
    let mut task: std::pin::Pin<Box<dyn Future<Output = Result<_, String>> + Send>> = if heavy {
        let work = data.work.clone();
        Box::pin(async move {
            match work.run(guild, Some(user), run).await {
                Ok(Some(answer)) => Ok(answer),
                Ok(None) => Err("the heavy job failed".to_string()),
                Err(busy) => Ok(Some(Err(Refusal { text: i18n::spans(locale, &busy.message()), internal: false }))),
            }
        })
    } else {
        let task = tokio::task::spawn_blocking(run);
        Box::pin(async move { task.await.map_err(|e| e.to_string()) })
    };
    let joined = match tokio::time::timeout(ACKNOWLEDGE_AFTER, &mut task).await {
        Ok(joined) => joined,
        Err(_) => {
            on_slow.await;
            task.await
        }
    };
    // What falls due when may have changed (a move restarts a clock, a challenge starts one).
    data.wake.notify_one();
    joined.unwrap_or_else(|e| {
        tracing::error!(error = %e, "the table task failed");
        Some(Err(Refusal {
            text: i18n::spans(invocation.actor.locale, &Message::new("internal-error").str("id", "task")),
            internal: true,
        }))
    })
}

fn style(style: ButtonStyle) -> serenity::ButtonStyle {
    match style {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
    }
}

/// Buttons in rows of at most five, a new row where a button asks for one; at most five rows.
pub fn components(buttons: &[Button], menus: &[Menu]) -> Vec<serenity::CreateActionRow> {
    // Each menu is a row of its own, above the buttons.
    let mut out: Vec<serenity::CreateActionRow> = menus
        .iter()
        .map(|m| {
            let options = m
                .options
                .iter()
                .map(|o| {
                    let option = serenity::CreateSelectMenuOption::new(o.label.clone(), o.value.clone());
                    match &o.description {
                        Some(d) => option.description(d.clone()),
                        None => option,
                    }
                })
                .collect();
            let kind = serenity::CreateSelectMenuKind::String { options };
            serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(m.id.to_string(), kind).placeholder(m.placeholder.clone()),
            )
        })
        .collect();
    let mut rows: Vec<Vec<serenity::CreateButton>> = Vec::new();
    for b in buttons {
        if rows.last().is_none_or(|r| r.len() == 5) || b.new_row {
            rows.push(Vec::new());
        }
        let button = serenity::CreateButton::new(b.id.to_string())
            .label(b.label.clone())
            .style(style(b.style))
            .disabled(!b.enabled);
        rows.last_mut().expect("a row was pushed").push(button);
    }
    out.extend(rows.into_iter().map(serenity::CreateActionRow::Buttons));
    out.truncate(5);
    out
}

/// The text in Discord's markup, its calls (in front) as mentions.
fn content(reply: &Reply) -> String {
    markup::fit(markup::markup(&reply.text))
}

/// Only the members and roles among the text's calls are notified: nothing is parsed from the text, so a name
/// typed by a user (`@everyone`, `<@id>`, `<@&id>`) never pings anyone. Every message, edit and follow-up says this.
pub fn allowed_mentions(reply: &Reply) -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
        .users(reply.mentions().into_iter().map(serenity::UserId::new))
        .roles(reply.role_mentions().into_iter().map(serenity::RoleId::new))
}

/// A message that pings nobody (private answers, notes, edits).
pub fn no_pings() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
}

fn picture(reply: &Reply) -> Option<(serenity::CreateAttachment, serenity::CreateEmbed)> {
    reply.image.as_ref().map(|image| {
        let attachment = serenity::CreateAttachment::bytes(image.png.clone(), image.file_name.clone());
        let embed = serenity::CreateEmbed::new().image(format!("attachment://{}", image.file_name));
        (attachment, embed)
    })
}

/// A reply as an answer to a slash command.
pub fn poise_reply(reply: &Reply) -> poise::CreateReply {
    let mut out = poise::CreateReply::default()
        .content(content(reply))
        .components(components(&reply.buttons, &reply.menus))
        .allowed_mentions(allowed_mentions(reply))
        .ephemeral(reply.private);
    if let Some((attachment, embed)) = picture(reply) {
        out = out.attachment(attachment).embed(embed);
    }
    for file in &reply.files {
        out = out.attachment(serenity::CreateAttachment::bytes(file.bytes.clone(), file.name.clone()));
    }
    out
}

/// A reply as an interaction response message (to a button press).
pub fn response_message(reply: &Reply) -> serenity::CreateInteractionResponseMessage {
    let mut out = serenity::CreateInteractionResponseMessage::new()
        .content(content(reply))
        .components(components(&reply.buttons, &reply.menus))
        .allowed_mentions(allowed_mentions(reply))
        .ephemeral(reply.private);
    if let Some((attachment, embed)) = picture(reply) {
        out = out.add_file(attachment).embed(embed);
    }
    out
}

/// A reply's text for a direct message: no mentions (they would ping nobody useful there), no buttons.
pub fn plain(reply: &Reply) -> String {
    markup::fit(markup::markup(&reply.text.without_calls()))
}

/// A reply as a new channel message.
pub fn channel_message(reply: &Reply) -> serenity::CreateMessage {
    let mut out = serenity::CreateMessage::new()
        .content(content(reply))
        .components(components(&reply.buttons, &reply.menus))
        .allowed_mentions(allowed_mentions(reply));
    if let Some((attachment, embed)) = picture(reply) {
        out = out.add_file(attachment).embed(embed);
    }
    out
}

/// A short private text for the actor.
pub fn private_text(text: impl Into<Text>) -> Reply {
    Reply { text: text.into(), private: true, ..Reply::default() }
}

/// After `message` in `channel` came to show the latest state of the reply's game: the game's previous such
/// post loses its buttons (a press there would only be refused as out of date), and this one is remembered.
pub async fn track(
    data: &Data,
    http: &serenity::Http,
    reply: &Reply,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
) {
    let Some(game) = reply.game else { return };
    let store = data.store.clone();
    let (c, m) = (channel.get(), message.get());
    let previous = tokio::task::spawn_blocking(move || {
        let previous = store.board_post(game);
        if let Err(e) = store.set_board_post(game, c, m) {
            tracing::warn!(game, error = %e, "could not record the board post");
        }
        previous
    })
    .await;
    if let Ok(Ok(Some((pc, pm)))) = previous
        && (pc, pm) != (c, m)
    {
        strip_buttons(http, serenity::ChannelId::new(pc), serenity::MessageId::new(pm)).await;
    }
}

/// Removes a message's buttons; a failure (message deleted, say) only costs dead buttons that are refused anyway.
pub async fn strip_buttons(http: &serenity::Http, channel: serenity::ChannelId, message: serenity::MessageId) {
    let edit = serenity::EditMessage::new().components(Vec::new()).allowed_mentions(no_pings());
    if let Err(e) = channel.edit_message(http, message, edit).await {
        tracing::debug!(%channel, %message, error = %e, "could not remove old buttons");
    }
}

/// Posts a public reply as a new message of the game's channel (retried through Discord's faults, never
/// doubled), first opening the thread the game asks for (and moving the game there). `Ok` with what to say
/// where the actor is when the post went elsewhere (where the game went, or that no thread could be opened);
/// `Err` with a private text for the actor when the post failed for good: what was saved is saved, and the
/// text says how to see it (`/board`). Nothing of Discord's error goes public.
pub async fn post(
    data: &Data,
    http: &serenity::Http,
    invocation: &Invocation,
    reply: &Reply,
) -> Result<Option<String>, String> {
    let mut channel = reply.channel.map(serenity::ChannelId::new).unwrap_or(invocation.channel);
    let mut note = None;
    if let Some(title) = &reply.open_thread {
        match open_thread(data, http, invocation, title, reply).await {
            Ok(thread) => {
                channel = thread;
                let said = reply.text.without_calls().split_lines().into_iter().next().unwrap_or_default();
                let went = Message::new("discord-thread-opened").channel("thread", thread.get());
                let went = i18n::spans(invocation.public, &went);
                note = Some(markup::fit(markup::markup(&Text::join([said, went], "\n"))));
            }
            Err(e) => {
                tracing::warn!(error = %e, "no thread for the game; it stays in its channel");
                note = Some(i18n::text(invocation.public, &Message::new("discord-thread-failed")));
            }
        }
    }
    // A reply that is also an outbox notice carries the notice's nonce: if the scheduler posts it too (after a
    // crash here), Discord keeps one message.
    let nonce = reply.notice.map(notice_nonce).unwrap_or_else(outbound::fresh_nonce);
    match outbound::post_message(&data.client, http, channel, reply, &nonce).await {
        Ok(message) => {
            track(data, http, reply, channel, message).await;
            delivered(data, reply).await;
        }
        Err(e) => {
            tracing::warn!(%channel, error = %e, "could not post a reply");
            if matches!(e, outbound::PostError::Refused { .. }) {
                // Refused for good (the channel is gone, a permission is missing): asking again would not help.
                delivered(data, reply).await;
            }
            let locale = invocation.actor.locale;
            let missing = invocation.missing_message(invocation.posting_permissions());
            let failed = Message::new("discord-post-failed").str("channel", format!("<#{channel}>"));
            return Err(i18n::text(locale, &missing.unwrap_or(failed)));
        }
    }
    Ok(note)
}

/// The nonce of an outbox notice's post (the same whoever posts it).
pub fn notice_nonce(notice: u64) -> String {
    format!("tablero-{notice}")
}

/// A reply that is also an outbox notice was posted: the notice leaves the outbox.
pub async fn delivered(data: &Data, reply: &Reply) {
    let Some(notice) = reply.notice else { return };
    let table = data.table.clone();
    if let Ok(Err(e)) = tokio::task::spawn_blocking(move || table.delivered(notice)).await {
        tracing::error!(notice, error = %e, "could not mark a notice delivered");
    }
}

async fn open_thread(
    data: &Data,
    http: &serenity::Http,
    invocation: &Invocation,
    title: &str,
    reply: &Reply,
) -> Result<serenity::ChannelId, super::Error> {
    let game = reply.game.ok_or("a thread for a reply without a game")?;
    let parent = reply.channel.map(serenity::ChannelId::new).unwrap_or(invocation.channel);
    let create =
        || parent.create_thread(http, serenity::CreateThread::new(title).kind(serenity::ChannelType::PublicThread));
    let thread = outbound::with_retries(THREAD_BUDGET, create).await?.ok_or("the thread was made but not returned")?;
    let moved = Command::MoveTo { game, channel: thread.id.get() };
    // A step after the interaction, not the interaction itself: its own write, checked by the game's revision.
    let step = Invocation { interaction: None, ..invocation.clone() };
    if let Some(Err(refusal)) = run_table(data, &step, moved, async {}, &Progress::new()).await {
        // The game could not move (its thread is somehow busy): it stays where it is; the thread goes.
        let _ = thread.id.delete(http).await;
        return Err(markup::markup(&refusal.text).into());
    }
    Ok(thread.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(label: &str, new_row: bool) -> Button {
        let id = crate::table::ButtonId::Move { game: 1, ply: 0, notation: label.into() };
        Button { id, label: label.into(), enabled: true, style: ButtonStyle::Secondary, new_row }
    }

    fn row_sizes(rows: &[serenity::CreateActionRow]) -> Vec<usize> {
        rows.iter()
            .map(|r| match r {
                serenity::CreateActionRow::Buttons(b) => b.len(),
                _ => 0,
            })
            .collect()
    }

    #[test]
    fn buttons_go_in_rows_of_at_most_five_breaking_where_asked() {
        // Twelve holes in rows of four, then the two actions on a row of their own.
        let mut buttons: Vec<Button> = (1..=12).map(|h| button(&h.to_string(), h > 1 && (h - 1) % 4 == 0)).collect();
        buttons.push(button("draw", true));
        buttons.push(button("resign", false));
        assert_eq!(row_sizes(&components(&buttons, &[])), [4, 4, 4, 2]);
        // Without breaks, full rows of five; never more than five rows.
        let many: Vec<Button> = (0..30).map(|i| button(&i.to_string(), false)).collect();
        assert_eq!(row_sizes(&components(&many, &[])), [5, 5, 5, 5, 5]);
    }
}
