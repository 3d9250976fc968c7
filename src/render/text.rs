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

/// The most characters of a string [`fit`] looks at: no band of a picture holds more, so a name of any length
/// (an imported record's, say) costs the same to fit.
pub const FIT_CHARS: usize = 400;

/// Cuts `s` to fit `max` pixels, ending it with an ellipsis when cut. The string is laid out once and every
/// shorter candidate measured from that layout, so the work grows with the characters kept, never quadratically.
pub fn fit(s: &str, size: u32, weight: Weight, max: i32) -> String {
    let f = font(weight);
    let scaled = f.as_scaled(PxScale::from(size as f32));
    let chars: Vec<char> = s.chars().take(FIT_CHARS + 1).collect();
    // `after[k]`: the pen after the first k characters, summed exactly as `layout` sums it.
    let mut after = Vec::with_capacity(chars.len() + 1);
    let mut ids = Vec::with_capacity(chars.len());
    let mut pen = 0.0f32;
    after.push(pen);
    for &c in &chars {
        let id = f.glyph_id(c);
        if let Some(&p) = ids.last() {
            pen += scaled.kern(p, id);
        }
        pen += scaled.h_advance(id);
        ids.push(id);
        after.push(pen);
    }
    if chars.len() <= FIT_CHARS && pen.round() as i32 <= max {
        return s.to_string();
    }
    let ellipsis = f.glyph_id('…');
    let with_ellipsis = |k: usize| {
        let mut pen = after[k];
        if k > 0 {
            pen += scaled.kern(ids[k - 1], ellipsis);
        }
        (pen + scaled.h_advance(ellipsis)).round() as i32
    };
    let longest = chars.len().saturating_sub(1).min(FIT_CHARS);
    (0..=longest)
        .rev()
        .find(|&k| with_ellipsis(k) <= max)
        .map(|k| chars[..k].iter().chain(std::iter::once(&'…')).collect())
        .unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain way: drop a character, measure the whole candidate again.
    fn fit_by_dropping(s: &str, size: u32, weight: Weight, max: i32) -> String {
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

    #[test]
    fn fitting_cuts_where_measuring_every_candidate_would() {
        let names =
            ["ana", "Bartolomé de las Casas", "AVAVAVAVAVAV To Ty", "ñandú ÑANDÚ «quoted»", "", "WWWWWWWWWWWWWWWW"];
        for name in names {
            for weight in [Weight::Regular, Weight::Bold] {
                for max in [-1, 0, 8, 30, 61, 120, 400] {
                    assert_eq!(fit(name, 17, weight, max), fit_by_dropping(name, 17, weight, max), "{name} {max}");
                }
            }
        }
    }

    #[test]
    fn a_name_of_any_length_is_cut_from_its_first_characters() {
        let huge = "x".repeat(1_000_000);
        let cut = fit(&huge, 17, Weight::Bold, 200);
        assert!(cut.ends_with('…') && cut.chars().count() < 60, "{cut}");
        assert_eq!(cut, fit_by_dropping(&"x".repeat(80), 17, Weight::Bold, 200));
        // Characters without width do not make a long string "fit" whole.
        let marks = "\u{200b}".repeat(10_000);
        assert!(fit(&marks, 17, Weight::Regular, 200).chars().count() <= FIT_CHARS + 1);
    }
}
