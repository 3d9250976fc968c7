//! A challenge's terms besides the game's own rules — who starts, rated or casual, the time per move, a thread,
//! the computer's level — read into their types where they are typed (the console's `key=value`, Discord's
//! options) and refused there when mistyped. The game's own options stay the game's (`games/`).

use super::clock;
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
                "rated" => terms.rated = Some(super::flag(key, &value)?),
                "time" => terms.time = Some(clock::parse_time_control(&value)?),
                "thread" => terms.thread = Some(super::flag(key, &value)?),
                _ => {
                    let level = value.parse::<u8>().ok().filter(|l| (1..=5).contains(l)).ok_or_else(|| bad("1..5"))?;
                    terms.level = Some(level);
                }
            }
        }
        Ok(terms)
    }
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
}
