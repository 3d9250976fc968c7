//! The computer: search speed per game (positions visited per second) and time per move at each level, at full
//! budget, on a fixed set of positions from seeded games. `cargo bench --bench ai`.

use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablero::ai::{Level, choose};
use tablero::games::{GameKind, OptionSet, Position};

/// Positions after 10, 30 and 60 plies of seeded random play (fewer if the game ends first).
fn positions(kind: GameKind) -> Vec<Position> {
    let mut out = Vec::new();
    for (seed, plies) in [(1u64, 10usize), (2, 30), (3, 60)] {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Position::new(kind, &OptionSet::new()).unwrap();
        for _ in 0..plies {
            if p.to_move().is_none() {
                break;
            }
            let legal = p.legal_moves();
            let m = legal[rng.random_range(0..legal.len())].clone();
            p.play(&m).unwrap();
        }
        if p.to_move().is_some() {
            out.push(p);
        }
    }
    out
}

fn per_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("computer move");
    group.sample_size(10);
    for kind in [GameKind::Hoyito, GameKind::Epaminondas, GameKind::Ocencahuac] {
        let set = positions(kind);
        for level in Level::ALL {
            group.bench_function(format!("{} level {level}", kind.name()), |b| {
                b.iter(|| {
                    for p in &set {
                        std::hint::black_box(choose(p, level, 7, 1.0));
                    }
                })
            });
        }
        // Search speed: positions visited per second at level 5, printed once.
        let started = Instant::now();
        let nodes: u64 = set.iter().map(|p| choose(p, Level::ALL[4], 7, 1.0).map_or(0, |c| c.nodes)).sum();
        let rate = nodes as f64 / started.elapsed().as_secs_f64();
        println!("{}: {nodes} positions in {:.2?}: {:.0} positions/s", kind.name(), started.elapsed(), rate);
    }
    group.finish();
}

criterion_group!(benches, per_move);
criterion_main!(benches);
