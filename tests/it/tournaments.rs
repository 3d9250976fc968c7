//! A tournament through the table: a five-player Swiss of three rounds (Hoyito II) from creation to final
//! standings, with a drop, a forfeit on time (adjudicated by the scheduler) and a restart in the middle; and
//! organiser rights.

use crate::common::play::typed_tournament;
use std::collections::BTreeSet;
use std::sync::Arc;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::TournamentId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{PlayCommand, RecordCommand, SettingCommand};

use tablero::i18n::Locale;
use tablero::store::record::{Player, Status};
use tablero::store::tournament::TournamentStatus;
use tablero::store::{SledStore, Store};
use tablero::table::{Actor, Command, Permissions, Reply, Table, TableConfig, TournamentCommand};

const NOW: u64 = 1_800_000_000;
const DAY: u64 = 86_400;

fn actor(user: u64, channel: u64) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(channel),
        user: UserId(user),
        name: ["", "ana", "ben", "cy", "dan", "eve"][user as usize].to_string(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions { manage_server: user == 1, ..Permissions::default() },
        private: false,
    }
}

struct World {
    dir: tempfile::TempDir,
    store: Arc<SledStore>,
    table: Table,
}

fn open(dir: tempfile::TempDir) -> World {
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table =
        Table::new(store.clone(), TableConfig { challenge_expiry_secs: DAY, seed: Some(4), ..TableConfig::default() });
    World { dir, store, table }
}

impl World {
    fn ok(&self, who: &Actor, c: Command, at: u64) -> Vec<Reply> {
        self.table
            .handle(Request::new(who, c.clone(), at))
            .unwrap()
            .unwrap_or_else(|r| panic!("{c:?} refused: {}", r.text))
    }

    fn t(&self, who: u64, c: TournamentCommand, at: u64) -> Vec<Reply> {
        self.ok(&actor(who, 10), Command::Tournament(c), at)
    }

    /// Moves every new tournament game into a channel of its own (as a front end does with threads).
    fn place(&self, replies: &[Reply], at: u64) {
        for r in replies.iter().filter(|r| r.parked()) {
            let game = r.game.unwrap();
            self.ok(
                &actor(1, 10),
                Command::Play(PlayCommand::MoveTo { game, channel: ChannelId(1000 + game.get()) }),
                at,
            );
        }
    }

    /// Plays out game `id`: both sides move once, then the second resigns (or the first, when `first_loses`).
    fn play_out(&self, id: GameId, first_loses: bool, at: u64) -> Vec<Reply> {
        let record = self.store.game(id).unwrap().unwrap();
        let (a, b) = (record.seats[0].id, record.seats[1].id);
        let channel = 1000 + id.get();
        self.ok(&actor(a.get(), channel), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), at);
        self.ok(&actor(b.get(), channel), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), at);
        let loser = if first_loses { a } else { b };
        self.ok(&actor(loser.get(), channel), Command::Play(PlayCommand::Resign), at)
    }

    fn tournament(&self) -> tablero::store::Tournament {
        self.store.tournament(TournamentId(1)).unwrap().unwrap()
    }

    fn open_games(&self) -> Vec<GameId> {
        let t = self.tournament();
        t.rounds
            .last()
            .map(|r| r.pairings.iter().filter_map(|p| p.game).collect::<Vec<_>>())
            .unwrap_or_default()
            .into_iter()
            .filter(|g| self.store.game(*g).unwrap().unwrap().status == Status::Active)
            .collect()
    }
}

