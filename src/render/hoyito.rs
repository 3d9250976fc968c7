//! The Hoyito II board, seen from above with South at the bottom: North's row on top runs from North's hole n
//! (left) to hole 1 (right), South's row from 1 to n, so each row's numbers read as its owner counts them.
//! Each hole shows its seeds (up to 12, or the count written large beyond that) and its count beside it; the
//! hole the last move started from is ringed in blue, the holes it captured in orange (a pair that colour-blind
//! viewers also tell apart); the band of the side to move is highlighted.

use std::sync::OnceLock;

use super::canvas::{Canvas, Palette, Ramp, Rgb};
use super::caption::{BAND_HEIGHT, Bands};
use super::caption::{Sample, draw_legend, legend_height};
use super::text::{self, Align, Style, Weight};
use super::{Captions, Mark as Word};
use crate::games::hoyito::Hoyito;

const WOOD: Rgb = [0xc9, 0x9a, 0x5b];
const WOOD_TEXT: Rgb = [0x4a, 0x30, 0x14];
const COUNT_TEXT: Rgb = [0x1f, 0x14, 0x08];
const HOLE: Rgb = [0x5a, 0x3b, 0x1e];
const SEED: Rgb = [0xf4, 0xea, 0xd0];
const ORIGIN: Rgb = [0x1f, 0x6f, 0xeb];
const CAPTURED: Rgb = [0xff, 0x7a, 0x00];

struct Theme {
    palette: Palette,
    bands: Bands,
    wood_text: Ramp,
    count_text: Ramp,
    hole: Ramp,
    seed: Ramp,
    origin: Ramp,
    captured: Ramp,
}

fn theme() -> &'static Theme {
    static THEME: OnceLock<Theme> = OnceLock::new();
    THEME.get_or_init(|| {
        let mut palette = Palette::default();
        let bands = Bands::new(&mut palette);
        let wood_text = palette.ramp(WOOD, WOOD_TEXT);
        let count_text = palette.ramp(WOOD, COUNT_TEXT);
        let hole = palette.ramp(WOOD, HOLE);
        let seed = palette.ramp(HOLE, SEED);
        let origin = palette.ramp(WOOD, ORIGIN);
        let captured = palette.ramp(WOOD, CAPTURED);
        Theme { palette, bands, wood_text, count_text, hole, seed, origin, captured }
    })
}

/// Seed slots inside a hole of radius 1: the centre, an inner ring of five, an outer ring of six.
fn seed_slots() -> &'static [(f32, f32); 12] {
    static SLOTS: OnceLock<[(f32, f32); 12]> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let mut slots = [(0.0, 0.0); 12];
        for i in 0..5 {
            let a = std::f32::consts::TAU * i as f32 / 5.0 - std::f32::consts::FRAC_PI_2;
            slots[1 + i] = (0.36 * a.cos(), 0.36 * a.sin());
        }
        for i in 0..6 {
            let a = std::f32::consts::TAU * (i as f32 + 0.5) / 6.0 - std::f32::consts::FRAC_PI_2;
            slots[6 + i] = (0.7 * a.cos(), 0.7 * a.sin());
        }
        slots
    })
}

/// Seeds are drawn while they stay countable at a glance; beyond this the count is written in the hole.
const MAX_DRAWN_SEEDS: u8 = 12;

struct Layout {
    cell: usize,
    margin: usize,
    band: usize,
    numbers: usize,
    counts: usize,
}

impl Layout {
    fn for_holes(n: u8) -> Layout {
        let cell = if n <= 6 { 100 } else { 72 };
        Layout { cell, margin: 20, band: BAND_HEIGHT, numbers: 32, counts: 34 }
    }

    fn width(&self, n: usize) -> usize {
        2 * self.margin + n * self.cell
    }

    fn height(&self) -> usize {
        2 * self.band + 2 * self.numbers + 2 * self.cell + 2 * self.counts
    }

    /// Top of North's holes row, and of South's.
    fn rows(&self) -> (usize, usize) {
        let north = self.band + self.numbers;
        (north, north + self.cell + 2 * self.counts)
    }
}

pub fn render(game: &Hoyito, captions: &Captions) -> Vec<u8> {
    draw(game, captions).encode(&theme().palette)
}

/// The palette of every picture of this game (RGB triples).
pub fn palette() -> &'static [u8] {
    theme().palette.bytes()
}

