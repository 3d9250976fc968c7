//! Challenges: a game asked for (of a member, of anyone, of the computer, of two teams), accepted, declined,
//! cancelled, joined by a team's members before it starts, or asked for again after it ended (a rematch).

mod challenge;
pub(super) mod command;
mod rematch;

use crate::store::record::Timestamp;
use crate::table::actor::Actor;
use crate::table::command::ChallengeCommand;
use crate::table::fail::Answer;
use crate::table::write::AtWork;

/// The challenges domain's one door.
pub(super) fn handle(work: &AtWork, actor: &Actor, command: ChallengeCommand, now: Timestamp) -> Answer {
    match command {
        ChallengeCommand::Challenge { game, opponent, options, terms, teams } => {
            work.challenge(actor, game, opponent, options, terms, teams, now)
        }
        ChallengeCommand::Accept { game } => work.accept(actor, game, now),
        ChallengeCommand::Decline { game } => work.decline(actor, game, now),
        ChallengeCommand::Cancel => work.cancel(actor, now),
        ChallengeCommand::Join { game } => work.join(actor, game, now),
        ChallengeCommand::Rematch { game } => work.rematch(actor, game, now),
    }
}
