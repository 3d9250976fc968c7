//! Ocencahuac for the search: the candidates the rules engine generates (captures, crownings and jumps first),
//! and a value made of Warriors captured, crowns, activation, royals' advance and stunned pieces.

use super::search::{Node, fnv, result_of};
use crate::games::ocencahuac::{Candidate, Ocencahuac};
use crate::games::{Game, Side};

impl Node for Ocencahuac {
    type Action = Candidate;

    fn actions(&self) -> Vec<Candidate> {
        let mut all = self.candidates();
        all.sort_by_key(|c| (c.captured.is_none(), !c.crowned, std::cmp::Reverse(c.mv.squares.len())));
        all
    }

    fn child(&self, c: &Candidate) -> Ocencahuac {
        self.clone().play_candidate(c.clone())
    }

    fn turn(&self) -> Option<Side> {
        self.to_move()
    }

    fn result(&self) -> i32 {
        result_of(self.outcome())
    }

    fn estimate(&self) -> i32 {
        let board = self.board();
        let side_value = |side: Side| {
            let mut v = 1000 * self.captures(side) as i32;
            if board.activated[side.index()] {
                v += 300;
            }
            for (square, piece) in board.pieces().filter(|(_, p)| p.side == side) {
                if piece.kind.is_royal() {
                    // Towards the far row, where royals are crowned.
                    let advance = if side == Side::First { square.row } else { 7 - square.row };
                    v += if piece.crowned { 150 } else { 12 * i32::from(advance) };
                }
                if piece.stunned {
                    v -= 25;
                }
            }
            v
        };
        side_value(Side::First) - side_value(Side::Second)
    }

    fn key(&self) -> u64 {
        let side = self.to_move().unwrap_or(Side::First);
        fnv(self.board().key(side))
    }
}
