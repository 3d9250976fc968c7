//! Vacations: a member stops the clocks of their moves for some days (at most the server's allowance in any 30),
//! and their opponents are told. The clock of a game stands still while its player on turn is away (the write
//! path holds it, also when the turn comes to them later) and runs again, with the time that was left, when the
//! vacation ends: by itself (the scheduler's event at its end) or by the member's own `/vacation end`.

use crate::deadlines;
use crate::i18n::{self, Message};
use crate::store::record::{GameRecord, Notice, NoticeKind, Status, Timestamp};
use crate::store::settings::{Away, VACATION_WINDOW};
use crate::store::{GameWrite, SettingsWrite, Unit};
use crate::table::actor::Actor;
use crate::table::fail::{Answer, Changed, Fail};
use crate::table::reply::Audience;
use crate::table::reply::Reply;
use crate::table::write::AtWork;

const DAY: u64 = 86_400;

impl AtWork<'_> {
    /// Starts the actor's vacation for `days` (what is left of their allowance when `None`).
    pub(in crate::table) fn vacation_start(&self, actor: &Actor, days: Option<u32>, now: Timestamp) -> Answer {
        self.again_when_changed(|| self.try_vacation_start(actor, days, now))
    }

    /// Ends the actor's vacation now: the clocks it held run again.
    pub(in crate::table) fn vacation_end(&self, actor: &Actor, now: Timestamp) -> Answer {
        self.again_when_changed(|| self.try_vacation_end(actor, now))
    }

    /// A member's vacation changes the server's settings and several games: a move or a settings change in
    /// between refuses the whole unit, which is then read and tried again.
    fn again_when_changed(&self, attempt: impl Fn() -> Answer) -> Answer {
        for _ in 0..16 {
            match attempt() {
                Err(Fail::Changed(Changed::Settings | Changed::Game)) => continue,
                other => return other,
            }
        }
        attempt()
    }

    fn try_vacation_start(&self, actor: &Actor, days: Option<u32>, now: Timestamp) -> Answer {
        let mut settings = self.store.guild_settings(actor.guild)?;
        let base = settings.revision;
        let allowance = u64::from(settings.vacation_days) * DAY;
        if allowance == 0 {
            return Err(Message::new("vacation-off").into());
        }
        if let Some(until) = settings.away_until(actor.user, now) {
            return Err(Message::new("vacation-already").moment("until", until).into());
        }
        let left_days = allowance.saturating_sub(settings.vacation_used(actor.user, now)) / DAY;
        let days = match days {
            Some(days) => u64::from(days),
            None => left_days,
        };
        if days == 0 || days > left_days {
            let message = if left_days == 0 { "vacation-used-up" } else { "vacation-too-long" };
            return Err(Message::new(message)
                .num("days", days as i64)
                .num("left", left_days as i64)
                .num("max", i64::from(settings.vacation_days))
                .num("window", (VACATION_WINDOW / DAY) as i64)
                .into());
        }
        let until = now + days * DAY;
        settings.forget_old_vacations(now);
        settings.vacations.entry(actor.user).or_default().push(Away { from: now, until });
        let mut games = Vec::new();
        let mut notices = Vec::new();
        for record in self.live_games_of(actor)? {
            let kind = NoticeKind::Away { player: actor.user, until };
            notices.push(Notice::about(&record, kind, now));
            // Written again so the write path holds its clock when it is the member's move.
            let base = record.revision;
            games.push(GameWrite { record: GameRecord { updated_at: now, ..record }, base: Some(base) });
        }
        let settings = SettingsWrite { guild: actor.guild, settings, base: Some(base) };
        let written = self.write(Unit { games, notices, settings: vec![settings], ..Unit::default() })?;
        let held: Vec<String> = written
            .games
            .iter()
            .filter(|g| g.clock.as_ref().is_some_and(|c| c.held.is_some()))
            .map(|g| format!("#{}", g.id))
            .collect();
        let message = Message::new("vacation-started")
            .moment("until", until)
            .num("days", days as i64)
            .num("games", written.games.len() as i64)
            .num("held", held.len() as i64)
            .str("list", held.join(", "));
        Ok(vec![Reply { text: i18n::spans(actor.locale, &message), audience: Audience::Asker, ..Reply::default() }])
    }

    fn try_vacation_end(&self, actor: &Actor, now: Timestamp) -> Answer {
        let mut settings = self.store.guild_settings(actor.guild)?;
        let base = settings.revision;
        if settings.away_until(actor.user, now).is_none() {
            return Err(Message::new("vacation-not-away").into());
        }
        for away in settings.vacations.entry(actor.user).or_default() {
            if away.from <= now && now < away.until {
                away.until = now;
            }
        }
        let mut games = Vec::new();
        let mut notices = Vec::new();
        for mut record in self.live_games_of(actor)? {
            let Some(deadline) = deadlines::release(&mut record, now) else { continue };
            record.updated_at = now;
            let kind = NoticeKind::Back { player: actor.user, deadline };
            notices.push(Notice::about(&record, kind, now));
            let base = record.revision;
            games.push(GameWrite { record, base: Some(base) });
        }
        let count = games.len() as i64;
        let settings = SettingsWrite { guild: actor.guild, settings, base: Some(base) };
        self.write(Unit { games, notices, settings: vec![settings], ..Unit::default() })?;
        let message = Message::new("vacation-ended").num("games", count);
        Ok(vec![Reply { text: i18n::spans(actor.locale, &message), audience: Audience::Asker, ..Reply::default() }])
    }

    /// The actor's games on in this server, of one player a side (a team's clock is the team's).
    fn live_games_of(&self, actor: &Actor) -> Result<Vec<GameRecord>, Fail> {
        let mut games = Vec::new();
        for id in self.store.user_live_games(actor.user)? {
            let Some(record) = self.store.game(id)? else { continue };
            let plays = record.seats.iter().any(|p| p.id == actor.user);
            if record.guild == actor.guild && record.status == Status::Active && !record.is_team_game() && plays {
                games.push(record);
            }
        }
        Ok(games)
    }
}
