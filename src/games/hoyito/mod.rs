//! Hoyito II, the Dominican mancala with relay sowing (`rules/hoyito-ii.md`).
//!
//! Board indexing follows rules 3.1: holes `0..2n`, South owns `0..n`, North `n..2n`, sowing goes `i -> i+1`.
//! South moves first. A move is one hole of the mover's row; relays, captures and chains are its consequences.
//! After a capture the mover moves again; a player with no seed in his row, or whose every move would sow for
//! ever, passes automatically; the game ends when the board is empty, when neither side can move, or after
//! `max_moves_without_capture` moves without a capture.

mod hole;
mod options;
mod playout;
mod sowing;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use crate::games::{Explain, Game, Outcome, PlayError, Side};
use crate::i18n::Message;

pub use hole::Hole;
pub use options::Options;
pub use sowing::{Board, MAX_HOLES};

/// What the last move did, for pictures and replies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastMove {
    pub side: Side,
    pub hole: Hole,
    /// Board index of the hole the move started from.
    pub origin: u8,
    /// Board index where the last seed fell.
    pub last: u8,
    pub laps: u32,
    /// Seeds taken, the last four of rules 3.7 included.
    pub captured: u32,
    /// Bit mask of the board indexes emptied by the capture chain.
    pub captured_holes: u32,
    /// True when this move took the last four seeds of the board (rules 3.7).
    pub took_last_four: bool,
}

/// Why a game ended by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Every seed has been captured.
    BoardEmpty,
    /// Neither player has a move that ends (rules 3.8 point 3).
    NoMoves,
    /// `max_moves_without_capture` reached (rules 3.8 point 4).
    NoCaptureLimit,
}

/// A Hoyito II position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hoyito {
    options: Options,
    board: Board,
    captured: [u32; 2],
    /// Seeds on the board (kept, so the end test need not read the board back).
    on_board: u32,
    to_move: Side,
    end: Option<End>,
    moves_without_capture: u32,
    last: Option<LastMove>,
}

/// Why a hole cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    NoSuchHole { hole: u8, holes: u8 },
    EmptyHole { hole: u8 },
    NeverEnding { hole: u8 },
}

impl Explain for IllegalMove {
    fn message(&self) -> Message {
        match *self {
            IllegalMove::GameOver => Message::new("game-over"),
            IllegalMove::NoSuchHole { hole, holes } => {
                Message::new("hoyito-no-such-hole").num("hole", hole).num("holes", holes)
            }
            IllegalMove::EmptyHole { hole } => Message::new("hoyito-empty-hole").num("hole", hole),
            IllegalMove::NeverEnding { hole } => Message::new("hoyito-never-ending").num("hole", hole),
        }
    }
}

impl Hoyito {
    /// A position from its parts, for tests and worked examples: `holes` are the 2n counts of rules 3.1.
    pub fn from_parts(options: Options, holes: &[u8], captured: [u32; 2], to_move: Side) -> Hoyito {
        assert_eq!(holes.len(), 2 * usize::from(options.holes), "board size must match the options");
        let board = Board::from_holes(holes);
        let on_board = holes.iter().map(|&s| u32::from(s)).sum();
        Hoyito { options, board, captured, on_board, to_move, end: None, moves_without_capture: 0, last: None }
    }

    /// Holes per row.
    pub fn n(&self) -> u8 {
        self.options.holes
    }

    fn size(&self) -> usize {
        2 * usize::from(self.options.holes)
    }

    /// The 2n hole counts in the indexing of rules 3.1.
    pub fn holes(&self) -> Vec<u8> {
        self.board.holes(self.size())
    }

    pub fn captured(&self, side: Side) -> u32 {
        self.captured[side.index()]
    }

