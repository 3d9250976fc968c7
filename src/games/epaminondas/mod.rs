//! Epaminondas, Robert Abbott's game of phalanxes on a 14 x 12 board (`rules/epaminondas.md`), or the 8 x 8 one
//! of quick games (option `board`).
//!
//! White (ranks 1-2) moves first toward rank 12. A move picks a tail piece and a direction; the group is the tail
//! and every friendly piece contiguously ahead of it; it moves 1 to k squares, never through a piece, and its
//! head may capture the enemy run it lands on when that run (counted along the direction of travel) is shorter
//! than the group. At the start of a turn, a player with more pieces on the far row than the opponent has on his
//! own home row wins; a player with no legal move loses; while under that threat, a move that leaves a symmetric
//! position is illegal (option `symmetry`).

mod board;
mod movegen;
mod notation;
mod options;
mod perft;
mod playout;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use crate::games::{Explain, Game, Outcome, PlayError, Side};
use crate::i18n::Message;

pub use board::{Bits, Direction, FILES, RANKS, Square};
pub use movegen::Step;
pub use notation::Move;
pub use options::{BoardSize, Options, Symmetry};

const FULL: Bits = board::VALID;
const SMALL: Bits = board::area(8, 8);
/// White's and Black's home rows on each board (White's is rank 1, Black's the last).
const FULL_HOME: [Bits; 2] = [board::rank_mask(0), board::rank_mask(RANKS - 1)];
const SMALL_HOME: [Bits; 2] = [board::rank_mask_within(0, 8), board::rank_mask_within(7, 8)];

/// What the last move did, for pictures and replies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastMove {
    pub side: Side,
    pub played: Move,
    pub group: u8,
    /// The squares the group left, those it now stands on, and those of the pieces it captured.
    from: Bits,
    to: Bits,
    captured: Bits,
}

fn squares_of(bits: Bits) -> Vec<Square> {
    let mut squares: Vec<Square> = bits.indices().map(Square::from_index).collect();
    squares.sort();
    squares
}

impl LastMove {
    pub fn from(&self) -> Vec<Square> {
        squares_of(self.from)
    }

    pub fn to(&self) -> Vec<Square> {
        squares_of(self.to)
    }

    pub fn captured(&self) -> Vec<Square> {
        squares_of(self.captured)
    }

    pub fn captured_count(&self) -> u32 {
        self.captured.count()
    }

    /// How the move touched a square, for pictures.
    pub fn touched(&self, square: Square) -> Option<Touch> {
        let i = square.index();
        if self.captured.has(i) {
            Some(Touch::Captured)
        } else if self.to.has(i) {
            Some(Touch::Arrived)
        } else if self.from.has(i) {
            Some(Touch::Left)
        } else {
            None
        }
    }
}

/// What the last move did on a square (a capture square is also where the head arrived).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    Left,
    Arrived,
    Captured,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// At the start of `winner`'s turn it had more pieces on the far row (`ahead`) than the opponent on its home
    /// row (`behind`) (rules 2.7).
    Crossing { winner: Side, ahead: u32, behind: u32 },
    /// `loser` had no legal move at the start of its turn (rules 2.9).
    NoMoves { loser: Side },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Epaminondas {
    options: Options,
    /// White's and Black's pieces.
    pieces: [Bits; 2],
    to_move: Side,
    end: Option<End>,
    last: Option<LastMove>,
}

/// Why a move is illegal, with what the player needs to see why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    NotYourPiece { square: Square, empty: bool },
    NotInLine { tail: Square, dest: Square },
    InsideGroup { dest: Square, head: Square },
    TooFar { group: u8, distance: u8 },
    Blocked { square: Square, own: bool },
    OffBoard { square: Square },
    CaptureTooSmall { group: u8, run: u8 },
    Symmetric,
}

