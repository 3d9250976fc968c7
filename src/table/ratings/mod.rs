//! Ratings and seasons: a game's leaderboard in a server (all time or a season's), a new season, a player's
//! profile, and the recomputation of every rating from the game records.

mod board;
pub(super) mod command;
mod seasons;

pub(super) use board::PAGE;
pub use board::PlayerPage;

use crate::store::record::Timestamp;
use crate::table::actor::Actor;
use crate::table::command::RatingCommand;
use crate::table::fail::Answer;
use crate::table::write::AtWork;

/// The ratings domain's one door.
pub(super) fn handle(work: &AtWork, actor: &Actor, command: RatingCommand, now: Timestamp) -> Answer {
    match command {
        RatingCommand::Leaderboard { game, page, provisional, picture, season } => {
            work.leaderboard(actor, game, page, provisional, picture, season, now)
        }
        RatingCommand::SeasonStart { game, every } => work.season_start(actor, game, every, now),
        RatingCommand::Profile { player } => {
            let who = player.unwrap_or_else(|| actor.player());
            work.profile(actor, who.id, &who.name)
        }
    }
}
