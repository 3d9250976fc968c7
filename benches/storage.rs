//! The store over time: backup and restore of 10,000 games (criterion), and, printed, what a move writes at
//! move 10 and move 400 of an Epaminondas game and the folder's size after 8,000 Hoyito moves in one run
//! against a restart every 40 moves.

#[path = "../tests/it/common/play.rs"]
mod play;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero::store::record::ChannelId;

use criterion::{Criterion, criterion_group, criterion_main};
use play::{finished_game, play};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tablero::games::GameKind;
use tablero::store::{GameWrite, SledStore, Store, Unit, backup, folder};
use tablero::table::{Table, TableConfig};

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
            let record = store.game(store.last_channel_game(ChannelId(channel)).unwrap().unwrap()).unwrap().unwrap();
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
            let limits = tablero::table::Limits { live_games: usize::MAX, ..Default::default() };
            let table = Table::new(store.clone(), TableConfig { limits, ..TableConfig::default() });
            play(&table, &store, GameKind::Hoyito, &mut channel, restart_every, &mut rng);
            done += restart_every;
            channel += 1;
        }
        folder::size(&path)
    };
    let (once, restarted) = (run(8_000), run(40));
    eprintln!("folder after 8,000 Hoyito moves: {once} bytes in one run, {restarted} with a restart every 40 moves");
}

fn ten_thousand_games(path: &Path) -> SledStore {
    let store = SledStore::open(path).unwrap();
    let first = store.reserve_game_ids(10_000).unwrap();
    for chunk in (0..10_000u64).collect::<Vec<_>>().chunks(500) {
        let games = chunk
            .iter()
            .map(|n| GameWrite { record: finished_game(first.get() + n, 7, 40, None), base: None })
            .collect();
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
    backup::write(&mut file, &store.snapshot().unwrap(), 0).unwrap();
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
    drop(store);
    let data = dir.path().join("data");
    eprintln!("the store of 10,000 games: {} bytes on disk", folder::size(&data));
    // Opening keeps the store as it was beside it first (the log copied), for a damaged one to be put back.
    group.bench_function("open_10000_games", |b| b.iter(|| drop(SledStore::open(&data).unwrap())));
    group.bench_function("salvage_10000_games", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                n += 1;
                let target = dir.path().join(format!("salvaged-{n}"));
                let started = Instant::now();
                let done = folder::salvage(&data, &target).unwrap();
                total += started.elapsed();
                assert!(done.lost.is_empty(), "{:?}", done.lost);
                std::fs::remove_dir_all(&target).unwrap();
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, backup_and_restore);
criterion_main!(benches);
