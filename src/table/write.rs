//! The table's one way to change state: a [`Unit`] of work built by a command and committed by the store in
//! one transaction. [`Table::save_games`] adds what the games' changes imply — their next due time, the
//! ratings and team records of a game's end (counted once: the record says it counted), the mark that tells
//! the scheduler a tournament game ended — and the request's idempotency key, so a redelivered request is
//! recognised in the same transaction that would apply it twice.
//!
//! The request's context (its key, the tournaments whose games it ended) is kept per thread while the table
//! handles it: the handling is synchronous, and this keeps every command's signature free of it.

use std::cell::RefCell;

use super::ratings::Tally;
use super::{Fail, Table, clock};
use crate::i18n::Message;
use crate::store::record::{COMPUTER, GameRecord, Timestamp, TournamentPlace};
use crate::store::{Committed, GameWrite, StandingsWrite, TournamentMark, Unit, WriteError};

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
    ended: Vec<u64>,
    /// Whether a request is being handled (outside one, ended tournaments are left to the scheduler's marks).
    active: bool,
}

thread_local! {
    static REQUEST: RefCell<RequestContext> = RefCell::new(RequestContext::default());
}

/// Runs `f` as the request `key` (none for the scheduler's own work); returns its result, the tournaments
/// whose games it ended, and whether its key was stored (with the first unit it committed).
pub(super) fn as_request<T>(key: Option<(String, Timestamp)>, f: impl FnOnce() -> T) -> (T, Vec<u64>, bool) {
    let had_key = key.is_some();
    let previous = REQUEST
        .with(|r| std::mem::replace(&mut *r.borrow_mut(), RequestContext { key, ended: Vec::new(), active: true }));
    let out = f();
    let context = REQUEST.with(|r| std::mem::replace(&mut *r.borrow_mut(), previous));
    (out, context.ended, had_key && context.key.is_none())
}

/// A refused unit, as the table reports it.
pub(super) fn refusal(e: WriteError) -> Fail {
    match e {
        WriteError::Conflict => Message::new("game-changed").into(),
        WriteError::TournamentConflict => Message::new("tournament-changed").into(),
        WriteError::ChannelBusy(held) => Message::new("channel-busy").num("game", held as i64).into(),
        WriteError::AlreadyDone => Fail::AlreadyDone,
        other => Fail::Internal(other.to_string()),
    }
}

impl Table {
    /// Commits a unit as it is, with the request's key when it is the request's first unit.
    pub(super) fn commit(&self, unit: Unit) -> Result<Committed, Fail> {
        self.commit_unit(unit).map_err(refusal)
    }

    fn commit_unit(&self, mut unit: Unit) -> Result<Committed, WriteError> {
        let key = REQUEST.with(|r| r.borrow_mut().key.take());
        if unit.request.is_none() {
            unit.request = key.clone();
        }
        let done = self.store.commit(&unit);
        if done.is_err()
            && let Some(key) = key
        {
            // Not applied: the key stays with the request for its next attempt.
            REQUEST.with(|r| {
                r.borrow_mut().key.get_or_insert(key);
            });
        }
        done
    }

    /// Writes `record` over revision `base` (its revision bumped, its next due time updated), with what its
    /// end changes. A conflicting write is the user's to retry.
    pub(super) fn save(&self, record: GameRecord, base: u64) -> Result<GameRecord, Fail> {
        let mut saved = self.save_games(vec![GameWrite { record, base: Some(base) }], Unit::default())?;
        Ok(saved.remove(0))
    }

    /// Writes games (new ones with `base` `None`) and `rest` in one unit: each game's revision and due time
    /// set, the results of games that ended counted in the ratings and team records, and a tournament mark for
    /// each tournament game that ended. Returns the games as stored (new ones with their ids).
    pub(super) fn save_games(&self, games: Vec<GameWrite>, rest: Unit) -> Result<Vec<GameRecord>, Fail> {
        self.save_games_noting(games, rest).map(|(games, _)| games)
    }

    /// As [`Table::save_games`], also returning the ids of the unit's new notices.
    pub(super) fn save_games_noting(
        &self,
        games: Vec<GameWrite>,
        rest: Unit,
    ) -> Result<(Vec<GameRecord>, Vec<u64>), Fail> {
        let mut games = games;
        let mut marks = Vec::new();
        for write in &mut games {
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
            record.due = clock::next_event(record).map(|(t, _)| t);
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
            let mut tally = Tally::live(self.store.as_ref());
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
                    REQUEST.with(|r| {
                        let mut r = r.borrow_mut();
                        if r.active {
                            r.ended.extend(marks.iter().map(|m| m.tournament));
                        }
                    });
                    return Ok((saved, done.notices));
                }
                // Another game's end was counted meanwhile: count this one again from the new ratings.
                Err(WriteError::RatingsMoved) => continue,
                Err(e) => return Err(refusal(e)),
            }
        }
        Err(Fail::Internal("the ratings kept changing under a game's end".into()))
    }
}
