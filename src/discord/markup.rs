//! The table's text as Discord markup: a name shows exactly as its member wrote it (markdown and mention syntax
//! escaped), a member known by id and a channel as Discord's mentions (which ping nobody: every message says
//! whom it pings), a moment as a Discord timestamp that each reader sees relative to now in their own time zone,
//! strong and code words in Discord's markdown; a message cut to Discord's 2,000 characters.

use crate::i18n::{Callee, Span, Text};

/// The most characters of a Discord message's content.
pub const MAX_CHARS: usize = 2000;

/// `text` in Discord's markup.
pub fn markup(text: &Text) -> String {
    text.render(
        |words, out| out.push_str(words),
        |words, span, out| match span {
            Span::Name | Span::Player(_) => out.push_str(&escape(words)),
            Span::User(id) => out.push_str(&format!("<@{id}>")),
            Span::Channel(id) => out.push_str(&format!("<#{id}>")),
            Span::Moment(at) => out.push_str(&format!("<t:{at}:R>")),
            Span::Strong => out.push_str(&format!("**{}**", escape(words))),
            Span::Code | Span::Game(_) => out.push_str(&format!("`{}`", words.replace('`', "'"))),
            Span::Call(Callee::User(id)) => out.push_str(&format!("<@{id}>")),
            Span::Call(Callee::Role(id)) => out.push_str(&format!("<@&{id}>")),
        },
    )
}

/// A member's words with every character Discord's markdown or mentions read escaped by a backslash (Discord
/// shows an escaped punctuation mark as itself).
pub fn escape(words: &str) -> String {
    let mut out = String::with_capacity(words.len() + 8);
    for c in words.chars() {
        if matches!(c, '\\' | '*' | '_' | '~' | '`' | '|' | '<' | '>' | '#' | '-' | '[' | ']' | '(' | ')' | '@' | ':') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `content` cut to Discord's limit, ending in `…` when cut (never in the middle of an escape).
pub fn fit(content: String) -> String {
    if content.chars().count() <= MAX_CHARS {
        return content;
    }
    let mut cut: String = content.chars().take(MAX_CHARS - 1).collect();
    while cut.ends_with('\\') {
        cut.pop();
    }
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Locale, Message, spans};

    #[test]
    fn names_show_as_written_and_spans_become_discord_markup() {
        let said = spans(
            Locale::English,
            &Message::new("notice-reminder")
                .name("player", "**ana** <@&5> @everyone")
                .str("game", "Hoyito II #1")
                .moment("when", 1_800_000_000),
        );
        let shown = markup(&said);
        assert!(shown.contains(r"\*\*ana\*\* \<\@&5\> \@everyone"), "{shown}");
        assert!(shown.contains("<t:1800000000:R>"), "{shown}");
        assert!(!shown.contains("**ana**"), "{shown}");
        let mut text = Text::plain("in ");
        text.push_span("#7", Span::Channel(7)).push_str(" by ").push_span("@3", Span::User(3));
        assert_eq!(markup(&text), "in <#7> by <@3>");
    }

    #[test]
    fn a_long_message_is_cut_to_the_limit_without_a_dangling_escape() {
        let long = format!("{}\\*x", "a".repeat(MAX_CHARS - 2));
        let cut = fit(long);
        assert_eq!(cut.chars().count(), MAX_CHARS - 1);
        assert!(cut.ends_with("a…"));
    }
}
