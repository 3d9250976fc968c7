//! `/leaderboard` for a server with 10,000 rated players whose ratings come from 200,000 games: the store read
//! (the ordered index, a page of ratings) and the reply, as text and with its picture; also a deep page.
//!
//! The ratings are built by replaying 200,000 random results through Glicko-2 in memory and written with the
//! store's recomputation path; the leaderboard reads only ratings and their index, not game records.

use std::sync::Arc;
use tablero::store::record::ChannelId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::RatingCommand;
use tablero::table::Request;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use tablero::games::GameKind;
use tablero::i18n::Locale;
use tablero::store::{Rating, SledStore, Standings, StandingsWrite, Store, Unit};
use tablero::table::{Actor, Command, Permissions, Table, TableConfig};

const PLAYERS: usize = 10_000;
const GAMES: usize = 200_000;

fn populate(store: &SledStore) {
    let mut rng = StdRng::seed_from_u64(9);
    let strength: Vec<f64> = (0..PLAYERS).map(|_| rng.random_range(-400.0..400.0)).collect();
    let mut ratings: Vec<Rating> = (0..PLAYERS).map(|i| Rating::new(&format!("player{i}"))).collect();
    let config = Glicko2Config::new();
    for _ in 0..GAMES {
        let (a, b) = (rng.random_range(0..PLAYERS), rng.random_range(0..PLAYERS));
        if a == b {
            continue;
        }
        let p = 1.0 / (1.0 + 10f64.powf((strength[b] - strength[a]) / 400.0));
        let outcome = if rng.random_bool(p) { Outcomes::WIN } else { Outcomes::LOSS };
        let g = |r: &Rating| Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
        let (ra, rb) = glicko2(&g(&ratings[a]), &g(&ratings[b]), &outcome, &config);
        for (i, r, won) in [(a, ra, outcome == Outcomes::WIN), (b, rb, outcome == Outcomes::LOSS)] {
            let e = &mut ratings[i];
            e.rating = r.rating;
            e.deviation = r.deviation;
            e.volatility = r.volatility;
            e.games += 1;
            if won {
                e.wins += 1
            } else {
                e.losses += 1
            }
            if e.history.len() < 100 {
                e.history.push((0, r.rating));
            }
        }
    }
    let standings = Standings {
        sequences: vec![(GuildId(1), GAMES as u64)],
        ratings: ratings
            .into_iter()
            .enumerate()
            .map(|(i, r)| (GuildId(1), GameKind::Hoyito, tablero::store::record::UserId(i as u64 + 1), r))
            .collect(),
        teams: Vec::new(),
    };
    let write = StandingsWrite { bases: vec![(GuildId(1), 0)], standings, replace: true };
    store.commit(&Unit { standings: Some(write), ..Unit::default() }).unwrap();
}

fn leaderboard(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    populate(&store);
    let (_, established) = store.leaderboard(GuildId(1), GameKind::Hoyito, false, 0, 0).unwrap();
    let (_, provisional) = store.leaderboard(GuildId(1), GameKind::Hoyito, true, 0, 0).unwrap();
    println!("{established} established and {provisional} provisional players");
    let table = Table::new(store, TableConfig::default());
    let actor = Actor {
        guild: GuildId(1),
        channel: ChannelId(1),
        user: UserId(1),
        name: "ana".into(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    };
    let page = |page, picture| {
        Command::Rating(RatingCommand::Leaderboard {
            game: tablero::games::GameKind::Hoyito,
            page,
            provisional: false,
            picture,
            season: None,
        })
    };
    c.bench_function("leaderboard/first_page_text", |b| {
        b.iter(|| table.handle(Request::new(&actor, page(0, false), 0)).unwrap().unwrap())
    });
    c.bench_function("leaderboard/first_page_with_picture", |b| {
        b.iter(|| table.handle(Request::new(&actor, page(0, true), 0)).unwrap().unwrap())
    });
    let last = established.div_ceil(10).saturating_sub(1);
    c.bench_function("leaderboard/last_page_text", |b| {
        b.iter(|| table.handle(Request::new(&actor, page(last, false), 0)).unwrap().unwrap())
    });
}

criterion_group!(benches, leaderboard);
criterion_main!(benches);
