//! Perft: the number of move sequences of a given length, the standard check of a move generator against the
//! reference counts of rules 2.11.

use super::Epaminondas;

impl Epaminondas {
    /// The number of legal move sequences of `depth` plies from this position.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        if depth == 1 {
            return steps.len() as u64;
        }
        steps
            .iter()
            .map(|&step| {
                let mut next = self.clone();
                next.play_step(step);
                next.perft(depth - 1)
            })
            .sum()
    }
}
