//! One move through the table service: load the record, check it, play it, commit the unit of work and flush
//! it, and build the reply with its board picture; in an empty server, and in a server with a long history
//! (1,000 finished tournaments and 10,000 finished games: a move must look only at its own game and, when it
//! ends, its own tournament). Hoyito games are restarted (untimed) when they end. Prints the median and 90th
//! percentile of the individual moves, since criterion reports means.

#[path = "../tests/it/common/play.rs"]
mod play;

use std::sync::Arc;
use std::time::{Duration, Instant};
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::TournamentId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand};

use criterion::{Criterion, criterion_group, criterion_main};
use play::{finished_game, player, typed_challenge};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tablero::games::{GameKind, Position, Side};
use tablero::i18n::Locale;
use tablero::store::tournament::{Entrant, Format, Pairing, TournamentRound, TournamentStatus};
use tablero::store::{GameWrite, SledStore, Store, Tournament, TournamentWrite, Unit};
use tablero::table::{Actor, Command, Permissions, Table, TableConfig};

const GUILD: u64 = 7;
const GAMES: u64 = 10_000;
const TOURNAMENTS: u64 = 1_000;

fn actor(user: u64, channel: u64) -> Actor {
    Actor {
        guild: GuildId(GUILD),
        channel: ChannelId(channel),
        user: UserId(user),
        name: format!("player{user}"),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    }
}

/// 10,000 finished games, 2,000 of them in 1,000 finished tournaments of four players, all in one server.
fn fill(store: &SledStore) {
    let per_tournament = 2;
    let first_free = store.reserve_game_ids(GAMES).unwrap();
    for chunk in (0..GAMES).collect::<Vec<_>>().chunks(500) {
        let games = chunk
            .iter()
            .map(|&n| {
                let id = first_free.get() + n;
                let tournament =
                    (n < TOURNAMENTS * per_tournament).then(|| (n / per_tournament + 1, 0, (n % 2) as usize));
                GameWrite { record: finished_game(id, GUILD, 0, tournament), base: None }
            })
            .collect();
        store.commit(&Unit { games, ..Unit::default() }).unwrap();
    }
    for chunk in (0..TOURNAMENTS).collect::<Vec<_>>().chunks(100) {
        let tournaments = chunk
            .iter()
            .map(|&n| {
                let pairing = |k: u64| Pairing {
                    first: 2 * k as usize,
                    second: 2 * k as usize + 1,
                    game: Some(GameId(first_free.get() + n * per_tournament + k)),
                    entered: None,
                    slot: 0,
                };
                let tournament = Tournament {
                    id: TournamentId(n + 1),
                    revision: 0,
                    guild: GuildId(GUILD),
                    channel: ChannelId(500),
                    kind: GameKind::Hoyito,
                    options: Default::default(),
                    format: Format::Swiss { rounds: 1 },
                    organiser: UserId(10),
                    max_players: None,
                    signup_until: None,
                    status: TournamentStatus::Finished,
                    entrants: (0..4)
                        .map(|i| Entrant { player: player(10 + i), dropped: false, role: false, ping: false })
                        .collect(),
                    rounds: vec![TournamentRound {
                        pairings: vec![pairing(0), pairing(1)],
                        ..TournamentRound::default()
                    }],
                    log: vec![],
                    created_at: 0,
                };
                TournamentWrite { tournament, base: None }
            })
            .collect();
        store.commit(&Unit { tournaments, ..Unit::default() }).unwrap();
    }
}

struct Game {
    channel: u64,
    position: Position,
}

fn new_game(table: &Table, channel: u64) -> Game {
    let challenge = typed_challenge(
        tablero::games::GameKind::Hoyito,
        Some(player(2)),
        [("first".to_string(), "challenger".to_string())].into_iter().collect(),
        None,
    );
    table.handle(Request::new(&actor(1, channel), challenge, 0)).unwrap().unwrap();
    table
        .handle(Request::new(&actor(2, channel), Command::Challenge(ChallengeCommand::Accept { game: None }), 0))
        .unwrap()
        .unwrap();
    Game { channel, position: Position::new(GameKind::Hoyito, &Default::default()).unwrap() }
}

fn moves(c: &mut Criterion, name: &str, busy: bool) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    if busy {
        fill(&store);
    }
    let table = Table::new(store, TableConfig::default());
    let mut rng = SmallRng::seed_from_u64(9);
    let mut channel = 100;
    let mut game = new_game(&table, channel);
    let mut samples: Vec<Duration> = Vec::new();
    c.bench_function(name, |b| {
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
                table
                    .handle(Request::new(&who, Command::Play(PlayCommand::Move { notation: m.clone(), at: None }), 0))
                    .unwrap()
                    .unwrap();
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
    eprintln!("{name} over {} moves: median {:?}, p90 {:?}", samples.len(), at(0.5), at(0.9));
}

fn bench(c: &mut Criterion) {
    moves(c, "table_move_with_flush", false);
    moves(c, "table_move_with_flush_in_a_server_with_1000_tournaments_and_10000_games", true);
}

criterion_group!(benches, bench);
criterion_main!(benches);
