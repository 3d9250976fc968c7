//! Languages on Discord: a user's or server's locale tag to ours, and the slash commands' names and descriptions
//! in every language from the catalogue's files (a language is one file).

use super::{Data, Error};
use crate::i18n::Locale;

/// Discord's locale tag to ours: `es-419` and `es-ES` are Spanish; everything else is English.
pub fn locale(tag: &str) -> Locale {
    match Locale::parse(tag) {
        Some(l) => l,
        None => Locale::English,
    }
}

/// The language of public posts: the server's preferred locale when we speak it, else the configured default.
pub fn public_locale(guild_locale: Option<&str>, default: Locale) -> Locale {
    guild_locale.and_then(Locale::parse).unwrap_or(default)
}

/// The catalogue's id of a slash command (`cmd-` and its path, `play hoyito` as `cmd-play-hoyito`), of one of its
/// options (`cmd-play-hoyito--opponent`) and of an option's choice (`choice-` and its English name).
pub fn command_id(path: &str) -> String {
    format!("cmd-{}", slug(path))
}

pub fn option_id(path: &str, option: &str) -> String {
    format!("{}--{}", command_id(path), slug(option))
}

pub fn choice_id(choice: &str) -> String {
    format!("choice-{}", slug(choice))
}

/// Lower case, every run of other characters than letters and digits one `-`.
fn slug(words: &str) -> String {
    let mut out = String::new();
    for c in words.to_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The languages commands are translated into, by Discord's locale tags: each from its catalogue file.
const TRANSLATED: [Locale; 2] = [Locale::SpanishLatinAmerica, Locale::SpanishSpain];

type Localizations = std::borrow::Cow<'static, [(std::borrow::Cow<'static, str>, std::borrow::Cow<'static, str>)]>;

/// Names every command, option and choice in each language of [`TRANSLATED`] as its catalogue file does (the code
/// holds the English, which Discord shows to everyone else); a name the same as the English one is left out.
pub fn translate(commands: &mut [poise::Command<Data, Error>]) {
    fn add(list: &mut Localizations, locale: Locale, text: &str, english: &str) {
        if text != english {
            list.to_mut().push((locale.tag().into(), text.to_string().into()));
        }
    }
    fn command(c: &mut poise::Command<Data, Error>, parent: &str) {
        let path = if parent.is_empty() { c.name.to_string() } else { format!("{parent} {}", c.name) };
        let catalogue = crate::i18n::catalog();
        for locale in TRANSLATED {
            if let Some((name, description)) = catalogue.entry(locale, &command_id(&path)) {
                add(&mut c.name_localizations, locale, &name, &c.name);
                if let (Some(d), Some(english)) = (description, c.description.as_deref()) {
                    add(&mut c.description_localizations, locale, &d, english);
                }
            }
            for p in &mut c.parameters {
                if let Some((name, description)) = catalogue.entry(locale, &option_id(&path, &p.name)) {
                    add(&mut p.name_localizations, locale, &name, &p.name);
                    if let (Some(d), Some(english)) = (description, p.description.as_deref()) {
                        add(&mut p.description_localizations, locale, &d, english);
                    }
                }
                for choice in p.choices.to_mut() {
                    if let Some((name, _)) = catalogue.entry(locale, &choice_id(&choice.name)) {
                        add(&mut choice.localizations, locale, &name, &choice.name);
                    }
                }
            }
        }
        for s in &mut c.subcommands {
            command(s, &path);
        }
    }
    for c in commands {
        command(c, "");
    }
}
