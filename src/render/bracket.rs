//! A single-elimination bracket as a picture: one column per round under its name, a box per game with its two
//! players and the result (the winner in bold with 1, the loser 0, a bye shown as such), lines joining each pair
//! of games to the game their winners meet in.

use super::canvas::{Canvas, Palette, Ramp, Rgb};
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
            let empty = if r == 0 { bye } else { "" };
            draw_game(&mut c, x, cy, game, empty, (in_box, won));
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

/// A game's box centred at height `cy`: its two players (`empty` for a place nobody holds), the winner in bold
/// with 1, the loser 0.
fn draw_game(c: &mut Canvas, x: usize, cy: f32, game: &Game, empty: &str, (in_box, won): (Ramp, Ramp)) {
    let top = (cy - BOX_H as f32 / 2.0) as usize;
    c.fill_rect(x, top, BOX_W, BOX_H, in_box.background());
    for (k, player) in game.players.iter().enumerate() {
        let name = player.clone().unwrap_or_else(|| empty.to_string());
        let winner = game.winner == Some(k);
        let style = Style {
            size: 15,
            weight: if winner { Weight::Bold } else { Weight::Regular },
            ramp: if winner { won } else { in_box },
        };
        let name = text::fit(&name, 15, style.weight, BOX_W as i32 - 36);
        let y = top as i32 + 14 + k as i32 * 24;
        text::draw(c, &name, x as i32 + 8, y, Align::Left, style);
        // The result: 1 for the winner, 0 for the loser of a game played (a bye has none).
        if let Some(w) = game.winner
            && game.players.iter().all(Option::is_some)
        {
            let score = if w == k { "1" } else { "0" };
            text::draw(c, score, (x + BOX_W) as i32 - 10, y, Align::Right, style);
        }
    }
}

/// One part of a double-elimination bracket: its title, its rounds' names and games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub title: String,
    pub names: Vec<String>,
    pub rounds: Vec<Vec<Game>>,
}

/// The PNG of a double-elimination bracket: its parts one under the other (the winners' bracket, the losers'
/// bracket, the grand final), each a column per round; a game is joined to the game of the next round it feeds
/// (the same place when that round has as many games, half-way when it has half as many). A place nobody holds
/// in a decided game is a bye.
pub fn double_bracket_png(title: &str, parts: &[Part], bye: &str) -> Vec<u8> {
    let mut palette = Palette::default();
    let page = palette.ramp(PAGE, PAGE_TEXT);
    let in_box = palette.ramp(BOX, PAGE_TEXT);
    let won = palette.ramp(BOX, WIN);
    let line = palette.solid(LINE);
    let columns = parts.iter().map(|p| p.rounds.len()).max().unwrap_or(1).max(1);
    let tallest = |p: &Part| p.rounds.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let slot = BOX_H + GAP_Y;
    let heights: Vec<usize> = parts.iter().map(|p| 64 + tallest(p) * slot).collect();
    let width = 2 * MARGIN + columns * BOX_W + (columns - 1) * GAP_X;
    let height = 44 + heights.iter().sum::<usize>() + MARGIN;
    let mut c = Canvas::new(width.max(300), height, page.background());
    let shown = text::fit(title, 20, Weight::Bold, c.width as i32 - 2 * MARGIN as i32);
    text::draw(&mut c, &shown, MARGIN as i32, 25, Align::Left, Style { size: 20, weight: Weight::Bold, ramp: page });
    let mut y0 = 44;
    for (part, height) in parts.iter().zip(&heights) {
        let heading = text::fit(&part.title, 17, Weight::Bold, c.width as i32 - 2 * MARGIN as i32);
        text::draw(
            &mut c,
            &heading,
            MARGIN as i32,
            y0 as i32 + 14,
            Align::Left,
            Style { size: 17, weight: Weight::Bold, ramp: page },
        );
        let most = tallest(part) as f32;
        let top = (y0 + 64) as f32;
        // The centre of game `g` of a round of `count` games: spread evenly over the part's height.
        let centre = |g: usize, count: usize| top + slot as f32 * (g as f32 + 0.5) * most / count.max(1) as f32;
        for (r, games) in part.rounds.iter().enumerate() {
            let x = MARGIN + r * (BOX_W + GAP_X);
            if let Some(name) = part.names.get(r) {
                let name = text::fit(name, 15, Weight::Bold, BOX_W as i32);
                let style = Style { size: 15, weight: Weight::Bold, ramp: page };
                text::draw(&mut c, &name, (x + BOX_W / 2) as i32, y0 as i32 + 44, Align::Centre, style);
            }
            let next = part.rounds.get(r + 1).map_or(0, Vec::len);
            for (g, game) in games.iter().enumerate() {
                let cy = centre(g, games.len());
                let empty = if game.winner.is_some() { bye } else { "" };
                draw_game(&mut c, x, cy, game, empty, (in_box, won));
                let fed = match next {
                    n if n == games.len() => Some(g),
                    n if n * 2 == games.len() => Some(g / 2),
                    _ => None,
                };
                if let Some(to) = fed {
                    let (x1, x2) = ((x + BOX_W) as f32, (x + BOX_W + GAP_X / 2) as f32);
                    let target = centre(to, next);
                    c.line((x1, cy), (x2, cy), 2.0, line);
                    c.line((x2, cy), (x2, target), 2.0, line);
                    c.line((x2, target), (x2 + (GAP_X / 2) as f32, target), 2.0, line);
                }
            }
        }
        y0 += height;
    }
    c.encode(&palette)
}
