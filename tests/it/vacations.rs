//! Vacations through the table with an injected clock: the clock of the away player's move stands still (no
//! reminder, no timeout, no claim), the opponent is told, the clock runs again with the time that was left when
//! the vacation ends by itself or is ended early, the turn coming to an away player stops their clock at once,
//! the server's allowance in any 30 days, and a tournament that refuses vacations.

use crate::common::play::{typed_challenge, typed_tournament};
use std::sync::Arc;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::{ChallengeCommand, PlayCommand, SettingCommand};

use tablero::games::GameKind;
use tablero::i18n::Locale;
use tablero::store::record::{NoticeKind, Player, Status};
use tablero::store::{SledStore, Store};
use tablero::table::{
    Actor, Command, Delivery, Permissions, Reply, Request, SettingChange, Table, TableConfig, TournamentCommand,
    TournamentFormat,
};

const NOW: u64 = 1_800_000_000;
const HOUR: u64 = 3600;
const DAY: u64 = 86_400;

fn actor(user: u64, channel: u64) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(channel),
        user: UserId(user),
        name: ["", "ana", "ben", "cy"][user as usize].to_string(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions { manage_server: user == 1, ..Permissions::default() },
        private: false,
    }
}

struct World {
    store: Arc<SledStore>,
    table: Table,
    _dir: tempfile::TempDir,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table =
        Table::new(store.clone(), TableConfig { challenge_expiry_secs: DAY, seed: Some(1), ..TableConfig::default() });
    World { store, table, _dir: dir }
}

impl World {
    fn ok(&self, who: u64, c: Command, at: u64) -> Vec<Reply> {
        self.table
            .handle(Request::new(&actor(who, 10), c.clone(), at))
            .unwrap()
            .unwrap_or_else(|r| panic!("{c:?} refused: {}", r.text))
    }

    fn refused(&self, who: u64, c: Command, at: u64) -> String {
        self.table.handle(Request::new(&actor(who, 10), c, at)).unwrap().expect_err("refused").text.to_string()
    }

    /// A Hoyito game ana against ben, `time` per move, accepted at NOW; ana moves at NOW + 60, so ben is on turn
    /// with his deadline at NOW + 60 + `time`.
    fn game(&self, time: &str) {
        let options = [("first", "challenger"), ("time", time)].map(|(k, v)| (k.to_string(), v.to_string()));
        let ben = Some(Player { id: UserId(2), name: "ben".into() });
        self.ok(1, typed_challenge(GameKind::Hoyito, ben, options.into_iter().collect(), None), NOW);
        self.ok(2, Command::Challenge(ChallengeCommand::Accept { game: None }), NOW);
        self.ok(1, Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW + 60);
    }

    fn tick(&self, at: u64) -> Vec<Delivery> {
        self.table.tick(at).unwrap();
        let out = self.table.deliveries(Locale::English).unwrap();
        for d in &out {
            self.table.delivered(d.notice).unwrap();
        }
        out
    }

    fn game1(&self) -> tablero::store::record::GameRecord {
        self.store.game(GameId(1)).unwrap().unwrap()
    }

    fn start(&self, who: u64, days: Option<u32>, at: u64) -> String {
        self.ok(who, Command::Setting(SettingCommand::VacationStart { days }), at)[0].text.to_string()
    }
}

fn texts(d: &[Delivery]) -> Vec<String> {
    d.iter().map(|d| d.reply.text.without_calls().to_string()).collect()
}

