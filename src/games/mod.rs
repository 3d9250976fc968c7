//! The games: pure, synchronous rules engines, one module per game.
//!
//! Nothing here does IO, touches the store, renders pixels, knows about Discord or draws random numbers: dice
//! and sticks are inputs. Each game implements [`Game`]; [`Position`] erases the game type so the table service
//! can hold any game alike. Errors are [`Message`]s (a catalogue id plus arguments) so the front ends can say
//! them in the user's language.

pub mod epaminondas;
mod grid;
pub mod hoyito;
pub mod ocencahuac;
mod options;
mod position;
pub mod setup;
pub mod zohn_ahl;

use std::fmt;
use std::str::FromStr;

use crate::i18n::Message;

pub use grid::{Cell, GridPiece};
pub use options::{GameOptions, OptionError, OptionSet, yes_no};
pub use position::{GameKind, MoveError, Position};

/// One of the two sides of a game (South/North, White/Black, West/East, Dark/Light).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}

/// How a game stands according to its rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ongoing,
    Won(Side),
    Draw,
}

impl Outcome {
    /// The first side wins with the larger score, the second with the larger; equal scores draw.
    pub fn by_score<T: Ord>(first: T, second: T) -> Outcome {
        match first.cmp(&second) {
            std::cmp::Ordering::Greater => Outcome::Won(Side::First),
            std::cmp::Ordering::Less => Outcome::Won(Side::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }
}

/// A rule-level failure of [`Game::play`]: the reason, and the position exactly as it was before the attempt.
#[derive(Debug, Clone)]
pub struct PlayError<G: Game> {
    pub reason: G::IllegalMove,
    pub position: G,
}

/// Something that can be told to a user.
pub trait Explain {
    fn message(&self) -> Message;
}

/// The interface every game engine offers.
pub trait Game: Clone + Sized + fmt::Debug {
    /// A move in the rules document's notation.
    type Move: Clone + PartialEq + fmt::Debug + fmt::Display + FromStr<Err = Message>;
    type Options: GameOptions;
    /// Why a move is illegal; cheap to build, since search and playouts meet many illegal moves.
    type IllegalMove: Clone + fmt::Debug + PartialEq + Explain;

    fn new(options: &Self::Options) -> Self;
    fn options(&self) -> &Self::Options;
    /// The side whose decision it is, or `None` when the game is over.
    fn to_move(&self) -> Option<Side>;
    /// Every legal move of the side to move, in a stable, readable order.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// The canonical form of a move as written (for example a capture written with `-` gets its `x`).
    fn normalise(&self, m: &Self::Move) -> Self::Move {
        m.clone()
    }
    /// Plays a move; an illegal move gives the untouched position back with the reason.
    fn play(self, m: &Self::Move) -> Result<Self, PlayError<Self>>;
    fn outcome(&self) -> Outcome;
    /// The result when the players agree to stop early; a draw unless the game's rules say otherwise.
    fn early_end(&self) -> Outcome {
        Outcome::Draw
    }
    /// The legal moves as `analyze` lists them (in notation, unless the game says otherwise).
    fn legal_names(&self) -> Vec<String> {
        self.legal_moves().iter().map(|m| m.to_string()).collect()
    }
    /// The rules' name of a side (`"south"`, `"white"`...), as `analyze` prints it.
    fn side_name(side: Side) -> &'static str;
    /// A plain-text picture of the position, for terminals and logs; its words through `say` (the reader's
    /// language).
    fn diagram(&self, say: &dyn Fn(Message) -> String) -> String;
    /// What the last move did, in words (captures, extra moves, passes), for the reply to a move.
    fn describe_last_move(&self) -> Vec<Message>;
    /// Why the game ended, with the final score, once it is over.
    fn describe_end(&self) -> Option<Message>;
    /// A side's score or material for captions ("captured 12").
    fn score(&self, side: Side) -> Message;
    /// The position in words, compact, for a reader who cannot see the picture (a screen reader reads it):
    /// what the game's players need to know of the board, side by side.
    fn describe_position(&self) -> Vec<Message>;
    /// A part of the position in words, where the whole is long (a row, a rank or file, a piece): `focus` as a
    /// player types it, or why it names no part of this game.
    fn describe_focus(&self, focus: &str) -> Result<Vec<Message>, Message> {
        let _ = focus;
        Err(Message::new("describe-no-focus"))
    }
    /// The game's own keys of `tablero analyze`.
    fn analysis(&self) -> serde_json::Map<String, serde_json::Value>;
}
