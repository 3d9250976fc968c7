//! The table service through its public interface, on a real sled store in a temporary folder: who may do what,
//! what a refusal says, and that a refusal changes nothing stored.

use crate::common::play::typed_challenge;
use crate::common::play::typed_tournament;
use std::sync::{Arc, Barrier};
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::TournamentId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand, RecordCommand};

use tablero::games::{GameKind, Position, Side};
use tablero::i18n::{Locale, Span};
use tablero::store::record::{FinishReason, Player, Status};
use tablero::store::{SledStore, Store};
use tablero::table::{Actor, Command, Permissions, Reply, Table, TableConfig};

const NOW: u64 = 1_800_000_000;

struct World {
    _dir: tempfile::TempDir,
    store: Arc<SledStore>,
    table: Table,
}

fn world() -> World {
    world_with(TableConfig::default())
}

fn world_with(config: TableConfig) -> World {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = Table::new(store.clone(), TableConfig { challenge_expiry_secs: 3600, seed: Some(1), ..config });
    World { _dir: dir, store, table }
}

fn actor(user: u64, name: &str) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(10),
        user: UserId(user),
        name: name.to_string(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    }
}

fn ana() -> Actor {
    actor(1, "ana")
}
fn ben() -> Actor {
    actor(2, "ben")
}
fn cy() -> Actor {
    actor(3, "cy")
}

fn challenge(opponent: Option<&Actor>, options: &[(&str, &str)]) -> Command {
    typed_challenge(
        tablero::games::GameKind::Hoyito,
        opponent.map(|a| Player { id: a.user, name: a.name.clone() }),
        options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        None,
    )
}

/// What the console and Discord say to a mistyped term of a challenge (refused before the table is asked).
fn mistyped_term(key: &str, value: &str) -> String {
    let mut typed: tablero::games::OptionSet = [(key.to_string(), value.to_string())].into();
    let refused = tablero::table::Terms::take_from(&mut typed).unwrap_err();
    tablero::i18n::text(Locale::English, &refused)
}

fn mv(notation: &str) -> Command {
    Command::Play(PlayCommand::Move { notation: notation.into(), at: None })
}

impl World {
    fn ok(&self, who: &Actor, c: Command) -> Vec<Reply> {
        self.table
            .handle(Request::new(who, c.clone(), NOW))
            .unwrap()
            .unwrap_or_else(|r| panic!("{c:?} refused: {}", r.text))
    }

    /// Runs a command that must be refused, checks nothing stored changed, and returns the refusal text.
    fn refused(&self, who: &Actor, c: Command) -> String {
        let before = self.snapshot();
        let refusal = match self.table.handle(Request::new(who, c.clone(), NOW)).unwrap() {
            Ok(replies) => {
                panic!("{c:?} should be refused, but got {:?}", replies.iter().map(|r| &r.text).collect::<Vec<_>>())
            }
            Err(refusal) => refusal,
        };
        assert!(!refusal.internal, "a user mistake is not an internal error: {}", refusal.text);
        assert_eq!(self.snapshot(), before, "a refusal changed the store");
        refusal.text.to_string()
    }

    fn snapshot(&self) -> Vec<String> {
        let mut out = vec![format!("{:?}", self.store.channel_game(ChannelId(10)).unwrap())];
        for id in 1..5 {
            out.push(format!("{:?}", self.store.game(GameId(id)).unwrap()));
        }
        out
    }

    /// ana (South) against ben, game accepted.
    fn started(&self) {
        self.ok(&ana(), challenge(Some(&ben()), &[("first", "challenger")]));
        self.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    }
}