impl Explain for IllegalMove {
    fn message(&self) -> Message {
        match *self {
            IllegalMove::GameOver => Message::new("game-over"),
            IllegalMove::NotYourPiece { square, empty } => {
                let id = if empty { "epaminondas-empty-square" } else { "epaminondas-not-yours" };
                Message::new(id).str("square", square.to_string())
            }
            IllegalMove::NotInLine { tail, dest } => {
                Message::new("epaminondas-not-in-line").str("tail", tail.to_string()).str("dest", dest.to_string())
            }
            IllegalMove::InsideGroup { dest, head } => {
                Message::new("epaminondas-inside-group").str("dest", dest.to_string()).str("head", head.to_string())
            }
            IllegalMove::TooFar { group, distance } => {
                Message::new("epaminondas-too-far").num("group", group).num("distance", distance)
            }
            IllegalMove::Blocked { square, own } => {
                let id = if own { "epaminondas-blocked-own" } else { "epaminondas-blocked-enemy" };
                Message::new(id).str("square", square.to_string())
            }
            IllegalMove::CaptureTooSmall { group, run } => {
                Message::new("epaminondas-capture-too-small").num("group", group).num("run", run)
            }
            IllegalMove::Symmetric => Message::new("epaminondas-symmetric"),
            IllegalMove::OffBoard { square } => Message::new("epaminondas-off-board").str("square", square.to_string()),
        }
    }
}

impl Epaminondas {
    /// A position from lists of squares, for tests and worked examples. The start-of-turn tests run at once.
    pub fn from_pieces(options: Options, white: &[Square], black: &[Square], to_move: Side) -> Epaminondas {
        let bits = |squares: &[Square]| {
            let mut b = Bits::EMPTY;
            squares.iter().for_each(|s| b.set(s.index()));
            b
        };
        let mut p = Epaminondas { options, pieces: [bits(white), bits(black)], to_move, end: None, last: None };
        p.start_turn();
        p
    }

    pub fn pieces(&self, side: Side) -> Vec<Square> {
        let mut squares: Vec<Square> = self.pieces[side.index()].indices().map(Square::from_index).collect();
        squares.sort();
        squares
    }

