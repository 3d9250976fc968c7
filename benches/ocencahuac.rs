//! Ocencahuac: legal-move generation (the opening and a stage-2 position), playouts per second (uniform random
//! and the biased player of rules 4.16), and render + PNG encode.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tablero::games::ocencahuac::{Ocencahuac, Options, Policy};
use tablero::games::{Game, Position};
use tablero::render::{Captions, SideCaption, board_png};

/// The biased game of seed 3 up to its first capture (a stage-2 position).
fn stage_two() -> Ocencahuac {
    let mut moves = Vec::new();
    Ocencahuac::new(&Options::default())
        .playout(&mut SmallRng::seed_from_u64(3), Policy::Biased, |m| moves.push(m.clone()));
    let mut p = Ocencahuac::new(&Options::default());
    for m in moves {
        p = p.play(&m).unwrap();
        if p.last_move().unwrap().captured.is_some() || p.to_move().is_none() {
            break;
        }
    }
    p
}

fn bench(c: &mut Criterion) {
    let start = Ocencahuac::new(&Options::default());
    let late = stage_two();
    eprintln!("stage-2 position: {} legal moves", late.candidates().len());
    c.bench_function("ocencahuac_movegen_opening", |b| b.iter(|| start.candidates().len()));
    c.bench_function("ocencahuac_movegen_stage_two", |b| b.iter(|| late.candidates().len()));

    let mut group = c.benchmark_group("ocencahuac_playout");
    group.throughput(Throughput::Elements(1));
    for (name, policy) in [("uniform", Policy::Uniform), ("biased", Policy::Biased)] {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut plies = 0u64;
        for _ in 0..50 {
            start.clone().playout(&mut rng, policy, |_| plies += 1);
        }
        eprintln!("{name}: mean game {:.0} plies", plies as f64 / 50.0);
        group.bench_function(name, |b| b.iter(|| start.clone().playout(&mut rng, policy, |_| {})));
    }
    group.finish();

    let captions = Captions {
        sides: [
            SideCaption {
                title: "ana · Sangangüey".into(),
                score: "captured 1 · crowns 3".into(),
                badge: Some("to move".into()),
                note: None,
            },
            SideCaption {
                title: "ben · Ceboruco".into(),
                score: "captured 0 · crowns 1".into(),
                badge: None,
                note: None,
            },
        ],
        legend: tablero::table::legend_words(tablero::i18n::Locale::English),
        ..Captions::default()
    };
    let position = Position::Ocencahuac(late);
    eprintln!("ocencahuac PNG: {} bytes", board_png(&position, &captions).len());
    c.bench_function("ocencahuac_render", |b| b.iter(|| board_png(&position, &captions)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
