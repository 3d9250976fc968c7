//! Rendering and PNG-encoding a mid-game Hoyito II board (2x6 and 2x12). Prints the PNG sizes once.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tablero::games::hoyito::{Hoyito, Options};
use tablero::games::{Game, Position, Side};
use tablero::render::{Captions, SideCaption, board_png};

fn mid_game(holes: u8, moves: usize) -> Position {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut p = Hoyito::new(&Options { holes, ..Options::default() });
    for _ in 0..moves {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        p = p.play(&legal[rng.random_range(0..legal.len())]).unwrap();
    }
    Position::Hoyito(p)
}

fn captions() -> Captions {
    Captions {
        sides: [
            SideCaption {
                title: "ana · South".into(),
                score: "captured 16".into(),
                badge: Some("to move".into()),
                note: None,
            },
            SideCaption { title: "benedetta · North".into(), score: "captured 12".into(), badge: None, note: None },
        ],
        legend: tablero::table::legend_words(tablero::i18n::Locale::English),
        ..Captions::default()
    }
}

fn bench(c: &mut Criterion) {
    let captions = captions();
    for (name, position) in [("render_2x6", mid_game(6, 30)), ("render_2x12", mid_game(12, 60))] {
        eprintln!(
            "{name}: {} bytes, side to move {:?}",
            board_png(&position, &captions).len(),
            position.to_move().map(Side::index)
        );
        c.bench_function(name, |b| b.iter(|| board_png(&position, &captions)));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
