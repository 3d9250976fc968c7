//! One move through the table service: load the record, check it, play it, write the sled transaction and flush
//! it, and build the reply with its board picture. Games are restarted (untimed) when they end. Prints the median
//! and 90th percentile of the individual moves, since criterion reports means.

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tablero::games::{GameKind, Position, Side};
use tablero::i18n::Locale;
use tablero::store::SledStore;
use tablero::store::record::Player;
use tablero::table::{Actor, Command, Permissions, Table, TableConfig};

fn actor(user: u64, channel: u64) -> Actor {
    Actor {
        guild: 1,
        channel,
        user,
        name: format!("player{user}"),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
    }
}

struct Game {
    channel: u64,
    position: Position,
}

fn new_game(table: &Table, channel: u64) -> Game {
    let challenge = Command::Challenge {
        game: "hoyito".into(),
        opponent: Some(Player { id: 2, name: "player2".into() }),
        options: [("first".to_string(), "challenger".to_string())].into_iter().collect(),
        teams: None,
    };
    table.handle(&actor(1, channel), challenge, 0).unwrap();
    table.handle(&actor(2, channel), Command::Accept { game: None }, 0).unwrap();
    Game { channel, position: Position::new(GameKind::Hoyito, &Default::default()).unwrap() }
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = Table::new(store, TableConfig::default());
    let mut rng = SmallRng::seed_from_u64(9);
    let mut channel = 100;
    let mut game = new_game(&table, channel);
    let mut samples: Vec<Duration> = Vec::new();
    c.bench_function("table_move_with_flush", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                if game.position.to_move().is_none() {
                    channel += 1;
                    game = new_game(&table, channel);
                }
                let side = game.position.to_move().unwrap();
                let legal = game.position.legal_moves();
                let m = legal[rng.random_range(0..legal.len())].clone();
                let who = actor(if side == Side::First { 1 } else { 2 }, game.channel);
                let started = Instant::now();
                table.handle(&who, Command::Move { notation: m.clone(), at: None }, 0).unwrap();
                let took = started.elapsed();
                total += took;
                samples.push(took);
                game.position.play(&m).unwrap();
            }
            total
        })
    });
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q) as usize];
    eprintln!("table move with flush over {} moves: median {:?}, p90 {:?}", samples.len(), at(0.5), at(0.9));
}

criterion_group!(benches, bench);
criterion_main!(benches);
