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

/// Every slash command, option and choice, with its path: (id in the catalogue, English name, English description).
fn command_entries() -> Vec<(String, String, Option<String>)> {
    use tablero::discord::localize::{choice_id, command_id, option_id};
    fn walk(
        c: &poise::Command<tablero::discord::Data, tablero::discord::Error>,
        parent: &str,
        out: &mut Vec<(String, String, Option<String>)>,
    ) {
        let path = if parent.is_empty() { c.name.to_string() } else { format!("{parent} {}", c.name) };
        out.push((command_id(&path), c.name.to_string(), c.description.as_deref().map(String::from)));
        for p in &c.parameters {
            out.push((option_id(&path, &p.name), p.name.to_string(), p.description.as_deref().map(String::from)));
            for choice in p.choices.iter() {
                out.push((choice_id(&choice.name), choice.name.to_string(), None));
            }
        }
        for s in &c.subcommands {
            walk(s, &path, out);
        }
    }
    let mut out = Vec::new();
    for c in tablero::discord::commands() {
        walk(&c, "", &mut out);
    }
    out
}

#[test]
fn every_slash_command_option_and_choice_is_named_in_every_language() {
    let catalogue = tablero::i18n::catalog();
    let entries = command_entries();
    assert!(entries.len() > 150, "only {} entries", entries.len());
    for (id, name, description) in &entries {
        // The English file says what the code says.
        let english = catalogue.entry(Locale::English, id);
        assert_eq!(english, Some((name.clone(), description.clone())), "{id} in en-US.ftl");
        for locale in [Locale::SpanishLatinAmerica, Locale::SpanishSpain] {
            let (translated, about) = catalogue.entry(locale, id).unwrap_or_else(|| panic!("{id} in {locale}"));
            // Discord's lengths: a command's or option's name 32 characters, a choice's 100.
            let most = if id.starts_with("choice-") { 100 } else { 32 };
            assert!(!translated.is_empty() && translated.chars().count() <= most, "{id} in {locale}: {translated:?}");
            // Discord's rules for a slash command's and an option's name: lower case, no spaces.
            if !id.starts_with("choice-") {
                let ok = translated.chars().all(|c| c == '-' || c == '_' || c.is_alphanumeric() && !c.is_uppercase());
                assert!(ok, "{id} in {locale}: {translated:?} is no slash command name");
            }
            assert_eq!(about.is_some(), description.is_some(), "{id} in {locale}: a description where English has one");
            assert!(about.is_none_or(|d| !d.is_empty() && d.chars().count() <= 100), "{id} in {locale}");
        }
    }
    // And nothing in a file names a command that is not there.
    let known: BTreeSet<String> = entries.into_iter().map(|(id, _, _)| id).collect();
    for (file, source) in SOURCES {
        for id in ids(source).into_iter().filter(|id| id.starts_with("cmd-") || id.starts_with("choice-")) {
            assert!(known.contains(&id), "{file}.ftl names {id}, which is no command, option or choice");
        }
    }
}

#[test]
fn discord_shows_the_commands_in_spanish_from_the_catalogue() {
    let commands = tablero::discord::commands();
    let play = commands.iter().find(|c| c.name == "play").expect("/play");
    let es = |list: &[(std::borrow::Cow<'static, str>, std::borrow::Cow<'static, str>)], tag: &str| {
        list.iter().find(|(l, _)| l == tag).map(|(_, t)| t.to_string())
    };
    for tag in ["es-419", "es-ES"] {
        assert_eq!(es(&play.name_localizations, tag).as_deref(), Some("jugar"));
        assert_eq!(es(&play.description_localizations, tag).as_deref(), Some("Desafía a alguien a una partida"));
    }
    let hoyito = play.subcommands.iter().find(|c| c.name == "hoyito").expect("/play hoyito");
    assert_eq!(es(&hoyito.name_localizations, "es-419"), None, "the same name in both: not sent");
    let opponent = hoyito.parameters.iter().find(|p| p.name == "opponent").expect("its opponent");
    assert_eq!(es(&opponent.name_localizations, "es-419").as_deref(), Some("rival"));
}