#[test]
fn a_challenge_is_accepted_and_played() {
    let w = world();
    let replies = w.ok(&ana(), challenge(Some(&ben()), &[("first", "challenger")]));
    assert_eq!(replies[0].mentions(), vec![2]);
    assert_eq!(replies[0].buttons.len(), 2);
    let replies = w.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    assert!(replies[0].text.contains("ana plays South"), "{}", replies[0].text);
    assert!(replies[0].image.is_some());
    assert_eq!(replies[0].mentions(), vec![1], "the player on turn is notified");
    let replies = w.ok(&ana(), mv("1"));
    assert!(replies[0].text.contains("South sowed hole 1, relaying 4 times."), "{}", replies[0].text);
    let record = w.store.game(GameId(1)).unwrap().unwrap();
    assert_eq!(record.moves.len(), 1);
    assert_eq!(record.moves[0].notation, "1");
    // The buttons of North's turn: holes 1..6, hole 3 (empty) disabled, ids pinned to move number 1.
    let buttons = &replies[0].buttons;
    assert_eq!(buttons.len(), 8, "six holes, then offer a draw and resign");
    assert!(!buttons[2].enabled);
    assert_eq!(buttons[0].id, "g:1:m:1:1");
    assert_eq!(buttons[6].id, "g:1:draw?");
    assert!(buttons[6].new_row);
    assert_eq!(buttons[7].id, "g:1:resign?");
    // Resigning from a button asks first, privately; the confirming button resigns.
    let asked = w.ok(&ben(), tablero::table::ButtonId::command_of("g:1:resign?").unwrap());
    assert!(asked[0].is_private() && asked[0].buttons[0].id == "g:1:resign!", "{asked:?}");
    assert_eq!(w.store.game(GameId(1)).unwrap().unwrap().status, Status::Active, "asking changes nothing");
    let text = w.refused(&cy(), tablero::table::ButtonId::command_of("g:1:resign?").unwrap());
    assert!(text.contains("not playing"), "{text}");
    let text = w.refused(&ben(), tablero::table::ButtonId::command_of("g:7:resign!").unwrap());
    assert_eq!(text, "There is no game #7 in this server.", "a confirmation of a game that is not here");
}

#[test]
fn bad_moves_get_specific_messages_and_change_nothing() {
    let w = world();
    w.started();
    assert!(w.refused(&ben(), mv("1")).contains("not your turn: ana is to move"));
    assert!(w.refused(&cy(), mv("1")).contains("not playing"));
    assert!(w.refused(&ana(), mv("0")).contains("no hole 0: your holes are 1 to 6"));
    assert!(w.refused(&ana(), mv("7")).contains("no hole 7"));
    assert!(w.refused(&ana(), mv("x")).contains("“x” is not a hole number"));
    w.ok(&ana(), mv("1"));
    let text = w.refused(&ben(), mv("3"));
    assert!(text.contains("your hole 3 is empty") && text.contains("Legal moves: 1, 2, 4, 5, 6"), "{text}");
}

/// A game reached by random play in which North's hole 6 would sow for ever (rules 3.8 point 3).
const TO_NEVER_ENDING: [&str; 6] = ["1", "1", "4", "3", "5", "1"];

impl World {
    /// Plays `moves` for whoever is on turn (ana is South).
    fn play_line(&self, moves: &[&str]) {
        let mut position = Position::new(GameKind::Hoyito, &Default::default()).unwrap();
        for m in moves {
            let who = if position.to_move() == Some(Side::First) { ana() } else { ben() };
            self.ok(&who, mv(m));
            position.play(m).unwrap();
        }
    }
}

#[test]
fn a_never_ending_sowing_is_refused_through_the_table() {
    let w = world();
    w.started();
    w.play_line(&TO_NEVER_ENDING);
    let text = w.refused(&ben(), mv("6"));
    assert!(text.contains("sowing hole 6 would go round for ever"), "{text}");
    assert!(text.contains("Legal moves: 1, 2, 4, 5"), "{text}");
}

#[test]
fn only_the_challenged_player_accepts() {
    let w = world();
    w.ok(&ana(), challenge(Some(&ben()), &[]));
    assert!(
        w.refused(&cy(), Command::Challenge(ChallengeCommand::Accept { game: None })).contains("only they can accept")
    );
    assert!(
        w.refused(&ana(), Command::Challenge(ChallengeCommand::Accept { game: None })).contains("your own challenge")
    );
    assert!(
        w.refused(&cy(), Command::Challenge(ChallengeCommand::Decline { game: None }))
            .contains("only they can decline")
    );
    assert!(w.refused(&cy(), Command::Challenge(ChallengeCommand::Cancel)).contains("Only ana"));
    assert!(w.refused(&ana(), mv("1")).contains("has not started"));
    w.ok(&ben(), Command::Challenge(ChallengeCommand::Decline { game: None }));
    assert_eq!(w.store.game(GameId(1)).unwrap().unwrap().status, Status::Declined);
    assert_eq!(w.store.channel_game(ChannelId(10)).unwrap(), None, "a declined challenge frees the channel");
}

