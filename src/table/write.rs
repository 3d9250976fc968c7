//! The table's one way to change state: a [`Unit`] of work built by a command and committed by the store in
//! one transaction by [`AtWork::write`], which adds what the games' changes imply — their next due time, the
//! ratings and team records of a game's end (counted once: the record says it counted), the mark that tells
//! the scheduler a tournament game ended — and the request's idempotency key, so a redelivered request is
//! recognised in the same transaction that would apply it twice.
//!
//! The request's context (its key, the tournaments whose games it ended) is a value: an [`AtWork`] is the table at
//! work on one request, and carries it from unit to unit. The scheduler's own work is one without a key.

use crate::store::record::TournamentId;
use std::cell::RefCell;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

use super::tally::Tally;
use crate::deadlines;
use crate::i18n::Message;
use crate::store::record::{COMPUTER, GameRecord, GuildId, Status, Timestamp, TournamentPlace};
use crate::store::{Committed, GameWrite, GuildSettings, StandingsWrite, TournamentMark, Unit, WriteError};
use crate::table::fail::{Changed, Fail};
use crate::table::service::Table;

/// How often a unit is tried again when only the ratings moved under it (another game of the same server ended
/// meanwhile). Each server has its own sequence of rated results, so only ends in one server meet; with several
/// processes on one database they are counted one after the other, each retry after a short pause that grows
/// (and differs between processes).
const RATING_RETRIES: usize = 64;

#[derive(Default)]
struct RequestContext {
    /// The idempotency key and time of the request being handled, until its first unit takes it.
    key: Option<(String, Timestamp)>,
    /// Tournaments whose games this request ended (they are advanced before the request answers).
    ended: Vec<TournamentId>,
    /// Whether a request is being handled (outside one, ended tournaments are left to the scheduler's marks).
    active: bool,
}

/// The table at work on one request (or on the scheduler's own work): every change it makes goes through its
/// [`AtWork::commit`], which gives the request's key to its first unit and notes the tournaments whose games it
/// ended. It reads the store and the configuration it is given, and anything else of the table by name
/// (`self.table`).
pub(super) struct AtWork<'t> {
    pub(super) table: &'t Table,
    pub(super) store: &'t dyn crate::store::Store,
    pub(super) config: &'t crate::table::service::TableConfig,
    context: RefCell<RequestContext>,
}

