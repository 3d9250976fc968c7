//! The game kinds and a position of any of them, so the table service, the store and `analyze` can treat every
//! game alike. Moves cross this boundary as notation text.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::epaminondas::Epaminondas;
use super::hoyito::Hoyito;
use super::ocencahuac::Ocencahuac;
use super::zohn_ahl::ZohnAhl;
use super::{Explain, Game, GameOptions, OptionError, OptionSet, Outcome, Side};
use crate::i18n::Message;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    Epaminondas,
    Hoyito,
    Ocencahuac,
    ZohnAhl,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [GameKind::Epaminondas, GameKind::Hoyito, GameKind::Ocencahuac, GameKind::ZohnAhl];

    /// The name used in commands, records and `analyze`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Epaminondas => "epaminondas",
            GameKind::Hoyito => "hoyito",
            GameKind::Ocencahuac => "ocencahuac",
            GameKind::ZohnAhl => "zohn-ahl",
        }
    }

    /// The option keys of this game.
    pub fn option_keys(self) -> &'static [&'static str] {
        match self {
            GameKind::Epaminondas => <Epaminondas as Game>::Options::KEYS,
            GameKind::Hoyito => <Hoyito as Game>::Options::KEYS,
            GameKind::Ocencahuac => <Ocencahuac as Game>::Options::KEYS,
            GameKind::ZohnAhl => <ZohnAhl as Game>::Options::KEYS,
        }
    }

    /// Checks options and completes them with defaults.
    pub fn normalise_options(self, given: &OptionSet) -> Result<OptionSet, OptionError> {
        match self {
            GameKind::Epaminondas => <Epaminondas as Game>::Options::from_set(given).map(|o| o.to_set()),
            GameKind::Hoyito => <Hoyito as Game>::Options::from_set(given).map(|o| o.to_set()),
            GameKind::Ocencahuac => <Ocencahuac as Game>::Options::from_set(given).map(|o| o.to_set()),
            GameKind::ZohnAhl => <ZohnAhl as Game>::Options::from_set(given).map(|o| o.to_set()),
        }
    }

    /// The rules' name of a side.
    /// Whether a move is a throw of the sticks, made by the table rather than chosen by the player.
    pub fn moves_are_throws(self) -> bool {
        self == GameKind::ZohnAhl
    }

    pub fn side_name(self, side: Side) -> &'static str {
        match self {
            GameKind::Epaminondas => Epaminondas::side_name(side),
            GameKind::Hoyito => Hoyito::side_name(side),
            GameKind::Ocencahuac => Ocencahuac::side_name(side),
            GameKind::ZohnAhl => ZohnAhl::side_name(side),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = Message;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let wanted = s.trim().to_lowercase();
        GameKind::ALL
            .into_iter()
            .find(|k| {
                k.name() == wanted
                    || (wanted == "hoyito-ii" && *k == GameKind::Hoyito)
                    || (matches!(wanted.as_str(), "zohnahl" | "tsona" | "tsoñä") && *k == GameKind::ZohnAhl)
            })
            .ok_or_else(|| {
                let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
                Message::new("game-unknown").str("game", s).str("known", known.join(", "))
            })
    }
}

/// Why a move given as text was not played.
#[derive(Debug, Clone, PartialEq)]
pub enum MoveError {
    /// The text is not a move in this game's notation.
    Notation(Message),
    /// A well-formed move the rules forbid here.
    Illegal(Message),
}

impl MoveError {
    pub fn message(&self) -> &Message {
        match self {
            MoveError::Notation(m) | MoveError::Illegal(m) => m,
        }
    }
}

/// A position of any game. Variants differ in size (an Ocencahuac position carries its repetition history); a
/// position is held one at a time per game, so boxing would buy nothing but indirection.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)]
pub enum Position {
    Epaminondas(Epaminondas),
    Hoyito(Hoyito),
    Ocencahuac(Ocencahuac),
    ZohnAhl(ZohnAhl),
}

/// Applies `$body` to the concrete game inside a [`Position`].
macro_rules! each_game {
    ($position:expr, $g:ident => $body:expr) => {
        match $position {
            Position::Epaminondas($g) => $body,
            Position::Hoyito($g) => $body,
            Position::Ocencahuac($g) => $body,
            Position::ZohnAhl($g) => $body,
        }
    };
}

fn play_text<G: Game>(game: &mut G, text: &str) -> Result<G::Move, MoveError> {
    let m: G::Move = text.parse().map_err(MoveError::Notation)?;
    let m = game.normalise(&m);
    match game.clone().play(&m) {
        Ok(next) => {
            *game = next;
            Ok(m)
        }
        Err(e) => Err(MoveError::Illegal(e.reason.message())),
    }
}

