//! The Dutch pairing of one round. Each possible pair gets a weight whose bit fields, from the most significant
//! down, are the rules' criteria in their order of priority (completing the round, the bye, pairing as many and
//! as high scores as possible in the current bracket and the next, colours, repeated floats, then room for the
//! order of transpositions and exchanges); a maximum weight matching over every player then satisfies them all at
//! once. Brackets are settled from the top score down: which moved-down players are paired and with whom, then
//! which residents are exchanged between the two halves and who meets whom, each choice fixed by nudging weights
//! and matching again. This follows bbpPairings' Dutch engine step for step, so the two pair identically.

use std::collections::HashMap;

use super::wide::{Weight, Wide};
use super::{Colour, Tournament};

/// The widest weight the engine computes with, in bits.
pub const MAX_WEIGHT_BITS: u32 = 128 * 64;

/// Why a round has no pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoPairing {
    /// No pairing satisfies the absolute criteria (no rematches, no third colour in a row or colour difference
    /// of three, at most one bye and only to a player who may have it).
    Absolute,
    /// The field's weights would need more bits than the engine computes with (far beyond any field the limits
    /// allow).
    TooLarge { bits: u32 },
}

/// The next round of `t` (prepared): pairs as (white, black) ids in FIDE's board order, then the bye as (id, id).
pub fn pair(t: &Tournament) -> Result<Vec<(usize, usize)>, NoPairing> {
    let plan = Plan::new(t);
    if plan.sorted.is_empty() {
        return Ok(Vec::new());
    }
    // The weights' width: every field of the weight, two bits over the top, and room for the duals' sums.
    // A field of 1,000 players each with a score of their own needs about 6,200 bits; a weight that would not
    // fit is refused, never cut.
    let bits = plan.weight_bits() + 8;
    let pairs = match bits {
        0..=128 => plan.run::<2>(),
        129..=256 => plan.run::<4>(),
        257..=512 => plan.run::<8>(),
        513..=1024 => plan.run::<16>(),
        1025..=2048 => plan.run::<32>(),
        2049..=4096 => plan.run::<64>(),
        4097..=MAX_WEIGHT_BITS => plan.run::<128>(),
        _ => return Err(NoPairing::TooLarge { bits }),
    }?;
    Ok(super::sides::board_order(t, pairs))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Float {
    Down,
    Up,
    None,
}

/// The bits of the largest weight, from the bits of the largest score group's size (`g`), those of every score
/// group's size together (`s`), and the rounds played.
fn weight_bits(g: u32, s: u32, played: usize) -> u32 {
    let mut bits = 2 + g + s + g + s + 2 * g + 4 * g;
    if played >= 1 {
        bits += 2 * g + 2 * s;
    }
    if played >= 2 {
        bits += 2 * g + 2 * s;
    }
    bits + 3 * g + 1 + 2
}

/// A set of pairs of players, one bit a pair: a field of 1,000 takes 125 KB however many forbidden groups a file
/// lists.
struct Pairs {
    n: usize,
    bits: Vec<u64>,
}

impl Pairs {
    fn new(n: usize) -> Pairs {
        Pairs { n, bits: vec![0; (n * n).div_ceil(64)] }
    }

    /// Both ways; a pair naming no player of the field is ignored.
    fn insert(&mut self, a: usize, b: usize) {
        if a < self.n && b < self.n {
            for k in [a * self.n + b, b * self.n + a] {
                self.bits[k / 64] |= 1 << (k % 64);
            }
        }
    }

    fn contains(&self, a: usize, b: usize) -> bool {
        let k = a * self.n + b;
        a < self.n && b < self.n && self.bits[k / 64] & (1 << (k % 64)) != 0
    }
}

fn bits_for(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

pub(super) struct Plan<'a> {
    pub(super) t: &'a Tournament,
    /// Ids of the players to pair, by score (highest first) then rank.
    pub(super) sorted: Vec<usize>,
    forbidden: Pairs,
    /// The bit each score group takes in the fields that count players by score.
    group_shift: HashMap<u32, u32>,
    pub(super) groups_bits: u32,
    pub(super) group_size_bits: u32,
}

impl<'a> Plan<'a> {
    fn new(t: &'a Tournament) -> Self {
        let n = t.players.len();
        let mut forbidden = Pairs::new(n);
        for group in &t.forbidden {
            for &a in group {
                for &b in group {
                    forbidden.insert(a, b);
                }
            }
        }
        let mut sorted = Vec::new();
        for player in &t.players {
            if !player.valid {
                continue;
            }
            if player.matches.len() <= t.played {
                sorted.push(player.id);
            }
            for m in &player.matches {
                if m.played {
                    forbidden.insert(player.id, m.opponent);
                }
            }
        }
        sorted.sort_by(|&a, &b| t.score(b).cmp(&t.score(a)).then(t.players[a].rank.cmp(&t.players[b].rank)));
        let mut group_shift = HashMap::new();
        let (mut groups_bits, mut largest, mut run) = (0u32, 0usize, 0usize);
        for k in (0..sorted.len()).rev() {
            run += 1;
            let score = t.score(sorted[k]);
            if k == 0 || score < t.score(sorted[k - 1]) {
                group_shift.insert(score, groups_bits);
                largest = largest.max(run);
                groups_bits += bits_for(run);
                run = 0;
            }
        }
        Plan { t, sorted, forbidden, group_shift, groups_bits, group_size_bits: bits_for(largest) }
    }

    pub(super) fn score(&self, p: usize) -> u32 {
        self.t.score(p)
    }

    pub(super) fn shift_of(&self, p: usize) -> u32 {
        self.group_shift[&self.score(p)]
    }

    /// The bits of the largest weight.
    fn weight_bits(&self) -> u32 {
        weight_bits(self.group_size_bits, self.groups_bits, self.t.played)
    }

    /// May meet without breaking an absolute criterion: not met before nor forbidden, and not both needing the
    /// same colour (unless, in the last round, one of them has more than half the possible points).
    pub(super) fn compatible(&self, a: usize, b: usize) -> bool {
        let t = self.t;
        let (pa, pb) = (&t.players[a], &t.players[b]);
        let top = (t.played as u32 * t.points.win.max(t.points.draw)) >> 1;
        !self.forbidden.contains(a, b)
            && (!pa.absolute_preference()
                || !pb.absolute_preference()
                || pa.preference() != pb.preference()
                || (t.played + 1 >= t.rounds && (self.score(a) > top || self.score(b) > top)))
    }

    fn float(&self, p: usize, back: usize) -> Float {
        let t = self.t;
        let player = &t.players[p];
        let m = &player.matches[t.played - back];
        if !m.played {
            return if t.points_of(player, m) > t.points.loss { Float::Down } else { Float::None };
        }
        let (own, theirs) = (t.score_back(p, back), t.score_back(m.opponent, back));
        match own.cmp(&theirs) {
            std::cmp::Ordering::Greater => Float::Down,
            std::cmp::Ordering::Less => Float::Up,
            std::cmp::Ordering::Equal => Float::None,
        }
    }

    fn bye_candidate(&self, p: usize, bye_score: u32) -> bool {
        self.t.eligible_for_bye(p) && self.score(p) <= bye_score
    }

    /// The colour fields: each 1 when the pair satisfies that colour criterion (only within the current bracket).
    fn colour_bits<const N: usize>(&self, mut r: Wide<N>, player: usize, opponent: usize, current: bool) -> Wide<N> {
        let g = self.group_size_bits;
        let (p, o) = (&self.t.players[player], &self.t.players[opponent]);
        let bit = |x: bool| u64::from(current && x);
        r = r
            .shifted(g)
            .or_u64(bit(!p.absolute_imbalance() || !o.absolute_imbalance() || p.preference() != o.preference()));
        let repeated_ok = if p.imbalance == o.imbalance {
            p.repeated() == Colour::None || p.repeated() != o.repeated()
        } else {
            let fewer = if p.imbalance > o.imbalance { o } else { p };
            fewer.repeated() != p.preference().invert()
        };
        r = r.shifted(g).or_u64(bit(!p.absolute_preference()
            || !o.absolute_preference()
            || p.preference() != o.preference()
            || repeated_ok));
        r = r.shifted(g).or_u64(bit(Colour::compatible(p.preference(), o.preference())));
        r.shifted(g).or_u64(bit((!p.strong && !p.absolute_preference())
            || (!o.strong && !o.absolute_preference())
            || (p.absolute_preference() && o.absolute_preference())
            || p.preference() != o.preference()))
    }

    /// The weight of `higher` meeting `lower` (zero: they may not meet).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn edge<const N: usize>(
        &self,
        higher: usize,
        lower: usize,
        in_current: bool,
        in_next: bool,
        bye_score: u32,
        single_downfloater_bye: bool,
        unplayed_ranks: &HashMap<usize, usize>,
    ) -> Wide<N> {
        if !self.compatible(higher, lower) {
            return Wide::zero();
        }
        let (g, s) = (self.group_size_bits, self.groups_bits);
        let one = |shift: u32| Wide::<N>::from_u64(1).shifted(shift);
        let (sh, sl) = (self.score(higher), self.score(lower));
        let mut r = Wide::<N>::from_u64(
            1 + u64::from(!self.bye_candidate(higher, bye_score)) + u64::from(!self.bye_candidate(lower, bye_score)),
        );
        r = r.shifted(g).or_u64(u64::from(in_current));
        r = r.shifted(s);
        if in_current {
            r = r + one(self.shift_of(higher));
        }
        r = r.shifted(g).or_u64(u64::from(in_next));
        r = r.shifted(s);
        if in_next {
            r = r + one(self.shift_of(higher));
        }
        r = r.shifted(g).shifted(g);
        if single_downfloater_bye {
            if sh == bye_score {
                r = r.offset(unplayed_ranks[&self.t.players[higher].played_games] as i64);
            }
            if sl == bye_score {
                r = r.offset(unplayed_ranks[&self.t.players[lower].played_games] as i64);
            }
        }
        r = self.colour_bits(r, lower, higher, in_current);
        for back in 1..=2 {
            if self.t.played < back {
                break;
            }
            r = r.shifted(g);
            if in_current {
                let mut x = u64::from(self.float(lower, back) == Float::Down);
                x += u64::from(sh <= sl && self.float(higher, back) == Float::Down);
                r = r.offset(x as i64);
            }
            r = r.shifted(g);
            if in_current {
                r = r.or_u64(u64::from(!(sh > sl && self.float(lower, back) == Float::Up)));
            }
        }
        for back in 1..=2 {
            if self.t.played < back {
                break;
            }
            r = r.shifted(s);
            if in_current {
                if self.float(lower, back) == Float::Down {
                    r = r + one(self.shift_of(lower));
                }
                if self.float(higher, back) == Float::Down {
                    r = r + one(self.shift_of(higher));
                }
            }
            r = r.shifted(s);
            if in_current && !(self.float(lower, back) == Float::Up && sh > sl) {
                r = r + one(self.shift_of(higher));
            }
        }
        // Room for the order of transpositions and exchanges.
        r.shifted(g).shifted(g).shifted(g).shifted(1)
    }

    pub(super) fn max_weight<const N: usize>(&self) -> Wide<N> {
        Wide::<N>::from_u64(1).shifted(self.weight_bits() - 2).offset(-1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_of_up_to_a_thousand_players_has_exact_weights() {
        // The widest weights: every player in a score group of their own (each group's size takes one bit), many
        // rounds played; and one group of everyone.
        for n in [1usize, 2, 10, 999, 1000] {
            let alone = weight_bits(bits_for(1), n as u32 * bits_for(1), 20) + 8;
            let together = weight_bits(bits_for(n), bits_for(n), 20) + 8;
            assert!(alone.max(together) <= MAX_WEIGHT_BITS, "{n} players: {alone} bits");
        }
        // Groups of three take two bits for three players: fewer than groups of one.
        assert!(weight_bits(bits_for(3), 2 * 333, 20) < weight_bits(bits_for(1), 1000, 20));
        let mut pairs = Pairs::new(1000);
        pairs.insert(999, 0);
        pairs.insert(5, 5000);
        assert!(pairs.contains(0, 999) && pairs.contains(999, 0) && !pairs.contains(5, 5000) && !pairs.contains(1, 2));
    }
}