#[test]
fn an_open_challenge_is_accepted_by_anyone_but_the_challenger() {
    let w = world();
    w.ok(&ana(), challenge(None, &[]));
    assert!(
        w.refused(&ana(), Command::Challenge(ChallengeCommand::Accept { game: None })).contains("your own challenge")
    );
    w.ok(&cy(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    let record = w.store.game(GameId(1)).unwrap().unwrap();
    assert_eq!(record.status, Status::Active);
    assert!(!record.sides_of(UserId(3), &[]).is_empty() && !record.sides_of(UserId(1), &[]).is_empty());
}

#[test]
fn one_game_per_channel_and_moves_need_a_game() {
    let w = world();
    assert!(w.refused(&ana(), mv("1")).contains("no game in this channel"));
    assert!(w.refused(&ana(), Command::Play(PlayCommand::Board { text: false, focus: None })).contains("no game"));
    w.started();
    let text = w.refused(&cy(), challenge(Some(&ben()), &[]));
    assert!(text.contains("already has a game (#1)"), "{text}");
    // Another channel is free.
    let elsewhere = Actor { channel: ChannelId(11), ..cy() };
    w.table
        .handle(Request::new(&elsewhere, challenge(Some(&ben()), &[]), NOW))
        .unwrap()
        .expect("another channel is free");
}

#[test]
fn malformed_options_are_refused_by_name() {
    let w = world();
    assert!(w.refused(&ana(), challenge(Some(&ben()), &[("holes", "7")])).contains("holes cannot be “7”: use 6|12"));
    assert!(w.refused(&ana(), challenge(Some(&ben()), &[("colour", "red")])).contains("Unknown option “colour”"));
    // A challenge's terms are read where they are typed, and refused there.
    assert!(mistyped_term("first", "me-first").contains("first cannot be"));
    assert!(w.refused(&ana(), challenge(Some(&ana()), &[])).contains("cannot challenge yourself"));
    // A game's name is read where it is typed (the console; Discord offers a choice), into the game itself.
    let unknown = "chess".parse::<tablero::games::GameKind>().unwrap_err();
    assert!(tablero::i18n::text(Locale::English, &unknown).contains("no game called “chess”"));
}

#[test]
fn challenges_expire() {
    let w = world();
    w.ok(&ana(), challenge(Some(&ben()), &[]));
    let late = NOW + 3600;
    let refusal = w
        .table
        .handle(Request::new(&ben(), Command::Challenge(ChallengeCommand::Accept { game: Some(GameId(1)) }), late))
        .unwrap()
        .unwrap_err();
    assert!(refusal.text.contains("expired"), "{}", refusal.text);
    assert_eq!(w.store.game(GameId(1)).unwrap().unwrap().status, Status::Expired);
    // The channel is free again.
    w.table.handle(Request::new(&cy(), challenge(Some(&ben()), &[]), late)).unwrap().expect("the channel is free");
}

#[test]
fn a_stale_button_is_refused() {
    let w = world();
    w.started();
    let button = tablero::table::ButtonId::command_of("g:1:m:0:1").unwrap();
    w.ok(&ana(), button.clone());
    w.ok(&ben(), mv("1"));
    // ana has an extra move or not: either way, move number 0 is long gone.
    assert!(w.refused(&ana(), button).contains("earlier position"));
}

/// Submits `command` for ana from two threads at once, on a fresh started game.
fn race(command: Command) -> (Arc<World>, Vec<Result<Vec<Reply>, tablero::table::Refusal>>) {
    let w = Arc::new(world());
    w.started();
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let (w, barrier, command) = (w.clone(), barrier.clone(), command.clone());
            std::thread::spawn(move || {
                barrier.wait();
                w.table.handle(Request::new(&ana(), command, NOW)).unwrap()
            })
        })
        .collect();
    let results = handles.into_iter().map(|h| h.join().unwrap()).collect();
    (w, results)
}

#[test]
fn two_threads_submitting_the_same_move_exactly_one_applies() {
    for _ in 0..20 {
        let (w, results) = race(tablero::table::ButtonId::command_of("g:1:m:0:2").unwrap());
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
        let refusal = results.iter().find_map(|r| r.as_ref().err()).unwrap();
        assert!(!refusal.internal, "{}", refusal.text);
        assert!(
            refusal.text.contains("earlier position") || refusal.text.contains("a moment before yours"),
            "{}",
            refusal.text
        );
        assert_eq!(w.store.game(GameId(1)).unwrap().unwrap().moves.len(), 1);
    }
}

