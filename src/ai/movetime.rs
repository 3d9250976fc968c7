//! The computer's time per move at full budget on a fixed set of positions from real games (level 3 against
//! itself, each game opened by two seeded random moves, a position every few plies): `tablero admin movetime`
//! prints each level's median, 95th percentile and slowest move, the figures docs/computer.md quotes against the
//! targets (level 5 at most 2 s at the 95th percentile, level 1 at most 50 ms).

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::ladder::Timing;
use super::{Level, choose};
use crate::games::{GameKind, OptionSet, Position};

/// Plies between two positions taken from the same game.
const EVERY: usize = 7;

/// `count` positions from seeded games of level 3 against itself (the same seed, the same positions).
pub fn positions(kind: GameKind, count: usize, seed: u64) -> Vec<Position> {
    let mut out = Vec::new();
    let mut game = 0u64;
    while out.len() < count && game < 1_000 {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(game));
        let mut position = Position::new(kind, &OptionSet::new()).expect("the default options are valid");
        for ply in 0.. {
            if position.to_move().is_none() || out.len() >= count || ply > 600 {
                break;
            }
            if ply >= 2 && ply % EVERY == 0 {
                out.push(position.clone());
            }
            let notation = if ply < 2 {
                let legal = position.legal_moves();
                legal[rng.random_range(0..legal.len())].clone()
            } else {
                choose(&position, Level(3), rng.random(), 1.0).expect("a move to choose").notation
            };
            position.play(&notation).expect("the engine plays legal moves");
        }
        game += 1;
    }
    out
}

/// Each level's time for one move in every position, at full budget, one at a time on this thread.
pub fn measure(positions: &[Position], mut progress: impl FnMut(Level, &Timing)) -> [Timing; 5] {
    let mut timing: [Timing; 5] = Default::default();
    for level in Level::ALL {
        let t = &mut timing[usize::from(level.number() - 1)];
        for (i, p) in positions.iter().enumerate() {
            let started = Instant::now();
            std::hint::black_box(choose(p, level, i as u64, 1.0));
            t.millis.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        progress(level, t);
    }
    timing
}

/// The times as a Markdown table.
pub fn table(kind: GameKind, positions: usize, timing: &[Timing; 5]) -> String {
    let mut out =
        format!("{} — one move in each of {positions} positions from real games, full budget\n\n", kind.name());
    out.push_str("| level | median ms | p95 ms | max ms |\n| --- | --- | --- | --- |\n");
    for (i, t) in timing.iter().enumerate() {
        out.push_str(&format!(
            "| {} | {:.1} | {:.1} | {:.1} |\n",
            i + 1,
            t.percentile(0.5),
            t.percentile(0.95),
            t.percentile(1.0)
        ));
    }
    out
}
