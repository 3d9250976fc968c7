//! Transcripts through `tablero local`, as a user would type them: a whole game, a game interrupted by killing
//! the process and finished after a restart, and bad input.

use crate::common::console::{console, transcript, transcript_bytes};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tablero::games::{GameKind, Position, Side};

/// Every wait for output is bounded, so a failure fails fast.
const TIMEOUT: Duration = Duration::from_secs(20);

/// A random complete game of Hoyito II as console lines, ana (South) against ben.
fn game_lines(seed: u64) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Position::new(GameKind::Hoyito, &Default::default()).unwrap();
    let mut lines = vec!["ana: play hoyito @ben first=challenger".to_string(), "ben: accept".to_string()];
    while let Some(side) = position.to_move() {
        let legal = position.legal_moves();
        let m = legal[rng.random_range(0..legal.len())].clone();
        let who = if side == Side::First { "ana" } else { "ben" };
        lines.push(format!("{who}: move {m}"));
        position.play(&m).unwrap();
    }
    lines
}

#[test]
fn a_whole_game_through_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let lines = game_lines(3);
    let moves = lines.len() - 2;
    let out = transcript(dir.path(), &lines);
    assert!(out.contains("ana challenges ben to Hoyito II"), "{out}");
    assert!(out.contains("ben accepted. ana plays South and moves first."));
    assert!(!out.contains('✗'), "no line of a legal game is refused:\n{out}");
    assert!(out.contains("Every seed has been captured"), "{out}");
    assert!(out.contains(" wins.") || out.contains("The game is drawn."));
    // A picture after acceptance and after every move, each written where the console says.
    let boards: Vec<&str> = out.lines().filter_map(|l| l.trim().strip_prefix("board: ")).collect();
    assert_eq!(boards.len(), moves + 1);
    for b in &boards {
        assert!(dir.path().join(b).exists(), "{b} was written");
    }
    // The whole history is stored, and shown after the game (in a new process).
    let lines = ["ana: history", "ana: move 1", "ana: archive"].map(String::from);
    let history = transcript(dir.path(), &lines);
    assert!(history.contains(&format!("Hoyito II, game #1: {moves} moves.")), "{history}");
    // A finished game no longer holds the channel, and a game command there says how it ended.
    assert!(history.contains(&format!("Hoyito II #1 in this channel is over after {moves} moves: ")), "{history}");
    assert!(history.contains("Start a new game with play."), "{history}");
    // The archive's line as plain text: Discord's markdown (a code span, bold) is not printed.
    let archived = history.lines().find(|l| l.contains("Hoyito II · ana – ben")).expect("the game in the archive");
    assert!(archived.starts_with("  #1 · Hoyito II · ana – ben · "), "{archived}");
    assert!(!archived.contains('`') && !archived.contains("**"), "{archived}");
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Running {
    fn start(dir: &Path) -> Running {
        let mut child = console(dir).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line.unwrap_or_default()).is_err() {
                    break;
                }
            }
        });
        Running { child, stdin, lines: rx }
    }

    /// Sends a line and waits until the console has answered it with a line containing `expect`.
    fn send(&mut self, line: &str, expect: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        loop {
            let got = self.lines.recv_timeout(TIMEOUT).unwrap_or_else(|_| panic!("no {expect:?} after {line:?}"));
            assert!(!got.contains('✗'), "{line:?} was refused: {got}");
            if got.contains(expect) {
                return;
            }
        }
    }
}

#[test]
fn a_game_survives_the_process_being_killed() {
    let dir = tempfile::tempdir().unwrap();
    let lines = game_lines(11);
    let half = lines.len() / 2;
    let mut first = Running::start(dir.path());
    first.send(&lines[0], "challenges ben");
    for line in &lines[1..half] {
        first.send(line, "board: ");
    }
    // No clean shutdown: every acknowledged move must already be on disk.
    first.child.kill().unwrap();
    first.child.wait().unwrap();

    let mut second = Running::start(dir.path());
    second.send("ana: history", &format!("{} moves.", half - 2));
    let (last, rest) = lines[half..].split_last().unwrap();
    for line in rest {
        second.send(line, "board: ");
    }
    second.send(last, "Every seed has been captured");
    drop(second.stdin);
    second.child.wait().unwrap();
}

