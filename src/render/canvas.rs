//! An indexed-colour canvas and its palette. Anti-aliasing is done with colour ramps: a ramp is 16 palette
//! entries blending a known background into a foreground, so a shape drawn over a uniform background needs no
//! blending at run time, and the PNG is written as an 8-bit indexed image (small and fast to encode).

/// 16 palette entries from a background (level 0) to a foreground (level 15).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ramp {
    base: u8,
}

pub const RAMP_LEVELS: u8 = 16;

impl Ramp {
    pub fn level(self, coverage: f32) -> Option<u8> {
        let level = (coverage.clamp(0.0, 1.0) * f32::from(RAMP_LEVELS - 1)).round() as u8;
        (level > 0).then_some(self.base + level)
    }

    /// The full-strength foreground colour.
    pub fn solid(self) -> u8 {
        self.base + RAMP_LEVELS - 1
    }

    /// The background colour.
    pub fn background(self) -> u8 {
        self.base
    }
}

/// A palette of at most 256 colours, built once per theme.
#[derive(Debug, Clone, Default)]
pub struct Palette {
    rgb: Vec<u8>,
}

pub type Rgb = [u8; 3];

impl Palette {
    pub fn ramp(&mut self, background: Rgb, foreground: Rgb) -> Ramp {
        let base = self.len();
        assert!(base + usize::from(RAMP_LEVELS) <= 256, "palette full");
        for level in 0..RAMP_LEVELS {
            let t = f32::from(level) / f32::from(RAMP_LEVELS - 1);
            for c in 0..3 {
                let v = f32::from(background[c]) * (1.0 - t) + f32::from(foreground[c]) * t;
                self.rgb.push(v.round() as u8);
            }
        }
        Ramp { base: base as u8 }
    }

    /// One colour, for shapes with straight edges (no anti-aliasing needed).
    pub fn solid(&mut self, colour: Rgb) -> u8 {
        let index = self.len();
        assert!(index < 256, "palette full");
        self.rgb.extend_from_slice(&colour);
        index as u8
    }

    fn len(&self) -> usize {
        self.rgb.len() / 3
    }

    pub fn bytes(&self) -> &[u8] {
        &self.rgb
    }
}

/// Palette indices, row by row.
pub struct Canvas {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

impl Canvas {
    pub fn new(width: usize, height: usize, background: u8) -> Canvas {
        Canvas { width, height, pixels: vec![background; width * height] }
    }

    pub fn fill_rect(&mut self, x: usize, y: usize, w: usize, h: usize, colour: u8) {
        let x1 = (x + w).min(self.width);
        for row in y..(y + h).min(self.height) {
            self.pixels[row * self.width + x.min(x1)..row * self.width + x1].fill(colour);
        }
    }

    /// Paints `coverage(x, y)` (pixel centres) over the box `x0..x1, y0..y1` with `ramp`; zero coverage leaves
    /// the pixel alone.
    fn paint(&mut self, bounds: (f32, f32, f32, f32), ramp: Ramp, coverage: impl Fn(f32, f32) -> f32) {
        let (x0, y0, x1, y1) = bounds;
        let xs = (x0.floor().max(0.0) as usize)..(x1.ceil().max(0.0) as usize).min(self.width);
        let ys = (y0.floor().max(0.0) as usize)..(y1.ceil().max(0.0) as usize).min(self.height);
        for y in ys {
            let row = y * self.width;
            for x in xs.clone() {
                if let Some(level) = ramp.level(coverage(x as f32 + 0.5, y as f32 + 0.5)) {
                    self.pixels[row + x] = level;
                }
            }
        }
    }

    /// An anti-aliased disc over a background that is `ramp`'s.
    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, ramp: Ramp) {
        self.paint((cx - r - 1.0, cy - r - 1.0, cx + r + 1.0, cy + r + 1.0), ramp, |x, y| {
            let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
            r - d + 0.5
        });
    }

