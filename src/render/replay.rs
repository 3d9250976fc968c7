//! Animated replays: a game's pictures, one per move, as one GIF. As lila-gif does it: one palette for the whole
//! animation (every picture of a game shares its theme's palette, so no colour is quantised), the first frame
//! whole and each later frame only the rectangle that changed since the one before, its unchanged pixels
//! transparent (a spare palette entry) so that they compress to nearly nothing, a delay per frame, played in a
//! loop. An animation over the size limit is made again smaller — half the scale, then fewer frames — until
//! it fits; it is never refused.

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
    /// The frames kept, by their index in the input (all of them unless the limit made it drop some).
    pub kept: Vec<usize>,
}

/// Discord's upload limit for a server without boosts (10 MiB), less room for the rest of the request.
pub const DISCORD_LIMIT: usize = 10 * 1024 * 1024 - 64 * 1024;

/// The animation of `frames` (all of the same size and palette), at most `limit` bytes when it can be made so:
/// full size with every frame if that fits, else half size, then every second frame, every fourth... (the first
/// and the last always kept, each kept frame showing for the time of those it stands for). `None` when there is
/// no frame.
pub fn animate(frames: &[Frame], limit: usize) -> Option<Animation> {
    let first = frames.first()?;
    let mut smallest: Option<Animation> = None;
    let mut attempt = |shrink: usize, step: usize| -> Option<Animation> {
        let kept = kept_frames(frames.len(), step);
        let gif = encode(frames, &kept, shrink);
        let animation = Animation { gif, shrink, kept };
        if animation.gif.len() <= limit {
            return Some(animation);
        }
        if smallest.as_ref().is_none_or(|s| animation.gif.len() < s.gif.len()) {
            smallest = Some(animation);
        }
        None
    };
    if let Some(a) = attempt(1, 1) {
        return Some(a);
    }
    let shrink = if first.picture.width >= 200 { 2 } else { 1 };
    let mut step = 1;
    while step < frames.len() {
        if let Some(a) = attempt(shrink, step) {
            return Some(a);
        }
        step *= 2;
    }
    // Two frames that still do not fit: a quarter of the size.
    attempt(shrink * 2, frames.len().max(1)).or(smallest)
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

fn encode(frames: &[Frame], kept: &[usize], shrink: usize) -> Vec<u8> {
    let pictures: Vec<Cow<Picture>> = kept
        .iter()
        .map(|&i| match shrink {
            0 | 1 => Cow::Borrowed(&frames[i].picture),
            _ => Cow::Owned(shrunk(&frames[i].picture, shrink)),
        })
        .collect();
    let first = &pictures[0];
    let (width, height) = (first.width, first.height);
    // A palette entry no picture uses stands for "unchanged" in the later frames: runs of it cost next to nothing.
    let colours = first.palette.len() / 3;
    let transparent = (colours < 256).then_some(colours as u8);
    let mut palette = first.palette.to_vec();
    if transparent.is_some() {
        palette.extend([0, 0, 0]);
    }
    // A kept frame shows for the time of the frames it stands for.
    let delays: Vec<u16> = kept
        .iter()
        .enumerate()
        .map(|(k, &index)| {
            let until = kept.get(k + 1).copied().unwrap_or(frames.len());
            let delay: u32 = frames[index..until].iter().map(|f| u32::from(f.delay)).sum();
            delay.min(u32::from(u16::MAX)) as u16
        })
        .collect();
    // The frames are compressed on every core (each frame's LZW data stands alone), then written in order.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 8);
    let chunk = pictures.len().div_ceil(threads).max(1);
    let encoded: Vec<gif::Frame<'static>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..pictures.len())
            .step_by(chunk)
            .map(|start| {
                let (pictures, delays) = (&pictures, &delays);
                scope.spawn(move || {
                    (start..(start + chunk).min(pictures.len()))
                        .map(|k| {
                            let before = k.checked_sub(1).map(|b| &*pictures[b]);
                            let mut frame = frame_of(before, &pictures[k], transparent, delays[k]);
                            frame.make_lzw_pre_encoded();
                            frame
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect()
    });
    let mut out = Vec::with_capacity(64 * 1024 + encoded.iter().map(|f| f.buffer.len()).sum::<usize>());
    // Writing into a Vec only fails on sizes a board picture never has (over 65535 pixels a side).
    let Ok(mut encoder) = gif::Encoder::new(&mut out, width as u16, height as u16, &palette) else {
        return Vec::new();
    };
    let _ = encoder.set_repeat(gif::Repeat::Infinite);
    for frame in &encoded {
        if encoder.write_lzw_pre_encoded_frame(frame).is_err() {
            return Vec::new();
        }
    }
    drop(encoder);
    out
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
