//! Text with spans: what the table says, before a front end renders it. The words are plain text; a span marks
//! a part of them that each front end shows its own way — a name a member chose (never markup), a member known
//! by id, a channel, a moment (shown relative to when it is read), strong or code words, and the members and roles
//! the message calls. Discord turns spans into its markup, the console into plain words, a web page into HTML; the
//! table writes no markup of any of them. A message notifies exactly the calls among its spans, nobody else.

use std::ops::Range;

use serde::{Deserialize, Serialize};

/// What a part of a [`Text`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Span {
    /// A name a member chose (a display name, a team, a tournament): shown exactly as written.
    Name,
    /// A member's name, as [`Span::Name`], with the member's id (a web page links it to the member's page).
    Player(u64),
    /// A member known only by id (the plain words are `@id`).
    User(u64),
    /// A channel (the plain words are `#id`).
    Channel(u64),
    /// A moment, seconds since the epoch, best shown relative to when it is read (the plain words are the UTC
    /// date and time).
    Moment(u64),
    /// Words that stand out.
    Strong,
    /// Words shown as code (an id, a move).
    Code,
    /// A game named by its number (the words are `#` and the number): a web page links it to the game's page.
    Game(u64),
    /// A member or role the message calls (notifies): the words are `@` and their name. Calls open a message;
    /// a front end that cannot notify leaves them out.
    Call(Callee),
}

/// Who a call notifies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Callee {
    User(u64),
    Role(u64),
}

/// A part of a text and what it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mark {
    /// Byte range in the plain words.
    pub range: Range<usize>,
    pub span: Span,
}

/// Plain words and the spans in them (in order, never overlapping). It reads as its plain words (`Deref<str>`).
/// Stored as `{"plain", "marks"}`; a stored bare string (as older records hold) reads as plain words.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Stored")]
pub struct Text {
    plain: String,
    marks: Vec<Mark>,
}

impl Text {
    pub fn new() -> Text {
        Text::default()
    }

    /// Plain words without spans.
    pub fn plain(words: impl Into<String>) -> Text {
        Text { plain: words.into(), marks: Vec::new() }
    }

    /// Words that are all one span.
    pub fn span(words: impl Into<String>, span: Span) -> Text {
        let mut text = Text::new();
        text.push_span(&words.into(), span);
        text
    }

    /// Plain words added at the end.
    pub fn push_str(&mut self, words: &str) -> &mut Text {
        self.plain.push_str(words);
        self
    }

    /// Words that are one span, added at the end.
    pub fn push_span(&mut self, words: &str, span: Span) -> &mut Text {
        let start = self.plain.len();
        self.plain.push_str(words);
        if !words.is_empty() {
            self.marks.push(Mark { range: start..self.plain.len(), span });
        }
        self
    }

    /// Another text added at the end, its spans kept.
    pub fn push_text(&mut self, other: &Text) -> &mut Text {
        let offset = self.plain.len();
        self.plain.push_str(&other.plain);
        self.marks.extend(
            other.marks.iter().map(|m| Mark { range: m.range.start + offset..m.range.end + offset, span: m.span }),
        );
        self
    }

    /// The text with plain words added (for building a line in one expression).
    pub fn and(mut self, words: &str) -> Text {
        self.push_str(words);
        self
    }

    /// The text with a name added.
    pub fn and_name(mut self, name: &str) -> Text {
        self.push_span(name, Span::Name);
        self
    }

    /// The text with a member's name added, and who they are.
    pub fn and_player(mut self, name: &str, id: u64) -> Text {
        self.push_span(name, Span::Player(id));
        self
    }

    /// The text with another added.
    pub fn and_text(mut self, other: &Text) -> Text {
        self.push_text(other);
        self
    }

    /// Texts joined by `separator`, their spans kept.
    pub fn join(texts: impl IntoIterator<Item = Text>, separator: &str) -> Text {
        let mut out = Text::new();
        for (i, text) in texts.into_iter().enumerate() {
            if i > 0 {
                out.push_str(separator);
            }
            out.push_text(&text);
        }
        out
    }

    /// The plain words.
    pub fn as_str(&self) -> &str {
        &self.plain
    }

    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The text with `calls` in front, each as `@name` and a space.
    pub fn calling(self, calls: impl IntoIterator<Item = (Callee, String)>) -> Text {
        let mut out = Text::new();
        for (callee, name) in calls {
            out.push_span(&format!("@{name}"), Span::Call(callee)).push_str(" ");
        }
        out.push_text(&self);
        out
    }

    /// Whom the text calls, in order.
    pub fn calls(&self) -> Vec<Callee> {
        self.marks
            .iter()
            .filter_map(|m| match m.span {
                Span::Call(callee) => Some(callee),
                _ => None,
            })
            .collect()
    }

    /// The text without the calls `keep` refuses (each with the space after it).
    pub fn keep_calls(&self, mut keep: impl FnMut(Callee) -> bool) -> Text {
        let mut out = Text::new();
        let mut at = 0;
        for mark in &self.marks {
            out.push_str(&self.plain[at..mark.range.start]);
            at = mark.range.end;
            match mark.span {
                Span::Call(callee) if !keep(callee) => {
                    if self.plain[at..].starts_with(' ') {
                        at += 1;
                    }
                }
                span => {
                    out.push_span(&self.plain[mark.range.clone()], span);
                }
            }
        }
        out.push_str(&self.plain[at..]);
        out
    }

