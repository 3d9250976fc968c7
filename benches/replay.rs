//! Animated replays: every picture of a game rendered and encoded as one GIF (`table::replay_frames` then
//! `render::replay::animate`), for the first 100 plies of an Epaminondas game and the first 175 moves of a Hoyito
//! II game from the regression records. Prints each GIF's size and frame count once. Also the archive's first and
//! last page in a server of 10,000 finished games (sled).

#[path = "../tests/it/common/play.rs"]
mod play;

use criterion::{Criterion, criterion_group, criterion_main};
use tablero::i18n::Locale;
use tablero::records;
use tablero::render::replay::{DISCORD_LIMIT, animate, animate_from};
use tablero::store::record::ChannelId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::store::record::{GameRecord, Player, Status};
use tablero::table::RecordCommand;
use tablero::table::Request;
use tablero::table::{ReplayPictures, replay_frames};

/// The first `plies` moves of a regression record, as a game still on.
fn game(text: &str, plies: usize) -> GameRecord {
    let record = records::read(text.as_bytes()).expect("a record");
    let mut game = records::check(&record, &Player { id: UserId(1), name: "bench".into() }).expect("it replays").game;
    assert!(game.moves.len() >= plies, "the record is long enough");
    game.moves.truncate(plies);
    game.status = Status::Active;
    game
}

fn bench(c: &mut Criterion) {
    let games = [
        ("epaminondas, 100 plies", game(include_str!("../tests/records/epaminondas/011.txt"), 100)),
        ("hoyito 2x6, 175 moves", game(include_str!("../tests/records/hoyito/036.txt"), 175)),
    ];
    for (name, record) in &games {
        let frames = replay_frames(record, Locale::English, 100).unwrap();
        let animation = animate(&frames, DISCORD_LIMIT).unwrap();
        println!(
            "{name}: {} frames, {} bytes ({:.1} KiB), shrink {}",
            animation.kept.len(),
            animation.gif.len(),
            animation.gif.len() as f64 / 1024.0,
            animation.shrink
        );
        c.bench_function(&format!("pictures of {name}"), |b| {
            b.iter(|| replay_frames(record, Locale::English, 100).unwrap().len())
        });
        c.bench_function(&format!("GIF encoding of {name}"), |b| {
            b.iter(|| animate(&frames, DISCORD_LIMIT).unwrap().gif.len())
        });
        c.bench_function(&format!("replay GIF of {name}"), |b| {
            b.iter(|| {
                let frames = replay_frames(record, Locale::English, 100).unwrap();
                animate(&frames, DISCORD_LIMIT).unwrap().gif.len()
            })
        });
        // What `/replay` does: each picture drawn as the encoder takes it, at most the default frame limit.
        let most = tablero::table::Limits::default().replay_frames;
        c.bench_function(&format!("replay GIF drawn while encoded, {name}"), |b| {
            b.iter(|| {
                let mut pictures = ReplayPictures::new(record, Locale::English, 100).unwrap();
                animate_from(&mut pictures, DISCORD_LIMIT, most).unwrap().gif.len()
            })
        });
    }
}

fn archive(c: &mut Criterion) {
    use tablero::store::{GameWrite, SledStore, Store, Unit};
    use tablero::table::{Actor, Command, Permissions, Table, TableConfig};
    let dir = tempfile::tempdir().unwrap();
    let store = std::sync::Arc::new(SledStore::open(dir.path()).unwrap());
    // `count` finished games of 40 moves in server `guild`, ended one second apart, committed 500 a unit.
    let fill = |guild: u64, count: u64| {
        let first = store.reserve_game_ids(count).unwrap();
        for chunk in (0..count).collect::<Vec<_>>().chunks(500) {
            let games = chunk
                .iter()
                .map(|n| {
                    let mut game = play::finished_game(first.get() + n, guild, 40, None);
                    game.updated_at = 1_000 + n;
                    GameWrite { record: game, base: None }
                })
                .collect();
            store.commit(&Unit { games, ..Unit::default() }).unwrap();
        }
    };
    fill(7, 10_000);
    // A small server beside the big one: its list no longer reads the others' games.
    fill(9, 100);
    let table = Table::new(store, TableConfig::default());
    let actor = Actor {
        guild: GuildId(7),
        channel: ChannelId(1),
        user: UserId(5),
        name: "eve".into(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    };
    for (name, page) in [("first", 0), ("last", 999)] {
        c.bench_function(&format!("archive {name} page of 10,000 finished games"), |b| {
            b.iter(|| {
                table
                    .handle(Request::new(
                        &actor,
                        Command::Record(RecordCommand::Archive { player: None, game: None, page }),
                        0,
                    ))
                    .unwrap()
                    .unwrap()
                    .len()
            })
        });
    }
    let actor = Actor { guild: GuildId(9), ..actor };
    c.bench_function("archive first page of a server of 100 games in a store of 10,100", |b| {
        b.iter(|| {
            table
                .handle(Request::new(
                    &actor,
                    Command::Record(RecordCommand::Archive { player: None, game: None, page: 0 }),
                    0,
                ))
                .unwrap()
                .unwrap()
                .len()
        })
    });
}

criterion_group!(benches, bench, archive);
criterion_main!(benches);
