//! Pieces and the board of Ocencahuac (rules 4.1-4.3): 5 columns x 8 rows, Sangangüey (dark, the first side)
//! moving up, Ceboruco (light) moving down.

use super::notation::Square;
use crate::games::Side;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Emperor,
    Princess,
    Prince,
    Warrior,
}

impl Kind {
    pub fn is_royal(self) -> bool {
        self != Kind::Warrior
    }

    pub fn name(self) -> &'static str {
        match self {
            Kind::Emperor => "emperor",
            Kind::Princess => "princess",
            Kind::Prince => "prince",
            Kind::Warrior => "warrior",
        }
    }

    pub fn letter(self) -> char {
        match self {
            Kind::Emperor => 'E',
            Kind::Princess => 'M',
            Kind::Prince => 'P',
            Kind::Warrior => 'W',
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
    pub crowned: bool,
    /// Displaced by a retreat on the opponent's last move: its jumps push nothing back this turn.
    pub stunned: bool,
    /// Tells pieces apart within a move (a piece may be hopped over once per move, wherever it is pushed).
    pub id: u8,
}

/// The length of a position's key: 40 squares, two activation flags, the side to move.
pub const KEY_LEN: usize = 43;

/// Everything a move changes: the pieces and the activation flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub cells: [[Option<Piece>; 5]; 8],
    pub activated: [bool; 2],
}

pub fn forward(side: Side) -> i32 {
    if side == Side::First { 1 } else { -1 }
}

pub fn far_row(side: Side) -> u8 {
    if side == Side::First { 7 } else { 0 }
}

pub fn penultimate_row(side: Side) -> u8 {
    if side == Side::First { 6 } else { 1 }
}

pub const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

impl Board {
    pub fn at(&self, s: Square) -> Option<Piece> {
        self.cells[usize::from(s.row)][usize::from(s.col)]
    }

    pub fn put(&mut self, s: Square, piece: Option<Piece>) {
        self.cells[usize::from(s.row)][usize::from(s.col)] = piece;
    }

    pub fn is_empty(&self, s: Square) -> bool {
        self.at(s).is_none()
    }

    /// Whether a piece is an activated royal (stage 2).
    pub fn is_activated(&self, piece: Piece) -> bool {
        piece.kind.is_royal() && self.activated[piece.side.index()]
    }

    pub fn squares() -> impl Iterator<Item = Square> {
        (0..8u8).flat_map(|row| (0..5u8).map(move |col| Square { col, row }))
    }

    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Board::squares().filter_map(|s| self.at(s).map(|p| (s, p)))
    }

    pub fn warriors(&self, side: Side) -> usize {
        self.pieces().filter(|(_, p)| p.side == side && p.kind == Kind::Warrior).count()
    }

    pub fn crowns(&self, side: Side) -> usize {
        self.pieces().filter(|(_, p)| p.side == side && p.crowned).count()
    }

    /// The start position (rules 4.3).
    pub fn start(mirror_setup: bool) -> Board {
        let mut board = Board { cells: [[None; 5]; 8], activated: [false, false] };
        let mut id = 0;
        let mut place = |board: &mut Board, col: u8, row: u8, side: Side, kind: Kind| {
            board.put(Square { col, row }, Some(Piece { side, kind, crowned: false, stunned: false, id }));
            id += 1;
        };
        let royals = [Kind::Emperor, Kind::Princess, Kind::Prince];
        for (i, kind) in royals.into_iter().enumerate() {
            place(&mut board, i as u8, 0, Side::First, kind);
            place(&mut board, i as u8, 1, Side::First, Kind::Warrior);
            // Each player sets up at their own left: light's left is column e (a half turn), unless mirrored.
            let col = if mirror_setup { i as u8 } else { 4 - i as u8 };
            place(&mut board, col, 7, Side::Second, kind);
            place(&mut board, col, 6, Side::Second, Kind::Warrior);
        }
        board
    }

    /// A compact key of the position with the side to move, for the repetition rule.
    pub fn key(&self, to_move: Side) -> Vec<u8> {
        self.key_bytes(to_move).to_vec()
    }

    /// The position as bytes: every square, the activation flags and the side to move (piece ids left out).
    pub fn key_bytes(&self, to_move: Side) -> [u8; KEY_LEN] {
        let mut key = [0u8; KEY_LEN];
        for (k, s) in key.iter_mut().zip(Board::squares()) {
            *k = match self.at(s) {
                None => 0,
                Some(p) => {
                    1 + p.side.index() as u8 * 64 + (p.kind as u8) * 8 + u8::from(p.crowned) * 2 + u8::from(p.stunned)
                }
            };
        }
        key[40] = u8::from(self.activated[0]);
        key[41] = u8::from(self.activated[1]);
        key[42] = to_move.index() as u8;
        key
    }
}
