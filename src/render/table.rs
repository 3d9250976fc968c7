//! A leaderboard as a picture: a title, a header row, and one row per player (rank, name, rating ± deviation,
//! games, win rate), alternating row shades.

use super::canvas::{Canvas, Palette};
pub use super::text::Align;
use super::text::{self, Style, Weight};
use super::theme::{ACCENT as HEADER, ACCENT_TEXT as HEADER_TEXT, PAGE, PAGE_TEXT, ROW};

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

/// A column of a table picture: where its text is anchored and how.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub x: i32,
    pub align: Align,
    pub bold: bool,
    /// The widest its text may be (longer text ends with an ellipsis).
    pub room: i32,
}

/// The PNG of a table: a title, a header row, and rows of cells (one per column).
pub fn table_png(title: &str, headers: &[String], columns: &[Column], rows: &[Vec<String>]) -> Vec<u8> {
    let mut palette = Palette::default();
    let page = palette.ramp(PAGE, PAGE_TEXT);
    let row_ramp = palette.ramp(ROW, PAGE_TEXT);
    let header = palette.ramp(HEADER, HEADER_TEXT);
    let (size, title_lines) = title_layout(title);
    let title_height = TITLE + (title_lines.len() - 1) * (size as usize + 6);
    let height = title_height + LINE * (rows.len() + 1) + 12;
    let mut c = Canvas::new(WIDTH, height, page.background());
    let title_style = Style { size, weight: Weight::Bold, ramp: page };
    let first = (TITLE / 2) as i32;
    for (i, line) in title_lines.iter().enumerate() {
        let cy = first + i as i32 * (size as i32 + 6);
        text::draw(&mut c, line, MARGIN, cy, Align::Left, title_style);
    }
    c.fill_rect(0, title_height, WIDTH, LINE, header.background());
    let cy = (title_height + LINE / 2) as i32;
    for (text_, col) in headers.iter().zip(columns) {
        text::draw(&mut c, text_, col.x, cy, col.align, Style { size: 16, weight: Weight::Bold, ramp: header });
    }
    for (i, row) in rows.iter().enumerate() {
        let top = title_height + LINE * (i + 1);
        let ramp = if i % 2 == 0 { row_ramp } else { page };
        c.fill_rect(0, top, WIDTH, LINE, ramp.background());
        let cy = (top + LINE / 2) as i32;
        for (cell, col) in row.iter().zip(columns) {
            let weight = if col.bold { Weight::Bold } else { Weight::Regular };
            let cell = text::fit(cell, 17, weight, col.room);
            text::draw(&mut c, &cell, col.x, cy, col.align, Style { size: 17, weight, ramp });
        }
    }
    c.encode(&palette)
}

/// A title never clipped: at 22 px if it fits, else smaller (down to 17 px), else on two lines at a space (the
/// second shortened with an ellipsis only if even that is too long).
fn title_layout(title: &str) -> (u32, Vec<String>) {
    let room = WIDTH as i32 - 2 * MARGIN;
    for size in [22, 20, 18, 17] {
        if text::width(title, size, Weight::Bold) <= room {
            return (size, vec![title.to_string()]);
        }
    }
    let size = 20;
    let words: Vec<&str> = title.split(' ').collect();
    let mut split = 1;
    while split < words.len() && text::width(&words[..split + 1].join(" "), size, Weight::Bold) <= room {
        split += 1;
    }
    let second = text::fit(&words[split..].join(" "), size, Weight::Bold, room);
    (size, vec![words[..split].join(" "), second])
}

/// The PNG of a leaderboard page; `headers` are the five column titles.
pub fn leaderboard_png(title: &str, rows: &[Row], headers: &[String; 5]) -> Vec<u8> {
    let columns = [
        Column { x: MARGIN + 40, align: Align::Right, bold: false, room: 40 },
        Column { x: MARGIN + 56, align: Align::Left, bold: false, room: 272 },
        Column { x: 360, align: Align::Left, bold: true, room: 140 },
        Column { x: 530, align: Align::Right, bold: false, room: 60 },
        Column { x: WIDTH as i32 - MARGIN, align: Align::Right, bold: false, room: 70 },
    ];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![r.rank.to_string(), r.name.clone(), r.rating.clone(), r.games.to_string(), format!("{}%", r.win_rate)]
        })
        .collect();
    table_png(title, headers, &columns, &cells)
}

/// The PNG of a game of chance's team records: rank, team, wins, games, counters won.
pub fn team_records_png(title: &str, headers: &[String; 5], rows: &[Vec<String>]) -> Vec<u8> {
    let columns = [
        Column { x: MARGIN + 40, align: Align::Right, bold: false, room: 40 },
        Column { x: MARGIN + 56, align: Align::Left, bold: false, room: 300 },
        Column { x: 450, align: Align::Right, bold: true, room: 70 },
        Column { x: 530, align: Align::Right, bold: false, room: 70 },
        Column { x: WIDTH as i32 - MARGIN, align: Align::Right, bold: false, room: 80 },
    ];
    table_png(title, headers, &columns, rows)
}

/// The PNG of tournament standings: rank, player, points, Buchholz, Sonneborn-Berger (already formatted).
pub fn standings_png(title: &str, headers: &[String; 5], rows: &[Vec<String>]) -> Vec<u8> {
    let columns = [
        Column { x: MARGIN + 40, align: Align::Right, bold: false, room: 40 },
        Column { x: MARGIN + 56, align: Align::Left, bold: false, room: 250 },
        Column { x: 400, align: Align::Right, bold: true, room: 70 },
        Column { x: 510, align: Align::Right, bold: false, room: 90 },
        Column { x: WIDTH as i32 - MARGIN, align: Align::Right, bold: false, room: 90 },
    ];
    table_png(title, headers, &columns, rows)
}