#[test]
fn two_threads_typing_a_move_at_once_exactly_one_applies() {
    // After South's 2 it is North's turn (no capture), so the second 2 is refused whichever way the race goes.
    for _ in 0..20 {
        let (w, results) = race(mv("2"));
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
        assert_eq!(w.store.game(GameId(1)).unwrap().unwrap().moves.len(), 1);
    }
}

#[test]
fn resign_and_draws() {
    let w = world();
    w.started();
    assert!(w.refused(&ana(), Command::Play(PlayCommand::DrawAccept { game: None })).contains("no draw offer"));
    let offer = w.ok(&ana(), Command::Play(PlayCommand::DrawOffer));
    assert_eq!(offer[0].mentions(), vec![2]);
    assert!(w.refused(&ana(), Command::Play(PlayCommand::DrawOffer)).contains("already offered"));
    assert!(w.refused(&ana(), Command::Play(PlayCommand::DrawAccept { game: None })).contains("no draw offer"));
    w.ok(&ben(), Command::Play(PlayCommand::DrawDecline { game: None }));
    assert_eq!(w.store.game(GameId(1)).unwrap().unwrap().draw_offer, None);
    w.ok(&ben(), Command::Play(PlayCommand::DrawOffer));
    let done = w.ok(&ana(), Command::Play(PlayCommand::DrawAccept { game: None }));
    assert!(done[0].text.contains("accepted the draw"));
    assert_eq!(
        w.store.game(GameId(1)).unwrap().unwrap().status,
        Status::Finished { winner: None, reason: FinishReason::DrawAgreed }
    );
    assert_eq!(w.store.channel_game(ChannelId(10)).unwrap(), None);

    let w = world();
    w.started();
    let done = w.ok(&ben(), Command::Play(PlayCommand::Resign));
    assert!(done[0].text.contains("ben resigned") && done[0].text.contains("ana wins"), "{}", done[0].text);
    assert!(w.refused(&ana(), mv("1")).contains("is over after 0 moves: ana won: ben resigned."));
    assert_eq!(w.store.user_games(UserId(1)).unwrap(), vec![1]);
}

#[test]
fn replies_follow_the_actors_language() {
    let w = world();
    let ana_es = Actor { locale: Locale::SpanishLatinAmerica, ..ana() };
    let ben_es = Actor { locale: Locale::SpanishSpain, ..ben() };
    let r = w.ok(&ana_es, challenge(Some(&ben()), &[("first", "challenger")]));
    assert!(r[0].text.contains("reta a ben"), "{}", r[0].text);
    let r = w.ok(&ben_es, Command::Challenge(ChallengeCommand::Accept { game: None }));
    assert!(r[0].text.contains("ha aceptado") && r[0].text.contains("Sur"), "{}", r[0].text);
    let text = w.table.handle(Request::new(&ben_es, mv("1"), NOW)).unwrap().unwrap_err().text;
    assert!(text.contains("No es tu turno: le toca a ana"), "{text}");
    let text = w.table.handle(Request::new(&ana_es, mv("9"), NOW)).unwrap().unwrap_err().text;
    assert!(text.contains("no existe el hoyo 9"), "{text}");
}

#[test]
fn a_finished_game_by_the_rules_is_recorded_with_its_winner() {
    let w = world();
    w.ok(&ana(), challenge(Some(&ben()), &[("first", "challenger"), ("max_moves_without_capture", "1")]));
    w.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    let r = w.ok(&ana(), mv("1"));
    assert!(r[0].text.contains("One move without a capture"), "{}", r[0].text);
    let ids: Vec<String> = r[0].buttons.iter().map(|b| b.id.to_string()).collect();
    assert_eq!(ids, ["g:1:rematch"], "a finished game offers only its rematch");
    assert_eq!(
        w.store.game(GameId(1)).unwrap().unwrap().status,
        Status::Finished { winner: None, reason: FinishReason::Rules }
    );
}

