//! Animated replays: a game's pictures, one per move, as one GIF. As lila-gif does it: one palette for the whole
//! animation (every picture of a game shares its theme's palette, so no colour is quantised), the first frame
//! whole and each later frame only the rectangle that changed since the one before, its unchanged pixels
//! transparent (a spare palette entry) so that they compress to nearly nothing, a delay per frame, played in a
//! loop.
//!
//! Bounded whatever the game's length: the pictures come from a [`Source`] that draws each when it is encoded,
//! so memory holds two pictures and the output; at most `max_frames` are shown (a longer game's moves sampled
//! evenly, the first and last always); and an animation that grows past the size limit is abandoned as soon as
//! it does, the next try (half the scale, then fewer frames) chosen from the size measured so far rather than by
//! starting over at every step. It is never refused.

use std::borrow::Cow;

use super::Picture;

/// One picture of the replay and how long it shows, in hundredths of a second.
#[derive(Debug, Clone)]
pub struct Frame {
    pub picture: Picture,
    pub delay: u16,
}

/// A finished animation.
#[derive(Debug, Clone)]
pub struct Animation {
    pub gif: Vec<u8>,
    /// The pictures were shrunk by this factor (1: full size).
    pub shrink: usize,
    /// The frames kept, by their index in the input (all of them unless the limits made it drop some).
    pub kept: Vec<usize>,
}

/// Discord's upload limit for a server without boosts (10 MiB), less room for the rest of the request.
pub const DISCORD_LIMIT: usize = 10 * 1024 * 1024 - 64 * 1024;

/// The pictures of a replay, drawn when the encoder asks for them, in increasing order within one try (a new try
/// starts again from an earlier index).
pub trait Source {
    /// How many pictures the replay has.
    fn count(&self) -> usize;
    /// How long picture `index` shows, in hundredths of a second.
    fn delay(&self, index: usize) -> u16;
    /// Picture `index`, all of the same size and palette.
    fn picture(&mut self, index: usize) -> Picture;
}

/// Pictures already drawn.
struct Drawn<'a>(&'a [Frame]);

impl Source for Drawn<'_> {
    fn count(&self) -> usize {
        self.0.len()
    }
    fn delay(&self, index: usize) -> u16 {
        self.0[index].delay
    }
    fn picture(&mut self, index: usize) -> Picture {
        self.0[index].picture.clone()
    }
}

/// The animation of `frames` (all of the same size and palette), at most `limit` bytes when it can be made so:
/// full size with every frame if that fits, else half size, then every second frame, every fourth... (the first
/// and the last always kept, each kept frame showing for the time of those it stands for). `None` when there is
/// no frame.
pub fn animate(frames: &[Frame], limit: usize) -> Option<Animation> {
    animate_from(&mut Drawn(frames), limit, usize::MAX)
}

/// As [`animate`], drawing each picture from `source` as it is encoded, and showing at most `max_frames` of
/// them (evenly spaced; at least the first and the last).
pub fn animate_from(source: &mut dyn Source, limit: usize, max_frames: usize) -> Option<Animation> {
    let started = std::time::Instant::now();
    let animation = animate_within(source, limit, max_frames);
    crate::metrics::rendered("replay", started.elapsed());
    animation
}

fn animate_within(source: &mut dyn Source, limit: usize, max_frames: usize) -> Option<Animation> {
    let n = source.count();
    if n == 0 {
        return None;
    }
    let delays: Vec<u16> = (0..n).map(|i| source.delay(i)).collect();
    // The smallest step that keeps at most `max_frames` (the first and the last among them).
    let first_step = match max_frames.max(2) {
        most if n <= most => 1,
        most => (n - 1).div_ceil(most - 1),
    };
    let attempt = |source: &mut dyn Source, shrink: usize, step: usize, limit: usize| {
        let kept = kept_frames(n, step);
        encode(source, &delays, &kept, shrink, limit).map(|gif| Animation { gif, shrink, kept })
    };
    let mut over = match attempt(source, 1, first_step, limit) {
        Ok(animation) => return Some(animation),
        Err(over) => over,
    };
    let shrink = if source.picture(0).width >= 200 { 2 } else { 1 };
    let mut tried = (1, first_step);
    loop {
        // The bytes a try at `shrink` with the last step would take: as measured, or (from full size) about a
        // third at half the scale (a quarter of the pixels, compressed a little worse).
        let base = over.projected() * if over.shrink < shrink { 1.0 / 3.0 } else { 1.0 };
        // The fewest frames dropped that should fit, with a margin: the step doubled as often as that takes.
        let mut step = tried.1;
        while base * tried.1 as f64 / step as f64 > 0.9 * limit as f64 && step < n {
            step *= 2;
        }
        if (shrink, step) == tried {
            step *= 2;
        }
        if step >= n {
            break;
        }
        tried = (shrink, step);
        match attempt(source, shrink, step, limit) {
            Ok(animation) => return Some(animation),
            Err(again) => over = again,
        }
    }
    // The first and the last picture that still do not fit: a quarter of the size, whatever it weighs.
    attempt(source, shrink * 2, n, usize::MAX).ok()
}

