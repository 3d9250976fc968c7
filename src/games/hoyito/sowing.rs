//! Sowing, relay, capture: the mechanics of one Hoyito II move on a bare board (rules 3.2 to 3.4 and 3.8 point 3).
//!
//! A move is a sequence of laps. Each lap lifts one hole and sows it counter-clockwise (`next(i) = i+1 mod 2n`);
//! the last seed decides: exactly 4 captures, 1 (an empty hole) ends the move, anything else relays. A sowing can
//! cycle for ever; that is detected with Brent's algorithm over the states (board, hole about to be lifted), in
//! constant memory.

/// The largest board: 2 x 12 holes.
pub const MAX_HOLES: usize = 24;

pub type Board = [u8; MAX_HOLES];

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
pub fn sow(board: &mut Board, size: usize, start: usize, skip_origin: bool) -> Option<Sowing> {
    // Nearly every sowing ends within a few laps: play those plainly, and look for a cycle only after that.
    const PLAIN_LAPS: u32 = 32;
    let mut pos = start;
    for laps in 1..=PLAIN_LAPS {
        let (last, count) = lap(board, size, pos, skip_origin);
        if count == 1 || count == 4 {
            return Some(Sowing { last, laps, captures: count == 4 });
        }
        pos = last;
    }
    // Brent's cycle detection from here on: `saved` is the tortoise, refreshed at powers of two.
    let mut laps = PLAIN_LAPS;
    let mut saved = (*board, pos);
    let mut power = 1u32;
    let mut steps = 0u32;
    loop {
        let (last, count) = lap(board, size, pos, skip_origin);
        laps += 1;
        if count == 1 || count == 4 {
            return Some(Sowing { last, laps, captures: count == 4 });
        }
        pos = last;
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
    let hand = usize::from(board[start]);
    if hand == 0 {
        false
    } else if hand < size {
        let last = if start + hand >= size { start + hand - size } else { start + hand };
        matches!(board[last], 0 | 3)
    } else {
        // Exactly one round without skipping: the last seed falls into the emptied origin.
        hand == size && !skip_origin
    }
}

/// Lifts every seed of `origin` and sows them one per hole from the next hole on; returns the last hole sown and
/// the count it now holds.
fn lap(board: &mut Board, size: usize, origin: usize, skip_origin: bool) -> (usize, u8) {
    let mut hand = usize::from(board[origin]);
    board[origin] = 0;
    // Whole rounds first: every hole of the round gets `whole` seeds.
    let round = if skip_origin { size - 1 } else { size };
    if hand > round {
        // Leave between 1 and `round` seeds for the last pass, which decides the last hole.
        let whole = (hand - 1) / round;
        for (i, hole) in board[..size].iter_mut().enumerate() {
            if !(skip_origin && i == origin) {
                *hole += whole as u8;
            }
        }
        hand -= whole * round;
    }
    // Now hand <= round, so this last pass never comes back to the origin when it is skipped. Seed by seed:
    // most laps are a few seeds long, where a plain loop beats anything cleverer.
    let mut pos = origin;
    for _ in 0..hand {
        pos += 1;
        if pos == size {
            pos = 0;
        }
        board[pos] += 1;
    }
    (pos, board[pos])
}

/// Takes the four in `last` and the unbroken run of fours before it (rules 3.4). Returns the seeds taken and a
/// bit mask of the holes emptied.
pub fn capture(board: &mut Board, size: usize, last: usize) -> (u32, u32) {
    debug_assert_eq!(board[last], 4);
    let mut taken = 0;
    let mut mask = 0u32;
    let mut q = last;
    while board[q] == 4 {
        board[q] = 0;
        taken += 4;
        mask |= 1 << q;
        q = if q == 0 { size - 1 } else { q - 1 };
    }
    (taken, mask)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(holes: &[u8]) -> Board {
        let mut b = [0; MAX_HOLES];
        b[..holes.len()].copy_from_slice(holes);
        b
    }

    #[test]
    fn whole_rounds_equal_seed_by_seed_sowing() {
        for skip in [false, true] {
            for seeds in 0..60u8 {
                for origin in 0..12 {
                    let mut fast = board(&[1, 2, 0, 3, 1, 0, 2, 5, 1, 0, 0, 4]);
                    fast[origin] = seeds;
                    let mut slow = fast;
                    let (last_fast, count) = lap(&mut fast, 12, origin, skip);
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
                    assert_eq!(fast, slow, "skip={skip} seeds={seeds} origin={origin}");
                    assert_eq!(last_fast, pos);
                    if seeds > 0 {
                        assert_eq!(count, fast[last_fast]);
                    }
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
                    let mut b = board(&[1, 3, 0, 3, 1, 0, 2, 5, 1, 0, 3, 4]);
                    b[origin] = seeds;
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
    fn the_perpetual_relay_of_rules_3_8_never_ends() {
        let mut b = board(&[1, 0, 1, 2, 0, 2, 1, 0, 2, 1, 0, 2]);
        assert_eq!(sow(&mut b, 12, 3, false), None);
    }

    #[test]
    fn capture_chain_stops_at_the_first_hole_not_holding_four() {
        let mut b = board(&[2, 0, 1, 0, 0, 4, 4, 4, 5, 0, 6, 6]);
        assert_eq!(capture(&mut b, 12, 7), (12, 0b1110_0000));
        assert_eq!(&b[..12], &[2, 0, 1, 0, 0, 0, 0, 0, 5, 0, 6, 6]);
    }
}