#[test]
fn the_clock_stands_still_while_the_player_on_turn_is_away_and_runs_again_by_itself() {
    let w = world();
    w.game("3d");
    let deadline = NOW + 60 + 3 * DAY;
    let start = NOW + HOUR;
    let said = w.start(2, Some(5), start);
    assert!(said.contains("the clock stands still in 1 game now (#1)"), "{said}");
    // The opponent is told, in the game's channel, by name.
    let told = w.tick(start);
    assert_eq!(told.len(), 1, "{:?}", texts(&told));
    assert!(texts(&told)[0].starts_with("ben is on vacation, back"), "{:?}", texts(&told));
    assert_eq!(told[0].reply.mentions(), vec![1], "ana is called");
    assert_eq!(told[0].channel, 10);

    // Past the old deadline, and past both reminders' moments: nothing at all.
    for at in [deadline - 36 * HOUR, deadline - 12 * HOUR, deadline, deadline + DAY, start + 5 * DAY - 1] {
        assert!(w.tick(at).is_empty(), "nothing while away, at {at}: {:?}", texts(&w.tick(at)));
    }
    assert_eq!(w.game1().status, Status::Active);
    let claim = w.refused(1, Command::Play(PlayCommand::Claim { game: None }), deadline + DAY);
    assert!(claim.contains("clock stands still"), "{claim}");
    let board = w.ok(1, Command::Play(PlayCommand::Board { text: false, focus: None }), deadline + DAY);
    assert!(board[0].text.contains("The clock stands still"), "{}", board[0].text);

    // The vacation ends by itself: the clock runs again with what was left of it.
    let end = start + 5 * DAY;
    let left = deadline - start;
    let back = w.tick(end);
    assert_eq!(back.len(), 1, "{:?}", texts(&back));
    let new_deadline = end + left;
    assert_eq!(back[0].reply.mentions(), vec![2], "ben is called");
    assert!(texts(&back)[0].starts_with("ben is back from vacation"), "{:?}", texts(&back));
    assert!(back[0].reply.text.marks().iter().any(|m| m.span == tablero::i18n::Span::Moment(new_deadline)));
    assert_eq!(w.game1().clock.unwrap().deadline, new_deadline);
    // Reminders and the timeout come again, from the new deadline.
    let reminded = w.tick(new_deadline - 12 * HOUR);
    assert!(texts(&reminded).iter().any(|t| t.starts_with("Reminder, ben")), "{:?}", texts(&reminded));
    let out = w.tick(new_deadline);
    assert!(texts(&out).iter().any(|t| t.contains("ran out of time")), "{:?}", texts(&out));
}

#[test]
fn the_turn_coming_to_an_away_player_stops_their_clock_at_once() {
    let w = world();
    w.game("1d");
    // ben moves, so ana is on turn; then ana goes away: her clock stands still at once.
    w.ok(2, Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW + 120);
    let on_turn_before = w.game1().clock.unwrap();
    assert!(on_turn_before.held.is_none());
    // ben goes away while ana is on turn: his clock is not running, so nothing stops yet.
    let said = w.start(2, Some(3), NOW + HOUR);
    assert!(said.contains("none of them yet"), "{said}");
    assert!(w.game1().clock.unwrap().held.is_none(), "ana's clock still runs");
    // ana moves: the turn comes to ben, who is away: his clock stands still from that moment.
    let moved = NOW + 2 * HOUR;
    let record_before = w.game1();
    let position_moves = record_before.moves.len();
    w.ok(1, Command::Play(PlayCommand::Move { notation: "2".into(), at: None }), moved);
    let record = w.game1();
    assert!(record.moves.len() > position_moves);
    let clock = record.clock.unwrap();
    let held = clock.held.expect("ben's clock stands still");
    assert_eq!((held.until, held.left), (NOW + HOUR + 3 * DAY, DAY), "a whole move's time kept for his return");
    assert_eq!(record.due, Some(held.until), "the scheduler waits for his return, and nothing before");
}

#[test]
fn ending_a_vacation_early_starts_the_clock_with_what_was_left_and_counts_only_the_days_taken() {
    let w = world();
    w.game("3d");
    let deadline = NOW + 60 + 3 * DAY;
    w.start(2, Some(10), NOW + HOUR);
    w.tick(NOW + HOUR);
    let back_at = NOW + HOUR + 2 * DAY;
    let said = w.ok(2, Command::Setting(SettingCommand::VacationEnd), back_at)[0].text.to_string();
    assert!(said.contains("the clock runs again in 1 game"), "{said}");
    let clock = w.game1().clock.unwrap();
    assert!(clock.held.is_none());
    assert_eq!(clock.deadline, back_at + (deadline - (NOW + HOUR)));
    let told = w.tick(back_at);
    assert!(texts(&told)[0].starts_with("ben is back from vacation"), "{:?}", texts(&told));
    // Ending again is refused; so is a second vacation longer than what is left of 14 days in 30 (2 were taken).
    assert!(w.refused(2, Command::Setting(SettingCommand::VacationEnd), back_at + 1).contains("not on vacation"));
    let refused = w.refused(2, Command::Setting(SettingCommand::VacationStart { days: Some(13) }), back_at + 1);
    assert!(refused.contains("12 more days") && refused.contains("14 in any 30"), "{refused}");
    // Without a number of days, a vacation takes what is left.
    let said = w.start(2, None, back_at + 1);
    assert!(said.contains("(12 days)"), "{said}");
    assert!(
        w.refused(2, Command::Setting(SettingCommand::VacationStart { days: Some(1) }), back_at + 2)
            .contains("already on vacation")
    );
}