    /// The text without its calls (for a front end that cannot notify, or a message that must not).
    pub fn without_calls(&self) -> Text {
        self.keep_calls(|_| false)
    }

    /// The text cut to at most `chars` characters of plain words, ending in `…` when cut; a span cut in the
    /// middle keeps what remains of it.
    pub fn truncated(&self, chars: usize) -> Text {
        if self.plain.chars().count() <= chars {
            return self.clone();
        }
        let end = self.plain.char_indices().nth(chars.saturating_sub(1)).map_or(self.plain.len(), |(i, _)| i);
        let mut out = Text { plain: self.plain[..end].to_string(), marks: Vec::new() };
        out.marks = self
            .marks
            .iter()
            .filter(|m| m.range.start < end)
            .map(|m| Mark { range: m.range.start..m.range.end.min(end), span: m.span })
            .collect();
        out.plain.push('…');
        out
    }

    /// The text rendered piece by piece: `plain` for words outside spans, `span` for each span's words.
    pub fn render(
        &self,
        mut plain: impl FnMut(&str, &mut String),
        mut span: impl FnMut(&str, Span, &mut String),
    ) -> String {
        let mut out = String::with_capacity(self.plain.len());
        let mut at = 0;
        for mark in &self.marks {
            plain(&self.plain[at..mark.range.start], &mut out);
            span(&self.plain[mark.range.clone()], mark.span, &mut out);
            at = mark.range.end;
        }
        plain(&self.plain[at..], &mut out);
        out
    }

    /// The lines of the text, each with its spans.
    pub fn split_lines(&self) -> Vec<Text> {
        let mut out = Vec::new();
        let mut start = 0;
        for line in self.plain.split('\n') {
            let end = start + line.len();
            let marks = self
                .marks
                .iter()
                .filter(|m| m.range.start >= start && m.range.end <= end)
                .map(|m| Mark { range: m.range.start - start..m.range.end - start, span: m.span })
                .collect();
            out.push(Text { plain: line.to_string(), marks });
            start = end + 1;
        }
        out
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Stored {
    Plain(String),
    Spans { plain: String, marks: Vec<Mark> },
}

impl From<Stored> for Text {
    fn from(stored: Stored) -> Text {
        match stored {
            Stored::Plain(plain) => Text::plain(plain),
            Stored::Spans { plain, marks } => {
                // Marks that do not fit the words (a damaged record) are dropped rather than trusted.
                let mut at = 0;
                let marks = marks
                    .into_iter()
                    .filter(|m| {
                        let fits =
                            m.range.start >= at && m.range.start < m.range.end && plain.get(m.range.clone()).is_some();
                        if fits {
                            at = m.range.end;
                        }
                        fits
                    })
                    .collect();
                Text { plain, marks }
            }
        }
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.plain
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.plain)
    }
}

impl From<String> for Text {
    fn from(words: String) -> Text {
        Text::plain(words)
    }
}

impl From<&str> for Text {
    fn from(words: &str) -> Text {
        Text::plain(words)
    }
}

impl PartialEq<String> for Text {
    fn eq(&self, other: &String) -> bool {
        &self.plain == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.plain == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_keep_their_places_through_joins_cuts_and_lines() {
        let mut first = Text::plain("to move: ");
        first.push_span("**ana**", Span::Name);
        let mut second = Text::plain("in ");
        second.push_span("#5", Span::Channel(5));
        let joined = Text::join([first, second], "\n");
        assert_eq!(joined.as_str(), "to move: **ana**\nin #5");
        let shown = joined.render(
            |w, out| out.push_str(w),
            |w, span, out| match span {
                Span::Name => out.push_str(&format!("[{w}]")),
                Span::Channel(id) => out.push_str(&format!("<#{id}>")),
                _ => out.push_str(w),
            },
        );
        assert_eq!(shown, "to move: [**ana**]\nin <#5>");
        let lines = joined.split_lines();
        assert_eq!(lines[1].marks(), [Mark { range: 3..5, span: Span::Channel(5) }]);
        let stored: Text = serde_json::from_str(&serde_json::to_string(&joined).unwrap()).unwrap();
        assert_eq!(stored, joined);
        let old: Text = serde_json::from_str("\"plain words\"").unwrap();
        assert_eq!(old, Text::plain("plain words"));
        let called = joined.clone().calling([(Callee::User(7), "bo".into()), (Callee::Role(9), "red".into())]);
        assert_eq!(called.as_str(), "@bo @red to move: **ana**\nin #5");
        assert_eq!(called.calls(), [Callee::User(7), Callee::Role(9)]);
        assert_eq!(called.keep_calls(|c| c == Callee::Role(9)).as_str(), "@red to move: **ana**\nin #5");
        assert_eq!(called.without_calls(), joined);
        let cut = joined.truncated(12);
        assert_eq!(cut.as_str(), "to move: **…");
        assert_eq!(cut.marks(), [Mark { range: 9..11, span: Span::Name }]);
    }
}