/// The picture as palette indices (see [`palette`]).
pub fn draw(game: &Hoyito, captions: &Captions) -> Canvas {
    let t = theme();
    let n = usize::from(game.n());
    let l = Layout::for_holes(game.n());
    let (w, h) = (l.width(n), l.height());
    let entries: Vec<(Sample, &str)> = match game.last_move() {
        None => Vec::new(),
        Some(m) => [(Word::From, t.origin, true), (Word::Captured, t.captured, m.captured_holes != 0)]
            .into_iter()
            .filter(|(_, _, shown)| *shown)
            .filter_map(|(mark, ramp, _)| Some((Sample::Ring(ramp), captions.word(mark)?)))
            .collect(),
    };
    let mut c = Canvas::new(w, h + legend_height(w, &entries), t.bands.page.background());
    // The wooden board between the two caption bands.
    c.fill_rect(0, l.band, w, h - 2 * l.band, t.hole.background());
    let (north_top, south_top) = (l.rows().0, l.rows().1);
    let mid = north_top + l.cell + l.counts;
    c.fill_rect(l.margin, mid - 1, w - 2 * l.margin, 2, t.wood_text.level(0.5).unwrap_or(t.wood_text.solid()));

    let last = game.last_move();
    let holes = game.holes();
    let r = l.cell as f32 * 0.4;
    for (i, &seeds) in holes.iter().enumerate() {
        // Column from the left and row of board index i.
        let (column, top, number, count_y) = if i < n {
            (i, south_top, i + 1, south_top - l.counts / 2)
        } else {
            (2 * n - 1 - i, north_top, i - n + 1, north_top + l.cell + l.counts / 2)
        };
        let cx = (l.margin + column * l.cell) as f32 + l.cell as f32 / 2.0;
        let cy = top as f32 + l.cell as f32 / 2.0;
        let mark = match last {
            Some(m) if m.captured_holes & (1 << i) != 0 => Mark::Captured,
            Some(m) if usize::from(m.origin) == i => Mark::Played,
            _ => Mark::None,
        };
        let drawn = if seeds > MAX_DRAWN_SEEDS { 0 } else { seeds };
        c.blit(l.margin + column * l.cell, top, l.cell, tile(l.cell, mark, drawn));
        if seeds > MAX_DRAWN_SEEDS {
            let style = Style { size: (r * 0.8) as u32, weight: Weight::Bold, ramp: t.seed };
            text::draw(&mut c, &seeds.to_string(), cx as i32, cy as i32, Align::Centre, style);
        }
        let number_y = if i < n { south_top + l.cell + l.numbers / 2 } else { north_top - l.numbers / 2 };
        // Sizes that stay readable when a phone shows the picture about 400 pixels wide.
        let small = Style { size: if n > 6 { 23 } else { 19 }, weight: Weight::Bold, ramp: t.wood_text };
        text::draw(&mut c, &number.to_string(), cx as i32, number_y as i32, Align::Centre, small);
        let bold = Style { size: if n > 6 { 26 } else { 24 }, weight: Weight::Bold, ramp: t.count_text };
        text::draw(&mut c, &seeds.to_string(), cx as i32, count_y as i32, Align::Centre, bold);
    }
    let [south, north] = &captions.sides;
    t.bands.draw(&mut c, north, 0, l.margin);
    t.bands.draw(&mut c, south, h - l.band, l.margin);
    draw_legend(&mut c, h, t.hole.background(), t.wood_text, &entries);
    c
}

/// How the last move touched a hole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    /// The hole the move was played from: a blue ring.
    Played,
    /// A hole the move captured: an orange ring.
    Captured,
}

/// A hole as a tile of `cell` x `cell` palette indices: the wood, the ring of its mark, the hole, its seeds.
/// Every tile is drawn once, for both cell sizes, and then only copied (lila-gif's approach).
fn tile(cell: usize, mark: Mark, seeds: u8) -> &'static [u8] {
    const KINDS: usize = 3 * (MAX_DRAWN_SEEDS as usize + 1);
    static TILES: OnceLock<[Vec<Vec<u8>>; 2]> = OnceLock::new();
    let tiles = TILES.get_or_init(|| {
        [Layout::for_holes(6).cell, Layout::for_holes(12).cell].map(|cell| {
            (0..KINDS)
                .map(|kind| {
                    let mark = [Mark::None, Mark::Played, Mark::Captured][kind / (MAX_DRAWN_SEEDS as usize + 1)];
                    draw_tile(cell, mark, (kind % (MAX_DRAWN_SEEDS as usize + 1)) as u8)
                })
                .collect()
        })
    });
    let size = usize::from(cell != Layout::for_holes(6).cell);
    &tiles[size][mark as usize * (MAX_DRAWN_SEEDS as usize + 1) + usize::from(seeds)]
}

fn draw_tile(cell: usize, mark: Mark, seeds: u8) -> Vec<u8> {
    let t = theme();
    let mut c = Canvas::new(cell, cell, t.hole.background());
    let (centre, r) = (cell as f32 / 2.0, cell as f32 * 0.4);
    match mark {
        Mark::Played => c.ring(centre, centre, r + 3.0, r + 8.0, t.origin),
        Mark::Captured => c.ring(centre, centre, r + 3.0, r + 8.0, t.captured),
        Mark::None => {}
    }
    c.disc(centre, centre, r, t.hole);
    for &(x, y) in &seed_slots()[..usize::from(seeds)] {
        c.disc(centre + x * r, centre + y * r, r * 0.15, t.seed);
    }
    c.pixels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_fits_one_palette() {
        assert!(theme().palette.bytes().len() <= 256 * 3);
    }
}
