//! Move generation with bitboards (rules 2.3 to 2.6), one direction at a time.
//!
//! For a direction `d`, `own_runs[k]` is the set of squares starting a run of at least `k` friendly pieces along
//! `d`; the tails of groups of exactly `k` are `own_runs[k] & !own_runs[k + 1]`. Their heads are pushed forward
//! one step at a time: a front landing on an empty square is a quiet move and may go on (up to `k` steps); a
//! front landing on an enemy piece is a capture when the enemy run from there is shorter than `k`, and stops.

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

/// Every move of the side owning `own` against `opp`, ignoring the symmetry rule (which needs the position).
pub fn steps(own: Bits, opp: Bits, out: &mut Vec<Step>) {
    let empty = !(own | opp);
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
                    let back = (k - 1 + s) as i32 * o;
                    let push = |targets: Bits, capture: bool, out: &mut Vec<Step>| {
                        for x in targets.indices() {
                            let tail = (i32::from(x) - back) as u8;
                            out.push(Step { tail, dir, dist: s as u8, group: k as u8, capture });
                        }
                    };
                    push(front & opp & !enemy_runs[k], true, out);
                    front &= empty;
                    push(front, false, out);
                    if front.is_empty() {
                        break;
                    }
                }
            }
            at_least = longer;
            k += 1;
        }
    }
}

/// Whether the side owning `own` has a one-square step somewhere: a piece with an empty neighbour always has
/// one (its group in that direction is itself alone).
pub fn has_a_step(own: Bits, opp: Bits) -> bool {
    let empty = !(own | opp);
    Direction::ALL.into_iter().any(|d| !(own & empty.shift(-d.offset())).is_empty())
}
