//! Animated replays: a game's pictures, one per move, as one GIF. As lila-gif does it: one palette for the whole
//! animation (every picture of a game shares its theme's palette, so no colour is quantised), the first frame
//! whole and each later frame only the rectangle that changed since the one before, a delay per frame, played
//! in a loop. An animation over the size limit is made again smaller — half the scale, then fewer frames — until
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

/// The picture at `1 / shrink` of its size (the top-left pixel of each block: the palette is kept).
pub fn shrunk(picture: &Picture, shrink: usize) -> Picture {
    if shrink <= 1 {
        return picture.clone();
    }
    let (width, height) = (picture.width / shrink, picture.height / shrink);
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        let row = &picture.pixels[y * shrink * picture.width..];
        pixels.extend((0..width).map(|x| row[x * shrink]));
    }
    Picture { width, height, pixels, palette: picture.palette }
}

fn encode(frames: &[Frame], kept: &[usize], shrink: usize) -> Vec<u8> {
    let first = shrunk(&frames[kept[0]].picture, shrink);
    let (width, height) = (first.width, first.height);
    let mut out = Vec::with_capacity(64 * 1024);
    // Writing into a Vec only fails on sizes a board picture never has (over 65535 pixels a side).
    let Ok(mut encoder) = gif::Encoder::new(&mut out, width as u16, height as u16, first.palette) else {
        return Vec::new();
    };
    let _ = encoder.set_repeat(gif::Repeat::Infinite);
    let mut previous: Option<Picture> = None;
    for (k, &index) in kept.iter().enumerate() {
        let picture = if k == 0 { first.clone() } else { shrunk(&frames[index].picture, shrink) };
        // A kept frame shows for the time of the frames it stands for.
        let until = kept.get(k + 1).copied().unwrap_or(frames.len());
        let delay: u32 = frames[index..until].iter().map(|f| u32::from(f.delay)).sum();
        let (left, top, w, h) = match &previous {
            None => (0, 0, width, height),
            Some(before) => changed(before, &picture).unwrap_or((0, 0, 1, 1)),
        };
        let mut buffer = Vec::with_capacity(w * h);
        for y in top..top + h {
            buffer.extend_from_slice(&picture.pixels[y * width + left..y * width + left + w]);
        }
        let frame = gif::Frame {
            left: left as u16,
            top: top as u16,
            width: w as u16,
            height: h as u16,
            delay: delay.min(u32::from(u16::MAX)) as u16,
            dispose: gif::DisposalMethod::Keep,
            buffer: Cow::Owned(buffer),
            ..gif::Frame::default()
        };
        if encoder.write_frame(&frame).is_err() {
            return Vec::new();
        }
        previous = Some(picture);
    }
    drop(encoder);
    out
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
    fn the_changed_rectangle_is_the_smallest() {
        let a = picture(10, 8, 0);
        let mut b = a.clone();
        b.pixels[2 * 10 + 3] = 1;
        b.pixels[5 * 10 + 7] = 2;
        assert_eq!(changed(&a, &b), Some((3, 2, 5, 4)));
        assert_eq!(changed(&a, &a), None);
    }

    #[test]
    fn kept_frames_keep_the_first_and_the_last() {
        assert_eq!(kept_frames(5, 1), vec![0, 1, 2, 3, 4]);
        assert_eq!(kept_frames(5, 2), vec![0, 2, 4]);
        assert_eq!(kept_frames(6, 4), vec![0, 4, 5]);
        assert_eq!(kept_frames(1, 8), vec![0]);
    }
}
