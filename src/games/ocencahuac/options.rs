//! Ocencahuac's options (rules 4.3, 4.5, 4.6, 4.7, 4.12), with the names the console, Discord and records share.

use crate::games::options::{parse_bool, parse_number};
use crate::games::{GameOptions, OptionError, OptionSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Light sets up on a8-c8 / a7-c7 (a mirror image) instead of the rotated set-up.
    pub mirror_setup: bool,
    /// While a block faces an opposing piece, neither of its pieces may be jumped.
    pub block_immunity: bool,
    /// No jump chains: a jump is one hop.
    pub single_jump_only: bool,
    /// Jumped opposing Warriors retreat too.
    pub retreat_warriors: bool,
    /// Plies without a capture or a new crown that draw the game.
    pub no_progress_plies: u32,
    /// Plies after which the game is drawn.
    pub max_plies: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            mirror_setup: false,
            block_immunity: false,
            single_jump_only: false,
            retreat_warriors: false,
            no_progress_plies: 100,
            max_plies: 500,
        }
    }
}

impl GameOptions for Options {
    const KEYS: &'static [&'static str] =
        &["mirror_setup", "block_immunity", "single_jump_only", "retreat_warriors", "no_progress_plies", "max_plies"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "mirror_setup" => self.mirror_setup = parse_bool(key, value)?,
            "block_immunity" => self.block_immunity = parse_bool(key, value)?,
            "single_jump_only" => self.single_jump_only = parse_bool(key, value)?,
            "retreat_warriors" => self.retreat_warriors = parse_bool(key, value)?,
            "no_progress_plies" => self.no_progress_plies = parse_number(key, value, 1u32, 100_000)?,
            "max_plies" => self.max_plies = parse_number(key, value, 1u32, 100_000)?,
            _ => return Err(OptionError::Unknown { key: key.to_string(), known: Self::KEYS.to_vec() }),
        }
        Ok(())
    }

    fn to_set(&self) -> OptionSet {
        [
            ("mirror_setup", self.mirror_setup.to_string()),
            ("block_immunity", self.block_immunity.to_string()),
            ("single_jump_only", self.single_jump_only.to_string()),
            ("retreat_warriors", self.retreat_warriors.to_string()),
            ("no_progress_plies", self.no_progress_plies.to_string()),
            ("max_plies", self.max_plies.to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}