#[test]
fn epaminondas_through_the_table() {
    let w = world();
    let play = typed_challenge(
        tablero::games::GameKind::Epaminondas,
        Some(Player { id: UserId(2), name: "ben".into() }),
        [("first".to_string(), "challenger".to_string()), ("symmetry".to_string(), "off".to_string())]
            .into_iter()
            .collect(),
        None,
    );
    w.ok(&ana(), play);
    let r = w.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    assert!(r[0].text.contains("ana plays White"), "{}", r[0].text);
    assert!(
        r[0].buttons.iter().all(|b| !matches!(b.id, tablero::table::ButtonId::Move { .. })),
        "no move buttons for 114 moves"
    );
    let text = w.refused(&ana(), mv("c2-c4"));
    assert!(text.contains("a lone piece moves one square only, and this would be 2"), "{text}");
    assert!(text.contains("There are 114 legal moves"), "{text}");
    assert!(w.refused(&ana(), mv("c2c4")).contains("is not a move"));
    let r = w.ok(&ana(), mv("c1-c3"));
    assert!(r[0].text.contains("White played c1-c3 (2 pieces)"), "{}", r[0].text);
    assert!(w.refused(&ben(), mv("c12-c11")).contains("the group moving that way ends at c11"));
    let history = w.ok(&ana(), Command::Play(PlayCommand::History));
    assert!(history[0].text.contains("1. ana: c1-c3"), "{}", history[0].text);
}

#[test]
fn a_long_history_fits_in_one_message() {
    // Discord's messages hold 2,000 characters (the bot says so); the console's have no bound.
    for message_chars in [2000, usize::MAX] {
        long_history(world_with(TableConfig { message_chars, ..TableConfig::default() }), message_chars);
    }
}

fn long_history(w: World, message_chars: usize) {
    let long = |id, name: &str| Actor { name: name.repeat(8), ..actor(id, name) };
    let (a, b) = (long(1, "anastasia"), long(2, "benedetto"));
    let play = typed_challenge(
        tablero::games::GameKind::Hoyito,
        Some(Player { id: UserId(2), name: b.name.clone() }),
        [("first".to_string(), "challenger".to_string())].into_iter().collect(),
        None,
    );
    w.ok(&a, play);
    w.ok(&b, Command::Challenge(ChallengeCommand::Accept { game: None }));
    let mut position = Position::new(GameKind::Hoyito, &Default::default()).unwrap();
    for _ in 0..60 {
        let Some(side) = position.to_move() else { break };
        let m = position.legal_moves()[0].clone();
        w.ok(if side == Side::First { &a } else { &b }, mv(&m));
        position.play(&m).unwrap();
    }
    let text = w.ok(&a, Command::Play(PlayCommand::History)).remove(0).text;
    assert!(text.chars().count() <= message_chars, "{} characters", text.chars().count());
    assert_eq!(text.contains("only the last"), message_chars == 2000, "{text}");
    assert!(text.lines().last().unwrap().starts_with(&format!("{}. ", position_moves(&w))), "{text}");
    if message_chars == usize::MAX {
        assert!(text.lines().any(|l| l.starts_with("1. ")), "the whole history: {text}");
    }
}

fn position_moves(w: &World) -> usize {
    w.store.game(GameId(1)).unwrap().unwrap().moves.len()
}

#[test]
fn a_game_that_wants_a_thread_moves_there_and_frees_its_channel() {
    let w = world();
    w.ok(&ana(), challenge(Some(&ben()), &[("first", "challenger"), ("thread", "true")]));
    let accepted = w.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    let title = accepted[0].thread_title().expect("asks for a thread");
    assert_eq!(title, "Hoyito II #1: ana – ben");
    // A stranger cannot move the game; a player can, and the channel is free again.
    let text = w.refused(&cy(), Command::Play(PlayCommand::MoveTo { game: GameId(1), channel: ChannelId(99) }));
    assert!(text.contains("not playing"), "{text}");
    w.ok(&ben(), Command::Play(PlayCommand::MoveTo { game: GameId(1), channel: ChannelId(99) }));
    assert_eq!(w.store.channel_game(ChannelId(10)).unwrap(), None);
    assert_eq!(w.store.channel_game(ChannelId(99)).unwrap(), Some(GameId(1)));
    assert_eq!(w.store.last_channel_game(ChannelId(99)).unwrap(), Some(GameId(1)));
    let in_thread = Actor { channel: ChannelId(99), ..ana() };
    w.ok(&in_thread, mv("1"));
    // A new game in the old channel may not be moved into the busy thread.
    w.ok(&cy(), challenge(Some(&ben()), &[]));
    w.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    let text = w
        .table
        .handle(Request::new(
            &ben(),
            Command::Play(PlayCommand::MoveTo { game: GameId(2), channel: ChannelId(99) }),
            NOW,
        ))
        .unwrap()
        .unwrap_err()
        .text;
    assert!(text.contains("already has a game (#1)"), "{text}");
    let text = mistyped_term("thread", "maybe");
    assert!(text.contains("thread cannot be “maybe”"), "{text}");
}

