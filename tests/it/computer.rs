//! Games against the computer through the table service: they start at once, casual; the computer's move is owed
//! as a due event, played once (even by two processes at the same moment, even after a restart), and its board
//! comes out of the outbox with the reason for the move.

use crate::common::play::typed_challenge;
use std::sync::Arc;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand, RatingCommand};

use tablero::games::OptionSet;
use tablero::i18n::Locale;
use tablero::store::record::{COMPUTER, Player, Status};
use tablero::store::{SledStore, Store};
use tablero::table::{Actor, Command, Permissions, Table, TableConfig};

const NOW: u64 = 1_800_000_000;

fn ana() -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(10),
        user: UserId(1),
        name: "ana".into(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    }
}

fn computer() -> Player {
    Player { id: COMPUTER, name: "tablero".into() }
}

fn play(game: &str, options: &[(&str, &str)]) -> Command {
    let options: OptionSet = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    typed_challenge(game.parse().unwrap(), Some(computer()), options, None)
}

fn table(dir: &std::path::Path) -> (Table, Arc<SledStore>) {
    let store = Arc::new(SledStore::open(dir).unwrap());
    (
        Table::new(store.clone(), TableConfig { challenge_expiry_secs: 3600, seed: Some(1), ..TableConfig::default() }),
        store,
    )
}

/// ana plays her first legal hole in a Hoyito game.
fn plays_her_first_legal_hole(t: &Table, record: &tablero::store::record::GameRecord) {
    let moves = record.moves.iter().map(|m| m.notation.clone()).collect::<Vec<_>>().join(" ");
    let (_, json) = tablero::analyze::analyze("hoyito", &[], &moves);
    let first = json["legal"][0].as_str().unwrap().to_string();
    t.handle(Request::new(&ana(), Command::Play(PlayCommand::Move { notation: first, at: None }), NOW))
        .unwrap()
        .unwrap();
}

#[test]
fn a_game_against_the_computer_starts_at_once_and_is_casual() {
    let dir = tempfile::tempdir().unwrap();
    let (t, store) = table(dir.path());
    let refused = |c: Command| t.handle(Request::new(&ana(), c, NOW)).unwrap().unwrap_err().text;
    assert!(refused(play("hoyito", &[("rated", "true")])).contains("casual"));
    let mut typed: tablero::games::OptionSet = [("level".to_string(), "9".to_string())].into();
    let mistyped = tablero::table::Terms::take_from(&mut typed).unwrap_err();
    assert!(tablero::i18n::text(Locale::English, &mistyped).contains("level"), "refused where typed");
    let human = typed_challenge(
        tablero::games::GameKind::Hoyito,
        Some(Player { id: UserId(2), name: "ben".into() }),
        [("level".to_string(), "2".to_string())].into_iter().collect(),
        None,
    );
    assert!(refused(human).contains("against the computer"));
    assert!(store.game(GameId(1)).unwrap().is_none(), "refusals store nothing");

    let r = t
        .handle(Request::new(&ana(), play("hoyito", &[("first", "challenger"), ("level", "2")]), NOW))
        .unwrap()
        .unwrap();
    assert!(r[0].text.contains("ana plays Hoyito II against the computer (level 2)"), "{}", r[0].text);
    let record = store.game(GameId(1)).unwrap().unwrap();
    assert_eq!(record.status, Status::Active);
    assert!(!record.rated);
    assert_eq!(record.computer.map(|c| (c.level, c.on_turn)), Some((2, false)));
    assert_eq!(t.computer_due(NOW).unwrap(), Vec::<u64>::new(), "ana moves first");

    // ana moves: the computer owes its answer (a due event), and plays it once.
    t.handle(Request::new(&ana(), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW))
        .unwrap()
        .unwrap();
    assert_eq!(t.computer_due(NOW).unwrap(), vec![1]);
    let mut played = 0;
    while t.computer_due(NOW).unwrap() == vec![1] {
        assert!(t.play_computer(GameId(1), NOW).unwrap());
        played += 1;
        assert!(played < 50, "the computer's turn ends");
    }
    assert!(!t.play_computer(GameId(1), NOW).unwrap(), "nothing more is owed");
    let record = store.game(GameId(1)).unwrap().unwrap();
    assert_eq!(record.moves.len(), 1 + played);
    assert!(record.moves[1..].iter().all(|m| m.by == COMPUTER));
    // Each of its moves is a board in the outbox, with what the move did and why.
    let deliveries = t.deliveries(Locale::English).unwrap();
    assert_eq!(deliveries.len(), played);
    for d in &deliveries {
        assert!(d.reply.text.without_calls().starts_with("tablero: North sowed hole"), "{}", d.reply.text);
        assert!(d.reply.text.contains(" It sows hole"), "{}", d.reply.text);
        assert!(d.reply.image.is_some());
        assert!(!d.reply.mentions().contains(&COMPUTER));
    }
    let last = &deliveries.last().unwrap().reply;
    assert!(last.text.contains("ana (South) to move"), "{}", last.text);
    assert_eq!(last.mentions(), vec![1], "ana is called");
}

