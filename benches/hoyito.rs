//! Hoyito II random playouts: whole games of uniformly random moves from the start position.
//! `legal`: the full legal list every move (every candidate sowing simulated); `lazy`: pick a random non-empty
//! hole and reject it only if it never ends (CLARIFICATIONS 21), the way a playout-based computer player would.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tablero::games::Game;
use tablero::games::hoyito::{Hole, Hoyito, Options};

fn playout_legal(rng: &mut SmallRng, start: &Hoyito) -> usize {
    let mut p = start.clone();
    let mut moves = 0;
    while p.to_move().is_some() {
        let legal = p.legal_moves();
        p = p.play(&legal[rng.random_range(0..legal.len())]).expect("legal");
        moves += 1;
    }
    moves
}

fn playout_lazy(rng: &mut SmallRng, start: &Hoyito) -> usize {
    let mut p = start.clone();
    let mut moves = 0;
    while p.to_move().is_some() {
        // A random hole with seeds; a never-ending one is dropped and another drawn.
        let mut candidates = p.sowable();
        loop {
            let pick = rng.random_range(0..candidates.count_ones());
            let mut bits = candidates;
            for _ in 0..pick {
                bits &= bits - 1;
            }
            let hole = Hole(bits.trailing_zeros() as u8 + 1);
            match p.play(&hole) {
                Ok(next) => {
                    p = next;
                    break;
                }
                Err(e) => {
                    p = e.position;
                    candidates &= !(1 << (hole.0 - 1));
                }
            }
        }
        moves += 1;
    }
    moves
}

fn bench(c: &mut Criterion) {
    let start = Hoyito::new(&Options::default());
    // Report the mean game length once, so playouts/s can be turned into moves/s.
    let mut rng = SmallRng::seed_from_u64(1);
    let games = 2000;
    let total: usize = (0..games).map(|_| playout_lazy(&mut rng, &start)).sum();
    eprintln!("mean 2x6 random game: {:.1} moves", total as f64 / games as f64);

    let mut group = c.benchmark_group("hoyito_playout_2x6");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(2);
    group.bench_function("legal", |b| b.iter(|| playout_legal(&mut rng, &start)));
    let mut rng = SmallRng::seed_from_u64(3);
    group.bench_function("lazy", |b| b.iter(|| playout_lazy(&mut rng, &start)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