#[test]
fn games_lists_the_callers_games_and_suggestions_follow_the_turn() {
    let w = world();
    let text = w.refused(&ana(), Command::Play(PlayCommand::Games));
    assert!(text.contains("no game in progress"), "{text}");
    w.started();
    let listed = w.ok(&ana(), Command::Play(PlayCommand::Games));
    assert!(listed[0].is_private());
    assert!(listed[0].text.contains("Hoyito II #1 in #10: your turn (move 0)"), "{}", listed[0].text);
    // The channel and the deadline are spans each front end shows its own way (Discord: `<#10>`, `<t:…:R>`).
    let spans: Vec<Span> = listed[0].text.marks().iter().map(|m| m.span).collect();
    assert!(spans.contains(&Span::Channel(10)) && spans.iter().any(|s| matches!(s, Span::Moment(_))), "{spans:?}");
    let listed = w.ok(&ben(), Command::Play(PlayCommand::Games));
    assert!(listed[0].text.contains("ana to move"), "{}", listed[0].text);
    assert_eq!(w.table.suggest_moves(&ana(), "", 25, NOW), ["1", "2", "3", "4", "5", "6"]);
    assert_eq!(w.table.suggest_moves(&ana(), "4", 25, NOW), ["4"]);
    assert!(w.table.suggest_moves(&ben(), "", 25, NOW).is_empty(), "not ben's turn");
    assert!(w.table.suggest_moves(&cy(), "", 25, NOW).is_empty(), "not a player");
}

#[test]
fn public_replies_speak_the_servers_language_and_refusals_the_users() {
    let w = world();
    let spanish_ben = Actor { locale: Locale::SpanishLatinAmerica, ..ben() };
    w.ok(&ana(), challenge(Some(&ben()), &[("first", "challenger")]));
    let replies = w
        .table
        .handle(
            Request::new(&spanish_ben, Command::Challenge(ChallengeCommand::Accept { game: None }), NOW)
                .public(Locale::English),
        )
        .unwrap()
        .unwrap();
    assert!(replies[0].text.contains("ben accepted"), "{}", replies[0].text);
    let refusal =
        w.table.handle(Request::new(&spanish_ben, mv("1"), NOW).public(Locale::English)).unwrap().unwrap_err();
    assert!(refusal.text.contains("No es tu turno"), "{}", refusal.text);
}

fn limited(limits: tablero::table::Limits) -> World {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = Table::new(store.clone(), TableConfig { seed: Some(1), limits, ..TableConfig::default() });
    World { _dir: dir, store, table }
}

fn in_channel(who: Actor, channel: u64) -> Actor {
    Actor { channel: ChannelId(channel), ..who }
}

/// A game in a new thread frees its channel, so one member could otherwise hold any number of challenges and
/// games against the computer: each is bounded per member and server, and the refusal says the number.
#[test]
fn open_challenges_computer_games_and_tournaments_have_quotas() {
    let w =
        limited(tablero::table::Limits { open_challenges: 2, computer_games: 1, tournaments: 1, ..Default::default() });
    for channel in [10, 11] {
        w.ok(&in_channel(ana(), channel), challenge(Some(&ben()), &[]));
    }
    let text = w.refused(&in_channel(ana(), 12), challenge(Some(&ben()), &[]));
    assert!(text.contains("2 open challenges"), "{text}");
    // Another member, or the same member in another server, is not held by it.
    w.ok(&in_channel(ben(), 12), challenge(Some(&ana()), &[]));
    w.ok(&Actor { guild: GuildId(2), ..in_channel(ana(), 13) }, challenge(Some(&ben()), &[]));
    // Answered challenges no longer count.
    w.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    w.ok(&in_channel(ana(), 14), challenge(Some(&ben()), &[]));
    let computer = || {
        typed_challenge(
            tablero::games::GameKind::Hoyito,
            Some(Player { id: UserId(0), name: "tablero".into() }),
            Default::default(),
            None,
        )
    };
    w.ok(&in_channel(cy(), 20), computer());
    let text = w.refused(&in_channel(cy(), 21), computer());
    assert!(text.contains("1 live games against the computer"), "{text}");
    let organiser = Actor { permissions: Permissions { manage_server: true, ..Permissions::default() }, ..ana() };
    let create = || {
        Command::Tournament(typed_tournament(
            tablero::games::GameKind::Hoyito,
            tablero::table::TournamentFormat::Swiss,
            Some(3),
            None,
            Default::default(),
        ))
    };
    w.ok(&organiser, create());
    let text = w.refused(&organiser, create());
    assert!(text.contains("1 tournaments open or running"), "{text}");
}

