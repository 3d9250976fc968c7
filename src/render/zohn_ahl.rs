//! The awl cloth of Zohn Ahl and Tsoñä (rules 1.1-1.2), north up: 40 spaces round a square, ten a side (a
//! corner-curve end, three dots, the two banks of a creek, three dots, a curve end). The dangerous creeks (north,
//! and south in Tsoñä unless the option says otherwise) carry an orange stripe beside their water. The awls are
//! discs marked W (blue) and E (orange); the spaces the last throw went over are ringed in the thrower's colour.
//! In the middle, the four sticks of the last throw, flat (marked, red groove) or round side up; the fourth is
//! the sahe in Tsoñä (green tip); below them the throw's value, ↻ for another throw (not on a throw that ended
//! the game), and Tsoñä's pile. A team turn of several throws shows each throw's sticks, smaller, in order.

use std::sync::OnceLock;

use super::Captions;
use super::canvas::{Canvas, Palette, Ramp, Rgb};
use super::caption::{BAND_HEIGHT, Bands};
use super::text::{self, Align, Style, Weight};
use crate::games::zohn_ahl::{Event, LastThrow, Variant, ZohnAhl, space};
use crate::games::{Game, Side};

const SIZE: usize = 600;
/// The track's square: left, right, top and bottom lines, in board coordinates (below the top band).
const LEFT: f32 = 70.0;
const RIGHT: f32 = 530.0;
const TOP: f32 = 70.0;
const BOTTOM: f32 = 530.0;
/// Where the ten spaces of a side lie, measured from the side's first corner.
const ALONG: [f32; 10] = [32.0, 79.0, 126.0, 173.0, 218.0, 242.0, 287.0, 334.0, 381.0, 428.0];

const CLOTH: Rgb = [0xe4, 0xd2, 0xa8];
const INK: Rgb = [0x4a, 0x33, 0x1c];
const WATER: Rgb = [0x8e, 0xc3, 0xe6];
const DANGER: Rgb = [0xf0, 0x7a, 0x1a];
const WEST: Rgb = [0x1f, 0x5f, 0xc9];
const EAST: Rgb = [0xe0, 0x6c, 0x10];
const LETTER_ON_WEST: Rgb = [0xff, 0xff, 0xff];
const LETTER_ON_EAST: Rgb = [0x1b, 0x12, 0x08];
const FLAT: Rgb = [0xf6, 0xe9, 0xcb];
const ROUND: Rgb = [0xa8, 0x7a, 0x48];
const GROOVE: Rgb = [0xc4, 0x1e, 0x1e];
const SAHE: Rgb = [0x2e, 0x9e, 0x4a];

struct Theme {
    palette: Palette,
    bands: Bands,
    ink: Ramp,
    awls: [Ramp; 2],
    letters: [Ramp; 2],
    water: u8,
    danger: u8,
    flat: u8,
    round: u8,
    groove: u8,
    sahe: u8,
}

fn theme() -> &'static Theme {
    static THEME: OnceLock<Theme> = OnceLock::new();
    THEME.get_or_init(|| {
        let mut palette = Palette::default();
        let bands = Bands::new(&mut palette);
        let ink = palette.ramp(CLOTH, INK);
        let awls = [palette.ramp(CLOTH, WEST), palette.ramp(CLOTH, EAST)];
        let letters = [palette.ramp(WEST, LETTER_ON_WEST), palette.ramp(EAST, LETTER_ON_EAST)];
        Theme {
            bands,
            ink,
            awls,
            letters,
            water: palette.solid(WATER),
            danger: palette.solid(DANGER),
            flat: palette.solid(FLAT),
            round: palette.solid(ROUND),
            groove: palette.solid(GROOVE),
            sahe: palette.solid(SAHE),
            palette,
        }
    })
}

/// The centre of global space `g` on the picture.
fn position(g: u8) -> (f32, f32) {
    let y0 = BAND_HEIGHT as f32;
    let (side, k) = match g {
        0..=4 => (0, 4 - g as usize),
        35..=39 => (0, 5 + (39 - g) as usize),
        5..=14 => (1, (g - 5) as usize),
        15..=24 => (2, (g - 15) as usize),
        _ => (3, (g - 25) as usize),
    };
    let t = ALONG[k];
    match side {
        0 => (LEFT + t, y0 + BOTTOM),
        1 => (LEFT, y0 + BOTTOM - t),
        2 => (LEFT + t, y0 + TOP),
        _ => (RIGHT, y0 + TOP + t),
    }
}

pub fn render(game: &ZohnAhl, captions: &Captions) -> Vec<u8> {
    draw(game, captions).encode(&theme().palette)
}

