//! Team games through the table service: who may accept, whose throw it is in each turn mode, and refusals for
//! the other team, outsiders, and a member whose role was taken away.

use crate::common::play::typed_challenge;
use std::sync::Arc;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand};

use tablero::games::OptionSet;
use tablero::i18n::Locale;
use tablero::store::SledStore;
use tablero::store::record::{Player, Status, Team};
use tablero::table::{Actor, Command, Permissions, Refusal, Reply, Table, TableConfig};

const NOW: u64 = 1_800_000_000;
const RED: u64 = 900;
const BLUE: u64 = 901;

fn actor(user: u64, name: &str, roles: &[u64]) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(10),
        user: UserId(user),
        name: name.into(),
        roles: roles.to_vec(),
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    }
}

fn player(id: u64, name: &str) -> Player {
    Player { id: UserId(id), name: name.into() }
}

fn players(list: &[(u64, &str)]) -> Team {
    Team::Players { players: list.iter().map(|&(id, n)| player(id, n)).collect() }
}

struct World {
    _dir: tempfile::TempDir,
    table: Table,
    store: Arc<SledStore>,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    World {
        table: Table::new(
            store.clone(),
            TableConfig { challenge_expiry_secs: 3600, seed: Some(3), ..TableConfig::default() },
        ),
        store,
        _dir: dir,
    }
}

fn challenge(teams: [Team; 2], options: &[(&str, &str)]) -> Command {
    let options: OptionSet = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    typed_challenge(tablero::games::GameKind::ZohnAhl, None, options, Some(teams))
}

/// Checks that the throw sequences (a member's consecutive throws, extra throws included, count once) follow
/// `expected` round and round.
fn assert_sequences(who: &[String], expected: &[&str]) {
    let mut sequences: Vec<&str> = who.iter().map(String::as_str).collect();
    sequences.dedup();
    for (i, name) in sequences.iter().enumerate() {
        assert_eq!(*name, expected[i % expected.len()], "sequence {i} in {sequences:?}");
    }
}

impl World {
    fn run(&self, who: &Actor, c: Command) -> Result<Vec<Reply>, Refusal> {
        self.table.handle(Request::new(who, c, NOW)).unwrap()
    }

    fn ok(&self, who: &Actor, c: Command) -> Vec<Reply> {
        self.run(who, c).unwrap_or_else(|r| panic!("refused: {}", r.text))
    }

    fn refused(&self, who: &Actor, c: Command) -> String {
        let before = self.store_snapshot();
        let text = self.run(who, c).map(|r| r[0].text.clone()).expect_err("should be refused").text;
        assert_eq!(before, self.store_snapshot(), "a refusal changed nothing stored");
        text.to_string()
    }

    fn store_snapshot(&self) -> String {
        use tablero::store::Store;
        format!("{:?}", self.store.game(GameId(1)).unwrap())
    }

    /// Throws for whoever the table calls, `n` times, and returns who threw.
    fn throws(&self, team_members: &[Actor], n: usize) -> Vec<String> {
        let mut who = Vec::new();
        for _ in 0..n {
            let thrower = team_members
                .iter()
                .find(|a| self.run(a, Command::Play(PlayCommand::Throw { at: None })).is_ok())
                .unwrap_or_else(|| panic!("nobody could throw after {who:?}"));
            who.push(thrower.name.clone());
        }
        who
    }
}

