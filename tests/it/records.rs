//! Game records through the table and the store: export → import → export gives the same files for every game
//! (JSON and text; teams, the computer, ratings), damaged records are refused with the move's number and nothing
//! is stored, the archive pages the server's finished games newest first, and a replay's frames are the board
//! pictures of the same moves (at the replay's scale), made to fit a size limit when they do not.

use crate::common::props;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand, RatingCommand, RecordCommand};

use crate::common;

use std::sync::Arc;

use common::actor_in;
use tablero::games::{GameKind, Position, Side};
use tablero::i18n::Locale;
use tablero::records::{self, Form, Record};
use tablero::render::replay::{self, Frame};
use tablero::render::{self, Picture};
use tablero::store::SledStore;
use tablero::store::rating::RatingChange;
use tablero::store::record::{
    Computer, FinishReason, GameRecord, MoveEntry, Player, Status, Team, TimeControl, TimeoutPolicy,
};
use tablero::table::{ARCHIVE_PAGE, Command, Limits, Reply, Table, TableConfig, replay_captions, replay_frames};

const NOW: u64 = 1_796_119_205;

fn table() -> (Table, tempfile::TempDir) {
    table_with(Limits::default())
}

fn table_with(limits: Limits) -> (Table, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    (Table::new(store, TableConfig { seed: Some(3), limits, ..TableConfig::default() }), dir)
}

fn player(id: u64, name: &str) -> Player {
    Player { id: UserId(id), name: name.into() }
}

/// A game of `kind` with these moves, as the store would hold it.
fn game(kind: GameKind, options: &[(&str, &str)], moves: &[&str], status: Status) -> GameRecord {
    let options =
        kind.normalise_options(&options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()).unwrap();
    let seats = vec![player(11, "ana"), player(12, "ben")];
    let mut position = Position::new(kind, &options).unwrap();
    let moves = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let side = position.to_move().unwrap();
            let notation = position.play(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
            MoveEntry { notation, by: seats[side.index()].id, at: NOW + 60 * i as u64, name: None }
        })
        .collect();
    GameRecord {
        id: GameId(40),
        opponent: Some(seats[1].clone()),
        seats: seats.clone(),
        moves,
        status,
        updated_at: NOW + 10_000,
        expires_at: NOW,
        revision: 3,
        ..GameRecord::new(kind, options, GuildId(1), ChannelId(5), seats[0].clone(), NOW - 100)
    }
}

fn finished(winner: Option<Side>, reason: FinishReason) -> Status {
    Status::Finished { winner, reason }
}

/// One record of every game, each with something of its own.
fn samples() -> Vec<GameRecord> {
    let mut epaminondas = game(
        GameKind::Epaminondas,
        &[("symmetry", "mirror")],
        &["a2-a3", "a11-a10", "b2-b3"],
        finished(Some(Side::Second), FinishReason::Resignation),
    );
    epaminondas.rated = true;
    epaminondas.rating_changes = vec![
        RatingChange { user: UserId(11), before: 1500, after: 1484, provisional: true },
        RatingChange { user: UserId(12), before: 1620, after: 1631, provisional: false },
    ];
    let mut hoyito = game(GameKind::Hoyito, &[("holes", "12")], &["3", "2", "5"], Status::Active);
    // A game of tournament #4's second round (rounds are kept from 0, written from 1).
    hoyito.tournament = Some((4, 1, 0).into());
    let mut ocencahuac = game(GameKind::Ocencahuac, &[], &["a2-a3", "c7-c6"], finished(None, FinishReason::DrawAgreed));
    ocencahuac.seats[1] = player(0, "tablero");
    ocencahuac.opponent = Some(player(0, "tablero"));
    ocencahuac.computer = Some(Computer { level: 4, on_turn: false });
    let mut zohn_ahl =
        game(GameKind::ZohnAhl, &[("variant", "tsona")], &[], finished(Some(Side::First), FinishReason::Timeout));
    zohn_ahl.seats.clear();
    zohn_ahl.teams = vec![
        Team::Role { id: 55, name: "red".into(), ping: true },
        Team::Players { players: vec![player(13, "cy"), player(14, "dan")] },
    ];
    zohn_ahl.rosters = vec![vec![player(15, "eve"), player(16, "fay")], vec![]];
    // Lost on time: its time per move is in the record.
    zohn_ahl.clock = Some(TimeControl {
        per_move: 86_400,
        remind_before: vec![43_200],
        policy: TimeoutPolicy::Auto,
        grace: 3600,
        deadline: NOW + 90_000,
        reminded: 1,
        flagged: true,
        held: None,
    });
    let mut position = Position::new(GameKind::ZohnAhl, &zohn_ahl.options).unwrap();
    for (i, (throw, by, name)) in
        [("FFRR", 15, None), ("RRRR", 13, None), ("FRFR", 77, Some("zed")), ("FFFF", 14, None)].into_iter().enumerate()
    {
        position.play(throw).unwrap();
        zohn_ahl.moves.push(MoveEntry {
            notation: throw.into(),
            by: UserId(by),
            at: NOW + i as u64,
            name: name.map(String::from),
        });
    }
    // The role team second: rosters are by side.
    let mut reversed = zohn_ahl.clone();
    reversed.teams.reverse();
    reversed.rosters = vec![vec![], vec![player(15, "eve"), player(16, "fay")]];
    reversed.moves.truncate(2);
    reversed.moves[0].by = UserId(13);
    reversed.moves[1].by = UserId(16);
    vec![epaminondas, hoyito, ocencahuac, zohn_ahl, reversed]
}