#[test]
fn bad_input_gets_specific_messages_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let lines: Vec<String> = [
        "ana: move 1",
        "ana: dance",
        "ana: play hoyito @ben holes=7",
        "ana: play hoyito @ben holes",
        "ana play hoyito",
        "ana: play hoyito @ben first=challenger",
        "cy: accept",
        "ben: accept",
        "cy: play hoyito @ben",
        "ana: move 0",
        "ana: move 7",
        "ben: move 1",
        "ana: move 1",
        "ben: move 3",
        "ben: move 1",
        "ana: move 4",
        "ben: move 3",
        "ana: move 5",
        "ben: move 1",
        "ben: move 6",
        "ana: history",
        "ana: t start id=x",
        "ana: t create hoyito swiss rounds=three",
        "ana: t pairings first",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = transcript(dir.path(), &lines);
    let expected = [
        "There is no game in this channel.",
        "Unknown command “dance”",
        "Option holes cannot be “7”: use 6|12.",
        "Unexpected “holes”: options are written key=value.",
        "is not understood: write “name: command”",
        "This challenge is for ben; only they can accept it.",
        "This channel already has a game (#1).",
        "Move 0 was not played: there is no hole 0: your holes are 1 to 6",
        "Move 7 was not played: there is no hole 7",
        "It is not your turn: ana is to move.",
        "Move 3 was not played: your hole 3 is empty.",
        "Move 6 was not played: sowing hole 6 would go round for ever",
        "6 moves.",
        // A tournament's number is refused by name, never read as "the latest tournament".
        "Option id cannot be “x”: use a whole number.",
        "Option rounds cannot be “three”: use a whole number.",
        "tournament create <game> <format>",
    ];
    for e in expected {
        assert!(out.contains(e), "missing {e:?} in:\n{out}");
    }
    assert_eq!(out.matches('✗').count(), 15, "{out}");
}

#[test]
fn an_epaminondas_game_to_a_crossing_win() {
    use tablero::games::Game;
    use tablero::games::epaminondas::{End, Epaminondas, Options};
    // A short random game (27 plies with this generator) that ends with a crossing.
    let mut moves = Vec::new();
    let (end, _) = Epaminondas::new(&Options::default()).playout(&mut StdRng::seed_from_u64(1551), |m| moves.push(m));
    let Some(End::Crossing { winner, .. }) = end.end() else { panic!("seed 1551 should end by a crossing") };
    let mut lines = vec!["ana: play epaminondas @ben first=challenger".to_string(), "ben: accept".to_string()];
    for (i, m) in moves.iter().enumerate() {
        lines.push(format!("{}: move {m}", if i % 2 == 0 { "ana" } else { "ben" }));
    }
    lines.push("ana: history".to_string());
    let dir = tempfile::tempdir().unwrap();
    let out = transcript(dir.path(), &lines);
    assert!(!out.contains('✗'), "{out}");
    assert!(out.contains("a crossing win"), "{out}");
    let winner = if winner == Side::First { "ana wins." } else { "ben wins." };
    assert!(out.contains(winner), "{out}");
    assert!(out.contains(&format!("1. ana: {}", moves[0])), "the history is in notation");
    assert!(out.contains(&format!("Epaminondas, game #1: {} moves.", moves.len())), "{out}");
}