#[test]
fn team_blocks_call_every_member_of_a_team_then_the_other_team() {
    let w = world();
    let (ana, cy, ben, dan) = (actor(1, "ana", &[]), actor(3, "cy", &[]), actor(2, "ben", &[]), actor(4, "dan", &[]));
    let teams = [players(&[(1, "ana"), (3, "cy")]), players(&[(2, "ben"), (4, "dan")])];
    let r = w.ok(&ana, challenge(teams, &[("counters", "10")]));
    assert_eq!(r[0].mentions(), vec![2, 4], "the challenged team is notified");
    assert!(
        w.refused(&cy, Command::Challenge(ChallengeCommand::Accept { game: None }))
            .contains("Only a member of ben and dan")
    );
    w.ok(&dan, Command::Challenge(ChallengeCommand::Accept { game: None }));
    // The first throw is ana's; cy, ben and dan are refused with her name.
    assert!(w.refused(&cy, Command::Play(PlayCommand::Throw { at: None })).contains("It is ana's throw"));
    assert!(w.refused(&ben, Command::Play(PlayCommand::Throw { at: None })).contains("not your team's turn"));
    // Ignoring extra throws (same member again), the order of sequences is ana, cy, ben, dan, ana...
    let all = [ana, cy, ben, dan];
    let who = w.throws(&all, 30);
    assert_sequences(&who, &["ana", "cy", "ben", "dan"]);
}

#[test]
fn alternate_mode_alternates_teams_and_rotates_members_and_allows_unequal_teams() {
    let w = world();
    let (ana, cy, ben) = (actor(1, "ana", &[]), actor(3, "cy", &[]), actor(2, "ben", &[]));
    let teams = || [players(&[(1, "ana"), (3, "cy")]), players(&[(2, "ben")])];
    let text = w.run(&ana, challenge(teams(), &[])).unwrap_err().text;
    assert!(text.contains("equal size"), "blocks mode refuses 2 against 1: {text}");
    w.ok(&ana, challenge(teams(), &[("turn_mode", "alternate"), ("counters", "10")]));
    w.ok(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }));
    let who = w.throws(&[ana, cy, ben], 30);
    assert_sequences(&who, &["ana", "ben", "cy", "ben"]);
}

#[test]
fn role_teams_any_member_throws_and_losing_the_role_loses_the_right() {
    let w = world();
    let ana = actor(1, "ana", &[RED]);
    let eve = actor(5, "eve", &[RED]);
    let ben = actor(2, "ben", &[BLUE]);
    let outsider = actor(9, "zed", &[]);
    let teams = || {
        [
            Team::Role { id: RED, name: "red".into(), ping: true },
            Team::Role { id: BLUE, name: "blue".into(), ping: true },
        ]
    };
    let text = w.run(&outsider, challenge(teams(), &[])).unwrap_err().text;
    assert!(text.contains("must be on one of the two teams"), "{text}");
    let r = w.ok(&ana, challenge(teams(), &[]));
    assert_eq!(r[0].role_mentions(), vec![BLUE]);
    assert!(
        w.refused(&eve, Command::Challenge(ChallengeCommand::Accept { game: None })).contains("Only a member of @blue")
    );
    w.ok(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }));
    assert!(w.refused(&outsider, Command::Play(PlayCommand::Throw { at: None })).contains("neither team"));
    assert!(w.refused(&ben, Command::Play(PlayCommand::Throw { at: None })).contains("the throw is @red's"));
    // Any member of red may throw: eve, who did not set the game up, does.
    let r = w.ok(&eve, Command::Play(PlayCommand::Throw { at: None }));
    assert!(r[0].text.starts_with("eve: West threw"), "{}", r[0].text);
    // ana loses the red role: she can no longer throw for it.
    let ana_without_role = actor(1, "ana", &[]);
    assert!(w.refused(&ana_without_role, Command::Play(PlayCommand::Throw { at: None })).contains("neither team"));
    assert!(w.refused(&ana_without_role, Command::Play(PlayCommand::Resign)).contains("neither team"));
}

#[test]
fn stopping_by_agreement_is_decided_by_counters() {
    let w = world();
    let (ana, ben) = (actor(1, "ana", &[]), actor(2, "ben", &[]));
    w.ok(&ana, challenge([players(&[(1, "ana")]), players(&[(2, "ben")])], &[]));
    w.ok(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }));
    w.ok(&ana, Command::Play(PlayCommand::DrawOffer));
    let r = w.ok(&ben, Command::Play(PlayCommand::DrawAccept { game: None }));
    // Four counters each: equal counters are a draw; the engine tests the unequal case.
    assert!(r[0].text.contains("the game is drawn"), "{}", r[0].text);
    use tablero::store::Store;
    assert!(matches!(w.store.game(GameId(1)).unwrap().unwrap().status, Status::Finished { .. }));
}

