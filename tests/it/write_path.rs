//! The one write path through the table (on sled and on PostgreSQL): a game ended by the scheduler is
//! rated like any other, ids of another server reach nothing, a finished tournament takes no changes, a
//! tournament game without a thread is still played, organiser actions and the ratings recomputation are
//! all-or-nothing, and a request delivered twice is carried out once.

use crate::common;
use crate::common::play::typed_challenge;
use crate::common::play::typed_tournament;
use crate::on_both_backends;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::TournamentId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand, SettingCommand};

use std::sync::Arc;

use common::backends::{Backend, Fresh};
use common::{Faulty, actor_in};
use tablero::games::GameKind;
use tablero::i18n::Locale;
use tablero::store::record::{FinishReason, GameRecord, Player, Status};
use tablero::store::{Store, Tournament};
use tablero::table::{Actor, Command, Reply, Table, TableConfig, TournamentCommand};

const NOW: u64 = 1_800_000_000;
const DAY: u64 = 86_400;

struct World {
    store: Arc<Faulty>,
    table: Table,
    _fresh: Fresh,
}

fn open(backend: &Backend) -> World {
    let fresh = backend.fresh();
    let store = Arc::new(Faulty::new(fresh.store().clone()));
    let table =
        Table::new(store.clone(), TableConfig { challenge_expiry_secs: DAY, seed: Some(3), ..TableConfig::default() });
    World { store, table, _fresh: fresh }
}

fn actor(user: u64, channel: u64) -> Actor {
    actor_in(1, user, channel)
}

impl World {
    fn ok(&self, who: &Actor, c: Command, at: u64) -> Vec<Reply> {
        self.table
            .handle(Request::new(who, c.clone(), at))
            .unwrap()
            .unwrap_or_else(|r| panic!("{c:?} refused: {}", r.text))
    }

    fn t(&self, who: u64, c: TournamentCommand) -> Vec<Reply> {
        self.ok(&actor(who, 10), Command::Tournament(c), NOW)
    }

