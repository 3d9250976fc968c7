//! The progress message of a long job (a search, an analysis, a replay, an import): while the member waits, the
//! command's deferred answer says where the job is (in line, under way, how far) and carries a Stop button for
//! the member who asked; it goes away when the answer comes. Only the heavy commands have one, and only when
//! they take long enough to be deferred.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::call::Call;
use super::send::{Asker, Said, Target, send};
use super::{Data, Error};
use crate::i18n::{self, Locale, Message};
use crate::table::{Progress, Stage};

/// How often the progress message is brought up to date (well within Discord's limits on edits).
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// The prefix of a Stop button's id; the interaction id of the job's command follows.
const STOP: &str = "job:stop:";

/// The jobs under way, by the interaction id of the command that asked for them, with who asked.
#[derive(Default)]
pub struct Jobs {
    running: Mutex<HashMap<u64, (u64, Progress)>>,
}

impl Jobs {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, (u64, Progress)>> {
        self.running.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Waits for `job` while the command's first message (once it has one: deferred, or a first word) shows
/// `progress`. Whether the progress was shown, in which case that message is one of its own that [`clear`]
/// removes once the job's answer is sent (the answer itself then comes as a follow-up).
pub async fn with_progress<T>(
    call: &Call<'_>,
    asker: &Asker<'_>,
    progress: &Progress,
    job: impl Future<Output = T>,
) -> (T, bool) {
    let interaction = call.interaction;
    let data = call.data;
    let locale = super::localize::locale(&interaction.locale);
    data.jobs.lock().insert(interaction.id.get(), (interaction.user.id.get(), progress.clone()));
    let mut job = std::pin::pin!(job);
    let mut shown = false;
    let out = loop {
        tokio::select! {
            out = &mut job => break out,
            _ = tokio::time::sleep(PROGRESS_EVERY) => {
                if !asker.has_original() {
                    continue;
                }
                let said = progress_message(locale, interaction.id.get(), progress);
                match send(&data.client, call.http, Target::Original(asker), &said, false).await {
                    Ok(_) => shown = true,
                    Err(e) => tracing::debug!(error = %e, "the progress message could not be brought up to date"),
                }
            }
        }
    };
    data.jobs.lock().remove(&interaction.id.get());
    (out, shown)
}

/// Removes a progress message the job's answer has replaced.
pub async fn clear(asker: &Asker<'_>, http: &serenity::Http) {
    if let Err(e) = asker.delete_original(http).await {
        tracing::warn!(error = %e, "a progress message could not be removed");
    }
}

fn progress_message(locale: Locale, interaction: u64, progress: &Progress) -> Said {
    let stage = progress.stage();
    let text = i18n::spans(locale, &stage.message());
    let stop = serenity::CreateButton::new(format!("{STOP}{interaction}"))
        .label(i18n::text(locale, &Message::new("job-stop")))
        .style(serenity::ButtonStyle::Secondary)
        .disabled(!progress.can_stop() || stage == Stage::Finished);
    Said::words(text).with_rows(vec![serenity::CreateActionRow::Buttons(vec![stop])])
}

/// A press of a Stop button, if `custom_id` is one: only the member who asked may stop the job, and the answer
/// (privately) says whether it stops.
pub async fn press(
    http: &serenity::Http,
    data: &Data,
    asker: &Asker<'_>,
    press: &serenity::ComponentInteraction,
) -> Option<Result<(), Error>> {
    let job: u64 = press.data.custom_id.strip_prefix(STOP)?.parse().ok()?;
    let locale = super::localize::locale(&press.locale);
    let found = data.jobs.lock().get(&job).cloned();
    let said = match found {
        None => "job-gone",
        Some((owner, _)) if owner != press.user.id.get() => "job-not-yours",
        Some((_, progress)) if progress.stage() == Stage::Waiting && progress.stop() => "job-stopped-before",
        Some((_, progress)) if progress.stop() => "job-stopping",
        Some(_) => "job-too-late",
    };
    let text = i18n::spans(locale, &Message::new(said));
    Some(super::deliver::tell(data, http, asker, &Said::words(text).private()).await)
}
