//! The daily puzzle: a server that turns it on (the setting `daily_puzzle`, an hour of the server's day, in the
//! channel it is set in) gets one puzzle a day, posted by the scheduler at that hour with the day before's solvers;
//! the day and the hour are those of the server's time zone (`time_zone`, UTC unless set). The post is
//! written into the outbox by the same unit that records the day's puzzle, a record that may only be new, so
//! however many processes run the scheduler, and however often they restart, each day is posted once. Members
//! answer it with its buttons, privately, as any puzzle; solving it puts them on the day's list.

use crate::i18n::{self, Locale, Message, Text};
use crate::store::Unit;
use crate::store::record::{GameId, GuildId, Notice, NoticeKind, Player, Timestamp};
use crate::store::training::{Daily, Puzzle, TrainingKey, TrainingWrite, read};
use crate::table::fail::Fail;
use crate::table::naming::{game_name, side_name};
use crate::table::reply::{Audience, Reply};
use crate::table::write::AtWork;

/// Seconds in a day: a local day's number times this is its date at midnight.
const DAY: u64 = 86_400;

impl AtWork<'_> {
    /// Posts (into the outbox) the daily puzzle of every served server whose hour has come today and whose
    /// puzzle of today is not out yet; how many.
    pub(in crate::table) fn post_daily_puzzles(&self, now: Timestamp) -> Result<usize, Fail> {
        let mut posted = 0;
        let mut puzzles: Option<Vec<Puzzle>> = None;
        for (guild, settings) in self.store.all_guild_settings()? {
            let Some(daily) = settings.daily_puzzle else { continue };
            // The server's own day and hour: a day whose hour has come, in its time zone.
            let (day, hour) = crate::dates::local_day_hour(now, settings.time_zone.as_deref());
            if !(self.table.serves)(guild) || hour < daily.hour {
                continue;
            }
            let key = TrainingKey::Daily { guild, day };
            if self.store.training(&key)?.is_some() {
                continue;
            }
            let all = match &mut puzzles {
                Some(all) => all,
                None => puzzles.insert({
                    let mut all = self.store.puzzles(None)?;
                    all.sort_by_key(|p| p.id);
                    all
                }),
            };
            if all.is_empty() {
                continue;
            }
            // A different puzzle each day, and different servers on different ones.
            let pick = crate::ai::search::fnv(guild.0.to_be_bytes().into_iter().chain(day.to_be_bytes()));
            let puzzle = &all[(pick % all.len() as u64) as usize];
            let record = Daily { puzzle: puzzle.id, posted: now, solvers: Vec::new() };
            let notice = Notice {
                id: 0,
                game: GameId(0),
                guild,
                channel: daily.channel,
                kind: NoticeKind::DailyPuzzle { puzzle: puzzle.id, day },
                at: now,
            };
            let unit = Unit {
                training: vec![TrainingWrite::of(key, &record, None)],
                notices: vec![notice],
                ..Unit::default()
            };
            match self.write(unit) {
                Ok(_) => posted += 1,
                // Another process posted it a moment ago.
                Err(Fail::Changed(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(posted)
    }

    /// The write that puts `solver` on the list of the server's daily puzzle, when `puzzle` is today's or
    /// yesterday's there and they are not on it yet; it goes into the same unit as the try that solved it.
    pub(in crate::table) fn daily_solved(
        &self,
        guild: GuildId,
        puzzle: u64,
        solver: Player,
        now: Timestamp,
    ) -> Result<Option<TrainingWrite>, Fail> {
        let zone = self.store.guild_settings(guild)?.time_zone;
        let (today, _) = crate::dates::local_day_hour(now, zone.as_deref());
        for day in [today, today.saturating_sub(1)] {
            let key = TrainingKey::Daily { guild, day };
            let Some(daily) = read::<Daily>(self.store, &key)? else { continue };
            let mut record = daily.record;
            if record.puzzle != puzzle {
                continue;
            }
            if record.solvers.iter().any(|p| p.id == solver.id) {
                return Ok(None);
            }
            record.solvers.push(solver);
            return Ok(Some(TrainingWrite::of(key, &record, Some(daily.revision))));
        }
        Ok(None)
    }
}

/// The post of a server's daily puzzle of `day`: the puzzle, and who solved the day before's.
pub(in crate::table) fn daily_reply(
    store: &dyn crate::store::Store,
    locale: Locale,
    guild: GuildId,
    puzzle: u64,
    day: u64,
) -> Result<Option<Reply>, Fail> {
    let Some(p) = read::<Puzzle>(store, &TrainingKey::Puzzle { id: puzzle })? else { return Ok(None) };
    let p = p.record;
    let position = super::puzzles::position_at(&p, 0)?;
    let Some(solver) = position.to_move() else { return Ok(None) };
    let date = crate::dates::date(day * DAY);
    let header = Message::new("daily-puzzle")
        .str("date", date)
        .str("game", game_name(locale, p.game))
        .num("rating", p.rating.rating.round() as i64)
        .str("side", side_name(locale, &position, solver))
        .num("moves", super::puzzles::solver_moves(&p)? as i64);
    let mut lines = vec![i18n::spans(locale, &header)];
    if let Some(before) = read::<Daily>(store, &TrainingKey::Daily { guild, day: day.saturating_sub(1) })? {
        let names: Vec<String> = before.record.solvers.iter().map(|s| s.name.clone()).collect();
        let said = if names.is_empty() {
            Message::new("daily-nobody")
        } else {
            Message::new("daily-solvers").name("names", names.join(", "))
        };
        lines.push(i18n::spans(locale, &said));
    }
    let mut reply = super::puzzles::show(locale, &p, 0, &crate::store::training::Glicko::default(), None)?;
    reply.text = Text::join(lines, "\n");
    reply.audience = Audience::Here;
    Ok(Some(reply))
}
