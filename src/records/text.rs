//! The text form of a record, PGN-like: tag pairs (`[Name "value"]`, values written as JSON strings), a blank
//! line, one numbered move a line with its time (and its mover, when the side has several players) in braces,
//! and the result:
//!
//! ```text
//! [Format "tablero-record"]
//! [Version "1"]
//! [Game "epaminondas"]
//! [White "ana"]
//! [WhitePlayer "123 ana"]
//! ...
//!
//! 1. a1-b2 {2026-12-01T10:00:05Z}
//! 2. n12-m11 {2026-12-01T10:04:40Z}
//! 1-0
//! ```
//!
//! A side's tags start with its rules' name (`White`, `South`, `West`, `Dark`...): the side's name, each player
//! (`id name`), `Team "yes"` and `Role "id name"` for teams. `Rating "id before after"` (with ` provisional`)
//! gives a rated game's ratings, `SecondsPerMove` the time per move of a game that had one, `Tournament` and
//! `Round` (from 1) a tournament game's tournament and round. A move's braces hold its time, then `by <id>` and the mover's name (a JSON string) when
//! the record needs them; a move without braces was played at the start time.

use std::collections::BTreeMap;

use super::{MoveRecord, Named, PlayerRecord, Record, RecordError, SideRecord};
use crate::games::{GameKind, Side};
use crate::i18n::Message;

fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

pub fn write(r: &Record) -> String {
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| out.push_str(&format!("[{name} {}]\n", quote(value)));
    tag("Format", &r.format);
    tag("Version", &r.version.to_string());
    tag("Game", &r.game);
    tag("Id", &r.id.to_string());
    if let Some(tournament) = r.tournament {
        tag("Tournament", &tournament.to_string());
    }
    if let Some(round) = r.round {
        tag("Round", &round.to_string());
    }
    let options: Vec<String> = r.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    tag("Options", &options.join(" "));
    for side in &r.sides {
        let prefix = capitalised(&side.side);
        tag(&prefix, &side.name);
        if side.team {
            tag(&format!("{prefix}Team"), "yes");
        }
        if let Some(role) = &side.role {
            tag(&format!("{prefix}Role"), &format!("{} {}", role.id, role.name));
        }
        for p in &side.players {
            tag(&format!("{prefix}Player"), &format!("{} {}", p.id, p.name));
        }
    }
    for p in r.sides.iter().flat_map(|s| &s.players) {
        if let (Some(before), Some(after)) = (p.rating_before, p.rating_after) {
            let provisional = if p.provisional { " provisional" } else { "" };
            tag("Rating", &format!("{} {before} {after}{provisional}", p.id));
        }
    }
    if let Some(level) = r.computer {
        tag("Computer", &level.to_string());
    }
    if let Some(seconds) = r.seconds_per_move {
        tag("SecondsPerMove", &seconds.to_string());
    }
    tag("Started", &r.started);
    if let Some(ended) = &r.ended {
        tag("Ended", ended);
    }
    tag("Result", &r.result);
    if let Some(t) = &r.termination {
        tag("Termination", t);
    }
    tag("Rated", if r.rated { "yes" } else { "no" });
    out.push('\n');
    for (i, m) in r.moves.iter().enumerate() {
        out.push_str(&format!("{}. {} {{{}", i + 1, m.notation, m.at));
        if let Some(by) = &m.by {
            out.push_str(&format!(" by {by}"));
            if let Some(name) = &m.name {
                out.push_str(&format!(" {}", quote(name)));
            }
        }
        out.push_str("}\n");
    }
    out.push_str(&r.result);
    out.push('\n');
    out
}

fn bad_line(n: usize, line: &str) -> RecordError {
    Message::new("record-bad-line").num("line", n as i64).str("text", line.chars().take(80).collect::<String>()).into()
}

/// `id rest...` of a player or role tag.
fn named(value: &str, n: usize, line: &str) -> Result<(String, String), RecordError> {
    let (id, name) = value.split_once(' ').ok_or_else(|| bad_line(n, line))?;
    if id.parse::<u64>().is_err() || name.trim().is_empty() {
        return Err(bad_line(n, line));
    }
    Ok((id.to_string(), name.to_string()))
}

