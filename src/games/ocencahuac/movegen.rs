//! Generating every complete move of the side to move (rules 4.5-4.10): steps, jump chains validated hop by hop
//! on the board as each hop's retreat left it, stage-2 slides, captures and knight leaps, and relief jumps with
//! every allowed relocation. Each move is generated with the board it produces, so playing a move is choosing one.

use super::board::{Board, Kind, ORTHOGONAL, Piece, far_row, forward, penultimate_row};
use super::notation::{Move, Square};
use super::options::Options;
use crate::games::Side;

/// A legal move with its effects.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub mv: Move,
    pub after: Board,
    /// Retreats: where each pushed piece stood and where it went.
    pub retreats: Vec<(Square, Square)>,
    pub captured: Option<Square>,
    /// A relief jump: where the relieved royal stood and where it was put.
    pub relocated: Option<(Square, Square)>,
    /// A royal was crowned by this move.
    pub crowned: bool,
}

const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const AROUND: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

pub fn candidates(board: &Board, me: Side, options: &Options) -> Vec<Candidate> {
    let mut out = Vec::new();
    for (from, piece) in board.pieces().filter(|(_, p)| p.side == me).collect::<Vec<_>>() {
        if board.is_activated(piece) {
            stage_two(board, from, piece, &mut out);
            continue;
        }
        for (dc, dr) in ORTHOGONAL {
            if let Some(to) = from.offset(dc, dr).filter(|&s| board.is_empty(s)) {
                let mut after = *board;
                after.put(from, None);
                after.put(to, Some(piece));
                finish(
                    Move { squares: vec![from, to], ties: vec![None], capture: false, relief: None },
                    after,
                    Vec::new(),
                    None,
                    None,
                    &mut out,
                );
            }
        }
        let start = Chain { squares: vec![from], ties: Vec::new(), hopped: Vec::new(), retreats: Vec::new() };
        chain(board, piece, start, options, &mut out);
        relief(board, from, piece, &mut out);
    }
    out
}

/// Crowns a royal whose move ends on its far row, activates a side with three crowns, and records the move.
fn finish(
    mv: Move,
    mut after: Board,
    retreats: Vec<(Square, Square)>,
    captured: Option<Square>,
    relocated: Option<(Square, Square)>,
    out: &mut Vec<Candidate>,
) {
    let end = *mv.squares.last().expect("a move has squares");
    let mut crowned = false;
    if let Some(mut piece) = after.at(end)
        && piece.kind.is_royal()
        && !piece.crowned
        && end.row == far_row(piece.side)
    {
        piece.crowned = true;
        after.put(end, Some(piece));
        crowned = true;
        if after.crowns(piece.side) == 3 {
            after.activated[piece.side.index()] = true;
        }
    }
    out.push(Candidate { mv, after, retreats, captured, relocated, crowned });
}

struct Chain {
    squares: Vec<Square>,
    ties: Vec<Option<Square>>,
    hopped: Vec<u8>,
    retreats: Vec<(Square, Square)>,
}

/// Whether the piece on `s` stands in a block facing an opposing piece (rules 4.7).
fn in_facing_block(board: &Board, s: Square) -> bool {
    let Some(piece) = board.at(s) else { return false };
    let f = forward(piece.side);
    let own = |sq: Option<Square>| sq.and_then(|q| board.at(q)).is_some_and(|p| p.side == piece.side);
    let enemy = |sq: Option<Square>| sq.and_then(|q| board.at(q)).is_some_and(|p| p.side != piece.side);
    (own(s.offset(0, f)) && enemy(s.offset(0, 2 * f))) || (own(s.offset(0, -f)) && enemy(s.offset(0, f)))
}

/// Continues a jump chain from its last square with one more hop in every allowed way; every stopping point is
/// a move (rules 4.5). `board` is the board as the previous hops (and their retreats) left it.
fn chain(board: &Board, jumper: Piece, so_far: Chain, options: &Options, out: &mut Vec<Candidate>) {
    let at = *so_far.squares.last().expect("a chain starts somewhere");
    if options.single_jump_only && so_far.squares.len() > 1 {
        return;
    }
    for (dc, dr) in ORTHOGONAL {
        let (Some(over), Some(land)) = (at.offset(dc, dr), at.offset(2 * dc, 2 * dr)) else { continue };
        let Some(jumped) = board.at(over) else { continue };
        if !board.is_empty(land)
            || so_far.squares.contains(&land)
            || so_far.hopped.contains(&jumped.id)
            || board.is_activated(jumped)
            || (options.block_immunity && in_facing_block(board, over))
        {
            continue;
        }
        let mut hopped = *board;
        hopped.put(at, None);
        hopped.put(land, Some(jumper));
        let pushed =
            jumped.side != jumper.side && !jumper.stunned && (jumped.kind.is_royal() || options.retreat_warriors);
        let outcomes = if pushed { retreat(&hopped, over, at, land) } else { vec![None] };
        let tie = outcomes.len() > 1;
        for outcome in outcomes {
            let mut after = hopped;
            let mut retreats = so_far.retreats.clone();
            if let Some(target) = outcome {
                after.put(over, None);
                after.put(target, Some(Piece { stunned: true, ..jumped }));
                retreats.push((over, target));
            }
            let mut squares = so_far.squares.clone();
            squares.push(land);
            let mut ties = so_far.ties.clone();
            ties.push(if tie { outcome } else { None });
            let mv = Move { squares: squares.clone(), ties: ties.clone(), capture: false, relief: None };
            finish(mv, after, retreats.clone(), None, None, out);
            let mut hopped_ids = so_far.hopped.clone();
            hopped_ids.push(jumped.id);
            chain(&after, jumper, Chain { squares, ties, hopped: hopped_ids, retreats }, options, out);
        }
    }
}

