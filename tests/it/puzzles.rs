//! Puzzles: the mining criterion on positions whose answer is known, the committed puzzles checked move by move
//! (the rules for all of them, the deeper search for a sample), Glicko-2 as its author's numbers say, and puzzles
//! solved and failed through the console, each first try counted once.

use crate::common::console::transcript;
use std::path::Path;
use std::process::Command;

use tablero::ai::puzzles::{Criterion, clearly_best, is_defence, themes, verify};
use tablero::games::GameKind;
use tablero::games::setup::Setup;
use tablero::store::training::{Glicko, Puzzle};

fn setup(text: &str) -> Setup {
    toml::from_str(text).expect("a set-up")
}

#[test]
fn the_criterion_keeps_a_clearly_best_move_and_refuses_a_quiet_position() {
    // Hoyito: sowing hole 5 makes a four; no other move captures.
    let hoyito =
        setup("holes = [0, 0, 2, 0, 1, 3, 0, 2, 0, 0, 4, 0]\ncaptured = [18, 18]").position(GameKind::Hoyito).unwrap();
    let found = clearly_best(&hoyito, &Criterion::of(GameKind::Hoyito), None).expect("a puzzle");
    assert_eq!(found.0, "5");
    assert!(found.1 - found.2 >= Criterion::of(GameKind::Hoyito).gap, "{found:?}");
    assert_eq!(themes(&hoyito, std::slice::from_ref(&found.0)), ["capture"]);
    // Epaminondas: three take two; nothing else comes close.
    let epaminondas = setup("options = { board = \"8x8\" }\nfirst = \"c2 c3 c4 a1\"\nsecond = \"c5 c6 h8 g8\"")
        .position(GameKind::Epaminondas)
        .unwrap();
    let found = clearly_best(&epaminondas, &Criterion::of(GameKind::Epaminondas), None).expect("a puzzle");
    assert_eq!(found.0, "c2xc5");
    // The start of a game has no clearly best move (every opening sowing is a rotation of the others).
    let start = tablero::games::Position::new(GameKind::Hoyito, &Default::default()).unwrap();
    assert_eq!(clearly_best(&start, &Criterion::of(GameKind::Hoyito), None), None);
    // A position with one legal move is no puzzle.
    let pass =
        setup("holes = [0, 0, 0, 0, 0, 1, 3, 2, 0, 5, 2, 7]\ncaptured = [14, 14]").position(GameKind::Hoyito).unwrap();
    assert_eq!(clearly_best(&pass, &Criterion::of(GameKind::Hoyito), None), None);
}

#[test]
fn a_hoyito_puzzle_in_the_endgame_database_is_proven_from_its_values() {
    let db = tablero::ai::endgame::Endgame::build(8, |_, _, _| {});
    // South's hole 4 makes a four and leaves the last four: +8; every other move gains nothing.
    let end =
        setup("holes = [0, 0, 0, 1, 3, 0, 0, 0, 4, 0, 0, 0]\ncaptured = [20, 20]").position(GameKind::Hoyito).unwrap();
    let found = clearly_best(&end, &Criterion::of(GameKind::Hoyito), Some(&db)).expect("a proven puzzle");
    assert_eq!((found.0.as_str(), found.3), ("4", true));
    assert_eq!(found.1, 800, "the exact value, in the engine's units");
}

/// The puzzles that come with the program.
fn committed() -> Vec<Puzzle> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("puzzles");
    let mut out = Vec::new();
    for game in ["epaminondas", "hoyito", "ocencahuac"] {
        let text = std::fs::read_to_string(root.join(format!("{game}.jsonl"))).unwrap();
        out.extend(text.lines().map(|l| serde_json::from_str::<Puzzle>(l).expect("a puzzle line")));
    }
    out
}

