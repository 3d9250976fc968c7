//! Storage that lasts (sled): moves appended rather than rewritten, a folder that stays bounded across
//! restarts, compaction that survives a crash at every step, backups that restore to the same records,
//! checks that find planted damage, and the store of the first release migrated.

use crate::common;
use crate::common::play;
use crate::common::play::typed_tournament;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::TournamentId;
use tablero::table::Request;
use tablero::table::{PlayCommand, SettingCommand};

use std::path::Path;
use std::sync::Arc;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tablero::games::GameKind;
use tablero::store::{SledStore, Store, backup, folder};
use tablero::table::{Command, Table, TableConfig};

use common::actor_in;
use play::play;

const NOW: u64 = 1_800_000_000;

/// Every restart leaves a game on and the next starts another: these tests are about the folder, so the
/// quota of live games a member may hold is out of their way.
fn table(store: Arc<SledStore>) -> Table {
    let limits = tablero::table::Limits { live_games: usize::MAX, ..Default::default() };
    Table::new(store, TableConfig { challenge_expiry_secs: 86_400, seed: Some(1), limits, ..TableConfig::default() })
}

#[test]
fn a_move_writes_as_much_at_move_400_as_at_move_10() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = table(store.clone());
    let mut rng = SmallRng::seed_from_u64(5);
    let mut channel = 10;
    // Random Epaminondas games last about 440 plies; the first one that reaches 400 is measured.
    let mut written = Vec::new();
    while written.len() < 400 {
        let before = channel;
        written = play(&table, &store, GameKind::Epaminondas, &mut channel, 400, &mut rng);
        if channel != before + 1 {
            // That game ended before move 400: a new one (in a new channel) next time.
            written.clear();
        }
    }
    let (early, late) = (written[9], written[399]);
    eprintln!("bytes written by move 10: {early}, by move 400: {late}");
    assert!(late <= early + 64, "move 10 wrote {early} bytes, move 400 {late}");
    assert!(late < 2_000, "a move writes a header and a move, not the game: {late} bytes");
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

#[test]
fn the_folder_stays_bounded_across_many_restarts() {
    // The same 2,000 Hoyito moves: in one run, and with a restart every 20 moves (100 reopenings).
    let moves = 2_000;
    let run = |restart_every: usize| -> u64 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data");
        let mut rng = SmallRng::seed_from_u64(8);
        let mut channel = 10;
        let mut done = 0;
        while done < moves {
            let store = Arc::new(folder::open(&path).unwrap());
            let table = table(store.clone());
            let n = restart_every.min(moves - done);
            // A restart in the middle of a game: its position is rebuilt by the next game's first move.
            play(&table, &store, GameKind::Hoyito, &mut channel, n, &mut rng);
            done += n;
            channel += 1;
        }
        folder::size(&path)
    };
    let once = run(2_000);
    let restarted = run(20);
    eprintln!("2,000 moves: {once} bytes in one run, {restarted} with 100 restarts");
    assert!(restarted <= 2 * once, "{restarted} bytes after 100 restarts, {once} in one run");
}

/// A store with some of everything: finished and running games, a tournament, ratings, settings, a notice.
fn populated(path: &Path) -> Vec<backup::Entry> {
    let store = Arc::new(SledStore::open(path).unwrap());
    let table = table(store.clone());
    let mut rng = SmallRng::seed_from_u64(3);
    let mut channel = 100;
    play(&table, &store, GameKind::Hoyito, &mut channel, 250, &mut rng);
    let settings = vec![tablero::table::SettingChange::parse("time", "1d").unwrap()];
    table
        .handle(Request::new(&actor_in(1, 1, 5), Command::Setting(SettingCommand::Settings { changes: settings }), NOW))
        .unwrap()
        .unwrap();
    let create = typed_tournament(
        tablero::games::GameKind::Hoyito,
        tablero::table::TournamentFormat::Swiss,
        Some(2),
        None,
        Default::default(),
    );
    table.handle(Request::new(&actor_in(1, 1, 5), Command::Tournament(create), NOW)).unwrap().unwrap();
    for user in 1..=3 {
        let join = tablero::table::TournamentCommand::Join { id: Some(TournamentId(1)) };
        table.handle(Request::new(&actor_in(1, user, 5), Command::Tournament(join), NOW)).unwrap().unwrap();
    }
    table
        .handle(Request::new(
            &actor_in(1, 1, 5),
            Command::Tournament(tablero::table::TournamentCommand::Start { id: Some(TournamentId(1)) }),
            NOW,
        ))
        .unwrap()
        .unwrap();
    store.set_board_post(GameId(1), ChannelId(101), 555).unwrap();
    store.snapshot().unwrap()
}

