//! The caption bands above and below a board: a side's name, its score, and a highlighted badge ("to move",
//! "winner"). Shared by every game's picture, so they all read alike.

use super::SideCaption;
use super::canvas::{Canvas, Palette, Ramp};
use super::text::{self, Align, Style, Weight};

use super::theme::{ACCENT as BAND, ACCENT_TEXT as BAND_TEXT, PAGE, PAGE_TEXT};

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

    /// Draws one band across the canvas from `top`, with `margin` pixels left and right: the badge and the
    /// title on the first line (the title smaller rather than cut, when it is long), the note and the score on
    /// the second.
    pub fn draw(self, c: &mut Canvas, caption: &SideCaption, top: usize, margin: usize) {
        let ramp = if caption.badge.is_some() { self.band } else { self.page };
        c.fill_rect(0, top, c.width, BAND_HEIGHT, ramp.background());
        let (first, second) = ((top + 16) as i32, (top + 37) as i32);
        let right = (c.width - margin) as i32;
        let mut x = margin as i32;
        let bold = Style { size: 18, weight: Weight::Bold, ramp };
        if let Some(badge) = &caption.badge {
            let badge_text = format!("▶ {badge}");
            text::draw(c, &badge_text, x, first, Align::Left, bold);
            x += text::width(&badge_text, bold.size, bold.weight) + 12;
        }
        let room = right - x;
        let size = [18, 16, 15, 14].into_iter().find(|&s| text::width(&caption.title, s, Weight::Regular) <= room);
        let title = match size {
            Some(size) => Style { size, weight: Weight::Regular, ramp },
            None => Style { size: 14, weight: Weight::Regular, ramp },
        };
        let name = text::fit(&caption.title, title.size, title.weight, room);
        text::draw(c, &name, x, first, Align::Left, title);
        let small = Style { size: 15, weight: Weight::Regular, ramp };
        text::draw(c, &caption.score, right, second, Align::Right, small);
        if let Some(note) = &caption.note {
            let room = right - text::width(&caption.score, small.size, small.weight) - 16 - margin as i32;
            let note = text::fit(note, small.size, Weight::Bold, room);
            text::draw(c, &note, margin as i32, second, Align::Left, Style { weight: Weight::Bold, ..small });
        }
    }
}

/// How a legend entry shows its mark.
#[derive(Debug, Clone, Copy)]
pub enum Sample {
    /// A small square of one palette colour (a tinted board square).
    Fill(u8),
    /// A ring (drawn on the legend's background).
    Ring(Ramp),
    /// A short thick line of one palette colour.
    Line(u8),
    /// A badge: a disc of one colour with a glyph on it (the glyph's ramp runs from the disc's colour).
    Badge(u8, &'static str, Ramp),
}

/// Height of one line of a legend.
const LEGEND_LINE: usize = 26;
const LEGEND_TEXT: u32 = 15;

fn entry_width(word: &str) -> i32 {
    22 + text::width(word, LEGEND_TEXT, Weight::Regular) + 18
}

/// The lines a legend takes on a canvas `width` pixels wide: entries in order, as many as fit a line.
fn legend_lines<'a>(width: usize, entries: &'a [(Sample, &'a str)]) -> Vec<&'a [(Sample, &'a str)]> {
    let room = width as i32 - 24;
    let mut lines = Vec::new();
    let (mut start, mut used) = (0, 0);
    for (i, (_, word)) in entries.iter().enumerate() {
        let w = entry_width(word);
        if used + w > room && i > start {
            lines.push(&entries[start..i]);
            (start, used) = (i, 0);
        }
        used += w;
    }
    if start < entries.len() {
        lines.push(&entries[start..]);
    }
    lines
}

/// The height of the legend strip for these entries (nothing when there are none).
pub fn legend_height(width: usize, entries: &[(Sample, &str)]) -> usize {
    match legend_lines(width, entries).len() {
        0 => 0,
        n => n * LEGEND_LINE + 8,
    }
}

/// Draws a legend strip from `top`: each entry's sample and its word, lines centred.
pub fn draw_legend(c: &mut Canvas, top: usize, background: u8, words: Ramp, entries: &[(Sample, &str)]) {
    let height = legend_height(c.width, entries);
    if height == 0 {
        return;
    }
    c.fill_rect(0, top, c.width, height, background);
    for (row, line) in legend_lines(c.width, entries).into_iter().enumerate() {
        let total: i32 = line.iter().map(|(_, w)| entry_width(w)).sum::<i32>() - 18;
        let mut x = (c.width as i32 - total) / 2;
        let cy = (top + 4 + row * LEGEND_LINE + LEGEND_LINE / 2) as i32;
        for (sample, word) in line {
            let (sx, sy) = (x as f32 + 8.0, cy as f32);
            match *sample {
                Sample::Fill(colour) => c.fill_rect((x + 1) as usize, (cy - 7) as usize, 14, 14, colour),
                Sample::Ring(ramp) => c.ring(sx, sy, 4.5, 7.5, ramp),
                Sample::Line(colour) => c.line((sx - 7.0, sy), (sx + 7.0, sy), 4.0, colour),
                Sample::Badge(colour, glyph, ramp) => {
                    c.disc_solid(sx, sy, 9.5, colour);
                    text::draw(c, glyph, sx as i32, cy, Align::Centre, Style { size: 14, weight: Weight::Bold, ramp })
                }
            }
            let style = Style { size: LEGEND_TEXT, weight: Weight::Regular, ramp: words };
            text::draw(c, word, x + 22, cy, Align::Left, style);
            x += entry_width(word);
        }
    }
}