    /// A Hoyito game of `a` (first) against `b` in `channel`; returns its id.
    fn game(&self, a: u64, b: u64, channel: u64, options: &[(&str, &str)]) -> GameId {
        let mut set: Vec<(String, String)> = vec![("first".into(), "challenger".into())];
        set.extend(options.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let opponent = Some(Player { id: UserId(b), name: actor(b, 0).name });
        let challenge = typed_challenge(tablero::games::GameKind::Hoyito, opponent, set.into_iter().collect(), None);
        self.ok(&actor(a, channel), challenge, NOW);
        self.ok(&actor(b, channel), Command::Challenge(ChallengeCommand::Accept { game: None }), NOW);
        self.store.channel_game(ChannelId(channel)).unwrap().unwrap()
    }

    /// A Hoyito Swiss tournament (#1) of users 1..=n, started; its games left where the table parks them.
    fn tournament(&self, n: u64) -> Vec<Reply> {
        let options = [("time".to_string(), "1d".to_string())].into_iter().collect();
        self.t(
            1,
            typed_tournament(
                tablero::games::GameKind::Hoyito,
                tablero::table::TournamentFormat::Swiss,
                Some(2),
                None,
                options,
            ),
        );
        for user in 1..=n {
            self.t(user, TournamentCommand::Join { id: Some(TournamentId(1)) });
        }
        self.t(1, TournamentCommand::Start { id: Some(TournamentId(1)) })
    }

    fn record(&self, id: GameId) -> GameRecord {
        self.store.game(id).unwrap().unwrap()
    }

    fn cup(&self) -> Tournament {
        self.store.tournament(TournamentId(1)).unwrap().unwrap()
    }

    fn games_of_round(&self) -> Vec<GameId> {
        self.cup().rounds.last().unwrap().pairings.iter().filter_map(|p| p.game).collect()
    }

    /// Everything a command could change: every game and the tournament.
    fn snapshot(&self) -> (Vec<GameRecord>, Option<Tournament>) {
        (self.store.all_games().unwrap(), self.store.tournament(TournamentId(1)).unwrap())
    }
}

fn a_timeout_adjudicated_by_the_scheduler_is_rated_once_and_recomputed_alike(backend: &Backend) {
    let w = open(backend);
    let settings = vec![
        tablero::table::SettingChange::parse("timeout", "auto").unwrap(),
        tablero::table::SettingChange::parse("grace", "1h").unwrap(),
    ];
    w.ok(&actor(1, 10), Command::Setting(SettingCommand::Settings { changes: settings }), NOW);
    let game = w.game(1, 2, 10, &[("time", "1d"), ("rated", "true")]);
    w.ok(&actor(1, 10), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    let on_turn = if w.record(game).moves.len() == 1 { 2 } else { 1 };
    w.ok(&actor(on_turn, 10), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    // Nobody moves again: the scheduler reminds, flags, and after the grace period adjudicates.
    w.table.tick(NOW + DAY + 3600 + 60).unwrap();
    let ended = w.record(game);
    assert!(matches!(ended.status, Status::Finished { reason: FinishReason::Timeout, .. }), "{:?}", ended.status);
    assert_eq!(ended.rating_sequence, Some(1), "counted, as the first rated result");
    assert_eq!(ended.rating_changes.len(), 2, "the result post can show both changes");
    let ratings: Vec<_> =
        [1, 2].map(|u| w.store.rating(GuildId(1), GameKind::Hoyito, UserId(u)).unwrap().expect("rated")).into();
    assert!(ratings.iter().all(|r| r.games == 1));
    // Counted once: another tick changes nothing, and the recomputation finds the same numbers.
    w.table.tick(NOW + 2 * DAY).unwrap();
    assert_eq!(w.store.last_rating_sequence(GuildId(1)).unwrap(), 1);
    assert_eq!(w.table.recompute_ratings().unwrap(), 1);
    let again: Vec<_> =
        [1, 2].map(|u| w.store.rating(GuildId(1), GameKind::Hoyito, UserId(u)).unwrap().unwrap()).into();
    assert_eq!(again, ratings);
}

fn every_command_naming_an_id_of_another_server_is_refused_and_changes_nothing(backend: &Backend) {
    let w = open(backend);
    let round = w.tournament(2);
    let parked = round.iter().find_map(|r| r.game.filter(|_| r.parked())).expect("a tournament game");
    let challenge_channel = 20;
    let opponent = Some(Player { id: UserId(3), name: "cy".into() });
    let challenge = typed_challenge(tablero::games::GameKind::Hoyito, opponent, Default::default(), None);
    w.ok(&actor(1, challenge_channel), challenge, NOW);
    let challenge = w.store.channel_game(ChannelId(challenge_channel)).unwrap().unwrap();
    let active = w.game(4, 5, 30, &[]);
    // An organiser of server 2 (Manage Server there), in a channel of server 2.
    let intruder = actor_in(2, 1, 900);
    let commands = vec![
        Command::Challenge(ChallengeCommand::Accept { game: Some(challenge) }),
        Command::Challenge(ChallengeCommand::Decline { game: Some(challenge) }),
        Command::Challenge(ChallengeCommand::Join { game: Some(challenge) }),
        Command::Play(PlayCommand::DrawAccept { game: Some(active) }),
        Command::Play(PlayCommand::DrawDecline { game: Some(active) }),
        Command::Play(PlayCommand::AskResign { game: active }),
        Command::Play(PlayCommand::ConfirmResign { game: active }),
        Command::Play(PlayCommand::AskDraw { game: active }),
        Command::Play(PlayCommand::ConfirmDraw { game: active }),
        Command::Play(PlayCommand::Claim { game: Some(active) }),
        Command::Play(PlayCommand::Move { notation: "1".into(), at: Some((active, 0)) }),
        Command::Play(PlayCommand::Move { notation: "1".into(), at: Some((parked, 0)) }),
        Command::Play(PlayCommand::Throw { at: Some((active, 0)) }),
        Command::Play(PlayCommand::MoveTo { game: active, channel: ChannelId(900) }),
        Command::Play(PlayCommand::MoveTo { game: parked, channel: ChannelId(900) }),
        Command::Tournament(TournamentCommand::Join { id: Some(TournamentId(1)) }),
        Command::Tournament(TournamentCommand::Leave { id: Some(TournamentId(1)) }),
        Command::Tournament(TournamentCommand::Start { id: Some(TournamentId(1)) }),
        Command::Tournament(TournamentCommand::Standings { id: Some(TournamentId(1)), picture: false }),
        Command::Tournament(TournamentCommand::Pairings { id: Some(TournamentId(1)), round: None }),
        Command::Tournament(TournamentCommand::Drop {
            id: Some(TournamentId(1)),
            player: Player { id: UserId(2), name: "ben".into() },
        }),
        Command::Tournament(TournamentCommand::Result { game: parked, winner: tablero::table::Decision::FirstWins }),
        Command::Tournament(TournamentCommand::Extend { id: Some(TournamentId(1)), secs: 86400 }),
        Command::Tournament(TournamentCommand::Cancel { id: Some(TournamentId(1)) }),
    ];
    for command in commands {
        let before = w.snapshot();
        let answer = w.table.handle(Request::new(&intruder, command.clone(), NOW)).unwrap();
        let refused = answer.expect_err(&format!("{command:?} from another server was carried out"));
        if let Some(game) = command.named_game() {
            assert_eq!(refused.text, format!("There is no game #{game} in this server."), "{command:?}");
        } else {
            assert_eq!(refused.text, "There is no such tournament in this server.", "{command:?}");
        }
        assert_eq!(w.snapshot(), before, "{command:?} from another server changed something");
    }
    // The same words as for an id that exists nowhere: nothing tells that it exists elsewhere.
    let result =
        |game| Command::Tournament(TournamentCommand::Result { game, winner: tablero::table::Decision::FirstWins });
    let elsewhere = w.table.handle(Request::new(&intruder, result(parked), NOW)).unwrap().unwrap_err().text;
    let missing = w.table.handle(Request::new(&intruder, result(GameId(9999)), NOW)).unwrap().unwrap_err().text;
    assert_eq!(elsewhere.replace(&parked.to_string(), "N"), missing.replace("9999", "N"));
    assert_eq!(elsewhere, format!("There is no game #{parked} in this server."));
    let cancel = |id| Command::Tournament(TournamentCommand::Cancel { id: Some(id) });
    let t_elsewhere = w.table.handle(Request::new(&intruder, cancel(TournamentId(1)), NOW)).unwrap().unwrap_err().text;
    assert_eq!(
        t_elsewhere,
        w.table.handle(Request::new(&intruder, cancel(TournamentId(77)), NOW)).unwrap().unwrap_err().text
    );
}

fn a_finished_or_cancelled_tournament_takes_no_more_changes(backend: &Backend) {
    let w = open(backend);
    w.tournament(2);
    let game = w.games_of_round()[0];
    w.t(1, TournamentCommand::Cancel { id: Some(TournamentId(1)) });
    assert_eq!(w.record(game).status, Status::Aborted, "its game is called off with it");
    let before = w.snapshot();
    for command in [
        TournamentCommand::Extend { id: Some(TournamentId(1)), secs: 86400 },
        TournamentCommand::Drop { id: Some(TournamentId(1)), player: Player { id: UserId(2), name: "ben".into() } },
        TournamentCommand::Result { game, winner: tablero::table::Decision::FirstWins },
        TournamentCommand::Cancel { id: Some(TournamentId(1)) },
        TournamentCommand::Start { id: Some(TournamentId(1)) },
    ] {
        let refused = w
            .table
            .handle(Request::new(&actor(1, 10), Command::Tournament(command.clone()), NOW))
            .unwrap()
            .unwrap_err();
        assert!(
            refused.text == "Tournament #1 is over; it takes no more changes."
                || refused.text.contains("Sign-up for this tournament is closed"),
            "{command:?}: {}",
            refused.text
        );
    }
    assert_eq!(w.snapshot(), before);
}

fn a_tournament_game_whose_thread_could_not_be_opened_is_played_where_its_board_went(backend: &Backend) {
    let w = open(backend);
    let round = w.tournament(2);
    let game = w.games_of_round()[0];
    assert!(round.iter().any(|r| r.game == Some(game) && r.parked()), "the board asks for a thread");
    // No thread: the board stays in the tournament's channel (10); its buttons and /move work from there.
    let record = w.record(game);
    let (first, second) = (record.seats[0].id, record.seats[1].id);
    w.ok(&actor(first.get(), 10), Command::Play(PlayCommand::Move { notation: "1".into(), at: Some((game, 0)) }), NOW);
    let on_turn = if w.record(game).moves.len() == 1 { second } else { first };
    w.ok(&actor(on_turn.get(), 10), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    assert!(w.record(game).moves.len() >= 2, "both moves were played");
    // Someone who is not in the game gets the usual answer.
    let stranger = w
        .table
        .handle(Request::new(&actor(5, 10), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW))
        .unwrap();
    assert!(stranger.unwrap_err().text.contains("no game"));
}

fn organiser_actions_are_all_or_nothing_and_a_repeated_extend_extends_once(backend: &Backend) {
    let w = open(backend);
    w.tournament(4);
    let games = w.games_of_round();
    assert_eq!(games.len(), 2);
    let deadlines = |w: &World| -> Vec<u64> { games.iter().map(|&g| w.record(g).clock.unwrap().deadline).collect() };
    let before = deadlines(&w);
    let extend = || Command::Tournament(TournamentCommand::Extend { id: Some(TournamentId(1)), secs: 86400 });
    // The write fails: neither game, nor the tournament's log, is changed.
    let log = w.cup().log.len();
    w.store.fail_write(1);
    let failed = w.table.handle(Request::new(&actor(1, 10), extend(), NOW)).unwrap();
    assert!(failed.unwrap_err().internal);
    assert_eq!(deadlines(&w), before);
    assert_eq!(w.cup().log.len(), log);
    // The same interaction twice (Discord redelivers): extended once.
    let first = w.table.handle(Request::new(&actor(1, 10), extend(), NOW).public(Locale::English).once("i42"));
    assert!(matches!(first, Some(Ok(_))), "{first:?}");
    assert!(w.table.handle(Request::new(&actor(1, 10), extend(), NOW).public(Locale::English).once("i42")).is_none());
    assert_eq!(deadlines(&w), before.iter().map(|d| d + DAY).collect::<Vec<_>>());
    // A drop forfeits the dropped player's game in the same unit; when it fails, nothing is dropped.
    let dan = Player { id: UserId(4), name: "dan".into() };
    w.store.fail_write(1);
    let drop = || Command::Tournament(TournamentCommand::Drop { id: Some(TournamentId(1)), player: dan.clone() });
    assert!(w.table.handle(Request::new(&actor(1, 10), drop(), NOW)).unwrap().is_err());
    assert!(!w.cup().entrants.iter().any(|e| e.dropped));
    assert!(games.iter().all(|&g| w.record(g).status == Status::Active));
    w.ok(&actor(1, 10), drop(), NOW);
    let forfeited = games.iter().filter(|&&g| matches!(w.record(g).status, Status::Finished { .. })).count();
    assert_eq!(forfeited, 1, "dan's game is forfeited with the drop");
}

fn a_recomputation_that_fails_leaves_the_ratings_as_they_were(backend: &Backend) {
    let w = open(backend);
    for channel in [10, 11] {
        w.game(1, 2, channel, &[("time", "none"), ("rated", "true")]);
        w.ok(&actor(1, channel), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
        let record = w.store.game(w.store.channel_game(ChannelId(channel)).unwrap().unwrap()).unwrap().unwrap();
        let on_turn = if record.moves.len() == 1 { 2 } else { 1 };
        w.ok(&actor(on_turn, channel), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
        w.ok(&actor(2, channel), Command::Play(PlayCommand::Resign), NOW);
    }
    let rating = |w: &World| w.store.rating(GuildId(1), GameKind::Hoyito, UserId(1)).unwrap();
    let before = rating(&w).expect("rated");
    assert_eq!(before.games, 2);
    w.store.fail_write(1);
    assert!(w.table.recompute_ratings().is_err());
    assert_eq!(rating(&w), Some(before.clone()), "not cleared half way");
    assert_eq!(w.table.recompute_ratings().unwrap(), 2);
    assert_eq!(rating(&w), Some(before));
}

fn a_request_delivered_twice_is_carried_out_once(backend: &Backend) {
    let w = open(backend);
    let game = w.game(1, 2, 10, &[("time", "none")]);
    let mv = || Command::Play(PlayCommand::Move { notation: "1".into(), at: None });
    let first = w.table.handle(Request::new(&actor(1, 10), mv(), NOW).public(Locale::English).once("i7"));
    assert!(matches!(first, Some(Ok(_))));
    let moves = w.record(game).moves.len();
    // Redelivered: nothing is done and nothing is said (not "it is not your turn").
    assert!(w.table.handle(Request::new(&actor(1, 10), mv(), NOW).public(Locale::English).once("i7")).is_none());
    assert_eq!(w.record(game).moves.len(), moves);
    // A refused request leaves no key: it is refused again, never silently dropped.
    let wrong = || Command::Play(PlayCommand::Move { notation: "9".into(), at: None });
    let mover = if moves == 1 { 2 } else { 1 };
    assert!(matches!(
        w.table.handle(Request::new(&actor(mover, 10), wrong(), NOW).public(Locale::English).once("i8")),
        Some(Err(_))
    ));
    assert!(matches!(
        w.table.handle(Request::new(&actor(mover, 10), wrong(), NOW).public(Locale::English).once("i8")),
        Some(Err(_))
    ));
}

fn two_tables_on_one_store_count_every_result_once(backend: &Backend) {
    // Two processes sharing a store (as the PostgreSQL backend will allow): no lock in either's memory keeps
    // their rated results apart, only the store's checks. Each plays games of the same two players at once.
    let fresh = backend.fresh();
    let store = fresh.store().clone();
    let tables: Vec<Arc<Table>> = (0..2)
        .map(|_| {
            Arc::new(Table::new(
                fresh.another(),
                TableConfig { challenge_expiry_secs: DAY, seed: Some(5), ..TableConfig::default() },
            ))
        })
        .collect();
    let per_table = 6;
    let handles: Vec<_> = tables
        .iter()
        .enumerate()
        .map(|(i, table)| {
            let table = table.clone();
            std::thread::spawn(move || {
                for n in 0..per_table {
                    let channel = 100 + (i as u64) * 50 + n;
                    let ok = |who: &Actor, c: Command| {
                        table
                            .handle(Request::new(who, c.clone(), NOW))
                            .unwrap()
                            .unwrap_or_else(|r| panic!("{c:?}: {}", r.text))
                    };
                    let options = [("first", "challenger"), ("time", "none"), ("rated", "true")];
                    let options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
                    let opponent = Some(Player { id: UserId(2), name: "ben".into() });
                    let challenge = typed_challenge(tablero::games::GameKind::Hoyito, opponent, options, None);
                    ok(&actor(1, channel), challenge);
                    ok(&actor(2, channel), Command::Challenge(ChallengeCommand::Accept { game: None }));
                    ok(&actor(1, channel), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }));
                    // Whoever is on turn, ben moves once before resigning (so the result counts).
                    let _ = table
                        .handle(Request::new(
                            &actor(2, channel),
                            Command::Play(PlayCommand::Move { notation: "1".into(), at: None }),
                            NOW,
                        ))
                        .unwrap();
                    let _ = table
                        .handle(Request::new(
                            &actor(1, channel),
                            Command::Play(PlayCommand::Move { notation: "2".into(), at: None }),
                            NOW,
                        ))
                        .unwrap();
                    let _ = table
                        .handle(Request::new(
                            &actor(2, channel),
                            Command::Play(PlayCommand::Move { notation: "2".into(), at: None }),
                            NOW,
                        ))
                        .unwrap();
                    ok(&actor(2, channel), Command::Play(PlayCommand::Resign));
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let mut sequences: Vec<u64> = store.all_games().unwrap().iter().filter_map(|g| g.rating_sequence).collect();
    sequences.sort_unstable();
    let counted = sequences.len() as u64;
    assert!(counted >= 2, "{sequences:?}");
    assert_eq!(sequences, (1..=counted).collect::<Vec<_>>(), "each result has its own place in the order");
    let live = store.rating(GuildId(1), GameKind::Hoyito, UserId(1)).unwrap().unwrap();
    assert_eq!(u64::from(live.games), counted, "no result lost between the two");
    tables[0].recompute_ratings().unwrap();
    assert_eq!(
        store.rating(GuildId(1), GameKind::Hoyito, UserId(1)).unwrap().unwrap(),
        live,
        "the live updates were sequential"
    );
}

fn members_signing_up_at_the_same_moment_are_all_signed_up(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store().clone();
    let table = Arc::new(Table::new(
        store.clone(),
        TableConfig { challenge_expiry_secs: DAY, seed: Some(5), ..TableConfig::default() },
    ));
    let create = typed_tournament(
        tablero::games::GameKind::Hoyito,
        tablero::table::TournamentFormat::RoundRobin,
        None,
        None,
        Default::default(),
    );
    table.handle(Request::new(&actor(1, 10), Command::Tournament(create), NOW)).unwrap().unwrap();
    let joins: Vec<_> = (1..=6)
        .map(|user| {
            let table = table.clone();
            std::thread::spawn(move || {
                let join = Command::Tournament(TournamentCommand::Join { id: Some(TournamentId(1)) });
                table.handle(Request::new(&actor(user, 10), join, NOW)).unwrap().map_err(|r| r.text)
            })
        })
        .collect();
    for join in joins {
        join.join().unwrap().expect("every sign-up is taken, none told to try again");
    }
    let t = store.tournament(TournamentId(1)).unwrap().unwrap();
    let mut ids: Vec<u64> = t.entrants.iter().map(|e| e.player.id.get()).collect();
    ids.sort_unstable();
    assert_eq!(ids, vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(t.revision, 6, "one write each");
}

fn a_tournaments_posts_are_in_the_outbox_until_posted(backend: &Backend) {
    let w = open(backend);
    let round = w.tournament(3);
    // The round's announcement and its game's board, each also an outbox notice written with the round.
    let notices: Vec<u64> = round.iter().filter_map(|r| r.notice).collect();
    assert_eq!(notices.len(), 2, "{round:?}");
    assert!(round.iter().all(|r| r.channel() == Some(ChannelId(10))), "posted in the tournament's channel");
    // The process dies before posting them: the scheduler finds both, in the same words.
    let left = w.table.deliveries(Locale::English).unwrap();
    assert_eq!(left.iter().map(|d| d.notice).collect::<Vec<_>>(), notices);
    assert!(left.iter().all(|d| d.posted_by_request));
    assert_eq!(left[0].reply.text, round[0].text);
    let board = &left[1].reply;
    assert!(board.thread_title().is_some() && board.parked() && board.image.is_some(), "{board:?}");
    // Posted by the request (or the scheduler): they leave the outbox.
    for n in notices {
        w.table.delivered(n).unwrap();
    }
    assert!(w.table.deliveries(Locale::English).unwrap().is_empty());
}

fn two_schedulers_carry_out_each_due_event_once(backend: &Backend) {
    // Two processes run the scheduler over one store (PostgreSQL's case): every reminder and timeout of every
    // game is decided once, whichever of them gets there first, and no event is done by both.
    let fresh = backend.fresh();
    let store = fresh.store().clone();
    let tables: Vec<Arc<Table>> = (0..2)
        .map(|_| {
            Arc::new(Table::new(
                fresh.another(),
                TableConfig { challenge_expiry_secs: DAY, seed: Some(5), ..TableConfig::default() },
            ))
        })
        .collect();
    let games = 12u64;
    for n in 0..games {
        let channel = 500 + n;
        let options = [("first", "challenger"), ("time", "3d")];
        let options = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let opponent = Some(Player { id: UserId(2), name: "ben".into() });
        let challenge = typed_challenge(tablero::games::GameKind::Hoyito, opponent, options, None);
        tables[0].handle(Request::new(&actor(1, channel), challenge, NOW)).unwrap().unwrap();
        tables[1]
            .handle(Request::new(&actor(2, channel), Command::Challenge(ChallengeCommand::Accept { game: None }), NOW))
            .unwrap()
            .unwrap();
        tables[(n % 2) as usize]
            .handle(Request::new(
                &actor(1, channel),
                Command::Play(PlayCommand::Move { notation: "1".into(), at: None }),
                NOW,
            ))
            .unwrap()
            .unwrap();
    }
    let deadline = NOW + 3 * DAY;
    for at in [deadline - 36 * 3600, deadline - 12 * 3600, deadline, deadline + 60] {
        let both: Vec<_> = tables
            .iter()
            .map(|table| {
                let table = table.clone();
                std::thread::spawn(move || table.tick(at).unwrap())
            })
            .collect();
        let done: usize = both.into_iter().map(|t| t.join().unwrap()).sum();
        assert!(done <= games as usize, "at {at}: {done} events done for {games} games");
    }
    let notices = store.notices().unwrap();
    for id in store.all_games().unwrap().iter().map(|g| g.id) {
        let kinds: Vec<String> = notices
            .iter()
            .filter(|n| n.game == id)
            .map(|n| serde_json::to_value(&n.kind).unwrap()["kind"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(kinds, ["reminder", "reminder", "timed-out"], "game {id}: each event once");
    }
}

/// A resignation that meets a move committed just before it (the opponent's, or the computer's) is made on the
/// game as it then is: the player is not told to try again, and the move stays in the record.
fn a_resignation_that_meets_a_move_is_made_on_the_new_position(backend: &Backend) {
    let w = open(backend);
    let game = w.game(1, 2, 30, &[]);
    let other = Table::new(
        w.store.inner.clone(),
        TableConfig { challenge_expiry_secs: DAY, seed: Some(3), ..TableConfig::default() },
    );
    w.store.before_next_commit(move || {
        other
            .handle(Request::new(
                &actor(1, 30),
                Command::Play(PlayCommand::Move { notation: "1".into(), at: None }),
                NOW + 5,
            ))
            .unwrap()
            .unwrap();
    });
    let said = w.ok(&actor(2, 30), Command::Play(PlayCommand::Resign), NOW + 6);
    assert!(said[0].text.contains("resigned"), "{}", said[0].text);
    let record = w.record(game);
    assert_eq!(record.moves.len(), 1, "the move that came first stays");
    assert_eq!(
        record.status,
        Status::Finished { winner: Some(record.sides_of(UserId(1), &[])[0]), reason: FinishReason::Resignation }
    );
    // A resignation in a game that ended meanwhile is refused as such.
    let game = w.game(3, 4, 31, &[]);
    let other = Table::new(
        w.store.inner.clone(),
        TableConfig { challenge_expiry_secs: DAY, seed: Some(3), ..TableConfig::default() },
    );
    w.store.before_next_commit(move || {
        other.handle(Request::new(&actor(3, 31), Command::Play(PlayCommand::Resign), NOW + 5)).unwrap().unwrap();
    });
    let refused = w
        .table
        .handle(Request::new(&actor(4, 31), Command::Play(PlayCommand::Resign), NOW + 6))
        .unwrap()
        .expect_err("the game is over");
    assert!(refused.text.contains("is over after 0 moves: dan won: cy resigned"), "{}", refused.text);
    let record = w.record(game);
    assert_eq!(
        record.status,
        Status::Finished { winner: Some(record.sides_of(UserId(4), &[])[0]), reason: FinishReason::Resignation }
    );
}

/// Servers count their rated results apart: a rated result counted in another server just before every write of
/// this one (as a busy server on the same database does) never makes this server's game end wait or fail. With
/// one sequence for every server, each try met the other's count and the end failed after its retries.
fn a_rated_end_in_another_server_never_holds_up_this_one(backend: &Backend) {
    let w = open(backend);
    let game = w.game(1, 2, 20, &[("rated", "true")]);
    // Both have moved (a game resigned before the loser's first move counts for nothing).
    for who in [1, 2] {
        let record = w.store.game(game).unwrap().unwrap();
        let moves = record.moves.iter().map(|m| m.notation.as_str());
        let position = tablero::games::Position::replay(record.kind, &record.options, moves).unwrap().unwrap();
        w.ok(
            &actor(who, 20),
            Command::Play(PlayCommand::Move { notation: position.legal_moves()[0].clone(), at: None }),
            NOW,
        );
        if w.store.game(game).unwrap().unwrap().moves.len() > 1 {
            break;
        }
    }
    let inner = w.store.inner.clone();
    w.store.before_each_commit(move || {
        let last = inner.last_rating_sequence(GuildId(2)).unwrap();
        let standings = tablero::store::Standings {
            sequences: vec![(GuildId(2), last + 1)],
            ratings: vec![(GuildId(2), GameKind::Hoyito, UserId(9), tablero::store::Rating::new("zed"))],
            teams: vec![],
        };
        let write = tablero::store::StandingsWrite { bases: vec![(GuildId(2), last)], standings, replace: false };
        inner.commit(&tablero::store::Unit { standings: Some(write), ..Default::default() }).unwrap();
    });
    let writes = w.store.writes();
    let on_turn = |w: &World| {
        let record = w.store.game(game).unwrap().unwrap();
        let moves = record.moves.iter().map(|m| m.notation.as_str());
        let position = tablero::games::Position::replay(record.kind, &record.options, moves).unwrap().unwrap();
        record.seats[position.to_move().unwrap().index()].id
    };
    w.ok(&actor(on_turn(&w).get(), 20), Command::Play(PlayCommand::Resign), NOW);
    assert_eq!(w.store.writes() - writes, 1, "the end was written at its first try");
    let ended = w.store.game(game).unwrap().unwrap();
    assert_eq!(ended.rating_sequence, Some(1), "the first rated result of server 1");
    assert!(w.store.last_rating_sequence(GuildId(2)).unwrap() >= 1);
}

on_both_backends!(
    a_rated_end_in_another_server_never_holds_up_this_one,
    a_resignation_that_meets_a_move_is_made_on_the_new_position,
    two_schedulers_carry_out_each_due_event_once,
    a_timeout_adjudicated_by_the_scheduler_is_rated_once_and_recomputed_alike,
    every_command_naming_an_id_of_another_server_is_refused_and_changes_nothing,
    a_finished_or_cancelled_tournament_takes_no_more_changes,
    a_tournament_game_whose_thread_could_not_be_opened_is_played_where_its_board_went,
    organiser_actions_are_all_or_nothing_and_a_repeated_extend_extends_once,
    a_recomputation_that_fails_leaves_the_ratings_as_they_were,
    a_request_delivered_twice_is_carried_out_once,
    two_tables_on_one_store_count_every_result_once,
    members_signing_up_at_the_same_moment_are_all_signed_up,
    a_tournaments_posts_are_in_the_outbox_until_posted,
);