    pub fn piece_at(&self, square: Square) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.pieces[s.index()].has(square.index()))
    }

    pub fn last_move(&self) -> Option<&LastMove> {
        self.last.as_ref()
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// The number of files of the board played on.
    pub fn files(&self) -> u8 {
        self.options.board.files()
    }

    /// The number of ranks of the board played on.
    pub fn ranks(&self) -> u8 {
        self.options.board.ranks()
    }

    /// Whether `square` is on the board played on.
    pub fn on_board(&self, square: Square) -> bool {
        self.area().has(square.index())
    }

    /// The squares of the board played on.
    fn area(&self) -> Bits {
        match self.options.board {
            BoardSize::Full => FULL,
            BoardSize::Small => SMALL,
        }
    }

    /// `side`'s home row.
    fn home(&self, side: Side) -> Bits {
        match self.options.board {
            BoardSize::Full => FULL_HOME[side.index()],
            BoardSize::Small => SMALL_HOME[side.index()],
        }
    }

    /// `side`'s pieces on the opponent's home row (its far row).
    pub fn on_far_row(&self, side: Side) -> u32 {
        (self.pieces[side.index()] & self.home(side.other())).count()
    }

    /// Whether `side`, were it to move now, could put one more piece on its far row (the symmetry rule aside):
    /// a crossing it threatens.
    pub fn threatens_to_cross(&self, side: Side) -> bool {
        let mut steps = Vec::new();
        movegen::steps(self.pieces[side.index()], self.pieces[side.other().index()], self.area(), &mut steps);
        let now = self.on_far_row(side);
        steps.into_iter().any(|step| {
            let mut after = self.clone();
            after.to_move = side;
            after.apply(step);
            after.on_far_row(side) > now
        })
    }

    /// The mover is under threat when the opponent leads the far-row count (rules 2.8).
    fn under_threat(&self) -> bool {
        self.on_far_row(self.to_move.other()) > self.on_far_row(self.to_move)
    }

    /// The start-of-turn tests of rules 2.9: the crossing win, then the loss without a legal move.
    fn start_turn(&mut self) {
        let (me, ahead, behind) = (self.to_move, self.on_far_row(self.to_move), self.on_far_row(self.to_move.other()));
        if ahead > behind {
            self.end = Some(End::Crossing { winner: me, ahead, behind });
        } else if !self.has_legal_move() {
            self.end = Some(End::NoMoves { loser: me });
        }
    }

    fn has_legal_move(&self) -> bool {
        let (own, opp) = (self.pieces[self.to_move.index()], self.pieces[self.to_move.other().index()]);
        if !self.under_threat() && movegen::has_a_step(own, opp, self.area()) {
            return true;
        }
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        !steps.is_empty()
    }

    /// Whether the symmetry rule can forbid a move now (the mover is under threat and the rule is on).
    fn symmetry_applies(&self) -> bool {
        self.options.symmetry != Symmetry::Off && self.under_threat()
    }

    /// Every legal move as the generator finds it, the symmetry rule applied.
    pub fn legal_steps(&self, out: &mut Vec<Step>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        let me = self.to_move.index();
        movegen::steps(self.pieces[me], self.pieces[1 - me], self.area(), out);
        if self.symmetry_applies() {
            out.retain(|&step| {
                let mut after = self.clone();
                after.apply(step);
                !after.is_symmetric()
            });
        }
    }

    /// Colour-swapped symmetry of the position, as the options define it (rules 2.8).
    fn is_symmetric(&self) -> bool {
        let (files, ranks) = (self.files(), self.ranks());
        let map = |bits: Bits, f: &dyn Fn(Square) -> Square| {
            let mut out = Bits::EMPTY;
            bits.indices().for_each(|i| out.set(f(Square::from_index(i)).index()));
            out
        };
        let [white, black] = self.pieces;
        let mirror = map(black, &|s| s.mirrored(ranks)) == white;
        match self.options.symmetry {
            Symmetry::Off => false,
            Symmetry::Mirror => mirror,
            Symmetry::MirrorOrRotation => mirror || map(black, &|s| s.rotated(files, ranks)) == white,
        }
    }

    /// Moves the group and removes the captured run; records the last move. No legality checks.
    fn apply(&mut self, step: Step) -> LastMove {
        let me = self.to_move.index();
        let o = step.dir.offset();
        let at = |i: i32| (i32::from(step.tail) + i * o) as u8;
        let group = i32::from(step.group);
        let dist = i32::from(step.dist);
        let mut captured = Bits::EMPTY;
        if step.capture {
            let mut i = group - 1 + dist;
            while (0..180).contains(&(i32::from(step.tail) + i * o)) && self.pieces[1 - me].has(at(i)) {
                self.pieces[1 - me].clear(at(i));
                captured.set(at(i));
                i += 1;
            }
        }
        let (mut from, mut to) = (Bits::EMPTY, Bits::EMPTY);
        for i in 0..group {
            from.set(at(i));
            to.set(at(i + dist));
        }
        self.pieces[me] = (self.pieces[me] & !from) | to;
        LastMove { side: self.to_move, played: Epaminondas::step_to_move(step), group: step.group, from, to, captured }
    }

    /// Plays a generated step: the move, then the opponent's start-of-turn tests.
    pub fn play_step(&mut self, step: Step) {
        let last = self.apply(step);
        self.last = Some(last);
        self.to_move = self.to_move.other();
        self.start_turn();
    }

    /// Turns a move as written into a step of this position, or says exactly why it is not one.
    pub fn resolve(&self, m: &Move) -> Result<Step, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let me = self.to_move.index();
        let (own, opp) = (self.pieces[me], self.pieces[1 - me]);
        if !own.has(m.tail.index()) {
            return Err(IllegalMove::NotYourPiece { square: m.tail, empty: !opp.has(m.tail.index()) });
        }
        if !self.on_board(m.dest) {
            return Err(IllegalMove::OffBoard { square: m.dest });
        }
        let (dir, span) =
            Direction::between(m.tail, m.dest).ok_or(IllegalMove::NotInLine { tail: m.tail, dest: m.dest })?;
        let mut group = 1;
        while m.tail.step(dir, group).is_some_and(|s| own.has(s.index())) {
            group += 1;
        }
        let head = m.tail.step(dir, group - 1).expect("the head is on the board");
        let dist = span - (group - 1);
        if dist <= 0 {
            return Err(IllegalMove::InsideGroup { dest: m.dest, head });
        }
        if dist > group {
            return Err(IllegalMove::TooFar { group: group as u8, distance: dist as u8 });
        }
        for s in 1..dist {
            let square = head.step(dir, s).expect("between two squares of the board");
            if own.has(square.index()) || opp.has(square.index()) {
                return Err(IllegalMove::Blocked { square, own: own.has(square.index()) });
            }
        }
        if own.has(m.dest.index()) {
            return Err(IllegalMove::Blocked { square: m.dest, own: true });
        }
        let capture = opp.has(m.dest.index());
        if capture {
            let mut run = 1;
            while m.dest.step(dir, run).is_some_and(|s| opp.has(s.index())) {
                run += 1;
            }
            if run >= group {
                return Err(IllegalMove::CaptureTooSmall { group: group as u8, run: run as u8 });
            }
        }
        let step = Step { tail: m.tail.index(), dir, dist: dist as u8, group: group as u8, capture };
        if self.options.symmetry != Symmetry::Off && self.under_threat() {
            let mut after = self.clone();
            after.apply(step);
            if after.is_symmetric() {
                return Err(IllegalMove::Symmetric);
            }
        }
        Ok(step)
    }

    pub fn step_to_move(step: Step) -> Move {
        Move { tail: Square::from_index(step.tail), dest: Square::from_index(step.dest()), capture: step.capture }
    }
}

