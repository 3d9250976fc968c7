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
pub mod replay;
pub mod table;
mod text;
pub mod theme;
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
    /// A second line under the title, for example the side's last move ("12. d4xd8").
    pub note: Option<String>,
}

/// A kind of mark a board picture may carry, explained by the legend under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Where the last move started (a square or a hole).
    From,
    /// Where the last move went.
    To,
    /// What the last move captured.
    Captured,
    /// A piece pushed back (Ocencahuac's retreat).
    Pushed,
    /// A stunned piece.
    Stunned,
    /// A crowned royal.
    Crowned,
    /// A royal moved by a relief jump.
    Relieved,
}

/// The captions of both sides, by side index, and the words of the legend (each mark the picture shows is
/// explained; marks it does not show are left out).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Captions {
    pub sides: [SideCaption; 2],
    pub legend: Vec<(Mark, String)>,
    /// Zohn Ahl: the throws of the turn the picture shows, oldest first (empty: the position's last throw).
    pub throws: Vec<crate::games::zohn_ahl::LastThrow>,
    /// Zohn Ahl: the compass letters north, east, south, west in the reader's language (`None`: N E S W); the
    /// awls carry the west and east letters.
    pub compass: Option<[String; 4]>,
}

impl Captions {
    /// The legend's word for a mark, if the caller gave one.
    pub fn word(&self, mark: Mark) -> Option<&str> {
        self.legend.iter().find(|(m, _)| *m == mark).map(|(_, w)| w.as_str())
    }
}

/// Renders a position as a PNG.
pub fn board_png(position: &Position, captions: &Captions) -> Vec<u8> {
    let started = std::time::Instant::now();
    let png = match position {
        Position::Epaminondas(game) => epaminondas::render(game, captions),
        Position::Hoyito(game) => hoyito::render(game, captions),
        Position::Ocencahuac(game) => ocencahuac::render(game, captions),
        Position::ZohnAhl(game) => zohn_ahl::render(game, captions),
    };
    crate::metrics::rendered("board", started.elapsed());
    png
}

/// A picture as palette indices, row by row, with its palette: what a board PNG holds, before encoding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
    /// RGB triples, at most 256; the same for every picture of one game.
    pub palette: &'static [u8],
}

/// The picture [`board_png`] encodes, unencoded.
pub fn board_picture(position: &Position, captions: &Captions) -> Picture {
    let (canvas, palette) = match position {
        Position::Epaminondas(game) => (epaminondas::draw(game, captions), epaminondas::palette()),
        Position::Hoyito(game) => (hoyito::draw(game, captions), hoyito::palette()),
        Position::Ocencahuac(game) => (ocencahuac::draw(game, captions), ocencahuac::palette()),
        Position::ZohnAhl(game) => (zohn_ahl::draw(game, captions), zohn_ahl::palette()),
    };
    Picture { width: canvas.width, height: canvas.height, pixels: canvas.pixels, palette }
}
