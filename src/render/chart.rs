//! A rating history as a small line chart: the rating after each game, with the axis labelled at round values.

use super::canvas::{Canvas, Palette, Rgb};
use super::text::{self, Align, Style, Weight};

const PAGE: Rgb = [0x2b, 0x2f, 0x36];
const PAGE_TEXT: Rgb = [0xec, 0xee, 0xf1];
const GRID: Rgb = [0x45, 0x4b, 0x55];
const LINE: Rgb = [0xf2, 0xc1, 0x4e];

const WIDTH: usize = 560;
const HEIGHT: usize = 260;
const LEFT: f32 = 60.0;
const RIGHT: f32 = 20.0;
const TOP: f32 = 44.0;
const BOTTOM: f32 = 24.0;

/// The PNG of a rating history (`(when, rating)` oldest first) under `title`.
pub fn rating_png(title: &str, history: &[(u64, f64)]) -> Vec<u8> {
    let mut palette = Palette::default();
    let page = palette.ramp(PAGE, PAGE_TEXT);
    let grid = palette.solid(GRID);
    let line = palette.solid(LINE);
    let mut c = Canvas::new(WIDTH, HEIGHT, page.background());
    let shown = text::fit(title, 18, Weight::Bold, WIDTH as i32 - 20);
    text::draw(&mut c, &shown, 10, 20, Align::Left, Style { size: 18, weight: Weight::Bold, ramp: page });
    let values: Vec<f64> = history.iter().map(|(_, r)| *r).collect();
    let (lo, hi) = values.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    // Round bounds 50 points apart, at least 100 points of range.
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
        let label = format!("{v:.0}");
        text::draw(
            &mut c,
            &label,
            LEFT as i32 - 8,
            y as i32,
            Align::Right,
            Style { size: 13, weight: Weight::Regular, ramp: page },
        );
        v += step;
    }
    let n = values.len();
    let x_of = |i: usize| if n <= 1 { LEFT + plot_w / 2.0 } else { LEFT + plot_w * i as f32 / (n - 1) as f32 };
    for i in 1..n {
        c.line((x_of(i - 1), y_of(values[i - 1])), (x_of(i), y_of(values[i])), 3.0, line);
    }
    if n == 1 {
        c.line((x_of(0) - 3.0, y_of(values[0])), (x_of(0) + 3.0, y_of(values[0])), 6.0, line);
    }
    c.encode(&palette)
}