/// The palette of every picture of this game (RGB triples).
pub fn palette() -> &'static [u8] {
    theme().palette.bytes()
}

/// The picture as palette indices (see [`palette`]).
pub fn draw(game: &ZohnAhl, captions: &Captions) -> Canvas {
    let t = theme();
    let mut c = Canvas::new(SIZE, SIZE + 2 * BAND_HEIGHT, t.bands.page.background());
    c.fill_rect(0, BAND_HEIGHT, SIZE, SIZE, t.ink.background());
    let options = game.options_ref();
    let tsona = options.variant == Variant::Tsona;
    draw_creeks(&mut c, t, tsona && options.south_river_dangerous);
    draw_track(&mut c, t);
    let last = game.last_throw();
    if let Some(l) = last {
        // The spaces the awl went over, up to where it landed or the lap ended.
        let end = match l.event {
            Event::Moved | Event::Captured => l.to,
            _ => (l.from + l.score.value).min(39),
        };
        for step in l.from + 1..=end {
            let (x, y) = position(space(l.side, step));
            c.ring(x, y, 9.0, 12.0, t.awls[l.side.index()]);
        }
    }
    let letters: [String; 4] = captions.compass.clone().unwrap_or_else(|| ["N", "E", "S", "W"].map(String::from));
    for side in Side::BOTH {
        let (x, y) = position(space(side, game.step(side)));
        let i = side.index();
        c.disc(x, y, 13.0, t.awls[i]);
        let letter = Style { size: 15, weight: Weight::Bold, ramp: t.letters[i] };
        let name = if i == 0 { &letters[3] } else { &letters[1] };
        text::draw(&mut c, name, x as i32, y as i32, Align::Centre, letter);
    }
    let over = game.to_move().is_none();
    let shown: Vec<LastThrow> = match (captions.throws.as_slice(), last) {
        ([], Some(l)) => vec![*l],
        (throws, _) => throws.to_vec(),
    };
    let value = |l: &LastThrow, last: bool| {
        // Another throw is promised only when one can come: not after the throw that ended the game.
        if l.score.extra && !(last && over) { format!("{} ↻", l.score.value) } else { l.score.value.to_string() }
    };
    match shown.as_slice() {
        [] => {}
        [l] => {
            draw_sticks(&mut c, t, l.throw.flat, tsona, Sticks::LARGE, SIZE / 2, BAND_HEIGHT + 170);
            let style = Style { size: 30, weight: Weight::Bold, ramp: t.ink };
            text::draw(&mut c, &value(l, true), (SIZE / 2) as i32, (BAND_HEIGHT + 395) as i32, Align::Centre, style);
        }
        many => {
            // Up to eight throws, four to a row; a longer turn shows its last eight after a "+n".
            let skipped = many.len().saturating_sub(8);
            let rows = if many.len() - skipped > 4 { 2 } else { 1 };
            for (k, l) in many[skipped..].iter().enumerate() {
                let in_row = (many.len() - skipped).div_ceil(rows);
                let (row, col) = (k / in_row, k % in_row);
                let pitch = 90;
                let cx = SIZE / 2 + col * pitch + pitch / 2 - in_row * pitch / 2;
                let top = BAND_HEIGHT + if rows == 1 { 190 } else { 150 + row * 140 };
                draw_sticks(&mut c, t, l.throw.flat, tsona, Sticks::SMALL, cx, top);
                let style = Style { size: 20, weight: Weight::Bold, ramp: t.ink };
                let last = skipped + k + 1 == many.len();
                let y = (top + Sticks::SMALL.height + 18) as i32;
                text::draw(&mut c, &value(l, last), cx as i32, y, Align::Centre, style);
            }
            if skipped > 0 {
                let style = Style { size: 18, weight: Weight::Bold, ramp: t.ink };
                text::draw(
                    &mut c,
                    &format!("+{skipped}"),
                    (SIZE / 2) as i32,
                    (BAND_HEIGHT + 130) as i32,
                    Align::Centre,
                    style,
                );
            }
        }
    }
    if tsona {
        draw_pile(&mut c, t, game.pile());
    }
    let compass = Style { size: 16, weight: Weight::Bold, ramp: t.ink };
    let mid = (SIZE / 2) as i32;
    text::draw(&mut c, &letters[0], mid, (BAND_HEIGHT + 30) as i32, Align::Centre, compass);
    text::draw(&mut c, &letters[2], mid, (BAND_HEIGHT + SIZE - 30) as i32, Align::Centre, compass);
    text::draw(&mut c, &letters[3], 30, (BAND_HEIGHT + SIZE / 2) as i32, Align::Centre, compass);
    text::draw(&mut c, &letters[1], SIZE as i32 - 30, (BAND_HEIGHT + SIZE / 2) as i32, Align::Centre, compass);
    let [west, east] = &captions.sides;
    t.bands.draw(&mut c, east, 0, 20);
    t.bands.draw(&mut c, west, SIZE + BAND_HEIGHT, 20);
    c
}

