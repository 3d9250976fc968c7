//! The only place a redirect of the pages may send a browser: a path of this site, read the way a browser reads
//! a `Location` (tabs and newlines dropped, spaces and control characters at either end trimmed, backslashes
//! taken as slashes), so a value that a browser would turn into another site's address (`/\t/other-host`,
//! `/\other-host`, `//other-host`) is refused, not passed on.

use std::fmt;

/// A path of this site, from its root (with its query, if any), at most [`InternalPath::MAX`] bytes of printable
/// ASCII.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InternalPath(String);

impl InternalPath {
    /// The longest path kept (the longest address of the pages is well under it).
    pub const MAX: usize = 512;

    /// The site's root.
    pub fn root() -> InternalPath {
        InternalPath("/".into())
    }

    /// `text` as a browser would follow it, when that stays on this site; `None` otherwise.
    pub fn parse(text: &str) -> Option<InternalPath> {
        if text.len() > 4 * Self::MAX {
            return None;
        }
        let trimmed = text.trim_matches(|c: char| c <= ' ');
        let read: String = trimmed
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .map(|c| if c == '\\' { '/' } else { c })
            .collect();
        let printable = read.bytes().all(|b| b.is_ascii_graphic());
        let ours = read.starts_with('/') && !read.starts_with("//");
        (ours && printable && read.len() <= Self::MAX).then_some(InternalPath(read))
    }

    /// `text` if it is a path of this site, else the root.
    pub fn or_root(text: Option<&str>) -> InternalPath {
        text.and_then(InternalPath::parse).unwrap_or_else(InternalPath::root)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for InternalPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_of_the_site_is_kept_as_it_is() {
        for ours in ["/", "/s/abc/game/1", "/s/abc/game/1?ply=3&lang=es", "/learn", "/s/x/%09/y"] {
            assert_eq!(InternalPath::parse(ours).map(|p| p.to_string()), Some(ours.to_string()), "{ours}");
        }
    }

    #[test]
    fn what_a_browser_would_take_to_another_site_is_refused() {
        let elsewhere = [
            "https://evil.example/",
            "//evil.example/x",
            "/\\evil.example",
            "\\\\evil.example",
            "/\t/evil.example/path",
            "/\n/evil.example",
            "/\r\n/evil.example",
            " //evil.example",
            "\u{1}//evil.example",
            "game/1",
            "javascript:alert(1)",
            "",
        ];
        for text in elsewhere {
            assert_eq!(InternalPath::parse(text), None, "{text:?}");
        }
        assert_eq!(InternalPath::or_root(Some("/\t/evil.example")), InternalPath::root());
    }

    #[test]
    fn a_path_is_bounded_and_printable() {
        assert!(InternalPath::parse(&format!("/{}", "a".repeat(InternalPath::MAX - 1))).is_some());
        assert_eq!(InternalPath::parse(&format!("/{}", "a".repeat(InternalPath::MAX))), None);
        assert_eq!(InternalPath::parse(&format!("/{}", "a".repeat(15_000))), None);
        assert_eq!(InternalPath::parse("/a b"), None);
        assert_eq!(InternalPath::parse("/é"), None);
    }
}