    pub fn last_move(&self) -> Option<&LastMove> {
        self.last.as_ref()
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    pub fn moves_without_capture(&self) -> u32 {
        self.moves_without_capture
    }

    fn row(&self, side: Side) -> std::ops::Range<usize> {
        let n = usize::from(self.options.holes);
        match side {
            Side::First => 0..n,
            Side::Second => n..2 * n,
        }
    }

    /// The holes of `side` that hold seeds, bit k-1 for hole k.
    fn sowable_of(&self, side: Side) -> u32 {
        let n = u32::from(self.options.holes);
        (self.board.nonempty() >> (side.index() as u32 * n)) & ((1 << n) - 1)
    }

    /// Simulates `hole` of `side` without changing anything; `None` when its sowing never ends.
    fn try_sow(&self, index: usize) -> Option<(Board, sowing::Sowing)> {
        let mut board = self.board;
        sowing::sow(&mut board, self.size(), index, self.options.skip_origin).map(|s| (board, s))
    }

    /// Whether `side` has at least one hole whose sowing ends.
    fn can_move(&self, side: Side) -> bool {
        let (size, skip) = (self.size(), self.options.skip_origin);
        // Nearly always some hole ends after one lap, which needs no sowing to see.
        self.row(side).any(|i| sowing::ends_in_one_lap(&self.board, size, i, skip))
            || self.row(side).any(|i| self.board.get(i) > 0 && self.try_sow(i).is_some())
    }

    fn check(&self, hole: Hole) -> Result<(Board, sowing::Sowing), IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let n = self.options.holes;
        if hole.0 == 0 || hole.0 > n {
            return Err(IllegalMove::NoSuchHole { hole: hole.0, holes: n });
        }
        let index = hole.index(self.to_move, n);
        if self.board.get(index) == 0 {
            return Err(IllegalMove::EmptyHole { hole: hole.0 });
        }
        self.try_sow(index).ok_or(IllegalMove::NeverEnding { hole: hole.0 })
    }

    /// The holes of the side to move that hold seeds, as a bit mask (bit k-1 for hole k): the candidates of a
    /// move, before the never-ending sowings are weeded out. Cheap, for playouts.
    pub fn sowable(&self) -> u32 {
        self.sowable_of(self.to_move)
    }

    /// Whether a hole is a legal move, with the reason when it is not.
    pub fn is_legal(&self, hole: Hole) -> Result<(), IllegalMove> {
        self.check(hole).map(|_| ())
    }

    /// Completes a move whose sowing gave `board` and decides who moves next, exactly: a side whose row is empty
    /// or whose every sowing would never end passes (rules 3.5, 3.6, 3.8).
    fn apply(&mut self, hole: Hole, mut board: Board, sown: sowing::Sowing) {
        let Some(preferred) = self.settle(hole, &mut board, sown) else { return };
        if self.can_move(preferred) {
            self.to_move = preferred;
        } else if self.can_move(preferred.other()) {
            self.to_move = preferred.other();
        } else {
            self.end = Some(End::NoMoves);
        }
    }

    /// Captures (rules 3.4, 3.7), counts, and ends the game when the rules say so. Returns the side that should
    /// move next if it can (the mover again after a capture), or `None` when the game is over.
    /// `board` (the sowing's result) is updated too, so a caller may go on from it without reading `self` back.
    #[inline]
    fn settle(&mut self, hole: Hole, board: &mut Board, sown: sowing::Sowing) -> Option<Side> {
        let size = self.size();
        let mover = self.to_move;
        let mut last = LastMove {
            side: mover,
            hole,
            origin: hole.index(mover, self.options.holes) as u8,
            last: sown.last as u8,
            laps: sown.laps,
            captured: 0,
            captured_holes: 0,
            took_last_four: false,
        };
        // The capture works on the local board, before it is stored into `self`.
        let preferred = if sown.captures {
            let (taken, mask) = sowing::capture(board, size, sown.last);
            last.captured = taken;
            last.captured_holes = mask;
            self.on_board -= taken;
            if self.on_board == 4 {
                last.captured += 4;
                last.took_last_four = true;
                *board = Board::default();
                self.on_board = 0;
            }
            self.captured[mover.index()] += last.captured;
            self.moves_without_capture = 0;
            mover
        } else {
            self.moves_without_capture += 1;
            mover.other()
        };
        self.board = *board;
        self.last = Some(last);
        if self.on_board == 0 {
            self.end = Some(End::BoardEmpty);
        } else if self.moves_without_capture >= self.options.max_moves_without_capture {
            self.end = Some(End::NoCaptureLimit);
        }
        self.end.is_none().then_some(preferred)
    }
}

impl Game for Hoyito {
    type Move = Hole;
    type Options = Options;
    type IllegalMove = IllegalMove;

