//! Epaminondas's options: the anti-copy symmetry rule of 2.8.

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    pub symmetry: Symmetry,
}

impl GameOptions for Options {
    const KEYS: &'static [&'static str] = &["symmetry"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        if key != "symmetry" {
            return Err(OptionError::Unknown { key: key.to_string(), known: Self::KEYS.to_vec() });
        }
        self.symmetry = match value {
            "off" => Symmetry::Off,
            "mirror" => Symmetry::Mirror,
            "mirror-or-rotation" => Symmetry::MirrorOrRotation,
            _ => {
                return Err(OptionError::BadValue {
                    key: key.to_string(),
                    value: value.to_string(),
                    expected: "off|mirror|mirror-or-rotation".to_string(),
                });
            }
        };
        Ok(())
    }

    fn to_set(&self) -> OptionSet {
        let value = match self.symmetry {
            Symmetry::Off => "off",
            Symmetry::Mirror => "mirror",
            Symmetry::MirrorOrRotation => "mirror-or-rotation",
        };
        [("symmetry".to_string(), value.to_string())].into_iter().collect()
    }
}
