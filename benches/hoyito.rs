//! Hoyito II random playouts: whole games of uniformly random moves from the start position.
//! `legal`: through `Game::play` with the full legal list every move (every candidate sowing simulated);
//! `lazy`: `Hoyito::playout`, which picks a random hole with seeds and rejects it only if it never ends
//! (a sowing that would circle for ever), the way a playout-based computer player would. Both are uniform over
//! the legal moves.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tablero::games::Game;
use tablero::games::hoyito::{Hoyito, Options};

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
    let mut moves = 0;
    start.clone().playout(rng, |_| moves += 1);
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
