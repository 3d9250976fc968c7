//! A server's web pages served on a free port of 127.0.0.1 from a table the test holds, with a server's games
//! made through that table (the way members make them), for the route tests and the browser tests.

use std::sync::Arc;
use std::time::Duration;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::table::{ChallengeCommand, PlayCommand, SettingCommand};

use tablero::games::{GameKind, Position};
use tablero::i18n::Locale;
use tablero::store::Store;
use tablero::table::{Command, Reply, Request, SettingChange, Table, TableConfig};

use super::actor_in;
use super::play::{player, typed_challenge};

/// The pages of a table, served from a thread of their own.
pub struct Site {
    pub table: Arc<Table>,
    /// `http://127.0.0.1:PORT`, without a final `/`.
    pub url: String,
}

/// Serves `store`'s pages (servers at their secret addresses; `open`: the console's server 1 at the root),
/// watching games every 50 ms and closing streams after `stream_for`.
pub fn serve(store: Arc<dyn Store>, open: bool, stream_for: Duration) -> Site {
    serve_polling(store, open, stream_for, Duration::from_millis(50))
}

/// As [`serve`]; `poll` is no longer used (watchers are woken by the writes) and kept for the tests that name
/// one.
pub fn serve_polling(store: Arc<dyn Store>, open: bool, stream_for: Duration, poll: Duration) -> Site {
    let _ = poll;
    serve_with(store, open, stream_for, tablero::table::Limits::default(), Vec::new())
}

/// As [`serve`], with `limits` and proxies whose `X-Forwarded-For` is believed.
pub fn serve_with(
    store: Arc<dyn Store>,
    open: bool,
    stream_for: Duration,
    limits: tablero::table::Limits,
    trusted_proxies: Vec<std::net::IpAddr>,
) -> Site {
    let (tx, rx) = std::sync::mpsc::channel();
    let bound = tablero::web::serve_in_thread(
        "127.0.0.1:0".parse().unwrap(),
        move |bound| {
            let config = TableConfig {
                seed: Some(3),
                web_url: Some(format!("http://{bound}")),
                web_open: open,
                limits,
                ..TableConfig::default()
            };
            let table = Arc::new(Table::new(store, config));
            tx.send(table.clone()).unwrap();
            table
        },
        move |bound| {
            let mut options = tablero::web::Options::new(format!("http://{bound}"), open.then_some(GuildId(1)));
            options.stream_for = stream_for;
            options.trusted_proxies = trusted_proxies;
            options
        },
    )
    .expect("binds");
    let table = rx.recv_timeout(Duration::from_secs(10)).expect("the site starts");
    Site { table, url: format!("http://{bound}") }
}

/// Carries out a command of member `user` (1 ana, with Manage Server; 2 ben...) of `guild` in `channel`.
pub fn act(table: &Table, guild: u64, user: u64, channel: u64, command: Command) -> Result<Vec<Reply>, String> {
    match table.handle(Request::new(&actor_in(guild, user, channel), command, now())) {
        Some(Ok(replies)) => Ok(replies),
        Some(Err(refusal)) => Err(refusal.text.to_string()),
        None => Err("done before".into()),
    }
}

pub fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs()
}

/// A Hoyito game of ana (first) against ben in `channel` of `guild`, with `moves` moves played; its id.
pub fn hoyito(table: &Table, guild: u64, channel: u64, moves: usize) -> GameId {
    let options = [("first".to_string(), "challenger".to_string())].into_iter().collect();
    let challenge = typed_challenge(GameKind::Hoyito, Some(player(2)), options, None);
    act(table, guild, 1, channel, challenge).expect("challenged");
    let accepted =
        act(table, guild, 2, channel, Command::Challenge(ChallengeCommand::Accept { game: None })).expect("accepted");
    let id = accepted.iter().find_map(|r| r.game).expect("a board");
    for _ in 0..moves {
        play_one(table, guild, channel, id);
    }
    id
}

/// Plays the first legal move of the game on in `channel`; the move.
pub fn play_one(table: &Table, guild: u64, channel: u64, id: GameId) -> String {
    let record = table_record(table, guild, id);
    let moves = record.iter().map(String::as_str);
    let position = Position::replay(GameKind::Hoyito, &Default::default(), moves).unwrap().unwrap();
    let side = position.to_move().expect("the game is on");
    let user = if side.index() == 0 { 1 } else { 2 };
    let m = position.legal_moves()[0].clone();
    act(table, guild, user, channel, Command::Play(PlayCommand::Move { notation: m.clone(), at: None }))
        .expect("moved");
    m
}

/// A game's moves, as its record file lists them.
fn table_record(table: &Table, guild: u64, id: GameId) -> Vec<String> {
    let page = table.game_page(GuildId(guild), id, None, Locale::English).unwrap().expect("the game");
    page.moves.into_iter().map(|m| m.notation).collect()
}

/// Turns a server's pages on (as ana, who has Manage Server) and gives their address.
pub fn pages_on(table: &Table, guild: u64) -> String {
    act(table, guild, 1, 99, Command::Setting(SettingCommand::Settings { changes: vec![SettingChange::Web(true)] }))
        .expect("turned on");
    table.web_address(GuildId(guild)).expect("an address").trim_end_matches('/').to_string()
}

pub fn pages_off(table: &Table, guild: u64) {
    act(table, guild, 1, 99, Command::Setting(SettingCommand::Settings { changes: vec![SettingChange::Web(false)] }))
        .expect("turned off");
}

/// An elimination tournament of ana, ben, cy and dan in `guild`, played to its end (the first side wins each
/// game); its id.
pub fn elimination(table: &Table, guild: u64) -> u64 {
    use tablero::table::{TournamentCommand, TournamentFormat};
    let options = [("time".to_string(), "none".to_string())].into_iter().collect();
    let create = super::play::typed_tournament(GameKind::Hoyito, TournamentFormat::Elimination, None, None, options);
    act(table, guild, 1, 10, Command::Tournament(create)).expect("created");
    for user in 1..=4 {
        act(table, guild, user, 10, Command::Tournament(TournamentCommand::Join { id: None })).expect("joined");
    }
    let mut posted = act(table, guild, 1, 10, Command::Tournament(TournamentCommand::Start { id: None })).unwrap();
    let id = table.web_tournament_revision(GuildId(guild), 1).map(|_| 1).expect("tournament 1");
    for _ in 0..8 {
        let games: Vec<GameId> = posted.iter().filter(|r| r.parked()).filter_map(|r| r.game).collect();
        if games.is_empty() {
            break;
        }
        posted = Vec::new();
        for game in games {
            act(
                table,
                guild,
                1,
                10,
                Command::Play(PlayCommand::MoveTo { game, channel: ChannelId(1000 + game.get()) }),
            )
            .expect("placed");
            let page = table.game_page(GuildId(guild), game, None, Locale::English).unwrap().unwrap();
            let seats: Vec<u64> = page.sides.iter().map(|s| s.user.expect("a member").get()).collect();
            let channel = 1000 + game.get();
            act(table, guild, seats[0], channel, Command::Play(PlayCommand::Move { notation: "1".into(), at: None }))
                .unwrap();
            act(table, guild, seats[1], channel, Command::Play(PlayCommand::Move { notation: "1".into(), at: None }))
                .unwrap();
            posted.extend(act(table, guild, seats[1], channel, Command::Play(PlayCommand::Resign)).unwrap());
        }
    }
    id
}