#[test]
fn moves_are_refused_in_a_throwing_game_and_throws_elsewhere() {
    let w = world();
    let (ana, ben) = (actor(1, "ana", &[]), actor(2, "ben", &[]));
    w.ok(&ana, challenge([players(&[(1, "ana")]), players(&[(2, "ben")])], &[]));
    w.ok(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }));
    let text = w.refused(&ana, Command::Play(PlayCommand::Move { notation: "FFFF".into(), at: None }));
    assert!(text.contains("throw the sticks"), "{text}");
    let hoyito = typed_challenge(
        tablero::games::GameKind::Hoyito,
        None,
        OptionSet::new(),
        Some([players(&[(1, "ana")]), players(&[(2, "ben")])]),
    );
    let elsewhere = Actor { channel: ChannelId(11), ..ana.clone() };
    assert!(w.run(&elsewhere, hoyito).unwrap_err().text.contains("not played by teams"));
}

#[test]
fn autothrow_plays_the_game_out_with_every_throw_recorded() {
    let w = world();
    let (ana, ben) = (actor(1, "ana", &[]), actor(2, "ben", &[]));
    w.ok(
        &ana,
        challenge([players(&[(1, "ana")]), players(&[(2, "ben")])], &[("autothrow", "true"), ("counters", "2")]),
    );
    w.ok(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }));
    let r = w.ok(&ana, Command::Play(PlayCommand::Throw { at: None }));
    assert!(r[0].text.contains("automatic throws"), "{}", r[0].text);
    assert!(r[0].text.contains("holds all 4 counters"), "{}", r[0].text);
    use tablero::store::Store;
    let record = w.store.game(GameId(1)).unwrap().unwrap();
    assert!(matches!(record.status, Status::Finished { winner: Some(_), .. }));
    // The record replays to the same end: every throw is in it.
    let moves = record.moves.iter().map(|m| m.notation.as_str());
    let end = tablero::games::Position::replay(record.kind, &record.options, moves).unwrap().unwrap();
    assert_eq!(end.to_move(), None);
}

#[test]
fn role_teams_throw_in_turn_by_the_roster_of_those_who_joined() {
    let w = world();
    let ana = actor(1, "ana", &[RED]);
    let eve = actor(5, "eve", &[RED]);
    let ben = actor(2, "ben", &[BLUE]);
    let dan = actor(4, "dan", &[BLUE]);
    let teams = [
        Team::Role { id: RED, name: "red".into(), ping: true },
        Team::Role { id: BLUE, name: "blue".into(), ping: true },
    ];
    let r = w.ok(&ana, challenge(teams, &[("turn_mode", "blocks"), ("counters", "10")]));
    assert!(r[0].buttons.iter().any(|b| b.id == "c:1:join"), "a Join button for role teams in turn");
    assert!(
        w.ok(&eve, Command::Challenge(ChallengeCommand::Join { game: None }))[0]
            .text
            .contains("eve joined @red (2 members so far)")
    );
    assert!(w.refused(&eve, Command::Challenge(ChallengeCommand::Join { game: None })).contains("already joined"));
    assert!(
        w.refused(&actor(9, "zed", &[]), Command::Challenge(ChallengeCommand::Join { game: None }))
            .contains("Only members")
    );
    // Blocks needs equal rosters: red has ana and eve, blue only ben (who accepts).
    assert!(
        w.refused(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }))
            .contains("equal size (West 2, East 1)")
    );
    w.ok(&dan, Command::Challenge(ChallengeCommand::Join { game: None }));
    w.ok(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }));
    let who = w.throws(&[ana, eve, ben, dan], 30);
    assert_sequences(&who, &["ana", "eve", "dan", "ben"]);
}

