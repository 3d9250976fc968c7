//! The options of Zohn Ahl and Tsoñä (rules 2.9 and 3.3), with the names the console, Discord and records share.

use crate::games::options::{parse_bool, parse_number};
use crate::games::{GameOptions, OptionError, OptionSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Variant {
    /// Zohn Ahl: counters change hands (rules 2).
    #[default]
    ZohnAhl,
    /// Tsoñä: the sahe stick, a shared pile, laps score (rules 3).
    Tsona,
}

/// Who of a team throws when (rules 2.4). The rules engine alternates the teams' throw
/// sequences in every mode (the `blocks` sizes below give TeamBlocks its longer team turns); the table service
/// decides which member is called.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TurnMode {
    #[default]
    Blocks,
    Alternate,
    Free,
}

impl TurnMode {
    const NAMES: [(TurnMode, &'static str); 3] =
        [(TurnMode::Blocks, "blocks"), (TurnMode::Alternate, "alternate"), (TurnMode::Free, "free")];

    /// The option's word (`turn_mode=blocks`).
    pub fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(m, _)| *m == self).map_or("blocks", |(_, n)| n)
    }

    pub fn parse(word: &str) -> Option<TurnMode> {
        Self::NAMES.iter().find(|(_, n)| *n == word).map(|(m, _)| *m)
    }

    /// The mode an option set asks for, if it names one it knows.
    pub fn of(options: &OptionSet) -> Option<TurnMode> {
        options.get("turn_mode").and_then(|w| TurnMode::parse(w))
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    pub variant: Variant,
    /// Zohn Ahl: counters per team at the start (1-10).
    pub counters: u8,
    /// Tsoñä: laps to win; the pile holds twice as many counters (1-10).
    pub laps: u8,
    pub turn_mode: TurnMode,
    /// The chance that one stick lands flat (marked) side up; used by whoever throws, not by the rules.
    pub p_flat: f64,
    /// Keep the surplus of a completed lap (rules 2.7-a).
    pub carry_surplus: bool,
    /// Zohn Ahl: the relative step at which a lap is complete, 39 or 40 (rules 2.7-g).
    pub lap_threshold: u8,
    /// Tsoñä: the south river traps too, and a lap needs 40 steps (rules 3.3).
    pub south_river_dangerous: bool,
    /// Landing on a dry branch (G9, G10, G29, G30) loses the team's next throw sequence (rules 2.9).
    pub dry_branch_penalty: bool,
    /// The table throws for a team automatically (for long games); no effect on the rules.
    pub autothrow: bool,
    /// Throw sequences in one team turn, by team (TeamBlocks: the team's size); 1 and 1 otherwise.
    pub blocks: [u8; 2],
}

impl Default for Options {
    fn default() -> Self {
        Options {
            variant: Variant::ZohnAhl,
            counters: 4,
            laps: 2,
            turn_mode: TurnMode::Blocks,
            p_flat: 0.5,
            carry_surplus: false,
            lap_threshold: 39,
            south_river_dangerous: true,
            dry_branch_penalty: false,
            autothrow: false,
            blocks: [1, 1],
        }
    }
}

fn bad(key: &str, value: &str, expected: &str) -> OptionError {
    OptionError::BadValue { key: key.to_string(), value: value.to_string(), expected: expected.to_string() }
}

impl GameOptions for Options {
    const KEYS: &'static [&'static str] = &[
        "variant",
        "counters",
        "laps",
        "turn_mode",
        "p_flat",
        "carry_surplus",
        "lap_threshold",
        "south_river_dangerous",
        "dry_branch_penalty",
        "autothrow",
        "west_block",
        "east_block",
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "variant" => {
                self.variant = match value {
                    "zohn-ahl" => Variant::ZohnAhl,
                    "tsona" | "tsoñä" => Variant::Tsona,
                    _ => return Err(bad(key, value, "zohn-ahl|tsona")),
                }
            }
            "counters" => self.counters = parse_number(key, value, 1u8, 10)?,
            "laps" => self.laps = parse_number(key, value, 1u8, 10)?,
            "turn_mode" => {
                self.turn_mode = TurnMode::parse(value).ok_or_else(|| bad(key, value, "blocks|alternate|free"))?
            }
            "p_flat" => match value.parse::<f64>() {
                Ok(p) if (0.05..=0.95).contains(&p) => self.p_flat = p,
                _ => return Err(bad(key, value, "a probability from 0.05 to 0.95")),
            },
            "carry_surplus" => self.carry_surplus = parse_bool(key, value)?,
            "lap_threshold" => {
                self.lap_threshold = match value {
                    "39" => 39,
                    "40" => 40,
                    _ => return Err(bad(key, value, "39|40")),
                }
            }
            "south_river_dangerous" => self.south_river_dangerous = parse_bool(key, value)?,
            "dry_branch_penalty" => self.dry_branch_penalty = parse_bool(key, value)?,
            "autothrow" => self.autothrow = parse_bool(key, value)?,
            "west_block" => self.blocks[0] = parse_number(key, value, 1u8, 25)?,
            "east_block" => self.blocks[1] = parse_number(key, value, 1u8, 25)?,
            _ => return Err(OptionError::Unknown { key: key.to_string(), known: Self::KEYS.to_vec() }),
        }
        Ok(())
    }

    fn to_set(&self) -> OptionSet {
        let variant = match self.variant {
            Variant::ZohnAhl => "zohn-ahl",
            Variant::Tsona => "tsona",
        };
        let turn_mode = self.turn_mode.name();
        [
            ("variant", variant.to_string()),
            ("counters", self.counters.to_string()),
            ("laps", self.laps.to_string()),
            ("turn_mode", turn_mode.to_string()),
            ("p_flat", self.p_flat.to_string()),
            ("carry_surplus", self.carry_surplus.to_string()),
            ("lap_threshold", self.lap_threshold.to_string()),
            ("south_river_dangerous", self.south_river_dangerous.to_string()),
            ("dry_branch_penalty", self.dry_branch_penalty.to_string()),
            ("autothrow", self.autothrow.to_string()),
            ("west_block", self.blocks[0].to_string()),
            ("east_block", self.blocks[1].to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
    }
}
