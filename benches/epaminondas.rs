//! Epaminondas: legal-move generation (start position and a busy mid-game), perft(3), random playouts
//! (uniform random legal moves until the game ends), and render + PNG encode of a mid-game board.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tablero::games::epaminondas::{Epaminondas, Options};
use tablero::games::{Game, Position};
use tablero::render::{Captions, SideCaption, board_png};

/// A busy position: 80 random plies from the start, most pieces still on the board and in contact.
fn mid_game() -> Epaminondas {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut p = Epaminondas::new(&Options::default());
    let mut steps = Vec::new();
    for _ in 0..80 {
        p.legal_steps(&mut steps);
        let step = steps[rng.random_range(0..steps.len())];
        p.play_step(step);
    }
    p
}

fn bench(c: &mut Criterion) {
    let start = Epaminondas::new(&Options::default());
    let busy = mid_game();
    let mut steps = Vec::new();
    busy.legal_steps(&mut steps);
    eprintln!("mid-game position: {} legal moves", steps.len());
    c.bench_function("epaminondas_movegen_start", |b| b.iter(|| start.legal_steps(&mut steps)));
    c.bench_function("epaminondas_movegen_mid_game", |b| b.iter(|| busy.legal_steps(&mut steps)));

    let mut group = c.benchmark_group("epaminondas_perft");
    group.sample_size(10);
    group.bench_function("perft_3", |b| b.iter(|| assert_eq!(start.perft(3), 1_787_292)));
    group.finish();

    let mut rng = SmallRng::seed_from_u64(1);
    let games = 200;
    let plies: u32 = (0..games).map(|_| start.clone().playout(&mut rng, |_| {}).1).sum();
    eprintln!("mean random game: {:.0} plies", f64::from(plies) / f64::from(games));
    let mut group = c.benchmark_group("epaminondas_playout");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(2);
    group.bench_function("uniform", |b| b.iter(|| start.clone().playout(&mut rng, |_| {}).1));
    group.finish();

    let captions = Captions {
        sides: [
            SideCaption {
                title: "ana · White".into(),
                score: "26 pieces · far row 0".into(),
                badge: Some("to move".into()),
                note: None,
            },
            SideCaption {
                title: "benedetta · Black".into(),
                score: "25 pieces · far row 1".into(),
                badge: None,
                note: None,
            },
        ],
        legend: tablero::table::legend_words(tablero::i18n::Locale::English),
        ..Captions::default()
    };
    let position = Position::Epaminondas(busy);
    eprintln!("epaminondas mid-game PNG: {} bytes", board_png(&position, &captions).len());
    c.bench_function("epaminondas_render", |b| b.iter(|| board_png(&position, &captions)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
