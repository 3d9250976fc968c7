//! The lessons, as a newcomer takes them: every step of every course answered wrong and then right through the
//! console (English and Spanish transcripts), progress kept across a restart, the course's last step a game
//! against the computer at level 1; and a course taken privately through the fake Discord with its buttons and
//! menus, a stale button refused and a redelivered answer counted once.

use crate::common::console::transcript;

use crate::fake_discord::FakeDiscord;
use crate::fake_discord::harness::{Place, Running};
use crate::fake_discord::payloads::{Member, Opt};
use tablero::games::GameKind;

/// For each step of each course, in order: an answer that is wrong (legal but not what the step asks, or not
/// allowed at all) and the answer that is right.
const ANSWERS: [(GameKind, &[(&str, &str)]); 4] = [
    (
        GameKind::Epaminondas,
        &[
            ("d4-d3", "d4-d5"),
            ("c3-c5", "c3-c6"),
            ("c3-c6", "c4-c5"),
            ("c2-c5", "c2-c4"),
            ("c3xc5", "c2xc5"),
            ("d3xd5", "d4xg4"),
            ("e7-e6", "e7-e8"),
            ("c2-c4", "c3xc1"),
            ("d7-d8", "d7-c8"),
            ("e6-e5", "f5-e5"),
        ],
    ),
    (
        GameKind::Hoyito,
        &[
            ("6", "3"),
            ("2", "1"),
            ("3", "5"),
            ("1", "5"),
            ("1", "5"),
            ("2", "1"),
            ("1", "6"),
            ("2", "1"),
            ("4", "1"),
            ("5", "4"),
        ],
    ),
    (
        GameKind::Ocencahuac,
        &[
            ("c2-d2", "c2-c3"),
            ("c3-d3", "c3-c5"),
            ("a3-a5", "a3-a5-c5"),
            ("c4-c3", "c4-c6"),
            ("c2-a2", "b3-b1"),
            ("c4-c6", "c4-b4"),
            ("b7-b6", "b7-b8"),
            ("d7-d6", "d7-d8"),
            ("a4-a5", "a4xd4"),
            ("b5-d5 @d4", "b5-d5 @e6"),
            ("e1-e8", "a4xd4"),
        ],
    ),
    (
        GameKind::ZohnAhl,
        &[
            ("1", "2"),
            ("1", "38"),
            ("10", "13"),
            ("19", "0"),
            ("0", "20"),
            ("10", "13"),
            ("39", "0"),
            ("5", "10"),
            ("5", "6"),
            ("39", "0"),
            ("3", "0"),
        ],
    ),
];

/// What the catalogue says for a lesson's message in a language (the words the transcript must show).
fn words(locale: tablero::i18n::Locale, id: String) -> String {
    tablero::i18n::text(locale, &tablero::i18n::Message::dynamic(id))
}

/// Every step of every course, wrong then right, through the console in `locale`; then a restart keeps the
/// progress, and the course's end offers the game against the computer, which the offered button starts.
fn every_step_through_the_console(locale_tag: &str, locale: tablero::i18n::Locale) {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = vec![format!("ana: locale {locale_tag}"), "ana: learn".to_string()];
    for (kind, answers) in ANSWERS {
        let steps = tablero::table::lesson_steps(kind);
        assert_eq!(steps.len(), answers.len(), "{kind}: one pair of answers per step");
        lines.push(format!("ana: learn {}", kind.name()));
        for (wrong, right) in answers.iter() {
            lines.push(format!("ana: learn {} {wrong}", kind.name()));
            lines.push(format!("ana: learn {} {right}", kind.name()));
        }
    }
    let out = transcript(dir.path(), &lines);
    assert!(out.contains(&words(locale, "lesson-courses".into())), "{out}");
    for (kind, _) in ANSWERS {
        for (id, _) in tablero::table::lesson_steps(kind) {
            let lesson = |part: &str| {
                let id = if part.is_empty() {
                    format!("lesson-{}-{id}", kind.name())
                } else {
                    format!("lesson-{}-{id}-{part}", kind.name())
                };
                words(locale, id)
            };
            assert!(out.contains(&lesson("")), "{kind} {id}: the task is shown:\n{out}");
            assert!(out.contains(&lesson("right")), "{kind} {id}: the right answer is praised:\n{out}");
        }
        let done = tablero::i18n::Message::new("lesson-done").str("game", tablero::table::game_title(locale, kind));
        assert!(out.contains(&tablero::i18n::text(locale, &done)), "{kind}: the course ends:\n{out}");
    }
    // Wrong answers are explained, each in its own words; none is taken for right.
    for reason in
        ["lesson-hoyito-mid-lap-en-passant", "lesson-epaminondas-lone-back", "lesson-ocencahuac-chain-one-hop"]
    {
        assert!(out.contains(&words(locale, reason.into())), "{reason}:\n{out}");
    }
    assert!(out.contains(&words(locale, "lesson-zohn-ahl-creek-wrong".into())), "{out}");
    // The rules' own reasons for answers they do not allow.
    for rule in ["epaminondas-capture-too-small", "hoyito-never-ending"] {
        // The longest stretch of the message between its placeholders.
        let said = words(locale, rule.into());
        let part = said.split(['{', '}']).step_by(2).max_by_key(|p| p.len()).unwrap().trim().to_string();
        assert!(out.contains(&part), "{rule}: {part}:\n{out}");
    }
    // A new process: the progress was kept; the end's button plays the computer at level 1.
    let again = transcript(
        dir.path(),
        &[format!("ana: locale {locale_tag}"), "ana: learn hoyito".into(), "ana: press lg:hoyito".into()],
    );
    let done =
        tablero::i18n::Message::new("lesson-done").str("game", tablero::table::game_title(locale, GameKind::Hoyito));
    assert!(again.contains(&tablero::i18n::text(locale, &done)), "{again}");
    assert!(again.contains("tablero"), "a game against the computer starts:\n{again}");
    assert!(again.contains("board: "), "with its board:\n{again}");
}