fn say(table: &Table, user: u64, command: Command) -> Vec<Reply> {
    table
        .handle(Request::new(&actor_in(1, user, 5), command, NOW + 20_000))
        .unwrap()
        .unwrap_or_else(|r| panic!("{}", r.text))
}

fn refused(table: &Table, bytes: Vec<u8>) -> String {
    match table
        .handle(Request::new(&actor_in(1, 1, 5), Command::Record(RecordCommand::Import { bytes, live: false }), NOW))
        .unwrap()
    {
        Ok(r) => panic!("imported: {}", r[0].text),
        Err(r) => r.text.to_string(),
    }
}

#[test]
fn every_game_round_trips_through_import_and_export_in_both_forms() {
    for sample in samples() {
        let record = Record::of(&sample).unwrap();
        // A game with a time per move says it (the Zohn Ahl samples), in both forms.
        assert_eq!(record.seconds_per_move, sample.clock.as_ref().map(|c| c.per_move));
        if record.seconds_per_move.is_some() {
            assert!(record.write(Form::Text).contains("[SecondsPerMove \"86400\"]\n"));
            assert!(record.write(Form::Json).contains("\"seconds_per_move\": 86400"));
        }
        // A tournament game says which tournament and round.
        if sample.tournament.is_some() {
            assert!(record.write(Form::Text).contains("[Tournament \"4\"]\n[Round \"2\"]\n"));
            assert!(record.write(Form::Json).contains("\"tournament\": 4,\n  \"round\": 2,"));
        }
        for form in [Form::Json, Form::Text] {
            let written = record.write(form);
            assert_eq!(records::read(written.as_bytes()).unwrap(), record, "{} {form:?} reads back", sample.kind);
            let (table, _dir) = table();
            let imported = say(
                &table,
                2,
                Command::Record(RecordCommand::Import { bytes: written.clone().into_bytes(), live: true }),
            );
            assert!(imported[0].text.contains("Imported as game #1"), "{}", imported[0].text);
            let exported = say(&table, 3, Command::Record(RecordCommand::Export { game: Some(GameId(1)) }));
            let file = exported[0].files.iter().find(|f| f.name == record.file_name(1, form)).expect("the file");
            assert_eq!(String::from_utf8(file.bytes.clone()).unwrap(), written, "{} {form:?}", sample.kind);
        }
    }
}

#[test]
fn imported_games_are_unrated_and_count_for_no_one() {
    let (table, _dir) = table();
    let sample = &samples()[0];
    let bytes = Record::of(sample).unwrap().write(Form::Json).into_bytes();
    say(&table, 2, Command::Record(RecordCommand::Import { bytes, live: false }));
    let profile = table
        .handle(Request::new(&actor_in(1, 11, 5), Command::Rating(RatingCommand::Profile { player: None }), NOW))
        .unwrap();
    assert!(profile.unwrap_err().text.contains("has not finished a game"), "the imported game is not on a profile");
    let command = Command::Rating(RatingCommand::Leaderboard {
        game: tablero::games::GameKind::Epaminondas,
        page: 0,
        provisional: true,
        picture: false,
        season: None,
    });
    let board = table.handle(Request::new(&actor_in(1, 1, 5), command, NOW)).unwrap();
    assert!(board.unwrap_err().text.contains("Nobody has a Epaminondas rating"), "no rating from an imported game");
}

#[test]
fn a_record_of_a_game_still_on_is_stored_only_where_it_can_be_continued() {
    let (table, _dir) = table();
    let hoyito = &samples()[1];
    let bytes = Record::of(hoyito).unwrap().write(Form::Text).into_bytes();
    let text = refused(&table, bytes.clone());
    assert!(text.contains("still on"), "{text}");
    let done = say(&table, 2, Command::Record(RecordCommand::Import { bytes, live: true }));
    assert!(done[0].text.contains("play on here"), "{}", done[0].text);
    // ben (12) is North, on turn after three moves... whoever is: the game goes on.
    let on_turn = if done[1].mentions().contains(&UserId(12)) { 12 } else { 11 };
    let moved = table
        .handle(Request::new(
            &actor_in(1, on_turn, 5),
            Command::Play(PlayCommand::Move { notation: "1".into(), at: None }),
            NOW + 30_000,
        ))
        .unwrap();
    assert!(moved.is_ok(), "{moved:?}");
}