#[test]
fn a_backup_restores_to_the_same_records() {
    let dir = tempfile::tempdir().unwrap();
    let entries = populated(&dir.path().join("data"));
    assert!(entries.iter().any(|e| matches!(e, backup::Entry::Rating { .. })));
    assert!(entries.iter().any(|e| matches!(e, backup::Entry::Tournament { .. })));
    assert!(entries.iter().any(|e| matches!(e, backup::Entry::Notice { .. })), "the tournament's posts");
    let mut file = Vec::new();
    backup::write(&mut file, &entries, NOW).unwrap();
    let read = backup::read(file.as_slice()).unwrap();
    assert_eq!(read, entries, "the file reads back");
    let restored = dir.path().join("restored");
    folder::restore(&restored, &read).unwrap();
    let store = SledStore::open(&restored).unwrap();
    assert_eq!(store.snapshot().unwrap(), entries, "records, ratings, tournaments, schedule, outbox, counters");
    // Ids go on where they left off, and the indexes were rebuilt with the records.
    assert!(store.check_indexes(false).unwrap().is_empty());
    drop(store);
    // A store that holds data is not overwritten.
    let refused = folder::restore(&restored, &read).unwrap_err().to_string();
    assert!(refused.contains("already holds data"), "{refused}");
    // Not a backup, or one from a newer tablero: refused in words.
    let other = backup::read(&b"{\"hello\":1}\n"[..]).unwrap_err().to_string();
    assert!(other.contains("not a tablero backup"), "{other}");
    let newer = backup::read(&b"{\"format\":\"tablero-backup\",\"schema\":99,\"written_at\":0}\n"[..]).unwrap_err();
    assert!(newer.to_string().contains("newer tablero"), "{newer}");
}

#[test]
fn a_compaction_interrupted_at_every_step_leaves_one_complete_store() {
    let dir = tempfile::tempdir().unwrap();
    let original = dir.path().join("original");
    let entries = populated(&original);
    for stop in [
        folder::Step::Copied,
        folder::Step::Checked,
        folder::Step::MarkedComplete,
        folder::Step::OldMovedAside,
        folder::Step::CopyMovedIn,
        folder::Step::Done,
    ] {
        let path = dir.path().join(format!("{stop:?}"));
        copy_dir(&original, &path);
        folder::compact_until(&path, stop).unwrap();
        // The "crash": the next start opens the folder.
        let store = SledStore::open(&path).unwrap();
        assert_eq!(store.snapshot().unwrap(), entries, "after a stop at {stop:?}");
        let siblings: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(&format!("{stop:?}.")))
            .collect();
        assert!(siblings.is_empty(), "nothing left beside the store after {stop:?}: {siblings:?}");
    }
}

#[test]
fn check_finds_planted_damage_and_repairs_the_indexes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data");
    populated(&path);
    {
        let store = SledStore::open(&path).unwrap();
        let report = table(Arc::new(store)).check(false).unwrap();
        assert!(report.found.is_empty(), "{:?}", report.found);
        assert!(report.games > 2);
    }
    // Damage: a live game's channel entry removed, and a move of game 1 that its rules refuse.
    {
        let db = sled::open(&path).unwrap();
        let channels = db.open_tree("channels").unwrap();
        let (key, _) = channels.iter().next().unwrap().unwrap();
        channels.remove(key).unwrap();
        let moves = db.open_tree("moves").unwrap();
        let mut first = [0u8; 16];
        first[..8].copy_from_slice(&1u64.to_be_bytes());
        let bad = serde_json::json!({"notation": "99", "by": 1, "at": NOW});
        moves.insert(first, serde_json::to_vec(&bad).unwrap()).unwrap();
        db.flush().unwrap();
    }
    let store = Arc::new(SledStore::open(&path).unwrap());
    let table = table(store.clone());
    let report = table.check(false).unwrap();
    assert!(report.found.iter().any(|p| p.contains("game 1 does not replay: move 1")), "{:?}", report.found);
    assert!(report.found.iter().any(|p| p.contains("missing from the index of channel")), "{:?}", report.found);
    let repaired = table.check(true).unwrap();
    assert_eq!(repaired.unrepaired, 1, "the index is rebuilt; the game needs a person: {:?}", repaired.found);
    let again = table.check(false).unwrap();
    assert_eq!(again.found.len(), 1, "only the game that does not replay: {:?}", again.found);
}

