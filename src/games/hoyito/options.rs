//! Hoyito II's options (rules 3.3 and 3.8): board size, skipping the origin on long laps, and the limit of moves
//! without a capture.

use crate::games::options::{parse_bool, parse_number};
use crate::games::{GameOptions, OptionError, OptionSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Holes per row: 6 (standard) or 12.
    pub holes: u8,
    /// Each lap skips the hole it was lifted from (rules 3.3); off by default.
    pub skip_origin: bool,
    /// The game ends after this many moves in a row without a capture (rules 3.8 point 4).
    pub max_moves_without_capture: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { holes: 6, skip_origin: false, max_moves_without_capture: 1000 }
    }
}

impl GameOptions for Options {
    const KEYS: &'static [&'static str] = &["holes", "skip_origin", "max_moves_without_capture"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "holes" => {
                self.holes = match value {
                    "6" => 6,
                    "12" => 12,
                    _ => {
                        return Err(OptionError::BadValue {
                            key: key.to_string(),
                            value: value.to_string(),
                            expected: "6|12".to_string(),
                        });
                    }
                }
            }
            "skip_origin" => self.skip_origin = parse_bool(key, value)?,
            "max_moves_without_capture" => self.max_moves_without_capture = parse_number(key, value, 1u32, 1_000_000)?,
            _ => {
                return Err(OptionError::Unknown { key: key.to_string(), known: Self::KEYS.to_vec() });
            }
        }
        Ok(())
    }

    fn to_set(&self) -> OptionSet {
        [
            ("holes", self.holes.to_string()),
            ("skip_origin", self.skip_origin.to_string()),
            ("max_moves_without_capture", self.max_moves_without_capture.to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}