#[test]
fn damaged_records_are_refused_with_the_move_number_and_store_nothing() {
    let (table, _dir) = table();
    let epaminondas = Record::of(&samples()[0]).unwrap();
    let json = epaminondas.write(Form::Json);
    let text = epaminondas.write(Form::Text);
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (json.replace("\"b2-b3\"", "\"b2-b9\""), "Move 3 (b2-b9) is not legal"),
        (json.replace("\"a11-a10\"", "\"a2-a3\""), "Move 2 (a2-a3) is not legal"),
        (text.replace("2. a11-a10", "2. zz"), "Move 2 (zz) is not legal"),
        (text.replace("3. b2-b3", "4. b2-b3"), "Line 20: move number 3 was expected"),
        (json.replace("tablero-record", "chess"), "not a tablero game record"),
        (json.replace("\"version\": 1", "\"version\": 9"), "version 9, newer"),
        (json[..json.len() / 2].to_string(), "does not read"),
        (json.replace("\"resignation\"", "\"rules\""), "does not fit the position after move 3"),
        (json.replace("2026-12-01T10:01:05Z", "yesterday"), "\"yesterday\" is not a time"),
        (json.replace("\"rated\": true", "\"rated\": true, \"colour\": 1"), "(line 40): unknown field `colour`"),
        (json.replace("\"rated\": true", "\"rated\": true, \"seconds_per_move\": 0"), "seconds above 0, not “0”"),
        (text.replace("[Rated", "[SecondsPerMove \"a day\"]\n[Rated"), "seconds above 0, not “a day”"),
        (text.replace("[Rated", "[Tournament \"4\"]\n[Round \"first\"]\n[Rated"), "number from 1, not “first”"),
        (text.replace("[Rated", "[Tournament \"4\"]\n[Round \"4294967296\"]\n[Rated"), "from 1, not “4294967296”"),
        (text.replace("[Rated", "[Tournament \"-1\"]\n[Rated"), "tournament must be a number above 0, not “-1”"),
        (json.replace("\"rated\": true", "\"rated\": true, \"tournament\": 0"), "number above 0, not “0”"),
        (json.replace("\"rated\": true", "\"rated\": true, \"round\": 2"), "round is given without its tournament"),
    ]
    .into_iter()
    .map(|(s, m)| (s.into_bytes(), m))
    .collect();
    for (bytes, expected) in cases {
        let said = refused(&table, bytes);
        assert!(said.contains(expected), "{expected:?} in {said:?}");
    }
    // A move after the end (a regression record that the rules ended, one move longer).
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/hoyito/001.txt")).unwrap();
    let mut over = records::read(text.as_bytes()).unwrap();
    assert_eq!(over.termination.as_deref(), Some("rules"));
    let n = over.moves.len();
    over.moves.push(over.moves[n - 1].clone());
    let said = refused(&table, over.write(Form::Json).into_bytes());
    assert!(said.contains(&format!("Move {} ", n + 1)) && said.contains("already over"), "{said}");
    // In Spanish for a Spanish speaker.
    let mut ana = actor_in(1, 1, 5);
    ana.locale = Locale::SpanishLatinAmerica;
    let bad = json.replace("\"b2-b3\"", "\"b2-b9\"").into_bytes();
    let said = table
        .handle(Request::new(&ana, Command::Record(RecordCommand::Import { bytes: bad, live: false }), NOW))
        .unwrap()
        .unwrap_err()
        .text;
    assert!(said.contains("La jugada 3 (b2-b9) no es legal"), "{said}");
    assert!(
        table
            .handle(Request::new(
                &actor_in(1, 1, 5),
                Command::Record(RecordCommand::Export { game: Some(GameId(1)) }),
                NOW
            ))
            .unwrap()
            .is_err(),
        "nothing stored"
    );
}

#[test]
fn the_archive_pages_finished_games_newest_first() {
    let (table, _dir) = table_with(Limits { imports_per_day: 100, ..Limits::default() });
    let base = Record::of(&samples()[0]).unwrap();
    for k in 0..23u64 {
        let mut record = base.clone();
        record.ended = Some(records::time::format(NOW + k * 3600));
        if k % 2 == 1 {
            let hoyito = game(GameKind::Hoyito, &[], &["3"], finished(Some(Side::Second), FinishReason::Resignation));
            record = Record::of(&hoyito).unwrap();
            record.ended = Some(records::time::format(NOW + k * 3600));
        }
        say(
            &table,
            2,
            Command::Record(RecordCommand::Import { bytes: record.write(Form::Json).into_bytes(), live: false }),
        );
    }
    let page = |player: Option<Player>, game: Option<&str>, page: usize| {
        let reply = say(
            &table,
            3,
            Command::Record(RecordCommand::Archive { player, game: game.map(|g| g.parse().unwrap()), page }),
        );
        let ids: Vec<u64> =
            reply[0].text.lines().filter_map(|l| l.strip_prefix("#")?.split(' ').next()?.parse().ok()).collect();
        (reply[0].text.clone(), ids, reply[0].buttons.iter().map(|b| (b.id.to_string(), b.enabled)).collect::<Vec<_>>())
    };
    let (text, ids, buttons) = page(None, None, 0);
    assert!(text.contains("page 1 of 3"), "{text}");
    // Each line says who imported the game here (user 2, ben): an import names the players of its record, so
    // the archive says whose word that is.
    assert_eq!(text.matches(" · imported by ben").count(), ARCHIVE_PAGE, "{text}");
    assert_eq!(ids, (14..=23).rev().collect::<Vec<u64>>(), "newest first");
    assert_eq!(buttons, [("ar:0:0:-".to_string(), false), ("ar:1:0:-".to_string(), true)]);
    let (_, ids, buttons) = page(None, None, 2);
    assert_eq!(ids, [3, 2, 1]);
    assert_eq!(buttons[1], ("ar:2:0:-".to_string(), false), "no page after the last");
    // A page past the end shows the last one.
    assert_eq!(page(None, None, 9).1, [3, 2, 1]);
    let (_, ids, _) = page(None, Some("hoyito"), 0);
    assert_eq!(ids, (1..=11).rev().map(|k| 2 * k).take(ARCHIVE_PAGE).collect::<Vec<u64>>());
    // An import is listed under the member who imported it (user 2), never under the ids its file names.
    let (_, ids, _) = page(Some(player(2, "ben")), Some("epaminondas"), 1);
    assert_eq!(ids, [3, 1], "the importer's twelve Epaminondas games: the second page holds the first two");
    assert!(page(Some(player(12, "ben")), None, 0).1.is_empty(), "the file's ben played none of them here");
    // Another server has none of them, and its ids are not found.
    let other = table
        .handle(Request::new(
            &actor_in(2, 3, 9),
            Command::Record(RecordCommand::Archive { player: None, game: None, page: 0 }),
            NOW,
        ))
        .unwrap()
        .unwrap();
    assert!(other[0].text.contains("No finished game yet"), "{}", other[0].text);
    let replay = table
        .handle(Request::new(
            &actor_in(2, 3, 9),
            Command::Record(RecordCommand::Replay { game: Some(GameId(1)), delay: None }),
            NOW,
        ))
        .unwrap();
    assert!(replay.unwrap_err().text.contains("no game #1"));
}

