//! The Ocencahuac board: five columns a-e, rows 1-8 with Sangangüey (dark) at the bottom; the two volcano rows of
//! each side drawn as earth with their points, the four river rows as water between five lines. Pieces carry
//! their letter (E Emperor, M Princess Mololoa, P Prince, W Warrior); a crowned royal has a gold ring, a doubled
//! one once its side is activated; a stunned piece has a red `!` badge. The last move's squares are ringed in
//! orange hop by hop; each retreat is a purple arrow from where the piece stood to where it went (round by the
//! squares' border, never through a piece), a relief's relocation a green one, and the square where a Warrior was
//! captured has a red `×` badge. A legend under the board names the marks the picture shows.

use std::sync::OnceLock;

use super::canvas::{Canvas, Palette, Ramp, Rgb};
use super::caption::{BAND_HEIGHT, Bands};
use super::caption::{Sample, draw_legend, legend_height};
use super::text::{self, Align, Style, Weight};
use super::{Captions, Mark};
use crate::games::ocencahuac::{Ocencahuac, Square};

const CELL: usize = 80;
const MARGIN: usize = 28;
const EARTH: Rgb = [0xd8, 0xc3, 0x9e];
const WATER: Rgb = [0x9c, 0xc8, 0xe4];
const INK: Rgb = [0x3a, 0x2a, 0x1a];
const DARK_FILL: Rgb = [0x2c, 0x28, 0x24];
const DARK_RIM: Rgb = [0xe8, 0xe0, 0xd0];
const LIGHT_FILL: Rgb = [0xf6, 0xf2, 0xe8];
const LIGHT_RIM: Rgb = [0x4a, 0x40, 0x36];
const GOLD: Rgb = [0xe0, 0xa8, 0x10];
const PATH: Rgb = [0xf0, 0x70, 0x10];
const RETREAT: Rgb = [0x8a, 0x2b, 0xc2];
const RELIEF: Rgb = [0x1f, 0x8a, 0x4a];
const ALERT: Rgb = [0xd0, 0x22, 0x2e];
const ALERT_TEXT: Rgb = [0xff, 0xff, 0xff];

struct Theme {
    palette: Palette,
    bands: Bands,
    /// Per background (earth, water): rims of dark and light pieces (the light pieces' dark rim also draws the
    /// volcano points and the `!`), gold, path.
    rims: [[Ramp; 2]; 2],
    gold: [Ramp; 2],
    path: [Ramp; 2],
    fills: [Ramp; 2],
    letters: [Ramp; 2],
    line: u8,
    retreat: u8,
    relief: u8,
    /// A red badge (stunned, captured), and its white glyph.
    alert: u8,
    alert_text: Ramp,
}

fn theme() -> &'static Theme {
    static THEME: OnceLock<Theme> = OnceLock::new();
    THEME.get_or_init(|| {
        let mut palette = Palette::default();
        let bands = Bands::new(&mut palette);
        let grounds = [EARTH, WATER];
        let rims = grounds.map(|g| [palette.ramp(g, DARK_RIM), palette.ramp(g, LIGHT_RIM)]);
        let gold = grounds.map(|g| palette.ramp(g, GOLD));
        let path = grounds.map(|g| palette.ramp(g, PATH));
        let fills = [palette.ramp(DARK_RIM, DARK_FILL), palette.ramp(LIGHT_RIM, LIGHT_FILL)];
        let letters = [palette.ramp(DARK_FILL, DARK_RIM), palette.ramp(LIGHT_FILL, LIGHT_RIM)];
        let line = palette.solid(INK);
        let retreat = palette.solid(RETREAT);
        let relief = palette.solid(RELIEF);
        let alert = palette.solid(ALERT);
        let alert_text = palette.ramp(ALERT, ALERT_TEXT);
        Theme { palette, bands, rims, gold, path, fills, letters, line, retreat, relief, alert, alert_text }
    })
}