#[test]
fn each_of_the_computers_moves_is_told_in_its_own_post_when_a_capture_gives_it_another() {
    let dir = tempfile::tempdir().unwrap();
    let (t, store) = table(dir.path());
    t.handle(Request::new(&ana(), play("hoyito", &[("first", "challenger"), ("level", "1")]), NOW)).unwrap().unwrap();
    let mut turns_of_several = 0;
    for _ in 0..200 {
        // The computer plays its whole turn before any of its posts goes out (a busy outbox).
        let from = store.game(GameId(1)).unwrap().unwrap().moves.len();
        while t.play_computer(GameId(1), NOW).unwrap() {}
        let record = store.game(GameId(1)).unwrap().unwrap();
        let deliveries = t.deliveries(Locale::English).unwrap();
        assert_eq!(deliveries.len(), record.moves.len() - from, "one post a move");
        for (n, d) in deliveries.iter().enumerate() {
            let text = d.reply.text.without_calls();
            let hole = &record.moves[from + n].notation;
            assert!(text.starts_with(&format!("tablero: North sowed hole {hole}")), "move {}: {text}", from + n + 1);
            // Only the last of them hands the game back to ana.
            let last = n + 1 == deliveries.len();
            assert_eq!(text.contains("ana (South) to move"), last && record.status == Status::Active, "{text}");
            assert_eq!(d.reply.mentions().contains(&UserId(1)), last && record.status == Status::Active, "{text}");
            t.delivered(d.notice).unwrap();
        }
        turns_of_several += usize::from(deliveries.len() > 1);
        if record.status != Status::Active {
            break;
        }
        plays_her_first_legal_hole(&t, &record);
    }
    assert!(turns_of_several > 0, "the computer never captured and moved again");
}

#[test]
fn level_five_plays_from_the_endgame_database_the_table_is_given() {
    use rand::{Rng, SeedableRng};
    use tablero::games::{GameKind, Position, Side};
    use tablero::store::record::{Computer, GameRecord, MoveEntry, Status};
    use tablero::store::{GameWrite, Unit};
    let db = Arc::new(tablero::ai::endgame::Endgame::build(8, |_, _, _| {}));
    // A random game played until 8 seeds or fewer are left with North (the computer) to move.
    let moves = (0..500u64)
        .find_map(|seed| {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let mut position = Position::new(GameKind::Hoyito, &Default::default()).unwrap();
            let mut moves = Vec::new();
            while let Some(side) = position.to_move() {
                if let Position::Hoyito(h) = &position
                    && h.holes().iter().map(|&s| u32::from(s)).sum::<u32>() <= 8
                    && side == Side::Second
                    && db.best(h).is_some()
                {
                    return Some(moves);
                }
                let legal = position.legal_moves();
                let m = legal[rng.random_range(0..legal.len())].clone();
                position.play(&m).unwrap();
                moves.push((m, if side == Side::First { UserId(1) } else { COMPUTER }));
            }
            None
        })
        .expect("a random game reaches 8 seeds with North to move");
    let said = |endgame: Option<Arc<tablero::ai::endgame::Endgame>>| {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(SledStore::open(dir.path()).unwrap());
        let config = TableConfig { seed: Some(1), endgame, ..TableConfig::default() };
        let t = Table::new(store.clone(), config);
        let record = GameRecord {
            opponent: Some(computer()),
            seats: vec![Player { id: UserId(1), name: "ana".into() }, computer()],
            moves: moves
                .iter()
                .map(|(notation, by)| MoveEntry { notation: notation.clone(), by: *by, at: NOW, name: None })
                .collect(),
            first: tablero::store::record::First::Challenger,
            status: Status::Active,
            computer: Some(Computer { level: 5, on_turn: true }),
            due: Some(NOW),
            ..GameRecord::new(
                GameKind::Hoyito,
                GameKind::Hoyito.normalise_options(&Default::default()).unwrap(),
                GuildId(1),
                ChannelId(10),
                Player { id: UserId(1), name: "ana".into() },
                NOW,
            )
        };
        let id = store.reserve_game_ids(1).unwrap();
        let record = GameRecord { id, ..record };
        store.commit(&Unit { games: vec![GameWrite { record, base: None }], ..Unit::default() }).unwrap();
        assert!(t.play_computer(id, NOW).unwrap(), "the computer owes a move");
        t.deliveries(Locale::English).unwrap()[0].reply.text.without_calls()
    };
    let with = said(Some(db.clone()));
    assert!(with.contains("Its endgame table knows this position"), "{with}");
    let without = said(None);
    assert!(!without.contains("endgame table"), "{without}");
}

