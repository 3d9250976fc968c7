//! Puzzles mined from games: a position where the side to move has one clearly best move and every other move
//! is clearly worse, kept only when a deeper search agrees. The criterion, as lichess's puzzler states its own:
//!
//! - the position has at least two legal moves, and is searched with the game's budget ([`Criterion`]);
//! - the best move's value, from the mover's view, is at least `floor` (the mover is not lost after it), and
//!   every other move is at least `gap` worse (the search scores the moves within `gap` of the best exactly, so a
//!   second move inside the gap is seen);
//! - a second search with `recheck` times the budget finds the same best move, with the gap still there;
//! - the line goes on while the solver moves again at once (Hoyito's extra moves) or, after the opponent's best
//!   reply, has a clearly best move again by the same test, up to three moves of the solver's.
//!
//! In a Hoyito position the endgame database holds, the test is made on the database's exact values instead
//! (a gap of a four: one move keeps the value, every other loses at least four seeds): such a puzzle is proven.

use super::endgame::Endgame;
use super::search::Limits;
use crate::games::{GameKind, OptionSet, Outcome, Position, Side};

/// The thresholds of the mining criterion for one game, in the engine's value units (100 is about a seed, a piece
/// or a tenth of a Warrior).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Criterion {
    pub gap: i32,
    pub floor: i32,
    pub limits: Limits,
    /// How many times the budget the second search gets (two plies deeper too).
    pub recheck: u64,
}

impl Criterion {
    pub fn of(kind: GameKind) -> Criterion {
        match kind {
            // A four captured is worth 400 and more: the best move wins at least about a four more than any other.
            GameKind::Hoyito => {
                Criterion { gap: 350, floor: -200, limits: Limits { depth: 64, nodes: 20_000 }, recheck: 5 }
            }
            // About three pieces.
            GameKind::Epaminondas => {
                Criterion { gap: 280, floor: -150, limits: Limits { depth: 64, nodes: 60_000 }, recheck: 5 }
            }
            // Half a Warrior.
            GameKind::Ocencahuac => {
                Criterion { gap: 500, floor: -300, limits: Limits { depth: 64, nodes: 60_000 }, recheck: 5 }
            }
            GameKind::ZohnAhl => {
                Criterion { gap: i32::MAX, floor: 0, limits: Limits { depth: 0, nodes: 0 }, recheck: 1 }
            }
        }
    }

    fn deeper(&self) -> Limits {
        Limits { depth: self.limits.depth + 2, nodes: self.limits.nodes * self.recheck }
    }
}

/// A puzzle found in a game: the number of moves from the start that reach it, and the line that solves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub ply: usize,
    pub solution: Vec<String>,
    pub best: i32,
    pub second: i32,
    pub themes: Vec<String>,
    pub proven: bool,
}

/// The clearly best move of `position` by the criterion (with the endgame database where it holds the
/// position): the move, its value and the next best's, and whether the database proved it.
pub fn clearly_best(
    position: &Position,
    criterion: &Criterion,
    db: Option<&Endgame>,
) -> Option<(String, i32, i32, bool)> {
    if position.legal_moves().len() < 2 {
        return None;
    }
    if let (Position::Hoyito(game), Some(db)) = (position, db)
        && let Some(mut values) = db.move_values(game)
    {
        values.sort_by_key(|(_, v)| -v);
        let (best, second) = (values[0].1, values[1].1);
        return (best - second >= 4 && best >= 0).then(|| (values[0].0.to_string(), best * 100, second * 100, true));
    }
    let pass = |limits: Limits| -> Option<(String, i32, i32)> {
        let (moves, _) = super::ranked(position, limits, criterion.gap)?;
        let (best, second) = (moves.first()?, moves.get(1)?);
        (best.1 >= criterion.floor && best.1 - second.1 >= criterion.gap).then(|| (best.0.clone(), best.1, second.1))
    };
    let (first, _, _) = pass(criterion.limits)?;
    let (again, value, second) = pass(criterion.deeper()).filter(|(m, _, _)| *m == first)?;
    Some((again, value, second, false))
}

/// The solving line from a position whose clearly best move is `first`: it goes on while the solver moves again
/// at once, or after the opponent's reply has a clearly best move again, up to three solver moves; it never ends
/// with the opponent's move.
fn line(position: &Position, first: String, criterion: &Criterion, db: Option<&Endgame>) -> Vec<String> {
    let solver = position.to_move();
    let mut position = position.clone();
    let mut line = vec![first.clone()];
    let mut solver_moves = 1;
    position.play(&first).expect("the best move is legal");
    while solver_moves < 3 && position.outcome() == Outcome::Ongoing {
        let mut next = position.clone();
        let mut reply = None;
        if next.to_move() != solver {
            let best = super::ranked(&next, criterion.limits, 0).and_then(|(m, _)| m.into_iter().next());
            let Some((r, _)) = best else { break };
            next.play(&r).expect("a legal reply");
            reply = Some(r);
            if next.outcome() != Outcome::Ongoing || next.to_move() != solver {
                break;
            }
        }
        let Some((m, _, _, _)) = clearly_best(&next, criterion, db) else { break };
        line.extend(reply);
        line.push(m.clone());
        next.play(&m).expect("a legal move");
        position = next;
        solver_moves += 1;
    }
    line
}