#[test]
fn a_five_player_swiss_with_a_drop_a_timeout_and_a_restart() {
    let w = open(tempfile::tempdir().unwrap());
    let options = [("time".to_string(), "1d".to_string())].into_iter().collect();
    // Only organisers create tournaments.
    let refused = w
        .table
        .handle(Request::new(
            &actor(2, 10),
            Command::Tournament(typed_tournament(
                tablero::games::GameKind::Hoyito,
                tablero::table::TournamentFormat::Swiss,
                Some(3),
                None,
                Default::default(),
            )),
            NOW,
        ))
        .unwrap();
    assert!(refused.unwrap_err().text.contains("Manage Server"));
    let created = w.t(
        1,
        typed_tournament(
            tablero::games::GameKind::Hoyito,
            tablero::table::TournamentFormat::Swiss,
            Some(3),
            None,
            options,
        ),
        NOW,
    );
    assert_eq!(created[0].buttons[0].id, "t:1:join");
    for user in 1..=5 {
        let joined = w.ok(&actor(user, 10), tablero::table::ButtonId::command_of("t:1:join").unwrap(), NOW);
        assert!(joined[0].text.contains(&format!("({user} signed up)")));
    }
    let text = w
        .table
        .handle(Request::new(&actor(3, 10), Command::Tournament(TournamentCommand::Start { id: None }), NOW))
        .unwrap()
        .unwrap_err()
        .text;
    assert!(text.contains("Only the organiser"), "{text}");
    let round1 = w.t(1, TournamentCommand::Start { id: None }, NOW);
    assert!(round1[0].text.contains("round 1") && round1[0].text.contains("bye"), "{}", round1[0].text);
    assert_eq!(round1.iter().filter(|r| r.parked()).count(), 2, "two games and a bye");
    w.place(&round1, NOW);

    // Round 1: both games end; the second one's end pairs round 2.
    let games = w.open_games();
    w.play_out(games[0], false, NOW + 60);
    let after = w.play_out(games[1], true, NOW + 120);
    let round2: Vec<Reply> = after.into_iter().filter(|r| r.channel() == Some(ChannelId(10))).collect();
    assert!(round2[0].text.contains("round 2"), "{:?}", round2.iter().map(|r| &r.text).collect::<Vec<_>>());
    w.place(&round2, NOW + 120);

    // A player of a round-2 game withdraws: the game is forfeited.
    let dropped = w.store.game(w.open_games()[0]).unwrap().unwrap().seats[1].clone();
    let dan = dropped.name.clone();
    w.t(1, TournamentCommand::Drop { id: None, player: Player { id: dropped.id, name: dan.clone() } }, NOW + 200);
    // A restart in the middle.
    let World { dir, store, table } = w;
    drop(table);
    drop(store);
    let w = open(dir);
    // The remaining round-2 game: after the first move, the side on turn lets its time run out.
    let mut round3 = Vec::new();
    for game in w.open_games() {
        let record = w.store.game(game).unwrap().unwrap();
        w.ok(
            &actor(record.seats[0].id.get(), 1000 + game.get()),
            Command::Play(PlayCommand::Move { notation: "1".into(), at: None }),
            NOW + 300,
        );
        // The second side lets its time run out; the first claims the win, which completes round 2.
        w.table.tick(NOW + 300 + DAY).unwrap();
        let claimer = record.seats[0].id;
        round3 = w.ok(
            &actor(claimer.get(), 1000 + game.get()),
            Command::Play(PlayCommand::Claim { game: None }),
            NOW + 300 + DAY + 1,
        );
    }
    assert!(
        round3.iter().any(|r| r.text.contains("round 3")),
        "{:?}",
        round3.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    assert!(w.table.advance_due_tournaments(Locale::English, NOW + 400 + DAY).unwrap().is_empty(), "paired once");
    let t = w.tournament();
    assert_eq!(t.rounds.len(), 3);
    let dan = t.entrants.iter().position(|e| e.player.name == dan).unwrap();
    assert!(!t.rounds[2].pairings.iter().any(|p| p.first == dan || p.second == dan), "a dropped player is not paired");
    assert!(!t.rounds[2].byes.contains(&dan));
    w.place(&round3, NOW + 400 + DAY);
    for (i, game) in w.open_games().into_iter().enumerate() {
        w.play_out(game, i % 2 == 0, NOW + 500 + DAY);
    }
    let t = w.tournament();
    assert_eq!(t.status, TournamentStatus::Finished);
    // Nobody twice in a round, no rematch, at most one bye each.
    let mut met = BTreeSet::new();
    let mut byes = BTreeSet::new();
    for round in &t.rounds {
        let mut seen = BTreeSet::new();
        for p in &round.pairings {
            assert!(seen.insert(p.first) && seen.insert(p.second));
            assert!(met.insert((p.first.min(p.second), p.first.max(p.second))), "no rematch");
        }
        for &b in &round.byes {
            assert!(byes.insert(b), "one bye each");
        }
    }
    let standings = w.t(2, TournamentCommand::Standings { id: Some(TournamentId(1)), picture: true }, NOW + 600 + DAY);
    assert!(
        standings[0].text.starts_with("Tournament #1 (Hoyito II) is over. Final standings:"),
        "{}",
        standings[0].text
    );
    let withdrawn = format!("{} (withdrawn)", t.entrants[dan].player.name);
    assert!(standings[0].text.contains(&withdrawn), "{}", standings[0].text);
    assert!(standings[0].image.is_some());
    assert_eq!(standings[0].text.lines().count(), 6);
    let pairings = w.t(3, TournamentCommand::Pairings { id: Some(TournamentId(1)), round: Some(1) }, NOW + 600 + DAY);
    assert!(pairings[0].text.contains("1–0") || pairings[0].text.contains("0–1"), "{}", pairings[0].text);

    // The tournament report file: one line a player in FIDE's columns, the same points as the standings, every
    // round's pairings (White the first side), the byes as pairing-allocated, the withdrawn player's absence.
    let exported = w.t(3, TournamentCommand::Export { id: Some(TournamentId(1)) }, NOW + 600 + DAY);
    let file = &exported[0].files[0];
    assert_eq!(file.name, "tournament-1.trf");
    let trf = String::from_utf8(file.bytes.clone()).unwrap();
    let players: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(players.len(), 5, "{trf}");
    assert!(trf.lines().any(|l| l == "XXR 3"), "{trf}");
    for (r, round) in t.rounds.iter().enumerate() {
        let cell = |line: &str| line[91 + 10 * r..99 + 10 * r].to_string();
        for p in &round.pairings {
            let (first, second) = (players[p.first], players[p.second]);
            assert_eq!(&cell(first)[..6], format!("{:>4} w", p.second + 1), "round {}: {first}", r + 1);
            assert_eq!(&cell(second)[..6], format!("{:>4} b", p.first + 1), "round {}: {second}", r + 1);
        }
        for &b in &round.byes {
            assert_eq!(cell(players[b]), "0000 - U");
        }
    }
    let dan_line = players[dan];
    assert_eq!(cell_of(dan_line, 2), "0000 - Z", "withdrawn: not paired in round 3");
    assert!(dan_line.contains(&t.entrants[dan].player.name));
    // Points as the standings count them: a win 1, a bye 1, a draw ½ (three rounds, 7½ points in all with the byes).
    let total: f64 = players.iter().map(|l| l[80..84].trim().parse::<f64>().unwrap()).sum();
    let byes = t.rounds.iter().map(|r| r.byes.len()).sum::<usize>() as f64;
    let games = t.rounds.iter().map(|r| r.pairings.len()).sum::<usize>() as f64;
    assert_eq!(total, games + byes, "{trf}");

    // Read back without its last round, the file is paired as the tournament paired that round.
    let without_round_3: String = trf
        .lines()
        .map(|l| match l.starts_with("001") && cell_of(l, 2) != "0000 - Z" {
            // (A withdrawn player's mark of absence for round 3 stays: it is how a file says so.)
            true => l.chars().take(91 + 10 * 2 - 2).collect::<String>(),
            false => l.to_string(),
        })
        .map(|l| format!("{}\n", l.trim_end()))
        .collect();
    let report = tablero::pairings::trf::read(&without_round_3, &Default::default()).unwrap();
    let paired = tablero::pairings::trf::pair_next(&report).unwrap();
    let round3 = &t.rounds[2];
    let mut expected = format!("{}\n", round3.pairings.len() + round3.byes.len());
    for p in &round3.pairings {
        expected.push_str(&format!("{} {}\n", p.first + 1, p.second + 1));
    }
    for b in &round3.byes {
        expected.push_str(&format!("{} 0\n", b + 1));
    }
    assert_eq!(paired, expected, "{without_round_3}");
    // The whole file has no round left.
    let over =
        tablero::pairings::trf::read(&trf, &Default::default()).and_then(|t| tablero::pairings::trf::pair_next(&t));
    assert!(over.unwrap_err().to_string().contains("no round left"));
}

/// Round `r` (from 0) of a report file's player line.
fn cell_of(line: &str, r: usize) -> String {
    line.get(91 + 10 * r..99 + 10 * r).unwrap_or_default().to_string()
}

#[test]
fn an_elimination_bracket_replays_a_draw_and_crowns_a_winner() {
    let w = open(tempfile::tempdir().unwrap());
    let options = [("time".to_string(), "none".to_string())].into_iter().collect();
    w.t(
        1,
        typed_tournament(
            tablero::games::GameKind::Hoyito,
            tablero::table::TournamentFormat::Elimination,
            None,
            Some(3),
            options,
        ),
        NOW,
    );
    for user in 1..=3 {
        w.t(user, TournamentCommand::Join { id: None }, NOW);
    }
    let full = w
        .table
        .handle(Request::new(&actor(4, 10), Command::Tournament(TournamentCommand::Join { id: None }), NOW))
        .unwrap();
    assert!(full.unwrap_err().text.contains("full"));
    let round1 = w.t(1, TournamentCommand::Start { id: None }, NOW);
    assert!(round1[0].text.contains("bye"), "the top seed has a bye: {}", round1[0].text);
    w.place(&round1, NOW);
    // The one first-round game is drawn by agreement: it is replayed with sides swapped.
    let game = w.open_games()[0];
    let record = w.store.game(game).unwrap().unwrap();
    let (a, b) = (record.seats[0].id, record.seats[1].id);
    w.ok(&actor(a.get(), 1000 + game.get()), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW);
    w.ok(&actor(b.get(), 1000 + game.get()), Command::Play(PlayCommand::DrawOffer), NOW);
    let replay = w.ok(&actor(a.get(), 1000 + game.get()), Command::Play(PlayCommand::DrawAccept { game: None }), NOW);
    let boards: Vec<&Reply> = replay.iter().filter(|r| r.parked()).collect();
    assert_eq!(boards.len(), 1, "a replay");
    let replayed = w.store.game(boards[0].game.unwrap()).unwrap().unwrap();
    assert_eq!((replayed.seats[0].id, replayed.seats[1].id), (b, a), "sides swapped");
    w.place(&replay, NOW);
    let last = w.play_out(replayed.id, false, NOW);
    w.place(&last, NOW);
    let fin = w.open_games()[0];
    let end = w.play_out(fin, false, NOW);
    let final_post = end.iter().find(|r| r.text.contains("Winner:")).expect("the champion is announced");
    assert!(final_post.text.contains("is over"), "{}", final_post.text);
    // The final's record names its tournament and round.
    let exported = w.ok(&actor(2, 10), Command::Record(RecordCommand::Export { game: Some(fin) }), NOW);
    let text = exported[0].files.iter().find(|f| f.name.ends_with(".txt")).expect("the text record");
    let text = String::from_utf8(text.bytes.clone()).unwrap();
    assert!(text.contains("[Tournament \"1\"]\n[Round \"2\"]\n"), "{text}");
    // So does its line in the archive.
    let archive =
        w.ok(&actor(2, 10), Command::Record(RecordCommand::Archive { player: None, game: None, page: 0 }), NOW);
    let line = archive[0].text.lines().find(|l| l.starts_with(&format!("#{fin} "))).expect("the final's line");
    assert!(line.ends_with(" · tournament #1, round 2"), "{line}");
}

#[test]
fn an_organiser_role_runs_tournaments_and_extends_a_round() {
    let w = open(tempfile::tempdir().unwrap());
    const ORGANISERS: u64 = 777;
    let with_role = Actor { roles: vec![ORGANISERS], ..actor(2, 10) };
    let create = || {
        Command::Tournament(typed_tournament(
            tablero::games::GameKind::Hoyito,
            tablero::table::TournamentFormat::RoundRobin,
            None,
            None,
            [("time".to_string(), "1d".to_string())].into_iter().collect(),
        ))
    };
    assert!(w.table.handle(Request::new(&with_role, create(), NOW)).unwrap().is_err(), "no role set yet");
    w.ok(
        &actor(1, 10),
        Command::Setting(SettingCommand::Settings {
            changes: vec![tablero::table::SettingChange::OrganiserRole(Some(ORGANISERS))],
        }),
        NOW,
    );
    w.ok(&with_role, create(), NOW);
    for user in 2..=4 {
        w.t(user, TournamentCommand::Join { id: None }, NOW);
    }
    let round1 = w.ok(&with_role, Command::Tournament(TournamentCommand::Start { id: None }), NOW);
    assert!(round1[0].text.contains("bye"), "three players: a bye each round");
    w.place(&round1, NOW);
    let game = w.open_games()[0];
    let before = w.store.game(game).unwrap().unwrap().clock.unwrap().deadline;
    let text = w.ok(&with_role, Command::Tournament(TournamentCommand::Extend { id: None, secs: 43200 }), NOW);
    assert!(text[0].text.contains("One game still on has 12h more"), "{}", text[0].text);
    assert_eq!(w.store.game(game).unwrap().unwrap().clock.unwrap().deadline, before + 12 * 3600);
    let refused = w
        .table
        .handle(Request::new(
            &actor(3, 10),
            Command::Tournament(TournamentCommand::Extend { id: None, secs: 3600 }),
            NOW,
        ))
        .unwrap();
    assert!(refused.unwrap_err().text.contains("organiser"));
    // The member who created it, once without the role, manages it no more.
    let without_role = actor(2, 10);
    let refused = w
        .table
        .handle(Request::new(&without_role, Command::Tournament(TournamentCommand::Extend { id: None, secs: 60 }), NOW))
        .unwrap();
    assert!(refused.unwrap_err().text.contains("organiser"), "the creator kept organiser rights without the role");
    // A round robin of three: three rounds, every pair once.
    for _ in 0..3 {
        for game in w.open_games() {
            let replies = w.play_out(game, false, NOW + 10);
            w.place(&replies, NOW + 10);
        }
    }
    let t = w.tournament();
    assert_eq!(t.status, TournamentStatus::Finished, "{} rounds", t.rounds.len());
    assert_eq!(t.rounds.len(), 3);
}

#[test]
fn an_elimination_standings_picture_is_the_bracket() {
    let w = open(tempfile::tempdir().unwrap());
    let options = [("time".to_string(), "none".to_string())].into_iter().collect();
    w.t(
        1,
        typed_tournament(
            tablero::games::GameKind::Hoyito,
            tablero::table::TournamentFormat::Elimination,
            None,
            None,
            options,
        ),
        NOW,
    );
    for user in 1..=5 {
        w.t(user, TournamentCommand::Join { id: None }, NOW);
    }
    let round1 = w.t(1, TournamentCommand::Start { id: None }, NOW);
    w.place(&round1, NOW);
    let shown = w.t(2, TournamentCommand::Standings { id: None, picture: true }, NOW);
    let image = shown[0].image.as_ref().expect("a picture");
    assert!(image.file_name.ends_with("bracket.png"), "{}", image.file_name);
    let decoded = image::load_from_memory(&image.png).unwrap();
    assert!(decoded.width() >= 600, "three rounds of an eight-place bracket");
    // Cancelling calls off the games still on.
    let running = w.open_games();
    assert!(!running.is_empty());
    w.t(1, TournamentCommand::Cancel { id: None }, NOW + 5);
    assert_eq!(w.tournament().status, TournamentStatus::Cancelled);
    for game in running {
        assert_eq!(w.store.game(game).unwrap().unwrap().status, Status::Aborted);
    }
}

#[test]
fn sign_up_closes_at_its_deadline_and_the_tournament_starts_by_itself() {
    let w = open(tempfile::tempdir().unwrap());
    let create = |signup: &str| {
        typed_tournament(
            tablero::games::GameKind::Hoyito,
            tablero::table::TournamentFormat::Swiss,
            Some(2),
            None,
            [("signup".to_string(), signup.to_string())].into_iter().collect(),
        )
    };
    w.t(1, create("1h"), NOW);
    for user in 1..=3 {
        w.t(user, TournamentCommand::Join { id: None }, NOW);
    }
    assert!(w.table.advance_due_tournaments(Locale::English, NOW + 3599).unwrap().is_empty(), "not yet");
    let started = w.table.advance_due_tournaments(Locale::English, NOW + 3600).unwrap();
    assert!(started[0].2.text.contains("round 1"), "{}", started[0].2.text);
    assert_eq!(
        (started[0].0, started[0].1),
        (GuildId(1), ChannelId(10)),
        "announced in the tournament's server and channel"
    );
    assert_eq!(w.tournament().status, TournamentStatus::Running);
    assert!(w.table.advance_due_tournaments(Locale::English, NOW + 3601).unwrap().is_empty(), "started once");
    // A second one nobody joins is called off at its deadline.
    w.t(1, create("2h"), NOW);
    let called_off = w.table.advance_due_tournaments(Locale::English, NOW + 7200).unwrap();
    assert!(called_off.iter().any(|(_, _, r)| r.text.contains("called off")), "{called_off:?}");
    // A mistyped sign-up is refused where it is typed, before the table is asked.
    let mut typed: tablero::games::OptionSet = [("signup".to_string(), "soon".to_string())].into();
    let refused = tablero::table::TournamentTerms::take_from(&mut typed).unwrap_err();
    assert!(tablero::i18n::text(Locale::English, &refused).contains("signup cannot be “soon”"));
}

#[test]
fn zohn_ahl_tournaments_pair_role_teams() {
    let w = open(tempfile::tempdir().unwrap());
    let options =
        [("time", "none"), ("counters", "1"), ("autothrow", "true")].map(|(k, v)| (k.to_string(), v.to_string()));
    w.t(
        1,
        typed_tournament(
            tablero::games::GameKind::ZohnAhl,
            tablero::table::TournamentFormat::RoundRobin,
            None,
            None,
            options.into_iter().collect(),
        ),
        NOW,
    );
    let text = w
        .table
        .handle(Request::new(&actor(2, 10), Command::Tournament(TournamentCommand::Join { id: None }), NOW))
        .unwrap()
        .unwrap_err()
        .text;
    assert!(text.contains("played by teams"), "{text}");
    let text = w
        .table
        .handle(Request::new(
            &actor(2, 10),
            Command::Tournament(TournamentCommand::JoinTeam {
                id: None,
                role: 901,
                name: "red".into(),
                mentionable: true,
            }),
            NOW,
        ))
        .unwrap()
        .unwrap_err()
        .text;
    assert!(text.contains("Only members of @red"), "{text}");
    for (user, role, name) in [(2, 901, "red"), (3, 902, "blue"), (4, 903, "green")] {
        let member = Actor { roles: vec![role], ..actor(user, 10) };
        w.ok(
            &member,
            Command::Tournament(TournamentCommand::JoinTeam { id: None, role, name: name.into(), mentionable: true }),
            NOW,
        );
    }
    let round1 = w.t(1, TournamentCommand::Start { id: None }, NOW);
    w.place(&round1, NOW);
    for round in 0..3 {
        for game in w.open_games() {
            let record = w.store.game(game).unwrap().unwrap();
            assert_eq!(record.teams.len(), 2, "a team game");
            let tablero::store::record::Team::Role { id: role, .. } = record.teams[0] else { panic!("role teams") };
            // Any member of the team on turn throws (free mode); autothrow plays the game out.
            let member = Actor { roles: vec![role], ..actor(5, 1000 + game.get()) };
            let replies = w.ok(&member, Command::Play(PlayCommand::Throw { at: None }), NOW + round);
            w.place(&replies, NOW + round);
        }
    }
    let t = w.tournament();
    assert_eq!(t.status, TournamentStatus::Finished, "{:?}", t.rounds.len());
    let standings = w.t(1, TournamentCommand::Standings { id: Some(TournamentId(1)), picture: false }, NOW + 10);
    assert!(standings[0].text.contains("@red") && standings[0].text.contains("@green"), "{}", standings[0].text);
}

/// A tournament's calendar is told to the front ends each time it changes, and only then: at creation (its
/// sign-up), at its start (sign-up over, round 1 open until its deadline), when a round is extended, when a
/// round ends; a move that changes no date tells nothing.
#[test]
fn the_calendar_is_told_when_it_changes_and_only_then() {
    use tablero::table::calendar::EntryState;
    let w = open(tempfile::tempdir().unwrap());
    let calendars = |at: u64| {
        w.table.tick(at).unwrap();
        let deliveries = w.table.deliveries(Locale::English).unwrap();
        deliveries.iter().for_each(|d| w.table.delivered(d.notice).unwrap());
        deliveries.into_iter().filter_map(|d| d.calendar).collect::<Vec<_>>()
    };
    let options = [("time", "1d"), ("signup", "2d"), ("round_time", "5d")].map(|(k, v)| (k.to_string(), v.to_string()));
    let create = typed_tournament(
        tablero::games::GameKind::Hoyito,
        tablero::table::TournamentFormat::DoubleRoundRobin,
        None,
        None,
        options.into_iter().collect(),
    );
    w.t(1, create, NOW);
    let told = calendars(NOW);
    assert_eq!(told.len(), 1);
    assert_eq!((told[0][0].end, told[0][0].state), (NOW + 2 * DAY, EntryState::Going));
    for user in [1, 2] {
        w.ok(&actor(user, 10), Command::Tournament(TournamentCommand::Join { id: None }), NOW + 10);
    }
    assert!(calendars(NOW + 10).is_empty(), "sign-ups change no date");
    let round1 = w.t(1, TournamentCommand::Start { id: None }, NOW + 20);
    w.place(&round1, NOW + 20);
    let told = calendars(NOW + 20);
    assert_eq!(told.len(), 1, "{told:?}");
    let states: Vec<_> = told[0].iter().map(|e| (e.key.as_str(), e.state, e.end)).collect();
    assert_eq!(
        states,
        [
            ("tournament-1-signup", EntryState::Ended, NOW + 2 * DAY),
            ("tournament-1-round-1", EntryState::Going, NOW + 20 + 5 * DAY)
        ]
    );
    let game = w.open_games()[0];
    let record = w.store.game(game).unwrap().unwrap();
    // Whoever is on turn moves (the other is refused).
    let moved = record.seats.iter().filter(|p| {
        let who = actor(p.id.get(), 1000 + game.get());
        let request = Request::new(&who, Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW + 30);
        w.table.handle(request).unwrap().is_ok()
    });
    assert!(moved.count() >= 1);
    assert!(calendars(NOW + 30).is_empty(), "a move changes no date");
    w.t(1, TournamentCommand::Extend { id: None, secs: DAY }, NOW + 40);
    let told = calendars(NOW + 40);
    assert_eq!(told.len(), 1);
    assert_eq!(told[0][1].end, NOW + 20 + 6 * DAY, "the round's deadline moved with its games'");
    w.ok(&actor(record.seats[0].id.get(), 1000 + game.get()), Command::Play(PlayCommand::Resign), NOW + 50);
    let told = calendars(NOW + 50);
    let last = told.last().expect("round 1 over, round 2 open");
    assert_eq!(
        last.iter().map(|e| e.state).collect::<Vec<_>>(),
        [EntryState::Ended, EntryState::Ended, EntryState::Going]
    );
}

/// A six-player double elimination through the table: the two top seeds skip the first round, every other
/// player is out after a second loss, the losers' bracket's champion (seed 2, beaten only by the top seed) wins
/// the grand final, so it is played again, and the top seed wins the reset. The bracket picture shows both sides.
#[test]
fn a_double_elimination_runs_to_its_grand_final_and_the_reset() {
    let w = open(tempfile::tempdir().unwrap());
    let names = ["", "ana", "ben", "cy", "dan", "eve", "fay"];
    let member = |user: u64, channel: u64| Actor {
        user: UserId(user),
        name: names[user as usize].to_string(),
        ..actor(user.min(5), channel)
    };
    let create = typed_tournament(
        tablero::games::GameKind::Hoyito,
        tablero::table::TournamentFormat::DoubleElimination,
        None,
        None,
        Default::default(),
    );
    w.t(1, create, NOW);
    for user in 1..=6 {
        w.ok(&member(user, 10), Command::Tournament(TournamentCommand::Join { id: None }), NOW);
    }
    let mut replies = w.t(1, TournamentCommand::Start { id: None }, NOW);
    let mut meetings = std::collections::HashMap::<(u64, u64), usize>::new();
    let mut rounds = 0;
    let mut games_played = 0;
    while w.tournament().status == tablero::store::tournament::TournamentStatus::Running {
        rounds += 1;
        assert!(rounds <= 12, "the bracket ends");
        w.place(&replies, NOW + rounds);
        let mut next = Vec::new();
        for game in w.open_games() {
            let record = w.store.game(game).unwrap().unwrap();
            let (a, b) = (record.seats[0].id, record.seats[1].id);
            let met = meetings.entry((a.min(b).get(), a.max(b).get())).or_default();
            *met += 1;
            // The earlier sign-up wins, but ana loses her second meeting with ben (the grand final).
            let loser = if (a.min(b), a.max(b)) == (UserId(1), UserId(2)) && *met == 2 { UserId(1) } else { a.max(b) };
            games_played += 1;
            next.extend(w.ok(
                &member(loser.get(), 1000 + game.get()),
                Command::Play(PlayCommand::Resign),
                NOW + rounds,
            ));
        }
        replies = next;
    }
    // Five players out after two losses each: ten games, and the reset.
    assert_eq!(games_played, 11);
    let t = w.tournament();
    let standings = w.t(1, TournamentCommand::Standings { id: None, picture: true }, NOW + 100);
    assert!(standings[0].text.contains("Winner: ana!"), "{}", standings[0].text);
    let picture = standings[0].image.as_ref().expect("the bracket");
    assert_eq!(picture.file_name, "tournament-1-bracket.png");
    assert_eq!(t.rounds.len() as u64, rounds);
    let golden = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/double-elimination-6.png");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&golden, &picture.png).unwrap();
    }
    let expected = image::load_from_memory(&std::fs::read(&golden).unwrap()).unwrap().to_rgba8();
    let actual = image::load_from_memory(&picture.png).unwrap().to_rgba8();
    assert!(expected == actual, "the double bracket differs from tests/golden/double-elimination-6.png");
}