/// The centre of a square, dark's row 1 at the bottom.
fn centre(s: Square) -> (f32, f32) {
    let x = MARGIN + usize::from(s.col) * CELL + CELL / 2;
    let y = BAND_HEIGHT + MARGIN + usize::from(7 - s.row) * CELL + CELL / 2;
    (x as f32, y as f32)
}

fn ground(s: Square) -> usize {
    usize::from((2..=5).contains(&s.row))
}

/// An arrow of one colour from the centre of `from` to the piece on `to`, going round by the border between
/// squares so that it never runs through a piece standing between them.
fn arrow(c: &mut Canvas, from: Square, to: Square, colour: u8) {
    let (a, b) = (centre(from), centre(to));
    let length = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1.0);
    let (dx, dy) = ((b.0 - a.0) / length, (b.1 - a.1) / length);
    // Half a square to the side: along the line between two columns (or rows).
    let half = CELL as f32 / 2.0;
    let (ox, oy) = (-dy * half, dx * half);
    let (a2, b2) = ((a.0 + ox, a.1 + oy), (b.0 + ox, b.1 + oy));
    c.line(a, a2, 5.0, colour);
    c.line(a2, b2, 5.0, colour);
    // The last leg turns in to the piece; the arrowhead just outside its rim, pointing at it.
    let tip = (b.0 + ox * 0.75, b.1 + oy * 0.75);
    c.line(b2, tip, 5.0, colour);
    let (ux, uy) = (-ox / half, -oy / half);
    for side in [-1.0, 1.0] {
        let wing = (tip.0 - ux * 11.0 + side * uy * 8.0, tip.1 - uy * 11.0 - side * ux * 8.0);
        c.line(tip, wing, 5.0, colour);
    }
}

/// A small red badge with a white glyph at a corner of a piece (`!` stunned, `×` captured).
fn badge(c: &mut Canvas, x: f32, y: f32, glyph: &str) {
    let t = theme();
    c.disc_solid(x, y, 11.5, t.alert);
    let style = Style { size: 17, weight: Weight::Bold, ramp: t.alert_text };
    text::draw(c, glyph, x as i32, y as i32, Align::Centre, style);
}

/// The legend of the marks this picture shows.
fn legend<'a>(game: &Ocencahuac, captions: &'a Captions) -> Vec<(Sample, &'a str)> {
    let t = theme();
    let board = game.board();
    let pieces: Vec<_> =
        (0..8u8).flat_map(|row| (0..5u8).map(move |col| Square { col, row })).filter_map(|s| board.at(s)).collect();
    let last = game.last_move();
    [
        (Mark::To, Sample::Ring(t.path[0]), last.is_some_and(|l| !l.played.squares.is_empty())),
        (Mark::Pushed, Sample::Line(t.retreat), last.is_some_and(|l| !l.retreats.is_empty())),
        (Mark::Stunned, Sample::Badge(t.alert, "!", t.alert_text), pieces.iter().any(|p| p.stunned)),
        (Mark::Captured, Sample::Badge(t.alert, "×", t.alert_text), last.is_some_and(|l| l.captured.is_some())),
        (Mark::Relieved, Sample::Line(t.relief), last.is_some_and(|l| l.relocated.is_some())),
        (Mark::Crowned, Sample::Ring(t.gold[0]), pieces.iter().any(|p| p.crowned)),
    ]
    .into_iter()
    .filter(|(_, _, shown)| *shown)
    .filter_map(|(mark, sample, _)| Some((sample, captions.word(mark)?)))
    .collect()
}

pub fn render(game: &Ocencahuac, captions: &Captions) -> Vec<u8> {
    draw(game, captions).encode(&theme().palette)
}

/// The palette of every picture of this game (RGB triples).
pub fn palette() -> &'static [u8] {
    theme().palette.bytes()
}

