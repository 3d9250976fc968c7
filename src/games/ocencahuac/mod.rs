//! Ocencahuac, the game of the Cahita princes from Nayarit (`rules/ocencahuac.md`), the first implementation.
//!
//! Stage 1: every piece steps or jumps (chains of orthogonal hops over pieces of either colour); jumping an
//! opposing royal pushes it back (a retreat) and stuns it. Royals that end a move on the far row are crowned; a
//! side whose three royals are crowned is activated: its royals slide (Princess, Emperor) or leap (Prince) and
//! capture Warriors. Capturing the three opposing Warriors wins. Draws: repetition, no progress, a ply cap, two
//! passes. Moves are generated complete (with the board they produce), so playing is choosing one.

mod board;
mod history;
mod movegen;
mod notation;
mod options;
mod playout;
#[cfg(test)]
mod tests;

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use crate::games::{Explain, Game, Outcome, PlayError, Side};
use crate::i18n::Message;

use history::History;

pub use board::{Board, Kind, Piece};
pub use movegen::{Candidate, threatened};
pub use notation::{Move, Square};
pub use options::Options;
pub use playout::Policy;

/// What the last move did, for pictures and replies.
#[derive(Debug, Clone, PartialEq)]
pub struct LastMove {
    pub side: Side,
    pub played: Move,
    pub retreats: Vec<(Square, Square)>,
    pub captured: Option<Square>,
    pub relocated: Option<(Square, Square)>,
    pub crowned: bool,
    pub activated: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The winner captured the three opposing Warriors.
    Warriors {
        winner: Side,
    },
    Repetition,
    NoProgress,
    PlyCap,
    /// Neither side could move, twice in a row.
    Passes,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Ocencahuac {
    options: Options,
    board: Board,
    to_move: Side,
    plies: u32,
    since_progress: u32,
    passes: u8,
    history: History,
    end: Option<End>,
    last: Option<LastMove>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    GameOver,
    EmptySquare {
        square: Square,
    },
    NotYours {
        square: Square,
    },
    /// A move that needs a choice the text left out; the complete moves.
    NeedsChoice {
        moves: String,
    },
    /// Not a legal move of the piece; what it may do instead.
    NotLegal {
        square: Square,
        moves: String,
        count: usize,
    },
    /// A retreat choice (`/e5`) no move along that path offers; the complete moves of the path.
    WrongRetreat {
        given: String,
        moves: String,
    },
    /// A relief square (`@b5`) the relieved royal may not go to; the complete moves of the path.
    WrongRelief {
        given: Square,
        moves: String,
    },
    /// There is no legal move: the only move is `pass`.
    MustPass,
    /// Passing while a move exists.
    CannotPass,
}

impl Explain for IllegalMove {
    fn message(&self) -> Message {
        match self {
            IllegalMove::GameOver => Message::new("game-over"),
            IllegalMove::EmptySquare { square } => Message::new("ocencahuac-empty").str("square", square.to_string()),
            IllegalMove::NotYours { square } => Message::new("ocencahuac-not-yours").str("square", square.to_string()),
            IllegalMove::NeedsChoice { moves } => Message::new("ocencahuac-needs-choice").str("moves", moves.as_str()),
            IllegalMove::NotLegal { square, moves, count } => Message::new("ocencahuac-not-legal")
                .str("square", square.to_string())
                .str("moves", moves.as_str())
                .num("count", *count as i64),
            IllegalMove::WrongRetreat { given, moves } => {
                Message::new("ocencahuac-wrong-retreat").str("given", given.as_str()).str("moves", moves.as_str())
            }
            IllegalMove::WrongRelief { given, moves } => {
                Message::new("ocencahuac-wrong-relief").str("given", given.to_string()).str("moves", moves.as_str())
            }
            IllegalMove::MustPass => Message::new("ocencahuac-must-pass"),
            IllegalMove::CannotPass => Message::new("ocencahuac-cannot-pass"),
        }
    }
}

impl Ocencahuac {
    /// A position from a board, for tests and worked examples.
    pub fn from_board(options: Options, board: Board, to_move: Side) -> Ocencahuac {
        let history = History::starting(&board, to_move);
        Ocencahuac { options, board, to_move, plies: 0, since_progress: 0, passes: 0, history, end: None, last: None }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn last_move(&self) -> Option<&LastMove> {
        self.last.as_ref()
    }

    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Every complete legal move with its effects (empty when the game is over or the side must pass).
    pub fn candidates(&self) -> Vec<Candidate> {
        if self.end.is_some() {
            return Vec::new();
        }
        movegen::candidates(&self.board, self.to_move, &self.options)
    }

    /// Warriors `side` has captured.
    pub fn captures(&self, side: Side) -> usize {
        3 - self.board.warriors(side.other())
    }

    /// The candidates a move leaves a choice open in: the same squares, and every choice it does give matching.
    fn open<'a>(all: &'a [Candidate], m: &'a Move) -> impl Iterator<Item = &'a Candidate> {
        all.iter().filter(|c| {
            c.mv.squares == m.squares
                && m.ties.iter().zip(&c.mv.ties).all(|(given, needed)| given.is_none() || given == needed)
                && (m.relief.is_none() || m.relief == c.mv.relief)
        })
    }

    /// The complete move a move that leaves a choice out stands for, when it can stand for only one (`a1-c1` for
    /// `a1-c1 @d2`); `None` when it is complete, wrong, or open between several (a tie is
    /// never settled silently).
    pub fn complete(&self, m: &Move) -> Option<Move> {
        if self.end.is_some() || m.is_pass() {
            return None;
        }
        let all = self.candidates();
        let mut open = Self::open(&all, m);
        match (open.next(), open.next()) {
            (Some(only), None) if only.mv != *m => Some(only.mv.clone()),
            _ => None,
        }
    }

    /// The candidate a written move names, or why none does.
    fn find(&self, m: &Move) -> Result<Candidate, IllegalMove> {
        if self.end.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let all = self.candidates();
        if m.is_pass() {
            return if all.is_empty() { Ok(Candidate::pass(&self.board)) } else { Err(IllegalMove::CannotPass) };
        }
        if all.is_empty() {
            return Err(IllegalMove::MustPass);
        }
        // Exact (ignoring how a capture was marked), else the moves it leaves a choice open in.
        if let Some(c) =
            all.iter().find(|c| c.mv.squares == m.squares && c.mv.ties == m.ties && c.mv.relief == m.relief)
        {
            return Ok(c.clone());
        }
        let open: Vec<String> = Self::open(&all, m).map(|c| c.mv.to_string()).collect();
        if !open.is_empty() {
            return Err(IllegalMove::NeedsChoice { moves: open.join(", ") });
        }
        // The right squares with a choice no move along them offers: where the piece may go instead.
        let path: Vec<String> = all.iter().filter(|c| c.mv.squares == m.squares).map(|c| c.mv.to_string()).collect();
        if !path.is_empty() {
            let ties: Vec<String> = m.ties.iter().flatten().map(|s| s.to_string()).collect();
            return Err(match m.relief {
                Some(relief) if ties.is_empty() => IllegalMove::WrongRelief { given: relief, moves: path.join(", ") },
                _ => IllegalMove::WrongRetreat { given: ties.join("/"), moves: path.join(", ") },
            });
        }
        let from = m.squares[0];
        match self.board.at(from) {
            None => Err(IllegalMove::EmptySquare { square: from }),
            Some(p) if p.side != self.to_move => Err(IllegalMove::NotYours { square: from }),
            Some(_) => {
                let mut own: Vec<String> =
                    all.iter().filter(|c| c.mv.squares[0] == from).map(|c| c.mv.to_string()).collect();
                own.sort();
                let count = own.len();
                own.truncate(10);
                Err(IllegalMove::NotLegal { square: from, moves: own.join(", "), count })
            }
        }
    }

    /// Plays one of [`Ocencahuac::candidates`] as it is (for a search: the move is not looked up again).
    pub fn play_candidate(mut self, c: Candidate) -> Ocencahuac {
        self.apply(c);
        self
    }

    /// Plays a candidate: stuns of the mover clear, then the counts and the end of the game (rules 4.11, 4.12).
    fn apply(&mut self, c: Candidate) {
        let me = self.to_move;
        let was_activated = self.board.activated[me.index()];
        self.board = c.after;
        for s in Board::squares() {
            if let Some(mut p) = self.board.at(s)
                && p.side == me
                && p.stunned
            {
                p.stunned = false;
                self.board.put(s, Some(p));
            }
        }
        self.to_move = me.other();
        if c.mv.is_pass() {
            self.passes += 1;
            if self.passes >= 2 {
                self.end = Some(End::Passes);
            }
        } else {
            self.passes = 0;
            self.plies += 1;
            self.since_progress = if c.captured.is_some() || c.crowned { 0 } else { self.since_progress + 1 };
            if self.since_progress == 0 {
                self.history.clear();
            }
            let seen = self.history.record(&self.board, self.to_move);
            self.end = if self.board.warriors(me.other()) == 0 {
                Some(End::Warriors { winner: me })
            } else if seen >= 3 {
                Some(End::Repetition)
            } else if self.since_progress >= self.options.no_progress_plies {
                Some(End::NoProgress)
            } else if self.plies >= self.options.max_plies {
                Some(End::PlyCap)
            } else {
                None
            };
        }
        self.last = Some(LastMove {
            side: me,
            played: c.mv,
            retreats: c.retreats,
            captured: c.captured,
            relocated: c.relocated,
            crowned: c.crowned,
            activated: !was_activated && self.board.activated[me.index()],
        });
    }
}

impl Candidate {
    fn pass(board: &Board) -> Candidate {
        Candidate {
            mv: Move::pass(),
            after: *board,
            retreats: Vec::new(),
            captured: None,
            relocated: None,
            crowned: false,
        }
    }
}

impl Ocencahuac {
    /// The stops of a jump chain before its last hop: the chain cut after each hop, when that shorter chain is
    /// itself a legal move that crowns nothing (a replay shows a chain hop by hop). Empty for any other move.
    pub fn hops(&self, m: &Move) -> Vec<Ocencahuac> {
        if m.capture || m.relief.is_some() || m.squares.len() < 3 {
            return Vec::new();
        }
        (2..m.squares.len())
            .filter_map(|k| {
                let part = Move {
                    squares: m.squares[..k].to_vec(),
                    ties: m.ties.iter().take(k - 1).copied().collect(),
                    capture: false,
                    relief: None,
                };
                let next = self.clone().play(&part).ok()?;
                (!next.last.as_ref().is_some_and(|l| l.crowned)).then_some(next)
            })
            .collect()
    }
}

impl Game for Ocencahuac {
    type Move = Move;
    type Options = Options;
    type IllegalMove = IllegalMove;