/// A command typed in a finished game's thread speaks of that game, even while the player's next tournament game
/// still waits for a thread of its own: a resignation there never resigns the other game.
#[test]
fn a_resignation_in_a_finished_games_thread_does_not_reach_the_next_game() {
    let w = open(tempfile::tempdir().unwrap());
    let options = [("time".to_string(), "none".to_string())].into_iter().collect();
    let create = typed_tournament(
        tablero::games::GameKind::Hoyito,
        tablero::table::TournamentFormat::DoubleRoundRobin,
        None,
        None,
        options,
    );
    w.t(1, create, NOW);
    for user in [1, 2] {
        w.ok(&actor(user, 10), Command::Tournament(TournamentCommand::Join { id: None }), NOW);
    }
    let round1 = w.t(1, TournamentCommand::Start { id: None }, NOW);
    w.place(&round1, NOW);
    let first = w.open_games()[0];
    // Round 1 ends; round 2's game is paired, and not given its thread (left waiting).
    w.ok(&actor(2, 1000 + first.get()), Command::Play(PlayCommand::Resign), NOW + 10);
    let second = w.open_games()[0];
    assert_ne!(first, second);
    let refused = match w
        .table
        .handle(Request::new(&actor(1, 1000 + first.get()), Command::Play(PlayCommand::Resign), NOW + 20))
        .unwrap()
    {
        Ok(replies) => panic!("the thread's game is over: {:?}", replies.iter().map(|r| &r.text).collect::<Vec<_>>()),
        Err(refused) => refused,
    };
    assert!(refused.text.contains("over"), "{}", refused.text);
    assert_eq!(w.store.game(second).unwrap().unwrap().status, Status::Active, "the waiting game plays on");
}