impl Position {
    /// The start position of `kind` with the given options (unknown keys or bad values are refused).
    pub fn new(kind: GameKind, options: &OptionSet) -> Result<Position, OptionError> {
        Ok(match kind {
            GameKind::Epaminondas => Position::Epaminondas(Epaminondas::new(&GameOptions::from_set(options)?)),
            GameKind::Hoyito => Position::Hoyito(Hoyito::new(&GameOptions::from_set(options)?)),
            GameKind::Ocencahuac => Position::Ocencahuac(Ocencahuac::new(&GameOptions::from_set(options)?)),
            GameKind::ZohnAhl => Position::ZohnAhl(ZohnAhl::new(&GameOptions::from_set(options)?)),
        })
    }

    /// Replays `moves` from the start; on an illegal move, its index and the error.
    pub fn replay<'a>(
        kind: GameKind,
        options: &OptionSet,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Result<Position, (usize, MoveError)>, OptionError> {
        let mut position = Position::new(kind, options)?;
        for (i, m) in moves.into_iter().enumerate() {
            if let Err(e) = position.play(m) {
                return Ok(Err((i, e)));
            }
        }
        Ok(Ok(position))
    }

    pub fn kind(&self) -> GameKind {
        match self {
            Position::Epaminondas(_) => GameKind::Epaminondas,
            Position::Hoyito(_) => GameKind::Hoyito,
            Position::Ocencahuac(_) => GameKind::Ocencahuac,
            Position::ZohnAhl(_) => GameKind::ZohnAhl,
        }
    }

    pub fn to_move(&self) -> Option<Side> {
        each_game!(self, g => g.to_move())
    }

    pub fn outcome(&self) -> Outcome {
        each_game!(self, g => g.outcome())
    }

    /// The legal moves in notation (for a game of chance, `["throw"]`).
    pub fn legal_moves(&self) -> Vec<String> {
        each_game!(self, g => g.legal_names())
    }

    /// The result if the players agree to stop now.
    pub fn early_end(&self) -> Outcome {
        each_game!(self, g => g.early_end())
    }

    /// Plays a move given in notation; the position is unchanged on error. Returns the move as the notation
    /// prints it (normalised).
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        each_game!(self, g => play_text(g, text).map(|m| m.to_string()))
    }

    /// The side that played the last move, if any move was played.
    pub fn last_side(&self) -> Option<Side> {
        match self {
            Position::Epaminondas(g) => g.last_move().map(|m| m.side),
            Position::Hoyito(g) => g.last_move().map(|m| m.side),
            Position::Ocencahuac(g) => g.last_move().map(|m| m.side),
            Position::ZohnAhl(g) => g.last_throw().map(|m| m.side),
        }
    }

    /// The complete move an incomplete one stands for when it can stand for only one (an Ocencahuac relief with
    /// one square for the relieved royal); `None` otherwise, and always in the other games.
    pub fn complete(&self, text: &str) -> Option<String> {
        match self {
            Position::Ocencahuac(g) => g.complete(&text.trim().parse().ok()?).map(|m| m.to_string()),
            _ => None,
        }
    }

    /// The positions a move passes through before it ends, for a replay (an Ocencahuac jump chain: one after
    /// each hop); empty for a move that is one step, and in the other games.
    pub fn steps(&self, text: &str) -> Vec<Position> {
        match self {
            Position::Ocencahuac(g) => match text.trim().parse() {
                Ok(m) => g.hops(&g.normalise(&m)).into_iter().map(Position::Ocencahuac).collect(),
                Err(_) => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    pub fn diagram(&self, say: &dyn Fn(Message) -> String) -> String {
        each_game!(self, g => g.diagram(say))
    }

    pub fn describe_last_move(&self) -> Vec<Message> {
        each_game!(self, g => g.describe_last_move())
    }

    pub fn describe_end(&self) -> Option<Message> {
        each_game!(self, g => g.describe_end())
    }

    pub fn score(&self, side: Side) -> Message {
        each_game!(self, g => g.score(side))
    }

    pub fn describe_position(&self) -> Vec<Message> {
        each_game!(self, g => g.describe_position())
    }

    pub fn describe_focus(&self, focus: &str) -> Result<Vec<Message>, Message> {
        each_game!(self, g => g.describe_focus(focus))
    }

    pub fn analysis(&self) -> Map<String, Value> {
        each_game!(self, g => g.analysis())
    }

    pub fn side_name(&self, side: Side) -> &'static str {
        self.kind().side_name(side)
    }
}