    fn new(options: &Options) -> Self {
        let holes = vec![4; 2 * usize::from(options.holes)];
        Hoyito::from_parts(*options, &holes, [0, 0], Side::First)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_move(&self) -> Option<Side> {
        if self.end.is_some() { None } else { Some(self.to_move) }
    }

    fn legal_moves(&self) -> Vec<Hole> {
        if self.end.is_some() {
            return Vec::new();
        }
        (1..=self.options.holes).map(Hole).filter(|&h| self.is_legal(h).is_ok()).collect()
    }

    fn play(mut self, m: &Hole) -> Result<Self, PlayError<Self>> {
        match self.check(*m) {
            Ok((board, sown)) => {
                self.apply(*m, board, sown);
                Ok(self)
            }
            Err(reason) => Err(PlayError { reason, position: self }),
        }
    }

    fn outcome(&self) -> Outcome {
        if self.end.is_none() {
            return Outcome::Ongoing;
        }
        Outcome::by_score(self.captured[0], self.captured[1])
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "south",
            Side::Second => "north",
        }
    }

    fn diagram(&self, say: &dyn Fn(Message) -> String) -> String {
        let n = usize::from(self.options.holes);
        let numbers = |order: &mut dyn Iterator<Item = usize>| order.map(|k| format!(" {k:>2} ")).collect::<String>();
        let holes = |order: &mut dyn Iterator<Item = usize>| {
            order.map(|i| format!("[{:>2}]", self.board.get(i))).collect::<String>()
        };
        let mut out = String::new();
        let caption = |side: Side| {
            format!("{}: {}", say(Message::new("side").str("side", Self::side_name(side))), say(self.score(side)))
        };
        let _ = writeln!(out, "{}", caption(Side::Second));
        let _ = writeln!(out, "{}", numbers(&mut (1..=n).rev()));
        let _ = writeln!(out, "{}", holes(&mut (n..2 * n).rev()));
        let _ = writeln!(out, "{}", holes(&mut (0..n)));
        let _ = writeln!(out, "{}", numbers(&mut (1..=n)));
        let _ = write!(out, "{}", caption(Side::First));
        out
    }

    fn describe_last_move(&self) -> Vec<Message> {
        let Some(m) = self.last else { return Vec::new() };
        let side = Self::side_name(m.side);
        let mut out = vec![
            Message::new("hoyito-sowed")
                .str("side", side)
                .num("hole", m.hole.0)
                .num("relays", m.laps.saturating_sub(1)),
        ];
        if m.captured > 0 {
            let id = if m.took_last_four { "hoyito-captured-last-four" } else { "hoyito-captured" };
            out.push(Message::new(id).num("seeds", m.captured));
        }
        if let Some(next) = self.to_move() {
            let again = next == m.side;
            match (m.captured > 0, again) {
                (true, true) => out.push(Message::new("hoyito-extra-move").str("side", side)),
                (true, false) => out.push(Message::new("hoyito-passes").str("side", side)),
                (false, true) => out.push(Message::new("hoyito-passes").str("side", Self::side_name(next.other()))),
                (false, false) => {}
            }
        }
        out
    }

    fn describe_end(&self) -> Option<Message> {
        let id = match self.end? {
            End::BoardEmpty => "hoyito-end-board-empty",
            End::NoMoves => "hoyito-end-no-moves",
            End::NoCaptureLimit => "hoyito-end-limit",
        };
        Some(
            Message::new(id)
                .num("south", self.captured[0])
                .num("north", self.captured[1])
                .num("limit", self.options.max_moves_without_capture),
        )
    }

    fn score(&self, side: Side) -> Message {
        Message::new("hoyito-score").num("seeds", self.captured[side.index()])
    }

    fn describe_position(&self) -> Vec<Message> {
        let n = usize::from(self.options.holes);
        let holes = self.holes();
        Side::BOTH
            .iter()
            .map(|&side| {
                let row = &holes[side.index() * n..(side.index() + 1) * n];
                let seeds = row.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
                Message::new("describe-hoyito-row")
                    .str("side", Self::side_name(side))
                    .num("holes", n as i64)
                    .str("seeds", seeds)
                    .num("captured", i64::from(self.captured[side.index()]))
            })
            .collect()
    }

    fn describe_focus(&self, focus: &str) -> Result<Vec<Message>, Message> {
        let side = match focus.trim().to_lowercase().as_str() {
            "south" | "sur" | "s" => Side::First,
            "north" | "norte" | "n" => Side::Second,
            _ => return Err(Message::new("describe-hoyito-focus").str("text", focus)),
        };
        Ok(vec![self.describe_position().swap_remove(side.index())])
    }

    fn analysis(&self) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("board".into(), json!(self.holes()));
        map.insert("captured".into(), json!({"south": self.captured[0], "north": self.captured[1]}));
        map
    }
}
