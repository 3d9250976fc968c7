//! The scheduler's Discord side: it wakes when the next game event falls due (or when a command may have
//! changed that), lets the table carry out what is due, and posts the table's notices: in the game's channel,
//! and by direct message to players who asked. A notice leaves the store's outbox only once posted, so a restart
//! neither loses nor repeats one; on start-up it catches up on everything that fell due while the bot was down.
//! Each post carries the notice's id as an enforced nonce, so Discord drops a repeat if the bot crashes between
//! posting and recording the delivery.

use crate::store::record::ChannelId;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;

use super::send::{Said, Target, send};
use super::{Data, deliver};
use crate::table::{Delivery, Reply};

/// Even with nothing due, the scheduler looks again this often (a clock change, a missed wake-up).
const LONGEST_SLEEP: Duration = Duration::from_secs(60);
/// The same under the tests' clock, which jumps.
const TEST_CLOCK_SLEEP: Duration = Duration::from_millis(100);

/// The shortest pause between two rounds.
const MIN_SLEEP: Duration = Duration::from_millis(50);

/// A tournament's post is left to the request that decided it for this long; after that (the request's
/// process died before posting it) the scheduler posts it, with the same nonce.
const REQUEST_POSTS_FIRST: u64 = 120;

/// Runs until the process ends.
pub async fn run(http: Arc<serenity::Http>, data: Arc<Data>, wake: Arc<Notify>) {
    let mut first_round = true;
    loop {
        let table = data.table.clone();
        let default = data.default_locale;
        let now = data.now();
        let round = tokio::task::spawn_blocking(move || {
            if let Err(e) = table.tick(now) {
                tracing::error!(error = %e, "the scheduler could not carry out due events");
            }
            (table.deliveries(default), table.next_due())
        })
        .await;
        let (deliveries, next) = match round {
            Ok((Ok(d), next)) => (d, next),
            Ok((Err(e), next)) => {
                tracing::error!(error = %e, "the scheduler could not read its outbox");
                (Vec::new(), next)
            }
            Err(e) => {
                tracing::error!(error = %e, "the scheduler task failed");
                (Vec::new(), None)
            }
        };
        for delivery in deliveries {
            // Right after a start, everything left in the outbox is the scheduler's to post.
            if delivery.posted_by_request && !first_round && delivery.at + REQUEST_POSTS_FIRST > data.now() {
                continue;
            }
            post(&http, &data, delivery).await;
        }
        first_round = false;
        // A game the scheduler ended (on time) may complete a tournament round; a sign-up deadline may start one.
        advance(&http, &data).await;
        // The computer's moves, searched apart; each wakes this loop when its board is ready.
        super::computer::start_due(&data).await;
        // Under a test clock, time may jump: look often.
        let longest = if data.clock.is_test() { TEST_CLOCK_SLEEP } else { LONGEST_SLEEP };
        // Never a busy loop: a game whose computer is thinking is due now until its move is in.
        let sleep = match next {
            Some(at) => Duration::from_secs(at.saturating_sub(data.now())).min(longest).max(MIN_SLEEP),
            None => longest,
        };
        tokio::select! {
            _ = tokio::time::sleep(sleep) => {}
            _ = wake.notified() => {}
        }
    }
}

/// Advances the tournaments marked due (a game ended, a sign-up deadline came), and posts what they announce.
/// Each is heavy work in its server's turn (a large Swiss round's pairing takes seconds): a server whose share is
/// taken has its tournament advanced at a later round of the scheduler.
async fn advance(http: &serenity::Http, data: &Data) {
    let table = data.table.clone();
    let (locale, now) = (data.default_locale, data.now());
    let due = match tokio::task::spawn_blocking(move || table.due_tournaments(now)).await {
        Ok(Ok(due)) => due,
        Ok(Err(e)) => return tracing::error!(error = %e, "tournaments could not advance"),
        Err(e) => return tracing::error!(error = %e, "the tournament task failed"),
    };
    for (id, guild) in due {
        let table = data.table.clone();
        let advanced = data.work.run(guild.get(), None, move || table.advance_tournament(id.get(), locale, now)).await;
        let replies = match advanced {
            Ok(Some(Ok(replies))) => replies,
            Ok(Some(Err(e))) => {
                tracing::error!(tournament = %id, error = %e, "a tournament could not advance");
                continue;
            }
            Ok(None) => {
                tracing::error!(tournament = %id, "a tournament's advance failed");
                continue;
            }
            Err(busy) => {
                tracing::debug!(tournament = %id, ?busy, "the heavy-work queue is full; the tournament waits");
                continue;
            }
        };
        for (channel, reply) in replies {
            post_as_organiser(http, data, guild.get(), channel, &reply).await;
        }
    }
}

