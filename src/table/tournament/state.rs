//! A tournament as stored and read: finding it (in the actor's server), who organises it, saving it with its
//! games in one unit, the results of its pairings as its games decided them, and the small helpers the other
//! parts share (where a game waits for a channel, how points and formats are written).

use crate::games::Side;
use crate::i18n::{self, Locale, Message};
use crate::store::record::TournamentId;
use crate::store::record::{ChannelId, GameRecord, Status};
use crate::store::tournament::{Pairing, TournamentStatus};
use crate::store::{GameWrite, Tournament, TournamentWrite, Unit};
use crate::table::actor::Actor;
use crate::table::fail::Fail;
use crate::table::reply::Reply;
use crate::table::write::AtWork;

/// Games of a tournament live in channels of their own; until the front end gives one (a thread), a game waits
/// in a reserved channel id that no real channel has.
pub(super) fn parking_channel(tournament: u64, round: usize, pairing: usize) -> ChannelId {
    ChannelId((1 << 62) | (tournament << 24) | ((round as u64) << 12) | pairing as u64)
}

/// Whether a game is a tournament game still in its parking place (waiting for a channel of its own).
pub fn is_parked(record: &GameRecord) -> bool {
    record.tournament.is_some_and(|p| record.channel == parking_channel(p.tournament.get(), p.round, p.pairing))
}

pub(super) fn points_text(p: f64) -> String {
    let whole = p.floor() as i64;
    match (whole, p - p.floor() >= 0.5) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

impl AtWork<'_> {
    /// Writes a tournament over the revision it was read at (a new one, id 0, is created), with the games it
    /// creates or changes, in one unit. Returns it as stored.
    pub(super) fn save_tournament(&self, mut t: Tournament, games: Vec<GameWrite>) -> Result<Tournament, Fail> {
        let base = (t.id != 0).then_some(t.revision);
        t.revision = base.map_or(0, |b| b + 1);
        let unit = Unit { tournaments: vec![TournamentWrite { tournament: t.clone(), base }], ..Unit::default() };
        let written = self.write(Unit { games, ..unit })?;
        if t.id == 0 {
            t.id = TournamentId(written.tournaments[0]);
            if !crate::table::calendar::calendar(&t, crate::i18n::Locale::English).is_empty() {
                // (A crash just here leaves the sign-up off the calendar; the tournament's start puts the
                // calendar right.)
                let notice = crate::table::calendar::calendar_notice(&t, t.created_at);
                self.write(Unit { notices: vec![notice], ..Unit::default() })?;
            }
        }
        Ok(t)
    }

    /// The tournament named (or the server's latest one not over), refused when it is over: a finished or
    /// cancelled tournament takes no more changes.
    pub(super) fn open_tournament(&self, actor: &Actor, id: Option<TournamentId>) -> Result<Tournament, Fail> {
        let t = self.find_tournament(actor, id, true)?;
        if matches!(t.status, TournamentStatus::Finished | TournamentStatus::Cancelled) {
            return Err(Message::new("tournament-over").num("id", t.id.get() as i64).into());
        }
        Ok(t)
    }

    /// Only the server's organisers manage a tournament: whoever created one keeps no rights of their own once
    /// they lose the role (or Manage Server).
    pub(super) fn organiser_only(&self, actor: &Actor, _t: &Tournament) -> Result<(), Fail> {
        if self.is_organiser(actor)? { Ok(()) } else { Err(Message::new("tournament-organisers-only").into()) }
    }

    /// The tournament named, or the server's latest one not over (or, with `any`, the latest of all).
    pub(super) fn find_tournament(
        &self,
        actor: &Actor,
        id: Option<TournamentId>,
        any: bool,
    ) -> Result<Tournament, Fail> {
        let found = match id {
            Some(id) => self.store.tournament(TournamentId(id.get()))?.filter(|t| t.guild == actor.guild),
            None => {
                let all = self.store.tournaments(actor.guild)?;
                let open =
                    all.iter().rev().find(|t| matches!(t.status, TournamentStatus::SignUp | TournamentStatus::Running));
                open.cloned().or_else(|| if any { all.last().cloned() } else { None })
            }
        };
        found.ok_or_else(|| Message::new("tournament-none").into())
    }

    /// The first side's points of a pairing, once decided: an entered result, else its game's.
    pub(super) fn pairing_points(&self, pairing: &Pairing) -> Result<Option<f64>, Fail> {
        if let Some(p) = pairing.entered {
            return Ok(Some(p));
        }
        let Some(game) = pairing.game else { return Ok(None) };
        // The header says how it ended: the moves are not read (a standings or pairings page reads every game).
        let record =
            self.store.game_header(game)?.ok_or_else(|| Fail::Internal(format!("tournament game {game} missing")))?;
        Ok(match record.status {
            Status::Finished { winner: Some(Side::First), .. } => Some(1.0),
            Status::Finished { winner: Some(Side::Second), .. } => Some(0.0),
            Status::Finished { winner: None, .. } => Some(0.5),
            // Nobody moved before the first deadline: a loss for the side that had to move first.
            Status::Aborted => Some(0.0),
            _ => None,
        })
    }

    /// Which side of a pairing won (0 the first, 1 the second), once decided and not drawn.
    pub(super) fn pairing_winner(&self, pairing: &Pairing) -> Result<Option<usize>, Fail> {
        Ok(match self.pairing_points(pairing)? {
            Some(x) if x > 0.5 => Some(0),
            Some(x) if x < 0.5 => Some(1),
            _ => None,
        })
    }

    /// Every decided game so far, as (first, second, first's points), and the byes.
    pub(super) fn results(&self, t: &Tournament) -> Result<Decided, Fail> {
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for round in &t.rounds {
            for p in &round.pairings {
                if let Some(points) = self.pairing_points(p)? {
                    games.push((p.first, p.second, points));
                }
            }
            byes.extend(round.byes.iter().copied());
        }
        Ok((games, byes))
    }
}

/// A tournament's posts with the ids of their notices (see [`Table::tournament_notices`]), each to be posted in
/// the tournament's channel (a game's board in the thread the front end opens from there).
pub(super) fn with_notices(replies: Vec<Reply>, ids: &[u64], channel: ChannelId) -> Vec<Reply> {
    replies
        .into_iter()
        .zip(ids.iter().copied().map(Some).chain(std::iter::repeat(None)))
        .map(|(reply, notice)| Reply { notice, ..reply.in_channel(channel) })
        .collect()
}

/// The decided games (first, second, first's points) and the byes of a tournament so far.
pub(super) type Decided = (Vec<(usize, usize, f64)>, Vec<usize>);

pub(super) fn new_pairing(first: usize, second: usize, slot: usize) -> Pairing {
    Pairing { first, second, game: None, entered: None, slot }
}

/// The names of an elimination's `count` rounds: the last three by what they decide, earlier ones by number.
pub(super) fn round_names(locale: Locale, count: usize) -> Vec<String> {
    (0..count)
        .map(|r| {
            let message = match count - r {
                1 => Message::new("bracket-final"),
                2 => Message::new("bracket-semi-finals"),
                3 => Message::new("bracket-quarter-finals"),
                _ => Message::new("bracket-round").num("round", (r + 1) as i64),
            };
            i18n::text(locale, &message)
        })
        .collect()
}