/// A tag's number above 0 (none when the tag is absent), or `message` quoting what the tag says instead.
fn positive<T: std::str::FromStr + PartialEq + Default>(
    value: Option<String>,
    message: &'static str,
) -> Result<Option<T>, RecordError> {
    let Some(text) = value else { return Ok(None) };
    match text.parse::<T>() {
        Ok(n) if n != T::default() => Ok(Some(n)),
        _ => Err(Message::new(message).str("text", text.chars().take(40).collect::<String>()).into()),
    }
}

/// A tag line's name and value, with its line (number and text) for a refusal.
struct Tag {
    name: String,
    value: String,
    n: usize,
    line: String,
}

/// The lines of a text record: its tags, its moves, and the result written after them.
type Lines = (Vec<Tag>, Vec<MoveRecord>, Option<String>);

/// The tags, the moves and the end marker of a text record, each line checked for its form.
fn lines(text: &str) -> Result<Lines, RecordError> {
    let mut tags: Vec<Tag> = Vec::new();
    let mut moves = Vec::new();
    let mut end: Option<String> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if end.is_some() {
            return Err(bad_line(n, line));
        }
        if let Some(inner) = line.strip_prefix('[') {
            let inner = inner.strip_suffix(']').ok_or_else(|| bad_line(n, line))?;
            let (name, value) = inner.split_once(' ').ok_or_else(|| bad_line(n, line))?;
            let value: String = serde_json::from_str(value.trim()).map_err(|_| bad_line(n, line))?;
            if !moves.is_empty() {
                return Err(bad_line(n, line));
            }
            tags.push(Tag { name: name.to_string(), value, n, line: line.to_string() });
        } else if matches!(line, "1-0" | "0-1" | "1/2-1/2" | "*") {
            end = Some(line.to_string());
        } else {
            moves.push(move_line(n, line, moves.len() + 1)?);
        }
    }
    Ok((tags, moves, end))
}

/// `number. notation {at by id "name"}`, the move numbered `expected`.
fn move_line(n: usize, line: &str, expected: usize) -> Result<MoveRecord, RecordError> {
    let (number, rest) = line.split_once('.').ok_or_else(|| bad_line(n, line))?;
    if number.trim().parse::<usize>().ok() != Some(expected) {
        return Err(Message::new("record-bad-number").num("line", n as i64).num("expected", expected as i64).into());
    }
    let (notation, comment) = match rest.split_once('{') {
        Some((notation, comment)) => {
            (notation.trim(), Some(comment.trim().strip_suffix('}').ok_or_else(|| bad_line(n, line))?.trim()))
        }
        None => (rest.trim(), None),
    };
    if notation.is_empty() {
        return Err(bad_line(n, line));
    }
    let mut m = MoveRecord { notation: notation.to_string(), at: String::new(), by: None, name: None };
    if let Some(comment) = comment {
        let (at, rest) = comment.split_once(' ').unwrap_or((comment, ""));
        m.at = at.to_string();
        let rest = rest.trim();
        if !rest.is_empty() {
            let rest = rest.strip_prefix("by ").ok_or_else(|| bad_line(n, line))?;
            let (by, name) = rest.split_once(' ').unwrap_or((rest, ""));
            by.parse::<u64>().map_err(|_| bad_line(n, line))?;
            m.by = Some(by.to_string());
            if !name.trim().is_empty() {
                m.name = Some(serde_json::from_str(name.trim()).map_err(|_| bad_line(n, line))?);
            }
        }
    }
    Ok(m)
}

