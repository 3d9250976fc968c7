//! Maximum weight matching on a complete graph whose edge weights change between solutions: Edmonds' blossom
//! algorithm with dual variables (the primal-dual method of Galil, Micali and Gabow, in the shape of Van
//! Rantwijk's well-known implementation), kept warm between calls. A changed edge that stays feasible, outside
//! the matching and every blossom, changes nothing else. Otherwise the change dissolves the blossoms around its
//! vertex, frees it and its mate and raises its dual until every edge is feasible again; the next `solve` grows
//! one alternating tree from each free vertex whose dual is still positive, so a change touching k vertices
//! costs O(k n²) instead of a fresh O(n³).
//!
//! A weight of zero is no edge: such a pair is never matched. Slack of an edge between two top-level blossoms is
//! `dual[i] + dual[j] - 2 w(i, j)`; blossom duals keep the edges inside them tight.

use super::wide::Weight;

/// One end of an edge, seen from the other: the vertex `at`, reached from `from`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct End {
    at: usize,
    from: usize,
}

impl End {
    fn flip(self) -> End {
        End { at: self.from, from: self.at }
    }
}

const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;
const CRUMB: u8 = 5;

pub struct Matching<W: Weight> {
    n: usize,
    /// Twice each edge's weight (the slack's term).
    twice: Vec<W>,
    /// Whether each pair has an edge (a weight above zero).
    present: Vec<bool>,
    /// The slack of each best edge, as of the dual values of `epoch`.
    best_slack: Vec<W>,
    best_epoch: Vec<u32>,
    epoch: u32,
    /// Vertices 0..n, then blossoms n..2n.
    dual: Vec<W>,
    mate: Vec<Option<usize>>,
    label: Vec<u8>,
    label_end: Vec<Option<End>>,
    in_blossom: Vec<usize>,
    parent: Vec<Option<usize>>,
    children: Vec<Vec<usize>>,
    ends: Vec<Vec<End>>,
    base: Vec<Option<usize>>,
    best_edge: Vec<Option<End>>,
    best_edges: Vec<Option<Vec<End>>>,
    unused: Vec<usize>,
    allowed: Vec<u32>,
    stage: u32,
    queue: Vec<usize>,
    /// The vertices labelled in this stage, and the free ones with a best edge: all a dual change can touch.
    tree: Vec<usize>,
    in_tree: Vec<u32>,
    reached: Vec<usize>,
    is_reached: Vec<u32>,
    /// Marks top-level blossoms already counted in one pass over the tree.
    seen: Vec<u32>,
    pass: u32,
}

