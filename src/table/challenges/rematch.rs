//! The rematch of a finished game: the same game and options, sides swapped, put to the other player as a new
//! challenge.

use crate::games::{OptionSet, Side};
use crate::i18n::Message;
use crate::store::record::{First, GameId, Status, Team, Timestamp};
use crate::table::actor::Actor;
use crate::table::fail::{Answer, Fail};
use crate::table::terms::Terms;
use crate::table::write::AtWork;

/// Options a game record holds for the table's own bookkeeping: recomputed by a new challenge, never passed on.
const BOOKKEEPING: [&str; 2] = ["west_block", "east_block"];

impl AtWork<'_> {
    /// A rematch of a finished game: a new challenge from the actor (a player of it) to the other side, the same
    /// game, options, time and rating, with the sides swapped. The other side accepts it as any challenge.
    pub(in crate::table) fn rematch(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let id = match game {
            Some(id) => id,
            None => self.store.last_channel_game(actor.channel)?.ok_or(Message::new("rematch-none"))?,
        };
        let old = self.game_in(actor, id)?;
        if !matches!(old.status, Status::Finished { .. }) {
            return Err(Message::new("rematch-not-over").into());
        }
        let sides = old.sides_of(actor.user, &actor.roles);
        let Some(&side) = sides.first() else {
            return Err(Message::new(if old.is_team_game() { "not-on-a-team" } else { "not-a-player" }).into());
        };
        let options: OptionSet = old
            .options
            .iter()
            .filter(|(k, _)| !BOOKKEEPING.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut terms = Terms {
            rated: Some(old.rated && old.tournament.is_none()),
            level: old.computer.map(|c| c.level),
            thread: Some(old.wants_thread),
            time: Some(old.clock.as_ref().map(|c| c.per_move)),
            first: None,
        };
        if old.is_team_game() {
            // West always throws first: the teams change ends.
            let teams: Vec<Team> = old.teams.iter().rev().cloned().collect();
            let teams: [Team; 2] =
                teams.try_into().map_err(|_| Fail::Internal(format!("game {id} has not two teams")))?;
            return self.challenge(actor, old.kind, None, options, terms, Some(teams), now);
        }
        let opponent =
            old.player(side.other()).cloned().ok_or_else(|| Fail::Internal(format!("game {id} lacks a player")))?;
        // Whoever did not move first then moves first now.
        let first = if side == Side::First { First::Opponent } else { First::Challenger };
        terms.first = Some(first);
        self.challenge(actor, old.kind, Some(opponent), options, terms, None, now)
    }
}
