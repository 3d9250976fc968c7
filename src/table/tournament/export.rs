//! `/tournament export`: a Swiss or round robin as a FIDE tournament report file, from its rounds and the
//! results of their games (see `trf`).

use super::{pairing, trf};
use crate::i18n::{self, Message};
use crate::store::record::{FinishReason, Status};
use crate::store::tournament::Format;
use crate::table::naming::{format_name, game_name};
use crate::table::write::Turn;
use crate::table::{Actor, Answer, File, Reply};

impl Turn<'_> {
    /// The tournament as a FIDE tournament report file: a Swiss or a round robin, at any point of it.
    pub(super) fn tournament_export(&self, actor: &Actor, id: Option<u64>) -> Answer {
        let t = self.find_tournament(actor, id, true)?;
        let rounds = match t.format {
            Format::Swiss { rounds } => rounds as usize,
            Format::RoundRobin { legs } => pairing::round_robin(t.entrants.len(), legs as usize).len(),
            Format::Elimination | Format::DoubleElimination => {
                return Err(Message::new("tournament-trf-format").into());
            }
        };
        let mut results = Vec::with_capacity(t.rounds.len());
        for round in &t.rounds {
            let mut line = vec![trf::Played::Absent; t.entrants.len()];
            for &p in &round.byes {
                line[p] = trf::Played::Bye;
            }
            for pairing in &round.pairings {
                let points = self.pairing_points(pairing)?;
                let forfeit = match pairing.game {
                    None => true,
                    Some(game) => self.store.game(game)?.is_some_and(|g| {
                        g.moves.is_empty()
                            || g.status == Status::Aborted
                            || matches!(g.status, Status::Finished { reason: FinishReason::Forfeit, .. })
                    }),
                };
                let forfeit = forfeit && pairing.entered.is_none_or(|_| pairing.game.is_none());
                line[pairing.first] = trf::Played::Game { opponent: pairing.second + 1, white: true, points, forfeit };
                line[pairing.second] = trf::Played::Game {
                    opponent: pairing.first + 1,
                    white: false,
                    points: points.map(|x| 1.0 - x),
                    forfeit,
                };
            }
            results.push(line);
        }
        let title = i18n::text(
            actor.locale,
            &Message::new("calendar-title")
                .num("id", t.id as i64)
                .str("game", game_name(actor.locale, t.kind))
                .str("format", format_name(actor.locale, t.format)),
        );
        let report = trf::write(&t, rounds, &results, &title);
        let file = File { name: format!("tournament-{}.trf", t.id), bytes: report.into_bytes(), description: None };
        let text = i18n::spans(actor.locale, &Message::new("tournament-exported").num("id", t.id as i64));
        Ok(vec![Reply { text, files: vec![file], ..Reply::default() }])
    }
}
