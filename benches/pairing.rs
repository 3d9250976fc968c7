//! A Swiss round for 500 players, paired by the function tournaments use (`pairing::swiss`), after four rounds of
//! results drawn at random (stronger seeds win more often, a draw now and then), and the fifth round paired
//! from them; also 100 players for scale.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablero::table::tournament::pairing::{swiss, swiss_players};

/// The games and byes of `rounds` Swiss rounds of `n` players, paired by tablero and decided at random.
fn history(n: usize, rounds: usize) -> (Vec<(usize, usize, f64)>, Vec<usize>) {
    let mut rng = StdRng::seed_from_u64(29);
    let (mut games, mut byes) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let players = swiss_players(n, &games, &byes, |_| true);
        let round = swiss(&players);
        for &(a, b) in &round.pairs {
            // The better seed (lower index) wins two times in three; one game in ten is drawn.
            let roll: f64 = rng.random();
            let first_better = a < b;
            let points = match roll {
                r if r < 0.1 => 0.5,
                r if r < 0.7 => {
                    if first_better {
                        1.0
                    } else {
                        0.0
                    }
                }
                _ => {
                    if first_better {
                        0.0
                    } else {
                        1.0
                    }
                }
            };
            games.push((a, b, points));
        }
        byes.extend(round.bye);
    }
    (games, byes)
}

fn bench(c: &mut Criterion) {
    for n in [100, 500] {
        let (games, byes) = history(n, 4);
        let players = swiss_players(n, &games, &byes, |_| true);
        let round = swiss(&players);
        assert_eq!(round.pairs.len() * 2 + usize::from(round.bye.is_some()), n, "everyone paired");
        c.bench_function(&format!("pairing/swiss_round_5_of_{n}_players"), |b| b.iter(|| swiss(&players)));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
