//! Time controls through the table with an injected clock: reminders at their moments and once each, timeouts,
//! claims, automatic adjudication, aborts, challenge expiry, and catching up after downtime exactly once (also
//! across several deadlines and a restart).

use crate::common::play::typed_challenge;
use std::sync::Arc;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand, SettingCommand};

use tablero::i18n::Locale;
use tablero::store::record::{FinishReason, NoticeKind, Player, Status};
use tablero::store::{SledStore, Store};
use tablero::table::{Actor, Command, Delivery, Permissions, SettingChange, Table, TableConfig};

const NOW: u64 = 1_800_000_000;
const HOUR: u64 = 3600;
const DAY: u64 = 86_400;

fn actor(user: u64, name: &str) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(10),
        user: UserId(user),
        name: name.into(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    }
}
fn ana() -> Actor {
    Actor { permissions: Permissions { manage_server: true, ..Permissions::default() }, ..actor(1, "ana") }
}
fn ben() -> Actor {
    actor(2, "ben")
}

struct World {
    dir: tempfile::TempDir,
    store: Arc<SledStore>,
    table: Table,
}

fn open(dir: tempfile::TempDir) -> World {
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table =
        Table::new(store.clone(), TableConfig { challenge_expiry_secs: DAY, seed: Some(1), ..TableConfig::default() });
    World { dir, store, table }
}

fn world() -> World {
    open(tempfile::tempdir().unwrap())
}

impl World {
    fn ok(&self, who: &Actor, c: Command, at: u64) -> Vec<tablero::table::Reply> {
        self.table
            .handle(Request::new(who, c.clone(), at))
            .unwrap()
            .unwrap_or_else(|r| panic!("{c:?} refused: {}", r.text))
    }

    fn refused(&self, who: &Actor, c: Command, at: u64) -> String {
        self.table.handle(Request::new(who, c, at)).unwrap().expect_err("refused").text.to_string()
    }

    /// A Hoyito game ana against ben with `time` per move, accepted at NOW; ana (South) to move.
    fn game(&self, time: &str) {
        let options = [("first", "challenger"), ("time", time)].map(|(k, v)| (k.to_string(), v.to_string()));
        let challenge = typed_challenge(
            tablero::games::GameKind::Hoyito,
            Some(Player { id: UserId(2), name: "ben".into() }),
            options.into_iter().collect(),
            None,
        );
        self.ok(&ana(), challenge, NOW);
        self.ok(&ben(), Command::Challenge(ChallengeCommand::Accept { game: None }), NOW);
    }

    /// Runs the scheduler at `at` and takes what it has to post (marking it delivered).
    fn tick(&self, at: u64) -> Vec<Delivery> {
        self.table.tick(at).unwrap();
        let out = self.table.deliveries(Locale::English).unwrap();
        for d in &out {
            self.table.delivered(d.notice).unwrap();
        }
        out
    }

    fn status(&self) -> Status {
        self.store.game(GameId(1)).unwrap().unwrap().status
    }

    fn restart(self) -> World {
        let World { dir, store, table } = self;
        drop(table);
        drop(store);
        open(dir)
    }
}

fn texts(d: &[Delivery]) -> Vec<String> {
    d.iter().map(|d| d.reply.text.without_calls().to_string()).collect()
}