    fn new(options: &Options) -> Self {
        Ocencahuac::from_board(*options, Board::start(options.mirror_setup), Side::First)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_move(&self) -> Option<Side> {
        if self.end.is_some() { None } else { Some(self.to_move) }
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.end.is_some() {
            return Vec::new();
        }
        let mut moves: Vec<Move> = self.candidates().into_iter().map(|c| c.mv).collect();
        if moves.is_empty() {
            moves.push(Move::pass());
        }
        moves.sort_by_key(|m| m.to_string());
        moves
    }

    fn play(mut self, m: &Move) -> Result<Self, PlayError<Self>> {
        match self.find(m) {
            Ok(c) => {
                self.apply(c);
                Ok(self)
            }
            Err(reason) => Err(PlayError { reason, position: self }),
        }
    }

    fn normalise(&self, m: &Move) -> Move {
        self.find(m).map(|c| c.mv).unwrap_or_else(|_| m.clone())
    }

    fn outcome(&self) -> Outcome {
        match self.end {
            None => Outcome::Ongoing,
            Some(End::Warriors { winner }) => Outcome::Won(winner),
            Some(_) => Outcome::Draw,
        }
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::First => "dark",
            Side::Second => "light",
        }
    }

    fn diagram(&self, say: &dyn Fn(Message) -> String) -> String {
        let mut out = String::new();
        for row in (0..8u8).rev() {
            let river = if (2..=5).contains(&row) { '~' } else { ' ' };
            let cells: String = (0..5u8)
                .map(|col| match self.board.at(Square { col, row }) {
                    None => " . ".to_string(),
                    Some(p) => {
                        let letter = p.kind.letter();
                        let letter = if p.side == Side::First { letter } else { letter.to_ascii_lowercase() };
                        format!(
                            " {letter}{}",
                            if p.crowned {
                                '*'
                            } else if p.stunned {
                                '!'
                            } else {
                                ' '
                            }
                        )
                    }
                })
                .collect();
            let _ = writeln!(out, "{} {river}{cells}", row + 1);
        }
        let _ = write!(out, "    a  b  c  d  e   ({})", say(Message::new("diagram-ocencahuac-legend")));
        out
    }

