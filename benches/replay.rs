//! Animated replays: every picture of a game rendered and encoded as one GIF (`table::replay_frames` then
//! `render::replay::animate`), for the first 100 plies of an Epaminondas game and the first 175 moves of a Hoyito
//! II game from the regression records. Prints each GIF's size and frame count once.

use criterion::{Criterion, criterion_group, criterion_main};
use tablero::i18n::Locale;
use tablero::records;
use tablero::render::replay::{DISCORD_LIMIT, animate};
use tablero::store::record::{GameRecord, Player, Status};
use tablero::table::replay_frames;

/// The first `plies` moves of a regression record, as a game still on.
fn game(text: &str, plies: usize) -> GameRecord {
    let record = records::read(text.as_bytes()).expect("a record");
    let mut game = records::check(&record, &Player { id: 1, name: "bench".into() }).expect("it replays").game;
    assert!(game.moves.len() >= plies, "the record is long enough");
    game.moves.truncate(plies);
    game.status = Status::Active;
    game
}

fn bench(c: &mut Criterion) {
    let games = [
        ("epaminondas, 100 plies", game(include_str!("../tests/records/epaminondas/002.txt"), 100)),
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
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
