//! Game records: the exchange form of a game, for people and tools. One content in two forms — JSON (schema in
//! `docs/record.schema.json`) and a PGN-like text (tag pairs, then numbered moves) — written from a stored game
//! ([`Record::of`]) and read back ([`read`]), then checked by replaying every move through the rules
//! ([`check`]). Pure: no store, no IO; the table service stores what a check accepts.

mod check;
mod text;

/// Times in records (ISO 8601 UTC).
pub use crate::dates as time;

use serde::{Deserialize, Serialize};

use crate::games::{GameKind, OptionSet, Position, Side};
use crate::i18n::{self, Locale, Message};
use crate::store::record::{FinishReason, GameRecord, Status, Team};

pub use check::{Replayed, check};

/// The `format` of every record.
pub const FORMAT: &str = "tablero-record";
/// The version this build writes; it reads this one and older ones.
pub const VERSION: u32 = 1;
/// The largest record file read (Discord's `/import` takes attachments up to this).
pub const MAX_BYTES: usize = 1_000_000;

/// A game's record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: String,
    pub version: u32,
    /// `epaminondas`, `hoyito`, `ocencahuac` or `zohn-ahl`.
    pub game: String,
    /// The game's number where it was played.
    pub id: u64,
    /// The tournament it was played in, by its number where it was played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<u64>,
    /// Its round in that tournament, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// Every rule option, complete.
    pub options: OptionSet,
    /// The two sides, the first mover's first.
    pub sides: Vec<SideRecord>,
    /// The computer's level, when one side is the computer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<u8>,
    /// The time per move, in seconds, when the game had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds_per_move: Option<u64>,
    /// ISO 8601, UTC.
    pub started: String,
    /// ISO 8601, UTC; absent while the game is on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    /// `1-0` (the first side won), `0-1`, `1/2-1/2`, or `*` (still on).
    pub result: String,
    /// How it ended: `rules`, `resignation`, `draw-agreed`, `timeout` or `forfeit`; absent while on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination: Option<String>,
    /// Whether it counted for ratings where it was played.
    pub rated: bool,
    pub moves: Vec<MoveRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideRecord {
    /// The rules' name of the side (`white`, `south`, `west`, `dark`...).
    pub side: String,
    /// The side as people read it: its player, its team, its role.
    pub name: String,
    /// A team (Zohn Ahl played by teams) rather than one player.
    #[serde(default, skip_serializing_if = "is_false")]
    pub team: bool,
    /// The Discord role the team is, when it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Named>,
    /// The players: the side's player, a team's players, or the members of a role who joined before it started.
    pub players: Vec<PlayerRecord>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Named {
    /// A Discord id, as a string (snowflakes exceed what JSON numbers carry exactly in many tools).
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRecord {
    pub id: String,
    pub name: String,
    /// Rated games: the rating before and after the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_before: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_after: Option<i32>,
    /// The rating after the game is still provisional.
    #[serde(default, skip_serializing_if = "is_false")]
    pub provisional: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRecord {
    /// The move in the rules' notation (Zohn Ahl: the thrown faces, `F` flat and `R` round, stick by stick).
    #[serde(rename = "move")]
    pub notation: String,
    /// When it was played, ISO 8601 UTC.
    pub at: String,
    /// Who played it, when not the side's only player (a team member, a role member).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// The mover's name, when the players of the side do not include them (a member of a role team).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// Why a record was not read or not accepted: a message, and what the rules said about the move, if it was a move.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordError {
    pub message: Message,
    pub cause: Option<Message>,
}

impl RecordError {
    pub fn new(message: Message) -> RecordError {
        RecordError { message, cause: None }
    }

    /// The message, with the rules' reason in it.
    pub fn message(&self) -> Message {
        match &self.cause {
            Some(cause) => self.message.clone().nested("reason", cause.clone()),
            None => self.message.clone(),
        }
    }

    /// In `locale`: the message, with the rules' reason in it.
    pub fn text(&self, locale: Locale) -> String {
        i18n::text(locale, &self.message())
    }
}

impl From<Message> for RecordError {
    fn from(m: Message) -> RecordError {
        RecordError::new(m)
    }
}

/// The two forms of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Json,
    Text,
}

impl Form {
    pub fn extension(self) -> &'static str {
        match self {
            Form::Json => "json",
            Form::Text => "txt",
        }
    }
}

/// `1-0`, `0-1`, `1/2-1/2`.
pub fn result_of(winner: Option<Side>) -> &'static str {
    match winner {
        Some(Side::First) => "1-0",
        Some(Side::Second) => "0-1",
        None => "1/2-1/2",
    }
}

pub fn termination_name(reason: FinishReason) -> &'static str {
    match reason {
        FinishReason::Rules => "rules",
        FinishReason::Resignation => "resignation",
        FinishReason::DrawAgreed => "draw-agreed",
        FinishReason::Timeout => "timeout",
        FinishReason::Forfeit => "forfeit",
    }
}

pub fn termination_of(name: &str) -> Option<FinishReason> {
    [
        FinishReason::Rules,
        FinishReason::Resignation,
        FinishReason::DrawAgreed,
        FinishReason::Timeout,
        FinishReason::Forfeit,
    ]
    .into_iter()
    .find(|r| termination_name(*r) == name)
}