/// An imported record is bounded like everything a member sends: its names as long as Discord's, its moves
/// below the limit of its game, and a few imports a day.
#[test]
fn records_with_huge_names_or_too_many_moves_are_refused_and_imports_have_a_daily_quota() {
    let limits = Limits { imports_per_day: 2, ..Limits::default() };
    let hoyito_limit = limits.record_plies.hoyito;
    let (table, _dir) = table_with(limits);
    let mut record = Record::of(&samples()[0]).unwrap();
    record.sides[0].name = "x".repeat(20_000);
    record.sides[0].players[0].name = "x".repeat(20_000);
    let text = refused(&table, record.write(Form::Json).into_bytes());
    assert!(text.contains("at most 32 characters"), "{text}");
    let mut record = Record::of(&samples()[0]).unwrap();
    record.sides[1].players[0].name = "ben\n**bold**".into();
    assert!(refused(&table, record.write(Form::Json).into_bytes()).contains("on one line"));
    // A move's mover's name, or its notation, of 500 KB with NUL, CR and LF.
    let huge = format!("a\u{0}b\r\n{}", "x".repeat(500_000));
    let mut record = Record::of(&samples()[0]).unwrap();
    record.moves[0].name = Some(huge.clone());
    assert!(refused(&table, record.write(Form::Json).into_bytes()).contains("at most 32 characters"));
    let mut record = Record::of(&samples()[0]).unwrap();
    record.moves[0].notation = huge;
    let text = refused(&table, record.write(Form::Json).into_bytes());
    assert!(text.contains("at most 200 characters") && text.len() < 1000, "{}", &text[..text.len().min(300)]);
    // Moves past the limit: counted before they are replayed, so their being legal does not matter.
    let mut long = Record::of(&samples()[1]).unwrap();
    let moves = long.moves.clone();
    while long.moves.len() <= hoyito_limit {
        long.moves.extend(moves.iter().cloned());
    }
    let text = refused(&table, long.write(Form::Json).into_bytes());
    assert!(text.contains(&format!("at most {hoyito_limit} moves")), "{text}");
    // Two imports a day, then a refusal that says the limit; the next day, one more.
    let bytes = Record::of(&samples()[0]).unwrap().write(Form::Json).into_bytes();
    for _ in 0..2 {
        table
            .handle(Request::new(
                &actor_in(1, 1, 5),
                Command::Record(RecordCommand::Import { bytes: bytes.clone(), live: false }),
                NOW,
            ))
            .unwrap()
            .unwrap();
    }
    let text = refused(&table, bytes.clone());
    assert!(text.contains("imported 2 records"), "{text}");
    table
        .handle(Request::new(
            &actor_in(1, 1, 5),
            Command::Record(RecordCommand::Import { bytes, live: false }),
            NOW + 86_400,
        ))
        .unwrap()
        .unwrap();
}

/// An import is no game of the channel: `/board`, `/replay`, `/rematch` there do not pick it up, it is listed
/// under its importer alone (its players' lists do not show it); its number reaches it.
#[test]
fn an_import_is_not_the_channels_game_nor_in_its_players_lists() {
    let (table, _dir) = table();
    let bytes = Record::of(&samples()[0]).unwrap().write(Form::Json).into_bytes();
    say(&table, 2, Command::Record(RecordCommand::Import { bytes, live: false }));
    for command in [
        Command::Play(PlayCommand::Board { text: false, focus: None }),
        Command::Record(RecordCommand::Replay { game: None, delay: None }),
        Command::Challenge(ChallengeCommand::Rematch { game: None }),
    ] {
        let answer = table.handle(Request::new(&actor_in(1, 2, 5), command.clone(), NOW + 20_000)).unwrap();
        assert!(answer.is_err(), "{command:?} in the channel does not reach the import");
    }
    let theirs = say(
        &table,
        3,
        Command::Record(RecordCommand::Archive { player: Some(player(11, "ana")), game: None, page: 0 }),
    );
    assert!(theirs[0].text.contains("No finished game yet"), "{}", theirs[0].text);
    let importers =
        say(&table, 3, Command::Record(RecordCommand::Archive { player: Some(player(2, "ben")), game: None, page: 0 }));
    assert!(importers[0].text.contains("\n#1 · Epaminondas"), "{}", importers[0].text);
    let replay = say(&table, 2, Command::Record(RecordCommand::Replay { game: Some(GameId(1)), delay: None }));
    assert!(replay[0].files.iter().any(|f| f.name.ends_with(".gif")), "reached by its number");
}

