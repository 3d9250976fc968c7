//! Computer opponents: a search per game over the rules engines of `games/` (and nothing above them), at five
//! levels, with a short reason for each move. Deterministic: the same position, level and seed give the same
//! move. Zohn Ahl has no decisions to make (the computer just throws), so it has no engine.

pub mod endgame;
pub mod endgame_match;
mod epaminondas;
mod hoyito;
pub mod ladder;
mod level;
pub mod movetime;
mod ocencahuac;
pub mod puzzles;
pub mod search;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::games::epaminondas::Epaminondas;
use crate::games::hoyito::Hoyito;
use crate::games::ocencahuac::Ocencahuac;
use crate::games::{Game, Position, Side};
use crate::i18n::Message;

pub use level::Level;
use search::{Found, Node, WON, search};

/// The computer's move in a position.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The move in the game's notation.
    pub notation: String,
    /// Why, in a few words (to be put in the public language).
    pub reason: Vec<Message>,
    /// The search's value of the move, from the mover's point of view (100 is about a seed, a piece or a tenth
    /// of a Warrior; beyond ±990,000 a forced win or loss).
    pub value: i32,
    /// The depth the search completed, and the positions it visited.
    pub depth: u32,
    pub nodes: u64,
    /// Played from the Hoyito endgame database: `value` is exact (the seeds still to gain, times 100) and `depth`
    /// the plies it takes to force.
    pub perfect: bool,
}

/// The move the computer plays at `level`, or `None` when there is nothing to decide (the game is over, or it
/// is Zohn Ahl), without an endgame database. `scale` multiplies the level's search budget (1.0 in play).
pub fn choose(position: &Position, level: Level, seed: u64, scale: f64) -> Option<Choice> {
    choose_with(position, level, seed, scale, None)
}

/// [`choose`] with the Hoyito endgame database given (`None`: level 5 searches every position).
pub fn choose_with(
    position: &Position,
    level: Level,
    seed: u64,
    scale: f64,
    endgame: Option<&endgame::Endgame>,
) -> Option<Choice> {
    let kind = position.kind();
    let (limits, margin) = level.plan(kind, scale);
    match position {
        Position::Hoyito(g) => {
            if let Some(perfect) = endgame.and_then(|db| endgame_choice(db, g, level)) {
                return Some(perfect);
            }
            let (found, pick) = pick(g, limits, margin, seed)?;
            Some(finish(g, &found, pick, |a| a.to_string(), hoyito_reason))
        }
        Position::Epaminondas(g) => {
            let (found, pick) = pick(g, limits, margin, seed)?;
            Some(finish(g, &found, pick, |s| Epaminondas::step_to_move(*s).to_string(), epaminondas_reason))
        }
        Position::Ocencahuac(g) => {
            let (found, pick) = pick(g, limits, margin, seed)?;
            Some(finish(g, &found, pick, |c| c.mv.to_string(), ocencahuac_reason))
        }
        Position::ZohnAhl(_) => None,
    }
}

/// Every move of `position` with its value from the mover's view, best first, as a search within `limits` finds
/// them: the moves within `margin` of the best exactly, the others at most what is shown. `None` when there is
/// nothing to decide.
pub fn ranked(position: &Position, limits: search::Limits, margin: i32) -> Option<(Vec<(String, i32)>, u32)> {
    fn listed<N: Node>(
        root: &N,
        limits: search::Limits,
        margin: i32,
        name: impl Fn(&N::Action) -> String,
    ) -> Option<(Vec<(String, i32)>, u32)> {
        let side = root.turn()?;
        let found = search(root, limits, margin)?;
        let view = |v: i32| if side == Side::First { v } else { -v };
        Some((found.moves.iter().map(|m| (name(&m.action), view(m.value))).collect(), found.depth))
    }
    match position {
        Position::Hoyito(g) => listed(g, limits, margin, |a| a.to_string()),
        Position::Epaminondas(g) => listed(g, limits, margin, |s| Epaminondas::step_to_move(*s).to_string()),
        Position::Ocencahuac(g) => listed(g, limits, margin, |c| c.mv.to_string()),
        Position::ZohnAhl(_) => None,
    }
}

/// Level 5's move in a Hoyito position the installed endgame database holds: perfect play.
fn endgame_choice(db: &endgame::Endgame, game: &crate::games::hoyito::Hoyito, level: Level) -> Option<Choice> {
    if level.number() != 5 {
        return None;
    }
    let (hole, value, plies) = db.choose(game)?;
    let notation = hole.to_string();
    let why = explain(&Position::Hoyito(game.clone()), &notation, value * 100, plies, true);
    Some(Choice { notation, reason: why, value: value * 100, depth: plies, nodes: 0, perfect: true })
}

