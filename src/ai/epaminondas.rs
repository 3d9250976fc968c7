//! Epaminondas for the search: the generator's steps (captures first, long phalanx moves next), and a value made
//! of material, advance towards the far row, pieces already there, and the threat of crossing.

use super::search::{Node, fnv, result_of};
use crate::games::epaminondas::{Epaminondas, Step};
use crate::games::{Game, Side};

impl Node for Epaminondas {
    type Action = Step;

    fn actions(&self) -> Vec<Step> {
        let mut steps = Vec::with_capacity(256);
        self.legal_steps(&mut steps);
        steps.sort_by_key(|s| (!s.capture, std::cmp::Reverse(s.group), std::cmp::Reverse(s.dist)));
        steps
    }

    fn child(&self, step: &Step) -> Epaminondas {
        let mut next = self.clone();
        next.play_step(*step);
        next
    }

    fn turn(&self) -> Option<Side> {
        self.to_move()
    }

    fn result(&self) -> i32 {
        result_of(self.outcome())
    }

    fn estimate(&self) -> i32 {
        let side_value = |side: Side| {
            let pieces = self.pieces(side);
            // Ranks advanced from the side's own home row (White's is rank 1, Black's the last).
            let last = self.ranks() - 1;
            let advance: i32 = pieces
                .iter()
                .map(|s| i32::from(if side == Side::First { s.rank } else { last - s.rank }))
                .map(|a| a * a)
                .sum();
            100 * pieces.len() as i32 + advance + 250 * self.on_far_row(side) as i32
        };
        side_value(Side::First) - side_value(Side::Second)
    }

    fn key(&self) -> u64 {
        let side = self.to_move().map_or(2u8, |s| s.index() as u8);
        let squares = |s: Side| self.pieces(s).into_iter().flat_map(|q| [q.file, q.rank]).chain([0xff]);
        fnv(squares(Side::First).chain(squares(Side::Second)).chain([side]))
    }
}