impl<W: Weight> Matching<W> {
    /// `n` vertices, no edges.
    pub fn new(n: usize) -> Self {
        Matching {
            n,
            twice: vec![W::zero(); n * n],
            present: vec![false; n * n],
            best_slack: vec![W::zero(); 2 * n],
            best_epoch: vec![0; 2 * n],
            epoch: 1,
            dual: vec![W::zero(); 2 * n],
            mate: vec![None; n],
            label: vec![FREE; 2 * n],
            label_end: vec![None; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            children: vec![Vec::new(); 2 * n],
            ends: vec![Vec::new(); 2 * n],
            base: (0..n).map(Some).chain((0..n).map(|_| None)).collect(),
            best_edge: vec![None; 2 * n],
            best_edges: vec![None; 2 * n],
            unused: (n..2 * n).rev().collect(),
            allowed: vec![0; n * n],
            stage: 0,
            queue: Vec::new(),
            tree: Vec::new(),
            in_tree: vec![0; n],
            reached: Vec::new(),
            is_reached: vec![0; n],
            seen: vec![0; 2 * n],
            pass: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    pub fn weight(&self, i: usize, j: usize) -> W {
        self.twice[i * self.n + j].half()
    }

    /// Sets the weight of the edge between `v` and `u` (zero: no edge). `v` is freed for the next `solve`.
    pub fn set(&mut self, v: usize, u: usize, w: W) {
        debug_assert!(v != u);
        let n = self.n;
        let twice = w + w;
        if self.twice[v * n + u] == twice {
            return;
        }
        // An edge outside the matching and outside every blossom that stays feasible changes nothing else: the
        // matching and the duals still prove each other optimal.
        self.present[v * n + u] = !w.is_zero();
        self.present[u * n + v] = !w.is_zero();
        self.twice[v * n + u] = twice;
        self.twice[u * n + v] = twice;
        if self.in_blossom[v] != self.in_blossom[u] && self.mate[v] != Some(u) && self.dual[v] + self.dual[u] >= twice {
            return;
        }
        self.release(v);
        if self.dual[v] + self.dual[u] < twice {
            self.dual[v] = twice - self.dual[u];
        }
    }

    /// The mate of every vertex (itself when unmatched), as the matching stands after `solve`.
    pub fn mates(&self) -> Vec<usize> {
        (0..self.n).map(|v| self.mate[v].unwrap_or(v)).collect()
    }

    /// Makes `v` a single top-level vertex without a mate, keeping every dual constraint satisfied.
    fn release(&mut self, v: usize) {
        while self.in_blossom[v] != v {
            let mut b = self.in_blossom[v];
            while let Some(p) = self.parent[b] {
                b = p;
            }
            let z = self.dual[b];
            // Raising the duals inside loosens the base's matched edge to the outside: free both ends.
            if !z.is_zero() {
                let base = self.base[b].expect("a top-level blossom has a base");
                if let Some(x) = self.mate[base].take() {
                    self.mate[x] = None;
                }
            }
            for leaf in self.leaves(b) {
                self.dual[leaf] = self.dual[leaf] + z;
            }
            self.dual[b] = W::zero();
            self.expand(b, true);
        }
        if let Some(m) = self.mate[v].take() {
            self.mate[m] = None;
        }
    }

    fn slack(&self, i: usize, j: usize) -> W {
        self.dual[i] + self.dual[j] - self.twice[i * self.n + j]
    }

    fn is_allowed(&self, e: End) -> bool {
        // Read along the scanning vertex's row (both halves are kept).
        self.allowed[e.from * self.n + e.at] == self.stage
    }

    fn allow(&mut self, e: End) {
        let n = self.n;
        self.allowed[e.at * n + e.from] = self.stage;
        self.allowed[e.from * n + e.at] = self.stage;
    }

    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend(self.children[x].iter().copied());
            }
        }
        out
    }

    fn top(&self, b: usize) -> bool {
        self.parent[b].is_none() && (b < self.n || self.base[b].is_some())
    }

    /// Solves to a maximum weight matching, from the previous solution and the changes since.
    pub fn solve(&mut self) {
        if self.mate.iter().all(Option::is_none) && self.unused.len() == self.n {
            self.greedy_start();
        }
        self.lower_free_duals();
        while let Some(root) =
            (0..self.n).find(|&v| self.mate[v].is_none() && !self.dual[v].is_zero() && self.is_base(v))
        {
            self.grow(root);
        }
    }

    /// Lowers the dual of every free single vertex to the least that keeps its edges feasible: it then has a
    /// tight edge, or needs no stage at all.
    fn lower_free_duals(&mut self) {
        let n = self.n;
        for v in 0..n {
            if self.mate[v].is_some() || self.in_blossom[v] != v || self.dual[v].is_zero() {
                continue;
            }
            let mut need = W::zero();
            for u in 0..n {
                if u != v && self.present[v * n + u] {
                    let (twice, du) = (self.twice[v * n + u], self.dual[u]);
                    if twice > du && twice - du > need {
                        need = twice - du;
                    }
                }
            }
            if need < self.dual[v] {
                self.dual[v] = need;
            }
        }
    }