impl<'t> AtWork<'t> {
    /// A member's request, once per `key` when it has one.
    pub(super) fn request(table: &'t Table, key: Option<(String, Timestamp)>) -> AtWork<'t> {
        let context = RefCell::new(RequestContext { key, ended: Vec::new(), active: true });
        AtWork { table, store: table.store.as_ref(), config: &table.config, context }
    }

    /// The table's own work (the scheduler, the computer, checks): no key, and the tournaments whose games it
    /// ends are advanced by their marks.
    pub(super) fn own(table: &'t Table) -> AtWork<'t> {
        AtWork {
            table,
            store: table.store.as_ref(),
            config: &table.config,
            context: RefCell::new(RequestContext::default()),
        }
    }

    /// The tournaments whose games this turn ended, and whether its key was stored (with the first unit it
    /// committed).
    pub(super) fn finish(self, had_key: bool) -> (Vec<TournamentId>, bool) {
        let context = self.context.into_inner();
        (context.ended, had_key && context.key.is_none())
    }
}

/// A refused unit, as the table reports it.
pub(super) fn refusal(e: WriteError) -> Fail {
    match e {
        WriteError::Conflict => Fail::Changed(Changed::Game),
        WriteError::TournamentConflict => Fail::Changed(Changed::Tournament),
        WriteError::SettingsConflict => Fail::Changed(Changed::Settings),
        WriteError::TrainingConflict => Fail::Changed(Changed::Training),
        WriteError::ChannelBusy(held) => Message::new("channel-busy").num("game", held.get() as i64).into(),
        // A sign-in's state spent before is a request carried out before.
        WriteError::AlreadyDone | WriteError::SignInSpent => Fail::AlreadyDone,
        WriteError::Store(e) => Fail::Store(e),
        other @ (WriteError::RatingsMoved | WriteError::Missing | WriteError::IdTaken) => Fail::Unwritten(other),
    }
}

/// What a unit came to: its games as stored (new ones with their ids), and the ids of its new notices and
/// tournaments.
pub(super) struct Written {
    pub games: Vec<GameRecord>,
    pub notices: Vec<u64>,
    pub tournaments: Vec<u64>,
}

impl AtWork<'_> {
    /// Writes `record` over revision `base`: [`AtWork::write`] of one game.
    pub(super) fn save(&self, record: GameRecord, base: u64) -> Result<GameRecord, Fail> {
        let mut written =
            self.write(Unit { games: vec![GameWrite { record, base: Some(base) }], ..Unit::default() })?;
        Ok(written.games.remove(0))
    }

    /// The one way the table changes what is stored: `unit` in one transaction, with the request's key when it
    /// is the request's first unit. Each game's revision and next due time are set, whether the computer owes a
    /// move is read from its position, the results of games that ended are counted in the ratings and team
    /// records, and each tournament game that ended leaves a mark for its tournament. A conflicting write is the
    /// user's to retry.
    pub(super) fn write(&self, mut unit: Unit) -> Result<Written, Fail> {
        for write in &mut unit.settings {
            if let Some(base) = write.base {
                write.settings.revision = base + 1;
            }
        }
        if unit.games.is_empty() {
            self.note_calendars(&mut unit)?;
            let done = self.commit_unit(unit).map_err(refusal)?;
            return Ok(Written { games: Vec::new(), notices: done.notices, tournaments: done.tournaments });
        }
        self.note_calendars(&mut unit)?;
        let mut rest = unit;
        let mut games = std::mem::take(&mut rest.games);
        let mut marks = Vec::new();
        let mut servers: HashMap<GuildId, GuildSettings> =
            rest.settings.iter().map(|w| (w.guild, w.settings.clone())).collect();
        for write in &mut games {
            self.hold_for_vacation(&mut write.record, &mut servers)?;
            // Whether the computer owes a move is read from the position (Hoyito's extra moves, passes).
            if write.record.computer.is_some() {
                let on_turn = match write.record.status {
                    crate::store::record::Status::Active => {
                        let side = self.replay(&write.record)?.to_move();
                        side.is_some_and(|s| write.record.player(s).is_some_and(|p| p.id == COMPUTER))
                    }
                    _ => false,
                };
                if let Some(computer) = &mut write.record.computer {
                    computer.on_turn = on_turn;
                }
            }
            let record = &mut write.record;
            record.revision = write.base.map_or(0, |b| b + 1);
            record.due = deadlines::next_event(record).map(|(t, _)| t);
            if let (Some(TournamentPlace { tournament, .. }), Some(_)) = (record.tournament, write.base)
                && !record.status.is_live()
            {
                marks.push(TournamentMark { at: record.updated_at, tournament, game: record.id });
            }
        }
        let positions = games
            .iter()
            .map(|w| match w.record.kind.moves_are_throws() && !w.record.status.is_live() {
                true => self.replay(&w.record).map(Some),
                false => Ok(None),
            })
            .collect::<Result<Vec<_>, Fail>>()?;
        for attempt in 0..RATING_RETRIES {
            if attempt > 0 {
                let jitter = u64::from(std::process::id() % 7) + attempt as u64 % 5;
                std::thread::sleep(std::time::Duration::from_millis((attempt as u64).min(20) + jitter));
            }
            let mut tally = Tally::live(self.store);
            let mut unit = rest.clone();
            unit.games = games.clone();
            for (write, position) in unit.games.iter_mut().zip(&positions) {
                tally.count(&mut write.record, position.as_ref())?;
            }
            if tally.changed() {
                let bases = tally.bases();
                unit.standings = Some(StandingsWrite { bases, standings: tally.standings(), replace: false });
            }
            unit.marks.extend(marks.iter().copied());
            match self.commit_unit(unit.clone()) {
                Ok(done) => {
                    let mut ids = done.games.iter().copied();
                    let saved: Vec<GameRecord> = unit
                        .games
                        .into_iter()
                        .map(|w| GameRecord { id: ids.next().unwrap_or(w.record.id), ..w.record })
                        .collect();
                    for tell in self.table.written.read().unwrap_or_else(|e| e.into_inner()).iter() {
                        saved.iter().for_each(|g| tell(g.guild, g.id));
                    }
                    saved.iter().for_each(|g| self.store.announce_game(g.guild, g.id));
                    let mut context = self.context.borrow_mut();
                    if context.active {
                        context.ended.extend(marks.iter().map(|m| m.tournament));
                    }
                    return Ok(Written { games: saved, notices: done.notices, tournaments: done.tournaments });
                }
                // Another game's end was counted meanwhile: count this one again from the new ratings.
                Err(WriteError::RatingsMoved) => continue,
                Err(e) => return Err(refusal(e)),
            }
        }
        Err(Fail::Internal("the ratings kept changing under a game's end".into()))
    }

    /// A tournament whose calendar changes (a sign-up or round opened, moved, ended, called off) tells the front
    /// ends in the same unit, so the server's calendar follows it once. A new tournament's is told by
    /// `save_tournament`, once it has its id.
    fn note_calendars(&self, unit: &mut Unit) -> Result<(), Fail> {
        use crate::table::calendar::calendar;
        for write in unit.tournaments.iter().filter(|w| w.base.is_some()) {
            let new = &write.tournament;
            let old = self.store.tournament(new.id)?;
            let english = crate::i18n::Locale::English;
            if old.is_none_or(|old| calendar(&old, english) != calendar(new, english)) {
                let at = new.log.last().map_or(new.created_at, |(at, _)| *at);
                unit.notices.push(crate::table::calendar::calendar_notice(new, at));
            }
        }
        Ok(())
    }

    /// The clock of a player on vacation stands still when the turn comes to them (unless their tournament
    /// refuses vacations). Only held here: a clock runs again when the vacation ends (the scheduler's event, or the
    /// player's own end of it), never because a record was written.
    fn hold_for_vacation(
        &self,
        record: &mut GameRecord,
        servers: &mut HashMap<GuildId, GuildSettings>,
    ) -> Result<(), Fail> {
        let now = record.updated_at;
        let ticking = record.clock.as_ref().is_some_and(|c| c.held.is_none() && c.deadline > now);
        if record.status != Status::Active || record.is_team_game() || !ticking {
            return Ok(());
        }
        let settings = match servers.entry(record.guild) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(self.store.guild_settings(record.guild)?),
        };
        if !settings.anyone_away(now) {
            return Ok(());
        }
        let on_turn = self.replay(record)?.to_move();
        let Some(until) = on_turn.and_then(|s| record.player(s)).and_then(|p| settings.away_until(p.id, now)) else {
            return Ok(());
        };
        if let Some(place) = record.tournament
            && self.store.tournament(place.tournament)?.is_some_and(|t| !t.allows_vacations())
        {
            return Ok(());
        }
        deadlines::hold(record, until, now);
        Ok(())
    }

    fn commit_unit(&self, mut unit: Unit) -> Result<Committed, WriteError> {
        let key = self.context.borrow_mut().key.take();
        if unit.request.is_none() {
            unit.request = key.clone();
        }
        let started = std::time::Instant::now();
        let done = self.store.commit(&unit);
        let outcome = match &done {
            Ok(_) => "committed",
            Err(WriteError::Store(_)) => {
                crate::metrics::store_error("commit");
                "failed"
            }
            Err(_) => "conflict",
        };
        crate::metrics::commit(outcome, started.elapsed());
        if done.is_err()
            && let Some(key) = key
        {
            // Not applied: the key stays with the request for its next attempt.
            self.context.borrow_mut().key.get_or_insert(key);
        }
        done
    }
}