#[test]
fn the_allowance_is_the_servers_and_comes_back_after_thirty_days() {
    let w = world();
    let set = |days: &str, at| {
        w.ok(
            1,
            Command::Setting(SettingCommand::Settings {
                changes: vec![SettingChange::parse("vacation_days", days).unwrap()],
            }),
            at,
        )
    };
    // Only a member with Manage Server changes it; 31 is refused as typed.
    let refused =
        w.refused(2, Command::Setting(SettingCommand::Settings { changes: vec![SettingChange::VacationDays(3)] }), NOW);
    assert!(refused.contains("Manage Server"), "{refused}");
    assert!(SettingChange::parse("vacation_days", "31").is_err());
    let shown = set("0", NOW);
    assert!(shown[0].text.contains("vacations 0 days in 30"), "{}", shown[0].text);
    assert!(
        w.refused(3, Command::Setting(SettingCommand::VacationStart { days: None }), NOW).contains("Vacations are off")
    );
    set("3", NOW);
    assert!(w.start(3, None, NOW).contains("(3 days)"));
    let used_up = w.refused(3, Command::Setting(SettingCommand::VacationStart { days: Some(1) }), NOW + 4 * DAY);
    assert!(used_up.contains("all 3 days"), "{used_up}");
    // Thirty days after the vacation ended, its days no longer count.
    assert!(w.start(3, Some(3), NOW + 33 * DAY).contains("(3 days)"));
    // A vacation begun and ended at once costs a day: three of them use up an allowance of three.
    let later = NOW + 70 * DAY;
    for k in 0..3 {
        w.start(3, Some(1), later + k * 10);
        w.ok(3, Command::Setting(SettingCommand::VacationEnd), later + k * 10 + 1);
    }
    let used_up = w.refused(3, Command::Setting(SettingCommand::VacationStart { days: Some(1) }), later + 100);
    assert!(used_up.contains("all 3 days"), "{used_up}");
}

#[test]
fn a_tournament_that_refuses_vacations_keeps_its_clocks_running() {
    let w = world();
    let options = [("time", "1d"), ("vacation", "off")].map(|(k, v)| (k.to_string(), v.to_string())).into();
    let create = typed_tournament(GameKind::Hoyito, TournamentFormat::RoundRobin, None, None, options);
    w.ok(1, Command::Tournament(create), NOW);
    for user in [1, 2] {
        w.ok(user, Command::Tournament(TournamentCommand::Join { id: None }), NOW);
    }
    let round = w.ok(1, Command::Tournament(TournamentCommand::Start { id: None }), NOW);
    let game = round.iter().find_map(|r| r.game).expect("a game");
    let record = w.store.game(game).unwrap().unwrap();
    let on_turn = record.seats[0].id;
    let said = w.start(on_turn.get(), Some(2), NOW + HOUR);
    assert!(said.contains("none of them yet"), "{said}");
    let clock = w.store.game(game).unwrap().unwrap().clock.unwrap();
    assert!(clock.held.is_none(), "the tournament refuses vacations: the clock runs");
    assert_eq!(clock.deadline, NOW + DAY);
    // The same in a tournament that allows them (the default): the clock stands still.
    let w = world();
    let options = [("time".to_string(), "1d".to_string())].into();
    w.ok(
        1,
        Command::Tournament(typed_tournament(GameKind::Hoyito, TournamentFormat::RoundRobin, None, None, options)),
        NOW,
    );
    for user in [1, 2] {
        w.ok(user, Command::Tournament(TournamentCommand::Join { id: None }), NOW);
    }
    let round = w.ok(1, Command::Tournament(TournamentCommand::Start { id: None }), NOW);
    let game = round.iter().find_map(|r| r.game).expect("a game");
    let on_turn = w.store.game(game).unwrap().unwrap().seats[0].id;
    w.start(on_turn.get(), Some(2), NOW + HOUR);
    assert!(w.store.game(game).unwrap().unwrap().clock.unwrap().held.is_some());
}

#[test]
fn vacations_and_their_notices_are_in_spanish_too() {
    let w = world();
    w.game("3d");
    let es = Actor { locale: Locale::SpanishLatinAmerica, ..actor(2, 10) };
    let said = w
        .table
        .handle(Request::new(&es, Command::Setting(SettingCommand::VacationStart { days: Some(2) }), NOW + HOUR))
        .unwrap()
        .unwrap();
    assert!(said[0].text.contains("Estás de vacaciones; vuelves"), "{}", said[0].text);
    w.table.tick(NOW + HOUR).unwrap();
    let told = w.table.deliveries(Locale::SpanishLatinAmerica).unwrap();
    assert!(told[0].reply.text.contains("está de vacaciones y vuelve"), "{}", told[0].reply.text);
    assert!(matches!(w.store.notices().unwrap()[0].kind, NoticeKind::Away { player: UserId(2), .. }));
}
