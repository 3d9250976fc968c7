//! The colours every picture around a board shares (the page, its text, the gold accent, rows and boxes), so
//! the captions, tables, charts and brackets read as one set. Each board keeps its own colours in its file.

use super::canvas::Rgb;

/// The page behind everything (Discord's dark theme).
pub const PAGE: Rgb = [0x2b, 0x2f, 0x36];
/// Text on the page.
pub const PAGE_TEXT: Rgb = [0xec, 0xee, 0xf1];
/// The accent: caption bands, table headers, the chart's line, a bracket's winners.
pub const ACCENT: Rgb = [0xf2, 0xc1, 0x4e];
/// Text on the accent.
pub const ACCENT_TEXT: Rgb = [0x1d, 0x1b, 0x16];
/// A row of a table, a box of a bracket.
pub const ROW: Rgb = [0x36, 0x3b, 0x44];