/// Searches and picks a move: the best, or for the lower levels any move within `margin` of it.
fn pick<N: Node>(root: &N, limits: search::Limits, margin: i32, seed: u64) -> Option<(Found<N::Action>, usize)> {
    let side = root.turn()?;
    let found = search(root, limits, margin)?;
    let view = |v: i32| if side == Side::First { v } else { -v };
    let best = view(found.moves[0].value);
    // A forced win is never given away, whatever the level.
    let near =
        if best >= WON { 1 } else { found.moves.iter().take_while(|m| view(m.value) >= best - margin).count().max(1) };
    let mut rng = StdRng::seed_from_u64(seed ^ root.key());
    Some((found, rng.random_range(0..near)))
}

fn finish<N: Node>(
    root: &N,
    found: &Found<N::Action>,
    pick: usize,
    notation: impl Fn(&N::Action) -> String,
    reason: impl Fn(&N, &N, &N::Action) -> Vec<Message>,
) -> Choice {
    let depth = i64::from(found.depth.max(1));
    let side = root.turn().unwrap_or(Side::First);
    let chosen = &found.moves[pick];
    let after = root.child(&chosen.action);
    let value = if side == Side::First { chosen.value } else { -chosen.value };
    // A quiet move's reason says how far the computer looked.
    let mut why: Vec<Message> =
        reason(root, &after, &chosen.action).into_iter().map(|m| m.num("depth", depth)).collect();
    if value >= WON {
        why.push(Message::new("ai-sees-win"));
    } else if value <= -WON {
        why.push(Message::new("ai-sees-loss"));
    }
    Choice {
        notation: notation(&chosen.action),
        reason: why,
        value,
        depth: found.depth,
        nodes: found.nodes,
        perfect: false,
    }
}

/// The reason for a move already played (`notation`, in `before`), as [`choose`] gave it: from the move itself,
/// and the search's `value` (the mover's view) and `depth`. Empty for a game without decisions.
pub fn explain(before: &Position, notation: &str, value: i32, depth: u32, perfect: bool) -> Vec<Message> {
    let mut why = match before {
        Position::Hoyito(g) => notation.parse().ok().map(|h| hoyito_reason(g, &g.child(&h), &h)),
        Position::Epaminondas(g) => {
            let m: Option<crate::games::epaminondas::Move> = notation.parse().ok();
            m.and_then(|m| g.resolve(&m).ok()).map(|s| epaminondas_reason(g, &g.child(&s), &s))
        }
        Position::Ocencahuac(g) => {
            let m: Option<crate::games::ocencahuac::Move> = notation.parse().ok();
            m.and_then(|m| g.candidates().into_iter().find(|c| c.mv == m))
                .map(|c| ocencahuac_reason(g, &g.child(&c), &c))
        }
        Position::ZohnAhl(_) => None,
    }
    .unwrap_or_default();
    let depth = i64::from(depth.max(1));
    why = why.into_iter().map(|m| m.num("depth", depth)).collect();
    if perfect {
        why.push(Message::new("ai-endgame").num("seeds", i64::from(value / 100)));
    } else if !why.is_empty() && value >= WON {
        why.push(Message::new("ai-sees-win"));
    } else if !why.is_empty() && value <= -WON {
        why.push(Message::new("ai-sees-loss"));
    }
    why
}

fn hoyito_reason(before: &Hoyito, after: &Hoyito, hole: &crate::games::hoyito::Hole) -> Vec<Message> {
    let side = before.to_move().unwrap_or(Side::First);
    let taken = after.captured(side) - before.captured(side);
    let again = after.to_move() == Some(side);
    let message = match (taken, again) {
        (0, _) => Message::new("ai-hoyito-quiet"),
        (_, true) => Message::new("ai-hoyito-capture-again").num("seeds", taken),
        (_, false) => Message::new("ai-hoyito-capture").num("seeds", taken),
    };
    vec![message.num("hole", hole.0)]
}

fn epaminondas_reason(
    before: &Epaminondas,
    after: &Epaminondas,
    step: &crate::games::epaminondas::Step,
) -> Vec<Message> {
    let side = before.to_move().unwrap_or(Side::First);
    let taken = before.pieces(side.other()).len() - after.pieces(side.other()).len();
    let then = if after.on_far_row(side) > before.on_far_row(side) {
        "cross"
    } else if after.to_move().is_some() && after.threatens_to_cross(side) && !before.threatens_to_cross(side) {
        "threat"
    } else {
        "none"
    };
    let message = if taken > 0 {
        Message::new("ai-epaminondas-capture").num("group", step.group).num("taken", taken as i64)
    } else {
        Message::new("ai-epaminondas-move").num("group", step.group).num("dist", step.dist)
    };
    vec![message.str("then", then)]
}

