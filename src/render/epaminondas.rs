//! The Epaminondas board: 14 x 12 squares, White at the bottom, coordinates on all four sides. Each square is a
//! tile drawn once (5 backgrounds x empty/white/black), so a frame is tile copies plus text. The last move's
//! from-squares are tinted pale blue, its to-squares blue, the squares of captured pieces orange (a pair
//! colour-blind viewers also tell apart); pieces are white with a dark rim and black with a light rim.

use std::sync::OnceLock;

use super::canvas::{Canvas, Palette, Ramp, Rgb};
use super::caption::{BAND_HEIGHT, Bands};
use super::caption::{Sample, draw_legend, legend_height};
use super::text::{self, Align, Style, Weight};
use super::{Captions, Mark};
use crate::games::Side;
use crate::games::epaminondas::{Epaminondas, Square, Touch};

const CELL: usize = 40;
const MARGIN: usize = 24;

const LIGHT: Rgb = [0xec, 0xd9, 0xb4];
const DARK: Rgb = [0xc2, 0x98, 0x6b];
const FROM: Rgb = [0xb4, 0xcf, 0xee];
const TO: Rgb = [0x6e, 0xa2, 0xde];
const CAPTURED: Rgb = [0xf2, 0x9a, 0x4c];
const WHITE_FILL: Rgb = [0xfb, 0xfb, 0xf8];
const WHITE_RIM: Rgb = [0x3a, 0x3a, 0x3a];
const BLACK_FILL: Rgb = [0x1f, 0x1f, 0x22];
const BLACK_RIM: Rgb = [0xe2, 0xe2, 0xe2];

/// The square backgrounds, in tile order.
const BACKGROUNDS: [Rgb; 5] = [LIGHT, DARK, FROM, TO, CAPTURED];

struct Theme {
    palette: Palette,
    bands: Bands,
    /// `tiles[background][content]`: content 0 empty, 1 white piece, 2 black piece; CELL x CELL indices.
    tiles: Vec<Vec<Vec<u8>>>,
}

fn theme() -> &'static Theme {
    static THEME: OnceLock<Theme> = OnceLock::new();
    THEME.get_or_init(|| {
        let mut palette = Palette::default();
        let bands = Bands::new(&mut palette);
        let fills = [palette.ramp(WHITE_RIM, WHITE_FILL), palette.ramp(BLACK_RIM, BLACK_FILL)];
        let tiles = BACKGROUNDS
            .iter()
            .map(|&bg| {
                let rims = [palette.ramp(bg, WHITE_RIM), palette.ramp(bg, BLACK_RIM)];
                (0..3)
                    .map(|content| {
                        let mut tile = Canvas::new(CELL, CELL, rims[0].background());
                        if content > 0 {
                            let c = CELL as f32 / 2.0;
                            let r = CELL as f32 * 0.4;
                            tile.disc(c, c, r, rims[content - 1]);
                            tile.disc(c, c, r - 2.5, fills[content - 1]);
                        }
                        tile.pixels
                    })
                    .collect()
            })
            .collect();
        Theme { palette, bands, tiles }
    })
}

fn width(game: &Epaminondas) -> usize {
    2 * MARGIN + usize::from(game.files()) * CELL
}

fn height(game: &Epaminondas) -> usize {
    2 * BAND_HEIGHT + 2 * MARGIN + usize::from(game.ranks()) * CELL
}

/// The top-left pixel of a square (White at the bottom).
fn origin(game: &Epaminondas, square: Square) -> (usize, usize) {
    let x = MARGIN + usize::from(square.file) * CELL;
    let y = BAND_HEIGHT + MARGIN + usize::from(game.ranks() - 1 - square.rank) * CELL;
    (x, y)
}

/// The legend of the marks this picture shows: the last move's squares, and its captures if it made any.
fn legend<'a>(game: &Epaminondas, captions: &'a Captions) -> Vec<(Sample, &'a str)> {
    let t = theme();
    let Some(last) = game.last_move() else { return Vec::new() };
    let tint = |background: usize| Sample::Fill(t.tiles[background][0][0]);
    let captured = Square::all().any(|s| last.touched(s) == Some(Touch::Captured));
    [(Mark::From, tint(2), true), (Mark::To, tint(3), true), (Mark::Captured, tint(4), captured)]
        .into_iter()
        .filter(|(_, _, shown)| *shown)
        .filter_map(|(mark, sample, _)| Some((sample, captions.word(mark)?)))
        .collect()
}

pub fn render(game: &Epaminondas, captions: &Captions) -> Vec<u8> {
    draw(game, captions).encode(&theme().palette)
}

/// The palette of every picture of this game (RGB triples).
pub fn palette() -> &'static [u8] {
    theme().palette.bytes()
}

/// The picture as palette indices (see [`palette`]).
pub fn draw(game: &Epaminondas, captions: &Captions) -> Canvas {
    let t = theme();
    let entries = legend(game, captions);
    let (board_width, board_height) = (width(game), height(game));
    let mut c =
        Canvas::new(board_width, board_height + legend_height(board_width, &entries), t.bands.page.background());
    let last = game.last_move();
    for square in Square::all().filter(|&s| game.on_board(s)) {
        let background = match last.and_then(|m| m.touched(square)) {
            Some(Touch::Captured) => 4,
            Some(Touch::Arrived) => 3,
            Some(Touch::Left) => 2,
            None => usize::from((square.file + square.rank) % 2 == 0),
        };
        let content = match game.piece_at(square) {
            None => 0,
            Some(Side::First) => 1,
            Some(Side::Second) => 2,
        };
        let (x, y) = origin(game, square);
        c.blit(x, y, CELL, &t.tiles[background][content]);
    }
    draw_coordinates(&mut c, game, t.bands.page);
    let [white, black] = &captions.sides;
    t.bands.draw(&mut c, black, 0, MARGIN);
    t.bands.draw(&mut c, white, board_height - BAND_HEIGHT, MARGIN);
    draw_legend(&mut c, board_height, t.bands.page.background(), t.bands.page, &entries);
    c
}

fn draw_coordinates(c: &mut Canvas, game: &Epaminondas, ramp: Ramp) {
    let style = Style { size: 16, weight: Weight::Regular, ramp };
    let (files, ranks) = (game.files(), game.ranks());
    let board_top = BAND_HEIGHT + MARGIN;
    let board_bottom = board_top + usize::from(ranks) * CELL;
    for file in 0..files {
        let letter = ((b'a' + file) as char).to_string();
        let x = (MARGIN + usize::from(file) * CELL + CELL / 2) as i32;
        text::draw(c, &letter, x, (board_top - MARGIN / 2) as i32, Align::Centre, style);
        text::draw(c, &letter, x, (board_bottom + MARGIN / 2) as i32, Align::Centre, style);
    }
    for rank in 0..ranks {
        let number = (rank + 1).to_string();
        let y = (board_top + usize::from(ranks - 1 - rank) * CELL + CELL / 2) as i32;
        text::draw(c, &number, (MARGIN / 2) as i32, y, Align::Centre, style);
        text::draw(c, &number, (c.width - MARGIN / 2) as i32, y, Align::Centre, style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_fits_one_palette() {
        assert!(theme().palette.bytes().len() <= 256 * 3);
    }
}
