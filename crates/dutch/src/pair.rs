//! The Dutch pairing of one round. Each possible pair gets a weight whose bit fields, from the most significant
//! down, are the rules' criteria in their order of priority (completing the round, the bye, pairing as many and
//! as high scores as possible in the current bracket and the next, colours, repeated floats, then room for the
//! order of transpositions and exchanges); a maximum weight matching over every player then satisfies them all at
//! once. Brackets are settled from the top score down: which moved-down players are paired and with whom, then
//! which residents are exchanged between the two halves and who meets whom, each choice fixed by nudging weights
//! and matching again. This follows bbpPairings' Dutch engine step for step, so the two pair identically.

use std::collections::HashMap;

use super::matching::Matching;
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

struct Plan<'a> {
    t: &'a Tournament,
    /// Ids of the players to pair, by score (highest first) then rank.
    sorted: Vec<usize>,
    forbidden: Pairs,
    /// The bit each score group takes in the fields that count players by score.
    group_shift: HashMap<u32, u32>,
    groups_bits: u32,
    group_size_bits: u32,
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

    fn score(&self, p: usize) -> u32 {
        self.t.score(p)
    }

    fn shift_of(&self, p: usize) -> u32 {
        self.group_shift[&self.score(p)]
    }

    /// The bits of the largest weight.
    fn weight_bits(&self) -> u32 {
        weight_bits(self.group_size_bits, self.groups_bits, self.t.played)
    }

    /// May meet without breaking an absolute criterion: not met before nor forbidden, and not both needing the
    /// same colour (unless, in the last round, one of them has more than half the possible points).
    fn compatible(&self, a: usize, b: usize) -> bool {
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
    fn edge<const N: usize>(
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

    fn max_weight<const N: usize>(&self) -> Wide<N> {
        Wide::<N>::from_u64(1).shifted(self.weight_bits() - 2).offset(-1)
    }

    #[allow(clippy::needless_range_loop)]
    fn run<const N: usize>(&self) -> Result<Vec<(usize, usize)>, NoPairing> {
        let t = self.t;
        let sorted = &self.sorted;
        let count = sorted.len();
        let (g, s) = (self.group_size_bits, self.groups_bits);
        let max = self.max_weight::<N>();
        let mut m = Matching::<Wide<N>>::new(count);
        let top_score = self.score(sorted[0]);
        let no_ranks = HashMap::new();
        // First, only whether the round can be completed (and, with an odd number, who could have the bye).
        for v in 0..count {
            for u in 0..v {
                let (player, opponent) = (sorted[v], sorted[u]);
                let w = if count % 2 == 1 {
                    if self.compatible(player, opponent) {
                        let e = 1 + u64::from(!t.eligible_for_bye(player)) + u64::from(!t.eligible_for_bye(opponent));
                        Wide::<N>::from_u64(e)
                            .shifted(s)
                            .offset((self.shift_of(player) + self.shift_of(opponent)) as i64)
                            .shifted(g)
                            .or_u64(u64::from(self.score(player) >= top_score))
                    } else {
                        Wide::zero()
                    }
                } else {
                    self.edge::<N>(opponent, player, false, false, 0, false, &no_ranks)
                };
                m.set(v, u, w);
            }
        }
        m.solve();
        let mates = m.mates();
        let mut unmatched = (0..count).filter(|&v| mates[v] == v);
        if let Some(v) = unmatched.next()
            && (unmatched.next().is_some() || !t.eligible_for_bye(sorted[v]))
        {
            return Err(NoPairing::Absolute);
        }
        let mut bye_score = 0;
        let mut single_downfloater_bye = false;
        let mut unplayed_ranks = HashMap::new();
        if count % 2 == 1 {
            if let Some(v) = (0..count).find(|&v| mates[v] == v) {
                bye_score = self.score(sorted[v]);
            }
            if bye_score >= top_score {
                single_downfloater_bye = true;
                for v in 0..count {
                    if self.score(sorted[v]) < top_score {
                        break;
                    }
                    if self.score(sorted[mates[v]]) < top_score {
                        single_downfloater_bye = false;
                        break;
                    }
                }
            }
            let mut played: Vec<usize> =
                sorted.iter().filter(|&&p| self.score(p) == bye_score).map(|&p| t.players[p].played_games).collect();
            played.sort_by(|a, b| b.cmp(a));
            for (rank, games) in played.into_iter().enumerate() {
                unplayed_ranks.insert(games, rank);
            }
            for v in 0..count {
                for u in 0..v {
                    let w = self.edge::<N>(
                        sorted[u],
                        sorted[v],
                        false,
                        false,
                        bye_score,
                        single_downfloater_bye,
                        &unplayed_ranks,
                    );
                    m.set(v, u, w);
                }
            }
        }

        let mut partner: Vec<Option<usize>> = vec![None; t.players.len()];
        // The current bracket and the next score group: ids, and their vertices (places in `sorted`).
        let mut by_index: Vec<usize> = Vec::new();
        let mut vertex: Vec<usize> = Vec::new();
        let mut next_group = 0;
        while next_group < count && self.score(sorted[next_group]) >= top_score {
            by_index.push(sorted[next_group]);
            vertex.push(next_group);
            next_group += 1;
        }
        let mut matched = vec![false; count];
        let mut group_begin = 0usize;
        let mut group_begin_vertex = 0usize;
        let in_group = |x: usize, from: usize, to: usize| x >= from && x < to;

        while by_index.len() > 1 || next_group != count {
            let next_begin = by_index.len();
            let next_begin_vertex = group_begin_vertex + (next_begin - group_begin);
            let group_start = next_group;
            while next_group < count && self.score(sorted[next_group]) >= self.score(sorted[group_start]) {
                by_index.push(sorted[next_group]);
                vertex.push(next_group);
                next_group += 1;
            }
            // base[larger][smaller], for the current bracket's residents and the next group.
            let mut base: Vec<Vec<Wide<N>>> = vec![Vec::new(); by_index.len()];
            for larger in group_begin..by_index.len() {
                for smaller in 0..larger {
                    let w = self.edge::<N>(
                        by_index[smaller],
                        by_index[larger],
                        larger < next_begin,
                        larger >= next_begin,
                        bye_score,
                        single_downfloater_bye,
                        &unplayed_ranks,
                    );
                    base[larger].push(w);
                }
            }
            for larger in 0..base.len() {
                for smaller in 0..base[larger].len() {
                    m.set(vertex[larger], vertex[smaller], base[larger][smaller]);
                }
            }
            let exchange_weight =
                |base: &Vec<Vec<Wide<N>>>, smaller: usize, larger: usize, index: usize, pairs: usize| {
                    let w = base[larger][smaller];
                    if w.is_zero() {
                        return w;
                    }
                    let flag = i64::from(index < pairs);
                    w.offset(((flag << (2 * g)) - index as i64) * 2)
                };
            m.solve();
            let mut stable = m.mates();

            // Which moved-down players are paired in this bracket.
            let mut moved_score = 0;
            let mut remaining = 0usize;
            let mut remaining_matched = 0usize;
            for i in 0..group_begin {
                if i == 0 || self.score(by_index[i]) < moved_score {
                    moved_score = self.score(by_index[i]);
                    remaining = 0;
                    remaining_matched = 0;
                    let mut k = i;
                    while k < by_index.len() && self.score(by_index[k]) >= moved_score {
                        remaining += 1;
                        if in_group(stable[vertex[k]], group_begin_vertex, next_begin_vertex) {
                            remaining_matched += 1;
                        }
                        k += 1;
                    }
                }
                if remaining_matched == 0 {
                    continue;
                }
                let pv = vertex[i];
                if remaining <= remaining_matched {
                    matched[pv] = true;
                    continue;
                }
                remaining -= 1;
                if !in_group(stable[pv], group_begin_vertex, next_begin_vertex) {
                    for o in group_begin..next_begin {
                        let w = base[o][i];
                        if !w.is_zero() {
                            m.set(pv, vertex[o], w.or_u64(1));
                        }
                    }
                    m.solve();
                    stable = m.mates();
                }
                if in_group(stable[pv], group_begin_vertex, next_begin_vertex) {
                    matched[pv] = true;
                    remaining_matched -= 1;
                    for o in group_begin..next_begin {
                        let w = base[o][i];
                        if !w.is_zero() {
                            m.set(pv, vertex[o], w.or_u64((next_begin - group_begin) as u64).offset(1));
                        }
                    }
                }
            }
            // Their opponents.
            for i in 0..group_begin {
                let pv = vertex[i];
                if !matched[pv] {
                    continue;
                }
                let mut addend = by_index.len() as i64;
                for o in (group_begin..next_begin).rev() {
                    let ov = vertex[o];
                    if matched[ov] {
                        continue;
                    }
                    let w = base[o][i];
                    if !w.is_zero() {
                        m.set(pv, ov, w.offset(addend));
                        addend += 1;
                    }
                }
                m.solve();
                stable = m.mates();
                let mv = stable[pv];
                matched[mv] = true;
                finalize(&mut m, pv, mv, max);
            }

            // The residents left: the first `pairs` of them are the upper half (S1).
            let mut remainder = Vec::new();
            let mut pairs = 0usize;
            for i in group_begin..next_begin {
                let pv = vertex[i];
                if stable[pv] < group_begin_vertex {
                    continue;
                }
                remainder.push(i);
                if stable[pv] < pv {
                    pairs += 1;
                }
            }
            for (a, &o) in remainder.iter().enumerate() {
                let ov = vertex[o];
                for (index, &p) in remainder[..a].iter().enumerate() {
                    m.set(vertex[p], ov, exchange_weight(&base, p, o, index, pairs));
                }
            }
            m.solve();
            stable = m.mates();
            let exchanged = |stable: &Vec<usize>, v: usize| stable[v] <= v || stable[v] >= next_begin_vertex;
            let mut exchanges = 0usize;
            for &p in &remainder {
                if p >= remainder[pairs] {
                    break;
                }
                exchanges += usize::from(exchanged(&stable, vertex[p]));
            }
            // The lowest players of S1 to exchange, where possible.
            let mut left = exchanges;
            let mut index = pairs;
            let mut at = pairs;
            while at != 0 && left > 0 {
                index -= 1;
                at -= 1;
                let p = remainder[at];
                let pv = vertex[p];
                if stable[pv] > pv && stable[pv] < next_begin_vertex {
                    for &o in &remainder[at + 1..] {
                        let w = exchange_weight(&base, p, o, index, pairs);
                        if !w.is_zero() {
                            m.set(pv, vertex[o], w.offset(-1));
                        }
                    }
                    m.solve();
                    stable = m.mates();
                }
                let exchange = exchanged(&stable, pv);
                left -= usize::from(exchange);
                for &o in &remainder[at + 1..] {
                    if exchange {
                        base[o][p] = Wide::zero();
                    }
                    m.set(pv, vertex[o], exchange_weight(&base, p, o, index, pairs));
                }
            }
            // The highest players of S2 to exchange, where possible.
            let mut left = exchanges;
            let mut index = pairs;
            let mut at = pairs;
            while at < remainder.len() && left > 1 {
                let p = remainder[at];
                let pv = vertex[p];
                let already = stable[pv] > pv && stable[pv] < next_begin_vertex;
                if !already {
                    for &o in &remainder[at + 1..] {
                        let w = exchange_weight(&base, p, o, index, pairs);
                        if !w.is_zero() {
                            m.set(pv, vertex[o], w.offset(1));
                        }
                    }
                    m.solve();
                    stable = m.mates();
                }
                let exchange = stable[pv] > pv && stable[pv] < next_begin_vertex;
                if exchange {
                    left -= 1;
                    for &o in &remainder[..at] {
                        base[p][o] = Wide::zero();
                        m.set(pv, vertex[o], Wide::zero());
                    }
                    for o in next_begin..by_index.len() {
                        base[o][p] = Wide::zero();
                        m.set(pv, vertex[o], Wide::zero());
                    }
                }
                if !already {
                    for &o in &remainder[at + 1..] {
                        m.set(pv, vertex[o], exchange_weight(&base, p, o, index, pairs));
                    }
                }
                index += 1;
                at += 1;
            }
            // Fix who is exchanged; back to the plain weights.
            for (a, &p) in remainder.iter().enumerate() {
                let pv = vertex[p];
                for &o in &remainder[a + 1..] {
                    let ov = vertex[o];
                    if exchanged(&stable, pv) || (stable[ov] > ov && stable[ov] < next_begin_vertex) {
                        base[o][p] = Wide::zero();
                    }
                    m.set(pv, ov, base[o][p]);
                }
            }
            // Each S1 player's opponent, highest first.
            for &p in &remainder {
                let pv = vertex[p];
                if stable[pv] > pv && stable[pv] < next_begin_vertex {
                    let mut addend = 0i64;
                    for &o in remainder.iter().rev() {
                        let ov = vertex[o];
                        if o <= p || matched[ov] {
                            continue;
                        }
                        let w = base[o][p];
                        if !w.is_zero() {
                            m.set(pv, ov, w.offset(addend));
                        }
                        addend += 1;
                    }
                    m.solve();
                    stable = m.mates();
                    let mv = stable[pv];
                    matched[pv] = true;
                    matched[mv] = true;
                    finalize(&mut m, pv, mv, max);
                }
            }

            // The next bracket: whoever is left, and the next score group.
            let mut next_by_index = Vec::new();
            let mut next_vertex = Vec::new();
            group_begin = 0;
            single_downfloater_bye =
                count % 2 == 1 && group_start != count && bye_score >= self.score(sorted[group_start]);
            for i in 0..by_index.len() {
                let pv = vertex[i];
                if i < next_begin && matched[pv] {
                    partner[by_index[i]] = Some(sorted[stable[pv]]);
                    partner[sorted[stable[pv]]] = Some(by_index[i]);
                } else {
                    next_by_index.push(by_index[i]);
                    next_vertex.push(pv);
                    if i < next_begin {
                        group_begin += 1;
                    }
                    if single_downfloater_bye && self.score(sorted[stable[pv]]) < self.score(sorted[group_start]) {
                        single_downfloater_bye = false;
                    }
                }
            }
            by_index = next_by_index;
            vertex = next_vertex;
            group_begin_vertex = next_begin_vertex;
        }

        let mut out = Vec::new();
        for &p in sorted {
            match partner[p] {
                Some(q) if p < q => out.push(super::sides::with_colours(t, p, q)),
                Some(_) => {}
                None => out.push((p, p)),
            }
        }
        Ok(out)
    }
}

/// Fixes the pair `a`-`b`: their edge the heaviest, every other edge of theirs gone.
fn finalize<const N: usize>(m: &mut Matching<Wide<N>>, a: usize, b: usize, max: Wide<N>) {
    for u in 0..m.len() {
        if u != a {
            m.set(a, u, if u == b { max } else { Wide::zero() });
        }
        if u != b {
            m.set(b, u, if u == a { max } else { Wide::zero() });
        }
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
