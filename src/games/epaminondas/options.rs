//! Epaminondas's options: the anti-copy symmetry rule of 2.8, and the board (the full 14 x 12, or the 8 x 8 that
//! iggamecenter offers for quick games).

use crate::games::{GameOptions, OptionError, OptionSet};

/// Which symmetric positions a player under threat may not create (rules 2.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Symmetry {
    Off,
    /// Reflection across the middle of the board with colours swapped (the default).
    #[default]
    Mirror,
    /// The mirror, and the half turn with colours swapped.
    MirrorOrRotation,
}

/// The board the game is played on: the same rules, two rows of pieces a side on each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoardSize {
    /// 14 files by 12 ranks, 28 pieces a side.
    #[default]
    Full,
    /// 8 files by 8 ranks, 16 pieces a side, for quick games.
    Small,
}

impl BoardSize {
    pub fn files(self) -> u8 {
        match self {
            BoardSize::Full => 14,
            BoardSize::Small => 8,
        }
    }

    pub fn ranks(self) -> u8 {
        match self {
            BoardSize::Full => 12,
            BoardSize::Small => 8,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    pub symmetry: Symmetry,
    pub board: BoardSize,
}

impl GameOptions for Options {
    const KEYS: &'static [&'static str] = &["symmetry", "board"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        let bad = |expected: &str| OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        };
        match key {
            "symmetry" => {
                self.symmetry = match value {
                    "off" => Symmetry::Off,
                    "mirror" => Symmetry::Mirror,
                    "mirror-or-rotation" => Symmetry::MirrorOrRotation,
                    _ => return Err(bad("off|mirror|mirror-or-rotation")),
                }
            }
            "board" => {
                self.board = match value {
                    "14x12" => BoardSize::Full,
                    "8x8" => BoardSize::Small,
                    _ => return Err(bad("14x12|8x8")),
                }
            }
            _ => return Err(OptionError::Unknown { key: key.to_string(), known: Self::KEYS.to_vec() }),
        }
        Ok(())
    }

    fn to_set(&self) -> OptionSet {
        let value = match self.symmetry {
            Symmetry::Off => "off",
            Symmetry::Mirror => "mirror",
            Symmetry::MirrorOrRotation => "mirror-or-rotation",
        };
        let mut set: OptionSet = [("symmetry".to_string(), value.to_string())].into_iter().collect();
        // The full board is what a game without the option has always been played on.
        if self.board == BoardSize::Small {
            set.insert("board".to_string(), "8x8".to_string());
        }
        set
    }
}