#[test]
fn every_committed_puzzle_replays_by_the_rules_and_a_sample_holds_under_the_deeper_search() {
    let all = committed();
    // At least 200 for each game with decisions, from the records and the computer's games.
    for kind in [GameKind::Epaminondas, GameKind::Hoyito, GameKind::Ocencahuac] {
        let of_kind: Vec<&Puzzle> = all.iter().filter(|p| p.game == kind).collect();
        assert!(of_kind.len() >= 200, "{kind}: {} puzzles", of_kind.len());
        for p in &of_kind {
            let moves = p.moves.iter().chain(&p.solution).map(String::as_str);
            let replayed = tablero::games::Position::replay(kind, &p.options, moves).unwrap();
            assert!(replayed.is_ok(), "puzzle {}: {:?}", p.id, replayed.err());
            assert!(!p.solution.is_empty() && p.rating.deviation > 0.0, "puzzle {}", p.id);
            for theme in &p.themes {
                for locale in [tablero::i18n::Locale::English, tablero::i18n::Locale::SpanishLatinAmerica] {
                    let id = format!("puzzle-theme-{theme}");
                    let words = tablero::i18n::text(locale, &tablero::i18n::Message::dynamic(id.clone()));
                    assert!(!words.is_empty() && words != id, "puzzle {}: no words for {id} in {locale:?}", p.id);
                }
            }
            let defence = is_defence(p.best, &Criterion::of(kind));
            assert_eq!(p.themes.iter().any(|t| t == "defence"), defence, "puzzle {}: {:?}", p.id, p.themes);
        }
        // The deeper search, as the mining did it, on a sample spread over the file.
        // (A puzzle the endgame database proved is judged by its exact values, not by the search.)
        for p in of_kind.iter().filter(|p| !p.proven).step_by((of_kind.len() / 3).max(1)) {
            verify(kind, &p.options, &p.moves, &p.solution, None).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
        }
    }
    let mut ids: Vec<u64> = all.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), all.len(), "every puzzle has its own number");
}

#[test]
fn ratings_move_as_glicko_2_says() {
    // Two new players (1500, deviation 350, volatility 0.06): the winner goes to about 1662.3, deviation 290.3.
    let (solver, puzzle) = tablero::table::puzzle_rated(&Glicko::default(), &Glicko::default(), true);
    assert!((solver.rating - 1662.31).abs() < 0.05, "{solver:?}");
    assert!((solver.deviation - 290.32).abs() < 0.05, "{solver:?}");
    assert!((puzzle.rating - 1337.69).abs() < 0.05, "{puzzle:?}");
    let (solver, puzzle) = tablero::table::puzzle_rated(&Glicko::default(), &Glicko::default(), false);
    assert!(solver.rating < 1500.0 && puzzle.rating > 1500.0);
}

