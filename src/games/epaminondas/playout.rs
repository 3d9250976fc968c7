//! Random playouts: uniformly random legal moves to the end of the game, for benchmarks and the computer player
//! to come. The caller's generator draws; the engine never does.

use rand::Rng;

use super::{Epaminondas, Move, movegen};
use crate::games::Game;

impl Epaminondas {
    /// Plays uniformly random legal moves until the game ends, telling `on_move` each move; returns the final
    /// position and the plies played.
    pub fn playout<R: Rng + ?Sized>(mut self, rng: &mut R, mut on_move: impl FnMut(Move)) -> (Epaminondas, u32) {
        let mut steps = Vec::with_capacity(256);
        let mut sets = Vec::with_capacity(64);
        let mut plies = 0;
        while self.to_move().is_some() {
            let step = if self.symmetry_applies() {
                // Rare: the symmetry rule needs every move tried, so list them.
                self.legal_steps(&mut steps);
                steps[rng.random_range(0..steps.len())]
            } else {
                // Count the moves set by set and draw one, without listing them.
                sets.clear();
                let me = self.to_move.index();
                movegen::targets(self.pieces[me], self.pieces[1 - me], self.area(), |t| {
                    sets.push((t, t.dests.count()))
                });
                let total: u32 = sets.iter().map(|(_, n)| n).sum();
                let mut pick = rng.random_range(0..total);
                let (set, _) = sets
                    .iter()
                    .find(|(_, n)| {
                        if pick < *n {
                            true
                        } else {
                            pick -= n;
                            false
                        }
                    })
                    .expect("a move");
                let dest = set.dests.indices().nth(pick as usize).expect("a square of the set");
                set.step(dest)
            };
            on_move(Epaminondas::step_to_move(step));
            self.play_step(step);
            plies += 1;
        }
        (self, plies)
    }
}