/// The frames of a GIF as whole pictures (each frame drawn over the ones before), in RGB.
fn decoded_frames(gif: &[u8]) -> (Vec<Vec<u8>>, Vec<u16>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).unwrap();
    let (width, height) = (decoder.width() as usize, decoder.height() as usize);
    let palette = decoder.global_palette().unwrap().to_vec();
    let mut screen = vec![0u8; width * height];
    let (mut frames, mut delays) = (Vec::new(), Vec::new());
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        assert_eq!(frame.palette, None, "one palette for the whole animation");
        let (left, top, w) = (frame.left as usize, frame.top as usize, frame.width as usize);
        // A later frame's transparent pixels keep what the frames before showed.
        for (row, line) in frame.buffer.chunks(w).enumerate() {
            for (x, &pixel) in line.iter().enumerate() {
                if Some(pixel) != frame.transparent {
                    screen[(top + row) * width + left + x] = pixel;
                }
            }
        }
        frames.push(screen.iter().flat_map(|&i| palette[i as usize * 3..i as usize * 3 + 3].to_vec()).collect());
        delays.push(frame.delay);
    }
    (frames, delays)
}

fn rgb(picture: &Picture) -> Vec<u8> {
    picture.pixels.iter().flat_map(|&i| picture.palette[i as usize * 3..i as usize * 3 + 3].to_vec()).collect()
}

/// An Ocencahuac game (from the regression records) whose last move is the chain a1-a3-c3.
fn ocencahuac_chain() -> GameRecord {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/records/ocencahuac/001.txt");
    let record = records::read(std::fs::read_to_string(file).unwrap().as_bytes()).unwrap();
    let moves: Vec<&str> = record.moves.iter().take(31).map(|m| m.notation.as_str()).collect();
    assert_eq!(moves[30], "a1-a3-c3");
    game(GameKind::Ocencahuac, &[], &moves, Status::Active)
}

#[test]
fn a_replay_shows_the_board_pictures_of_every_move() {
    let games = [
        game(
            GameKind::Epaminondas,
            &[],
            &["a2-a3", "a11-a10", "b2-b3", "b11-b10"],
            finished(Some(Side::First), FinishReason::Resignation),
        ),
        game(GameKind::Hoyito, &[], &["3", "2", "5", "1"], Status::Active),
        ocencahuac_chain(),
        game(GameKind::ZohnAhl, &[], &["FFRR", "RRRR", "FRFR"], Status::Active),
    ];
    for record in &games {
        let frames = replay_frames(record, Locale::English, 80).unwrap();
        let animation = replay::animate(&frames, usize::MAX).unwrap();
        assert_eq!((animation.shrink, animation.kept.len()), (1, frames.len()));
        let (decoded, delays) = decoded_frames(&animation.gif);
        // The pictures of the positions after each move, rendered as a board post renders them.
        let mut position = Position::new(record.kind, &record.options).unwrap();
        let mut expected = vec![render::board_png(&position, &replay_captions(record, &position, 0, Locale::English))];
        let mut hops = 0;
        for (i, m) in record.moves.iter().enumerate() {
            for step in position.steps(&m.notation) {
                hops += 1;
                expected.push(render::board_png(&step, &replay_captions(record, &step, i, Locale::English)));
            }
            position.play(&m.notation).unwrap();
            expected.push(render::board_png(&position, &replay_captions(record, &position, i + 1, Locale::English)));
        }
        if record.kind == GameKind::Ocencahuac {
            assert_eq!(hops, 1, "the chain a1-a3-c3 stops once on a3");
        }
        assert_eq!(decoded.len(), record.moves.len() + 1 + hops, "{}", record.kind);
        for (k, (frame, png)) in decoded.iter().zip(&expected).enumerate() {
            let picture = image::load_from_memory(png).unwrap().to_rgb8().into_raw();
            assert!(*frame == picture, "{} frame {k} differs from the board picture", record.kind);
        }
        assert_eq!(delays[0], 80);
        assert!(*delays.last().unwrap() >= 240, "the last position is held longer");
    }
}

