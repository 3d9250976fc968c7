//! The four throwing sticks and what a throw is worth (rules 2.2 and 3.1). A throw is the four sticks' faces,
//! written `F` (flat, marked side up) or `R` (round side up); in Tsoñä the fourth stick is the sahe.

use std::fmt;
use std::str::FromStr;

use super::options::Variant;
use crate::i18n::Message;

/// One throw of the four sticks; `flat[i]` is true when stick i landed flat (marked) side up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Throw {
    pub flat: [bool; 4],
}

/// What a throw is worth under a variant's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Score {
    pub value: u8,
    /// The same player throws again.
    pub extra: bool,
}

impl Throw {
    /// Every possible throw, for tables and tests.
    pub fn all() -> impl Iterator<Item = Throw> {
        (0..16u8).map(|bits| Throw { flat: [0, 1, 2, 3].map(|i| bits >> i & 1 == 1) })
    }

    pub fn flat_count(self) -> u8 {
        self.flat.iter().filter(|&&f| f).count() as u8
    }

    /// The throw table of the variant.
    pub fn score(self, variant: Variant) -> Score {
        let k = self.flat_count();
        let sahe = self.flat[3];
        let (value, extra) = match (variant, k) {
            (_, 0) => (10, true),
            (Variant::ZohnAhl, 4) => (5, true),
            (Variant::Tsona, 4) => (6, true),
            (Variant::ZohnAhl, k) => (k, false),
            // Tsoñä: 1 and 3 give another throw when the sahe is among the flat sticks; 2 never does.
            (Variant::Tsona, k) => (k, sahe && k != 2),
        };
        Score { value, extra }
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.flat.iter().try_for_each(|&flat| f.write_str(if flat { "F" } else { "R" }))
    }
}

impl FromStr for Throw {
    type Err = Message;

    fn from_str(s: &str) -> Result<Throw, Message> {
        let text = s.trim();
        let faces: Vec<char> = text.chars().map(|c| c.to_ascii_uppercase()).collect();
        if faces.len() != 4 || faces.iter().any(|c| !matches!(c, 'F' | 'R')) {
            return Err(Message::new("zohn-ahl-bad-throw").str("text", text));
        }
        Ok(Throw { flat: [0, 1, 2, 3].map(|i| faces[i] == 'F') })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Throw {
        s.parse().unwrap()
    }

    #[test]
    fn zohn_ahl_table_face_by_face() {
        for throw in Throw::all() {
            let expected = match throw.flat_count() {
                0 => Score { value: 10, extra: true },
                4 => Score { value: 5, extra: true },
                k => Score { value: k, extra: false },
            };
            assert_eq!(throw.score(Variant::ZohnAhl), expected, "{throw}");
        }
    }

    #[test]
    fn tsona_table_face_by_face() {
        let cases = [
            ("RRRR", 10, true),
            ("RRRF", 1, true),
            ("FRRR", 1, false),
            ("RFRR", 1, false),
            ("RRFR", 1, false),
            ("FFRR", 2, false),
            ("RRFF", 2, false),
            ("FRRF", 2, false),
            ("FFFR", 3, false),
            ("FFRF", 3, true),
            ("RFFF", 3, true),
            ("FRFF", 3, true),
            ("FFFF", 6, true),
        ];
        for (text, value, extra) in cases {
            assert_eq!(t(text).score(Variant::Tsona), Score { value, extra }, "{text}");
        }
        // Every one of the 16 throws: 2 is never an extra throw, 6/16 of throws are.
        let extras = Throw::all().filter(|t| t.score(Variant::Tsona).extra).count();
        assert_eq!(extras, 6);
    }

    #[test]
    fn notation() {
        assert_eq!(t("frrf").to_string(), "FRRF");
        for bad in ["", "FRR", "FRRFF", "FXRF", "1234"] {
            assert!(bad.parse::<Throw>().is_err(), "{bad:?}");
        }
    }
}
