//! The caption bands above and below a board: a side's name, its score, and a highlighted badge ("to move",
//! "winner"). Shared by every game's picture, so they all read alike.

use super::SideCaption;
use super::canvas::{Canvas, Palette, Ramp, Rgb};
use super::text::{self, Align, Style, Weight};

const PAGE: Rgb = [0x2b, 0x2f, 0x36];
const PAGE_TEXT: Rgb = [0xec, 0xee, 0xf1];
const BAND: Rgb = [0xf2, 0xc1, 0x4e];
const BAND_TEXT: Rgb = [0x1d, 0x1b, 0x16];

/// Height of a band, in pixels.
pub const BAND_HEIGHT: usize = 50;

/// The colours of the bands, in a game's palette.
#[derive(Debug, Clone, Copy)]
pub struct Bands {
    /// Light text on the dark page: also used for coordinates around a board.
    pub page: Ramp,
    band: Ramp,
}

impl Bands {
    pub fn new(palette: &mut Palette) -> Bands {
        Bands { page: palette.ramp(PAGE, PAGE_TEXT), band: palette.ramp(BAND, BAND_TEXT) }
    }

    /// Draws one band across the canvas from `top`, with `margin` pixels left and right.
    pub fn draw(self, c: &mut Canvas, caption: &SideCaption, top: usize, margin: usize) {
        let ramp = if caption.badge.is_some() { self.band } else { self.page };
        c.fill_rect(0, top, c.width, BAND_HEIGHT, ramp.background());
        let cy = (top + BAND_HEIGHT / 2) as i32;
        let right = (c.width - margin) as i32;
        let score = Style { size: 18, weight: Weight::Regular, ramp };
        text::draw(c, &caption.score, right, cy, Align::Right, score);
        let mut x = margin as i32;
        let title = Style { size: 20, weight: Weight::Bold, ramp };
        if let Some(badge) = &caption.badge {
            let badge_text = format!("▶ {badge}");
            text::draw(c, &badge_text, x, cy, Align::Left, title);
            x += text::width(&badge_text, title.size, title.weight) + 14;
        }
        let room = right - text::width(&caption.score, score.size, score.weight) - 16 - x;
        let name = text::fit(&caption.title, title.size, Weight::Regular, room);
        text::draw(c, &name, x, cy, Align::Left, Style { weight: Weight::Regular, ..title });
    }
}
