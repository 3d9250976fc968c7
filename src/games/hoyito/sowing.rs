//! Sowing, relay, capture: the mechanics of one Hoyito II move on a bare board (rules 3.2 to 3.4 and 3.8 point 3).
//!
//! A move is a sequence of laps. Each lap lifts one hole and sows it counter-clockwise (`next(i) = i+1 mod 2n`);
//! the last seed decides: exactly 4 captures, 1 (an empty hole) ends the move, anything else relays. A sowing can
//! cycle for ever; that is detected with Brent's algorithm over the states (board, hole about to be lifted), in
//! constant memory.
//!
//! The board is three 64-bit words of eight one-byte holes, so a lap is a table look-up and three additions that
//! stay in registers (no count can overflow into its neighbour: a board never holds more than 96 seeds).

/// The largest board: 2 x 12 holes.
pub const MAX_HOLES: usize = 24;

/// The holes' seed counts, eight to a word; holes past the board's size are always empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board([u64; 3]);

impl Board {
    pub fn from_holes(holes: &[u8]) -> Board {
        let mut bytes = [0u8; MAX_HOLES];
        bytes[..holes.len()].copy_from_slice(holes);
        let word = |i: usize| u64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().expect("8 bytes"));
        Board([word(0), word(1), word(2)])
    }

    /// The first `size` holes.
    pub fn holes(&self, size: usize) -> Vec<u8> {
        (0..size).map(|i| self.get(i)).collect()
    }

    /// Selects without indexing, so the words can stay in registers.
    #[inline(always)]
    fn word(&self, hole: usize) -> u64 {
        let [a, b, c] = self.0;
        if hole < 8 {
            a
        } else if hole < 16 {
            b
        } else {
            c
        }
    }

    #[inline(always)]
    pub fn get(&self, hole: usize) -> u8 {
        (self.word(hole) >> (8 * (hole % 8))) as u8
    }

    /// Adds word by word, wrapping: exact whenever every resulting count fits its byte.
    #[inline(always)]
    fn add(&mut self, [a, b, c]: [u64; 3]) {
        let [x, y, z] = self.0;
        self.0 = [x.wrapping_add(a), y.wrapping_add(b), z.wrapping_add(c)];
    }

    /// Takes `seeds` from `hole` (which holds at least that many).
    #[inline(always)]
    fn sub_at(&mut self, hole: usize, seeds: u64) {
        let x = seeds << (8 * (hole % 8));
        let pick = |word: usize| if hole / 8 == word { x } else { 0 };
        self.add([pick(0).wrapping_neg(), pick(1).wrapping_neg(), pick(2).wrapping_neg()]);
    }

    #[inline(always)]
    fn clear(&mut self, hole: usize) {
        let seeds = u64::from(self.get(hole));
        self.sub_at(hole, seeds);
    }

    /// The holes holding seeds, as a bit mask (bit i for hole i), eight holes at a time.
    #[inline(always)]
    pub fn nonempty(&self) -> u32 {
        let [a, b, c] = self.0;
        nonzero_bytes(a) | nonzero_bytes(b) << 8 | nonzero_bytes(c) << 16
    }
}

/// Bit k set when byte k of `x` is not zero.
#[inline(always)]
fn nonzero_bytes(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // The high bit of each byte: set when the byte is not zero (no carry crosses bytes).
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Gather the eight high bits into one byte.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// How a move's sowing ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sowing {
    /// The hole where the last seed of the last lap fell.
    pub last: usize,
    pub laps: u32,
    /// The last seed made a four (else it fell into an empty hole).
    pub captures: bool,
}