    fn describe_last_move(&self) -> Vec<Message> {
        let Some(l) = &self.last else { return Vec::new() };
        let side = Self::side_name(l.side);
        if l.played.is_pass() {
            return vec![Message::new("ocencahuac-passed").str("side", side)];
        }
        let mut out = vec![Message::new("ocencahuac-moved").str("side", side).str("move", l.played.to_string())];
        for (from, to) in &l.retreats {
            out.push(Message::new("ocencahuac-retreat").str("from", from.to_string()).str("to", to.to_string()));
        }
        if let Some((from, to)) = l.relocated {
            out.push(Message::new("ocencahuac-relocated").str("from", from.to_string()).str("to", to.to_string()));
        }
        if let Some(s) = l.captured {
            out.push(Message::new("ocencahuac-captured").str("square", s.to_string()));
        }
        if l.crowned {
            out.push(Message::new("ocencahuac-crowned").str("side", side));
        }
        if l.activated {
            out.push(Message::new("ocencahuac-activated").str("side", side));
        }
        out
    }

    fn describe_end(&self) -> Option<Message> {
        Some(match self.end? {
            End::Warriors { winner } => Message::new("ocencahuac-end-warriors").str("side", Self::side_name(winner)),
            End::Repetition => Message::new("ocencahuac-end-repetition"),
            End::NoProgress => Message::new("ocencahuac-end-no-progress").num("plies", self.options.no_progress_plies),
            End::PlyCap => Message::new("ocencahuac-end-cap").num("plies", self.options.max_plies),
            End::Passes => Message::new("ocencahuac-end-passes"),
        })
    }

