//! The move notation of rules 2.10: `<tail>-<destination>` or `<tail>x<destination>` (a capture), for example
//! `c3-c6`, `d4xd8`. The direction follows from the two squares, the group from the tail and the direction.
//! Input is lenient about the separator; the canonical form (what `legal` and the record hold) uses `x` exactly
//! for captures.

use std::fmt;
use std::str::FromStr;

use super::board::Square;
use crate::i18n::Message;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub tail: Square,
    /// Where the head of the moving group ends.
    pub dest: Square,
    pub capture: bool,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.tail, if self.capture { 'x' } else { '-' }, self.dest)
    }
}

impl FromStr for Move {
    type Err = Message;

    fn from_str(s: &str) -> Result<Move, Message> {
        let text = s.trim();
        let bad = || Message::new("epaminondas-bad-notation").str("text", s.trim());
        // The tail is a letter and one or two digits; the separator follows.
        let split = text.char_indices().skip(1).find(|(_, c)| !c.is_ascii_digit()).map(|(i, _)| i).ok_or_else(bad)?;
        let (tail, rest) = text.split_at(split);
        let mut rest = rest.chars();
        let capture = match rest.next() {
            Some('-') => false,
            Some('x') | Some('X') | Some('*') | Some(':') => true,
            _ => return Err(bad()),
        };
        let square = |t: &str| Square::parse(t).ok_or_else(|| Message::new("epaminondas-bad-square").str("text", t));
        Ok(Move { tail: square(tail)?, dest: square(rest.as_str())?, capture })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_refuses_nonsense() {
        for text in ["c3-c6", "d4xd8", "a1-n12", "n12xa1"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        assert_eq!("D4XD8".parse::<Move>().unwrap().to_string(), "d4xd8");
        for bad in ["", "c3", "c3c6", "c3-", "-c6", "c3-c13", "z1-a1", "c3 c6", "c3--c6"] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?}");
        }
    }
}
