//! From the table's replies to Discord: running a request on the table, where each reply goes (the member
//! privately, the answer, the channel, the game's new thread), the game's previous board stripped of its
//! buttons. Posts use the bot's token (channel endpoints), never an interaction token, so a
//! post does not depend on a token that expires after 15 minutes. Every message goes out through
//! [`super::send::send`].

use crate::store::record::ChannelId;
use crate::table::PlayCommand;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::actor::Invocation;
use super::markup;
use super::send::{Asker, Said, Target, send};
use super::{Data, Error, outbound};
use crate::i18n::{self, Message, Text};
use crate::table::{Audience, Command, Progress, Refusal, Reply, Request};

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
    let (guild, user, locale, private) = (actor.guild, actor.user, actor.locale, actor.private);
    let heavy = command.is_heavy();
    let progress = progress.clone();
    let clock = data.clock.clone();
    // The request's span: its key, server and command (never what it carries), on every line logged in it.
    let (domain, name) = command.metric();
    let span = tracing::info_span!(
        "request",
        key = key.as_deref().unwrap_or("-"),
        server = guild.get(),
        domain,
        command = name
    );
    let run = move || {
        let _entered = span.enter();
        if !progress.start() {
            let text = i18n::text(locale, &Message::new("job-stopped-before"));
            return Some(Err(Refusal { text: text.into(), internal: false }));
        }
        let request = Request::new(&actor, command, clock.now()).public(public).reporting(&progress);
        let answer = table.handle(match &key {
            Some(key) => request.once(key),
            None => request,
        });
        progress.finish();
        answer
    };
    // Heavy work waits for its server's turn in the queue (or is refused at once when the queue is full); the
    // rest runs on the blocking pool.
    let mut task: std::pin::Pin<Box<dyn Future<Output = Result<_, String>> + Send>> = if heavy {
        let work = data.work.clone();
        Box::pin(async move {
            match work.run(crate::work::queue_server(guild, private), Some(user.get()), run).await {
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

/// A message that pings nobody (the framework's default for what poise sends itself).
pub fn no_pings() -> serenity::CreateAllowedMentions {
    serenity::CreateAllowedMentions::new()
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
    // The newer board is kept whichever is recorded last (two answers of the same game may be recorded in
    // either order); the other loses its buttons.
    let stale = tokio::task::spawn_blocking(move || store.set_board_post(game, ChannelId(c), m)).await;
    match stale {
        Ok(Ok(Some((sc, sm)))) => {
            strip_buttons(data, http, serenity::ChannelId::new(sc.get()), serenity::MessageId::new(sm)).await
        }
        Ok(Ok(None)) => {}
        Ok(Err(e)) => tracing::warn!(%game, error = %e, "could not record the board post"),
        Err(e) => tracing::warn!(%game, error = %e, "could not record the board post"),
    }
}

/// Removes a message's buttons; a failure (message deleted, say) only costs dead buttons that are refused anyway.
pub async fn strip_buttons(
    data: &Data,
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
) {
    if let Err(e) = send(&data.client, http, Target::Edit(channel, message), &Said::without_buttons(), false).await {
        tracing::debug!(%channel, %message, error = %e, "could not remove old buttons");
    }
}

/// Where a reply goes on Discord: the one reading of a reply's [`Audience`], for the answers to commands and
/// presses and for the scheduler's notices alike.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// An ephemeral message to the member who asked.
    Privately,
    /// The public answer to the interaction (a follow-up after the first).
    Answer,
    /// A new message of `channel`, in the game's new thread when `thread` gives its title; `elsewhere`: not
    /// where the member asked.
    Post { channel: u64, thread: Option<String>, elsewhere: bool },
}

/// What a reply is delivered for: a member's slash command or press (in `channel`, in a direct message or
/// not, owing the member an answer or not), or a notice of the scheduler for `channel`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occasion {
    Interaction { channel: u64, direct: bool, answers: bool },
    Notice { channel: u64 },
}

/// The route of `reply` on this occasion. A direct message takes no post from the bot, only answers; a public
/// reply to a command is its answer; after a press (or an answer already given) it is a new post.
pub fn route(reply: &Reply, occasion: Occasion) -> Route {
    let (here, answers) = match occasion {
        Occasion::Interaction { direct: true, .. } if !reply.is_private() => return Route::Answer,
        Occasion::Interaction { channel, answers, .. } => (channel, answers),
        Occasion::Notice { channel } => (channel, false),
    };
    match &reply.audience {
        Audience::Asker => Route::Privately,
        Audience::Here if answers => Route::Answer,
        Audience::Channel(c) if *c == here && answers => Route::Answer,
        Audience::Here => Route::Post { channel: here, thread: None, elsewhere: false },
        Audience::Channel(c) => Route::Post { channel: c.get(), thread: None, elsewhere: *c != here },
        Audience::GameThread { title, under, parked } => Route::Post {
            channel: under.map_or(here, |c| c.get()),
            thread: Some(title.clone()),
            elsewhere: *parked || under.is_some_and(|c| c != here),
        },
    }
}

/// Delivers the table's replies to a member's command or press, each where its [`route`] says: a private one
/// to the member; one for another channel, or one that opens the game's thread, as a post there (the member
/// hears where the game went, or privately that the post failed); a public one as the answer to a command
/// (posted in the channel instead if Discord keeps refusing the answer), or after a press as a new post of the
/// channel. A member told nothing at all hears that it is done.
pub async fn deliver(
    data: &Data,
    http: &serenity::Http,
    asker: &Asker<'_>,
    invocation: &Invocation,
    replies: Vec<Reply>,
) -> Result<(), Error> {
    for reply in replies {
        let occasion = Occasion::Interaction {
            channel: invocation.channel.get(),
            direct: invocation.actor.private,
            answers: asker.is_command() || asker.owes_answer(),
        };
        match route(&reply, occasion) {
            Route::Privately => tell(data, http, asker, &Said::reply(&reply)).await?,
            Route::Answer if invocation.actor.private => {
                // In a direct message or group DM each public reply is an answer, and earlier boards keep their
                // buttons (a press on one is refused as out of date).
                send(&data.client, http, Target::Answer(asker), &Said::reply(&reply), false).await?;
                delivered(data, &reply).await;
            }
            Route::Post { elsewhere, .. } => match post(data, http, invocation, &reply).await {
                // A tournament's posts in its channel need no word to the organiser.
                Ok(Some(note)) if !elsewhere => tell(data, http, asker, &note).await?,
                Ok(_) => {}
                Err(private) => tell(data, http, asker, &private).await?,
            },
            Route::Answer => {
                let target = Target::Answer(asker);
                match send(&data.client, http, target, &Said::reply(&reply), reply.game.is_some()).await {
                    Ok(posted) => {
                        delivered(data, &reply).await;
                        if let Some((channel, message)) = posted {
                            track(data, http, &reply, channel, message).await;
                        }
                    }
                    Err(e) => {
                        // Discord would not take the answer: the reply goes to the channel as a message.
                        tracing::warn!(error = %e, "an interaction answer failed; posting in the channel instead");
                        if let Err(private) = post(data, http, invocation, &reply).await {
                            tracing::warn!(?private, "the post in the channel failed too");
                        }
                    }
                }
            }
        }
    }
    if asker.owes_answer() {
        let done = i18n::spans(invocation.actor.locale, &Message::new("discord-done"));
        tell(data, http, asker, &Said::words(done).private()).await?;
    }
    Ok(())
}

/// Says something to the member who asked.
pub async fn tell(data: &Data, http: &serenity::Http, asker: &Asker<'_>, said: &Said) -> Result<(), Error> {
    send(&data.client, http, Target::Answer(asker), said, false).await?;
    Ok(())
}

/// What an interaction carried out before was, as far as showing its outcome again goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DoneBefore {
    /// A move or throw pressed on the board message `pressed`.
    MovePressed { pressed: serenity::MessageId },
    /// Anything else.
    Other,
}

/// An interaction carried out before by another process (a replica that stopped before answering, or this
/// process before a restart): the member is told privately, unless it was answered then, which Discord says by
/// refusing a second answer (nothing is doubled either way). A move pressed on a board that is still the game's
/// last one shown (the process that made it stopped before posting the next) gets the board as it is now
/// posted, so the channel never stays on a board that is out of date.
pub async fn already_done(
    data: &Data,
    http: &serenity::Http,
    asker: &Asker<'_>,
    invocation: &Invocation,
    done: DoneBefore,
) -> Result<(), Error> {
    if let DoneBefore::MovePressed { pressed } = done
        && let Some(board) = board_not_shown(data, invocation, pressed).await
        && let Err(private) = post(data, http, invocation, &board).await
    {
        tracing::warn!(?private, "the board after a move made by another process could not be posted");
    }
    let text = i18n::spans(invocation.actor.locale, &Message::new("discord-already-done"));
    if let Err(e) = tell(data, http, asker, &Said::words(text).private()).await {
        tracing::debug!(error = %e, "an interaction carried out before was answered before");
    }
    Ok(())
}

/// The board of the channel's game as it is now, when the message `pressed` is still the last board shown of it.
async fn board_not_shown(data: &Data, invocation: &Invocation, pressed: serenity::MessageId) -> Option<Reply> {
    let (store, channel) = (data.store.clone(), ChannelId(invocation.channel.get()));
    let shown = tokio::task::spawn_blocking(move || {
        let game = store.channel_game(channel).ok()??;
        Some((game, store.board_post(game).ok()??))
    });
    let (game, (shown_in, message)) = shown.await.ok()??;
    if (shown_in, message) != (channel, pressed.get()) {
        return None;
    }
    // A read, after the interaction: no request key of its own.
    let step = Invocation { interaction: None, ..invocation.clone() };
    let board = Command::Play(PlayCommand::Board { text: false, focus: None });
    let replies = run_table(data, &step, board, async {}, &Progress::new()).await?.ok()?;
    replies.into_iter().find(|r| r.game == Some(game) && r.image.is_some())
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
) -> Result<Option<Said>, Said> {
    let mut channel = reply.channel().map(|c| serenity::ChannelId::new(c.get())).unwrap_or(invocation.channel);
    let mut note = None;
    if let Some(title) = reply.thread_title() {
        match open_thread(data, http, invocation, title, reply).await {
            Ok(thread) => {
                channel = thread;
                let said = reply.text.without_calls().split_lines().into_iter().next().unwrap_or_default();
                let went = Message::new("discord-thread-opened").channel("thread", thread.get());
                let went = i18n::spans(invocation.public, &went);
                note = Some(Said::words(Text::join([said, went], "\n")));
            }
            Err(e) => {
                tracing::warn!(error = %e, "no thread for the game; it stays in its channel");
                note = Some(Said::words(i18n::spans(invocation.public, &Message::new("discord-thread-failed"))));
            }
        }
    }
    // A reply that is also an outbox notice carries the notice's nonce: if the scheduler posts it too (after a
    // crash here), Discord keeps one message.
    let nonce = reply.notice.map(notice_nonce).unwrap_or_else(outbound::fresh_nonce);
    match send(&data.client, http, Target::Channel(channel, &nonce), &Said::reply(reply), true).await {
        Ok(posted) => {
            if let Some((channel, message)) = posted {
                track(data, http, reply, channel, message).await;
            }
            delivered(data, reply).await;
        }
        Err(e) => {
            tracing::warn!(%channel, error = %e, "could not post a reply");
            if e.for_good() {
                // Refused for good (the channel is gone, a permission is missing): asking again would not help.
                delivered(data, reply).await;
            }
            let locale = invocation.actor.locale;
            let missing = invocation.missing_message(invocation.posting_permissions());
            let failed = Message::new("discord-post-failed").channel("channel", channel.get());
            return Err(Said::words(i18n::spans(locale, &missing.unwrap_or(failed))).private());
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
    let parent = reply.channel().map(|c| serenity::ChannelId::new(c.get())).unwrap_or(invocation.channel);
    let create =
        || parent.create_thread(http, serenity::CreateThread::new(title).kind(serenity::ChannelType::PublicThread));
    let thread = outbound::with_retries("channels/threads", THREAD_BUDGET, create)
        .await?
        .ok_or("the thread was made but not returned")?;
    let moved = Command::Play(PlayCommand::MoveTo { game, channel: ChannelId(thread.id.get()) });
    // A step after the interaction, not the interaction itself: its own write, checked by the game's revision.
    let step = Invocation { interaction: None, ..invocation.clone() };
    if let Some(Err(refusal)) = run_table(data, &step, moved, async {}, &Progress::new()).await {
        // The game could not move (its thread is somehow busy): it stays where it is; the thread goes.
        let _ = thread.id.delete(http).await;
        return Err(markup::markup(&refusal.text).into());
    }
    Ok(thread.id)
}