/// Sows the hole `start` of `board` (the first `size` entries are the holes) to the end of the move, relaying as
/// the rules say. Returns `None`, leaving `board` in some intermediate state, when the sowing never ends.
#[inline]
pub fn sow(board: &mut Board, size: usize, start: usize, skip_origin: bool) -> Option<Sowing> {
    // Nearly every sowing ends within a few laps: play those plainly, and look for a cycle only after that.
    const PLAIN_LAPS: u32 = 32;
    let (mut pos, mut hand) = (start, board.get(start));
    for laps in 1..=PLAIN_LAPS {
        let (last, count) = lap(board, size, pos, hand, skip_origin);
        if count == 1 || count == 4 {
            return Some(Sowing { last, laps, captures: count == 4 });
        }
        (pos, hand) = (last, count);
    }
    // Brent's cycle detection from here on: `saved` is the tortoise, refreshed at powers of two.
    let mut laps = PLAIN_LAPS;
    let mut saved = (*board, pos);
    let mut power = 1u32;
    let mut steps = 0u32;
    loop {
        let (last, count) = lap(board, size, pos, hand, skip_origin);
        laps += 1;
        if count == 1 || count == 4 {
            return Some(Sowing { last, laps, captures: count == 4 });
        }
        (pos, hand) = (last, count);
        if pos == saved.1 && *board == saved.0 {
            return None;
        }
        steps += 1;
        if steps == power {
            saved = (*board, pos);
            power = power.saturating_mul(2);
            steps = 0;
        }
    }
}

/// Whether sowing `start` certainly ends after its first lap, decided without sowing: the lap does not come
/// back round, and its last seed falls into an empty hole or makes a four. `false` means "unknown".
pub fn ends_in_one_lap(board: &Board, size: usize, start: usize, skip_origin: bool) -> bool {
    let hand = usize::from(board.get(start));
    if hand == 0 {
        false
    } else if hand < size {
        let last = if start + hand >= size { start + hand - size } else { start + hand };
        matches!(board.get(last), 0 | 3)
    } else {
        // Exactly one round without skipping: the last seed falls into the emptied origin.
        hand == size && !skip_origin
    }
}

/// `LAPS[board][origin][hand]`: what lifting `hand` seeds from `origin` and sowing them (at most one round)
/// changes, as one wrapping addition per word (the origin's byte goes down by `hand`, each sown hole up by one),
/// for the 2x6 board (`board` 0) and the 2x12 board (`board` 1). The sum is exact because every resulting count
/// fits its byte. A lap is then one table look-up and three additions, with no loop whose length the processor
/// must guess.
static LAPS: [[[[u64; 3]; MAX_HOLES + 1]; MAX_HOLES]; 2] = [laps(12), laps(24)];

/// One seed in each of the first `size` holes, by word.
static ONES: [[u64; 3]; 2] = [ones(12), ones(24)];

const fn ones(size: usize) -> [u64; 3] {
    let mut words = [0u64; 3];
    let mut hole = 0;
    while hole < size {
        words[hole / 8] += 1 << (8 * (hole % 8));
        hole += 1;
    }
    words
}

const fn laps(size: usize) -> [[[u64; 3]; MAX_HOLES + 1]; MAX_HOLES] {
    let mut table = [[[0u64; 3]; MAX_HOLES + 1]; MAX_HOLES];
    let mut origin = 0;
    while origin < size {
        let mut hand = 1;
        while hand <= size {
            let words = &mut table[origin][hand];
            words[origin / 8] = words[origin / 8].wrapping_sub((hand as u64) << (8 * (origin % 8)));
            let mut seed = 1;
            while seed <= hand {
                let hole = (origin + seed) % size;
                words[hole / 8] = words[hole / 8].wrapping_add(1 << (8 * (hole % 8)));
                seed += 1;
            }
            hand += 1;
        }
        origin += 1;
    }
    table
}

/// Lifts the `hand` seeds of `origin` and sows them one per hole from the next hole on; returns the last hole
/// sown and the count it now holds. Inlined, so that the board stays in registers across laps.
#[inline(always)]
fn lap(board: &mut Board, size: usize, origin: usize, hand: u8, skip_origin: bool) -> (usize, u8) {
    debug_assert_eq!(board.get(origin), hand);
    let table = usize::from(size == MAX_HOLES);
    let mut hand = usize::from(hand);
    let round = if skip_origin { size - 1 } else { size };
    if hand > round {
        // Whole rounds first: every hole of the round gets `whole` seeds, and the origin keeps the rest of the
        // hand (plus its own share when it is not skipped) for the last pass below, which decides the last hole.
        let whole = (hand - 1) / round;
        let [a, b, c] = ONES[table];
        let w = whole as u64;
        board.add([w * a, w * b, w * c]);
        let taken = whole * round + if skip_origin { whole } else { 0 };
        board.sub_at(origin, taken as u64);
        hand -= whole * round;
    }
    board.add(LAPS[table][origin][hand]);
    let last = if origin + hand >= size { origin + hand - size } else { origin + hand };
    (last, board.get(last))
}

