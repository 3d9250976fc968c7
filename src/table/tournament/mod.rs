//! Tournaments: the pure pieces first. `pairing` makes rounds (Berger round robin, single elimination with byes
//! for the top seeds, and the plain Swiss search kept for when no Dutch pairing exists), `dutch` is the Swiss
//! system's engine (FIDE Dutch, its own crate), `standings` scores them (points, Buchholz, Sonneborn-Berger).
//! Players are indices into the tournament's list, in seeding order (0 = the top seed). Then a tournament's life
//! at the table, split by job: `commands` (what organisers and players ask), `rounds` (pairing and advancing
//! rounds), `swiss` (a tournament's rounds as the Dutch engine sees them), `shown` (boards, standings, brackets),
//! `state` (finding, saving, reading results), `calendar` (its dates, for a front end's calendar), `trf` and
//! `trf_read` (tournament files written and read). The domain's one door is `handle`.

pub mod calendar;
mod commands;
mod double;
pub mod dutch;
mod export;
mod rounds;
mod shown;
mod state;
mod swiss;
pub mod trf;
mod trf_read;
pub use state::is_parked;
pub mod pairing;
pub mod standings;

use crate::store::record::Timestamp;
use crate::table::write::AtWork;
use crate::table::{Actor, Answer, Changed, Fail, TournamentCommand};

/// The tournaments domain's one door.
pub(super) fn handle(work: &AtWork, actor: &Actor, command: TournamentCommand, now: Timestamp) -> Answer {
    // Two members signing up at the same moment: the second is read again and tried again (its unit was
    // refused whole, so nothing is repeated), rather than told to press again.
    for _ in 0..16 {
        match work.tournament_command(actor, command.clone(), now) {
            Err(Fail::Changed(Changed::Tournament)) => continue,
            other => return other,
        }
    }
    work.tournament_command(actor, command, now)
}