fn ocencahuac_reason(
    _before: &Ocencahuac,
    _after: &Ocencahuac,
    c: &crate::games::ocencahuac::Candidate,
) -> Vec<Message> {
    let mut out = Vec::new();
    if let Some(square) = c.captured {
        out.push(Message::new("ai-ocencahuac-capture").str("square", square.to_string()));
    }
    if let Some((from, _)) = c.retreats.first() {
        out.push(Message::new("ai-ocencahuac-push").str("square", from.to_string()));
    }
    if c.crowned {
        out.push(Message::new("ai-ocencahuac-crown"));
    }
    if c.relocated.is_some() {
        out.push(Message::new("ai-ocencahuac-relief"));
    }
    if out.is_empty() {
        out.push(Message::new("ai-ocencahuac-quiet"));
    }
    out
}

/// A finished game looked at again: the value after each move and each side's biggest mistakes.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The value of the position before the first move and after each move (first side's view, in the engine's
    /// units: 100 is about a seed or a piece; wins clamped to ±10,000).
    pub values: Vec<i32>,
    /// The moves that lost the most, worst first, at most three a side.
    pub mistakes: Vec<Mistake>,
    /// The moves analysed: all of them, unless it was stopped first (then `values` stops there too).
    pub analysed: usize,
}

/// A move that lost value, and the move the engine prefers there.
#[derive(Debug, Clone, PartialEq)]
pub struct Mistake {
    /// The move's number (1 for the first move).
    pub number: usize,
    pub side: Side,
    pub played: String,
    pub better: String,
    /// How much the move lost, from its side's point of view.
    pub loss: i32,
}

/// The value shown for a forced result: the chart stays readable.
const CLAMP: i32 = 10_000;

/// Smaller losses than this are not called mistakes.
const MISTAKE: i32 = 150;

/// Analyses a game from its moves, each position searched at level 4 with its budget times `scale`. Before each
/// position `keep_going(done, total)` is told how many of the game's positions are done; when it says no, what
/// was analysed so far is the answer (at least the starting position's value). `None` for a game without
/// decisions (Zohn Ahl) or moves that do not replay.
pub fn analyse(
    kind: crate::games::GameKind,
    options: &crate::games::OptionSet,
    moves: &[String],
    scale: f64,
    keep_going: &mut dyn FnMut(usize, usize) -> bool,
) -> Option<Analysis> {
    if kind.moves_are_throws() {
        return None;
    }
    let mut position = Position::new(kind, options).ok()?;
    let level = Level::ALL[3];
    let mut values = Vec::with_capacity(moves.len() + 1);
    let mut best = Vec::with_capacity(moves.len());
    let mut movers = Vec::with_capacity(moves.len());
    for m in moves.iter().map(Some).chain([None]) {
        if !keep_going(values.len(), moves.len() + 1) && !values.is_empty() {
            break;
        }
        let (value, preferred) = match position.to_move() {
            None => (outcome_value(&position), None),
            Some(side) => {
                let choice = choose(&position, level, 0, scale)?;
                let first = if side == Side::First { choice.value } else { -choice.value };
                (first.clamp(-CLAMP, CLAMP), Some(choice.notation))
            }
        };
        values.push(value);
        let Some(m) = m else { break };
        movers.push(position.to_move()?);
        best.push(preferred);
        position.play(m).ok()?;
    }
    let analysed = values.len().saturating_sub(1).min(moves.len());
    let mut mistakes: Vec<Mistake> = (0..analysed)
        .filter_map(|i| {
            let side = movers[i];
            let view = |v: i32| if side == Side::First { v } else { -v };
            let loss = view(values[i]) - view(values[i + 1]);
            let better = best[i].clone()?;
            (loss >= MISTAKE && better != moves[i]).then(|| Mistake {
                number: i + 1,
                side,
                played: moves[i].clone(),
                better,
                loss,
            })
        })
        .collect();
    mistakes.sort_by_key(|m| (std::cmp::Reverse(m.loss), m.number));
    let mut kept = Vec::new();
    for side in Side::BOTH {
        kept.extend(mistakes.iter().filter(|m| m.side == side).take(3).cloned());
    }
    kept.sort_by_key(|m| (std::cmp::Reverse(m.loss), m.number));
    Some(Analysis { values, mistakes: kept, analysed })
}

fn outcome_value(position: &Position) -> i32 {
    match position.outcome() {
        crate::games::Outcome::Won(Side::First) => CLAMP,
        crate::games::Outcome::Won(Side::Second) => -CLAMP,
        _ => 0,
    }
}