/// A tournament's field is bounded (a Swiss round's pairing grows with its square): one more entrant is refused
/// with the number, and the refusal stores nothing.
#[test]
fn a_tournament_takes_at_most_the_limits_players() {
    let w = limited(tablero::table::Limits { tournament_players: 2, ..Default::default() });
    let organiser = Actor { permissions: Permissions { manage_server: true, ..Permissions::default() }, ..ana() };
    w.ok(
        &organiser,
        Command::Tournament(typed_tournament(
            tablero::games::GameKind::Hoyito,
            tablero::table::TournamentFormat::Swiss,
            Some(3),
            None,
            Default::default(),
        )),
    );
    let join = || Command::Tournament(tablero::table::TournamentCommand::Join { id: Some(TournamentId(1)) });
    w.ok(&ana(), join());
    w.ok(&ben(), join());
    let text = w.refused(&cy(), join());
    assert!(text.contains("already has 2 players"), "{text}");
    assert_eq!(w.store.tournament(TournamentId(1)).unwrap().unwrap().entrants.len(), 2);
}

/// Names reach every front end on one line and within Discord's length, and `@everyone` is no team whichever
/// front end names it.
#[test]
fn names_are_cut_to_one_line_and_everyone_is_no_team() {
    let w = world();
    let long = Actor { name: format!("ana\n**{}**", "a".repeat(200)), ..ana() };
    let said = w.ok(&long, challenge(Some(&ben()), &[]));
    let line = said[0].text.lines().next().unwrap();
    assert!(line.contains("ana **aaaa") && !line.contains(&"a".repeat(40)), "{line}");
    let record = w.store.game(GameId(1)).unwrap().unwrap();
    assert_eq!(record.challenger.name.chars().count(), 32, "{}", record.challenger.name);
    w.ok(&long, Command::Challenge(ChallengeCommand::Cancel));
    let everyone = tablero::store::record::Team::Role { id: 1, name: "everyone".into(), ping: true };
    let red = tablero::store::record::Team::Role { id: 77, name: "red".into(), ping: true };
    let teams = typed_challenge(tablero::games::GameKind::ZohnAhl, None, Default::default(), Some([red, everyone]));
    let text = w.refused(&Actor { roles: vec![77], ..ana() }, teams);
    assert!(text.contains("@everyone"), "{text}");
}

/// An analysis has a time like all heavy work: out of it, it answers with what it analysed and says so.
#[test]
fn an_analysis_out_of_time_says_how_far_it_got() {
    let w = limited(tablero::table::Limits { job_secs: 0, ..Default::default() });
    w.ok(&ana(), challenge(Some(&ben()), &[("first", "challenger")]));
    w.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }));
    w.ok(&ana(), mv("1"));
    w.ok(&ben(), Command::Play(PlayCommand::Resign));
    let said = w.ok(&cy(), Command::Record(RecordCommand::Analysis { game: Some(GameId(1)) }));
    assert!(said[0].text.contains("ran out of its 0 seconds after move 0 of 1"), "{}", said[0].text);
    assert!(said[0].image.is_some(), "the chart of what was analysed");
}

/// Games on and challenges waiting are bounded per member: neither a new challenge nor an accept goes past it.
#[test]
fn live_games_per_member_have_a_quota() {
    let w = limited(tablero::table::Limits { live_games: 2, ..Default::default() });
    for channel in [10, 11] {
        w.ok(&in_channel(ana(), channel), challenge(Some(&ben()), &[]));
        w.ok(&in_channel(ben(), channel), Command::Challenge(ChallengeCommand::Accept { game: None }));
    }
    let text = w.refused(&in_channel(ana(), 12), challenge(Some(&cy()), &[]));
    assert!(text.contains("2 games on or challenges waiting"), "{text}");
    w.ok(&in_channel(cy(), 12), challenge(Some(&ben()), &[]));
    let text = w.refused(&in_channel(ben(), 12), Command::Challenge(ChallengeCommand::Accept { game: None }));
    assert!(text.contains("2 games on or challenges waiting"), "{text}");
}
