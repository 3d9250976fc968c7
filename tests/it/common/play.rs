//! Random games through the table and ready-made finished games, shared by the storage tests and the
//! benchmarks (which include this file by path).

#![allow(dead_code)] // the benchmarks that include this file use part of it

use rand::Rng;
use rand::rngs::SmallRng;
use tablero::games::{GameKind, Position, Side};
use tablero::i18n::Locale;
use tablero::store::SledStore;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::store::record::{FinishReason, First, GameRecord, MoveEntry, Player, Status};
use tablero::table::Request;
use tablero::table::{Actor, Command, Permissions, Table};
use tablero::table::{ChallengeCommand, PlayCommand};

/// A member of guild 1 named `player<user>`.
pub fn player_actor(user: u64, channel: u64) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(channel),
        user: UserId(user),
        name: format!("player{user}"),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    }
}

pub fn player(id: u64) -> Player {
    Player { id: UserId(id), name: format!("player{id}") }
}

/// Plays `moves` random legal moves of `game` games between players 1 and 2, a new game in the next channel
/// after `channel` whenever one ends; returns the bytes the store wrote for each move.
pub fn play(
    table: &Table,
    store: &SledStore,
    game: GameKind,
    channel: &mut u64,
    moves: usize,
    rng: &mut SmallRng,
) -> Vec<u64> {
    let mut written = Vec::with_capacity(moves);
    let mut position: Option<Position> = None;
    for _ in 0..moves {
        if position.as_ref().is_none_or(|p| p.to_move().is_none()) {
            *channel += 1;
            let challenge = typed_challenge(
                game,
                Some(player(2)),
                [("first".to_string(), "challenger".to_string())].into_iter().collect(),
                None,
            );
            table.handle(Request::new(&player_actor(1, *channel), challenge, 0)).unwrap().unwrap();
            table
                .handle(Request::new(
                    &player_actor(2, *channel),
                    Command::Challenge(ChallengeCommand::Accept { game: None }),
                    0,
                ))
                .unwrap()
                .unwrap();
            position = Some(Position::new(game, &Default::default()).unwrap());
        }
        let p = position.as_mut().unwrap();
        let legal = p.legal_moves();
        let m = legal[rng.random_range(0..legal.len())].clone();
        let who = if p.to_move() == Some(Side::First) { 1 } else { 2 };
        let before = store.bytes_written();
        table
            .handle(Request::new(
                &player_actor(who, *channel),
                Command::Play(PlayCommand::Move { notation: m.clone(), at: None }),
                0,
            ))
            .unwrap()
            .unwrap();
        written.push(store.bytes_written() - before);
        p.play(&m).unwrap();
    }
    written
}

/// A finished Hoyito game of server `guild` with `moves` moves (not a real game: for volume, not for rules).
pub fn finished_game(id: u64, guild: u64, moves: u64, tournament: Option<(u64, usize, usize)>) -> GameRecord {
    let (a, b) = (10 + id % 50, 60 + id % 50);
    GameRecord {
        id: GameId(id),
        opponent: Some(player(b)),
        first: First::Challenger,
        seats: vec![player(a), player(b)],
        moves: (0..moves)
            .map(|n| MoveEntry { notation: ((n % 6) + 1).to_string(), by: UserId(a), at: n, name: None })
            .collect(),
        status: Status::Finished { winner: Some(Side::First), reason: FinishReason::Resignation },
        revision: moves + 1,
        tournament: tournament.map(Into::into),
        ..GameRecord::new(
            GameKind::Hoyito,
            GameKind::Hoyito.normalise_options(&Default::default()).unwrap(),
            GuildId(guild),
            ChannelId(1_000_000 + id),
            player(a),
            0,
        )
    }
}

/// A challenge with its options as a member types them: the terms among them (`first`, `rated`, `time`,
/// `thread`, `level`) read as the console reads them, the rest the game's own.
pub fn typed_challenge(
    game: GameKind,
    opponent: Option<Player>,
    options: tablero::games::OptionSet,
    teams: Option<[tablero::store::record::Team; 2]>,
) -> Command {
    let mut options = options;
    let terms = tablero::table::Terms::take_from(&mut options).expect("well-typed terms");
    Command::Challenge(ChallengeCommand::Challenge { game, opponent, options, terms, teams })
}

/// A tournament created with its options as an organiser types them: the tournament's terms among them
/// (`time`, `rated`, `signup`, `seeding`) read as the console reads them, the rest the games' own.
pub fn typed_tournament(
    game: GameKind,
    format: tablero::table::TournamentFormat,
    rounds: Option<u8>,
    max_players: Option<u32>,
    options: tablero::games::OptionSet,
) -> tablero::table::TournamentCommand {
    let mut options = options;
    let terms = tablero::table::TournamentTerms::take_from(&mut options).expect("well-typed terms");
    tablero::table::TournamentCommand::Create { game, format, rounds, max_players, options, terms }
}