#[test]
fn the_store_of_the_first_release_opens_migrated_and_plays_on() {
    // tests/fixtures/store-v1 was written by the first release (schema 1) from tests/fixtures/store-v1.txt.
    let dir = tempfile::tempdir().unwrap();
    copy_dir(Path::new("tests/fixtures/store-v1"), dir.path());
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let games = store.all_games().unwrap();
    assert_eq!(games.len(), 4, "three games and the tournament's");
    assert!(matches!(games[0].status, tablero::store::record::Status::Finished { .. }));
    assert_eq!(games[0].rating_sequence, Some(1), "the rated result is kept");
    assert_eq!(games[1].moves.len(), 2, "the Epaminondas game's moves");
    assert_eq!(games[3].tournament, Some((1, 0, 0).into()));
    let tournaments = store.tournaments(GuildId(1)).unwrap();
    assert_eq!(tournaments.len(), 2);
    let marks = store.tournament_marks(u64::MAX).unwrap();
    assert!(marks.iter().any(|m| m.tournament == 1 && m.at == 0), "the running one is looked at: {marks:?}");
    assert!(marks.iter().any(|m| m.tournament == 2 && m.at > 0), "the other at its sign-up deadline: {marks:?}");
    let (rated, _) = store.leaderboard(GuildId(1), GameKind::Hoyito, true, 0, 10).unwrap();
    assert_eq!(rated.len(), 2);
    let table = table(store.clone());
    assert!(table.check(false).unwrap().found.is_empty());
    // The Epaminondas game goes on: its player on turn moves.
    let game = &games[1];
    let on_turn = game.seats[0].id;
    let mover =
        tablero::table::Actor { user: on_turn, name: game.seats[0].name.clone(), ..actor_in(1, 0, game.channel.get()) };
    table
        .handle(Request::new(&mover, Command::Play(PlayCommand::Move { notation: "b1-b3".into(), at: None }), NOW))
        .unwrap()
        .unwrap();
    assert_eq!(store.game(game.id).unwrap().unwrap().moves.len(), 3);
}

fn games_of(entries: &[backup::Entry]) -> std::collections::BTreeMap<GameId, tablero::store::GameRecord> {
    entries
        .iter()
        .filter_map(|e| match e {
            backup::Entry::Game { record } => Some((record.id, record.as_ref().clone())),
            _ => None,
        })
        .collect()
}