/// Where a jumped royal on `x` goes (rules 4.6), the jumper already on `to` and `from` empty: one square, two on
/// a sideways tie (the jumping player chooses), or `None` when it stays.
pub fn retreat(board: &Board, x: Square, from: Square, to: Square) -> Vec<Option<Square>> {
    let owner = board.at(x).expect("a jumped piece").side;
    if x.row == penultimate_row(owner) {
        for d in 1..=4 {
            let found: Vec<Square> =
                [x.offset(-d, 0), x.offset(d, 0)].into_iter().flatten().filter(|&s| board.is_empty(s)).collect();
            if !found.is_empty() {
                return found.into_iter().map(Some).collect();
            }
        }
        return vec![None];
    }
    let dir =
        if from.row == to.row { ((i32::from(to.col) - i32::from(from.col)).signum(), 0) } else { (0, -forward(owner)) };
    for d in [3, 2, 1] {
        if let Some(s) = x.offset(d * dir.0, d * dir.1)
            && board.is_empty(s)
        {
            return vec![Some(s)];
        }
    }
    vec![None]
}

/// The opposing Warriors an activated royal on `at` could capture with one move (rules 4.9).
pub fn threatened(board: &Board, at: Square) -> Vec<Square> {
    let Some(royal) = board.at(at) else { return Vec::new() };
    let prey = |s: Square| board.at(s).is_some_and(|p| p.side != royal.side && p.kind == Kind::Warrior);
    match royal.kind {
        Kind::Prince => KNIGHT.iter().filter_map(|&(dc, dr)| at.offset(dc, dr)).filter(|&s| prey(s)).collect(),
        Kind::Princess | Kind::Emperor => {
            let axis: &[(i32, i32)] =
                if royal.kind == Kind::Princess { &[(1, 0), (-1, 0)] } else { &[(0, 1), (0, -1)] };
            axis.iter().filter_map(|&(dc, dr)| first_occupied(board, at, dc, dr)).filter(|&s| prey(s)).collect()
        }
        Kind::Warrior => Vec::new(),
    }
}

fn first_occupied(board: &Board, from: Square, dc: i32, dr: i32) -> Option<Square> {
    let mut s = from;
    loop {
        s = s.offset(dc, dr)?;
        if !board.is_empty(s) {
            return Some(s);
        }
    }
}

/// Stage-2 moves of an activated royal (rules 4.9).
fn stage_two(board: &Board, from: Square, piece: Piece, out: &mut Vec<Candidate>) {
    let add = |to: Square, capture: bool, out: &mut Vec<Candidate>| {
        let mut after = *board;
        after.put(from, None);
        after.put(to, Some(piece));
        let mv = Move { squares: vec![from, to], ties: vec![None], capture, relief: None };
        finish(mv, after, Vec::new(), capture.then_some(to), None, out);
    };
    let prey = |s: Square| board.at(s).is_some_and(|p| p.side != piece.side && p.kind == Kind::Warrior);
    match piece.kind {
        Kind::Prince => {
            for (dc, dr) in KNIGHT {
                match from.offset(dc, dr) {
                    Some(to) if board.is_empty(to) => add(to, false, out),
                    Some(to) if prey(to) => add(to, true, out),
                    _ => {}
                }
            }
        }
        _ => {
            for (dc, dr) in ORTHOGONAL {
                let captures = (piece.kind == Kind::Princess) == (dr == 0);
                let mut s = from;
                while let Some(next) = s.offset(dc, dr) {
                    if board.is_empty(next) {
                        add(next, false, out);
                        s = next;
                        continue;
                    }
                    if captures && prey(next) {
                        add(next, true, out);
                    }
                    break;
                }
            }
        }
    }
}

/// Relief jumps (rules 4.10): a stage-1 piece next to an activated opposing royal that threatens one of its
/// side's Warriors hops over it, and the royal is put on an empty square around the landing square from where it
/// threatens none of them.
fn relief(board: &Board, from: Square, jumper: Piece, out: &mut Vec<Candidate>) {
    for (dc, dr) in ORTHOGONAL {
        let (Some(over), Some(land)) = (from.offset(dc, dr), from.offset(2 * dc, 2 * dr)) else { continue };
        let Some(royal) = board.at(over) else { continue };
        if royal.side == jumper.side
            || !board.is_activated(royal)
            || !board.is_empty(land)
            || threatened(board, over).is_empty()
        {
            continue;
        }
        let mut hopped = *board;
        hopped.put(from, None);
        hopped.put(land, Some(jumper));
        hopped.put(over, None);
        for (ac, ar) in AROUND {
            let Some(spot) = land.offset(ac, ar).filter(|&s| hopped.is_empty(s)) else { continue };
            let mut after = hopped;
            after.put(spot, Some(royal));
            if threatened(&after, spot).is_empty() {
                let mv = Move { squares: vec![from, land], ties: vec![None], capture: false, relief: Some(spot) };
                finish(mv, after, Vec::new(), None, Some((over, spot)), out);
            }
        }
    }
}
