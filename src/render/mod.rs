//! Board pictures: a game position and its captions in, PNG bytes out. Pure and deterministic: the same input
//! always gives the same bytes. No IO, no clocks (deadlines belong in message text, not in pictures).
//!
//! Captions are words the table service has already put in the viewer's language; this module only lays
//! them out.

pub mod bracket;
mod canvas;
mod caption;
pub mod chart;
mod epaminondas;
mod hoyito;
mod ocencahuac;
pub mod table;
mod text;
mod zohn_ahl;

use crate::games::Position;

/// What the picture says about one side.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SideCaption {
    /// For example "ana · South".
    pub title: String,
    /// For example "captured 12".
    pub score: String,
    /// A highlighted tag ("to move", "winner"); its band is drawn highlighted when present.
    pub badge: Option<String>,
}

/// The captions of both sides, by side index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Captions {
    pub sides: [SideCaption; 2],
}

/// Renders a position as a PNG.
pub fn board_png(position: &Position, captions: &Captions) -> Vec<u8> {
    match position {
        Position::Epaminondas(game) => epaminondas::render(game, captions),
        Position::Hoyito(game) => hoyito::render(game, captions),
        Position::Ocencahuac(game) => ocencahuac::render(game, captions),
        Position::ZohnAhl(game) => zohn_ahl::render(game, captions),
    }
}