    /// From nothing: each vertex's dual its heaviest edge (both ends of an edge then cover it), and the edges
    /// heaviest for both of their ends matched greedily; the stages only have to finish from there.
    fn greedy_start(&mut self) {
        let n = self.n;
        for v in 0..n {
            let heaviest = self.twice[v * n..(v + 1) * n].iter().copied().max().unwrap_or(W::zero());
            self.dual[v] = heaviest.half();
        }
        for v in 0..n {
            if self.mate[v].is_some() {
                continue;
            }
            let tight = (0..n).find(|&u| {
                u != v
                    && self.mate[u].is_none()
                    && self.present[v * n + u]
                    && self.dual[v] + self.dual[u] == self.twice[v * n + u]
            });
            if let Some(u) = tight {
                self.mate[v] = Some(u);
                self.mate[u] = Some(v);
            }
        }
    }

    fn is_base(&self, v: usize) -> bool {
        self.base[self.in_blossom[v]] == Some(v) || self.in_blossom[v] == v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: Option<End>) {
        let b = self.in_blossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = None;
        self.best_edge[b] = None;
        let leaves = self.leaves(b);
        for &v in &leaves {
            if self.in_tree[v] != self.stage {
                self.in_tree[v] = self.stage;
                self.tree.push(v);
            }
        }
        if t == OUTER {
            self.queue.extend(leaves);
        } else {
            let base = self.base[b].expect("a labelled blossom has a base");
            let m = self.mate[base].expect("an inner blossom is matched");
            self.assign_label(m, OUTER, Some(End { at: base, from: m }));
        }
    }

    /// The base of the blossom an edge between two outer vertices closes, walking both up the tree.
    fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut found = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while v.is_some() || w.is_some() {
            if let Some(x) = v {
                let b = self.in_blossom[x];
                if self.label[b] & 4 != 0 {
                    found = self.base[b];
                    break;
                }
                path.push(b);
                self.label[b] = CRUMB;
                v = match self.label_end[b] {
                    None => None,
                    Some(e) => {
                        let t = self.in_blossom[e.at];
                        Some(self.label_end[t].expect("an inner blossom has its label's end").at)
                    }
                };
            }
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        found
    }