/// How far a try got before its output passed the limit: the bytes written for the frames encoded, of how many
/// it was to hold, at which scale.
struct Over {
    bytes: usize,
    encoded: usize,
    kept: usize,
    shrink: usize,
}

impl Over {
    /// The bytes the whole try would have taken, at the rate measured.
    fn projected(&self) -> f64 {
        self.bytes as f64 / self.encoded.max(1) as f64 * self.kept as f64
    }
}

/// The indices of the frames kept when only every `step`-th is: 0, step, 2 step..., and the last.
fn kept_frames(n: usize, step: usize) -> Vec<usize> {
    let mut kept: Vec<usize> = (0..n).step_by(step.max(1)).collect();
    if kept.last() != Some(&(n - 1)) {
        kept.push(n - 1);
    }
    kept
}

/// The picture at `1 / shrink` of its size, in the same palette: each block of `shrink` × `shrink` pixels becomes
/// the palette's colour nearest to the block's average (a block of one colour keeps it), so edges and letters are
/// smoothed with the palette's own in-between shades rather than cut to every other pixel.
pub fn shrunk(picture: &Picture, shrink: usize) -> Picture {
    if shrink <= 1 {
        return picture.clone();
    }
    let (width, height) = (picture.width / shrink, picture.height / shrink);
    let colours: Vec<[u8; 3]> = picture.palette.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    let mut nearest: std::collections::HashMap<[u32; 3], u8> = std::collections::HashMap::new();
    let mut pixels = Vec::with_capacity(width * height);
    let mut block = Vec::with_capacity(shrink * shrink);
    for y in 0..height {
        for x in 0..width {
            block.clear();
            for row in y * shrink..(y + 1) * shrink {
                let start = row * picture.width + x * shrink;
                block.extend_from_slice(&picture.pixels[start..start + shrink]);
            }
            let first = block[0];
            if block.iter().all(|&p| p == first) {
                pixels.push(first);
                continue;
            }
            let mut sum = [0u32; 3];
            for &p in &block {
                let c = colours.get(p as usize).copied().unwrap_or_default();
                (0..3).for_each(|k| sum[k] += u32::from(c[k]));
            }
            let n = block.len() as u32;
            let average = sum.map(|s| (s + n / 2) / n);
            let index = *nearest.entry(average).or_insert_with(|| {
                let distance =
                    |c: &[u8; 3]| (0..3).map(|k| (i64::from(c[k]) - i64::from(average[k])).pow(2)).sum::<i64>();
                (0..colours.len()).min_by_key(|&i| distance(&colours[i])).unwrap_or(0) as u8
            });
            pixels.push(index);
        }
    }
    Picture { width, height, pixels, palette: picture.palette }
}

/// Encodes the `kept` pictures of `source` at `1 / shrink` of their size, one at a time; stops as soon as the
/// output passes `limit`.
fn encode(
    source: &mut dyn Source,
    delays: &[u16],
    kept: &[usize],
    shrink: usize,
    limit: usize,
) -> Result<Vec<u8>, Over> {
    let mut before: Option<Picture> = None;
    let mut encoder: Option<gif::Encoder<Vec<u8>>> = None;
    let mut transparent = None;
    for (k, &index) in kept.iter().enumerate() {
        let drawn = source.picture(index);
        let picture = if shrink <= 1 { drawn } else { shrunk(&drawn, shrink) };
        if encoder.is_none() {
            // A palette entry no picture uses stands for "unchanged" in the later frames: runs of it cost next
            // to nothing.
            let colours = picture.palette.len() / 3;
            transparent = (colours < 256).then_some(colours as u8);
            let mut palette = picture.palette.to_vec();
            if transparent.is_some() {
                palette.extend([0, 0, 0]);
            }
            // Writing into a Vec only fails on sizes a board picture never has (over 65535 pixels a side).
            let Ok(mut created) = gif::Encoder::new(
                Vec::with_capacity(256 * 1024),
                picture.width as u16,
                picture.height as u16,
                &palette,
            ) else {
                return Ok(Vec::new());
            };
            let _ = created.set_repeat(gif::Repeat::Infinite);
            encoder = Some(created);
        }
        let Some(out) = encoder.as_mut() else { return Ok(Vec::new()) };
        // A kept frame shows for the time of the frames it stands for.
        let until = kept.get(k + 1).copied().unwrap_or(delays.len());
        let delay: u32 = delays[index..until].iter().map(|&d| u32::from(d)).sum();
        let frame = frame_of(before.as_ref(), &picture, transparent, delay.min(u32::from(u16::MAX)) as u16);
        if out.write_frame(&frame).is_err() {
            return Ok(Vec::new());
        }
        let bytes = out.get_ref().len();
        // The trailer still to come is one byte.
        if bytes >= limit {
            return Err(Over { bytes, encoded: k + 1, kept: kept.len(), shrink });
        }
        before = Some(picture);
    }
    Ok(encoder.and_then(|e| e.into_inner().ok()).unwrap_or_default())
}