#[test]
fn a_replay_over_the_limit_is_made_to_fit() {
    let moves: Vec<String> = {
        let mut position = Position::new(GameKind::Epaminondas, &Default::default()).unwrap();
        let mut moves = Vec::new();
        for k in 0..40 {
            let legal = position.legal_moves();
            let m = legal[(k * 7919) % legal.len()].clone();
            position.play(&m).unwrap();
            moves.push(m);
        }
        moves
    };
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let record = game(GameKind::Epaminondas, &[], &refs, Status::Active);
    let frames = replay_frames(&record, Locale::English, 100).unwrap();
    let full = replay::animate(&frames, usize::MAX).unwrap();
    for limit in [full.gif.len() / 2, full.gif.len() / 6, 30_000] {
        let fitted = replay::animate(&frames, limit).unwrap();
        assert!(fitted.gif.len() <= limit, "{} bytes over a limit of {limit}", fitted.gif.len());
        assert!(fitted.shrink > 1 || fitted.kept.len() < frames.len());
        let (decoded, delays) = decoded_frames(&fitted.gif);
        assert_eq!(decoded.len(), fitted.kept.len());
        assert_eq!(fitted.kept[0], 0);
        assert_eq!(*fitted.kept.last().unwrap(), frames.len() - 1, "the final position is always shown");
        // Each kept frame is its picture at the replay's scale, showing for the time of those it stands for.
        for (k, &index) in fitted.kept.iter().enumerate() {
            assert!(decoded[k] == rgb(&replay::shrunk(&frames[index].picture, fitted.shrink)), "frame {k}");
        }
        let total: u32 = delays.iter().map(|&d| u32::from(d)).sum();
        assert_eq!(total, frames.iter().map(|f| u32::from(f.delay)).sum::<u32>(), "the replay lasts as long");
    }
    let _: Vec<Frame> = frames;
}

/// A source that counts the pictures drawn.
struct Counted<'a>(tablero::table::ReplayPictures<'a>, usize);

impl replay::Source for Counted<'_> {
    fn count(&self) -> usize {
        self.0.count()
    }
    fn delay(&self, index: usize) -> u16 {
        self.0.delay(index)
    }
    fn picture(&mut self, index: usize) -> Picture {
        self.1 += 1;
        self.0.picture(index)
    }
}

/// A game of any length replays in bounded memory: at most the frame limit is shown (moves sampled evenly, the
/// first and last kept), pictures are drawn one at a time, and fitting the size limit draws each picture about
/// once rather than once a try. Drawing every picture of a 2,000-ply Epaminondas game (a piece stepping back and
/// forth) first would hold 2,001 pictures at once.
#[test]
fn a_long_replay_is_sampled_and_drawn_one_picture_at_a_time() {
    let cycle = ["a2-a3", "a11-a10", "a3-a2", "a10-a11"];
    let moves: Vec<&str> = cycle.iter().copied().cycle().take(2000).collect();
    let record = game(GameKind::Epaminondas, &[], &moves, Status::Active);
    let (animation, held) = crate::common::held::peak(|| {
        let pictures = tablero::table::ReplayPictures::new(&record, Locale::English, 100).unwrap();
        replay::animate_from(&mut Counted(pictures, 0), replay::DISCORD_LIMIT, 120).unwrap()
    });
    assert!(animation.kept.len() <= 120, "{} frames", animation.kept.len());
    assert_eq!((animation.kept[0], *animation.kept.last().unwrap()), (0, 2000));
    assert!(held < 64 << 20, "held {} MB at once", held >> 20);
    let (decoded, delays) = decoded_frames(&animation.gif);
    assert_eq!(decoded.len(), animation.kept.len());
    let total: u32 = delays.iter().map(|&d| u32::from(d)).sum();
    assert_eq!(total, 2000 * 100 + 300, "the sampled replay lasts as long as the whole one");
    // Made to fit a small limit: the pictures drawn over every try stay about one per frame.
    let pictures = tablero::table::ReplayPictures::new(&record, Locale::English, 100).unwrap();
    let mut counted = Counted(pictures, 0);
    let full = replay::animate_from(&mut counted, usize::MAX, 120).unwrap();
    let mut counted = Counted(tablero::table::ReplayPictures::new(&record, Locale::English, 100).unwrap(), 0);
    let fitted = replay::animate_from(&mut counted, full.gif.len() / 6, 120).unwrap();
    assert!(fitted.gif.len() <= full.gif.len() / 6);
    assert!(counted.1 <= 2 * full.kept.len(), "{} pictures drawn for {} frames", counted.1, full.kept.len());
}

/// The keys of `value` are the schema's `properties`, and its `required` keys are there.
fn fits(value: &serde_json::Value, schema: &serde_json::Value, defs: &serde_json::Value, at: &str) {
    let object = value.as_object().unwrap_or_else(|| panic!("{at} is an object"));
    let properties = schema["properties"].as_object().unwrap();
    for key in object.keys() {
        assert!(properties.contains_key(key), "{at}.{key} is not in docs/record.schema.json");
    }
    for key in schema["required"].as_array().into_iter().flatten() {
        assert!(object.contains_key(key.as_str().unwrap()), "{at} lacks {key}");
    }
    for (key, inner) in object {
        let rule = &properties[key];
        let target = rule.get("items").unwrap_or(rule);
        let Some(reference) = target["$ref"].as_str() else { continue };
        let def = &defs[reference.trim_start_matches("#/$defs/")];
        if def["type"] == "object" {
            let items: Vec<&serde_json::Value> = inner.as_array().map(|a| a.iter().collect()).unwrap_or(vec![inner]);
            for item in items {
                fits(item, def, defs, &format!("{at}.{key}"));
            }
        }
    }
}

#[test]
fn exported_records_follow_the_schema_file() {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("../../docs/record.schema.json")).expect("the schema is JSON");
    for sample in samples() {
        let json: serde_json::Value = serde_json::from_str(&Record::of(&sample).unwrap().write(Form::Json)).unwrap();
        fits(&json, &schema, &schema["$defs"], sample.kind.name());
        let result = json["result"].as_str().unwrap();
        assert!(schema["properties"]["result"]["enum"].as_array().unwrap().iter().any(|r| r == result));
    }
}

