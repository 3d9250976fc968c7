//! The search of one round's pairing, bracket by bracket from the top score down. First whether the round can
//! be completed at all (and who could have the bye); then, for each bracket with the next score group beside it:
//! which moved-down players are paired and with whom, which residents are exchanged between the two halves (S1
//! and S2), and who in S1 meets whom. Each choice is fixed by nudging weights and matching again, as
//! bbpPairings' Dutch engine does, step for step.

use std::collections::HashMap;

use super::NoPairing;
use super::matching::Matching;
use super::pair::Plan;
use super::wide::{Weight, Wide};

/// What the bye weighs in every edge: the score it goes to, whether a single downfloater would take it, and the
/// rank of each count of played games among the players of that score.
struct Bye {
    score: u32,
    single_downfloater: bool,
    unplayed_ranks: HashMap<usize, usize>,
}

/// The search between brackets: the matching over every player, who is paired with whom so far, and the bracket
/// to pair next (the players left over from above, then the next score group).
struct Search<'p, 'a, const N: usize> {
    plan: &'p Plan<'a>,
    m: Matching<Wide<N>>,
    max: Wide<N>,
    bye: Bye,
    partner: Vec<Option<usize>>,
    /// The current bracket and the next score group: ids, and their vertices (places in `sorted`).
    by_index: Vec<usize>,
    vertex: Vec<usize>,
    matched: Vec<bool>,
    /// The first place in `sorted` not yet in a bracket.
    next_group: usize,
    /// Where the bracket's residents begin (the moved-down players come before).
    group_begin: usize,
    group_begin_vertex: usize,
}

/// One bracket being paired: where its score group starts in `sorted`, where the next score group begins among
/// its players and vertices, its plain weights (`base[larger][smaller]`) and the matching's current mates.
struct Bracket<const N: usize> {
    group_start: usize,
    next_begin: usize,
    next_begin_vertex: usize,
    base: Vec<Vec<Wide<N>>>,
    stable: Vec<usize>,
}

impl<const N: usize> Bracket<N> {
    /// Matched to someone outside this bracket's residents, or to a lower vertex.
    fn exchanged(&self, v: usize) -> bool {
        self.stable[v] <= v || self.stable[v] >= self.next_begin_vertex
    }

    /// Matched to a higher vertex within the bracket and the next group: an S1 player's pair.
    fn pairs_down(&self, v: usize) -> bool {
        !self.exchanged(v)
    }

    /// The plain weight with the order of exchanges: the first `pairs` residents are S1.
    fn exchange_weight(&self, g: u32, smaller: usize, larger: usize, index: usize, pairs: usize) -> Wide<N> {
        let w = self.base[larger][smaller];
        if w.is_zero() {
            return w;
        }
        let flag = i64::from(index < pairs);
        w.offset(((flag << (2 * g)) - index as i64) * 2)
    }
}

impl Plan<'_> {
    /// The round's pairs, as ids (white, black) in board order, the bye as (id, id).
    pub(super) fn run<const N: usize>(&self) -> Result<Vec<(usize, usize)>, NoPairing> {
        let mut m = Matching::<Wide<N>>::new(self.sorted.len());
        let bye = self.completion(&mut m)?;
        let mut search = Search::new(self, m, bye);
        while search.by_index.len() > 1 || search.next_group != self.sorted.len() {
            search.bracket();
        }
        let mut out = Vec::new();
        for &p in &self.sorted {
            match search.partner[p] {
                Some(q) if p < q => out.push(super::sides::with_colours(self.t, p, q)),
                Some(_) => {}
                None => out.push((p, p)),
            }
        }
        Ok(out)
    }

    /// Whether the round can be completed (and, with an odd number, who could have the bye); then every edge
    /// weighed with the bye's terms.
    #[allow(clippy::needless_range_loop)]
    fn completion<const N: usize>(&self, m: &mut Matching<Wide<N>>) -> Result<Bye, NoPairing> {
        let (t, sorted, count) = (self.t, &self.sorted, self.sorted.len());
        let (g, s) = (self.group_size_bits, self.groups_bits);
        let top_score = self.score(sorted[0]);
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
                    self.edge::<N>(opponent, player, false, false, 0, false, &HashMap::new())
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
        let mut bye = Bye { score: 0, single_downfloater: false, unplayed_ranks: HashMap::new() };
        if count % 2 == 0 {
            return Ok(bye);
        }
        if let Some(v) = (0..count).find(|&v| mates[v] == v) {
            bye.score = self.score(sorted[v]);
        }
        if bye.score >= top_score {
            bye.single_downfloater = true;
            for v in 0..count {
                if self.score(sorted[v]) < top_score {
                    break;
                }
                if self.score(sorted[mates[v]]) < top_score {
                    bye.single_downfloater = false;
                    break;
                }
            }
        }
        let mut played: Vec<usize> =
            sorted.iter().filter(|&&p| self.score(p) == bye.score).map(|&p| t.players[p].played_games).collect();
        played.sort_by(|a, b| b.cmp(a));
        for (rank, games) in played.into_iter().enumerate() {
            bye.unplayed_ranks.insert(games, rank);
        }
        for v in 0..count {
            for u in 0..v {
                let w = self.edge::<N>(
                    sorted[u],
                    sorted[v],
                    false,
                    false,
                    bye.score,
                    bye.single_downfloater,
                    &bye.unplayed_ranks,
                );
                m.set(v, u, w);
            }
        }
        Ok(bye)
    }
}

