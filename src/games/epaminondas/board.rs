//! Squares, directions and bitboards of the 14 x 12 board (rules 2.1), and of the smaller boards inside it: a
//! smaller board is its lower left corner, the squares outside it walls ([`area`]).
//!
//! Squares are numbered on a padded grid 15 wide: index = 15 * rank + file, with file 14 a guard column that is
//! never on the board. A one-square step in any direction is then a shift by 1, 14, 15 or 16 bits, and a piece
//! stepping off the east or west edge lands in a guard column, which the mask of valid squares removes.
//! 180 bits fit in three 64-bit words.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

pub const FILES: u8 = 14;
pub const RANKS: u8 = 12;
const WIDTH: i32 = 15;

/// A square of the board, by file (0 = a) and rank (0 = rank 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < FILES && rank < RANKS).then_some(Square { file, rank })
    }

    /// The padded-grid index.
    pub fn index(self) -> u8 {
        self.rank * WIDTH as u8 + self.file
    }

    pub fn from_index(index: u8) -> Square {
        Square { file: index % WIDTH as u8, rank: index / WIDTH as u8 }
    }

    /// The square `steps` steps away in `dir`, if it is on the board.
    pub fn step(self, dir: Direction, steps: i32) -> Option<Square> {
        let (dx, dy) = dir.delta();
        let (file, rank) = (i32::from(self.file) + dx * steps, i32::from(self.rank) + dy * steps);
        if (0..i32::from(FILES)).contains(&file) && (0..i32::from(RANKS)).contains(&rank) {
            Some(Square { file: file as u8, rank: rank as u8 })
        } else {
            None
        }
    }

    /// The square seen in the mirror across the middle of a board of `ranks` ranks (rank r <-> ranks + 1 - r).
    pub fn mirrored(self, ranks: u8) -> Square {
        Square { file: self.file, rank: ranks - 1 - self.rank }
    }

    /// The square after a half turn of a board of `files` by `ranks`.
    pub fn rotated(self, files: u8, ranks: u8) -> Square {
        Square { file: files - 1 - self.file, rank: ranks - 1 - self.rank }
    }

    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: u8 = chars.as_str().parse().ok()?;
        if chars.as_str().starts_with('0') || chars.as_str().starts_with('+') {
            return None;
        }
        Square::new(file as u8 - b'a', rank.checked_sub(1)?)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..RANKS).flat_map(|rank| (0..FILES).map(move |file| Square { file, rank }))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// The eight directions of travel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The step on the padded grid.
    pub fn offset(self) -> i32 {
        let (dx, dy) = self.delta();
        dy * WIDTH + dx
    }

    /// The direction from one square to another on the same line, and the number of steps between them.
    pub fn between(from: Square, to: Square) -> Option<(Direction, i32)> {
        let dx = i32::from(to.file) - i32::from(from.file);
        let dy = i32::from(to.rank) - i32::from(from.rank);
        if (dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return None;
        }
        let dir = Direction::ALL.into_iter().find(|d| d.delta() == (dx.signum(), dy.signum()))?;
        Some((dir, dx.abs().max(dy.abs())))
    }
}

/// A set of squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bits(pub [u64; 3]);

/// Every square of the board (the guard column excluded).
pub const VALID: Bits = area(FILES, RANKS);

/// The squares of a board of `files` by `ranks` in the lower left corner of the full one.
pub const fn area(files: u8, ranks: u8) -> Bits {
    let mut words = [0u64; 3];
    let mut rank = 0;
    while rank < ranks as i32 {
        let mut file = 0;
        while file < files as i32 {
            let i = (rank * WIDTH + file) as usize;
            words[i / 64] |= 1 << (i % 64);
            file += 1;
        }
        rank += 1;
    }
    Bits(words)
}

/// The squares of one rank.
pub const fn rank_mask(rank: u8) -> Bits {
    rank_mask_within(rank, FILES)
}

/// The squares of one rank of a board of `files` files.
pub const fn rank_mask_within(rank: u8, files: u8) -> Bits {
    let mut words = [0u64; 3];
    let mut file = 0;
    while file < files as i32 {
        let i = (rank as i32 * WIDTH + file) as usize;
        words[i / 64] |= 1 << (i % 64);
        file += 1;
    }
    Bits(words)
}

impl Bits {
    pub const EMPTY: Bits = Bits([0; 3]);

    pub fn has(self, index: u8) -> bool {
        self.0[usize::from(index) / 64] >> (index % 64) & 1 != 0
    }

    pub fn set(&mut self, index: u8) {
        self.0[usize::from(index) / 64] |= 1 << (index % 64);
    }

    pub fn clear(&mut self, index: u8) {
        self.0[usize::from(index) / 64] &= !(1 << (index % 64));
    }

    pub fn is_empty(self) -> bool {
        self.0 == [0; 3]
    }

    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Moves every square one step by `offset` (|offset| < 64), dropping what leaves the board.
    #[inline]
    pub fn shift(self, offset: i32) -> Bits {
        let [a, b, c] = self.0;
        let moved = if offset > 0 {
            let n = offset as u32;
            [a << n, b << n | a >> (64 - n), c << n | b >> (64 - n)]
        } else {
            let n = (-offset) as u32;
            [a >> n | b << (64 - n), b >> n | c << (64 - n), c >> n]
        };
        Bits(moved) & VALID
    }

    /// The squares, lowest index first.
    pub fn indices(self) -> impl Iterator<Item = u8> {
        self.0.into_iter().enumerate().flat_map(|(w, mut word)| {
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros();
                    word &= word - 1;
                    (w as u32 * 64 + bit) as u8
                })
            })
        })
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    fn bitand(self, o: Bits) -> Bits {
        Bits([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitOr for Bits {
    type Output = Bits;
    fn bitor(self, o: Bits) -> Bits {
        Bits([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl Not for Bits {
    type Output = Bits;
    /// The complement within the board.
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2]]) & VALID
    }
}

impl BitAndAssign for Bits {
    fn bitand_assign(&mut self, o: Bits) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bits {
    fn bitor_assign(&mut self, o: Bits) {
        *self = *self | o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_168_squares() {
        assert_eq!(VALID.count(), 168);
        assert_eq!(Square::all().count(), 168);
    }

    #[test]
    fn shifting_by_a_direction_is_stepping() {
        for sq in Square::all() {
            for dir in Direction::ALL {
                let mut one = Bits::EMPTY;
                one.set(sq.index());
                let moved: Vec<u8> = one.shift(dir.offset()).indices().collect();
                let expected: Vec<u8> = sq.step(dir, 1).map(Square::index).into_iter().collect();
                assert_eq!(moved, expected, "{sq} {dir:?}");
            }
        }
    }

    #[test]
    fn squares_parse_and_print() {
        assert_eq!(Square::parse("a1"), Some(Square { file: 0, rank: 0 }));
        assert_eq!(Square::parse("n12"), Some(Square { file: 13, rank: 11 }));
        assert_eq!(Square::parse("D4").map(|s| s.to_string()), Some("d4".to_string()));
        for bad in ["", "a", "a0", "a13", "o1", "11", "a01", "a+1", "aa"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
        assert_eq!(
            Direction::between(Square::parse("b2").unwrap(), Square::parse("e5").unwrap()),
            Some((Direction::NE, 3))
        );
        assert_eq!(Direction::between(Square::parse("b2").unwrap(), Square::parse("c4").unwrap()), None);
    }
}