/// A frame of the animation: the whole picture, or (after the first) the rectangle that changed since `before`,
/// its unchanged pixels `transparent` when there is such an entry.
fn frame_of(before: Option<&Picture>, picture: &Picture, transparent: Option<u8>, delay: u16) -> gif::Frame<'static> {
    let width = picture.width;
    let (left, top, w, h) = match before {
        None => (0, 0, width, picture.height),
        Some(before) => changed(before, picture).unwrap_or((0, 0, 1, 1)),
    };
    let mut buffer = Vec::with_capacity(w * h);
    for y in top..top + h {
        let row = y * width + left..y * width + left + w;
        match (before, transparent) {
            (Some(before), Some(t)) => buffer.extend(
                picture.pixels[row.clone()].iter().zip(&before.pixels[row]).map(|(&a, &b)| if a == b { t } else { a }),
            ),
            _ => buffer.extend_from_slice(&picture.pixels[row]),
        }
    }
    gif::Frame {
        left: left as u16,
        top: top as u16,
        width: w as u16,
        height: h as u16,
        delay,
        dispose: gif::DisposalMethod::Keep,
        transparent: transparent.filter(|_| before.is_some()),
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}

/// The smallest rectangle (left, top, width, height) holding every pixel that differs; `None` when none does.
fn changed(before: &Picture, after: &Picture) -> Option<(usize, usize, usize, usize)> {
    let w = after.width;
    let rows: Vec<usize> =
        (0..after.height).filter(|&y| before.pixels[y * w..(y + 1) * w] != after.pixels[y * w..(y + 1) * w]).collect();
    let (&top, &bottom) = (rows.first()?, rows.last()?);
    let (mut left, mut right) = (w, 0);
    for y in top..=bottom {
        let (a, b) = (&before.pixels[y * w..(y + 1) * w], &after.pixels[y * w..(y + 1) * w]);
        if let Some(x) = (0..left).find(|&x| a[x] != b[x]) {
            left = x;
        }
        if let Some(x) = (right..w).rev().find(|&x| a[x] != b[x]) {
            right = x;
        }
    }
    Some((left, top, right - left + 1, bottom - top + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(width: usize, height: usize, fill: u8) -> Picture {
        static PALETTE: [u8; 12] = [0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0, 255];
        Picture { width, height, pixels: vec![fill; width * height], palette: &PALETTE }
    }

    #[test]
    fn a_shrunk_block_takes_the_palette_colour_nearest_its_average() {
        // black, dark grey, light grey, white
        static GREYS: [u8; 12] = [0, 0, 0, 80, 80, 80, 170, 170, 170, 255, 255, 255];
        #[rustfmt::skip]
        let pixels = vec![
            0, 0, 0, 0, 1, 3, 9,
            0, 0, 0, 3, 3, 3, 9,
            3, 3, 3, 3, 0, 0, 9,
        ];
        let picture = Picture { width: 7, height: 3, pixels, palette: &GREYS };
        let small = shrunk(&picture, 2);
        assert_eq!((small.width, small.height), (3, 1), "what is left over of a block is dropped");
        // All black stays black; three blacks and a white average 64, nearest dark grey; a dark grey and three
        // whites average 211, nearest light grey: colours of the palette that are in neither block.
        assert_eq!(small.pixels, [0, 1, 2]);
        assert_eq!(shrunk(&picture, 1).pixels, picture.pixels);
    }

    #[test]
    fn the_changed_rectangle_is_the_smallest() {
        let a = picture(10, 8, 0);
        let mut b = a.clone();
        b.pixels[2 * 10 + 3] = 1;
        b.pixels[5 * 10 + 7] = 2;
        assert_eq!(changed(&a, &b), Some((3, 2, 5, 4)));
        assert_eq!(changed(&a, &a), None);
    }

    #[test]
    fn a_later_frame_holds_only_what_changed() {
        let a = picture(40, 30, 0);
        let mut b = a.clone();
        b.pixels[12 * 40 + 7] = 2;
        b.pixels[13 * 40 + 9] = 3;
        let frames = [Frame { picture: a, delay: 50 }, Frame { picture: b, delay: 300 }];
        let animation = animate(&frames, usize::MAX).unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(animation.gif.as_slice()).unwrap();
        let first = decoder.read_next_frame().unwrap().unwrap();
        assert_eq!((first.width, first.height, first.delay), (40, 30, 50));
        let second = decoder.read_next_frame().unwrap().unwrap().clone();
        assert_eq!((second.left, second.top, second.width, second.height, second.delay), (7, 12, 3, 2, 300));
        // The unchanged pixels inside the rectangle are transparent (the spare entry after the four colours).
        assert_eq!(second.transparent, Some(4));
        assert_eq!(second.buffer.as_ref(), [2, 4, 4, 4, 4, 3]);
        assert!(decoder.read_next_frame().unwrap().is_none());
    }

    #[test]
    fn kept_frames_keep_the_first_and_the_last() {
        assert_eq!(kept_frames(5, 1), vec![0, 1, 2, 3, 4]);
        assert_eq!(kept_frames(5, 2), vec![0, 2, 4]);
        assert_eq!(kept_frames(6, 4), vec![0, 4, 5]);
        assert_eq!(kept_frames(1, 8), vec![0]);
    }
}