/// What the engine can tell about a line: a capture, a relay, a push-back, a crown, a relief, a crossing, a win;
/// `long` for more than one move of the solver's.
pub fn themes(start: &Position, solution: &[String]) -> Vec<String> {
    let solver = start.to_move();
    let mut position = start.clone();
    let mut themes: Vec<String> = Vec::new();
    let mut add = |t: &str| {
        if !themes.iter().any(|x| x == t) {
            themes.push(t.to_string());
        }
    };
    let mut solver_moves = 0;
    for m in solution {
        let mover = position.to_move();
        if position.play(m).is_err() {
            break;
        }
        if mover != solver {
            continue;
        }
        solver_moves += 1;
        for said in position.describe_last_move() {
            match said.id.as_ref() {
                "hoyito-captured" | "epaminondas-captured" | "ocencahuac-captured" => add("capture"),
                "hoyito-captured-last-four" => add("last-four"),
                "hoyito-sowed"
                    if said
                        .args
                        .iter()
                        .any(|(n, v)| *n == "relays" && matches!(v, crate::i18n::Arg::Num(r) if *r > 0)) =>
                {
                    add("relay")
                }
                "ocencahuac-retreat" => add("stun"),
                "ocencahuac-crowned" | "ocencahuac-activated" => add("crown"),
                "ocencahuac-relocated" => add("relief"),
                "epaminondas-threat" => add("crossing"),
                _ => {}
            }
        }
        if let (Outcome::Won(w), Some(s)) = (position.outcome(), solver)
            && w == s
        {
            add("win");
        }
    }
    if solver_moves > 1 {
        add("long");
    }
    themes
}

/// Whether a puzzle is a defence: its move gains the mover less than the gap, so what makes it the one is what
/// every other move would lose.
pub fn is_defence(best: i32, criterion: &Criterion) -> bool {
    best < criterion.gap
}

/// The puzzles of one game (its moves from the start, `options`), from ply `skip` on; at most `most`, and never
/// two from neighbouring plies (the second would be the first's continuation).
pub fn mine(
    kind: GameKind,
    options: &OptionSet,
    moves: &[String],
    skip: usize,
    most: usize,
    db: Option<&Endgame>,
) -> Vec<Found> {
    let criterion = Criterion::of(kind);
    let mut out: Vec<Found> = Vec::new();
    let Ok(mut position) = Position::new(kind, options) else { return out };
    for (ply, m) in moves.iter().enumerate() {
        if out.len() >= most {
            break;
        }
        if ply >= skip
            && out.last().is_none_or(|f| ply > f.ply + 3)
            && position.to_move().is_some()
            && let Some((best, value, second, proven)) = clearly_best(&position, &criterion, db)
        {
            let solution = line(&position, best, &criterion, db);
            let mut themes = themes(&position, &solution);
            if is_defence(value, &criterion) {
                themes.push("defence".into());
            }
            out.push(Found { ply, solution, best: value, second, themes, proven });
        }
        if position.play(m).is_err() {
            break;
        }
    }
    out
}

/// Checks a puzzle as anyone could: the moves from the start replay, the solution is legal move by move, and each
/// of the solver's moves is the clearly best one by the criterion's deeper search (or the database); the
/// opponent's replies are only checked to be legal. The reason when it fails.
pub fn verify(
    kind: GameKind,
    options: &OptionSet,
    moves: &[String],
    solution: &[String],
    db: Option<&Endgame>,
) -> Result<(), String> {
    let criterion = Criterion::of(kind);
    let mut position = match Position::replay(kind, options, moves.iter().map(String::as_str)) {
        Ok(Ok(p)) => p,
        Ok(Err((i, e))) => return Err(format!("move {} does not replay: {:?}", i + 1, e.message().id)),
        Err(e) => return Err(format!("bad options: {e:?}")),
    };
    let solver: Option<Side> = position.to_move();
    if solver.is_none() {
        return Err("the game is over".into());
    }
    for (i, m) in solution.iter().enumerate() {
        if position.to_move() == solver {
            match clearly_best(&position, &criterion, db) {
                Some((best, _, _, _)) if best == *m => {}
                Some((best, _, _, _)) => {
                    return Err(format!("solution move {} is {m}, the search prefers {best}", i + 1));
                }
                None => return Err(format!("solution move {} ({m}) is not clearly best", i + 1)),
            }
        }
        position.play(m).map_err(|e| format!("solution move {} ({m}) is not legal: {:?}", i + 1, e.message().id))?;
    }
    Ok(())
}