/// A Swiss larger than `inline_pairing_players` is paired as heavy work by the scheduler: the move that completes
/// a round is answered without the next round, which the scheduler's advance pairs and announces, once.
#[test]
fn a_large_swiss_round_is_paired_off_the_request_path() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let limits = tablero::table::Limits { inline_pairing_players: 4, ..Default::default() };
    let config = TableConfig { challenge_expiry_secs: DAY, seed: Some(4), limits, ..TableConfig::default() };
    let w = World { table: Table::new(store.clone(), config), store, dir };
    let options = [("time".to_string(), "1d".to_string())].into_iter().collect();
    let swiss = tablero::table::TournamentFormat::Swiss;
    w.t(1, typed_tournament(tablero::games::GameKind::Hoyito, swiss, Some(3), None, options), NOW);
    for user in 1..=5 {
        w.ok(&actor(user, 10), tablero::table::ButtonId::command_of("t:1:join").unwrap(), NOW);
    }
    // Round 1 too: the start says it is being paired; the scheduler pairs and announces it.
    let started = w.t(1, TournamentCommand::Start { id: None }, NOW);
    assert!(started.iter().any(|r| r.text.contains("Round 1 is being paired")), "{started:?}");
    assert!(w.tournament().rounds.is_empty(), "paired while the organiser waited");
    assert_eq!(w.tournament().status, TournamentStatus::Running);
    let round1: Vec<Reply> =
        w.table.advance_due_tournaments(Locale::English, NOW).unwrap().into_iter().map(|(_, _, r)| r).collect();
    assert!(round1.iter().any(|r| r.text.contains("round 1")), "{round1:?}");
    assert!(w.table.advance_due_tournaments(Locale::English, NOW + 1).unwrap().is_empty(), "paired once");
    w.place(&round1, NOW);
    let games = w.open_games();
    w.play_out(games[0], false, NOW + 60);
    let after = w.play_out(games[1], true, NOW + 120);
    assert!(!after.iter().any(|r| r.text.contains("round 2")), "paired while the member waited");
    assert_eq!(w.tournament().rounds.len(), 1);
    let posted = w.table.advance_due_tournaments(Locale::English, NOW + 121).unwrap();
    assert!(posted.iter().any(|(_, _, r)| r.text.contains("round 2")), "the scheduler pairs and announces it");
    assert_eq!(w.tournament().rounds.len(), 2);
    assert!(w.table.advance_due_tournaments(Locale::English, NOW + 122).unwrap().is_empty(), "paired once");
}