impl Game for Epaminondas {
    type Move = Move;
    type Options = Options;
    type IllegalMove = IllegalMove;

    fn new(options: &Options) -> Self {
        let (files, last) = (options.board.files(), options.board.ranks() - 1);
        let ranks = |r: [u8; 2]| -> Vec<Square> {
            r.iter().flat_map(|&rank| (0..files).map(move |file| Square { file, rank })).collect()
        };
        Epaminondas::from_pieces(*options, &ranks([0, 1]), &ranks([last - 1, last]), Side::First)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_move(&self) -> Option<Side> {
        if self.end.is_some() { None } else { Some(self.to_move) }
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        let mut moves: Vec<Move> = steps.into_iter().map(Epaminondas::step_to_move).collect();
        moves.sort();
        moves
    }

    fn play(mut self, m: &Move) -> Result<Self, PlayError<Self>> {
        match self.resolve(m) {
            Ok(step) => {
                self.play_step(step);
                Ok(self)
            }
            Err(reason) => Err(PlayError { reason, position: self }),
        }
    }

    fn normalise(&self, m: &Move) -> Move {
        self.resolve(m).map(Epaminondas::step_to_move).unwrap_or(*m)
    }

    fn outcome(&self) -> Outcome {
        match self.end {
            None => Outcome::Ongoing,
            Some(End::Crossing { winner, .. }) => Outcome::Won(winner),
            Some(End::NoMoves { loser }) => Outcome::Won(loser.other()),
        }
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "white",
            Side::Second => "black",
        }
    }

    fn diagram(&self, say: &dyn Fn(Message) -> String) -> String {
        let mut out = String::new();
        let letters = say(Message::new("diagram-epaminondas-letters"));
        let mut letters = letters.split_whitespace().map(|l| format!(" {l}"));
        let white = letters.next().unwrap_or_else(|| " W".into());
        let black = letters.next().unwrap_or_else(|| " B".into());
        let files: String = (0..self.files()).map(|f| format!(" {}", (b'a' + f) as char)).collect();
        let _ = writeln!(out, "   {files}");
        for rank in (0..self.ranks()).rev() {
            let row: String = (0..self.files())
                .map(|file| match self.piece_at(Square { file, rank }) {
                    Some(Side::First) => white.as_str(),
                    Some(Side::Second) => black.as_str(),
                    None => " .",
                })
                .collect();
            let _ = writeln!(out, "{:>3}{row}", rank + 1);
        }
        let team = |side: Side| {
            let name = say(Message::new("side").str("side", Self::side_name(side)));
            format!("{name}: {}", say(self.score(side)))
        };
        let _ = write!(out, "{}; {}", team(Side::First), team(Side::Second));
        out
    }

    fn describe_last_move(&self) -> Vec<Message> {
        let Some(m) = &self.last else { return Vec::new() };
        let mut out = vec![
            Message::new("epaminondas-moved")
                .str("side", Self::side_name(m.side))
                .str("move", m.played.to_string())
                .num("group", m.group),
        ];
        if m.captured_count() > 0 {
            out.push(Message::new("epaminondas-captured").num("count", m.captured_count()));
        }
        if self.end.is_none() && self.under_threat() {
            out.push(
                Message::new("epaminondas-threat")
                    .str("side", Self::side_name(self.to_move))
                    .num("ahead", self.on_far_row(self.to_move.other()))
                    .num("behind", self.on_far_row(self.to_move)),
            );
        }
        out
    }