/// Posts a tournament's reply for the server, which gives new games their threads.
async fn post_as_organiser(http: &serenity::Http, data: &Data, guild: u64, channel: ChannelId, reply: &Reply) {
    let invocation = super::actor::Invocation::server(guild, channel.get(), data.default_locale);
    let reply = reply.clone().in_channel(channel);
    match deliver::post(data, http, &invocation, &reply).await {
        Ok(_) => tracing::debug!(guild, %channel, "a tournament post"),
        Err(_) => tracing::warn!(guild, %channel, "a tournament post failed"),
    }
}

/// Posts one notice (retried through Discord's faults, its id as the enforced nonce); it leaves the outbox when
/// posted, or when Discord refuses it for good (the channel is gone, or the bot may not post there any more),
/// so one dead channel does not block the others. A post that keeps failing stays for the next round.
async fn post(http: &serenity::Http, data: &Data, delivery: Delivery) {
    if let deliver::Route::Post { thread: Some(_), .. } =
        deliver::route(&delivery.reply, deliver::Occasion::Notice { channel: delivery.channel.get() })
    {
        // A tournament game's first board: its thread is opened on the way (and the notice marked delivered).
        return post_as_organiser(http, data, delivery.guild.get(), delivery.channel, &delivery.reply).await;
    }
    if delivery.private {
        return post_privately(http, data, delivery).await;
    }
    if let Some(entries) = &delivery.calendar {
        let guild = serenity::GuildId::new(delivery.guild.get());
        let bot = data.bot.get().copied().map(serenity::UserId::new);
        match super::calendar::keep(http, guild, bot, entries, data.now()).await {
            Ok(super::calendar::Kept::Done) => mark_delivered(data, delivery.notice).await,
            Ok(super::calendar::Kept::NotAllowed) => {
                tracing::info!(guild = %delivery.guild, "the bot may not manage this server's events");
                mark_delivered(data, delivery.notice).await;
            }
            Err(e) => tracing::warn!(notice = delivery.notice, error = %e, "the server's events could not follow"),
        }
        return;
    }
    let channel = serenity::ChannelId::new(delivery.channel.get());
    let nonce = deliver::notice_nonce(delivery.notice);
    let said = Said::reply(&delivery.reply);
    let done = match send(&data.client, http, Target::Channel(channel, &nonce), &said, true).await {
        Ok(posted) => {
            if let Some((channel, message)) = posted {
                deliver::track(data, http, &delivery.reply, channel, message).await;
            }
            true
        }
        Err(e) => {
            let permanent = e.for_good();
            tracing::warn!(notice = delivery.notice, %channel, error = %e, permanent, "could not post a notice");
            permanent
        }
    };
    if done {
        // The words alone, calling nobody: the direct message is the call.
        let said = Said::quiet(&delivery.reply).words_only();
        for &user in &delivery.direct {
            let nonce = format!("tablero-{}-dm{user}", delivery.notice);
            let target = Target::Direct(serenity::UserId::new(user.get()), &nonce);
            if let Err(e) = send(&data.client, http, target, &said, false).await {
                tracing::debug!(user = user.get(), error = %e, "a reminder by direct message failed");
            }
        }
        mark_delivered(data, delivery.notice).await;
    }
}

/// A notice of a game outside a server, whose channel takes no post from the bot: a direct message to each
/// player it is for, with the picture (and the buttons when that direct message is the game's own channel, a
/// game against the bot in its DM). It leaves the outbox once every one was sent or refused for good.
async fn post_privately(http: &serenity::Http, data: &Data, delivery: Delivery) {
    let mut done = true;
    for &user in &delivery.direct {
        let nonce = format!("tablero-{}-dm{user}", delivery.notice);
        let dm = match serenity::UserId::new(user.get()).create_dm_channel(http).await {
            Ok(dm) => dm.id,
            Err(e) => {
                tracing::warn!(user = user.get(), error = %e, "no direct message channel for a private game's notice");
                done = false;
                continue;
            }
        };
        let said = Said::quiet(&delivery.reply);
        let said = if delivery.channel == dm.get() { said } else { said.with_rows(Vec::new()) };
        if let Err(e) = send(&data.client, http, Target::Channel(dm, &nonce), &said, false).await {
            tracing::warn!(user = user.get(), notice = delivery.notice, error = %e, "a private game's notice was not sent");
            done &= e.for_good();
        }
    }
    if done {
        mark_delivered(data, delivery.notice).await;
    }
}

async fn mark_delivered(data: &Data, notice: u64) {
    let table = data.table.clone();
    if let Ok(Err(e)) = tokio::task::spawn_blocking(move || table.delivered(notice)).await {
        tracing::error!(notice, error = %e, "could not mark a notice delivered");
    }
}
