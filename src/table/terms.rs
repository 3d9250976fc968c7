//! A challenge's terms besides the game's own rules — who starts, rated or casual, the time per move, a thread,
//! the computer's level — and a tournament's (its games' time and rating, its sign-up, its seeding), read into
//! their types where they are typed (the console's `key=value`, Discord's options) and refused there when
//! mistyped. The game's own options stay the game's (`games/`).

use crate::deadlines;
use crate::games::OptionSet;
use crate::i18n::Message;
use crate::store::record::First;

/// The terms a challenge names; each left out takes the server's default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Terms {
    pub first: Option<First>,
    pub rated: Option<bool>,
    /// Seconds per move; `Some(None)`: no deadlines.
    pub time: Option<Option<u64>>,
    /// Whether the game gets its own thread when accepted.
    pub thread: Option<bool>,
    /// The computer's level, 1 to 5, against the computer only.
    pub level: Option<u8>,
}

/// The keys of the terms, as typed among a challenge's options.
pub const KEYS: [&str; 5] = ["first", "rated", "time", "thread", "level"];

impl Terms {
    /// Takes the terms out of options as typed, leaving the game's own; what is mistyped is refused.
    pub fn take_from(options: &mut OptionSet) -> Result<Terms, Message> {
        let mut terms = Terms::default();
        for key in KEYS {
            let Some(value) = options.remove(key) else { continue };
            let bad = |expected: &str| {
                Message::new("option-bad-value").str("key", key).str("value", value.as_str()).str("expected", expected)
            };
            match key {
                "first" => {
                    terms.first = Some(match value.to_ascii_lowercase().as_str() {
                        "challenger" | "me" => First::Challenger,
                        "opponent" | "them" => First::Opponent,
                        "random" => First::Random,
                        _ => return Err(bad("challenger|opponent|random")),
                    })
                }
                "rated" => terms.rated = Some(flag(key, &value)?),
                "time" => terms.time = Some(deadlines::parse_time_control(&value)?),
                "thread" => terms.thread = Some(flag(key, &value)?),
                _ => {
                    let level = value.parse::<u8>().ok().filter(|l| (1..=5).contains(l)).ok_or_else(|| bad("1..5"))?;
                    terms.level = Some(level);
                }
            }
        }
        Ok(terms)
    }
}

/// How a tournament orders its entrants for pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seeding {
    /// By the server's rating for the game (the default).
    Rating,
    Random,
}

/// The terms a tournament names; each left out takes the server's default.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TournamentTerms {
    /// Seconds per move of its games; `Some(None)`: no deadlines.
    pub time: Option<Option<u64>>,
    pub rated: Option<bool>,
    /// Sign-up closes and the tournament starts by itself this many seconds after it is created.
    pub signup: Option<u64>,
    pub seeding: Option<Seeding>,
    /// Whether its players may go on vacation (their clocks then stand still); allowed unless refused.
    pub vacation: Option<bool>,
    /// Seconds each round is given: its deadline, shown on the server's calendar.
    pub round_time: Option<u64>,
}

impl TournamentTerms {
    /// Takes the terms out of options as typed, leaving the games' own; what is mistyped is refused.
    pub fn take_from(options: &mut OptionSet) -> Result<TournamentTerms, Message> {
        let mut terms = TournamentTerms::default();
        for key in ["time", "rated", "signup", "seeding", "vacation", "round_time"] {
            let Some(value) = options.remove(key) else { continue };
            let bad = |expected: &str| {
                Message::new("option-bad-value").str("key", key).str("value", value.as_str()).str("expected", expected)
            };
            match key {
                "time" => terms.time = Some(deadlines::parse_time_control(&value)?),
                "rated" => terms.rated = Some(flag(key, &value)?),
                "signup" => terms.signup = Some(deadlines::parse_duration(&value).ok_or_else(|| bad("12h|2d"))?),
                "vacation" => terms.vacation = Some(flag(key, &value)?),
                "round_time" => terms.round_time = Some(deadlines::parse_duration(&value).ok_or_else(|| bad("3d|7d"))?),
                _ => {
                    terms.seeding = Some(match value.as_str() {
                        "rating" => Seeding::Rating,
                        "random" => Seeding::Random,
                        _ => return Err(bad("rating|random")),
                    })
                }
            }
        }
        Ok(terms)
    }
}

/// A yes-or-no option or setting, read as the games' options are (see [`crate::games::yes_no`]).
pub(super) fn flag(key: &str, value: &str) -> Result<bool, Message> {
    crate::games::yes_no(value).ok_or_else(|| {
        Message::new("option-bad-value").str("key", key).str("value", value).str("expected", "true|false")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_read_once_and_the_game_keeps_its_own_options() {
        let mut options: OptionSet = [("first", "me"), ("time", "1d"), ("holes", "12"), ("level", "4")]
            .map(|(k, v)| (k.into(), v.into()))
            .into();
        let terms = Terms::take_from(&mut options).unwrap();
        assert_eq!(terms.first, Some(First::Challenger));
        assert_eq!(terms.time, Some(Some(86_400)));
        assert_eq!(terms.level, Some(4));
        assert_eq!(options.keys().collect::<Vec<_>>(), ["holes"]);
        let first = |v: &str| Terms::take_from(&mut [("first".to_string(), v.to_string())].into()).map(|t| t.first);
        assert_eq!(first("Opponent"), Ok(Some(First::Opponent)));
        assert_eq!(first("random"), Ok(Some(First::Random)));
        for (key, value) in [("first", "north"), ("level", "9"), ("rated", "maybe"), ("time", "soon")] {
            let mut bad: OptionSet = [(key.to_string(), value.to_string())].into();
            assert!(Terms::take_from(&mut bad).is_err(), "{key}={value}");
        }
    }

    #[test]
    fn a_tournaments_terms_are_typed_too() {
        let mut options: OptionSet =
            [("signup", "2d"), ("seeding", "random"), ("symmetry", "off")].map(|(k, v)| (k.into(), v.into())).into();
        let terms = TournamentTerms::take_from(&mut options).unwrap();
        assert_eq!((terms.signup, terms.seeding), (Some(2 * 86_400), Some(Seeding::Random)));
        assert_eq!(options.keys().collect::<Vec<_>>(), ["symmetry"]);
        let mut bad: OptionSet = [("seeding".to_string(), "alphabetical".to_string())].into();
        assert!(TournamentTerms::take_from(&mut bad).is_err());
    }
}