/// Waits (within a minute) until no process or thread holds the sled folder at `path` (its lock released).
fn wait_closed(path: &std::path::Path) {
    let locked = || {
        let file = std::fs::OpenOptions::new().read(true).write(true).open(path.join("db")).unwrap();
        file.try_lock().is_err()
    };
    for _ in 0..600 {
        if !locked() {
            // sled writes its snapshot from a thread of its own, which may still be at work once the log is let
            // go: the folder is left alone until none of its files has changed for a while.
            return wait_settled(path);
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    panic!("{} stayed locked", path.display());
}

/// Waits until no file of the folder has changed (in name, size or time) over half a second.
fn wait_settled(path: &std::path::Path) {
    let listing = || {
        let mut files: Vec<(std::path::PathBuf, u64, Option<std::time::SystemTime>)> = Vec::new();
        let mut folders = vec![path.to_path_buf()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).unwrap().flatten() {
                let Ok(meta) = entry.metadata() else { continue };
                if meta.is_dir() {
                    folders.push(entry.path());
                } else {
                    files.push((entry.path(), meta.len(), meta.modified().ok()));
                }
            }
        }
        files.sort();
        files
    };
    let mut seen = listing();
    for _ in 0..120 {
        std::thread::sleep(std::time::Duration::from_millis(500));
        let now = listing();
        if now == seen {
            return;
        }
        seen = now;
    }
    panic!("{} kept changing", path.display());
}

/// Damage that hits the header of one of sled's log segments (where the segment stands in the log) loses
/// nothing more: each message of the segment names its segment's number under its own checksum, so salvage reads
/// them all, says the header was damaged, and gives every game back as it was.
#[test]
fn a_damaged_segment_header_costs_salvage_no_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data");
    populated(&path);
    {
        let store = Arc::new(SledStore::open(&path).unwrap());
        let mut channel = 1_000;
        play(&table(store.clone()), &store, GameKind::Hoyito, &mut channel, 1_500, &mut SmallRng::seed_from_u64(9));
    }
    let before = games_of(&SledStore::open(&path).unwrap().snapshot().unwrap());
    wait_closed(&path);
    let segment = 512 * 1024;
    let bytes = std::fs::read(path.join("db")).unwrap();
    // The header of every segment after the first that holds anything, one at a time.
    let headers: Vec<usize> = (1..bytes.len() / segment)
        .map(|k| k * segment)
        .filter(|at| bytes[*at..*at + 20].iter().any(|b| *b != 0))
        .collect();
    assert!(!headers.is_empty(), "the log spans more than one segment: {} bytes", bytes.len());
    for (n, at) in headers.into_iter().enumerate() {
        let damaged = dir.path().join(format!("damaged{n}"));
        copy_dir(&path, &damaged);
        let mut bytes = bytes.clone();
        for byte in &mut bytes[at..at + 4] {
            *byte ^= 0x10;
        }
        std::fs::write(damaged.join("db"), &bytes).unwrap();
        let salvaged = folder::salvage(&damaged, &dir.path().join(format!("salvaged{n}"))).unwrap();
        assert!(
            salvaged.lost.iter().any(|l| l.contains("unreadable header (its messages were read)")),
            "{:?}",
            salvaged.lost
        );
        let after = games_of(&SledStore::open(&dir.path().join(format!("salvaged{n}"))).unwrap().snapshot().unwrap());
        let changed: Vec<GameId> =
            before.iter().filter(|(id, g)| after.get(id) != Some(g)).map(|(id, _)| *id).collect();
        assert!(changed.is_empty(), "segment at {at}: games lost {changed:?}; {:?}", salvaged.lost);
    }
}

