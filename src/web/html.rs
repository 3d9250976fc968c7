//! The table's text as HTML: every word escaped (a name a member chose is only ever text), a member and a game
//! as links to their pages, a moment as a `<time>` with its UTC date, strong and code words as such; calls are
//! left out (a page notifies nobody), and the catalogue's own markdown (`**`, backticks) is dropped.

use maud::{Markup, PreEscaped, html};

use crate::i18n::{Span, Text};

/// `text` as HTML; links start with `base` (the server's address, without a final `/`).
pub fn text(text: &Text, base: &str) -> Markup {
    let rendered = text.without_calls().render(
        |words, out| out.push_str(&escape(&words.replace("**", "").replace('`', ""))),
        |words, span, out| {
            let markup = match span {
                Span::User(id) | Span::Player(id) => html! { a href={ (base) "/player/" (id) } { (words) } },
                Span::Game(id) => html! { a href={ (base) "/game/" (id) } { (words) } },
                Span::Moment(at) => {
                    let iso = crate::dates::format(at);
                    html! { time datetime=(iso) { (iso[..10]) " " (iso[11..16]) " UTC" } }
                }
                Span::Strong => html! { strong { (words) } },
                Span::Code => html! { code { (words) } },
                Span::Name | Span::Channel(_) | Span::Call(_) => html! { (words) },
            };
            out.push_str(&markup.into_string());
        },
    );
    PreEscaped(rendered)
}

/// Lines of a text (a reply's words), each as a paragraph.
pub fn lines(text: &Text, base: &str) -> Markup {
    html! {
        @for line in split_lines(text) {
            p { (self::text(&line, base)) }
        }
    }
}

/// A text cut at its line breaks, spans kept.
pub fn split_lines(text: &Text) -> Vec<Text> {
    let mut out = Vec::new();
    let plain = text.as_str();
    let mut start = 0;
    for (i, c) in plain.char_indices().chain(std::iter::once((plain.len(), '\n'))) {
        if c != '\n' {
            continue;
        }
        let mut line = Text::new();
        let mut at = start;
        for mark in text.marks().iter().filter(|m| m.range.start >= start && m.range.end <= i) {
            line.push_str(&plain[at..mark.range.start]);
            line.push_span(&plain[mark.range.clone()], mark.span);
            at = mark.range.end;
        }
        line.push_str(&plain[at..i]);
        if !line.as_str().trim().is_empty() {
            out.push(line);
        }
        start = i + 1;
    }
    out
}

/// Text escaped for HTML (element content and quoted attributes alike).
pub fn escape(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    for c in words.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_text_and_games_and_members_are_links() {
        let mut said = Text::plain("**Won** by ");
        said.push_span("<script>alert(1)</script>", Span::Name);
        said.push_str(" in ").push_span("#12", Span::Game(12)).push_str(" & ").push_span("@5", Span::User(5));
        said.push_str(" ").push_span("<b>", Span::Player(6));
        let html = text(&said, "/s/abc-1").into_string();
        assert_eq!(
            html,
            "Won by &lt;script&gt;alert(1)&lt;/script&gt; in <a href=\"/s/abc-1/game/12\">#12</a> &amp; \
             <a href=\"/s/abc-1/player/5\">@5</a> <a href=\"/s/abc-1/player/6\">&lt;b&gt;</a>"
        );
    }

    #[test]
    fn lines_keep_their_spans() {
        let mut said = Text::plain("one ");
        said.push_span("a\"b", Span::Name).push_str("\ntwo ").push_span("x", Span::Strong);
        let html = lines(&said, "").into_string();
        assert_eq!(html, "<p>one a&quot;b</p><p>two <strong>x</strong></p>");
    }
}
