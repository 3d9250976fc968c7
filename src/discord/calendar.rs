//! A tournament's dates as the server's scheduled events (Discord's Events list): each entry of the table's
//! calendar is an external event of the server, known by the key written at the end of its description, so
//! making the server's events look like the calendar is safe to repeat: an event is created once, moved when
//! its deadline moves, started while it is going on, completed when it ends, cancelled when it is called off
//! before it started. Only when the bot may manage the server's events; otherwise nothing is shown, and
//! nothing is asked again.

use poise::serenity_prelude as serenity;
use serenity::{ScheduledEventStatus as Status, ScheduledEventType};

use super::outbound::{self, FOLLOWUP_BUDGET};
use crate::table::calendar::{CalendarEntry, EntryState};

/// Discord's limits: a name of 100 characters, a description of 1,000, a location of 100.
const NAME: usize = 100;
const DESCRIPTION: usize = 1000;
const LOCATION: usize = 100;

/// What became of the server's events.
#[derive(Debug)]
pub enum Kept {
    Done,
    /// The bot may not manage the server's events (or the server is gone): asking again would not help.
    NotAllowed,
}

/// Makes the server's events look like `entries` at `now`; an error is Discord failing for a while (asked again
/// later, with the same result).
pub async fn keep(
    http: &serenity::Http,
    guild: serenity::GuildId,
    bot: Option<serenity::UserId>,
    entries: &[CalendarEntry],
    now: u64,
) -> Result<Kept, serenity::Error> {
    if entries.is_empty() {
        return Ok(Kept::Done);
    }
    let events = match retried(|| guild.scheduled_events(http, false)).await {
        Ok(events) => events,
        Err(e) if refused_for_good(&e) => return Ok(Kept::NotAllowed),
        Err(e) => return Err(e),
    };
    for entry in entries {
        let marker = marker(entry);
        // Only an event the bot created is its own: anyone may copy a marker into an event of theirs.
        let found = events.iter().find(|e| {
            e.description.as_deref().is_some_and(|d| d.ends_with(&marker))
                && bot.is_none_or(|b| e.creator_id == Some(b))
        });
        let done = match found {
            None if entry.state == EntryState::Going => create(http, guild, entry, now).await,
            None => Ok(()),
            Some(event) => update(http, guild, event, entry).await,
        };
        match done {
            Ok(()) => {}
            Err(e) if refused_for_good(&e) => return Ok(Kept::NotAllowed),
            Err(e) => return Err(e),
        }
    }
    Ok(Kept::Done)
}

/// A new event for an entry going on: it starts at once (Discord wants a start to come, so a minute from now,
/// then starts it early) and ends at the entry's deadline.
async fn create(
    http: &serenity::Http,
    guild: serenity::GuildId,
    entry: &CalendarEntry,
    now: u64,
) -> Result<(), serenity::Error> {
    let start = entry.start.max(now + 60);
    let end = entry.end.max(start + 60);
    let create = serenity::CreateScheduledEvent::new(ScheduledEventType::External, fit(&entry.name, NAME), at(start))
        .end_time(at(end))
        .location(fit(&entry.location, LOCATION))
        .description(description(entry));
    let event = retried(|| guild.create_scheduled_event(http, create.clone())).await?;
    let start = serenity::EditScheduledEvent::new().status(Status::Active);
    retried(|| guild.edit_scheduled_event(http, event.id, start.clone())).await?;
    Ok(())
}

/// An event made for an entry, brought in line with it: its deadline and words while it goes on; started then
/// completed when it ended; cancelled (or completed, once started) when called off. Events over stay as they are.
async fn update(
    http: &serenity::Http,
    guild: serenity::GuildId,
    event: &serenity::ScheduledEvent,
    entry: &CalendarEntry,
) -> Result<(), serenity::Error> {
    let mut steps = Vec::new();
    match (entry.state, event.status) {
        (_, Status::Completed | Status::Canceled) => {}
        (EntryState::Going, status) => {
            let mut edit = serenity::EditScheduledEvent::new();
            let mut changed = false;
            if event.end_time.map(|t| t.unix_timestamp()) != Some(entry.end as i64) {
                let end = (entry.end as i64).max(event.start_time.unix_timestamp() + 60);
                edit = edit.end_time(at(end as u64));
                changed = true;
            }
            if event.name != fit(&entry.name, NAME) || event.description.as_deref() != Some(&description(entry)) {
                edit = edit.name(fit(&entry.name, NAME)).description(description(entry));
                changed = true;
            }
            if status == Status::Scheduled {
                edit = edit.status(Status::Active);
                changed = true;
            }
            if changed {
                steps.push(edit);
            }
        }
        (EntryState::CalledOff, Status::Scheduled) => {
            steps.push(serenity::EditScheduledEvent::new().status(Status::Canceled))
        }
        (_, Status::Scheduled) => {
            steps.push(serenity::EditScheduledEvent::new().status(Status::Active));
            steps.push(serenity::EditScheduledEvent::new().status(Status::Completed));
        }
        (_, _) => steps.push(serenity::EditScheduledEvent::new().status(Status::Completed)),
    }
    for step in steps {
        retried(|| guild.edit_scheduled_event(http, event.id, step.clone())).await?;
    }
    Ok(())
}

async fn retried<T, F, Fut>(send: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    outbound::with_retries("guilds/scheduled-events", FOLLOWUP_BUDGET, send)
        .await?
        .ok_or_else(|| serenity::Error::Other("an event request answered nothing"))
}

/// Refused for good: a missing permission, an unknown server, or a request Discord will never take.
fn refused_for_good(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
        if r.status_code.is_client_error() && r.status_code.as_u16() != 429)
}

/// The key of an entry, as it ends the description of its event.
fn marker(entry: &CalendarEntry) -> String {
    format!("[{}]", entry.key)
}

fn description(entry: &CalendarEntry) -> String {
    let marker = marker(entry);
    format!("{}\n\n{marker}", fit(&entry.description, DESCRIPTION - marker.chars().count() - 2))
}

/// `text` cut to `most` characters (with an ellipsis when cut).
fn fit(text: &str, most: usize) -> String {
    if text.chars().count() <= most {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(most.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

fn at(secs: u64) -> serenity::Timestamp {
    serenity::Timestamp::from_unix_timestamp(secs as i64).unwrap_or_else(|_| serenity::Timestamp::now())
}