#[test]
fn a_damaged_store_is_refused_in_plain_words_and_salvaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data");
    let entries = populated(&path);
    {
        // More games after the tournament, so that the log spans more than one of sled's segments.
        let store = Arc::new(SledStore::open(&path).unwrap());
        let mut channel = 1_000;
        play(&table(store.clone()), &store, GameKind::Hoyito, &mut channel, 2_500, &mut SmallRng::seed_from_u64(8));
    }
    let before = games_of(&SledStore::open(&path).unwrap().snapshot().unwrap());
    assert!(before.len() > games_of(&entries).len() + 10, "{} games", before.len());
    wait_closed(&path);
    // Salvage of a store without damage gives every record back, identical: what a backup holds.
    let whole = folder::salvage(&path, &dir.path().join("whole")).unwrap();
    assert!(whole.lost.is_empty(), "{:?}", whole.lost);
    let all = SledStore::open(&path).unwrap().snapshot().unwrap();
    assert_eq!(SledStore::open(&dir.path().join("whole")).unwrap().snapshot().unwrap(), all);
    // A store in use is not salvaged.
    let in_use = SledStore::open(&path).unwrap();
    let refused = folder::salvage(&path, &dir.path().join("busy")).unwrap_err().to_string();
    assert!(refused.contains("has it open"), "{refused}");
    drop(in_use);
    wait_closed(&path);
    // The log's last message is a unit's change: every open above wrote indexes of its own after the games (made
    // again at each open, so sled may drop them from a damaged end without loss, and without a word), so one
    // more game is begun and moved in last.
    let before = {
        let store = Arc::new(SledStore::open(&path).unwrap());
        let mut channel = 9_000;
        play(&table(store.clone()), &store, GameKind::Hoyito, &mut channel, 1, &mut SmallRng::seed_from_u64(9));
        games_of(&store.snapshot().unwrap())
    };
    // sled's threads may still write for a moment after the store is dropped (its snapshot): the folder is
    // copied only once they let go of it, so each copy is what sled left.
    wait_closed(&path);
    let log = std::fs::read(path.join("db")).unwrap();
    let written = log.iter().rposition(|b| *b != 0).unwrap();
    // sled reuses the segments of its log, so its newest message ends the segment with the highest log sequence
    // number (each segment's header holds its own), not always the file.
    let segment = 512 * 1024;
    let newest = (0..log.len().div_ceil(segment))
        .filter_map(|k| {
            let header = log.get(k * segment..k * segment + 20)?;
            let lsn = u64::from_le_bytes(header[4..12].try_into().unwrap()) ^ 0x7FFF_FFFF_FFFF_FFFF;
            (header.iter().any(|b| *b != 0) && lsn.is_multiple_of(segment as u64)).then_some((lsn, k * segment))
        })
        .max()
        .map(|(_, at)| at)
        .expect("a segment with a header");
    let newest_end = newest + log[newest..(newest + segment).min(log.len())].iter().rposition(|b| *b != 0).unwrap();
    let mut refused_once = false;
    // Damage inside messages (a segment's header has a test of its own), spread over the log, and on its newest
    // message, which sled reads when it opens the store.
    for (n, share) in [0.2, 0.4, 0.6, 0.8, 0.95, 1.0].into_iter().enumerate() {
        let damaged = dir.path().join(format!("damaged{n}"));
        copy_dir(&path, &damaged);
        // Four flipped bits in what sled's log holds.
        let db = damaged.join("db");
        let mut bytes = std::fs::read(&db).unwrap();
        let at = if share < 1.0 {
            ((written as f64 * share) as usize..).find(|i| bytes[*i] != 0 && i % segment >= 20).unwrap()
        } else {
            newest_end - 3
        };
        for byte in &mut bytes[at..at + 4] {
            *byte ^= 0x10;
        }
        std::fs::write(&db, &bytes).unwrap();
        // Damage past sled's last snapshot makes sled drop every later change (and zero it) when it opens the
        // store: tablero refuses it, in words, and puts the folder back as it was. Damage sled reads only when
        // the page is needed is refused when it is read.
        match SledStore::open(&damaged) {
            Err(refused) => {
                let refused = refused.to_string();
                assert!(
                    refused.contains("damaged") && refused.contains("admin restore") && refused.contains("salvage"),
                    "{refused}"
                );
                assert!(std::fs::read(&db).unwrap() == bytes, "the damaged log is left as it was");
                refused_once = true;
            }
            Ok(store) => drop(store),
        }
        wait_closed(&damaged);
        // Salvage copies what the store still holds into a new store, and says what it could not.
        let to = dir.path().join(format!("salvaged{n}"));
        let salvaged = folder::salvage(&damaged, &to).unwrap();
        eprintln!("damage at {at} of {written}: {} records; {:?}", salvaged.records, salvaged.lost);
        let store = SledStore::open(&to).unwrap();
        let after = games_of(&store.snapshot().unwrap());
        // Every game comes back as it was, but for games whose changes were in the damaged stretch of the log:
        // those are named. Four bits hit one message; its pages are rebuilt from their previous versions and the
        // changes logged since (a page's whole image lost with an older version already reused may cost the moves
        // of more than one game: each is named).
        let changed: Vec<GameId> =
            before.iter().filter(|(id, g)| after.get(id) != Some(g)).map(|(id, _)| *id).collect();
        // The newest message's own bytes are what the damage took: the salvage says the latest change is gone.
        let last = share == 1.0 && !changed.is_empty();
        if last {
            assert!(salvaged.lost.iter().any(|l| l.contains("changes are gone from the store")), "{:?}", salvaged.lost);
        }
        for id in changed.iter().filter(|_| !last) {
            let named = format!("game {id}");
            assert!(
                salvaged.lost.iter().any(|l| l.contains(&format!("{named}'s")) || l.contains(&format!("{named}:"))),
                "game {id} was lost or changed without a word: {:?}",
                salvaged.lost
            );
        }
        let report = table(Arc::new(store)).check(false).unwrap();
        assert!(report.found.is_empty(), "the salvaged store checks out: {:?}", report.found);
    }
    assert!(refused_once, "damage near the log's end is refused at start-up");
}

