//! Tournaments at the table, on the pure arithmetic of `crate::pairings`; a tournament's life split by job: `command`
//! (what may be asked of a tournament), `actions` (what organisers and players do), `rounds` (pairing and advancing
//! rounds), `swiss` (a tournament's rounds as the Dutch engine sees them), `shown` (boards, standings, brackets),
//! `state` (finding, saving, reading results), `export` (its tournament file). The domain's one door is `handle`.

mod actions;
pub(super) mod command;
mod export;
mod rounds;
mod shown;
mod state;
mod swiss;
pub use shown::TournamentPage;
pub use state::is_parked;

use crate::store::record::Timestamp;
use crate::table::actor::Actor;
use crate::table::command::TournamentCommand;
use crate::table::fail::{Answer, Changed, Fail};
use crate::table::write::AtWork;

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
