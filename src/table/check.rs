//! `tablero admin check`: every record reads back, every game replays (through the rules) to the state its
//! record says, and the store's indexes point at what they should (rebuilt on request).

use crate::games::{Outcome, Position};
use crate::store::record::{FinishReason, Status};
use crate::table::fail::TableError;
use crate::table::write::AtWork;

/// What a check found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckReport {
    pub games: usize,
    /// Each problem in words.
    pub found: Vec<String>,
    /// How many of them a repair could not mend (a game that does not replay needs a person, or a backup).
    pub unrepaired: usize,
}

impl AtWork<'_> {
    /// Checks the store; with `repair`, rebuilds its indexes (records themselves are never rewritten).
    pub fn check(&self, repair: bool) -> Result<CheckReport, TableError> {
        // A snapshot decodes every record: one that does not read back fails here, with its place.
        let entries = self.store.snapshot()?;
        let mut report = CheckReport::default();
        for entry in &entries {
            let crate::store::backup::Entry::Game { record } = entry else { continue };
            report.games += 1;
            let moves = record.moves.iter().map(|m| m.notation.as_str());
            let problem = match Position::replay(record.kind, &record.options, moves) {
                Err(e) => Some(format!("game {} has options its rules refuse: {e:?}", record.id)),
                Ok(Err((index, e))) => Some(format!("game {} does not replay: move {} ({e:?})", record.id, index + 1)),
                Ok(Ok(position)) => match (record.status, position.outcome()) {
                    (Status::Active, Outcome::Ongoing) => None,
                    (Status::Active, _) => {
                        Some(format!("game {} is over by the rules but stored as going on", record.id))
                    }
                    (Status::Finished { reason: FinishReason::Rules, winner }, outcome) => {
                        let by_rules = match outcome {
                            Outcome::Won(side) => Some(Some(side)),
                            Outcome::Draw => Some(None),
                            Outcome::Ongoing => None,
                        };
                        (by_rules != Some(winner)).then(|| {
                            format!(
                                "game {} is stored as ended by the rules with another result than its moves give",
                                record.id
                            )
                        })
                    }
                    _ => None,
                },
            };
            if let Some(problem) = problem {
                report.found.push(problem);
                report.unrepaired += 1;
            }
        }
        let indexes = self.store.check_indexes(repair)?;
        if !repair {
            report.unrepaired += indexes.len();
        }
        report.found.extend(indexes);
        Ok(report)
    }
}
