//! Ratings and team records counted: the Glicko-2 update of a rated two-player game (skillratings), a Zohn Ahl
//! team's record, and the [`Tally`] that counts results one after another, read from the store for a live
//! update or from nothing for a recomputation (which must give identical numbers: the same updates in the same
//! order). Below the write path, which counts a game's end in the unit that ends it.

use crate::store::GuildId;
use std::collections::BTreeMap;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, glicko2};

use crate::games::{GameKind, Position, Side};
use crate::store::rating::{HISTORY_KEPT, RatingChange};
use crate::store::record::{FinishReason, GameRecord, Status, Team, Timestamp, UserId};
use crate::store::{Rating, Standings, TeamKey, TeamRecord};
use crate::table::fail::Fail;
/// Whether a finished game counts for ratings, and with which result for the first side (1, ½, 0).
fn rated_result(record: &GameRecord) -> Option<Outcomes> {
    let Status::Finished { winner, reason } = record.status else { return None };
    if reason == FinishReason::Forfeit {
        return None;
    }
    if !record.rated
        || record.kind.moves_are_throws()
        || record.seats.len() != 2
        || record.seats[0].id == record.seats[1].id
    {
        return None;
    }
    // A game the loser resigned or lost on time without ever moving does not count (so a rating cannot be farmed from abandoned games).
    if let Some(w) = winner
        && matches!(reason, FinishReason::Resignation | FinishReason::Timeout)
    {
        let loser = record.seats[w.other().index()].id;
        if !record.moves.iter().any(|m| m.by == loser) {
            return None;
        }
    }
    Some(match winner {
        Some(Side::First) => Outcomes::WIN,
        Some(Side::Second) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    })
}

/// A rating after one more game.
fn rated(
    mut rating: Rating,
    after: &skillratings::glicko2::Glicko2Rating,
    score: f64,
    at: Timestamp,
    name: &str,
) -> Rating {
    rating.name = name.to_string();
    rating.rating = after.rating;
    rating.deviation = after.deviation;
    rating.volatility = after.volatility;
    rating.games += 1;
    if score == 1.0 {
        rating.wins += 1;
        rating.streak = rating.streak.max(0) + 1;
    } else if score == 0.0 {
        rating.losses += 1;
        rating.streak = rating.streak.min(0) - 1;
    } else {
        rating.draws += 1;
        rating.streak = 0;
    }
    rating.history.push((at, after.rating));
    if rating.history.len() > HISTORY_KEPT {
        rating.history.remove(0);
    }
    rating
}

fn glicko(r: &Rating) -> skillratings::glicko2::Glicko2Rating {
    skillratings::glicko2::Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

/// The Glicko-2 update of a rated game from the players' ratings before it: their ratings after, and the change
/// shown in the result post. The one function both the live update and the recomputation use.
fn update(record: &GameRecord, outcome: Outcomes, before: [Rating; 2]) -> ([Rating; 2], Vec<RatingChange>) {
    let (a, b) = glicko2(&glicko(&before[0]), &glicko(&before[1]), &outcome, &Glicko2Config::new());
    let score = match outcome {
        Outcomes::WIN => 1.0,
        Outcomes::LOSS => 0.0,
        Outcomes::DRAW => 0.5,
    };
    let shown = [before[0].rating, before[1].rating];
    let at = record.updated_at;
    let [first, second] = before;
    let after =
        [rated(first, &a, score, at, &record.seats[0].name), rated(second, &b, 1.0 - score, at, &record.seats[1].name)];
    let changes = (0..2)
        .map(|i| RatingChange {
            user: record.seats[i].id,
            before: shown[i].round() as i32,
            after: after[i].rating.round() as i32,
            provisional: after[i].provisional(),
        })
        .collect();
    (after, changes)
}

/// Whose records a finished team game updates, by side: a role or single player, or each member of a team of
/// named players (who keep no shared record).
fn team_keys(record: &GameRecord) -> Vec<(TeamKey, String, Side)> {
    let mut keys = Vec::new();
    for side in Side::BOTH {
        match record.teams.get(side.index()) {
            Some(Team::Players { players }) if players.len() > 1 => {
                keys.extend(players.iter().map(|p| (TeamKey::Player(p.id), p.name.clone(), side)));
            }
            Some(team) => keys.extend(team_key(team).map(|(k, n)| (k, n, side))),
            None => keys.extend(record.player(side).map(|p| (TeamKey::Player(p.id), p.name.clone(), side))),
        }
    }
    keys
}

/// A team's record after one more game (the live update and the recomputation share it).
fn team_after(
    mut team: TeamRecord,
    name: String,
    side: Side,
    winner: Option<Side>,
    position: Option<&Position>,
) -> TeamRecord {
    team.name = name;
    team.games += 1;
    team.wins += u32::from(winner == Some(side));
    if let Some(Position::ZohnAhl(game)) = position {
        team.counters_won += u32::from(game.counters(side));
    }
    team
}

/// A Zohn Ahl team's key and name.
fn team_key(team: &Team) -> Option<(TeamKey, String)> {
    match team {
        Team::Role { id, name, .. } => Some((TeamKey::Role(*id), format!("@{name}"))),
        Team::Players { players } if players.len() == 1 => {
            Some((TeamKey::Player(players[0].id), players[0].name.clone()))
        }
        // A team of several named players keeps no shared record; each player's own is below.
        Team::Players { .. } => None,
    }
}

/// Ratings and team records as a change sees them: read from the store the first time they are needed (none
/// for a recomputation, which starts from nothing), then updated in memory, result after result. The live
/// update and the recomputation count results with the same [`Tally::count`].
pub(super) struct Tally<'a> {
    store: Option<&'a dyn crate::store::Store>,
    ratings: BTreeMap<(GuildId, GameKind, UserId), Rating>,
    teams: BTreeMap<(GuildId, TeamKey), TeamRecord>,
    /// Each server's rating sequence, as read (what the write is checked against) and the last given.
    sequences: BTreeMap<GuildId, (u64, u64)>,
}