    fn describe_end(&self) -> Option<Message> {
        Some(match self.end? {
            End::Crossing { winner, ahead, behind } => Message::new("epaminondas-end-crossing")
                .str("side", Self::side_name(winner))
                .num("ahead", ahead)
                .num("behind", behind),
            End::NoMoves { loser } => Message::new("epaminondas-end-no-moves").str("side", Self::side_name(loser)),
        })
    }

    fn score(&self, side: Side) -> Message {
        Message::new("epaminondas-score")
            .num("pieces", self.pieces[side.index()].count())
            .num("far", self.on_far_row(side))
    }

    fn describe_position(&self) -> Vec<Message> {
        let mut said: Vec<Message> = Side::BOTH
            .iter()
            .map(|&side| {
                let pieces = self.pieces(side);
                // Rank by rank, from the side's own home row, files in runs ("1: a-n; 2: a-c, f").
                let mut ranks: Vec<u8> = pieces.iter().map(|s| s.rank).collect();
                ranks.dedup();
                ranks.sort_unstable();
                ranks.dedup();
                if side == Side::Second {
                    ranks.reverse();
                }
                let rows: Vec<String> = ranks
                    .iter()
                    .map(|&rank| {
                        let mut files: Vec<u8> = pieces.iter().filter(|s| s.rank == rank).map(|s| s.file).collect();
                        files.sort_unstable();
                        format!("{}: {}", rank + 1, runs(&files))
                    })
                    .collect();
                Message::new("describe-epaminondas-side")
                    .str("side", Self::side_name(side))
                    .num("pieces", pieces.len() as i64)
                    .str("ranks", rows.join("; "))
            })
            .collect();
        said.push(
            Message::new("describe-epaminondas-far")
                .num("white", i64::from(self.on_far_row(Side::First)))
                .num("black", i64::from(self.on_far_row(Side::Second))),
        );
        said
    }

    fn describe_focus(&self, focus: &str) -> Result<Vec<Message>, Message> {
        let focus = focus.trim().to_lowercase();
        let (files, ranks) = (self.options.board.files(), self.options.board.ranks());
        let on: Box<dyn Fn(&Square) -> bool> = match (focus.parse::<u8>(), focus.as_bytes()) {
            (Ok(rank), _) if (1..=ranks).contains(&rank) => Box::new(move |s: &Square| s.rank + 1 == rank),
            (_, [letter]) if (b'a'..b'a' + files).contains(letter) => {
                let file = letter - b'a';
                Box::new(move |s: &Square| s.file == file)
            }
            _ => {
                let last = (b'a' + files - 1) as char;
                return Err(Message::new("describe-epaminondas-focus")
                    .str("text", focus)
                    .str("last", last)
                    .num("ranks", ranks));
            }
        };
        let named = |side| {
            let squares: Vec<String> = self.pieces(side).iter().filter(|s| on(s)).map(Square::to_string).collect();
            if squares.is_empty() { "-".to_string() } else { squares.join(", ") }
        };
        Ok(vec![
            Message::new("describe-epaminondas-line")
                .str("line", focus.clone())
                .str("white", named(Side::First))
                .str("black", named(Side::Second)),
        ])
    }

    fn analysis(&self) -> Map<String, Value> {
        let names = |side| self.pieces(side).iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let mut map = Map::new();
        map.insert("pieces".into(), json!({"white": names(Side::First), "black": names(Side::Second)}));
        map
    }
}

/// Files as letters, consecutive ones as a run: `a-n`, `a-c, f`.
fn runs(files: &[u8]) -> String {
    let letter = |f: u8| (b'a' + f) as char;
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < files.len() {
        let mut j = i;
        while j + 1 < files.len() && files[j + 1] == files[j] + 1 {
            j += 1;
        }
        out.push(match j - i {
            0 => letter(files[i]).to_string(),
            1 => format!("{}, {}", letter(files[i]), letter(files[j])),
            _ => format!("{}-{}", letter(files[i]), letter(files[j])),
        });
        i = j + 1;
    }
    out.join(", ")
}
