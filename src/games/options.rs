//! Game options: parsed from `key=value` pairs (console, Discord, `analyze`) and stored in a game record as the
//! complete normalised set, so a record replays with exactly the options it was played with.

use std::collections::BTreeMap;

use crate::i18n::Message;

/// Options as written down: every key with its value, in a stable order.
pub type OptionSet = BTreeMap<String, String>;

/// What a user got wrong in an option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionError {
    Unknown { key: String, known: Vec<&'static str> },
    BadValue { key: String, value: String, expected: String },
}

impl OptionError {
    pub fn message(&self) -> Message {
        match self {
            OptionError::Unknown { key, known } => {
                Message::new("option-unknown").str("key", key).str("known", known.join(", "))
            }
            OptionError::BadValue { key, value, expected } => {
                Message::new("option-bad-value").str("key", key).str("value", value).str("expected", expected)
            }
        }
    }
}

/// A game's options type.
pub trait GameOptions: Clone + Default + PartialEq + std::fmt::Debug {
    /// The keys this game knows, for error messages and help.
    const KEYS: &'static [&'static str];
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;
    /// Every option with its value, the inverse of [`GameOptions::set`].
    fn to_set(&self) -> OptionSet;

    fn from_set(set: &OptionSet) -> Result<Self, OptionError> {
        let mut options = Self::default();
        for (key, value) in set {
            options.set(key, value)?;
        }
        Ok(options)
    }
}

/// Yes or no as every front end reads it: `true`, `yes`, `on`, `1` (and Spanish `sí`, `si`); `false`, `no`,
/// `off`, `0`.
pub fn yes_no(value: &str) -> Option<bool> {
    match value.trim().to_lowercase().as_str() {
        "true" | "yes" | "on" | "1" | "sí" | "si" => Some(true),
        "false" | "no" | "off" | "0" => Some(false),
        _ => None,
    }
}

pub(crate) fn parse_bool(key: &str, value: &str) -> Result<bool, OptionError> {
    match yes_no(value) {
        Some(yes) => Ok(yes),
        None => Err(OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: "true|false".to_string(),
        }),
    }
}

pub(crate) fn parse_number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    key: &str,
    value: &str,
    min: T,
    max: T,
) -> Result<T, OptionError> {
    match value.parse::<T>() {
        Ok(v) if v >= min && v <= max => Ok(v),
        _ => Err(OptionError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: format!("{min}..{max}"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yes_and_no_are_read_alike_everywhere() {
        for yes in ["true", "YES", "on", "1", "sí", "Si"] {
            assert_eq!(yes_no(yes), Some(true), "{yes}");
        }
        for no in ["false", "No", "off", "0"] {
            assert_eq!(yes_no(no), Some(false), "{no}");
        }
        assert_eq!(yes_no("maybe"), None);
        assert!(matches!(parse_bool("skip_origin", "maybe"), Err(OptionError::BadValue { .. })));
    }
}
