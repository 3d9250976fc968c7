//! The search every engine shares: minimax with alpha-beta pruning, iterative deepening and a transposition
//! table, over any game that can list its moves, play one, and evaluate a position. Values are from the first
//! side's point of view (positive: good for it); the side to move maximises or minimises, so games where a side
//! moves twice in a row (Hoyito's extra moves) need nothing special. The search stops on a node budget, never on
//! the clock, so the same position and budget always give the same answer.

use std::collections::HashMap;

use crate::games::Side;

/// A won game's value (less the plies it takes, so that a quicker win is preferred).
pub const WIN: i32 = 1_000_000;

/// Values above this are wins found by the search.
pub const WON: i32 = WIN - 10_000;

/// A position the search can explore.
pub trait Node: Clone {
    type Action: Clone;
    /// The moves of the side to move, the likeliest best first (captures before quiet moves, say).
    fn actions(&self) -> Vec<Self::Action>;
    /// The position after `action`.
    fn child(&self, action: &Self::Action) -> Self;
    /// The side to move, `None` when the game is over.
    fn turn(&self) -> Option<Side>;
    /// The value of a finished game: `WIN`, `-WIN` or 0 (first side's view).
    fn result(&self) -> i32;
    /// A static estimate of an unfinished position (first side's view), well inside `±WON`.
    fn estimate(&self) -> i32;
    /// A hash of everything the rules look at (for the transposition table).
    fn key(&self) -> u64;
}

/// How far a search may go: a depth, and a budget of positions visited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub depth: u32,
    pub nodes: u64,
}

