//! A single-elimination bracket as a picture: one column per round under its name, a box per game with its two
//! players and the result (the winner in bold with 1, the loser 0, a bye shown as such), lines joining each pair
//! of games to the game their winners meet in.

use super::canvas::{Canvas, Palette, Rgb};
use super::text::{self, Align, Style, Weight};

use super::theme::{PAGE, PAGE_TEXT, ROW as BOX};

const LINE: Rgb = [0x6b, 0x72, 0x7e];
const WIN: Rgb = super::theme::ACCENT;

const BOX_W: usize = 170;
const BOX_H: usize = 52;
const GAP_X: usize = 40;
const GAP_Y: usize = 16;
const TOP: usize = 76;
const MARGIN: usize = 20;

/// One game of a bracket: the two players (a name, or `None` for a bye or a player not known yet) and which of
/// them won (0 or 1), if decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub players: [Option<String>; 2],
    pub winner: Option<usize>,
}

/// The PNG of a bracket whose first round has `rounds[0].len()` games (a power of two); later rounds halve.
/// `names` are the rounds' names, first round first ("Quarter-finals", "Semi-finals", "Final").
pub fn bracket_png(title: &str, names: &[String], rounds: &[Vec<Game>], bye: &str) -> Vec<u8> {
    let mut palette = Palette::default();
    let page = palette.ramp(PAGE, PAGE_TEXT);
    let in_box = palette.ramp(BOX, PAGE_TEXT);
    let won = palette.ramp(BOX, WIN);
    let line = palette.solid(LINE);
    let first = rounds.first().map_or(1, Vec::len).max(1);
    let width = 2 * MARGIN + rounds.len() * BOX_W + rounds.len().saturating_sub(1) * GAP_X;
    let height = TOP + first * (BOX_H + GAP_Y) + MARGIN;
    let mut c = Canvas::new(width.max(300), height, page.background());
    let shown = text::fit(title, 20, Weight::Bold, c.width as i32 - 2 * MARGIN as i32);
    text::draw(&mut c, &shown, MARGIN as i32, 25, Align::Left, Style { size: 20, weight: Weight::Bold, ramp: page });
    // The vertical centre of game `g` of round `r`: centred between the two games that feed it.
    let slot = (BOX_H + GAP_Y) as f32;
    let centre = |r: usize, g: usize| TOP as f32 + slot * ((g as f32 + 0.5) * (1 << r) as f32);
    for (r, games) in rounds.iter().enumerate() {
        let x = MARGIN + r * (BOX_W + GAP_X);
        if let Some(name) = names.get(r) {
            let name = text::fit(name, 15, Weight::Bold, BOX_W as i32);
            let style = Style { size: 15, weight: Weight::Bold, ramp: page };
            text::draw(&mut c, &name, (x + BOX_W / 2) as i32, 57, Align::Centre, style);
        }
        for (g, game) in games.iter().enumerate() {
            let cy = centre(r, g);
            let top = (cy - BOX_H as f32 / 2.0) as usize;
            c.fill_rect(x, top, BOX_W, BOX_H, in_box.background());
            for (k, player) in game.players.iter().enumerate() {
                let name = player.clone().unwrap_or_else(|| if r == 0 { bye.to_string() } else { String::new() });
                let winner = game.winner == Some(k);
                let style = Style {
                    size: 15,
                    weight: if winner { Weight::Bold } else { Weight::Regular },
                    ramp: if winner { won } else { in_box },
                };
                let name = text::fit(&name, 15, style.weight, BOX_W as i32 - 36);
                let y = top as i32 + 14 + k as i32 * 24;
                text::draw(&mut c, &name, x as i32 + 8, y, Align::Left, style);
                // The result: 1 for the winner, 0 for the loser of a game played (a bye has none).
                if let Some(w) = game.winner
                    && game.players.iter().all(Option::is_some)
                {
                    let score = if w == k { "1" } else { "0" };
                    text::draw(&mut c, score, (x + BOX_W) as i32 - 10, y, Align::Right, style);
                }
            }
            if r + 1 < rounds.len() {
                // Out to the right, then to the next round's game.
                let (x1, x2) = ((x + BOX_W) as f32, (x + BOX_W + GAP_X / 2) as f32);
                c.line((x1, cy), (x2, cy), 2.0, line);
                let next = centre(r + 1, g / 2);
                c.line((x2, cy), (x2, next), 2.0, line);
                c.line((x2, next), (x2 + (GAP_X / 2) as f32, next), 2.0, line);
            }
        }
    }
    c.encode(&palette)
}