/// Throws for both players until the game is over (a line for the player not on turn is simply refused).
fn zohn_ahl_transcript(setup: &str, expect_end: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = vec![setup.to_string(), "ben: accept".to_string()];
    for _ in 0..400 {
        lines.push("ana: throw".to_string());
        lines.push("ben: throw".to_string());
    }
    let out = transcript(dir.path(), &lines);
    assert!(out.contains(expect_end), "{out}");
    assert!(out.contains(" wins."), "{out}");
    let throws = out.matches(" threw ").count();
    assert!(throws > 5, "{throws} throws");
    assert!(!out.contains("Something went wrong"), "{out}");
}

#[test]
fn a_two_counter_game_of_zohn_ahl_to_the_end() {
    zohn_ahl_transcript("ana: play zohn-ahl west=@ana east=@ben counters=2", "holds all 4 counters");
}

#[test]
fn a_two_counter_game_of_tsona_to_the_end() {
    zohn_ahl_transcript("ana: play zohn-ahl west=@ana east=@ben variant=tsona laps=1", "completed the lap first");
}

#[test]
fn an_ocencahuac_game_into_stage_two_and_to_a_win() {
    use tablero::games::Game;
    use tablero::games::ocencahuac::{End, Ocencahuac, Options, Policy};
    let mut moves = Vec::new();
    let end = Ocencahuac::new(&Options::default())
        .playout(&mut StdRng::seed_from_u64(5), Policy::Biased, |m| moves.push(m.clone()));
    assert!(matches!(end.end(), Some(End::Warriors { .. })), "the biased game of seed 5 ends with a win");
    let mut lines = vec!["ana: play ocencahuac @ben first=challenger".to_string(), "ben: accept".to_string()];
    let mut position = Ocencahuac::new(&Options::default());
    for m in &moves {
        let who = if position.to_move() == Some(Side::First) { "ana" } else { "ben" };
        lines.push(format!("{who}: move {m}"));
        position = position.play(m).unwrap();
    }
    let dir = tempfile::tempdir().unwrap();
    let out = transcript(dir.path(), &lines);
    assert!(!out.contains('✗'), "{out}");
    assert!(out.contains("stage 2 begins"), "{out}");
    assert!(out.contains("A Warrior was captured"), "{out}");
    assert!(out.contains("captured all three opposing Warriors"), "{out}");
    assert!(out.contains(" wins."), "{out}");
}

