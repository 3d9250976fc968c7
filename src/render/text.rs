//! Text with DejaVu Sans (kept in `assets/` with its licence). Glyphs are rasterised once per (character, size,
//! weight) into 16-level coverage maps and cached; text is laid out on whole pixels so a string always gives the
//! same pixels.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};

use super::canvas::{Canvas, RAMP_LEVELS, Ramp};

static REGULAR: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    static FONTS: OnceLock<[FontRef<'static>; 2]> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        [
            FontRef::try_from_slice(REGULAR).expect("DejaVu Sans parses"),
            FontRef::try_from_slice(BOLD).expect("DejaVu Sans Bold parses"),
        ]
    });
    &fonts[weight as usize]
}

struct Glyph {
    left: i32,
    top: i32,
    width: usize,
    levels: Vec<u8>,
}

fn glyph(c: char, size: u32, weight: Weight) -> Arc<Glyph> {
    type Cache = Mutex<HashMap<(char, u32, Weight), Arc<Glyph>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(g) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&(c, size, weight)) {
        return g.clone();
    }
    let f = font(weight);
    let outlined = f.outline_glyph(f.glyph_id(c).with_scale_and_position(PxScale::from(size as f32), point(0.0, 0.0)));
    let g = Arc::new(match outlined {
        Some(o) => {
            let b = o.px_bounds();
            let width = b.width() as usize;
            let height = b.height() as usize;
            let mut levels = vec![0u8; width * height];
            o.draw(|x, y, cov| {
                if let Some(cell) = levels.get_mut(y as usize * width + x as usize) {
                    *cell = (cov.clamp(0.0, 1.0) * f32::from(RAMP_LEVELS - 1)).round() as u8;
                }
            });
            Glyph { left: b.min.x as i32, top: b.min.y as i32, width, levels }
        }
        None => Glyph { left: 0, top: 0, width: 0, levels: Vec::new() },
    });
    cache.lock().unwrap_or_else(|e| e.into_inner()).insert((c, size, weight), g.clone());
    g
}

/// Horizontal placement of a string relative to the `x` given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// A text style: size in pixels, weight, colour ramp over the background it is drawn on.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub size: u32,
    pub weight: Weight,
    pub ramp: Ramp,
}

/// Pen positions (whole pixels) of each character of `s`, and the total advance.
fn layout(s: &str, size: u32, weight: Weight) -> (Vec<(char, i32)>, i32) {
    let f = font(weight);
    let scaled = f.as_scaled(PxScale::from(size as f32));
    let mut pen = 0.0f32;
    let mut prev = None;
    let mut placed = Vec::with_capacity(s.len());
    for c in s.chars() {
        let id = f.glyph_id(c);
        if let Some(p) = prev {
            pen += scaled.kern(p, id);
        }
        placed.push((c, pen.round() as i32));
        pen += scaled.h_advance(id);
        prev = Some(id);
    }
    (placed, pen.round() as i32)
}

pub fn width(s: &str, size: u32, weight: Weight) -> i32 {
    layout(s, size, weight).1
}

/// Cuts `s` to fit `max` pixels, ending it with an ellipsis when cut.
pub fn fit(s: &str, size: u32, weight: Weight, max: i32) -> String {
    if width(s, size, weight) <= max {
        return s.to_string();
    }
    let mut chars: Vec<char> = s.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let candidate: String = chars.iter().collect::<String>() + "…";
        if width(&candidate, size, weight) <= max {
            return candidate;
        }
    }
    String::new()
}

/// Draws `s` with its vertical centre at `cy` (the centre of the font's cap height band).
pub fn draw(canvas: &mut Canvas, s: &str, x: i32, cy: i32, align: Align, style: Style) {
    let (placed, total) = layout(s, style.size, style.weight);
    let start = match align {
        Align::Left => x,
        Align::Centre => x - total / 2,
        Align::Right => x - total,
    };
    // Digits and capitals span about 0.73 em above the baseline in DejaVu Sans.
    let baseline = cy + (style.size as f32 * 0.73 / 2.0).round() as i32;
    for (c, pen) in placed {
        let g = glyph(c, style.size, style.weight);
        canvas.blit_coverage(start + pen + g.left, baseline + g.top, g.width, &g.levels, style.ramp);
    }
}