    fn add_blossom(&mut self, base: usize, edge: End) {
        let (v, w) = (edge.from, edge.at);
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused.pop().expect("at most n/2 blossoms");
        self.base[b] = Some(base);
        self.parent[b] = None;
        self.parent[bb] = Some(b);
        let mut path = Vec::new();
        let mut ends = Vec::new();
        while bv != bb {
            self.parent[bv] = Some(b);
            path.push(bv);
            let e = self.label_end[bv].expect("on the path to the base");
            ends.push(e);
            bv = self.in_blossom[e.at];
        }
        path.push(bb);
        path.reverse();
        ends.reverse();
        ends.push(End { at: v, from: w });
        while bw != bb {
            self.parent[bw] = Some(b);
            path.push(bw);
            let e = self.label_end[bw].expect("on the path to the base");
            ends.push(e.flip());
            bw = self.in_blossom[e.at];
        }
        self.label[b] = OUTER;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = W::zero();
        self.children[b] = path.clone();
        self.ends[b] = ends;
        for leaf in self.leaves(b) {
            if self.label[self.in_blossom[leaf]] == INNER {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        self.keep_best_edges(b, &path);
    }

    /// The least slack edge from the new blossom `b` (of sub-blossoms `path`) to each other outer blossom.
    fn keep_best_edges(&mut self, b: usize, path: &[usize]) {
        let mut best_to: Vec<Option<(End, W)>> = vec![None; 2 * self.n];
        let consider = |m: &Self, mut e: End, best_to: &mut Vec<Option<(End, W)>>| {
            if m.in_blossom[e.at] == b {
                e = e.flip();
            }
            let bj = m.in_blossom[e.at];
            if bj != b && m.label[bj] == OUTER {
                let slack = m.slack(e.from, e.at);
                if best_to[bj].is_none_or(|(_, s)| slack < s) {
                    best_to[bj] = Some((e, slack));
                }
            }
        };
        for &sub in path {
            match self.best_edges[sub].take() {
                Some(list) => {
                    for &e in &list {
                        consider(self, e, &mut best_to);
                    }
                }
                None => {
                    for x in self.leaves(sub) {
                        for y in 0..self.n {
                            if self.present[x * self.n + y] {
                                consider(self, End { at: y, from: x }, &mut best_to);
                            }
                        }
                    }
                }
            }
            self.best_edge[sub] = None;
        }
        let found: Vec<(End, W)> = best_to.into_iter().flatten().collect();
        let best = found.iter().min_by(|x, y| x.1.cmp(&y.1)).copied();
        self.best_edges[b] = Some(found.into_iter().map(|(e, _)| e).collect());
        self.best_edge[b] = best.map(|(e, _)| e);
        if let Some((_, slack)) = best {
            self.best_slack[b] = slack;
            self.best_epoch[b] = self.epoch;
        }
    }

    fn expand(&mut self, b: usize, end_of_stage: bool) {
        let children = std::mem::take(&mut self.children[b]);
        for &s in &children {
            self.parent[s] = None;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_of_stage && self.dual[s].is_zero() {
                self.expand(s, end_of_stage);
            } else {
                for leaf in self.leaves(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_of_stage && self.label[b] == INNER {
            // Relabel the children on the even path from the entry to the base.
            let ends = self.ends[b].clone();
            let len = children.len() as isize;
            let entry_end = self.label_end[b].expect("an inner blossom has its label's end");
            let entry = self.in_blossom[entry_end.from];
            let mut j = children.iter().position(|&c| c == entry).expect("the entry child") as isize;
            let (step, trick): (isize, isize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |k: isize| -> usize { k.rem_euclid(len) as usize };
            // An end read from the other side when `trick` is 1.
            let tricked = |e: End, trick: isize| if trick == 1 { e.flip() } else { e };
            let mut p = entry_end;
            while j != 0 {
                self.label[p.from] = FREE;
                let e = ends[at(j - trick)];
                self.label[tricked(e, trick).from] = FREE;
                self.assign_label(p.from, INNER, Some(p));
                self.allow(e);
                j += step;
                p = tricked(ends[at(j - trick)], trick);
                self.allow(p);
                j += step;
            }
            let bv = children[at(j)];
            self.label[p.from] = INNER;
            self.label[bv] = INNER;
            self.label_end[p.from] = Some(p);
            self.label_end[bv] = Some(p);
            self.best_edge[bv] = None;
            j += step;
            while children[at(j)] != entry {
                let bv = children[at(j)];
                if self.label[bv] == OUTER {
                    j += step;
                    continue;
                }
                let reached = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE);
                if let Some(v) = reached {
                    self.label[v] = FREE;
                    let base = self.base[bv].expect("a sub-blossom has a base");
                    let m = self.mate[base].expect("a sub-blossom on the odd path is matched");
                    self.label[m] = FREE;
                    let end = self.label_end[v];
                    self.assign_label(v, INNER, end);
                }
                j += step;
            }
        }
        self.label[b] = FREE;
        self.label_end[b] = None;
        self.ends[b].clear();
        self.base[b] = None;
        self.best_edges[b] = None;
        self.best_edge[b] = None;
        self.dual[b] = W::zero();
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges on the even path from `v` to the base of `b`: `v` becomes its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != Some(b) {
            t = self.parent[t].expect("v lies in b");
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len() as isize;
        let i = self.children[b].iter().position(|&c| c == t).expect("a child") as isize;
        let mut j = i;
        let (step, trick): (isize, isize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let at = |k: isize| -> usize { k.rem_euclid(len) as usize };
        while j != 0 {
            j += step;
            let t = self.children[b][at(j)];
            let e = self.ends[b][at(j - trick)];
            let p = if trick == 1 { e.flip() } else { e };
            if t >= self.n {
                self.augment_blossom(t, p.at);
            }
            j += step;
            let t = self.children[b][at(j)];
            if t >= self.n {
                self.augment_blossom(t, p.from);
            }
            self.mate[p.at] = Some(p.from);
            self.mate[p.from] = Some(p.at);
        }
        let i = i as usize;
        self.children[b].rotate_left(i);
        self.ends[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
        debug_assert_eq!(self.base[b], Some(v));
    }

    /// Flips the tree path from outer vertex `s` to the root; `s` is then matched to `to` (or left free).
    fn augment_up(&mut self, mut s: usize, mut to: Option<usize>) {
        loop {
            let bs = self.in_blossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = to;
            let Some(e) = self.label_end[bs] else { break };
            let bt = self.in_blossom[e.at];
            let lt = self.label_end[bt].expect("an inner blossom has its label's end");
            s = lt.at;
            let j = lt.from;
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = Some(s);
            to = Some(j);
        }
    }

    /// Whether an edge of this slack beats the best edge of `x` (its slack read again if the duals moved).
    fn improves(&mut self, x: usize, slack: W) -> bool {
        let Some(o) = self.best_edge[x] else { return true };
        if self.best_epoch[x] != self.epoch {
            self.best_slack[x] = self.slack(o.from, o.at);
            self.best_epoch[x] = self.epoch;
        }
        slack < self.best_slack[x]
    }

    fn next_pass(&mut self) -> u32 {
        self.pass = self.pass.wrapping_add(1);
        if self.pass == 0 {
            self.seen.iter_mut().for_each(|s| *s = u32::MAX);
            self.pass = 1;
        }
        self.pass
    }

    /// One stage: an alternating tree from the free vertex `root` until it is matched or its dual reaches zero.
    fn grow(&mut self, root: usize) {
        self.start_stage(root);
        'stage: loop {
            while let Some(v) = self.queue.pop() {
                if self.scan(v) {
                    break 'stage;
                }
            }
            let (delta, kind) = self.best_delta();
            self.change_duals(delta);
            match kind {
                Delta::Zero(v) => {
                    // An outer vertex's dual reached zero: it may stay free; the root takes its place.
                    self.augment_up(v, None);
                    break 'stage;
                }
                Delta::Reach(e) => {
                    self.allow(e);
                    let s = if self.label[self.in_blossom[e.from]] == OUTER { e.from } else { e.at };
                    self.queue.push(s);
                }
                Delta::Close(e) => {
                    self.allow(e);
                    self.queue.push(e.from);
                }
                Delta::Open(b) => self.expand(b, false),
            }
        }
        let n = self.n;
        for b in n..2 * n {
            if self.top(b) && self.label[b] == OUTER && self.dual[b].is_zero() {
                self.expand(b, true);
            }
        }
    }

    /// A new stage's marks cleared, the tree holding `root` alone.
    fn start_stage(&mut self, root: usize) {
        let n = self.n;
        self.stage = self.stage.wrapping_add(1);
        if self.stage == 0 {
            for stamps in [&mut self.allowed, &mut self.in_tree, &mut self.is_reached] {
                stamps.iter_mut().for_each(|a| *a = u32::MAX);
            }
            self.stage = 1;
        }
        self.label.iter_mut().for_each(|l| *l = FREE);
        self.best_edge.iter_mut().for_each(|e| *e = None);
        for b in n..2 * n {
            self.best_edges[b] = None;
        }
        self.queue.clear();
        self.tree.clear();
        self.reached.clear();
        self.assign_label(root, OUTER, None);
    }

    /// The edges of the outer vertex `v`: the tree grows along tight ones, a blossom closes, or a free vertex is
    /// reached and the matching augmented (then `true`: the stage is over); the least slack edges are kept.
    fn scan(&mut self, v: usize) -> bool {
        let n = self.n;
        let row = v * n;
        // (Its blossom may grow during the scan; its dual does not change.)
        let dv = self.dual[v];
        for w in 0..n {
            if !self.present[row + w] || self.in_blossom[v] == self.in_blossom[w] {
                continue;
            }
            let bw = self.in_blossom[w];
            // An edge into an inner blossom at a vertex already reached does nothing.
            if self.label[bw] == INNER && self.label[w] != FREE {
                continue;
            }
            let e = End { at: w, from: v };
            let mut slack = W::zero();
            if !self.is_allowed(e) {
                slack = dv + self.dual[w] - self.twice[row + w];
                if slack.is_zero() {
                    self.allow(e);
                }
            }
            if self.is_allowed(e) {
                if self.label[bw] == FREE {
                    let base = self.base[bw].expect("a top-level blossom has a base");
                    if self.mate[base].is_none() {
                        // A free vertex outside the tree: augment.
                        self.augment_up(v, Some(w));
                        if bw >= n {
                            self.augment_blossom(bw, w);
                        }
                        self.mate[w] = Some(v);
                        return true;
                    }
                    self.assign_label(w, INNER, Some(End { at: v, from: w }));
                } else if self.label[bw] == OUTER {
                    let base = self.scan_blossom(v, w).expect("one tree: outer vertices share a root");
                    self.add_blossom(base, e);
                } else if self.label[w] == FREE {
                    self.label[w] = INNER;
                    self.label_end[w] = Some(End { at: v, from: w });
                }
            } else if self.label[bw] == OUTER {
                let b = self.in_blossom[v];
                if self.improves(b, slack) {
                    self.best_edge[b] = Some(e);
                    self.best_slack[b] = slack;
                    self.best_epoch[b] = self.epoch;
                }
            } else if self.label[w] == FREE && self.improves(w, slack) {
                self.best_edge[w] = Some(e);
                self.best_slack[w] = slack;
                self.best_epoch[w] = self.epoch;
                if self.is_reached[w] != self.stage {
                    self.is_reached[w] = self.stage;
                    self.reached.push(w);
                }
            }
        }
        false
    }

    /// The dual change that keeps every constraint and makes one more edge tight (or a dual zero).
    fn best_delta(&mut self) -> (W, Delta) {
        let n = self.n;
        let mut best: Option<(W, Delta)> = None;
        let consider = |d: W, kind: Delta, best: &mut Option<(W, Delta)>| {
            if best.as_ref().is_none_or(|(b, _)| d < *b) {
                *best = Some((d, kind));
            }
        };
        let pass = self.next_pass();
        for &v in &self.tree {
            let b = self.in_blossom[v];
            match self.label[b] {
                OUTER => {
                    consider(self.dual[v], Delta::Zero(v), &mut best);
                    if self.seen[b] != pass {
                        self.seen[b] = pass;
                        if let Some(e) = self.best_edge[b] {
                            consider(self.slack(e.from, e.at).half(), Delta::Close(e), &mut best);
                        }
                    }
                }
                INNER if b >= n && self.seen[b] != pass => {
                    self.seen[b] = pass;
                    consider(self.dual[b], Delta::Open(b), &mut best);
                }
                _ => {}
            }
        }
        for &v in &self.reached {
            if self.label[self.in_blossom[v]] == FREE
                && let Some(e) = self.best_edge[v]
            {
                consider(self.slack(e.from, e.at), Delta::Reach(e), &mut best);
            }
        }
        best.expect("the root is outer")
    }

    /// The tree's duals changed by `delta`: outer vertices and inner blossoms down, inner vertices and outer
    /// blossoms up.
    fn change_duals(&mut self, delta: W) {
        let n = self.n;
        self.epoch = self.epoch.wrapping_add(1).max(1);
        let pass = self.next_pass();
        for i in 0..self.tree.len() {
            let v = self.tree[i];
            let b = self.in_blossom[v];
            let label = self.label[b];
            match label {
                OUTER => self.dual[v] = self.dual[v] - delta,
                INNER => self.dual[v] = self.dual[v] + delta,
                _ => continue,
            }
            if b >= n && self.seen[b] != pass {
                self.seen[b] = pass;
                self.dual[b] = if label == OUTER { self.dual[b] + delta } else { self.dual[b] - delta };
            }
        }
    }
}

/// What the next dual change does: an outer vertex's dual reaches zero, a free vertex is reached, a blossom
/// closes, an inner blossom opens.
enum Delta {
    Zero(usize),
    Reach(End),
    Close(End),
    Open(usize),
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The best total weight by trying every matching.
    fn brute(n: usize, w: &[u64]) -> u64 {
        fn go(n: usize, w: &[u64], used: &mut Vec<bool>) -> u64 {
            let Some(v) = (0..n).find(|&v| !used[v]) else { return 0 };
            used[v] = true;
            let mut best = go(n, w, used);
            for u in v + 1..n {
                if !used[u] && w[v * n + u] > 0 {
                    used[u] = true;
                    best = best.max(w[v * n + u] + go(n, w, used));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        go(n, w, &mut vec![false; n])
    }

    /// The optimality conditions: every edge feasible, matched edges tight, free vertices at dual zero.
    fn check(m: &Matching<u64>) -> Result<(), String> {
        let n = m.n;
        let chain = |v: usize| {
            let mut out = vec![];
            let mut b = m.in_blossom[v];
            let mut x = v;
            while let Some(p) = m.parent[x] {
                out.push(p);
                x = p;
            }
            let _ = &mut b;
            out
        };
        for i in 0..n {
            if m.mate[i].is_none() && m.dual[i] != 0 {
                return Err(format!("free vertex {i} with dual {}", m.dual[i]));
            }
            for j in 0..n {
                if i == j || m.weight(i, j) == 0 {
                    continue;
                }
                let (ci, cj) = (chain(i), chain(j));
                let z: u64 = ci.iter().filter(|b| cj.contains(b)).map(|&b| m.dual[b]).sum();
                let s = (m.dual[i] + m.dual[j] + 2 * z) as i64 - 2 * m.weight(i, j) as i64;
                if s < 0 {
                    return Err(format!("edge {i}-{j} slack {s}"));
                }
                if m.mate[i] == Some(j) && s != 0 {
                    return Err(format!("matched edge {i}-{j} slack {s}"));
                }
            }
        }
        Ok(())
    }

    fn total(m: &Matching<u64>) -> u64 {
        check(m).unwrap();
        let mates = m.mates();
        let mut sum = 0;
        for (v, &u) in mates.iter().enumerate() {
            if u != v {
                assert_eq!(mates[u], v, "mates agree");
                assert!(m.weight(v, u) > 0, "no edge of weight zero is matched");
                if v < u {
                    sum += m.weight(v, u);
                }
            }
        }
        sum
    }

    #[test]
    fn every_solution_weighs_what_the_best_matching_weighs_while_edges_change() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(29);
        for case in 0..400 {
            let n = rng.random_range(1..=9);
            let top = [3u64, 10, 1000][case % 3];
            let mut m = Matching::<u64>::new(n);
            let mut w = vec![0u64; n * n];
            // An edge of random weight (none, three times in ten), in the matching and in the brute force's table.
            let change = |m: &mut Matching<u64>, w: &mut Vec<u64>, rng: &mut rand::rngs::StdRng, v: usize, u: usize| {
                let x = if rng.random_bool(0.3) { 0 } else { rng.random_range(1..=top) };
                m.set(v, u, x);
                w[v * n + u] = x;
                w[u * n + v] = x;
            };
            for v in 0..n {
                for u in 0..v {
                    change(&mut m, &mut w, &mut rng, v, u);
                }
            }
            m.solve();
            if let Err(e) = check(&m) {
                panic!("case {case} from scratch: {e}");
            }
            assert_eq!(total(&m), brute(n, &w), "case {case}: from scratch");
            // Then change the edges of a few vertices at a time, as the pairing does.
            for round in 0..6 {
                if n < 2 {
                    break;
                }
                for _ in 0..rng.random_range(1..=2) {
                    let v = rng.random_range(0..n);
                    for u in 0..n {
                        if u != v && rng.random_bool(0.5) {
                            change(&mut m, &mut w, &mut rng, v, u);
                        }
                    }
                }
                m.solve();
                if let Err(e) = check(&m) {
                    panic!("case {case} change {round}: {e}");
                }
                assert_eq!(total(&m), brute(n, &w), "case {case}, change {round}");
            }
        }
    }
}
