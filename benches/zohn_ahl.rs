//! Zohn Ahl and Tsoñä: whole simulated games per second (sticks thrown as the table throws them, default
//! options: 4 counters a team; 2 laps), and render + PNG encode of a board.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use tablero::games::zohn_ahl::{Options, Variant, ZohnAhl};
use tablero::games::{Game, Position, Side};
use tablero::render::{Captions, SideCaption, board_png};
use tablero::table::throw_sticks;

fn simulate(rng: &mut SmallRng, start: &ZohnAhl) -> u32 {
    let mut p = start.clone();
    let mut throws = 0;
    while p.to_move().is_some() {
        p = p.play(&throw_sticks(rng, 0.5)).expect("a throw is legal while the game goes on");
        throws += 1;
    }
    throws
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("zohn_ahl_game");
    group.throughput(Throughput::Elements(1));
    for (name, variant) in [("zohn_ahl", Variant::ZohnAhl), ("tsona", Variant::Tsona)] {
        let start = ZohnAhl::new(&Options { variant, ..Options::default() });
        let mut rng = SmallRng::seed_from_u64(1);
        let throws: u32 = (0..1000).map(|_| simulate(&mut rng, &start)).sum();
        eprintln!("{name}: mean game {:.0} throws", f64::from(throws) / 1000.0);
        group.bench_function(name, |b| b.iter(|| simulate(&mut rng, &start)));
    }
    group.finish();

    let options = Options { variant: Variant::Tsona, ..Options::default() };
    let position = Position::ZohnAhl(
        ZohnAhl::from_parts(options, [9, 24], [1, 0], Side::First).play(&"FRFF".parse().unwrap()).unwrap(),
    );
    let captions = Captions {
        sides: [
            SideCaption {
                title: "@red · West".into(),
                score: "1 laps · step 12".into(),
                badge: Some("to move".into()),
                note: None,
            },
            SideCaption {
                title: "ana, ben · East".into(), score: "0 laps · step 24".into(), badge: None, note: None
            },
        ],
        legend: tablero::table::legend_words(tablero::i18n::Locale::English),
        ..Captions::default()
    };
    eprintln!("awl cloth PNG: {} bytes", board_png(&position, &captions).len());
    c.bench_function("zohn_ahl_render", |b| b.iter(|| board_png(&position, &captions)));
}

criterion_group!(benches, bench);
criterion_main!(benches);