/// The two sides the tags name (`White`, `WhiteTeam`, `WhiteRole`, `WhitePlayer`… by the game's side names),
/// with the players' rating changes (`Rating`).
fn read_sides(tags: &[Tag], kind: GameKind) -> Result<Vec<SideRecord>, RecordError> {
    let get = |name: &str| tags.iter().find(|t| t.name == name).map(|t| t.value.clone());
    let mut sides = Vec::new();
    for side in Side::BOTH {
        let rules_name = kind.side_name(side);
        let prefix = capitalised(rules_name);
        let mut record = SideRecord {
            side: rules_name.to_string(),
            name: get(&prefix)
                .ok_or_else(|| RecordError::new(Message::new("record-missing-tag").str("tag", prefix.clone())))?,
            team: get(&format!("{prefix}Team")).as_deref() == Some("yes"),
            role: None,
            players: Vec::new(),
        };
        for Tag { name, value, n, line } in tags {
            if *name == format!("{prefix}Role") {
                let (id, name) = named(value, *n, line)?;
                record.role = Some(Named { id, name });
            } else if *name == format!("{prefix}Player") {
                let (id, name) = named(value, *n, line)?;
                record.players.push(PlayerRecord {
                    id,
                    name,
                    rating_before: None,
                    rating_after: None,
                    provisional: false,
                });
            }
        }
        sides.push(record);
    }
    for Tag { value, n, line, .. } in tags.iter().filter(|t| t.name == "Rating") {
        let words: Vec<&str> = value.split_whitespace().collect();
        let parsed = match words.as_slice() {
            [id, before, after, rest @ ..] if rest.is_empty() || rest == ["provisional"] => {
                before.parse::<i32>().ok().zip(after.parse::<i32>().ok()).map(|r| (*id, r, !rest.is_empty()))
            }
            _ => None,
        };
        let (id, (before, after), provisional) = parsed.ok_or_else(|| bad_line(*n, line))?;
        let player = sides.iter_mut().flat_map(|s| s.players.iter_mut()).find(|p| p.id == id);
        let player = player.ok_or_else(|| bad_line(*n, line))?;
        player.rating_before = Some(before);
        player.rating_after = Some(after);
        player.provisional = provisional;
    }
    Ok(sides)
}

pub fn read(text: &str) -> Result<Record, RecordError> {
    let (tags, mut moves, end) = lines(text)?;
    let get = |name: &str| tags.iter().find(|t| t.name == name).map(|t| t.value.clone());
    super::format_and_version(get("Format").as_deref(), get("Version").and_then(|v| v.parse().ok()))?;
    let missing = |name: &'static str| RecordError::new(Message::new("record-missing-tag").str("tag", name));
    let game = get("Game").ok_or_else(|| missing("Game"))?;
    let kind: GameKind = game.parse().map_err(RecordError::new)?;
    let mut options = BTreeMap::new();
    for pair in get("Options").unwrap_or_default().split_whitespace() {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| RecordError::new(Message::new("record-bad-option").str("text", pair)))?;
        options.insert(k.to_string(), v.to_string());
    }
    let sides = read_sides(&tags, kind)?;
    let started = get("Started").ok_or_else(|| missing("Started"))?;
    for m in &mut moves {
        if m.at.is_empty() {
            m.at = started.clone();
        }
    }
    let result = get("Result").ok_or_else(|| missing("Result"))?;
    if end.as_ref().is_some_and(|e| *e != result) {
        return Err(Message::new("record-result-differs")
            .str("tag", result)
            .str("end", end.unwrap_or_default())
            .into());
    }
    let id = match get("Id") {
        Some(id) => id.parse().map_err(|_| RecordError::new(Message::new("record-bad-id").str("text", id)))?,
        None => 0,
    };
    let computer = match get("Computer") {
        Some(level) => Some(level.parse().map_err(|_| RecordError::new(Message::new("record-bad-computer")))?),
        None => None,
    };
    let tournament = positive(get("Tournament"), "record-bad-tournament")?;
    let round = positive(get("Round"), "record-bad-round")?;
    let seconds_per_move = positive(get("SecondsPerMove"), "record-bad-time-per-move")?;
    Ok(Record {
        format: super::FORMAT.to_string(),
        version: super::VERSION,
        game,
        id,
        tournament,
        round,
        options,
        sides,
        computer,
        seconds_per_move,
        started,
        ended: get("Ended"),
        result,
        termination: get("Termination"),
        rated: get("Rated").as_deref() == Some("yes"),
        moves,
    })
}