// Vertices, ids and weights are three arrays indexed alike, as in bbpPairings.
#[allow(clippy::needless_range_loop)]
impl<'p, 'a, const N: usize> Search<'p, 'a, N> {
    /// The search before the first bracket: the top score group in it.
    fn new(plan: &'p Plan<'a>, m: Matching<Wide<N>>, bye: Bye) -> Self {
        let (sorted, count) = (&plan.sorted, plan.sorted.len());
        let top_score = plan.score(sorted[0]);
        let mut search = Search {
            plan,
            m,
            max: plan.max_weight::<N>(),
            bye,
            partner: vec![None; plan.t.players.len()],
            by_index: Vec::new(),
            vertex: Vec::new(),
            matched: vec![false; count],
            next_group: 0,
            group_begin: 0,
            group_begin_vertex: 0,
        };
        while search.next_group < count && plan.score(sorted[search.next_group]) >= top_score {
            search.by_index.push(sorted[search.next_group]);
            search.vertex.push(search.next_group);
            search.next_group += 1;
        }
        search
    }

    fn solve(&mut self, b: &mut Bracket<N>) {
        self.m.solve();
        b.stable = self.m.mates();
    }

    /// Vertex `x` is one of the bracket's residents.
    fn resident(&self, b: &Bracket<N>, x: usize) -> bool {
        x >= self.group_begin_vertex && x < b.next_begin_vertex
    }

    /// Pairs one bracket, and moves whoever is left into the next.
    fn bracket(&mut self) {
        let mut b = self.open_bracket();
        self.pair_moved_down(&mut b);
        let (remainder, pairs) = self.residents(&b);
        self.choose_exchanges(&mut b, &remainder, pairs);
        self.pair_upper_half(&mut b, &remainder);
        self.next_bracket(&b);
    }

    /// The next score group joins the bracket; every edge among them weighed, and matched.
    fn open_bracket(&mut self) -> Bracket<N> {
        let (plan, sorted, count) = (self.plan, &self.plan.sorted, self.plan.sorted.len());
        let next_begin = self.by_index.len();
        let next_begin_vertex = self.group_begin_vertex + (next_begin - self.group_begin);
        let group_start = self.next_group;
        while self.next_group < count && plan.score(sorted[self.next_group]) >= plan.score(sorted[group_start]) {
            self.by_index.push(sorted[self.next_group]);
            self.vertex.push(self.next_group);
            self.next_group += 1;
        }
        let mut base: Vec<Vec<Wide<N>>> = vec![Vec::new(); self.by_index.len()];
        for larger in self.group_begin..self.by_index.len() {
            for smaller in 0..larger {
                let w = plan.edge::<N>(
                    self.by_index[smaller],
                    self.by_index[larger],
                    larger < next_begin,
                    larger >= next_begin,
                    self.bye.score,
                    self.bye.single_downfloater,
                    &self.bye.unplayed_ranks,
                );
                base[larger].push(w);
            }
        }
        for larger in 0..base.len() {
            for smaller in 0..base[larger].len() {
                self.m.set(self.vertex[larger], self.vertex[smaller], base[larger][smaller]);
            }
        }
        let mut b = Bracket { group_start, next_begin, next_begin_vertex, base, stable: Vec::new() };
        self.solve(&mut b);
        b
    }

