//! User-facing text: messages as data ([`Message`]: a catalogue id plus arguments) and the Fluent catalogue that
//! says them in English, Latin-American Spanish (es-419) or Spanish of Spain (es-ES).
//!
//! Lookup falls back es-ES -> es (the shared Spanish text, also es-419) -> en-US, so es-ES only holds the
//! phrases that differ. Bidirectional isolation marks are off: they would break mentions and transcripts.

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};

mod spans;

pub use spans::{Callee, Mark, Span, Text};

/// A supported language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Locale {
    #[default]
    #[serde(rename = "en-US")]
    English,
    #[serde(rename = "es-419")]
    SpanishLatinAmerica,
    #[serde(rename = "es-ES")]
    SpanishSpain,
}

impl Locale {
    /// Reads a locale tag as Discord or a user writes it (`en-GB`, `es-419`, `es-MX`, `es-ES`, `es`...).
    pub fn parse(tag: &str) -> Option<Locale> {
        let t = tag.trim().to_ascii_lowercase().replace('_', "-");
        if t == "es-es" {
            Some(Locale::SpanishSpain)
        } else if t == "es" || t.starts_with("es-") {
            Some(Locale::SpanishLatinAmerica)
        } else if t == "en" || t.starts_with("en-") {
            Some(Locale::English)
        } else {
            None
        }
    }

    pub fn tag(self) -> &'static str {
        match self {
            Locale::English => "en-US",
            Locale::SpanishLatinAmerica => "es-419",
            Locale::SpanishSpain => "es-ES",
        }
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// An argument of a message.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Num(i64),
    Str(String),
    /// A message said in the same language, inside this one.
    Nested(Box<Message>),
    /// Words that are a span (a name, a channel, a moment…) with their plain form.
    Span(Span, String),
}

/// Something to tell a user, before it is put into words.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub id: Cow<'static, str>,
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    pub fn new(id: &'static str) -> Message {
        Message { id: Cow::Borrowed(id), args: Vec::new() }
    }

    /// A message whose id is only known at run time (for example `rules-<game>`).
    pub fn dynamic(id: String) -> Message {
        Message { id: Cow::Owned(id), args: Vec::new() }
    }

    pub fn num(mut self, name: &'static str, value: impl Into<i64>) -> Message {
        self.args.push((name, Arg::Num(value.into())));
        self
    }

    pub fn str(mut self, name: &'static str, value: impl Into<String>) -> Message {
        self.args.push((name, Arg::Str(value.into())));
        self
    }

    /// An argument that is itself a message, put into words in the same language as this one.
    pub fn nested(mut self, name: &'static str, value: Message) -> Message {
        self.args.push((name, Arg::Nested(Box::new(value))));
        self
    }

    /// A name a member chose (display name, team, tournament): shown exactly as written, never as markup.
    pub fn name(mut self, name: &'static str, value: impl Into<String>) -> Message {
        self.args.push((name, Arg::Span(Span::Name, value.into())));
        self
    }

    /// A member known only by id.
    pub fn user(mut self, name: &'static str, id: u64) -> Message {
        self.args.push((name, Arg::Span(Span::User(id), format!("@{id}"))));
        self
    }

    /// A channel.
    pub fn channel(mut self, name: &'static str, id: u64) -> Message {
        self.args.push((name, Arg::Span(Span::Channel(id), format!("#{id}"))));
        self
    }

    /// A moment (seconds since the epoch), shown relative to when it is read where the front end can.
    pub fn moment(mut self, name: &'static str, at: u64) -> Message {
        self.args.push((name, Arg::Span(Span::Moment(at), crate::dates::format(at))));
        self
    }

    /// Words shown as code (an id, a move).
    pub fn code(mut self, name: &'static str, value: impl Into<String>) -> Message {
        self.args.push((name, Arg::Span(Span::Code, value.into())));
        self
    }
}

type Bundle = FluentBundle<FluentResource>;

/// The message catalogue of every supported language.
pub struct Catalog {
    english: Bundle,
    spanish: Bundle,
    spain: Bundle,
}

const ENGLISH: &str = include_str!("../../locales/en-US.ftl");
const SPANISH: &str = include_str!("../../locales/es.ftl");
const SPAIN: &str = include_str!("../../locales/es-ES.ftl");

/// The lessons' words, a file per game and language (`lessons/<game>.<language>.ftl`), added to the catalogue.
pub const LESSONS_ENGLISH: [&str; 4] = [
    include_str!("../../lessons/epaminondas.en-US.ftl"),
    include_str!("../../lessons/hoyito.en-US.ftl"),
    include_str!("../../lessons/ocencahuac.en-US.ftl"),
    include_str!("../../lessons/zohn-ahl.en-US.ftl"),
];
pub const LESSONS_SPANISH: [&str; 4] = [
    include_str!("../../lessons/epaminondas.es.ftl"),
    include_str!("../../lessons/hoyito.es.ftl"),
    include_str!("../../lessons/ocencahuac.es.ftl"),
    include_str!("../../lessons/zohn-ahl.es.ftl"),
];

fn bundle(tag: &str, sources: &[&str]) -> Bundle {
    let id: unic_langid::LanguageIdentifier = tag.parse().expect("valid language tag");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    for source in sources {
        let resource = FluentResource::try_new(source.to_string())
            .unwrap_or_else(|(_, errors)| panic!("catalogue {tag} does not parse: {errors:?}"));
        bundle.add_resource(resource).unwrap_or_else(|errors| panic!("catalogue {tag}: {errors:?}"));
    }
    bundle
}

