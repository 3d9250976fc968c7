//! `/tournament export`: a Swiss or round robin as a FIDE tournament report file, from its rounds and the
//! results of their games (see `trf`).

use crate::i18n::{self, Message};
use crate::pairings::{systems, trf};
use crate::store::tournament::Format;
use crate::table::actor::Actor;
use crate::table::fail::Answer;
use crate::table::naming::{format_name, game_name};
use crate::table::reply::{File, Reply};
use crate::table::write::AtWork;

impl AtWork<'_> {
    /// The tournament as a FIDE tournament report file: a Swiss or a round robin, at any point of it.
    pub(super) fn tournament_export(&self, actor: &Actor, id: Option<crate::store::record::TournamentId>) -> Answer {
        let t = self.find_tournament(actor, id, true)?;
        let rounds = match t.format {
            Format::Swiss { rounds } => rounds as usize,
            Format::RoundRobin { legs } => systems::round_robin(t.entrants.len(), legs as usize).len(),
            Format::Elimination | Format::DoubleElimination => {
                return Err(Message::new("tournament-trf-format").into());
            }
        };
        let results = self.played_rounds(&t)?;
        let title = i18n::text(
            actor.locale,
            &Message::new("calendar-title")
                .num("id", t.id.get() as i64)
                .str("game", game_name(actor.locale, t.kind))
                .str("format", format_name(actor.locale, t.format)),
        );
        let report = trf::write(&t, rounds, &results, &title);
        let file = File { name: format!("tournament-{}.trf", t.id), bytes: report.into_bytes(), description: None };
        let text = i18n::spans(actor.locale, &Message::new("tournament-exported").num("id", t.id.get() as i64));
        Ok(vec![Reply { text, files: vec![file], ..Reply::default() }])
    }
}
