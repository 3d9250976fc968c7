//! Settings: a server's (its time controls, reminders, threads, language, pages; Manage Server to change them)
//! and a member's own (reminders by direct message, vacations).

pub(super) mod command;
mod vacation;

use crate::table::setting::SettingChange;

use crate::deadlines;
use crate::i18n::{self, Message};
use crate::store::record::Timestamp;
use crate::store::settings::Remind;
use crate::store::{SettingsWrite, Unit};
use crate::table::actor::Actor;
use crate::table::command::SettingCommand;
use crate::table::fail::Answer;
use crate::table::reply::{Audience, Reply};
use crate::table::write::AtWork;

/// The settings domain's one door.
pub(super) fn handle(work: &AtWork, actor: &Actor, command: SettingCommand, now: Timestamp) -> Answer {
    match command {
        SettingCommand::Settings { changes } => work.settings(actor, &changes),
        SettingCommand::Notify { on } => work.notify(actor, on),
        SettingCommand::VacationStart { days } => work.vacation_start(actor, days, now),
        SettingCommand::VacationEnd => work.vacation_end(actor, now),
    }
}

impl AtWork<'_> {
    /// Shows the server's settings, or changes them (Manage Server needed).
    fn settings(&self, actor: &Actor, changes: &[SettingChange]) -> Answer {
        let mut settings = self.store.guild_settings(actor.guild)?;
        if !changes.is_empty() {
            if !actor.permissions.manage_server {
                return Err(Message::new("settings-not-allowed").into());
            }
            for change in changes {
                change.clone().apply(&mut settings, actor.channel);
            }
            let write = SettingsWrite { guild: actor.guild, settings: settings.clone(), base: Some(settings.revision) };
            self.write(Unit { settings: vec![write], ..Unit::default() })?;
            if changes.iter().any(|c| matches!(c, SettingChange::Web(_))) {
                // Every live page of the server looks again (pages turned off end their streams).
                self.store.announce_game(actor.guild, crate::store::EVERY_GAME);
            }
        }
        let duration = deadlines::format_duration;
        let remind: Vec<String> = settings
            .remind
            .iter()
            .map(|r| match r {
                Remind::Half => "half".to_string(),
                Remind::Before(s) => duration(*s),
            })
            .collect();
        let message = Message::new("settings-shown")
            .str("time", settings.time_per_move.map_or("none".to_string(), duration))
            .str("remind", if remind.is_empty() { "none".to_string() } else { remind.join(",") })
            .str(
                "timeout",
                if settings.timeout == crate::store::record::TimeoutPolicy::Auto { "auto" } else { "claim" },
            )
            .str("grace", duration(settings.grace))
            .str("threads", settings.threads.to_string())
            .str("rated", settings.rated.to_string())
            .str("language", settings.locale.map_or("auto".to_string(), |l| l.tag().to_string()))
            .str("web", if settings.web.is_some() { "on" } else { "off" })
            .num("vacation", i64::from(settings.vacation_days))
            .str("zone", settings.time_zone.clone().unwrap_or_else(|| "UTC".to_string()));
        let mut text = i18n::spans(actor.locale, &message);
        if let Some(daily) = settings.daily_puzzle {
            let said = Message::new("settings-daily")
                .num("hour", i64::from(daily.hour))
                .str("zone", settings.time_zone.clone().unwrap_or_else(|| "UTC".to_string()))
                .channel("channel", daily.channel.get());
            text = text.and("\n").and_text(&i18n::spans(actor.locale, &said));
        }
        let audience = if changes.is_empty() { Audience::Asker } else { Audience::Here };
        Ok(vec![Reply { text, audience, ..Reply::default() }])
    }

    /// Turns reminders by direct message on or off for the actor (`None`: says which it is).
    fn notify(&self, actor: &Actor, on: Option<bool>) -> Answer {
        if let Some(on) = on {
            self.write(Unit { notify: vec![(actor.user, on)], ..Unit::default() })?;
        }
        let on = self.store.notify_dm(actor.user)?;
        let text = i18n::spans(actor.locale, &Message::new(if on { "notify-on" } else { "notify-off" }));
        Ok(vec![Reply { text, audience: Audience::Asker, ..Reply::default() }])
    }
}