/// One board picture per team turn, summarising its throws; while the team throws again,
/// a short line with the Throw button and no picture (and the team is not called again).
#[test]
fn one_board_picture_per_team_turn_with_all_its_throws() {
    use tablero::games::{GameKind, Position};
    use tablero::store::Store;
    let w = world();
    let ana = actor(1, "ana", &[RED]);
    let ben = actor(2, "ben", &[BLUE]);
    let teams = [
        Team::Role { id: RED, name: "red".into(), ping: true },
        Team::Role { id: BLUE, name: "blue".into(), ping: true },
    ];
    w.table.handle(Request::new(&ana, challenge(teams, &[("counters", "2")]), NOW)).unwrap().unwrap();
    w.table
        .handle(Request::new(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }), NOW))
        .unwrap()
        .unwrap();
    let (mut pictures, mut extra_throws, mut throws_this_turn) = (0, 0, 0);
    for _ in 0..400 {
        let record = w.store.game(GameId(1)).unwrap().unwrap();
        if record.status != Status::Active {
            break;
        }
        let moves = record.moves.iter().map(|m| m.notation.as_str());
        let before = Position::replay(GameKind::ZohnAhl, &record.options, moves).unwrap().unwrap().to_move();
        let thrower = if before == Some(tablero::games::Side::First) { &ana } else { &ben };
        let reply = w
            .table
            .handle(Request::new(thrower, Command::Play(PlayCommand::Throw { at: None }), NOW))
            .unwrap()
            .unwrap()
            .remove(0);
        throws_this_turn += 1;
        let record = w.store.game(GameId(1)).unwrap().unwrap();
        let moves = record.moves.iter().map(|m| m.notation.as_str());
        let after = Position::replay(GameKind::ZohnAhl, &record.options, moves).unwrap().unwrap().to_move();
        if after == before && record.status == Status::Active {
            assert!(reply.image.is_none(), "no picture while the team throws again: {}", reply.text);
            assert!(reply.role_mentions().is_empty(), "the team is not called again");
            assert!(
                reply.buttons.iter().any(|b| matches!(b.id, tablero::table::ButtonId::Throw { .. })),
                "the Throw button comes along"
            );
            extra_throws += 1;
        } else {
            assert!(reply.image.is_some(), "the turn ends with the board picture");
            let summarised =
                reply.text.without_calls().lines().filter(|l| l.starts_with("ana:") || l.starts_with("ben:")).count();
            assert_eq!(summarised, throws_this_turn, "every throw of the turn: {}", reply.text);
            pictures += 1;
            throws_this_turn = 0;
        }
    }
    assert!(pictures > 10 && extra_throws > 0, "{pictures} pictures, {extra_throws} extra throws");
}

#[test]
fn the_history_names_every_member_who_threw_and_what_each_throw_did() {
    let w = world();
    let (ana, eve, ben, kai) =
        (actor(1, "ana", &[RED]), actor(5, "eve", &[RED]), actor(2, "ben", &[BLUE]), actor(6, "kai", &[BLUE]));
    let teams = [
        Team::Role { id: RED, name: "red".into(), ping: true },
        Team::Role { id: BLUE, name: "blue".into(), ping: true },
    ];
    w.ok(&ana, challenge(teams, &[]));
    w.ok(&kai, Command::Challenge(ChallengeCommand::Accept { game: None }));
    // Free mode (role teams): eve and kai, never named in the challenge, throw for their teams.
    let who = w.throws(&[eve.clone(), kai.clone(), ben.clone()], 12);
    assert!(who.contains(&"eve".to_string()) && who.contains(&"kai".to_string()), "{who:?}");
    let history = w.ok(&ana, Command::Play(PlayCommand::History))[0].text.clone();
    assert!(!history.contains(": ?") && !history.contains(". ?"), "every mover is named:\n{history}");
    assert!(history.contains("eve: ") && history.contains("kai: "), "{history}");
    // Each line says what the throw did (where the awl went), after the throw itself.
    assert!(history.lines().skip(1).all(|l| l.contains(" — ")), "{history}");
}