#[test]
fn the_console_remembers_its_users_and_says_what_it_can_do() {
    let dir = tempfile::tempdir().unwrap();
    let lines: Vec<String> = [
        "help",
        "ana: roles",
        "ana: roles @&red @&blue",
        "ana: play hoyito @ben first=challenger holes=12 time=2d",
        "ben: accept",
        "ana: locale es-419",
        "ana: games",
        "wait 99999999d",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = transcript(dir.path(), &lines);
    for e in [
        // help names every command and every game's options
        "leaderboard <game> [page] [provisional] [picture] [season=N|all]",
        "season start <game>",
        "profile [@player]",
        "tournament create <game>",
        "takeback",
        "rematch",
        "hoyito: holes=6|12",
        "epaminondas: symmetry=off|mirror|mirror-or-rotation",
        "zohn-ahl: variant=zohn-ahl|tsona",
        "ocencahuac: mirror_setup",
        // roles without arguments show them
        "You have no roles.",
        "You now have 2 roles.",
        // the challenge says what is agreed, and only the options that differ from the defaults
        "Terms: 2d per move · rated · ana moves first · holes=12.",
        // the channel by its name, the time in the user's language
        "Hoyito II #1 en #lobby: te toca (jugada 0); el tiempo se acaba en 2d 0h",
        // a wait that would wrap the clock
        "The console's clock moves at most 3650 days forward in all.",
    ] {
        assert!(out.contains(e), "missing {e:?} in:\n{out}");
    }
    let terms = out.lines().find(|l| l.contains("Terms:")).unwrap();
    assert!(!terms.contains("skip_origin"), "default options are not listed as terms: {terms}");
    assert!(!out.contains("<#"), "no raw channel mention:\n{out}");

    // A restart: names, roles and languages are still known; a line that is not UTF-8 is refused, and the
    // console goes on with the next.
    let mut input = b"ana: roles\n".to_vec();
    input.extend(b"ana: move \xff\xfe\n");
    input.extend(b"ana: games\nben: history\n");
    let out = transcript_bytes(dir.path(), input);
    for e in [
        "Tus roles: @&red @&blue.",
        "That line is not UTF-8 text, so it was not read; type it again.",
        "Tus partidas en este servidor (1):",
        "Hoyito II, game #1: 0 moves.",
    ] {
        assert!(out.contains(e), "missing {e:?} in:\n{out}");
    }
}

#[test]
fn the_console_speaks_spanish_all_through() {
    let dir = tempfile::tempdir().unwrap();
    let lines: Vec<String> = [
        "ana: locale es-419",
        "ben: locale es-ES",
        "ana: settings language=es-419",
        "ana: play hoyito @ben first=challenger",
        "ben: accept",
        "ana: move 1",
        "ana: play epaminondas @ben first=challenger",
        "#z",
        "ana: play zohn-ahl @ben",
        "ben: accept",
        "ana: throw",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = transcript(dir.path(), &lines);
    for e in [
        "Condiciones: 3d por jugada · clasificatoria · empieza ana.",
        "Sur sembró el hoyo 1, con 4 relevos.",
        "El tiempo para esta jugada se acaba en 3d 0h.",
        "Norte: capturadas 0",
        "Sur: capturadas 0",
        "Condiciones: 3d por jugada · amistosa · quién empieza se sortea.",
    ] {
        assert!(out.contains(e), "missing {e:?} in:\n{out}");
    }
    for english in ["North", "South", "captured", "runs out", " in 3d", "counters", "step "] {
        assert!(!out.contains(english), "{english:?} in a Spanish console:\n{out}");
    }
}

#[test]
fn a_takeback_undoes_the_askers_move_and_the_reply_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let lines: Vec<String> = [
        "ana: play epaminondas @ben first=challenger rated=false",
        "ben: accept",
        "ana: move a2-a3",
        "ben: move a11-a10",
        "ana: takeback",
        "ana: takeback accept",
        "ben: takeback accept",
        "ana: history",
        // A move instead of an answer lets the request lapse.
        "ana: move b2-b3",
        "ana: takeback",
        "ben: move b11-b10",
        "ben: takeback accept",
        // Zohn Ahl throws are never taken back.
        "#z",
        "ana: play zohn-ahl @ben rated=false",
        "ben: accept",
        "ana: takeback",
        "ben: takeback",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let out = transcript(dir.path(), &lines);
    for e in [
        "ana asks to take back their move a2-a3 and the reply after it. ben: allow it or refuse.",
        "✗ There is no takeback request from your opponent to answer.",
        "ben allowed it: ana's last move is taken back (2 moves undone).",
        "Epaminondas, game #1: 0 moves.",
        "ana asks to take back their move b2-b3. ben: allow it or refuse.",
        "Throws of the sticks cannot be taken back.",
    ] {
        assert!(out.contains(e), "missing {e:?} in:\n{out}");
    }
    assert_eq!(out.matches("no takeback request").count(), 2, "{out}");
}

#[test]
fn a_finished_game_is_analysed_with_its_chart_and_mistakes() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = game_lines(3);
    lines.truncate(14);
    lines.extend(
        ["ana: analysis", "ana: resign", "ben: analysis", "#other", "cy: analysis 1", "cy: analysis 99"]
            .map(String::from),
    );
    let out = transcript(dir.path(), &lines);
    assert!(out.contains("Game #1 is not over yet: analysis is for finished games."), "{out}");
    assert!(out.contains("Analysis of Hoyito II #1 (12 moves;"), "{out}");
    assert!(out.contains("board: ") && dir.path().join("out/analysis-1.png").exists(), "the chart is written:\n{out}");
    assert!(out.contains("There is no game #99 in this server."), "{out}");
    // Every line after the title names a mistake with the better move, or says there was none.
    let analysis = out.split("Analysis of Hoyito II #1").nth(1).unwrap();
    let first = analysis.lines().nth(1).unwrap();
    assert!(first.contains("better") || first.contains("none: no move lost much"), "{analysis}");
}

/// What the console says in one language, for a game played by reading the position in words.
struct Words {
    locale: &'static str,
    to_move: fn(&str) -> Option<String>,
    your_moves: &'static str,
    done: &'static str,
    sowed: &'static str,
}

impl Running {
    /// Sends `line` and gives every line the console answers until `until` (a line of a known answer sent
    /// after it).
    fn answers(&mut self, line: &str, then: &str, until: &str) -> Vec<String> {
        writeln!(self.stdin, "{line}\n{then}").unwrap();
        self.stdin.flush().unwrap();
        let mut got = Vec::new();
        loop {
            let next = self.lines.recv_timeout(TIMEOUT).unwrap_or_else(|_| panic!("no answer to {line:?}: {got:?}"));
            if next.contains(until) {
                return got;
            }
            got.push(next);
        }
    }
}

/// A whole Hoyito II game in the console, both players reading only the board in words (`board text`): whose
/// turn it is and their moves come from the words, never from a picture or a diagram.
fn a_game_played_from_the_words(words: Words) {
    let dir = tempfile::tempdir().unwrap();
    let mut run = Running::start(dir.path());
    for line in [format!("ana: locale {}", words.locale), format!("ben: locale {}", words.locale)] {
        run.answers(&line, "ana: notify", words.done);
    }
    run.send("ana: play hoyito @ben first=challenger", "#1");
    run.send("ben: accept", "#lobby>");
    let mut played = 0;
    let last = loop {
        let view = run.answers("ana: board text", "ana: notify", words.done);
        // "ana (South) to move": the member's name is the first word.
        let Some(mover) = view.iter().find_map(|l| (words.to_move)(l)) else { break view };
        let mover = mover.split_whitespace().next().unwrap().to_string();
        let view = run.answers(&format!("{mover}: board text"), "ana: notify", words.done);
        let moves = view
            .iter()
            .find_map(|l| l.trim().strip_prefix(words.your_moves))
            .unwrap_or_else(|| panic!("{mover}'s moves are in the words: {view:?}"));
        let first = moves.trim_end_matches('.').split(", ").next().unwrap().to_string();
        run.send(&format!("{mover}: move {first}"), words.sowed);
        played += 1;
        assert!(played < 1000, "the game ends");
    };
    assert!(played > 10, "a whole game: {played} moves");
    let first = last.iter().find(|l| l.contains("Hoyito II #1")).expect("the game's line");
    assert!(!first.contains(words.your_moves), "{last:?}");
    assert!(last.iter().all(|l| !l.contains('✗')), "{last:?}");
    drop(run.stdin);
    let _ = run.child.wait();
}

#[test]
fn a_whole_game_played_from_the_words_alone_in_english() {
    a_game_played_from_the_words(Words {
        locale: "en-US",
        to_move: |l| {
            l.split(". ")
                .find_map(|s| s.strip_suffix(" to move.").or(s.strip_suffix(" to move")))
                .map(|s| s.trim().to_string())
        },
        your_moves: "Your moves: ",
        done: "Reminders come only in the game's channel",
        sowed: "sowed",
    });
}

#[test]
fn a_whole_game_played_from_the_words_alone_in_spanish() {
    a_game_played_from_the_words(Words {
        locale: "es-419",
        to_move: |l| l.split("Le toca a ").nth(1).map(|s| s.trim_end_matches('.').trim().to_string()),
        your_moves: "Tus jugadas: ",
        done: "Los recordatorios llegan solo al canal",
        sowed: "sembró",
    });
}