    fn score(&self, side: Side) -> Message {
        Message::new("ocencahuac-score")
            .num("captured", self.captures(side) as i64)
            .num("crowns", self.board.crowns(side) as i64)
    }

    fn describe_position(&self) -> Vec<Message> {
        let mut said = Vec::new();
        for side in Side::BOTH {
            // Royals first, then the Warriors, each on its square, with what sets it apart.
            let mut pieces: Vec<(Square, Piece)> = self.board.pieces().filter(|(_, p)| p.side == side).collect();
            pieces.sort_by_key(|(s, p)| (p.kind, s.col, s.row));
            said.push(
                Message::new("describe-ocencahuac-side")
                    .str("side", Self::side_name(side))
                    .num("count", pieces.len() as i64)
                    .num("activated", i64::from(self.board.activated[side.index()])),
            );
            let last = pieces.len().saturating_sub(1);
            for (i, (square, piece)) in pieces.iter().enumerate() {
                said.push(piece_told(square, piece, if i == last { "." } else { "," }));
            }
        }
        said
    }

    fn describe_focus(&self, focus: &str) -> Result<Vec<Message>, Message> {
        let square = Square::parse(&focus.trim().to_lowercase())
            .ok_or_else(|| Message::new("describe-ocencahuac-focus").str("text", focus))?;
        let Some(piece) = self.board.at(square) else {
            return Ok(vec![Message::new("describe-ocencahuac-empty").str("square", square.to_string())]);
        };
        let from = square.to_string();
        let moves: Vec<String> =
            self.legal_moves().iter().map(ToString::to_string).filter(|m| m.starts_with(&from)).collect();
        Ok(vec![
            Message::new("describe-ocencahuac-side")
                .str("side", Self::side_name(piece.side))
                .num("count", 1)
                .num("activated", 0),
            piece_told(&square, &piece, "."),
            Message::new("describe-moves")
                .str("moves", if moves.is_empty() { "-".to_string() } else { moves.join(", ") }),
        ])
    }

    fn analysis(&self) -> Map<String, Value> {
        let mut pieces: Vec<(Square, Piece)> = self.board.pieces().collect();
        pieces.sort_by_key(|(s, _)| (s.col, s.row));
        let pieces: Vec<Value> = pieces
            .into_iter()
            .map(|(s, p)| {
                json!({
                    "square": s.to_string(),
                    "color": Self::side_name(p.side),
                    "kind": p.kind.name(),
                    "crowned": p.crowned,
                    "stunned": p.stunned,
                })
            })
            .collect();
        let mut map = Map::new();
        map.insert("pieces".into(), Value::Array(pieces));
        map.insert("activated".into(), json!({"dark": self.board.activated[0], "light": self.board.activated[1]}));
        map
    }
}

/// A piece in words: its kind, its square, crowned or stunned; `end` the mark after it.
fn piece_told(square: &Square, piece: &Piece, end: &str) -> Message {
    let state = match (piece.crowned, piece.stunned) {
        (true, true) => "crowned-stunned",
        (true, false) => "crowned",
        (false, true) => "stunned",
        (false, false) => "plain",
    };
    Message::new("describe-ocencahuac-piece")
        .str("kind", piece.kind.name())
        .str("square", square.to_string())
        .str("state", state)
        .str("end", end.to_string())
}
