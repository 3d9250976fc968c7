//! Random playouts: uniformly random moves to the end of the game, for benchmarks and the computer players to
//! come. The rules are exactly those of [`Game::play`](crate::games::Game::play); only the order of work
//! differs: instead of proving after every move that the next side has a sowing that ends (which costs a
//! simulation), the next side tries its holes in random order and passes if none ends (rules 3.8 point 3).
//! The random generator is the caller's: the engine itself never draws.

use rand::Rng;

use super::{End, Hole, Hoyito, sowing};

impl Hoyito {
    /// Plays uniformly random legal moves until the game ends, telling `on_move` each hole played.
    pub fn playout<R: Rng + ?Sized>(mut self, rng: &mut R, mut on_move: impl FnMut(Hole)) -> Hoyito {
        let n = usize::from(self.options.holes);
        let (size, skip) = (2 * n, self.options.skip_origin);
        // Sides in a row found without a move: two means neither can move.
        let mut stuck = 0;
        // The board is kept here as well as in `self`, so each move starts from registers.
        let mut current = self.board;
        let row = (1u32 << n) - 1;
        while self.end.is_none() {
            let base = self.to_move.index() * n;
            let mut candidates = (current.nonempty() >> base) & row;
            let mut moved = false;
            while candidates != 0 {
                let k = nth_bit(candidates, rng.random_range(0..bit_count(candidates)));
                let mut board = current;
                match sowing::sow(&mut board, size, base + k, skip) {
                    Some(sown) => {
                        let hole = Hole(k as u8 + 1);
                        on_move(hole);
                        // A side with an empty row simply finds no candidate below and passes.
                        if let Some(next) = self.settle(hole, &mut board, sown) {
                            self.to_move = next;
                        }
                        current = board;
                        moved = true;
                        break;
                    }
                    None => candidates &= !(1 << k),
                }
            }
            if moved {
                stuck = 0;
            } else {
                stuck += 1;
                if stuck == 2 {
                    self.end = Some(End::NoMoves);
                } else {
                    self.to_move = self.to_move.other();
                }
            }
        }
        self
    }
}

/// `NTH_BIT[mask][i]`: the position of the i-th set bit of a 6-bit mask (a 2x6 row), looked up rather than
/// searched, since a search's length is random and costs a mispredicted branch.
static NTH_BIT: [[u8; 6]; 64] = nth_bits();

const fn nth_bits() -> [[u8; 6]; 64] {
    let mut table = [[0; 6]; 64];
    let mut mask = 0;
    while mask < 64 {
        let (mut bit, mut found) = (0, 0);
        while bit < 6 {
            if mask & (1 << bit) != 0 {
                table[mask][found] = bit as u8;
                found += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
}

/// `BIT_COUNT[mask]` for 6-bit masks: the baseline x86-64 target has no popcount instruction, and the portable
/// fallback costs more than this look-up.
static BIT_COUNT: [u8; 64] = bit_counts();

const fn bit_counts() -> [u8; 64] {
    let mut table = [0; 64];
    let mut mask = 0;
    while mask < 64 {
        table[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    table
}

fn bit_count(mask: u32) -> u32 {
    if mask < 64 { u32::from(BIT_COUNT[mask as usize]) } else { mask.count_ones() }
}

/// The position of the `i`-th set bit of `mask` (counting from 0).
fn nth_bit(mask: u32, i: u32) -> usize {
    if mask < 64 {
        return usize::from(NTH_BIT[mask as usize][i as usize]);
    }
    let mut bits = mask;
    for _ in 0..i {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as usize
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;
    use crate::games::Game;
    use crate::games::hoyito::Options;

    #[test]
    fn nth_bit_finds_each_set_bit() {
        for mask in 1..4096u32 {
            let expected: Vec<usize> = (0..12).filter(|b| mask & (1 << b) != 0).collect();
            let found: Vec<usize> = (0..mask.count_ones()).map(|i| nth_bit(mask, i)).collect();
            assert_eq!(found, expected, "mask {mask:b}");
        }
    }

    #[test]
    fn a_playout_is_a_game_that_play_accepts_move_by_move() {
        for (seed, options) in (0..300).map(|s| (s, Options { skip_origin: s % 3 == 0, ..Options::default() })) {
            let mut holes = Vec::new();
            let end = Hoyito::new(&options).playout(&mut SmallRng::seed_from_u64(seed), |h| holes.push(h));
            let mut replay = Hoyito::new(&options);
            for h in &holes {
                replay = replay.play(h).unwrap_or_else(|e| panic!("seed {seed}: {h} refused: {:?}", e.reason));
            }
            assert_eq!(replay.to_move(), None, "seed {seed}: the playout ended where play ends");
            assert_eq!((replay.holes(), replay.captured, replay.end), (end.holes(), end.captured, end.end));
            assert_eq!(replay.outcome(), end.outcome());
        }
    }
}
