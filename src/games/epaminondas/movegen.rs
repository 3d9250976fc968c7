//! Move generation with bitboards (rules 2.3 to 2.6), one direction at a time.
//!
//! For a direction `d`, `own_runs[k]` is the set of squares starting a run of at least `k` friendly pieces along
//! `d`; the tails of groups of exactly `k` are `own_runs[k] & !own_runs[k + 1]`. Their heads are pushed forward
//! one step at a time: a front landing on an empty square is a quiet move and may go on (up to `k` steps); a
//! front landing on an enemy piece is a capture when the enemy run from there is shorter than `k`, and stops.
//! The moves come out as sets of destinations sharing direction, size and distance, so a playout can count them
//! and draw one without listing them all.

use super::board::{Bits, Direction};

/// A move as the generator finds it: the tail's square, the direction, the distance, the group's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub tail: u8,
    pub dir: Direction,
    pub dist: u8,
    pub group: u8,
    pub capture: bool,
}

impl Step {
    /// The padded index of the head's destination.
    pub fn dest(self) -> u8 {
        (i32::from(self.tail) + (i32::from(self.group) - 1 + i32::from(self.dist)) * self.dir.offset()) as u8
    }
}

/// A set of moves sharing a direction, group size, distance and kind, given by their destination squares.
#[derive(Debug, Clone, Copy)]
pub struct Targets {
    pub dests: Bits,
    pub dir: Direction,
    pub group: u8,
    pub dist: u8,
    pub capture: bool,
}

impl Targets {
    /// The move of this set whose head lands on `dest`.
    pub fn step(&self, dest: u8) -> Step {
        let back = (i32::from(self.group) - 1 + i32::from(self.dist)) * self.dir.offset();
        Step {
            tail: (i32::from(dest) - back) as u8,
            dir: self.dir,
            dist: self.dist,
            group: self.group,
            capture: self.capture,
        }
    }
}

/// Calls `visit` with every non-empty set of moves of the side owning `own` against `opp` on the squares of
/// `area`, ignoring the symmetry rule (which needs the position).
#[inline]
pub fn targets(own: Bits, opp: Bits, area: Bits, mut visit: impl FnMut(Targets)) {
    let empty = !(own | opp) & area;
    for dir in Direction::ALL {
        let o = dir.offset();
        // enemy_runs[j]: squares starting a run of at least j enemy pieces along d (index 0 unused).
        let mut enemy_runs = [Bits::EMPTY; 16];
        enemy_runs[1] = opp;
        let mut enemy_known = 1;
        let mut at_least = own;
        let mut k = 1usize;
        while !at_least.is_empty() {
            let longer = own & at_least.shift(-o);
            let tails = at_least & !longer;
            if !tails.is_empty() {
                while enemy_known < k {
                    enemy_runs[enemy_known + 1] = opp & enemy_runs[enemy_known].shift(-o);
                    enemy_known += 1;
                }
                let mut front = tails;
                for _ in 1..k {
                    front = front.shift(o);
                }
                for s in 1..=k {
                    front = front.shift(o);
                    let set =
                        |dests: Bits, capture: bool| Targets { dests, dir, group: k as u8, dist: s as u8, capture };
                    let captures = front & opp & !enemy_runs[k];
                    if !captures.is_empty() {
                        visit(set(captures, true));
                    }
                    front &= empty;
                    if front.is_empty() {
                        break;
                    }
                    visit(set(front, false));
                }
            }
            at_least = longer;
            k += 1;
        }
    }
}

/// Every move of the side owning `own` against `opp`, ignoring the symmetry rule (which needs the position).
pub fn steps(own: Bits, opp: Bits, area: Bits, out: &mut Vec<Step>) {
    targets(own, opp, area, |t| {
        for dest in t.dests.indices() {
            out.push(t.step(dest));
        }
    });
}

/// Whether the side owning `own` has a one-square step somewhere: a piece with an empty neighbour always has
/// one (its group in that direction is itself alone).
pub fn has_a_step(own: Bits, opp: Bits, area: Bits) -> bool {
    let empty = !(own | opp) & area;
    Direction::ALL.into_iter().any(|d| !(own & empty.shift(-d.offset())).is_empty())
}
