//! Playouts: random games to the end, for benchmarks, tests and the computer player to come. `Policy::Uniform`
//! picks among the legal moves uniformly; `Policy::Biased` is the player of rules 4.16: it captures when it can,
//! otherwise advances an uncrowned royal as far as it can, otherwise plays at random.

use rand::Rng;

use super::board::far_row;
use super::{Candidate, Move, Ocencahuac};
use crate::games::Game;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    Uniform,
    Biased,
}

impl Ocencahuac {
    /// Plays to the end with `policy`, telling `on_move` each move; returns the final position.
    pub fn playout<R: Rng + ?Sized>(
        mut self,
        rng: &mut R,
        policy: Policy,
        mut on_move: impl FnMut(&Move),
    ) -> Ocencahuac {
        while let Some(me) = self.to_move() {
            let candidates = self.candidates();
            let chosen = if candidates.is_empty() {
                Candidate::pass(&self.board)
            } else {
                let pool = match policy {
                    Policy::Uniform => candidates,
                    Policy::Biased => preferred(&self, candidates, me),
                };
                pool[rng.random_range(0..pool.len())].clone()
            };
            on_move(&chosen.mv);
            self.apply(chosen);
        }
        self
    }
}

/// Captures; else the moves that bring an uncrowned royal nearest its far row (if any gets nearer); else all.
fn preferred(game: &Ocencahuac, candidates: Vec<Candidate>, me: crate::games::Side) -> Vec<Candidate> {
    let captures: Vec<Candidate> = candidates.iter().filter(|c| c.captured.is_some()).cloned().collect();
    if !captures.is_empty() {
        return captures;
    }
    let goal = i32::from(far_row(me));
    let gain = |c: &Candidate| {
        let from = c.mv.squares[0];
        match game.board.at(from) {
            Some(p) if p.kind.is_royal() && !p.crowned => {
                let to = *c.mv.squares.last().expect("a move has squares");
                (goal - i32::from(from.row)).abs() - (goal - i32::from(to.row)).abs()
            }
            _ => 0,
        }
    };
    let best = candidates.iter().map(gain).max().unwrap_or(0);
    if best > 0 { candidates.into_iter().filter(|c| gain(c) == best).collect() } else { candidates }
}