/// The store's puzzles as `tablero puzzles` prints them.
fn printed(dir: &Path, game: &str) -> Vec<Puzzle> {
    let out = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .args(["puzzles", "--game", game, "--data"])
        .arg(dir.join("data"))
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn a_puzzle_failed_and_one_solved_through_the_console_count_once() {
    let dir = tempfile::tempdir().unwrap();
    let first = transcript(dir.path(), &["ana: puzzle hoyito".to_string()]);
    assert!(first.contains("Puzzle #"), "{first}");
    let shown: u64 = first.split("Puzzle #").nth(1).unwrap().split_whitespace().next().unwrap().parse().unwrap();
    let puzzles = printed(dir.path(), "hoyito");
    assert!(puzzles.len() >= 200, "the committed puzzles are in the store: {}", puzzles.len());
    let p = puzzles.iter().find(|p| p.id == shown).expect("the puzzle shown is in the store");
    // A wrong (legal) move fails it; the line is shown, and the ratings move once.
    let position = tablero::games::Position::replay(GameKind::Hoyito, &p.options, p.moves.iter().map(String::as_str))
        .unwrap()
        .unwrap();
    let wrong = position.legal_moves().into_iter().find(|m| *m != p.solution[0]).expect("another move");
    let lines = [
        format!("ana: puzzle {shown} {wrong}"),
        format!("ana: puzzle {shown} {}", p.solution[0]),
        "ana: puzzle hoyito".to_string(),
    ];
    let out = transcript(dir.path(), &lines);
    assert!(
        out.contains(&format!("Not the best: you played {wrong}. The line was {}.", p.solution.join(" "))),
        "{out}"
    );
    assert!(out.contains("Your puzzle rating: 1500 → "), "{out}");
    assert!(out.contains("only the first try counts"), "{out}");
    // Once it is over, its themes are named, when the engine could tell any.
    assert_eq!(out.contains("Themes: "), !p.themes.is_empty(), "{:?}: {out}", p.themes);
    let after = printed(dir.path(), "hoyito");
    let counted = after.iter().find(|q| q.id == shown).unwrap();
    assert_eq!((counted.tries, counted.solved), (1, 0));
    assert!(counted.rating.rating > 1500.0, "the puzzle won: {:?}", counted.rating);
    // The next one, solved move by move.
    let next: u64 = out.rsplit("Puzzle #").next().unwrap().split_whitespace().next().unwrap().parse().unwrap();
    assert_ne!(next, shown, "a puzzle not tried yet");
    let q = after.iter().find(|q| q.id == next).unwrap().clone();
    let position = tablero::games::Position::replay(GameKind::Hoyito, &q.options, q.moves.iter().map(String::as_str))
        .unwrap()
        .unwrap();
    let solver = position.to_move();
    let mut lines = Vec::new();
    let mut walk = position.clone();
    for m in &q.solution {
        if walk.to_move() == solver {
            lines.push(format!("ana: puzzle {next} {m}"));
        }
        walk.play(m).unwrap();
    }
    let out = transcript(dir.path(), &lines);
    assert!(out.contains("Solved!"), "{out}");
    let solved = printed(dir.path(), "hoyito").into_iter().find(|p| p.id == next).unwrap();
    assert_eq!((solved.tries, solved.solved), (1, 1));
    assert!(solved.rating.rating < 1500.0, "the puzzle lost: {:?}", solved.rating);
}

/// The daily puzzles waiting in a table's outbox, taken out of it (as a front end that posted them would).
fn daily_posts(table: &tablero::table::Table) -> Vec<tablero::table::Delivery> {
    let out: Vec<_> = table
        .deliveries(tablero::i18n::Locale::English)
        .unwrap()
        .into_iter()
        .filter(|d| d.reply.text.to_string().contains("Daily puzzle"))
        .collect();
    for d in &out {
        table.delivered(d.notice).unwrap();
    }
    out
}

/// A server's daily puzzle, as the scheduler posts it: at its hour, once, however many processes tick at once and
/// however often they restart; the next day's post names who solved the day before's.
#[test]
fn the_daily_puzzle_is_posted_once_a_day_across_a_restart_and_two_processes() {
    use crate::common::actor_in;
    use crate::common::backends::{Backend, postgres};
    use tablero::store::training::{Daily, TrainingKey};
    use tablero::table::{Command, Request, SettingChange, SettingCommand, Table, TableConfig, TrainCommand};

    const DAY: u64 = 86_400;
    let day = 20_600;
    let start = day * DAY;
    let config = || TableConfig { seed: Some(1), ..TableConfig::default() };
    let mut backends = vec![Backend::Sled];
    backends.extend(postgres());
    for backend in backends {
        let fresh = backend.fresh();
        let one = Table::new(fresh.store().clone(), config());
        let two = Table::new(fresh.another(), config());
        one.add_committed_puzzles().unwrap();
        let on = Command::Setting(SettingCommand::Settings { changes: vec![SettingChange::DailyPuzzle(Some(9))] });
        let said = one.handle(Request::new(&actor_in(1, 1, 10), on, start)).unwrap().unwrap();
        assert!(said[0].text.to_string().contains("Daily puzzle: every day at 9:00 UTC"), "{:?}", said[0].text);
        // Only organisers change it.
        let off = Command::Setting(SettingCommand::Settings { changes: vec![SettingChange::DailyPuzzle(None)] });
        assert!(one.handle(Request::new(&actor_in(1, 2, 10), off, start)).unwrap().is_err());

        let posts = daily_posts;
        one.tick(start + 8 * 3600).unwrap();
        assert!(posts(&one).is_empty(), "{backend:?}: not before its hour");
        // Two processes at the hour, at once: one post.
        std::thread::scope(|s| {
            s.spawn(|| one.tick(start + 9 * 3600).unwrap());
            s.spawn(|| two.tick(start + 9 * 3600 + 5).unwrap());
        });
        let first = posts(&two);
        assert_eq!(first.len(), 1, "{backend:?}: posted once");
        assert_eq!(first[0].channel.get(), 10, "in the channel it was turned on in");
        assert!(first[0].reply.image.is_some(), "with the position");
        assert!(
            first[0].reply.buttons.iter().any(|b| b.id.to_string().starts_with("pa:"))
                || first[0].reply.menus.iter().any(|m| m.id.to_string().starts_with("pm:")),
            "answered with its buttons or menus"
        );
        // A restart later that day posts nothing more.
        let three = Table::new(fresh.another(), config());
        three.tick(start + 23 * 3600).unwrap();
        assert!(posts(&three).is_empty(), "{backend:?}: not twice in a day");

        // ben and cy solve it; the next day's post names both. cy's last answer is committed just after ben's
        // (a process of its own): the puzzle and the day's list changed under it, so it is read and made again.
        let daily: Daily = serde_json::from_value(
            fresh.store().training(&TrainingKey::Daily { guild: tablero::store::GuildId(1), day }).unwrap().unwrap().0,
        )
        .unwrap();
        let puzzle = one.puzzles(None).unwrap().into_iter().find(|p| p.id == daily.puzzle).unwrap();
        let mut position =
            tablero::games::Position::replay(puzzle.game, &puzzle.options, puzzle.moves.iter().map(String::as_str))
                .unwrap()
                .unwrap();
        let solver = position.to_move();
        let mut mine = Vec::new();
        for m in &puzzle.solution {
            if position.to_move() == solver {
                mine.push(m.clone());
            }
            position.play(m).unwrap();
        }
        let id = puzzle.id;
        // cy's display name is markdown a post must not follow (a link, in Discord's syntax).
        let actor = |user: u64| {
            let mut actor = actor_in(1, user, 10);
            if user == 3 {
                actor.name = "[cy](https://nitro.example)".into();
            }
            actor
        };
        let answer = move |table: &Table, user: u64, m: &str| {
            let answer = Command::Train(TrainCommand::PuzzleAnswer { puzzle: id, at: None, answer: m.to_string() });
            let said = table.handle(Request::new(&actor(user), answer, start + 10 * 3600)).unwrap();
            said.unwrap_or_else(|e| panic!("{user} answers {m}: {}", e.text))
        };
        let faulty = std::sync::Arc::new(crate::common::Faulty::new(fresh.another()));
        let four = Table::new(faulty.clone(), config());
        let (last, earlier) = mine.split_last().unwrap();
        for m in earlier {
            answer(&three, 2, m);
            answer(&four, 3, m);
        }
        let (ben_table, last_move) = (Table::new(fresh.another(), config()), last.clone());
        faulty.before_next_commit(move || {
            answer(&ben_table, 2, &last_move);
        });
        let solved = answer(&four, 3, last);
        assert!(solved[0].text.to_string().contains("Solved"), "{backend:?}: {}", solved[0].text);
        let counted = one.puzzles(None).unwrap().into_iter().find(|p| p.id == id).unwrap();
        assert_eq!((counted.tries, counted.solved), (2, 2), "{backend:?}: both first tries counted, once each");
        three.tick(start + DAY + 9 * 3600).unwrap();
        let next = posts(&three);
        assert_eq!(next.len(), 1, "{backend:?}: the next day's");
        let text = &next[0].reply.text;
        assert!(text.to_string().contains("Solved yesterday: ben, [cy](https://nitro.example)."), "{text}");
        // The names are a member's words: a span each front end shows as text (Discord's escapes its markdown).
        let names = text.render(
            |_, _| {},
            |words, span, out| {
                if span == tablero::i18n::Span::Name {
                    out.push_str(words)
                }
            },
        );
        assert_eq!(names, "ben, [cy](https://nitro.example)", "{backend:?}");
    }
}

/// A server's time zone moves its daily puzzle's hour and day: 9 in Mexico City (UTC-6 all year) is 15:00 UTC,
/// and its day turns at its own midnight, not at UTC's.
#[test]
fn the_daily_puzzle_keeps_the_servers_hour_in_its_time_zone() {
    use crate::common::actor_in;
    use crate::common::backends::Backend;
    use tablero::table::{Command, Request, SettingChange, SettingCommand, Table, TableConfig};

    let midnight = tablero::dates::parse("2026-12-01T00:00:00Z").unwrap();
    let hour = 3600;
    let fresh = Backend::Sled.fresh();
    let table = Table::new(fresh.store().clone(), TableConfig { seed: Some(1), ..TableConfig::default() });
    table.add_committed_puzzles().unwrap();
    let zone = SettingChange::parse("time_zone", "america/mexico_city").unwrap();
    let settings =
        Command::Setting(SettingCommand::Settings { changes: vec![zone, SettingChange::DailyPuzzle(Some(9))] });
    let said = table.handle(Request::new(&actor_in(1, 1, 10), settings, midnight)).unwrap().unwrap();
    let said = said[0].text.to_string();
    assert!(said.contains("time zone America/Mexico_City"), "{said}");
    assert!(said.contains("every day at 9:00 America/Mexico_City"), "{said}");
    let posted = |at: u64| -> Vec<String> {
        table.tick(at).unwrap();
        daily_posts(&table).into_iter().map(|d| d.reply.text.to_string()).collect()
    };
    assert!(posted(midnight + 9 * hour).is_empty(), "9:00 UTC is 3:00 in Mexico City");
    assert!(posted(midnight + 15 * hour - 60).is_empty(), "not at 8:59 there");
    let first = posted(midnight + 15 * hour);
    assert_eq!(first.len(), 1, "at 9:00 there");
    assert!(first[0].contains("Daily puzzle, 2026-12-01"), "{}", first[0]);
    // 2:00 UTC on the 2nd is 20:00 on the 1st there: that day has had its puzzle.
    assert!(posted(midnight + 26 * hour).is_empty(), "still the 1st in Mexico City");
    let second = posted(midnight + 39 * hour);
    assert_eq!(second.len(), 1, "the 2nd at 9:00 there");
    assert!(second[0].contains("Daily puzzle, 2026-12-02"), "{}", second[0]);
    // A zone that does not exist is refused, saying what is expected.
    let refused = SettingChange::parse("time_zone", "Mars/Olympus_Mons").unwrap_err();
    let words = tablero::i18n::text(tablero::i18n::Locale::English, &refused);
    assert!(words.contains("America/Mexico_City"), "{words}");
}

/// `/puzzle` on the fake Discord: private, answered with its buttons; an answer pressed on a public post (as the
/// daily puzzle's are) is answered privately and leaves the post as it is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_on_discord_are_answered_privately() {
    use crate::fake_discord::FakeDiscord;
    use crate::fake_discord::harness::{Place, Running};
    use crate::fake_discord::payloads::{Member, Opt};
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    let hall = Place { channel: 700, thread: false };
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let shown = fake.slash(&ana, hall, &["puzzle"], &[Opt::Int("game", 1)]).await;
    assert!(shown.is_ephemeral() && shown.png().is_some(), "{}", shown.content());
    assert!(shown.content().contains("Puzzle #"), "{}", shown.content());
    let answers: Vec<String> = shown.button_ids().into_iter().filter(|b| b.starts_with("pa:")).collect();
    assert!(answers.len() >= 2, "{answers:?}");
    let id: u64 = answers[0].split(':').nth(1).unwrap().parse().unwrap();
    let puzzle = committed().into_iter().find(|p| p.id == id).expect("a committed puzzle");
    let wrong = answers.iter().find(|a| !a.ends_with(&format!(":{}", puzzle.solution[0]))).unwrap();
    let failed = fake.press(&ana, hall, shown.created.unwrap(), wrong).await;
    assert_eq!(failed.callback_type(), Some(7), "the private puzzle turns into its result");
    assert!(failed.content().contains("Not the best"), "{}", failed.content());
    assert!(failed.button_ids().contains(&"pn:hoyito".to_string()), "{:?}", failed.button_ids());

    // A public post with the same puzzle's buttons: ben's answer is his alone, the post keeps its buttons.
    let challenge = fake.slash(&ana, hall, &["play", "hoyito"], &[Opt::User("opponent", ben.clone())]).await;
    let post = challenge.created.unwrap();
    let from = fake.mark();
    let answered = fake.press(&ben, hall, post, &format!("pa:{id}:0:{}", puzzle.solution[0])).await;
    assert_ne!(answered.callback_type(), Some(7), "the public post is not replaced");
    let said = if answered.content().is_empty() {
        fake.wait_for(from, "ben's answer", |r| r.content().contains("Puzzle #") || r.content().contains("Solved"))
            .await
    } else {
        answered
    };
    assert!(said.is_ephemeral(), "{}", said.content());
    assert!(!fake.log().iter().skip(from).any(|r| r.method == "PATCH" && r.path.ends_with(&post.to_string())));
    running.stop().await;
}
