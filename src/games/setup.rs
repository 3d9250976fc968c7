//! Positions set up from a few lines of text rather than reached from the start: the lessons' small positions.
//! A [`Setup`] names the game's options, the pieces (or seeds, or awls), the side to move, and moves played
//! from there through the rules (so a state only play creates, such as a stunned piece, comes about as in a
//! game).

use serde::Deserialize;

use super::epaminondas::{self, Epaminondas};
use super::hoyito::{self, Hoyito};
use super::ocencahuac::{self, Ocencahuac};
use super::zohn_ahl::{self, ZohnAhl};
use super::{Game, GameKind, GameOptions, OptionSet, Position, Side};

/// A position written out. Sides are `first` and `second` (Epaminondas: White and Black; Hoyito: South and North;
/// Ocencahuac: dark and light; Zohn Ahl: West and East).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    #[serde(default)]
    pub options: OptionSet,
    /// `first` or `second`.
    #[serde(default = "first")]
    pub to_move: String,
    /// Epaminondas: the first side's squares (`c2 d2`); Ocencahuac: its pieces, a letter and a square, `*` after
    /// a crowned royal (`Ec1 Wb2 Ma8*`).
    #[serde(default)]
    pub first: String,
    #[serde(default)]
    pub second: String,
    /// Hoyito: the seeds of the holes, South's 1 to n then North's.
    #[serde(default)]
    pub holes: Vec<u8>,
    /// Hoyito: the seeds each side has captured.
    #[serde(default)]
    pub captured: [u32; 2],
    /// Zohn Ahl: each team's step (its awl's place counted from its start), and its counters (by default
    /// those a game starts with: the option's for Zohn Ahl, none taken from the pile for Tsoñä).
    #[serde(default)]
    pub steps: [u8; 2],
    #[serde(default)]
    pub counters: Option<[u8; 2]>,
    /// Moves played from the set-up position, in notation, before the position is shown.
    #[serde(default)]
    pub moves: Vec<String>,
}

fn first() -> String {
    "first".into()
}

/// What is wrong with a written-out position, in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadSetup(pub String);

impl Setup {
    /// The position written out, or what is wrong with the text.
    pub fn position(&self, kind: GameKind) -> Result<Position, BadSetup> {
        self.written_position(kind).map_err(BadSetup)
    }

    fn written_position(&self, kind: GameKind) -> Result<Position, String> {
        let to_move = match self.to_move.as_str() {
            "first" => Side::First,
            "second" => Side::Second,
            other => return Err(format!("to_move is first or second, not {other:?}")),
        };
        let mut position = match kind {
            GameKind::Epaminondas => {
                let options = epaminondas::Options::from_set(&self.options).map_err(|e| format!("{e:?}"))?;
                let squares = |text: &str| -> Result<Vec<epaminondas::Square>, String> {
                    text.split_whitespace()
                        .map(|s| epaminondas::Square::parse(s).ok_or_else(|| format!("{s:?} is not a square")))
                        .collect()
                };
                Position::Epaminondas(Epaminondas::from_pieces(
                    options,
                    &squares(&self.first)?,
                    &squares(&self.second)?,
                    to_move,
                ))
            }
            GameKind::Hoyito => {
                let options = hoyito::Options::from_set(&self.options).map_err(|e| format!("{e:?}"))?;
                if self.holes.len() != 2 * usize::from(options.holes) {
                    return Err(format!("holes lists {} holes, not {}", self.holes.len(), 2 * options.holes));
                }
                Position::Hoyito(Hoyito::from_parts(options, &self.holes, self.captured, to_move))
            }
            GameKind::Ocencahuac => {
                let options = ocencahuac::Options::from_set(&self.options).map_err(|e| format!("{e:?}"))?;
                Position::Ocencahuac(Ocencahuac::from_board(options, self.board()?, to_move))
            }
            GameKind::ZohnAhl => {
                let options = zohn_ahl::Options::from_set(&self.options).map_err(|e| format!("{e:?}"))?;
                if self.steps.iter().any(|&s| s >= zohn_ahl::SPACES) {
                    return Err("a step is below 40".into());
                }
                let counters = self.counters.unwrap_or(match options.variant {
                    zohn_ahl::Variant::ZohnAhl => [options.counters; 2],
                    zohn_ahl::Variant::Tsona => [0, 0],
                });
                Position::ZohnAhl(ZohnAhl::from_parts(options, self.steps, counters, to_move))
            }
        };
        for m in &self.moves {
            position.play(m).map_err(|e| format!("{m:?} cannot be played: {:?}", e.message().id))?;
        }
        Ok(position)
    }

    /// An Ocencahuac board from the two sides' pieces; a side whose three royals are crowned is activated.
    fn board(&self) -> Result<ocencahuac::Board, String> {
        use ocencahuac::{Board, Kind, Piece, Square};
        let mut board = Board { cells: [[None; 5]; 8], activated: [false, false] };
        let mut id = 0u8;
        for (side, text) in [(Side::First, &self.first), (Side::Second, &self.second)] {
            for token in text.split_whitespace() {
                let bad = || format!("{token:?} is not a piece: a letter E, M, P or W, a square, and * if crowned");
                let mut chars = token.chars();
                let kind = match chars.next() {
                    Some('E') => Kind::Emperor,
                    Some('M') => Kind::Princess,
                    Some('P') => Kind::Prince,
                    Some('W') => Kind::Warrior,
                    _ => return Err(bad()),
                };
                let rest = chars.as_str();
                let (square, crowned) = match rest.strip_suffix('*') {
                    Some(square) => (square, true),
                    None => (rest, false),
                };
                let square = Square::parse(square).ok_or_else(bad)?;
                if !board.is_empty(square) {
                    return Err(format!("two pieces on {token}"));
                }
                board.put(square, Some(Piece { side, kind, crowned: crowned && kind.is_royal(), stunned: false, id }));
                id += 1;
            }
            board.activated[side.index()] = board.crowns(side) == 3;
        }
        Ok(board)
    }
}

impl Position {
    /// Zohn Ahl: where a throw takes the awl of the team on turn, as a global space (the space it is sent back
    /// to when it falls in), and whether it sends the other awl home; `None` in the other games, or when the
    /// text is not a throw.
    pub fn throw_lands(&self, throw: &str) -> Option<(u8, bool)> {
        let Position::ZohnAhl(game) = self else { return None };
        let mut after = self.clone();
        after.play(throw).ok()?;
        let Position::ZohnAhl(after_game) = &after else { return None };
        let last = after_game.last_throw()?;
        let side = game.to_move()?;
        let hit = matches!(last.event, zohn_ahl::Event::Captured | zohn_ahl::Event::LapAndCaptured);
        Some((zohn_ahl::space(side, last.to), hit))
    }
}
