//! The notation of rules 4.13: `b2-b3` (step), `a1-a3-c3` (a jump chain: every landing square), `c8-c6/b7` (the
//! square chosen for a retreat tie, after the hop that causes it), `a5xd5` / `d8-c6` (stage 2), `a7-a5 @b5`
//! (a relief jump and where the relieved royal goes), and `pass`.

use std::fmt;
use std::str::FromStr;

use crate::i18n::Message;

/// A square of the 5 x 8 board: column a-e, row 1-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    pub fn new(col: i32, row: i32) -> Option<Square> {
        ((0..5).contains(&col) && (0..8).contains(&row)).then_some(Square { col: col as u8, row: row as u8 })
    }

    pub fn offset(self, dc: i32, dr: i32) -> Option<Square> {
        Square::new(i32::from(self.col) + dc, i32::from(self.row) + dr)
    }

    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let col = chars.next()?.to_ascii_lowercase();
        let row = chars.next()?;
        if chars.next().is_some() || !('a'..='e').contains(&col) || !('1'..='8').contains(&row) {
            return None;
        }
        Some(Square { col: col as u8 - b'a', row: row as u8 - b'1' })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

/// A move as written: the squares visited, a retreat tie choice after each hop (if any), whether it captures,
/// and a relief relocation. Which kind of move it is follows from the position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub squares: Vec<Square>,
    /// `ties[i]`: the square chosen for the retreat tie of the hop ending on `squares[i + 1]`.
    pub ties: Vec<Option<Square>>,
    pub capture: bool,
    pub relief: Option<Square>,
}

impl Move {
    pub fn pass() -> Move {
        Move { squares: Vec::new(), ties: Vec::new(), capture: false, relief: None }
    }

    pub fn is_pass(&self) -> bool {
        self.squares.is_empty()
    }

    /// The same move without tie choices or capture mark, to match what a user may leave out.
    pub fn bare(&self) -> Move {
        Move { squares: self.squares.clone(), ties: vec![None; self.ties.len()], capture: false, relief: self.relief }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("pass");
        }
        write!(f, "{}", self.squares[0])?;
        for (i, square) in self.squares[1..].iter().enumerate() {
            write!(f, "{}{square}", if self.capture { 'x' } else { '-' })?;
            if let Some(Some(tie)) = self.ties.get(i) {
                write!(f, "/{tie}")?;
            }
        }
        if let Some(relief) = self.relief {
            write!(f, " @{relief}")?;
        }
        Ok(())
    }
}

impl FromStr for Move {
    type Err = Message;

    fn from_str(s: &str) -> Result<Move, Message> {
        let text = s.trim();
        let bad = || Message::new("ocencahuac-bad-notation").str("text", text);
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::pass());
        }
        let mut tokens = text.split_whitespace();
        let path = tokens.next().ok_or_else(bad)?;
        let relief = match tokens.next() {
            Some(t) => Some(t.strip_prefix('@').and_then(Square::parse).ok_or_else(bad)?),
            None => None,
        };
        if tokens.next().is_some() {
            return Err(bad());
        }
        let capture = path.contains(['x', 'X']);
        let mut squares = Vec::new();
        let mut ties = Vec::new();
        for (i, part) in path.split(['-', 'x', 'X']).enumerate() {
            let (square, tie) = match part.split_once('/') {
                Some((sq, tie)) => (sq, Some(Square::parse(tie).ok_or_else(bad)?)),
                None => (part, None),
            };
            squares.push(Square::parse(square).ok_or_else(bad)?);
            if i > 0 {
                ties.push(tie);
            } else if tie.is_some() {
                return Err(bad());
            }
        }
        if squares.len() < 2 || (capture && squares.len() != 2) {
            return Err(bad());
        }
        Ok(Move { squares, ties, capture, relief })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["b2-b3", "a1-a3-c3-c5", "c8-c6/b7", "a5xd5", "d8-c6", "a7-a5 @b5", "pass"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        for bad in ["", "b2", "b2-", "b2-f3", "a5xd5xd6", "a7-a5 b5", "a7-a5 @z9", "b2/c3-b3", "b9-b8"] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?}");
        }
    }
}
