//! Random playouts: uniformly random legal moves to the end of the game, for benchmarks and the computer player
//! to come. The caller's generator draws; the engine never does.

use rand::Rng;

use super::{Epaminondas, Move};
use crate::games::Game;

impl Epaminondas {
    /// Plays uniformly random legal moves until the game ends, telling `on_move` each move; returns the final
    /// position and the plies played.
    pub fn playout<R: Rng + ?Sized>(mut self, rng: &mut R, mut on_move: impl FnMut(Move)) -> (Epaminondas, u32) {
        let mut steps = Vec::with_capacity(256);
        let mut plies = 0;
        while self.to_move().is_some() {
            self.legal_steps(&mut steps);
            let step = steps[rng.random_range(0..steps.len())];
            on_move(Epaminondas::step_to_move(step));
            self.play_step(step);
            plies += 1;
        }
        (self, plies)
    }
}