/// A root move with its value (first side's view). A value at the edge of the window the move was searched with
/// is only a bound: the move is at most that good for the side to move.
#[derive(Debug, Clone)]
pub struct Scored<A> {
    pub action: A,
    pub value: i32,
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct Found<A> {
    /// The root's moves, best first for the side to move.
    pub moves: Vec<Scored<A>>,
    /// The deepest iteration completed.
    pub depth: u32,
    pub nodes: u64,
}

#[derive(Debug, Clone, Copy)]
enum Bound {
    Exact,
    /// The value is at least this (a cut-off by the maximiser).
    Lower,
    /// The value is at most this.
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    depth: u32,
    value: i32,
    bound: Bound,
    /// Index of the best action found here.
    best: u16,
}

/// The transposition table is cleared beyond this many entries (memory stays bounded).
const TABLE_LIMIT: usize = 1 << 20;

struct Search {
    table: HashMap<u64, Entry>,
    nodes: u64,
    budget: u64,
    out_of_budget: bool,
}

/// Searches `root` within `limits`, with every root move within `margin` of the best scored exactly (a level
/// may choose among them); the others are only known to be worse. `None` when the game is over.
pub fn search<N: Node>(root: &N, limits: Limits, margin: i32) -> Option<Found<N::Action>> {
    let side = root.turn()?;
    let actions = root.actions();
    if actions.is_empty() {
        return None;
    }
    let mut s = Search { table: HashMap::new(), nodes: 0, budget: limits.nodes, out_of_budget: false };
    let children: Vec<N> = actions.iter().map(|a| root.child(a)).collect();
    // Depth 0: the static estimate of each child orders the first iteration.
    let mut order: Vec<usize> = (0..actions.len()).collect();
    let mut values: Vec<i32> =
        children.iter().map(|c| if c.turn().is_none() { c.result() } else { c.estimate() }).collect();
    sort_for(side, &mut order, &values);
    let mut done = Found { moves: scored(&actions, &order, &values), depth: 0, nodes: 0 };
    for depth in 1..=limits.depth.max(1) {
        let mut iteration = values.clone();
        let mut best = if side == Side::First { -WIN - 1 } else { WIN + 1 };
        let mut completed = Vec::new();
        for (rank, &i) in order.iter().enumerate() {
            // The first move gets the full window; the rest a window reaching `margin` below the best so far.
            let (alpha, beta) = match (side, rank) {
                (_, 0) => (-WIN - 1, WIN + 1),
                (Side::First, _) => (best.saturating_sub(margin + 1), WIN + 1),
                (Side::Second, _) => (-WIN - 1, best.saturating_add(margin + 1)),
            };
            let v = s.value(&children[i], depth - 1, alpha, beta, 1);
            if s.out_of_budget {
                break;
            }
            iteration[i] = v;
            completed.push(i);
            best = if side == Side::First { best.max(v) } else { best.min(v) };
        }
        if s.out_of_budget {
            // The moves this last iteration finished are known one ply deeper: keep them, best first, ahead of
            // the moves it did not reach, which are kept out of the level's margin (they were not looked at as
            // deeply, so a move found better here is not traded for one of them).
            if !completed.is_empty() {
                sort_for(side, &mut completed, &iteration);
                let view = |v: i32| if side == Side::First { v } else { -v };
                let floor = view(iteration[completed[0]]).saturating_sub(margin + 1);
                let rest: Vec<usize> = order.iter().copied().filter(|i| !completed.contains(i)).collect();
                for &i in &rest {
                    iteration[i] = view(view(values[i]).min(floor));
                }
                completed.extend(rest);
                done = Found { moves: scored(&actions, &completed, &iteration), depth: done.depth, nodes: s.nodes };
            }
            break;
        }
        values = iteration;
        sort_for(side, &mut order, &values);
        done = Found { moves: scored(&actions, &order, &values), depth, nodes: s.nodes };
        // A forced result is not made truer by looking deeper.
        if values[order[0]].abs() >= WON {
            break;
        }
    }
    done.nodes = s.nodes;
    Some(done)
}

fn sort_for(side: Side, order: &mut [usize], values: &[i32]) {
    // Stable: equal values keep the game's own order (which is deterministic).
    match side {
        Side::First => order.sort_by_key(|&i| std::cmp::Reverse(values[i])),
        Side::Second => order.sort_by_key(|&i| values[i]),
    }
}

fn scored<A: Clone>(actions: &[A], order: &[usize], values: &[i32]) -> Vec<Scored<A>> {
    order.iter().map(|&i| Scored { action: actions[i].clone(), value: values[i] }).collect()
}

impl Search {
    /// Alpha-beta: the value of `node` searched `depth` more plies, within (alpha, beta).
    fn value<N: Node>(&mut self, node: &N, depth: u32, mut alpha: i32, mut beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.out_of_budget = true;
            return 0;
        }
        let Some(side) = node.turn() else {
            // Sooner wins and later losses are better.
            let r = node.result();
            return r - r.signum() * ply;
        };
        if depth == 0 {
            return node.estimate();
        }
        let key = node.key();
        let mut first = None;
        if let Some(e) = self.table.get(&key).copied() {
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower if e.value >= beta => return e.value,
                    Bound::Upper if e.value <= alpha => return e.value,
                    _ => {}
                }
            }
            first = Some(usize::from(e.best));
        }
        let actions = node.actions();
        if actions.is_empty() {
            return node.estimate();
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximise = side == Side::First;
        let mut best_value = if maximise { -WIN - 1 } else { WIN + 1 };
        let mut best_index = 0usize;
        let order =
            first.filter(|&f| f < actions.len()).into_iter().chain((0..actions.len()).filter(|&i| Some(i) != first));
        for i in order {
            let v = self.value(&node.child(&actions[i]), depth - 1, alpha, beta, ply + 1);
            if self.out_of_budget {
                return 0;
            }
            if (maximise && v > best_value) || (!maximise && v < best_value) {
                best_value = v;
                best_index = i;
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_value <= alpha0 {
            Bound::Upper
        } else if best_value >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.table.len() >= TABLE_LIMIT {
            self.table.clear();
        }
        self.table
            .insert(key, Entry { depth, value: best_value, bound, best: best_index.min(u16::MAX as usize) as u16 });
        best_value
    }
}

/// The value of a game's outcome for [`Node::result`]: `WIN`, `-WIN` or 0.
pub fn result_of(outcome: crate::games::Outcome) -> i32 {
    match outcome {
        crate::games::Outcome::Won(Side::First) => WIN,
        crate::games::Outcome::Won(Side::Second) => -WIN,
        _ => 0,
    }
}

/// FNV-1a over bytes: a small, stable hash for position keys (the same on every machine and run).
pub fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim with 1 or 2 taken from a pile: the side that takes the last stone wins.
    #[derive(Clone)]
    struct Nim {
        pile: u8,
        turn: Side,
        last: Side,
    }

    impl Node for Nim {
        type Action = u8;
        fn actions(&self) -> Vec<u8> {
            (1..=2).filter(|&t| t <= self.pile).collect()
        }
        fn child(&self, a: &u8) -> Nim {
            Nim { pile: self.pile - a, turn: self.turn.other(), last: self.turn }
        }
        fn turn(&self) -> Option<Side> {
            (self.pile > 0).then_some(self.turn)
        }
        fn result(&self) -> i32 {
            if self.last == Side::First { WIN } else { -WIN }
        }
        fn estimate(&self) -> i32 {
            0
        }
        fn key(&self) -> u64 {
            fnv([self.pile, self.turn.index() as u8])
        }
    }

    #[test]
    fn nim_is_solved() {
        // A pile of 7: taking 1 leaves a multiple of 3, a lost position for the other side.
        let found =
            search(&Nim { pile: 7, turn: Side::First, last: Side::Second }, Limits { depth: 12, nodes: 1_000_000 }, 0)
                .unwrap();
        assert_eq!(found.moves[0].action, 1);
        assert!(found.moves[0].value >= WON, "{:?}", found.moves[0].value);
        // A pile of 6 is lost for the side to move, whatever it does.
        let found =
            search(&Nim { pile: 6, turn: Side::First, last: Side::Second }, Limits { depth: 12, nodes: 1_000_000 }, 0)
                .unwrap();
        assert!(
            found.moves.iter().all(|m| m.value <= -WON),
            "{:?}",
            found.moves.iter().map(|m| m.value).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_budget_stops_the_search_with_the_last_finished_depth() {
        let found =
            search(&Nim { pile: 60, turn: Side::First, last: Side::Second }, Limits { depth: 60, nodes: 500 }, 0)
                .unwrap();
        assert!(found.depth >= 1 && found.depth < 60, "{}", found.depth);
    }
}