impl<'a> Tally<'a> {
    /// A tally over the store's ratings, each server from its last rating sequence.
    pub fn live(store: &'a dyn crate::store::Store) -> Tally<'a> {
        Tally { store: Some(store), ratings: BTreeMap::new(), teams: BTreeMap::new(), sequences: BTreeMap::new() }
    }

    /// A tally from nothing (a recomputation).
    pub fn empty() -> Tally<'static> {
        Tally { store: None, ratings: BTreeMap::new(), teams: BTreeMap::new(), sequences: BTreeMap::new() }
    }

    /// Reads `guild`'s rating sequence the first time: before any of its ratings, so that a result counted
    /// after these were read moves the sequence and refuses the write.
    fn open(&mut self, guild: GuildId) -> Result<(), Fail> {
        if !self.sequences.contains_key(&guild) {
            let base = match self.store {
                Some(store) => store.last_rating_sequence(guild)?,
                None => 0,
            };
            self.sequences.insert(guild, (base, base));
        }
        Ok(())
    }

    /// The next rating sequence of `guild`.
    fn next_sequence(&mut self, guild: GuildId) -> Result<u64, Fail> {
        self.open(guild)?;
        let entry = self.sequences.entry(guild).or_default();
        entry.1 += 1;
        Ok(entry.1)
    }

    /// Counting goes on in `guild` after sequence `last` (a recomputation replaying the stored order).
    pub fn resume_at(&mut self, guild: GuildId, last: u64) {
        self.sequences.entry(guild).or_insert((last, last)).1 = last;
    }

    /// The sequences the tally started from, by server: what its write is checked against.
    pub fn bases(&self) -> Vec<(GuildId, u64)> {
        self.sequences.iter().map(|(&guild, &(base, _))| (guild, base)).collect()
    }

    fn rating(&mut self, guild: GuildId, kind: GameKind, user: UserId, name: &str) -> Result<Rating, Fail> {
        if let Some(r) = self.ratings.get(&(guild, kind, user)) {
            return Ok(r.clone());
        }
        let stored = match self.store {
            Some(store) => store.rating(guild, kind, user)?,
            None => None,
        };
        Ok(stored.unwrap_or_else(|| Rating::new(name)))
    }

    fn team(&mut self, guild: GuildId, key: TeamKey) -> Result<TeamRecord, Fail> {
        if let Some(t) = self.teams.get(&(guild, key)) {
            return Ok(t.clone());
        }
        let stored = match self.store {
            Some(store) => store.team_record(guild, key)?,
            None => None,
        };
        Ok(stored.unwrap_or_default())
    }

    /// Counts a finished game not counted yet (its place in the order of results and, when rated, the rating
    /// changes go into the record); anything else is left alone. `position` is the game's final position
    /// (Zohn Ahl's counters).
    pub fn count(&mut self, record: &mut GameRecord, position: Option<&Position>) -> Result<(), Fail> {
        // An imported game was played elsewhere: it counts for nothing here.
        if !matches!(record.status, Status::Finished { .. })
            || record.rating_sequence.is_some()
            || record.imported.is_some()
        {
            return Ok(());
        }
        self.open(record.guild)?;
        if record.kind.moves_are_throws() {
            let Status::Finished { winner, .. } = record.status else { return Ok(()) };
            for (key, name, side) in team_keys(record) {
                let team = self.team(record.guild, key)?;
                self.teams.insert((record.guild, key), team_after(team, name, side, winner, position));
            }
            record.rating_sequence = Some(self.next_sequence(record.guild)?);
            return Ok(());
        }
        let Some(outcome) = rated_result(record) else { return Ok(()) };
        let b0 = self.rating(record.guild, record.kind, record.seats[0].id, &record.seats[0].name)?;
        let b1 = self.rating(record.guild, record.kind, record.seats[1].id, &record.seats[1].name)?;
        let (after, changes) = update(record, outcome, [b0, b1]);
        record.rating_sequence = Some(self.next_sequence(record.guild)?);
        record.rating_changes = changes;
        let [a0, a1] = after;
        self.ratings.insert((record.guild, record.kind, record.seats[0].id), a0);
        self.ratings.insert((record.guild, record.kind, record.seats[1].id), a1);
        Ok(())
    }

    /// Whether any result was counted.
    pub fn changed(&self) -> bool {
        self.sequences.values().any(|(base, last)| base != last)
    }

    /// What the tally writes: every rating and team record it changed, and each server's last sequence.
    pub fn standings(self) -> Standings {
        Standings {
            sequences: self.sequences.into_iter().map(|(guild, (_, last))| (guild, last)).collect(),
            ratings: self.ratings.into_iter().map(|((g, k, u), r)| (g, k, u, r)).collect(),
            teams: self.teams.into_iter().map(|((g, k), t)| (g, k, t)).collect(),
        }
    }
}
