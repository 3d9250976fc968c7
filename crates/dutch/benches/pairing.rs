//! A Swiss round paired by the Dutch engine: 100, 500 and 1,000 players (the most a tournament takes), round 5 after four rounds paired by the engine
//! and decided at random (the better seed wins two games in three, one in ten is drawn).

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablero_dutch::{Colour, Match, Outcome, Player, Tournament, pair};

fn tournament(matches: &[Vec<Match>], rounds: usize) -> Tournament {
    let n = matches.len();
    let mut t = Tournament {
        players: (0..n).map(|p| Player::new(p, matches[p].clone())).collect(),
        by_rank: (0..n).collect(),
        played: matches.first().map_or(0, Vec::len),
        rounds,
        initial: Some(Colour::White),
        ..Tournament::default()
    };
    t.prepare();
    t
}

/// Four rounds of `n` players, paired by the engine and decided at random.
fn history(n: usize) -> Vec<Vec<Match>> {
    let mut rng = StdRng::seed_from_u64(29);
    let mut matches = vec![Vec::new(); n];
    for _ in 0..4 {
        let pairs = pair(&tournament(&matches, 9)).expect("a pairing");
        for (white, black) in pairs {
            if white == black {
                let bye =
                    Match { opponent: white, colour: Colour::None, outcome: Outcome::Win, played: false, paired: true };
                matches[white].push(bye);
                continue;
            }
            let roll: f64 = rng.random();
            let white_better = white < black;
            let outcome = if roll < 0.1 {
                Outcome::Draw
            } else if (roll < 0.7) == white_better {
                Outcome::Win
            } else {
                Outcome::Loss
            };
            let other = match outcome {
                Outcome::Win => Outcome::Loss,
                Outcome::Loss => Outcome::Win,
                Outcome::Draw => Outcome::Draw,
            };
            matches[white].push(Match { opponent: black, colour: Colour::White, outcome, played: true, paired: true });
            matches[black].push(Match {
                opponent: white,
                colour: Colour::Black,
                outcome: other,
                played: true,
                paired: true,
            });
        }
    }
    matches
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("pairing");
    group.sample_size(10);
    for n in [100, 500, 1000] {
        let t = tournament(&history(n), 9);
        assert_eq!(pair(&t).unwrap().len(), n.div_ceil(2), "everyone paired");
        group.bench_function(format!("dutch_round_5_of_{n}_players"), |b| b.iter(|| pair(&t).unwrap()));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
