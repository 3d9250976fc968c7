//! Hoyito II for the search: the holes a side may sow, the captured seeds as the value, and a little weight for
//! seeds kept in one's own row (they are the next moves) and for the turn (an extra move is worth having).

use super::search::{Node, fnv, result_of};
use crate::games::hoyito::{Hole, Hoyito};
use crate::games::{Game, Side};

impl Node for Hoyito {
    type Action = Hole;

    fn actions(&self) -> Vec<Hole> {
        // Sowings that capture first: the search cuts more, sooner.
        let mut moves: Vec<(u32, Hole)> = self
            .legal_moves()
            .into_iter()
            .map(|h| {
                let gain = self.clone().play(&h).map(|after| after.captured(self.to_move_side())).unwrap_or(0);
                (gain, h)
            })
            .collect();
        moves.sort_by_key(|(gain, h)| (std::cmp::Reverse(*gain), h.0));
        moves.into_iter().map(|(_, h)| h).collect()
    }

    fn child(&self, hole: &Hole) -> Hoyito {
        self.clone().play(hole).unwrap_or_else(|e| e.position)
    }

    fn turn(&self) -> Option<Side> {
        self.to_move()
    }

    fn result(&self) -> i32 {
        result_of(self.outcome())
    }

    fn estimate(&self) -> i32 {
        let captured = self.captured(Side::First) as i32 - self.captured(Side::Second) as i32;
        let n = usize::from(self.n());
        let holes = self.holes();
        let own = |range: std::ops::Range<usize>| holes[range].iter().map(|&s| i32::from(s)).sum::<i32>();
        let rows = own(0..n) - own(n..2 * n);
        let turn = match self.to_move() {
            Some(Side::First) => 15,
            Some(Side::Second) => -15,
            None => 0,
        };
        100 * captured + 3 * rows + turn
    }

    fn key(&self) -> u64 {
        let side = self.to_move().map_or(2, |s| s.index() as u8);
        let captured = self.captured(Side::First).to_le_bytes();
        fnv(self.holes().into_iter().chain(captured).chain([side]))
    }
}

impl Hoyito {
    fn to_move_side(&self) -> Side {
        self.to_move().unwrap_or(Side::First)
    }
}