impl Record {
    /// The record of a stored game that was played (running or finished); `None` for a challenge or a game that
    /// never started.
    pub fn of(game: &GameRecord) -> Option<Record> {
        let (result, termination, ended) = match game.status {
            Status::Active => ("*", None, None),
            Status::Finished { winner, reason } => {
                (result_of(winner), Some(termination_name(reason).to_string()), Some(time::format(game.updated_at)))
            }
            _ => return None,
        };
        let player = |p: &crate::store::record::Player| {
            let change = game.rating_changes.iter().find(|c| c.user == p.id);
            PlayerRecord {
                id: p.id.to_string(),
                name: p.name.clone(),
                rating_before: change.map(|c| c.before),
                rating_after: change.map(|c| c.after),
                provisional: change.is_some_and(|c| c.provisional),
            }
        };
        let sides = Side::BOTH
            .into_iter()
            .map(|side| {
                let (team, role, players) = match game.teams.get(side.index()) {
                    Some(Team::Players { players }) => (true, None, players.iter().map(player).collect()),
                    Some(Team::Role { id, name, .. }) => (
                        true,
                        Some(Named { id: id.to_string(), name: name.clone() }),
                        game.members(side).iter().map(player).collect(),
                    ),
                    None => (false, None, game.player(side).map(player).into_iter().collect()),
                };
                SideRecord {
                    side: game.kind.side_name(side).to_string(),
                    name: game.side_label(side, Locale::English),
                    team,
                    role,
                    players,
                }
            })
            .collect::<Vec<_>>();
        // Who moved is written only when the side's one player does not say it already.
        let mut position = Position::new(game.kind, &game.options).ok()?;
        let mut moves = Vec::with_capacity(game.moves.len());
        for m in &game.moves {
            let mover = position.to_move();
            position.play(&m.notation).ok()?;
            let sole = mover
                .and_then(|s| sides.get(s.index()))
                .filter(|s| s.role.is_none() && s.players.len() == 1)
                .map(|s| s.players[0].id.clone());
            let by = m.by.to_string();
            moves.push(MoveRecord {
                notation: m.notation.clone(),
                at: time::format(m.at),
                by: (sole.as_deref() != Some(by.as_str())).then_some(by),
                name: m.name.clone(),
            });
        }
        let imported = game.imported.as_ref();
        Some(Record {
            format: FORMAT.to_string(),
            version: VERSION,
            game: game.kind.name().to_string(),
            id: imported.map_or(game.id, |i| i.id).get(),
            tournament: imported.map_or(game.tournament.map(|t| t.tournament.get()), |i| i.tournament),
            round: imported.map_or(game.tournament.map(|t| t.round as u32 + 1), |i| i.round),
            options: game.options.clone(),
            sides,
            computer: game.computer.map(|c| c.level),
            seconds_per_move: imported.map_or(game.clock.as_ref().map(|c| c.per_move), |i| i.seconds_per_move),
            started: time::format(game.created_at),
            ended,
            result: result.to_string(),
            termination,
            rated: imported.map_or(game.rated, |i| i.rated),
            moves,
        })
    }

    /// The file name of the record in a form when exported as game `number` (`<game>-<number>.json` or `.txt`):
    /// the number where it is exported, which for an imported game is not the original `id` the record keeps.
    pub fn file_name(&self, number: u64, form: Form) -> String {
        format!("{}-{number}.{}", self.game, form.extension())
    }

    pub fn kind(&self) -> Result<GameKind, RecordError> {
        self.game.parse().map_err(RecordError::new)
    }

    /// The record in one of its forms.
    pub fn write(&self, form: Form) -> String {
        match form {
            Form::Json => {
                let mut s = serde_json::to_string_pretty(self).unwrap_or_default();
                s.push('\n');
                s
            }
            Form::Text => text::write(self),
        }
    }
}

/// Reads a record in either form (JSON when it starts with `{`), checking its format and version, not its moves
/// (see [`check`]).
pub fn read(bytes: &[u8]) -> Result<Record, RecordError> {
    if bytes.len() > MAX_BYTES {
        return Err(Message::new("record-too-big").num("max", (MAX_BYTES / 1000) as i64).into());
    }
    let text = std::str::from_utf8(bytes).map_err(|_| Message::new("record-not-text"))?;
    let text = text.trim_start_matches('\u{feff}');
    if text.trim_start().starts_with('{') {
        // The format and version first, so that another file or a newer version is named as such.
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| Message::new("record-bad-json").num("line", e.line() as i64).str("error", e.to_string()))?;
        format_and_version(
            value.get("format").and_then(|f| f.as_str()),
            value.get("version").and_then(|v| v.as_u64()),
        )?;
        serde_json::from_str(text).map_err(|e| {
            Message::new("record-bad-json").num("line", e.line() as i64).str("error", e.to_string()).into()
        })
    } else {
        text::read(text)
    }
}

fn format_and_version(format: Option<&str>, version: Option<u64>) -> Result<(), RecordError> {
    if format != Some(FORMAT) {
        return Err(Message::new("record-not-ours").into());
    }
    match version {
        Some(v) if v >= 1 && v <= u64::from(VERSION) => Ok(()),
        Some(v) if v > u64::from(VERSION) => {
            Err(Message::new("record-newer").num("version", v as i64).num("known", VERSION).into())
        }
        _ => Err(Message::new("record-no-version").into()),
    }
}