    /// Which moved-down players are paired in this bracket, then their opponents.
    fn pair_moved_down(&mut self, b: &mut Bracket<N>) {
        let (group_begin, next_begin) = (self.group_begin, b.next_begin);
        let mut moved_score = 0;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for i in 0..group_begin {
            if i == 0 || self.plan.score(self.by_index[i]) < moved_score {
                moved_score = self.plan.score(self.by_index[i]);
                remaining = 0;
                remaining_matched = 0;
                let mut k = i;
                while k < self.by_index.len() && self.plan.score(self.by_index[k]) >= moved_score {
                    remaining += 1;
                    if self.resident(b, b.stable[self.vertex[k]]) {
                        remaining_matched += 1;
                    }
                    k += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let pv = self.vertex[i];
            if remaining <= remaining_matched {
                self.matched[pv] = true;
                continue;
            }
            remaining -= 1;
            if !self.resident(b, b.stable[pv]) {
                for o in group_begin..next_begin {
                    let w = b.base[o][i];
                    if !w.is_zero() {
                        self.m.set(pv, self.vertex[o], w.or_u64(1));
                    }
                }
                self.solve(b);
            }
            if self.resident(b, b.stable[pv]) {
                self.matched[pv] = true;
                remaining_matched -= 1;
                for o in group_begin..next_begin {
                    let w = b.base[o][i];
                    if !w.is_zero() {
                        self.m.set(pv, self.vertex[o], w.or_u64((next_begin - group_begin) as u64).offset(1));
                    }
                }
            }
        }
        // Their opponents.
        for i in 0..group_begin {
            let pv = self.vertex[i];
            if !self.matched[pv] {
                continue;
            }
            let mut addend = self.by_index.len() as i64;
            for o in (group_begin..next_begin).rev() {
                let ov = self.vertex[o];
                if self.matched[ov] {
                    continue;
                }
                let w = b.base[o][i];
                if !w.is_zero() {
                    self.m.set(pv, ov, w.offset(addend));
                    addend += 1;
                }
            }
            self.solve(b);
            let mv = b.stable[pv];
            self.matched[mv] = true;
            finalize(&mut self.m, pv, mv, self.max);
        }
    }

    /// The residents left to pair among themselves, and how many pairs they make: the first that many are the
    /// upper half (S1).
    fn residents(&self, b: &Bracket<N>) -> (Vec<usize>, usize) {
        let mut remainder = Vec::new();
        let mut pairs = 0usize;
        for i in self.group_begin..b.next_begin {
            let pv = self.vertex[i];
            if b.stable[pv] < self.group_begin_vertex {
                continue;
            }
            remainder.push(i);
            if b.stable[pv] < pv {
                pairs += 1;
            }
        }
        (remainder, pairs)
    }

    /// Which residents are exchanged between S1 and S2: as few as possible, the lowest of S1 and the highest of
    /// S2 where possible; then back to the plain weights with the exchanged pairs ruled out.
    fn choose_exchanges(&mut self, b: &mut Bracket<N>, remainder: &[usize], pairs: usize) {
        let g = self.plan.group_size_bits;
        for (a, &o) in remainder.iter().enumerate() {
            let ov = self.vertex[o];
            for (index, &p) in remainder[..a].iter().enumerate() {
                self.m.set(self.vertex[p], ov, b.exchange_weight(g, p, o, index, pairs));
            }
        }
        self.solve(b);
        let mut exchanges = 0usize;
        for &p in remainder {
            if p >= remainder[pairs] {
                break;
            }
            exchanges += usize::from(b.exchanged(self.vertex[p]));
        }
        self.exchange_lowest_of_s1(b, remainder, pairs, exchanges);
        self.exchange_highest_of_s2(b, remainder, pairs, exchanges);
        // Fix who is exchanged; back to the plain weights.
        for (a, &p) in remainder.iter().enumerate() {
            let pv = self.vertex[p];
            for &o in &remainder[a + 1..] {
                let ov = self.vertex[o];
                if b.exchanged(pv) || b.pairs_down(ov) {
                    b.base[o][p] = Wide::zero();
                }
                self.m.set(pv, ov, b.base[o][p]);
            }
        }
    }

    /// The lowest players of S1 to exchange, where possible.
    fn exchange_lowest_of_s1(&mut self, b: &mut Bracket<N>, remainder: &[usize], pairs: usize, exchanges: usize) {
        let g = self.plan.group_size_bits;
        let mut left = exchanges;
        let mut index = pairs;
        let mut at = pairs;
        while at != 0 && left > 0 {
            index -= 1;
            at -= 1;
            let p = remainder[at];
            let pv = self.vertex[p];
            if b.pairs_down(pv) {
                for &o in &remainder[at + 1..] {
                    let w = b.exchange_weight(g, p, o, index, pairs);
                    if !w.is_zero() {
                        self.m.set(pv, self.vertex[o], w.offset(-1));
                    }
                }
                self.solve(b);
            }
            let exchange = b.exchanged(pv);
            left -= usize::from(exchange);
            for &o in &remainder[at + 1..] {
                if exchange {
                    b.base[o][p] = Wide::zero();
                }
                self.m.set(pv, self.vertex[o], b.exchange_weight(g, p, o, index, pairs));
            }
        }
    }

    /// The highest players of S2 to exchange, where possible.
    fn exchange_highest_of_s2(&mut self, b: &mut Bracket<N>, remainder: &[usize], pairs: usize, exchanges: usize) {
        let g = self.plan.group_size_bits;
        let mut left = exchanges;
        let mut index = pairs;
        let mut at = pairs;
        while at < remainder.len() && left > 1 {
            let p = remainder[at];
            let pv = self.vertex[p];
            let already = b.pairs_down(pv);
            if !already {
                for &o in &remainder[at + 1..] {
                    let w = b.exchange_weight(g, p, o, index, pairs);
                    if !w.is_zero() {
                        self.m.set(pv, self.vertex[o], w.offset(1));
                    }
                }
                self.solve(b);
            }
            if b.pairs_down(pv) {
                left -= 1;
                for &o in &remainder[..at] {
                    b.base[p][o] = Wide::zero();
                    self.m.set(pv, self.vertex[o], Wide::zero());
                }
                for o in b.next_begin..self.by_index.len() {
                    b.base[o][p] = Wide::zero();
                    self.m.set(pv, self.vertex[o], Wide::zero());
                }
            }
            if !already {
                for &o in &remainder[at + 1..] {
                    self.m.set(pv, self.vertex[o], b.exchange_weight(g, p, o, index, pairs));
                }
            }
            index += 1;
            at += 1;
        }
    }

    /// Each S1 player's opponent, highest first.
    fn pair_upper_half(&mut self, b: &mut Bracket<N>, remainder: &[usize]) {
        for &p in remainder {
            let pv = self.vertex[p];
            if b.pairs_down(pv) {
                let mut addend = 0i64;
                for &o in remainder.iter().rev() {
                    let ov = self.vertex[o];
                    if o <= p || self.matched[ov] {
                        continue;
                    }
                    let w = b.base[o][p];
                    if !w.is_zero() {
                        self.m.set(pv, ov, w.offset(addend));
                    }
                    addend += 1;
                }
                self.solve(b);
                let mv = b.stable[pv];
                self.matched[pv] = true;
                self.matched[mv] = true;
                finalize(&mut self.m, pv, mv, self.max);
            }
        }
    }

    /// The next bracket: whoever is left, and (on the next call) the next score group.
    fn next_bracket(&mut self, b: &Bracket<N>) {
        let (plan, sorted, count) = (self.plan, &self.plan.sorted, self.plan.sorted.len());
        let mut next_by_index = Vec::new();
        let mut next_vertex = Vec::new();
        self.group_begin = 0;
        self.bye.single_downfloater =
            count % 2 == 1 && b.group_start != count && self.bye.score >= plan.score(sorted[b.group_start]);
        for i in 0..self.by_index.len() {
            let pv = self.vertex[i];
            if i < b.next_begin && self.matched[pv] {
                self.partner[self.by_index[i]] = Some(sorted[b.stable[pv]]);
                self.partner[sorted[b.stable[pv]]] = Some(self.by_index[i]);
            } else {
                next_by_index.push(self.by_index[i]);
                next_vertex.push(pv);
                if i < b.next_begin {
                    self.group_begin += 1;
                }
                if self.bye.single_downfloater && plan.score(sorted[b.stable[pv]]) < plan.score(sorted[b.group_start]) {
                    self.bye.single_downfloater = false;
                }
            }
        }
        self.by_index = next_by_index;
        self.vertex = next_vertex;
        self.group_begin_vertex = b.next_begin_vertex;
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