#[test]
fn a_store_migrated_to_postgres_and_back_holds_the_same_records() {
    let Some(postgres) = common::backends::postgres() else { return };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data");
    let entries = populated(&path);
    let database = postgres.fresh();
    let url = database.location();
    let admin = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablero"))
            .arg("admin")
            .args(args)
            .arg("--data")
            .arg(&path)
            .env_remove("TABLERO_STORE_URL")
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), said)
    };
    let (code, said) = admin(&["migrate", "--to", &url]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("checked them record for record") && !said.contains("s3cret"), "{said}");
    assert_eq!(database.store().snapshot().unwrap(), entries, "PostgreSQL holds every record");
    // Into a store that holds data: refused, nothing changed.
    let (code, said) = admin(&["migrate", "--to", &url]);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("already holds data"), "{said}");
    let back = dir.path().join("back");
    let (code, said) = admin(&["migrate", "--from", &url, "--to", back.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{said}");
    assert_eq!(SledStore::open(&back).unwrap().snapshot().unwrap(), entries, "and back, identical");
}

#[test]
fn a_store_put_back_halfway_is_found_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data");
    let entries = populated(&path);
    // A crash between the two renames that put a damaged store back as it was before sled opened it: the store
    // is only in `<folder>.before-open`.
    std::fs::rename(&path, dir.path().join("data.before-open")).unwrap();
    std::fs::create_dir(dir.path().join("data.opened")).unwrap();
    assert_eq!(SledStore::open(&path).unwrap().snapshot().unwrap(), entries);
    assert!(!dir.path().join("data.before-open").exists() && !dir.path().join("data.opened").exists());
}

#[test]
fn the_bot_keeps_its_newest_backups() {
    let dir = tempfile::tempdir().unwrap();
    let entries = populated(&dir.path().join("data"));
    let backups = dir.path().join("backups");
    for n in 0..5 {
        backup::write_file(&backups, &entries, NOW + n, 3).unwrap();
    }
    let mut names: Vec<String> =
        std::fs::read_dir(&backups).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, (2..5).map(|n| format!("tablero-{:012}.jsonl", NOW + n)).collect::<Vec<_>>());
    let newest = std::fs::File::open(backups.join(&names[2])).unwrap();
    assert_eq!(backup::read(std::io::BufReader::new(newest)).unwrap(), entries);
}

#[test]
fn admin_commands_say_what_they_did_and_refuse_a_store_in_use() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data");
    populated(&path);
    let admin = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tablero"))
            .arg("admin")
            .args(args)
            .arg("--data")
            .arg(&path)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let file = dir.path().join("backup.jsonl");
    let (code, said, _) = admin(&["backup", file.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    assert!(said.starts_with("wrote ") && said.contains("records"), "{said}");
    let (code, said, _) = admin(&["check"]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("no problem"), "{said}");
    let (code, said, _) = admin(&["compact"]);
    assert_eq!(code, Some(0));
    assert!(said.starts_with("compacted"), "{said}");
    let copy = dir.path().join("copy");
    let (code, said, _) = admin(&["salvage", path.to_str().unwrap(), copy.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.starts_with("copied ") && !said.contains("did not give back"), "{said}");
    // A process (the bot) has the store open: a clean refusal that says what to do.
    let open = SledStore::open(&path).unwrap();
    let (code, _, err) = admin(&["check"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("another tablero process") && err.contains("[backup] every"), "{err}");
    drop(open);
}

#[test]
fn salvage_reads_a_store_whose_old_log_sled_reclaimed() {
    use tablero::store::{GameWrite, Unit};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data");
    {
        // Large units (500 games of 40 moves each, several of sled's segments apiece), then reopenings: sled
        // reclaims the old segments, and the beginnings of old units point into segments no longer in the file.
        let store = SledStore::open(&path).unwrap();
        let first = store.reserve_game_ids(3_000).unwrap();
        for chunk in (0..3_000u64).collect::<Vec<_>>().chunks(500) {
            let games = chunk
                .iter()
                .map(|n| GameWrite { record: play::finished_game(first.get() + n, 7, 40, None), base: None })
                .collect();
            store.commit(&Unit { games, ..Unit::default() }).unwrap();
        }
    }
    for _ in 0..30 {
        drop(SledStore::open(&path).unwrap());
    }
    let all = SledStore::open(&path).unwrap().snapshot().unwrap();
    // The log is read once sled's threads have let go of it (a busy machine once saw it still being written).
    wait_closed(&path);
    let done = folder::salvage(&path, &dir.path().join("salvaged")).unwrap();
    if !done.lost.is_empty() {
        // Kept for a look at the log where salvage went wrong.
        let kept = dir.keep();
        panic!(
            "nothing is damaged, yet: {:?} (the store is kept in {})",
            &done.lost[..done.lost.len().min(4)],
            kept.display()
        );
    }
    assert_eq!(SledStore::open(&dir.path().join("salvaged")).unwrap().snapshot().unwrap(), all);
}