/// The water between each pair of banks, and the danger stripes.
fn draw_creeks(c: &mut Canvas, t: &Theme, south_dangerous: bool) {
    let y0 = BAND_HEIGHT as f32;
    let (a, b) = (LEFT + ALONG[4], LEFT + ALONG[5]);
    let (v1, v2) = (y0 + BOTTOM - ALONG[5], y0 + BOTTOM - ALONG[4]);
    let (w1, w2) = (y0 + TOP + ALONG[4], y0 + TOP + ALONG[5]);
    let rect = |c: &mut Canvas, x0: f32, y0: f32, x1: f32, y1: f32, colour: u8| {
        c.fill_rect(x0 as usize, y0 as usize, (x1 - x0) as usize, (y1 - y0) as usize, colour)
    };
    // North and south creeks across the top and bottom lines; west and east across the side lines.
    rect(c, a, y0 + TOP - 16.0, b, y0 + TOP + 16.0, t.water);
    rect(c, a, y0 + BOTTOM - 16.0, b, y0 + BOTTOM + 16.0, t.water);
    rect(c, LEFT - 16.0, v1, LEFT + 16.0, v2, t.water);
    rect(c, RIGHT - 16.0, w1, RIGHT + 16.0, w2, t.water);
    rect(c, a, y0 + TOP - 26.0, b, y0 + TOP - 18.0, t.danger);
    if south_dangerous {
        rect(c, a, y0 + BOTTOM + 18.0, b, y0 + BOTTOM + 26.0, t.danger);
    }
}

/// The 40 spaces: dots, bank lines and the corner curves with their two ends.
fn draw_track(c: &mut Canvas, t: &Theme) {
    let y0 = BAND_HEIGHT as f32;
    let corners = [
        (LEFT, y0 + BOTTOM, (-1.0, 1.0)),
        (LEFT, y0 + TOP, (-1.0, -1.0)),
        (RIGHT, y0 + TOP, (1.0, -1.0)),
        (RIGHT, y0 + BOTTOM, (1.0, 1.0)),
    ];
    for (x, y, towards) in corners {
        let r = ALONG[0];
        c.quarter_ring(x - towards.0 * r, y - towards.1 * r, r, 3.0, towards, t.ink);
    }
    for g in 0..40u8 {
        let (x, y) = position(g);
        if matches!(g, 0 | 39 | 19 | 20) {
            c.fill_rect((x - 2.0) as usize, (y - 14.0) as usize, 4, 28, t.ink.solid());
        } else if matches!(g, 9 | 10 | 29 | 30) {
            c.fill_rect((x - 14.0) as usize, (y - 2.0) as usize, 28, 4, t.ink.solid());
        } else {
            c.disc(x, y, 5.0, t.ink);
        }
    }
}

/// The size of a drawing of the four sticks.
#[derive(Debug, Clone, Copy)]
struct Sticks {
    width: usize,
    height: usize,
    gap: usize,
}

impl Sticks {
    const LARGE: Sticks = Sticks { width: 26, height: 170, gap: 22 };
    const SMALL: Sticks = Sticks { width: 12, height: 80, gap: 6 };
}

/// The four sticks centred on `cx` from `top`, flat side up light with a red groove, round side up darker; the
/// sahe has a green tip.
fn draw_sticks(c: &mut Canvas, t: &Theme, flat: [bool; 4], tsona: bool, size: Sticks, cx: usize, top: usize) {
    let Sticks { width, height, gap } = size;
    let total = 4 * width + 3 * gap;
    for (i, &is_flat) in flat.iter().enumerate() {
        let x = cx - total / 2 + i * (width + gap);
        c.fill_rect(x, top, width, height, if is_flat { t.flat } else { t.round });
        if is_flat {
            let groove = (width / 6).max(2);
            c.fill_rect(x + width / 2 - groove / 2, top + height / 14, groove, height - height / 7, t.groove);
        }
        if tsona && i == 3 {
            c.fill_rect(x, top, width, height / 12, t.sahe);
        }
    }
}

/// Tsoñä's shared pile: one short bar per counter.
fn draw_pile(c: &mut Canvas, t: &Theme, pile: u8) {
    let top = BAND_HEIGHT + 430;
    let count = usize::from(pile);
    let x0 = SIZE / 2 - (count * 12) / 2;
    for i in 0..count {
        c.fill_rect(x0 + i * 12, top, 6, 36, t.round);
    }
}