/// `tablero` with these arguments (and standard input), in `dir`: exit code, standard output, standard error.
fn tablero(dir: &std::path::Path, args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

#[test]
fn the_command_line_exports_and_imports_and_the_console_continues_a_game_still_on() {
    let dir = tempfile::tempdir().unwrap();
    let place = ["--data", "d", "--out", "o"];
    let lines =
        "ana: play hoyito @ben first=challenger\nben: accept\nana: move 3\nben: move 2\nana: replay speed=fast\n";
    let (code, said, _) = tablero(dir.path(), &["local", place[0], place[1], place[2], place[3]], lines);
    assert_eq!(code, 0);
    assert!(said.contains("file: o/game-1.gif"), "{said}");
    let gif = std::fs::read(dir.path().join("o/game-1.gif")).unwrap();
    assert!(gif.starts_with(b"GIF89a"));
    // The game is still on: exported as text, imported (a second game), exported again: the same record but
    // its number... and the import continues it in the console's #lobby once the first game is out of the way.
    let (code, text, _) = tablero(dir.path(), &["export", "--game", "1", "--format", "text", "--data", "d"], "");
    assert_eq!(code, 0);
    assert!(text.contains("[Result \"*\"]") && text.contains("2. 2 {"), "{text}");
    std::fs::write(dir.path().join("on.txt"), &text).unwrap();
    let (code, _, err) = tablero(dir.path(), &["import", "on.txt", "--data", "d", "--out", "o"], "");
    assert_eq!(code, 1, "the channel has a live game");
    assert!(err.contains("already has a game"), "{err}");
    tablero(dir.path(), &["local", "--data", "d", "--out", "o"], "ana: resign\n");
    let (code, said, err) = tablero(dir.path(), &["import", "on.txt", "--data", "d", "--out", "o"], "");
    assert_eq!(code, 0, "{err}");
    assert!(said.contains("Imported as game #2") && said.contains("play on here"), "{said}");
    // Whoever is on turn plays on (the first of their holes that is legal): the game's third picture is drawn.
    let mover = if said.contains("ben (North) to move") { "ben" } else { "ana" };
    let lines: String = (1..=6).map(|h| format!("{mover}: move {h}\n")).collect();
    let (_, said, _) = tablero(dir.path(), &["local", "--data", "d", "--out", "o"], &lines);
    assert!(said.contains("o/game-2-0003.png"), "{mover} plays on in game #2: {said}");
    // A finished game round trips through the command line in both forms.
    for format in ["json", "text"] {
        let (code, first, _) = tablero(dir.path(), &["export", "--game", "1", "--format", format, "--data", "d"], "");
        assert_eq!(code, 0);
        let file = format!("one.{format}");
        std::fs::write(dir.path().join(&file), &first).unwrap();
        let (code, said, _) = tablero(dir.path(), &["import", &file, "--data", "d", "--out", "o"], "");
        assert_eq!(code, 0);
        let id = said.split("game #").nth(1).and_then(|r| r.split(':').next()).unwrap().to_string();
        let (_, again, _) = tablero(dir.path(), &["export", "--game", &id, "--format", format, "--data", "d"], "");
        assert_eq!(again, first, "{format}");
    }
    // Failures it explains exit 1; bad arguments 2.
    std::fs::write(dir.path().join("bad.json"), "{\"format\": \"chess\"}").unwrap();
    let (code, _, err) = tablero(dir.path(), &["import", "bad.json", "--data", "d", "--out", "o"], "");
    assert_eq!(code, 1);
    assert!(err.contains("not a tablero game record"), "{err}");
    assert_eq!(tablero(dir.path(), &["export", "--game", "99", "--data", "d"], "").0, 1);
    assert_eq!(tablero(dir.path(), &["export", "--game", "1", "--format", "pgn", "--data", "d"], "").0, 2);
    assert_eq!(tablero(dir.path(), &["export", "--data", "d"], "").0, 2);
}

/// `tablero export --tournament`: a round robin played in the console, as its report file on standard output.
#[test]
fn the_command_line_exports_a_tournament_as_a_report_file() {
    let dir = tempfile::tempdir().unwrap();
    let lines = "ana: tournament create hoyito round-robin time=none\nana: tournament join\nben: tournament join\n\
                 cy: tournament join\nana: tournament start\n";
    let (code, said, _) = tablero(dir.path(), &["local", "--data", "d", "--out", "o"], lines);
    assert_eq!(code, 0);
    assert!(said.contains("round 1"), "{said}");
    let (code, trf, err) = tablero(dir.path(), &["export", "--tournament", "1", "--data", "d"], "");
    assert_eq!(code, 0, "{err}");
    assert!(trf.starts_with("012 Tournament #1 (Hoyito II, round robin)"), "{trf}");
    assert_eq!(trf.lines().filter(|l| l.starts_with("001 ")).count(), 3, "{trf}");
    assert!(trf.lines().any(|l| l == "XXR 3"), "three players: three rounds, each with a bye: {trf}");
    assert!(trf.contains("0000 - U"), "round 1's bye: {trf}");
    // A game still on has no result yet: its cell is the opponent and the colour.
    assert!(trf.lines().filter(|l| l.starts_with("001 ")).any(|l| l.len() >= 97 && &l[96..97] == "w"), "{trf}");
    assert_eq!(tablero(dir.path(), &["export", "--tournament", "9", "--data", "d"], "").0, 1);
    // `tablero pair` reads it as bbpPairings does: a round whose game is still on cannot be the base of the next.
    std::fs::write(dir.path().join("t.trf"), &trf).unwrap();
    let (code, _, err) = tablero(dir.path(), &["pair", "t.trf"], "");
    assert_eq!(code, 1);
    assert!(err.contains("round 1: a game without a result"), "{err}");
    std::fs::write(dir.path().join("bad.trf"), format!("{:<80} 0.0\n", "001    1      ana")).unwrap();
    let (code, _, err) = tablero(dir.path(), &["pair", "bad.trf"], "");
    assert_eq!(code, 1);
    assert!(err.contains("XXR"), "{err}");
    assert_eq!(tablero(dir.path(), &["pair", "missing.trf"], "").0, 1);
    assert_eq!(tablero(dir.path(), &["pair"], "").0, 2);
    assert_eq!(tablero(dir.path(), &["export", "--tournament", "1", "--game", "1", "--data", "d"], "").0, 2);
}

/// One way to damage a record file: a byte changed, a stretch cut out, a line doubled, two lines swapped, the
/// end cut off.
#[derive(Debug, Clone)]
enum Damage {
    Byte(usize, u8),
    Cut(usize, usize),
    DoubleLine(usize),
    SwapLines(usize, usize),
    Truncate(usize),
}

fn damaged(bytes: &[u8], damage: &Damage) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let at = |i: usize| if out.is_empty() { 0 } else { i % out.len() };
    match *damage {
        Damage::Byte(i, b) => {
            let i = at(i);
            if let Some(x) = out.get_mut(i) {
                *x = b;
            }
        }
        Damage::Cut(i, n) => {
            let i = at(i);
            out.drain(i..(i + n).min(out.len()));
        }
        Damage::Truncate(i) => out.truncate(at(i)),
        Damage::DoubleLine(i) | Damage::SwapLines(i, _) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let mut lines: Vec<&str> = text.lines().collect();
            // An earlier damage may have cut the record to nothing: there is no line to double or swap.
            if lines.is_empty() {
                return out;
            }
            let i = i % lines.len();
            match *damage {
                Damage::DoubleLine(_) => lines.insert(i, lines[i]),
                Damage::SwapLines(_, j) => {
                    let j = j % lines.len();
                    lines.swap(i, j);
                }
                _ => unreachable!(),
            }
            out = lines.join("\n").into_bytes();
        }
    }
    out
}

