//! A leaderboard as a picture: a title, a header row, and one row per player (rank, name, rating ± deviation,
//! games, win rate), alternating row shades.

use super::canvas::{Canvas, Palette, Rgb};
use super::text::{self, Align, Style, Weight};

const PAGE: Rgb = [0x2b, 0x2f, 0x36];
const PAGE_TEXT: Rgb = [0xec, 0xee, 0xf1];
const ROW: Rgb = [0x36, 0x3b, 0x44];
const HEADER: Rgb = [0xf2, 0xc1, 0x4e];
const HEADER_TEXT: Rgb = [0x1d, 0x1b, 0x16];

const WIDTH: usize = 640;
const TITLE: usize = 56;
const LINE: usize = 40;
const MARGIN: i32 = 20;

/// One row of a leaderboard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub rank: u32,
    pub name: String,
    /// Already formatted, e.g. `1630? ± 120`.
    pub rating: String,
    pub games: u32,
    /// Percent.
    pub win_rate: u32,
}

/// The PNG of a leaderboard page; `headers` are the five column titles.
pub fn leaderboard_png(title: &str, rows: &[Row], headers: &[String; 5]) -> Vec<u8> {
    let mut palette = Palette::default();
    let page = palette.ramp(PAGE, PAGE_TEXT);
    let row_ramp = palette.ramp(ROW, PAGE_TEXT);
    let header = palette.ramp(HEADER, HEADER_TEXT);
    let height = TITLE + LINE * (rows.len() + 1) + 12;
    let mut c = Canvas::new(WIDTH, height, page.background());
    let title_style = Style { size: 22, weight: Weight::Bold, ramp: page };
    let shown = text::fit(title, 22, Weight::Bold, WIDTH as i32 - 2 * MARGIN);
    text::draw(&mut c, &shown, MARGIN, (TITLE / 2) as i32, Align::Left, title_style);
    // Columns: rank (right-aligned), name, rating, games, win rate (right-aligned).
    let columns = [
        (MARGIN + 40, Align::Right),
        (MARGIN + 56, Align::Left),
        (360, Align::Left),
        (530, Align::Right),
        (WIDTH as i32 - MARGIN, Align::Right),
    ];
    c.fill_rect(0, TITLE, WIDTH, LINE, header.background());
    let cy = (TITLE + LINE / 2) as i32;
    for (text_, (x, align)) in headers.iter().zip(columns) {
        text::draw(&mut c, text_, x, cy, align, Style { size: 16, weight: Weight::Bold, ramp: header });
    }
    for (i, row) in rows.iter().enumerate() {
        let top = TITLE + LINE * (i + 1);
        let ramp = if i % 2 == 0 { row_ramp } else { page };
        c.fill_rect(0, top, WIDTH, LINE, ramp.background());
        let cy = (top + LINE / 2) as i32;
        let style = Style { size: 17, weight: Weight::Regular, ramp };
        let name = text::fit(&row.name, 17, Weight::Regular, 360 - columns[1].0 - 12);
        let cells =
            [row.rank.to_string(), name, row.rating.clone(), row.games.to_string(), format!("{}%", row.win_rate)];
        for (k, (cell, (x, align))) in cells.iter().zip(columns).enumerate() {
            let style = if k == 2 { Style { weight: Weight::Bold, ..style } } else { style };
            text::draw(&mut c, cell, x, cy, align, style);
        }
    }
    c.encode(&palette)
}