#[test]
fn reminders_come_at_their_moments_once_each_then_the_timeout_and_the_claim() {
    let w = world();
    w.game("3d");
    w.ok(&ana(), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW + 60);
    let deadline = NOW + 60 + 3 * DAY;
    assert!(w.tick(deadline - 36 * HOUR - 1).is_empty(), "nothing before half the time");
    let first = w.tick(deadline - 36 * HOUR);
    assert_eq!(first.len(), 1);
    assert!(
        first[0].reply.text.without_calls().starts_with("Reminder, ben: it is your move in Hoyito II #1"),
        "{:?}",
        texts(&first)
    );
    assert!(first[0].reply.text.marks().iter().any(|m| m.span == tablero::i18n::Span::Moment(deadline)));
    assert_eq!(first[0].reply.mentions(), vec![2]);
    assert!(w.tick(deadline - 36 * HOUR).is_empty(), "only once");
    assert!(w.tick(deadline - 13 * HOUR).is_empty());
    let second = w.tick(deadline - 12 * HOUR);
    assert_eq!(second.len(), 1, "the 12-hour reminder");
    let text = w.refused(&ana(), Command::Play(PlayCommand::Claim { game: None }), deadline - 1);
    assert!(text.contains("Time is not up yet"), "{text}");
    let out = w.tick(deadline);
    assert_eq!(texts(&out), ["ben ran out of time in Hoyito II #1. ana may claim the win."]);
    assert_eq!(out[0].reply.buttons[0].id, "g:1:claim");
    assert_eq!(out[0].reply.mentions(), vec![1], "the one who may claim is called");
    assert!(w.tick(deadline + 10 * DAY).is_empty(), "with the claim policy nothing more happens by itself");
    let text = w.refused(&ben(), Command::Play(PlayCommand::Claim { game: None }), deadline + 5);
    assert!(text.contains("your own move"), "{text}");
    let done = w.ok(&ana(), tablero::table::ButtonId::command_of("g:1:claim").unwrap(), deadline + 5);
    assert!(done[0].text.contains("ana claimed the win on time"), "{}", done[0].text);
    assert_eq!(
        w.status(),
        Status::Finished { winner: Some(tablero::games::Side::First), reason: FinishReason::Timeout }
    );
}

