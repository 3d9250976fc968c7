//! The message catalogue: both languages say everything, and fallbacks work.

use std::collections::BTreeSet;

use tablero::i18n::{Catalog, Locale, Message, SOURCES, text};

fn ids(source: &str) -> BTreeSet<String> {
    Catalog::ids(source).into_iter().collect()
}

#[test]
fn spanish_and_english_have_the_same_messages() {
    let english = ids(SOURCES[0].1);
    let spanish = ids(SOURCES[1].1);
    assert!(!english.is_empty());
    assert_eq!(english.difference(&spanish).collect::<Vec<_>>(), Vec::<&String>::new(), "missing in es.ftl");
    assert_eq!(spanish.difference(&english).collect::<Vec<_>>(), Vec::<&String>::new(), "missing in en-US.ftl");
}

#[test]
fn spain_only_overrides_existing_messages() {
    let english = ids(SOURCES[0].1);
    for id in ids(SOURCES[2].1) {
        assert!(english.contains(&id), "es-ES.ftl has {id}, which no other catalogue has");
    }
}

#[test]
fn fallbacks_and_arguments() {
    let m = Message::new("not-your-turn").str("player", "ana");
    assert_eq!(text(Locale::English, &m), "It is not your turn: ana is to move.");
    assert_eq!(text(Locale::SpanishLatinAmerica, &m), "No es tu turno: le toca a ana.");
    // es-ES has no text of its own for this one and falls back to the shared Spanish.
    assert_eq!(text(Locale::SpanishSpain, &m), "No es tu turno: le toca a ana.");
    let m = Message::new("resigned").str("player", "ana");
    assert_eq!(text(Locale::SpanishSpain, &m), "ana ha abandonado.");
    assert_eq!(text(Locale::SpanishLatinAmerica, &m), "ana abandonó.");
}

#[test]
fn side_names_follow_the_argument_inside_other_messages() {
    let m = Message::new("hoyito-extra-move").str("side", "north");
    assert_eq!(text(Locale::English, &m), "North moves again.");
    assert_eq!(text(Locale::SpanishLatinAmerica, &m), "Norte vuelve a jugar.");
}

#[test]
fn locale_tags_as_discord_sends_them() {
    assert_eq!(Locale::parse("es-ES"), Some(Locale::SpanishSpain));
    assert_eq!(Locale::parse("es-419"), Some(Locale::SpanishLatinAmerica));
    assert_eq!(Locale::parse("es-MX"), Some(Locale::SpanishLatinAmerica));
    assert_eq!(Locale::parse("en-GB"), Some(Locale::English));
    assert_eq!(Locale::parse("fr"), None);
}

/// Every message id the code names (`Message::new("...")`) is in the English catalogue, and every game has its
/// name and rules text: a missing id would show users the bare id.
#[test]
fn every_message_the_code_uses_exists() {
    let english = ids(SOURCES[0].1);
    let mut missing = Vec::new();
    let mut stack = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut seen = 0;
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        for (i, _) in source.match_indices("Message::new(\"") {
            let rest = &source[i + "Message::new(\"".len()..];
            let id = &rest[..rest.find('"').unwrap()];
            seen += 1;
            if !english.contains(id) {
                missing.push(format!("{id} ({})", path.display()));
            }
        }
    }
    for kind in tablero::games::GameKind::ALL {
        for id in [format!("game-name-{kind}"), format!("rules-{kind}")] {
            if !english.contains(&id) {
                missing.push(id);
            }
        }
    }
    assert!(seen > 50, "the scan found the code's messages");
    assert_eq!(missing, Vec::<String>::new());
}

#[test]
fn counts_and_lists_follow_each_languages_plural_rules() {
    use tablero::i18n::{Locale, Message, list, text};
    let en = Locale::English;
    let es = Locale::SpanishLatinAmerica;
    let score = |n: i64| Message::new("zohn-ahl-score").num("counters", n).num("step", 3);
    assert_eq!(text(en, &score(1)), "1 counter · step 3");
    assert_eq!(text(en, &score(2)), "2 counters · step 3");
    assert_eq!(text(es, &score(1)), "1 contador · paso 3");
    let line = |n: i64| {
        Message::new("team-board-line")
            .num("rank", 1)
            .str("team", "@red")
            .num("wins", n)
            .num("games", n)
            .num("counters", n)
    };
    assert_eq!(text(en, &line(1)), "1. @red: 1 win in 1 game, 1 counter");
    assert_eq!(text(en, &line(3)), "1. @red: 3 wins in 3 games, 3 counters");
    assert_eq!(text(es, &line(1)), "1. @red: 1 victoria en 1 partida, 1 contador");
    let sowed = |n: i64| Message::new("hoyito-sowed").str("side", "south").num("hole", 2).num("relays", n);
    assert_eq!(text(en, &sowed(0)), "South sowed hole 2.");
    assert_eq!(text(en, &sowed(1)), "South sowed hole 2, relaying once.");
    assert_eq!(text(es, &sowed(3)), "Sur sembró el hoyo 2, con 3 relevos.");
    assert_eq!(list(en, &["ana"]), "ana");
    assert_eq!(list(en, &["ana", "cy"]), "ana and cy");
    assert_eq!(list(en, &["ana", "cy", "dan"]), "ana, cy and dan");
    assert_eq!(list(es, &["ana", "cy", "dan"]), "ana, cy y dan");
}
