//! A rating history as a small line chart: the rating after each game as a point on a time axis (dates at its
//! ends), the 1500 every player starts from as a dashed line, and the current value written by the last point.

use super::canvas::{Canvas, Palette, Rgb};
use super::text::{self, Align, Style, Weight};

use super::theme::{PAGE, PAGE_TEXT};

const GRID: Rgb = [0x45, 0x4b, 0x55];
const START: Rgb = [0x8a, 0x93, 0xa3];
const LINE: Rgb = super::theme::ACCENT;

const WIDTH: usize = 560;
const HEIGHT: usize = 280;
const LEFT: f32 = 60.0;
const RIGHT: f32 = 64.0;
const TOP: f32 = 44.0;
const BOTTOM: f32 = 40.0;

/// Every rating starts here (Glicko-2's default).
const START_RATING: f64 = 1500.0;

use crate::dates::date;

/// The PNG of a rating history (`(when, rating)` oldest first) under `title`.
pub fn rating_png(title: &str, history: &[(u64, f64)]) -> Vec<u8> {
    let mut palette = Palette::default();
    let page = palette.ramp(PAGE, PAGE_TEXT);
    let points = palette.ramp(PAGE, LINE);
    let grid = palette.solid(GRID);
    let start = palette.solid(START);
    let line = points.solid();
    let mut c = Canvas::new(WIDTH, HEIGHT, page.background());
    let shown = text::fit(title, 18, Weight::Bold, WIDTH as i32 - 20);
    text::draw(&mut c, &shown, 10, 20, Align::Left, Style { size: 18, weight: Weight::Bold, ramp: page });
    let small = Style { size: 13, weight: Weight::Regular, ramp: page };
    let values: Vec<f64> = history.iter().map(|(_, r)| *r).collect();
    // The range holds every rating and the start, with round bounds 50 points apart, at least 100 points wide.
    let (lo, hi) = values.iter().fold((START_RATING, START_RATING), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let mut lo = (lo / 50.0).floor() * 50.0;
    let mut hi = (hi / 50.0).ceil() * 50.0;
    if hi - lo < 100.0 {
        let mid = ((lo + hi) / 2.0 / 50.0).round() * 50.0;
        lo = mid - 50.0;
        hi = mid + 50.0;
    }
    let plot_w = WIDTH as f32 - LEFT - RIGHT;
    let plot_h = HEIGHT as f32 - TOP - BOTTOM;
    let y_of = |v: f64| TOP + plot_h * (1.0 - ((v - lo) / (hi - lo)) as f32);
    let step = if hi - lo > 400.0 { 100.0 } else { 50.0 };
    let mut v = lo;
    while v <= hi + 0.5 {
        let y = y_of(v);
        c.line((LEFT, y), (WIDTH as f32 - RIGHT, y), 1.0, grid);
        text::draw(&mut c, &format!("{v:.0}"), LEFT as i32 - 8, y as i32, Align::Right, small);
        v += step;
    }
    // The start, dashed.
    let y = y_of(START_RATING);
    let mut x = LEFT;
    while x < WIDTH as f32 - RIGHT {
        c.line((x, y), ((x + 6.0).min(WIDTH as f32 - RIGHT), y), 2.0, start);
        x += 12.0;
    }
    // The time axis: the first and last games' dates (one date when they fall on the same day).
    let (first, last) = match (history.first(), history.last()) {
        (Some(f), Some(l)) => (f.0, l.0),
        _ => return c.encode(&palette),
    };
    let span = last.saturating_sub(first);
    let x_of = |t: u64| match span {
        0 => LEFT + plot_w / 2.0,
        _ => LEFT + plot_w * (t - first) as f32 / span as f32,
    };
    let axis = HEIGHT as f32 - BOTTOM;
    c.line((LEFT, axis), (WIDTH as f32 - RIGHT, axis), 1.0, grid);
    let label_y = (axis + 16.0) as i32;
    if date(first) == date(last) {
        text::draw(&mut c, &date(first), x_of(first) as i32, label_y, Align::Centre, small);
    } else {
        text::draw(&mut c, &date(first), LEFT as i32, label_y, Align::Left, small);
        text::draw(&mut c, &date(last), (WIDTH as f32 - RIGHT) as i32, label_y, Align::Right, small);
    }
    let at: Vec<(f32, f32)> = history.iter().map(|&(t, r)| (x_of(t), y_of(r))).collect();
    for pair in at.windows(2) {
        c.line(pair[0], pair[1], 3.0, line);
    }
    // A point per game (small when there are many), and the current value by the last one.
    let radius = if at.len() > 60 { 2.5 } else { 4.5 };
    for &(x, y) in &at {
        c.disc(x, y, radius, points);
    }
    if let (Some(&(x, y)), Some(&(_, rating))) = (at.last(), history.last()) {
        let current = Style { size: 15, weight: Weight::Bold, ramp: page };
        text::draw(&mut c, &format!("{rating:.0}"), x as i32 + 9, y as i32, Align::Left, current);
    }
    c.encode(&palette)
}

/// The PNG of a game's evaluation by move: above the middle line the first side stands better, below the
/// second; the values are clamped at ±`limit` so a forced result does not flatten the rest.
pub fn evaluation_png(title: &str, values: &[i32], limit: i32) -> Vec<u8> {
    let mut palette = Palette::default();
    let page = palette.ramp(PAGE, PAGE_TEXT);
    let grid = palette.solid(GRID);
    let line = palette.solid(LINE);
    let mut c = Canvas::new(WIDTH, HEIGHT, page.background());
    let shown = text::fit(title, 18, Weight::Bold, WIDTH as i32 - 20);
    text::draw(&mut c, &shown, 10, 20, Align::Left, Style { size: 18, weight: Weight::Bold, ramp: page });
    let small = Style { size: 13, weight: Weight::Regular, ramp: page };
    let plot_w = WIDTH as f32 - LEFT - RIGHT;
    let plot_h = HEIGHT as f32 - TOP - BOTTOM;
    let limit = limit.max(1);
    let y_of = |v: i32| TOP + plot_h * (0.5 - v.clamp(-limit, limit) as f32 / limit as f32 / 2.0);
    for (v, label) in
        [(limit, format!("+{}", limit / 100)), (0, "0".to_string()), (-limit, format!("-{}", limit / 100))]
    {
        let y = y_of(v);
        c.line((LEFT, y), (WIDTH as f32 - RIGHT, y), if v == 0 { 2.0 } else { 1.0 }, grid);
        text::draw(&mut c, &label, LEFT as i32 - 8, y as i32, Align::Right, small);
    }
    let n = values.len();
    let x_of = |i: usize| if n <= 1 { LEFT } else { LEFT + plot_w * i as f32 / (n - 1) as f32 };
    for i in 1..n {
        c.line((x_of(i - 1), y_of(values[i - 1])), (x_of(i), y_of(values[i])), 3.0, line);
    }
    let axis = (HEIGHT as f32 - BOTTOM + 16.0) as i32;
    text::draw(&mut c, "0", LEFT as i32, axis, Align::Centre, small);
    text::draw(&mut c, &(n.saturating_sub(1)).to_string(), (WIDTH as f32 - RIGHT) as i32, axis, Align::Centre, small);
    c.encode(&palette)
}

#[cfg(test)]
mod tests {
    use crate::dates::date;

    #[test]
    fn dates_from_seconds() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_796_083_200), "2026-12-01");
    }
}