#[test]
fn a_move_after_the_timeout_but_before_a_claim_counts_and_restarts_the_clock() {
    let w = world();
    w.game("1h");
    w.ok(&ana(), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    let out = w.tick(NOW + HOUR);
    assert_eq!(
        texts(&out),
        ["ben ran out of time in Hoyito II #1. ana may claim the win."],
        "the overtaken reminder is folded"
    );
    w.ok(&ben(), Command::Play(PlayCommand::Move { notation: "2".into(), at: None }), NOW + HOUR + 10);
    let record = w.store.game(GameId(1)).unwrap().unwrap();
    assert_eq!(record.clock.unwrap().deadline, NOW + 2 * HOUR + 10);
    let text = w.refused(&ana(), Command::Play(PlayCommand::Claim { game: None }), NOW + HOUR + 20);
    assert!(text.contains("your own move") || text.contains("not up yet"), "{text}");
}

#[test]
fn the_auto_policy_adjudicates_after_the_grace_period() {
    let w = world();
    let changes = [("timeout", "auto"), ("grace", "2h"), ("remind", "none")];
    w.ok(
        &ana(),
        Command::Setting(SettingCommand::Settings {
            changes: changes.map(|(k, v)| SettingChange::parse(k, v).unwrap()).to_vec(),
        }),
        NOW,
    );
    w.game("1d");
    w.ok(&ana(), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    let out = w.tick(NOW + DAY);
    assert!(out[0].reply.text.contains("or the game is adjudicated"), "{:?}", texts(&out));
    assert!(w.tick(NOW + DAY + 2 * HOUR - 1).is_empty());
    let out = w.tick(NOW + DAY + 2 * HOUR);
    assert_eq!(out.len(), 1);
    assert!(out[0].reply.text.contains("ben lost Hoyito II #1 on time"), "{:?}", texts(&out));
    assert!(out[0].reply.text.contains("ana wins"));
    assert!(out[0].reply.image.is_some(), "the final board");
    assert!(matches!(w.status(), Status::Finished { reason: FinishReason::Timeout, .. }));
    assert!(w.tick(NOW + 30 * DAY).is_empty(), "a finished game owes nothing");
}

#[test]
fn a_game_nobody_moved_in_is_aborted_not_scored() {
    let w = world();
    w.game("2h");
    let out = w.tick(NOW + 2 * HOUR);
    assert_eq!(out.len(), 1, "{:?}", texts(&out));
    assert!(out[0].reply.text.contains("aborted"), "{:?}", texts(&out));
    assert_eq!(w.status(), Status::Aborted);
    assert_eq!(w.store.channel_game(ChannelId(10)).unwrap(), None, "the channel is free");
}

#[test]
fn an_unanswered_challenge_expires_with_a_notice() {
    let w = world();
    let challenge = typed_challenge(
        tablero::games::GameKind::Hoyito,
        Some(Player { id: UserId(2), name: "ben".into() }),
        Default::default(),
        None,
    );
    w.ok(&ana(), challenge, NOW);
    assert!(w.tick(NOW + DAY - 1).is_empty());
    let out = w.tick(NOW + DAY);
    assert_eq!(texts(&out), ["ana's challenge to Hoyito II #1 expired unanswered."]);
    assert_eq!(w.status(), Status::Expired);
}

#[test]
fn downtime_across_several_deadlines_is_caught_up_exactly_once_even_across_a_restart() {
    let w = world();
    w.ok(
        &ana(),
        Command::Setting(SettingCommand::Settings {
            changes: vec![
                SettingChange::parse("timeout", "auto").unwrap(),
                SettingChange::parse("grace", "1d").unwrap(),
            ],
        }),
        NOW,
    );
    w.game("1d");
    w.ok(&ana(), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    // A second game in another channel, also left alone.
    let elsewhere = |a: Actor| Actor { channel: ChannelId(11), ..a };
    let challenge = typed_challenge(
        tablero::games::GameKind::Epaminondas,
        Some(Player { id: UserId(2), name: "ben".into() }),
        [("first".to_string(), "challenger".to_string())].into_iter().collect(),
        None,
    );
    w.ok(&elsewhere(ana()), challenge, NOW);
    // The bot is down for ten days: on start-up, the scheduler carries out everything, in order.
    assert_eq!(w.table.tick(NOW + 10 * DAY).unwrap(), 4, "a reminder, the timeout, the adjudication, the expiry");
    let w = w.restart();
    assert_eq!(w.table.tick(NOW + 10 * DAY).unwrap(), 0, "nothing is carried out twice");
    let out = w.tick(NOW + 10 * DAY);
    let kinds: Vec<String> = texts(&out);
    assert_eq!(out.len(), 3, "{kinds:?}");
    assert!(kinds[0].contains("ran out of time"), "the overtaken reminder is not posted: {kinds:?}");
    assert!(kinds[1].contains("lost Hoyito II #1 on time"));
    assert!(kinds[2].contains("challenge to Epaminondas #2 expired"));
    assert_eq!(out.iter().map(|d| d.channel).collect::<Vec<_>>(), [10, 10, 11]);
    let w = w.restart();
    assert!(w.tick(NOW + 20 * DAY).is_empty(), "delivered notices stay delivered");
    assert!(w.store.notices().unwrap().is_empty());
}

#[test]
fn notices_survive_a_restart_until_delivered() {
    let w = world();
    w.game("1h");
    w.ok(&ana(), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    w.table.tick(NOW + HOUR).unwrap();
    let w = w.restart();
    let pending = w.table.deliveries(Locale::English).unwrap();
    assert_eq!(pending.len(), 1, "the timeout notice waits in the outbox");
    assert!(matches!(w.store.notices().unwrap()[0].kind, NoticeKind::TimedOut { .. }));
}

#[test]
fn settings_need_manage_server_and_shape_new_games() {
    let w = world();
    let text = w.refused(
        &ben(),
        Command::Setting(SettingCommand::Settings { changes: vec![SettingChange::Time(Some(3600))] }),
        NOW,
    );
    assert!(text.contains("Manage Server"), "{text}");
    let shown = w.ok(&ben(), Command::Setting(SettingCommand::Settings { changes: vec![] }), NOW);
    assert!(shown[0].text.contains("time per move 3d; reminders half,12h"), "{}", shown[0].text);
    // A mistyped setting is refused where it is typed, before the table is asked.
    let refused = |key, value| tablero::i18n::text(Locale::English, &SettingChange::parse(key, value).unwrap_err());
    let text = refused("time", "soon");
    assert!(text.contains("time cannot be “soon”"), "{text}");
    let text = refused("colour", "red");
    assert!(text.contains("no setting “colour”"), "{text}");
    w.ok(
        &ana(),
        Command::Setting(SettingCommand::Settings {
            changes: vec![
                SettingChange::parse("time", "none").unwrap(),
                SettingChange::parse("language", "es-419").unwrap(),
            ],
        }),
        NOW,
    );
    w.game("none");
    let record = w.store.game(GameId(1)).unwrap().unwrap();
    assert!(record.clock.is_none());
    let board = w.ok(&ana(), Command::Play(PlayCommand::Board { text: false, focus: None }), NOW);
    assert!(board[0].text.contains("Le toca a ana"), "public posts in the server's language: {}", board[0].text);
    let text = w.refused(&ana(), Command::Play(PlayCommand::Claim { game: None }), NOW + 30 * DAY);
    assert!(text.contains("no time limit"), "refusals in the user's own language: {text}");
    let on = w.ok(&ben(), Command::Setting(SettingCommand::Notify { on: Some(true) }), NOW);
    assert!(on[0].is_private() && on[0].text.contains("direct message"), "{on:?}");
}

#[test]
fn reminders_go_by_direct_message_to_those_who_asked() {
    let w = world();
    w.ok(&ben(), Command::Setting(SettingCommand::Notify { on: Some(true) }), NOW);
    w.game("1d");
    w.ok(&ana(), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    let out = w.tick(NOW + 12 * HOUR);
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].direct, vec![2]);
}

/// Two tables on one store that split the servers (as two processes split Discord's shards): each carries out
/// and posts the due events of its own servers only, and together they do all of them once.
#[test]
fn tables_that_split_the_servers_each_do_their_own_servers_work() {
    let w = world();
    w.game("1d");
    let other = |a: Actor| Actor { guild: GuildId(2), channel: ChannelId(20), ..a };
    let options = [("first", "challenger"), ("time", "1d")].map(|(k, v)| (k.to_string(), v.to_string()));
    let challenge = typed_challenge(
        tablero::games::GameKind::Hoyito,
        Some(Player { id: UserId(2), name: "ben".into() }),
        options.into_iter().collect(),
        None,
    );
    w.ok(&other(ana()), challenge, NOW);
    w.ok(&other(ben()), Command::Challenge(ChallengeCommand::Accept { game: None }), NOW);
    let config = || TableConfig { challenge_expiry_secs: DAY, seed: Some(1), ..TableConfig::default() };
    let odd = Table::new(w.store.clone(), config()).serving(|guild| guild.get() % 2 == 1);
    let even = Table::new(w.store.clone(), config()).serving(|guild| guild.get() % 2 == 0);
    let at = NOW + 12 * HOUR;
    assert_eq!(odd.tick(at).unwrap(), 1, "the reminder of server 1's game");
    assert_eq!(odd.tick(at).unwrap(), 0, "server 2's game is left to the other table");
    let posts = odd.deliveries(Locale::English).unwrap();
    assert_eq!(posts.iter().map(|d| (d.guild, d.channel)).collect::<Vec<_>>(), [(GuildId(1), ChannelId(10))]);
    assert_eq!(even.deliveries(Locale::English).unwrap(), [], "nothing of server 1's to post");
    assert_eq!(even.tick(at).unwrap(), 1, "the reminder of server 2's game");
    let posts = even.deliveries(Locale::English).unwrap();
    assert_eq!(posts.iter().map(|d| (d.guild, d.channel)).collect::<Vec<_>>(), [(GuildId(2), ChannelId(20))]);
    assert!(texts(&posts)[0].starts_with("Reminder, ana: it is your move in Hoyito II #2"), "{:?}", texts(&posts));
    // A table that serves every server sees both notices, each once.
    assert_eq!(w.table.deliveries(Locale::English).unwrap().len(), 2);
}