/// Damage upon damage: a record cut to nothing has no line left to double or swap, and that is no failure.
#[test]
fn damage_after_a_record_was_cut_to_nothing_leaves_it_empty() {
    let bytes = b"line one\nline two\n";
    let empty = damaged(bytes, &Damage::Truncate(0));
    assert!(empty.is_empty());
    assert!(damaged(&empty, &Damage::DoubleLine(7)).is_empty());
    assert!(damaged(&empty, &Damage::SwapLines(3, 9)).is_empty());
    assert!(damaged(&empty, &Damage::Cut(5, 3)).is_empty());
}

fn damage() -> impl proptest::strategy::Strategy<Value = Damage> {
    use proptest::prelude::*;
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Damage::Byte(i, b)),
        (any::<usize>(), 1usize..40).prop_map(|(i, n)| Damage::Cut(i, n)),
        any::<usize>().prop_map(Damage::DoubleLine),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Damage::SwapLines(i, j)),
        any::<usize>().prop_map(Damage::Truncate),
    ]
}

proptest::proptest! {
    #![proptest_config(props::replayable(160, "records"))]

    /// Whatever is done to a record file, importing it never panics and never fails inside: it is stored as one
    /// game, or refused with a reason for the user and nothing stored.
    #[test]
    fn a_damaged_record_is_imported_whole_or_refused_cleanly(
        sample in 0usize..5,
        text_form in proptest::prelude::any::<bool>(),
        hits in proptest::collection::vec(damage(), 1..4),
    ) {
        let record = Record::of(&samples()[sample]).unwrap();
        let mut bytes = record.write(if text_form { Form::Text } else { Form::Json }).into_bytes();
        for hit in &hits {
            bytes = damaged(&bytes, hit);
        }
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(SledStore::open(dir.path()).unwrap());
        let table = Table::new(store.clone(), TableConfig { seed: Some(3), ..TableConfig::default() });
        let games = || tablero::store::Store::all_games(&*store).unwrap().len();
        match table.handle(Request::new(&actor_in(1, 1, 5), Command::Record(RecordCommand::Import { bytes, live: false }), NOW)).unwrap() {
            Ok(said) => {
                proptest::prop_assert!(said[0].text.contains("Imported as game #1"), "{}", said[0].text);
                proptest::prop_assert_eq!(games(), 1);
            }
            Err(refusal) => {
                proptest::prop_assert!(!refusal.internal, "{}", refusal.text);
                proptest::prop_assert!(!refusal.text.is_empty());
                proptest::prop_assert_eq!(games(), 0, "a refused record stores nothing");
            }
        }
    }
}