#[test]
fn the_computers_turn_survives_a_restart_and_two_searches_at_once_play_it_once() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (t, _) = table(dir.path());
        t.handle(Request::new(&ana(), play("epaminondas", &[("first", "opponent"), ("level", "1")]), NOW))
            .unwrap()
            .unwrap();
        // The process stops before the computer has moved.
    }
    let (t, store) = table(dir.path());
    assert_eq!(t.computer_due(NOW + 60).unwrap(), vec![1], "owed after the restart");
    let t = Arc::new(t);
    let racers: Vec<_> = (0..2)
        .map(|_| {
            let t = t.clone();
            std::thread::spawn(move || t.play_computer(GameId(1), NOW + 60).unwrap())
        })
        .collect();
    let played: Vec<bool> = racers.into_iter().map(|r| r.join().unwrap()).collect();
    assert_eq!(played.iter().filter(|&&p| p).count(), 1, "{played:?}");
    let record = store.game(GameId(1)).unwrap().unwrap();
    assert_eq!(record.moves.len(), 1);
    assert_eq!(t.deliveries(Locale::English).unwrap().len(), 1, "one board for one move");
    assert!(t.computer_due(NOW + 60).unwrap().is_empty(), "ana's turn");
}

#[test]
fn a_whole_game_against_the_computer_ends_by_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let (t, store) = table(dir.path());
    t.handle(Request::new(&ana(), play("hoyito", &[("level", "1")]), NOW)).unwrap().unwrap();
    for _ in 0..2000 {
        while t.play_computer(GameId(1), NOW).unwrap() {}
        let record = store.game(GameId(1)).unwrap().unwrap();
        if record.status != Status::Active {
            break;
        }
        plays_her_first_legal_hole(&t, &record);
    }
    let record = store.game(GameId(1)).unwrap().unwrap();
    assert!(matches!(record.status, Status::Finished { .. }), "{:?}", record.status);
    assert!(record.rating_changes.is_empty(), "never rated");
    let profile =
        t.handle(Request::new(&ana(), Command::Rating(RatingCommand::Profile { player: None }), NOW)).unwrap().unwrap();
    assert!(profile[0].text.contains("Against the computer, level 1: "), "{}", profile[0].text);
}

#[test]
fn hints_only_in_a_casual_game_against_the_computer_on_your_turn() {
    let dir = tempfile::tempdir().unwrap();
    let (t, _) = table(dir.path());
    let ben = Actor { user: UserId(2), name: "ben".into(), ..ana() };
    let against_ben = typed_challenge(
        tablero::games::GameKind::Hoyito,
        Some(Player { id: UserId(2), name: "ben".into() }),
        [("first".to_string(), "challenger".to_string())].into_iter().collect(),
        None,
    );
    t.handle(Request::new(&ana(), against_ben, NOW)).unwrap().unwrap();
    t.handle(Request::new(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }), NOW)).unwrap().unwrap();
    let refused = t.handle(Request::new(&ana(), Command::Play(PlayCommand::Hint), NOW)).unwrap().unwrap_err().text;
    assert!(refused.contains("only for casual games against the computer"), "{refused}");
    // Against the computer, in another channel: a private hint, a legal move with its reason.
    let elsewhere = Actor { channel: ChannelId(11), ..ana() };
    t.handle(Request::new(&elsewhere, play("epaminondas", &[("first", "challenger")]), NOW)).unwrap().unwrap();
    let hint = t.handle(Request::new(&elsewhere, Command::Play(PlayCommand::Hint), NOW)).unwrap().unwrap();
    assert!(hint[0].is_private() && hint[0].text.starts_with("Hint: "), "{}", hint[0].text);
    // Not while the computer is to move.
    t.handle(Request::new(&elsewhere, Command::Play(PlayCommand::Move { notation: "a2-a3".into(), at: None }), NOW))
        .unwrap()
        .unwrap();
    let early = t.handle(Request::new(&elsewhere, Command::Play(PlayCommand::Hint), NOW)).unwrap().unwrap_err().text;
    assert!(early.contains("not your turn"), "{early}");
}

#[test]
fn the_computer_grants_a_takeback_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (t, store) = table(dir.path());
    t.handle(Request::new(&ana(), play("epaminondas", &[("first", "challenger"), ("level", "1")]), NOW))
        .unwrap()
        .unwrap();
    t.handle(Request::new(&ana(), Command::Play(PlayCommand::Move { notation: "a2-a3".into(), at: None }), NOW))
        .unwrap()
        .unwrap();
    while t.play_computer(GameId(1), NOW).unwrap() {}
    assert_eq!(store.game(GameId(1)).unwrap().unwrap().moves.len(), 2);
    let r = t.handle(Request::new(&ana(), Command::Play(PlayCommand::Takeback { game: None }), NOW)).unwrap().unwrap();
    assert!(r[0].text.contains("ana's last move is taken back (2 moves undone)"), "{}", r[0].text);
    assert!(store.game(GameId(1)).unwrap().unwrap().moves.is_empty());
    assert!(t.computer_due(NOW).unwrap().is_empty(), "ana is to move again");
}
