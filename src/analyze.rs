//! `tablero analyze`: replays a move list and prints the position as one JSON object. Tests and tools outside
//! the project depend on its exact keys and exit statuses, which never change:
//! 0 and the position; 1 and `{"error", "move", "index"}` for an illegal move; 2 and `{"error"}` for an unknown
//! game, a bad option or an unparsable move list.

use serde_json::{Value, json};

use crate::games::{GameKind, MoveError, OptionSet, Outcome, Position};
use crate::i18n::{self, Locale, Message};

fn english(m: &Message) -> String {
    i18n::text(Locale::English, m)
}

/// The exit status and the JSON to print.
pub fn analyze(game: &str, options: &[String], moves: &str) -> (i32, Value) {
    analyze_with(game, options, moves, None)
}

/// As [`analyze`], and with `computer` (a level and a seed) the keys `computer` (the move the computer plays at
/// that level in the position reached) and `reason` (why, in English).
pub fn analyze_with(game: &str, options: &[String], moves: &str, computer: Option<(u8, u64)>) -> (i32, Value) {
    let level = match computer.map(|(l, seed)| (crate::ai::Level::new(l), seed)) {
        Some((None, _)) => return (2, json!({ "error": "the computer's level is 1 to 5" })),
        Some((Some(level), seed)) => Some((level, seed)),
        None => None,
    };
    let position = match replay(game, options, moves) {
        Ok(position) => position,
        Err(failed) => return failed,
    };
    let mut out = describe(&position);
    if let Some((level, seed)) = level {
        let choice = crate::ai::choose(&position, level, seed, 1.0);
        let (m, why) = match &choice {
            Some(c) => (json!(c.notation), json!(c.reason.iter().map(english).collect::<Vec<_>>().join(" "))),
            None => (Value::Null, Value::Null),
        };
        out["computer"] = m;
        out["reason"] = why;
    }
    (0, out)
}

/// The position `moves` reach in `game` with `options`, or the exit status and JSON that say why not.
fn replay(game: &str, options: &[String], moves: &str) -> Result<Position, (i32, Value)> {
    let kind: GameKind = match game.parse() {
        Ok(k) => k,
        Err(m) => return Err((2, json!({ "error": english(&m) }))),
    };
    let mut set = OptionSet::new();
    for option in options {
        match option.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => {
                set.insert(k.trim().to_string(), v.trim().to_string());
            }
            _ => return Err((2, json!({ "error": format!("option {option:?} is not of the form key=value") }))),
        }
    }
    let mut position = match Position::new(kind, &set) {
        Ok(p) => p,
        Err(e) => return Err((2, json!({ "error": english(&e.message()) }))),
    };
    // A token starting with `@` belongs to the move before it (an Ocencahuac relief: `a7-a5 @b5`).
    let mut list: Vec<String> = Vec::new();
    for token in moves.split_whitespace() {
        match list.last_mut() {
            Some(previous) if token.starts_with('@') => {
                previous.push(' ');
                previous.push_str(token);
            }
            _ => list.push(token.to_string()),
        }
    }
    for (index, m) in list.iter().map(String::as_str).enumerate() {
        match position.play(m) {
            Ok(_) => {}
            Err(MoveError::Notation(reason)) => {
                return Err((2, json!({ "error": format!("move {} ({m:?}): {}", index, english(&reason)) })));
            }
            Err(MoveError::Illegal(reason)) => {
                return Err((1, json!({ "error": english(&reason), "move": m, "index": index })));
            }
        }
    }
    Ok(position)
}

/// Adds to an analysis `out` of a Hoyito position what the endgame database `db` says of it, when it holds it:
/// `endgame.value`, `endgame.best` (the holes that keep it) and `endgame.plies` (how long it takes to force).
pub fn endgame(game: &str, options: &[String], moves: &str, db: &crate::ai::endgame::Endgame, out: &mut Value) {
    let Ok(position) = replay(game, options, moves) else { return };
    let Position::Hoyito(hoyito) = &position else { return };
    if let (Some((value, best)), Some(plies)) = (db.best(hoyito), db.plies(hoyito)) {
        let best: Vec<String> = best.iter().map(ToString::to_string).collect();
        out["endgame"] = json!({ "value": value, "best": best, "plies": plies });
    } else {
        out["endgame"] = Value::Null;
    }
}

fn describe(position: &Position) -> Value {
    let (status, winner) = match position.outcome() {
        Outcome::Ongoing => ("ongoing", Value::Null),
        Outcome::Won(side) => ("won", json!(position.side_name(side))),
        Outcome::Draw => ("draw", Value::Null),
    };
    let mut out = position.analysis();
    out.insert("game".into(), json!(position.kind().name()));
    out.insert("to_move".into(), position.to_move().map_or(Value::Null, |s| json!(position.side_name(s))));
    out.insert("status".into(), json!(status));
    out.insert("winner".into(), winner);
    out.insert("legal".into(), json!(position.legal_moves()));
    Value::Object(out)
}
