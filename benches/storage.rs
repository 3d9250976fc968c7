//! The store over time: backup and restore of 10,000 games (criterion), and, printed, what a move writes at
//! move 10 and move 400 of an Epaminondas game and the folder's size after 8,000 Hoyito moves in one run
//! against a restart every 40 moves.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tablero::games::{GameKind, Position, Side};
use tablero::i18n::Locale;
use tablero::store::record::{FinishReason, First, GameRecord, MoveEntry, Player, Status};
use tablero::store::{GameWrite, SledStore, Store, Unit, backup, folder};
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

/// Plays `moves` random legal moves (new games as they end); returns the bytes the store wrote for each.
fn play(
    table: &Table,
    store: &SledStore,
    game: GameKind,
    channel: &mut u64,
    moves: usize,
    rng: &mut SmallRng,
) -> Vec<u64> {
    let mut written = Vec::new();
    let mut position: Option<Position> = None;
    for _ in 0..moves {
        if position.as_ref().is_none_or(|p| p.to_move().is_none()) {
            *channel += 1;
            let challenge = Command::Challenge {
                game: game.name().into(),
                opponent: Some(Player { id: 2, name: "player2".into() }),
                options: [("first".to_string(), "challenger".to_string())].into_iter().collect(),
                teams: None,
            };
            table.handle(&actor(1, *channel), challenge, 0).unwrap();
            table.handle(&actor(2, *channel), Command::Accept { game: None }, 0).unwrap();
            position = Some(Position::new(game, &Default::default()).unwrap());
        }
        let p = position.as_mut().unwrap();
        let legal = p.legal_moves();
        let m = legal[rng.random_range(0..legal.len())].clone();
        let who = if p.to_move() == Some(Side::First) { 1 } else { 2 };
        let before = store.bytes_written();
        table.handle(&actor(who, *channel), Command::Move { notation: m.clone(), at: None }, 0).unwrap();
        written.push(store.bytes_written() - before);
        p.play(&m).unwrap();
    }
    written
}

fn bytes_per_move() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = Table::new(store.clone(), TableConfig::default());
    let mut rng = SmallRng::seed_from_u64(5);
    let mut channel = 10;
    loop {
        let first = channel;
        let written = play(&table, &store, GameKind::Epaminondas, &mut channel, 400, &mut rng);
        if channel == first + 1 {
            let record = store.game(store.last_channel_game(channel).unwrap().unwrap()).unwrap().unwrap();
            // What the first release wrote for the same move: the revision and the whole record as JSON.
            let whole = 8 + serde_json::to_vec(&record).unwrap().len();
            eprintln!(
                "bytes written by a move: {} at move 10, {} at move 400 (the whole record, as version 1 wrote it: {whole})",
                written[9], written[399]
            );
            return;
        }
    }
}

fn folder_growth() {
    let run = |restart_every: usize| -> u64 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data");
        let mut rng = SmallRng::seed_from_u64(8);
        let (mut channel, mut done) = (10, 0);
        while done < 8_000 {
            let store = Arc::new(folder::open(&path).unwrap());
            let table = Table::new(store.clone(), TableConfig::default());
            play(&table, &store, GameKind::Hoyito, &mut channel, restart_every, &mut rng);
            done += restart_every;
            channel += 1;
        }
        folder::size(&path)
    };
    let (once, restarted) = (run(8_000), run(40));
    eprintln!("folder after 8,000 Hoyito moves: {once} bytes in one run, {restarted} with a restart every 40 moves");
}

fn finished_game(id: u64) -> GameRecord {
    let (a, b) = (10 + id % 50, 60 + id % 50);
    let player = |id| Player { id, name: format!("player{id}") };
    GameRecord {
        id,
        kind: GameKind::Hoyito,
        options: GameKind::Hoyito.normalise_options(&Default::default()).unwrap(),
        guild: 7,
        channel: 1_000_000 + id,
        challenger: player(a),
        opponent: Some(player(b)),
        first: First::Challenger,
        seats: vec![player(a), player(b)],
        teams: vec![],
        challenger_side: None,
        rosters: vec![],
        moves: (0..40).map(|n| MoveEntry { notation: ((n % 6) + 1).to_string(), by: a, at: n }).collect(),
        status: Status::Finished { winner: Some(Side::First), reason: FinishReason::Resignation },
        draw_offer: None,
        created_at: 0,
        updated_at: 0,
        expires_at: 0,
        revision: 41,
        wants_thread: false,
        clock: None,
        due: None,
        rated: false,
        rating_sequence: None,
        rating_changes: vec![],
        tournament: None,
    }
}

fn ten_thousand_games(path: &Path) -> SledStore {
    let store = SledStore::open(path).unwrap();
    let first = store.reserve_game_ids(10_000).unwrap();
    for chunk in (0..10_000u64).collect::<Vec<_>>().chunks(500) {
        let games = chunk.iter().map(|n| GameWrite { record: finished_game(first + n), base: None }).collect();
        store.commit(&Unit { games, ..Unit::default() }).unwrap();
    }
    store
}

fn backup_and_restore(c: &mut Criterion) {
    bytes_per_move();
    folder_growth();
    let dir = tempfile::tempdir().unwrap();
    let store = ten_thousand_games(&dir.path().join("data"));
    let mut file = Vec::new();
    let mut group = c.benchmark_group("store");
    group.sample_size(10);
    group.bench_function("backup_10000_games", |b| {
        b.iter(|| {
            file.clear();
            backup::write(&mut file, &store.snapshot().unwrap(), 0).unwrap();
        })
    });
    eprintln!("a backup of 10,000 games of 40 moves: {} bytes", file.len());
    let entries = backup::read(file.as_slice()).unwrap();
    let mut n = 0;
    group.bench_function("restore_10000_games", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                n += 1;
                let target = dir.path().join(format!("restored-{n}"));
                let started = Instant::now();
                folder::restore(&target, &entries).unwrap();
                total += started.elapsed();
                std::fs::remove_dir_all(&target).unwrap();
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, backup_and_restore);
criterion_main!(benches);