    /// An anti-aliased ring between radii `inner` and `outer`.
    /// A disc of one colour with a hard edge (for small badges, where a palette ramp would cost too much).
    pub fn disc_solid(&mut self, cx: f32, cy: f32, r: f32, colour: u8) {
        let (y0, y1) = ((cy - r).floor().max(0.0) as usize, ((cy + r).ceil() as usize).min(self.height));
        let (x0, x1) = ((cx - r).floor().max(0.0) as usize, ((cx + r).ceil() as usize).min(self.width));
        for y in y0..y1 {
            for x in x0..x1 {
                let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
                if dx * dx + dy * dy <= r * r {
                    self.pixels[y * self.width + x] = colour;
                }
            }
        }
    }

    pub fn ring(&mut self, cx: f32, cy: f32, inner: f32, outer: f32, ramp: Ramp) {
        let r = outer;
        self.paint((cx - r - 1.0, cy - r - 1.0, cx + r + 1.0, cy + r + 1.0), ramp, |x, y| {
            let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
            (outer - d + 0.5).clamp(0.0, 1.0) - (inner - d + 0.5).clamp(0.0, 1.0)
        });
    }

    /// A quarter of a ring of radius `r` and `width` around (cx, cy): the quarter on the side of `towards`
    /// (each coordinate -1 or 1).
    pub fn quarter_ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, towards: (f32, f32), ramp: Ramp) {
        let outer = r + width / 2.0;
        let inner = r - width / 2.0;
        self.paint((cx - outer - 1.0, cy - outer - 1.0, cx + outer + 1.0, cy + outer + 1.0), ramp, |x, y| {
            if (x - cx) * towards.0 < 0.0 || (y - cy) * towards.1 < 0.0 {
                return 0.0;
            }
            let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
            (outer - d + 0.5).clamp(0.0, 1.0) - (inner - d + 0.5).clamp(0.0, 1.0)
        });
    }

    /// Copies a coverage bitmap (levels 0..16) onto the canvas at `(x, y)` with `ramp`.
    pub fn blit_coverage(&mut self, x: i32, y: i32, w: usize, levels: &[u8], ramp: Ramp) {
        for (j, row) in levels.chunks(w.max(1)).enumerate() {
            let py = y + j as i32;
            if py < 0 || py as usize >= self.height {
                continue;
            }
            for (i, &level) in row.iter().enumerate() {
                let px = x + i as i32;
                if level > 0 && px >= 0 && (px as usize) < self.width {
                    self.pixels[py as usize * self.width + px as usize] = ramp.background() + level;
                }
            }
        }
    }

    /// A straight line `width` pixels wide in one colour (no anti-aliasing: it crosses several backgrounds).
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: u8) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length2 = (dx * dx + dy * dy).max(1e-6);
        let half = width / 2.0;
        let (x0, x1) = (from.0.min(to.0) - half, from.0.max(to.0) + half);
        let (y0, y1) = (from.1.min(to.1) - half, from.1.max(to.1) + half);
        for y in (y0.max(0.0) as usize)..(y1.ceil() as usize).min(self.height) {
            for x in (x0.max(0.0) as usize)..(x1.ceil() as usize).min(self.width) {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let t = (((px - from.0) * dx + (py - from.1) * dy) / length2).clamp(0.0, 1.0);
                let (cx, cy) = (from.0 + t * dx, from.1 + t * dy);
                if (px - cx).powi(2) + (py - cy).powi(2) <= half * half {
                    self.pixels[y * self.width + x] = colour;
                }
            }
        }
    }

    /// Copies a `w`-wide tile of palette indices with its top-left corner at (x, y).
    pub fn blit(&mut self, x: usize, y: usize, w: usize, tile: &[u8]) {
        for (row, line) in tile.chunks(w).enumerate() {
            let start = (y + row) * self.width + x;
            self.pixels[start..start + w].copy_from_slice(line);
        }
    }

    /// Encodes the canvas as an 8-bit indexed PNG.
    pub fn encode(&self, palette: &Palette) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 * 1024);
        let mut encoder = png::Encoder::new(&mut out, self.width as u32, self.height as u32);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette.bytes().to_vec());
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::Filter::Sub);
        // Writing into a Vec cannot fail, and the header matches the data by construction.
        let mut writer = encoder.write_header().expect("PNG header");
        writer.write_image_data(&self.pixels).expect("PNG data");
        writer.finish().expect("PNG end");
        out
    }
}