/// The picture as palette indices (see [`palette`]).
pub fn draw(game: &Ocencahuac, captions: &Captions) -> Canvas {
    let t = theme();
    let (w, h) = (2 * MARGIN + 5 * CELL, 2 * BAND_HEIGHT + 2 * MARGIN + 8 * CELL);
    let entries = legend(game, captions);
    let mut c = Canvas::new(w, h + legend_height(w, &entries), t.bands.page.background());
    let top = BAND_HEIGHT + MARGIN;
    // Earth for the volcano rows, water for the river, and the river's five lines.
    c.fill_rect(MARGIN, top, 5 * CELL, 8 * CELL, t.rims[0][0].background());
    c.fill_rect(MARGIN, top + 2 * CELL, 5 * CELL, 4 * CELL, t.rims[1][0].background());
    for i in 0..5 {
        c.fill_rect(MARGIN, top + 2 * CELL + i * CELL - 1, 5 * CELL, 3, t.line);
    }
    let board = game.board();
    let last = game.last_move();
    // Retreats and the relief first, so the pieces stand over the lines.
    for (from, to) in last.map(|l| l.retreats.as_slice()).unwrap_or_default() {
        arrow(&mut c, *from, *to, t.retreat);
    }
    if let Some((from, to)) = last.and_then(|l| l.relocated) {
        arrow(&mut c, from, to, t.relief);
    }
    for s in (0..8u8).flat_map(|row| (0..5u8).map(move |col| Square { col, row })) {
        let (x, y) = centre(s);
        let g = ground(s);
        if g == 0 && board.at(s).is_none() {
            c.disc(x, y, 4.0, t.rims[0][1]);
        }
        if last.is_some_and(|l| l.played.squares.contains(&s)) {
            c.ring(x, y, 33.0, 37.0, t.path[g]);
        }
        let Some(piece) = board.at(s) else { continue };
        let i = piece.side.index();
        if piece.crowned {
            c.ring(x, y, 27.5, 30.5, t.gold[g]);
            if board.activated[i] {
                c.ring(x, y, 22.5, 25.0, t.gold[g]);
            }
        }
        let r = if piece.crowned { 21.0 } else { 28.0 };
        c.disc(x, y, r, t.rims[g][i]);
        c.disc(x, y, r - 2.5, t.fills[i]);
        let letter = Style { size: if piece.crowned { 18 } else { 22 }, weight: Weight::Bold, ramp: t.letters[i] };
        text::draw(&mut c, &piece.kind.letter().to_string(), x as i32, y as i32, Align::Centre, letter);
        if piece.stunned {
            badge(&mut c, x + 24.0, y - 24.0, "!");
        }
        if last.is_some_and(|l| l.captured == Some(s)) {
            badge(&mut c, x - 24.0, y + 24.0, "×");
        }
    }
    let coords = Style { size: 15, weight: Weight::Regular, ramp: t.bands.page };
    for col in 0..5u8 {
        let x = (MARGIN + usize::from(col) * CELL + CELL / 2) as i32;
        let letter = ((b'a' + col) as char).to_string();
        text::draw(&mut c, &letter, x, (top - MARGIN / 2) as i32, Align::Centre, coords);
        text::draw(&mut c, &letter, x, (top + 8 * CELL + MARGIN / 2) as i32, Align::Centre, coords);
    }
    for row in 0..8u8 {
        let y = (top + usize::from(7 - row) * CELL + CELL / 2) as i32;
        let number = (row + 1).to_string();
        text::draw(&mut c, &number, (MARGIN / 2) as i32, y, Align::Centre, coords);
        text::draw(&mut c, &number, (w - MARGIN / 2) as i32, y, Align::Centre, coords);
    }
    let [dark, light] = &captions.sides;
    t.bands.draw(&mut c, light, 0, 12);
    t.bands.draw(&mut c, dark, h - BAND_HEIGHT, 12);
    draw_legend(&mut c, h, t.rims[0][0].background(), t.rims[0][1], &entries);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_fits_one_palette() {
        assert!(theme().palette.bytes().len() <= 256 * 3);
    }
}
