//! The move of Hoyito II: a hole of the mover's own row, numbered 1..n from the mover's own left (rules, "For
//! the bot"). South's hole k is board index k-1, North's hole k is index n+k-1.

use std::fmt;
use std::str::FromStr;

use crate::games::Side;
use crate::i18n::Message;

/// A hole number as the mover sees it, 1..n.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole(pub u8);

impl Hole {
    /// The board index (rules 3.1) of this hole for `side` on a board of `n` holes per row.
    pub fn index(self, side: Side, n: u8) -> usize {
        let k = usize::from(self.0) - 1;
        match side {
            Side::First => k,
            Side::Second => usize::from(n) + k,
        }
    }

    /// The hole number of board index `i` as its owner sees it, with the owner.
    pub fn of_index(i: usize, n: u8) -> (Side, Hole) {
        let n = usize::from(n);
        if i < n { (Side::First, Hole(i as u8 + 1)) } else { (Side::Second, Hole((i - n) as u8 + 1)) }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Hole {
    type Err = Message;

    /// Any hole number parses; whether it exists on this board is a rule question for `play`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if !t.is_empty()
            && t.bytes().all(|b| b.is_ascii_digit())
            && let Ok(n) = t.parse::<u8>()
        {
            return Ok(Hole(n));
        }
        Err(Message::new("hoyito-not-a-hole").str("text", s))
    }
}