#[test]
fn every_lesson_step_wrong_then_right_in_english() {
    every_step_through_the_console("en-US", tablero::i18n::Locale::English);
}

#[test]
fn every_lesson_step_wrong_then_right_in_spanish() {
    every_step_through_the_console("es-419", tablero::i18n::Locale::SpanishLatinAmerica);
}

#[test]
fn a_wrong_or_stale_answer_changes_nothing_and_starting_again_goes_back() {
    let dir = tempfile::tempdir().unwrap();
    let lines: Vec<String> = [
        "ana: learn hoyito 3",
        "ana: learn hoyito 6",
        "ana: learn hoyito 1",
        "ana: press la:hoyito:0:3",
        "ana: learn chess",
        "ana: learn hoyito again",
        "ana: learn hoyito 3",
        "ben: learn hoyito",
    ]
    .map(String::from)
    .to_vec();
    let out = transcript(dir.path(), &lines);
    let en = tablero::i18n::Locale::English;
    // "6" is played by nobody: step 2 of the Hoyito course (the relay) is where ana is after "3".
    assert!(out.contains(&words(en, "lesson-hoyito-relay-wrong".into())), "{out}");
    assert!(out.contains(&words(en, "lesson-stale".into())), "an old button:\n{out}");
    assert!(out.contains("chess"), "an unknown game is named:\n{out}");
    // After starting again, "3" is right once more, and ben's course is his own (step 1).
    assert_eq!(out.matches(&words(en, "lesson-hoyito-sow-right".into())).count(), 2, "{out}");
    assert!(out.matches("lesson 1 of 10").count() >= 2, "{out}");
}

fn ana() -> Member {
    Member::new(101, "ana")
}

const HALL: Place = Place { channel: 700, thread: false };

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_course_taken_privately_on_discord_with_buttons_and_menus() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    let ana = ana();
    let courses = fake.slash(&ana, HALL, &["learn"], &[]).await;
    assert!(courses.is_ephemeral(), "{}", courses.content());
    assert!(courses.content().contains("Lessons:"), "{}", courses.content());
    assert_eq!(courses.button_ids(), ["ls:epaminondas", "ls:hoyito", "ls:ocencahuac", "ls:zohn-ahl"]);

    // Hoyito: the holes are buttons; a wrong press explains and shows the step again; a right one moves on.
    // Each answer replaces the pressed message; the next step comes as a message of its own.
    let message = courses.created.expect("a message");
    let step = fake.press(&ana, HALL, message, "ls:hoyito").await;
    assert_eq!(step.callback_type(), Some(7), "{step:?}");
    assert!(step.png().is_some(), "{}", step.content());
    assert!(step.content().contains("lesson 1 of 10"), "{}", step.content());
    assert_eq!(step.button_ids(), ["la:hoyito:0:3", "la:hoyito:0:6", "lr:hoyito"]);
    let wrong = fake.press(&ana, HALL, message, "la:hoyito:0:6").await;
    assert!(wrong.content().contains("the task was the hole with two seeds"), "{}", wrong.content());
    assert!(wrong.content().contains("lesson 1 of 10"), "{}", wrong.content());
    let from = fake.mark();
    let right = fake.press(&ana, HALL, message, "la:hoyito:0:3").await;
    assert!(right.content().contains("your move ended there"), "{}", right.content());
    let next = fake.wait_for(from, "the next step", |r| r.content().contains("lesson 2 of 10")).await;
    assert!(next.is_ephemeral() && next.png().is_some(), "{}", next.content());
    // The same button pressed again (or the press redelivered) is out of date: nothing moves twice.
    let stale = fake.press(&ana, HALL, message, "la:hoyito:0:3").await;
    assert!(stale.content().contains("already behind you"), "{}", stale.content());
    assert!(stale.content().contains("lesson 2 of 10"), "{}", stale.content());

    // Epaminondas: the moves are menus; a typed answer works as well.
    let step = fake.slash(&ana, HALL, &["learn"], &[Opt::Int("game", 0)]).await;
    let menus = step.menus();
    assert!(!menus.is_empty() && menus[0].0 == "lm:epaminondas:0:0", "{menus:?}");
    assert!(menus[0].1.contains(&"d4-d5".to_string()), "{menus:?}");
    let from = fake.mark();
    let chosen = fake.choose(&ana, HALL, step.created.unwrap(), "lm:epaminondas:0:0", "d4-d5").await;
    assert!(chosen.content().contains("One square forward"), "{}", chosen.content());
    fake.wait_for(from, "step 2", |r| r.content().contains("lesson 2 of 10")).await;
    let typed = fake.slash(&ana, HALL, &["learn"], &[Opt::Int("game", 0), Opt::Str("answer", "c3-c5".into())]).await;
    assert!(typed.content().contains("a phalanx of two may go two"), "{}", typed.content());
    let no_game = fake.slash(&ana, HALL, &["learn"], &[Opt::Str("answer", "c3-c6".into())]).await;
    assert!(no_game.is_ephemeral() && no_game.content().contains("Name the game"), "{}", no_game.content());
    running.stop().await;
}