/// The catalogue, parsed once.
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| Catalog {
        english: bundle("en-US", &[&[ENGLISH], &LESSONS_ENGLISH[..]].concat()),
        spanish: bundle("es-419", &[&[SPANISH], &LESSONS_SPANISH[..]].concat()),
        spain: bundle("es-ES", &[SPAIN]),
    })
}

impl Catalog {
    /// The message in `locale`, falling back to Spanish and then English; an id missing everywhere is shown
    /// as itself (and is a bug the catalogue tests catch).
    pub fn text(&self, locale: Locale, message: &Message) -> String {
        self.spans(locale, message).as_str().to_string()
    }

    /// As [`Catalog::text`], with the spans of its arguments (and of the messages nested in it) kept.
    pub fn spans(&self, locale: Locale, message: &Message) -> Text {
        let chain: [&Bundle; 3] = match locale {
            Locale::English => [&self.english, &self.english, &self.english],
            Locale::SpanishLatinAmerica => [&self.spanish, &self.english, &self.english],
            Locale::SpanishSpain => [&self.spain, &self.spanish, &self.english],
        };
        // A span's words go in after formatting: Fluent sees a marker with the argument's index in its place.
        let marker = |k: usize| format!("{MARK_OPEN}{k}{MARK_CLOSE}");
        let mut args = FluentArgs::new();
        let mut inner: Vec<Option<Text>> = Vec::with_capacity(message.args.len());
        for (k, (name, value)) in message.args.iter().enumerate() {
            inner.push(None);
            match value {
                Arg::Num(n) => args.set(*name, FluentValue::from(*n)),
                Arg::Str(s) => args.set(*name, FluentValue::from(s.replace([MARK_OPEN, MARK_CLOSE], ""))),
                Arg::Nested(m) => {
                    inner[k] = Some(self.spans(locale, m));
                    args.set(*name, FluentValue::from(marker(k)));
                }
                Arg::Span(span, words) => {
                    inner[k] = Some(Text::span(words.replace([MARK_OPEN, MARK_CLOSE], ""), *span));
                    args.set(*name, FluentValue::from(marker(k)));
                }
            }
        }
        for bundle in chain {
            if let Some(pattern) = bundle.get_message(&message.id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let formatted = bundle.format_pattern(pattern, Some(&args), &mut errors);
                if !errors.is_empty() {
                    tracing::warn!(id = %message.id, ?errors, "message formatted with errors");
                }
                return with_spans(&formatted, &inner);
            }
        }
        tracing::warn!(id = %message.id, "message missing from the catalogue");
        Text::plain(message.id.to_string())
    }

    /// A name with its description (the message's value and its `.description`), as `locale`'s own files say
    /// them (the shared Spanish for Spain where Spain's file is silent; never English for another language):
    /// what a slash command, an option or a choice is called.
    pub fn entry(&self, locale: Locale, id: &str) -> Option<(String, Option<String>)> {
        let chain: &[&Bundle] = match locale {
            Locale::English => &[&self.english],
            Locale::SpanishLatinAmerica => &[&self.spanish],
            Locale::SpanishSpain => &[&self.spain, &self.spanish],
        };
        let message = chain.iter().find_map(|b| b.get_message(id).map(|m| (*b, m)));
        let (bundle, message) = message?;
        let format = |pattern| bundle.format_pattern(pattern, None, &mut Vec::new()).into_owned();
        let name = format(message.value()?);
        let description = message.get_attribute("description").map(|a| format(a.value()));
        Some((name, description))
    }

    /// Every message id of a language's own file (for the catalogue tests).
    pub fn ids(source: &str) -> Vec<String> {
        let resource = FluentResource::try_new(source.to_string()).unwrap_or_else(|(r, _)| r);
        resource
            .entries()
            .filter_map(|e| match e {
                fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                _ => None,
            })
            .collect()
    }
}

/// Shorthand: `text(locale, &message)` with the global catalogue.
pub fn text(locale: Locale, message: &Message) -> String {
    catalog().text(locale, message)
}

/// Shorthand: `spans(locale, &message)` with the global catalogue.
pub fn spans(locale: Locale, message: &Message) -> Text {
    catalog().spans(locale, message)
}

/// The markers around an argument's index in a formatted message (characters of Unicode's private use area,
/// taken out of every argument's words).
const MARK_OPEN: char = '\u{F8F0}';
const MARK_CLOSE: char = '\u{F8F1}';

/// The formatted words with each marker replaced by its argument's text.
fn with_spans(formatted: &str, inner: &[Option<Text>]) -> Text {
    let mut out = Text::new();
    let mut rest = formatted;
    while let Some(open) = rest.find(MARK_OPEN) {
        out.push_str(&rest[..open]);
        let after = &rest[open + MARK_OPEN.len_utf8()..];
        let Some(close) = after.find(MARK_CLOSE) else { break };
        if let Some(Some(text)) = after[..close].parse::<usize>().ok().and_then(|k| inner.get(k)) {
            out.push_text(text);
        }
        rest = &after[close + MARK_CLOSE.len_utf8()..];
    }
    out.push_str(rest);
    out
}

pub const SOURCES: [(&str, &str); 3] = [("en-US", ENGLISH), ("es", SPANISH), ("es-ES", SPAIN)];

/// Names joined as a list in `locale`: "ana", "ana and cy", "ana, cy and dan" ("ana, cy y dan").
pub fn list(locale: Locale, items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let and = text(locale, &Message::new("list-and"));
            format!("{} {and} {last}", init.join(", "))
        }
    }
}