/// Takes the four in `last` and the unbroken run of fours before it (rules 3.4). Returns the seeds taken and a
/// bit mask of the holes emptied.
pub fn capture(board: &mut Board, size: usize, last: usize) -> (u32, u32) {
    debug_assert_eq!(board.get(last), 4);
    let mut taken = 0;
    let mut mask = 0u32;
    let mut q = last;
    while board.get(q) == 4 {
        board.clear(q);
        taken += 4;
        mask |= 1 << q;
        q = if q == 0 { size - 1 } else { q - 1 };
    }
    (taken, mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lap_equals_seed_by_seed_sowing() {
        for skip in [false, true] {
            for seeds in 1..60u8 {
                for origin in 0..12 {
                    let mut slow = [1, 2, 0, 3, 1, 0, 2, 5, 1, 0, 0, 4];
                    slow[origin] = seeds;
                    let mut fast = Board::from_holes(&slow);
                    let (last_fast, count) = lap(&mut fast, 12, origin, seeds, skip);
                    // Reference: one seed at a time.
                    let mut hand = slow[origin];
                    slow[origin] = 0;
                    let mut pos = origin;
                    while hand > 0 {
                        pos = (pos + 1) % 12;
                        if skip && pos == origin {
                            continue;
                        }
                        slow[pos] += 1;
                        hand -= 1;
                    }
                    assert_eq!(fast.holes(12), slow, "skip={skip} seeds={seeds} origin={origin}");
                    assert_eq!((last_fast, count), (pos, slow[pos]));
                }
            }
        }
    }

    #[test]
    fn the_one_lap_shortcut_agrees_with_sowing() {
        let mut seen = 0;
        for skip in [false, true] {
            for seeds in 0..30u8 {
                for origin in 0..12 {
                    let mut holes = [1, 3, 0, 3, 1, 0, 2, 5, 1, 0, 3, 4];
                    holes[origin] = seeds;
                    let b = Board::from_holes(&holes);
                    if ends_in_one_lap(&b, 12, origin, skip) {
                        seen += 1;
                        let sown = sow(&mut b.clone(), 12, origin, skip).expect("ends");
                        assert_eq!(sown.laps, 1, "skip={skip} seeds={seeds} origin={origin}");
                    }
                }
            }
        }
        assert!(seen > 50);
    }

    #[test]
    fn nonempty_masks_match_the_board() {
        let holes = [1, 0, 255, 0, 0, 7, 0, 0, 128, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 9];
        let expected = holes.iter().enumerate().filter(|(_, s)| **s > 0).fold(0u32, |m, (i, _)| m | 1 << i);
        assert_eq!(Board::from_holes(&holes).nonempty(), expected);
        assert_eq!(Board::default().nonempty(), 0);
    }

    #[test]
    fn the_perpetual_relay_of_rules_3_8_never_ends() {
        let mut b = Board::from_holes(&[1, 0, 1, 2, 0, 2, 1, 0, 2, 1, 0, 2]);
        assert_eq!(sow(&mut b, 12, 3, false), None);
    }

    #[test]
    fn capture_chain_stops_at_the_first_hole_not_holding_four() {
        let mut b = Board::from_holes(&[2, 0, 1, 0, 0, 4, 4, 4, 5, 0, 6, 6]);
        assert_eq!(capture(&mut b, 12, 7), (12, 0b1110_0000));
        assert_eq!(b.holes(12), [2, 0, 1, 0, 0, 0, 0, 0, 5, 0, 6, 6]);
    }
}
