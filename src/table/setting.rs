//! A change to a server's settings, read into its type where it is typed (the console's `key=value`, a
//! Discord option) and applied by the table, which checks only who may make it.

use crate::deadlines;
use crate::i18n::{Locale, Message};
use crate::store::record::TimeoutPolicy;
use crate::store::settings::{GuildSettings, Remind};

/// One setting changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingChange {
    /// Seconds per move of new games; `None`: no deadlines.
    Time(Option<u64>),
    Remind(Vec<Remind>),
    Timeout(TimeoutPolicy),
    /// Seconds after a deadline before an automatic adjudication.
    Grace(u64),
    Threads(bool),
    Rated(bool),
    /// The organisers' role; `None`: Manage Server only.
    OrganiserRole(Option<u64>),
    /// The language of public posts; `None`: the server's own.
    Language(Option<Locale>),
    /// The server's web pages on (at a new address, if they were off) or off.
    Web(bool),
    /// How many days of vacation a member may take in any 30 (0: none).
    VacationDays(u32),
    /// The daily puzzle at this hour of the server's day, in the channel the change is made in; `None`: off.
    DailyPuzzle(Option<u8>),
    /// The server's time zone, an IANA name as the database spells it; `None`: UTC.
    TimeZone(Option<String>),
}

/// The keys a settings change may name, as the console lists them.
pub const KEYS: &str = "time, remind, timeout, grace, threads, rated, language, organiser_role, web, vacation_days, daily_puzzle, time_zone";

impl SettingChange {
    /// `key=value` as typed: the change, or what is wrong with it.
    pub fn parse(key: &str, value: &str) -> Result<SettingChange, Message> {
        let bad = |expected: &str| {
            Message::new("option-bad-value").str("key", key).str("value", value).str("expected", expected)
        };
        Ok(match key {
            "time" => SettingChange::Time(deadlines::parse_time_control(value)?),
            "remind" => SettingChange::Remind(deadlines::parse_reminders(value)?),
            "timeout" => SettingChange::Timeout(match value {
                "claim" => TimeoutPolicy::Claim,
                "auto" => TimeoutPolicy::Auto,
                _ => return Err(bad("claim|auto")),
            }),
            "grace" => SettingChange::Grace(deadlines::parse_duration(value).ok_or_else(|| bad("1h|12h|1d"))?),
            "threads" => SettingChange::Threads(crate::table::terms::flag(key, value)?),
            "rated" => SettingChange::Rated(crate::table::terms::flag(key, value)?),
            "web" => SettingChange::Web(crate::table::terms::flag(key, value)?),
            "vacation_days" => SettingChange::VacationDays(match value.parse::<u32>() {
                Ok(days) if days <= 30 => days,
                _ => return Err(bad("0-30")),
            }),
            "daily_puzzle" => SettingChange::DailyPuzzle(match value {
                "off" | "none" => None,
                hour => match hour.trim_end_matches('h').parse::<u8>() {
                    Ok(h) if h < 24 => Some(h),
                    _ => return Err(bad("an hour 0-23|off")),
                },
            }),
            "time_zone" => SettingChange::TimeZone(match value {
                "utc" | "UTC" | "none" | "off" => None,
                name => Some(
                    crate::dates::zone_name(name).ok_or_else(|| bad("a time zone such as America/Mexico_City|utc"))?,
                ),
            }),
            "organiser_role" => SettingChange::OrganiserRole(match value {
                "none" | "off" => None,
                v => Some(v.parse().map_err(|_| bad("a role id|none"))?),
            }),
            "language" => SettingChange::Language(match value {
                "auto" | "server" => None,
                other => Some(Locale::parse(other).ok_or_else(|| bad("auto|en-US|es-419|es-ES"))?),
            }),
            _ => return Err(Message::new("settings-unknown").str("key", key).str("known", KEYS)),
        })
    }

    /// The settings with this change made, by a member in `channel` (where a daily puzzle turned on is posted).
    pub fn apply(self, settings: &mut GuildSettings, channel: crate::store::record::ChannelId) {
        match self {
            SettingChange::DailyPuzzle(hour) => {
                settings.daily_puzzle = hour.map(|hour| crate::store::settings::DailyPuzzle { channel, hour })
            }
            SettingChange::Time(time) => settings.time_per_move = time,
            SettingChange::Remind(remind) => settings.remind = remind,
            SettingChange::Timeout(policy) => settings.timeout = policy,
            SettingChange::Grace(grace) => settings.grace = grace,
            SettingChange::Threads(on) => settings.threads = on,
            SettingChange::Rated(on) => settings.rated = on,
            SettingChange::OrganiserRole(role) => settings.organiser_role = role,
            SettingChange::Language(locale) => settings.locale = locale,
            SettingChange::VacationDays(days) => settings.vacation_days = days,
            SettingChange::TimeZone(zone) => settings.time_zone = zone,
            SettingChange::Web(false) => settings.web = None,
            SettingChange::Web(true) => {
                if settings.web.is_none() {
                    settings.web = Some(crate::store::settings::new_web_secret());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::GuildId;

    #[test]
    fn typed_settings_are_read_once_and_applied() {
        let mut settings = GuildSettings::default();
        for (key, value) in [("time", "1d"), ("timeout", "auto"), ("grace", "12h"), ("language", "es-ES")] {
            SettingChange::parse(key, value).unwrap().apply(&mut settings, crate::store::record::ChannelId(1));
        }
        assert_eq!(settings.time_per_move, Some(86_400));
        assert_eq!(settings.timeout, TimeoutPolicy::Auto);
        assert_eq!(settings.grace, 12 * 3600);
        assert_eq!(settings.locale, Some(Locale::parse("es-ES").unwrap()));
        assert_eq!(SettingChange::parse("time", "none"), Ok(SettingChange::Time(None)));
        assert!(SettingChange::parse("timeout", "never").is_err());
        assert!(SettingChange::parse("colour", "red").is_err());
        assert!(SettingChange::parse("organiser_role", "abc").is_err());
        // A time zone by its IANA name, as the database spells it; UTC is no zone at all.
        let zone = SettingChange::parse("time_zone", "america/mexico_city").unwrap();
        assert_eq!(zone, SettingChange::TimeZone(Some("America/Mexico_City".into())));
        zone.apply(&mut settings, crate::store::record::ChannelId(1));
        assert_eq!(settings.time_zone.as_deref(), Some("America/Mexico_City"));
        assert_eq!(SettingChange::parse("time_zone", "utc"), Ok(SettingChange::TimeZone(None)));
        assert!(SettingChange::parse("time_zone", "Mars/Olympus_Mons").is_err());
        assert!(SettingChange::parse("time_zone", "../../etc/passwd").is_err());
    }

    #[test]
    fn web_pages_get_a_new_unguessable_address_each_time_they_are_turned_on() {
        let mut settings = GuildSettings::default();
        assert_eq!(settings.web_segment(GuildId(7)), None, "off until turned on");
        SettingChange::parse("web", "on").unwrap().apply(&mut settings, crate::store::record::ChannelId(1));
        let first = settings.web_segment(GuildId(7)).unwrap();
        assert!(first.ends_with("-7") && first.len() == 32 + 2, "{first}");
        SettingChange::Web(true).apply(&mut settings, crate::store::record::ChannelId(1));
        assert_eq!(settings.web_segment(GuildId(7)).as_ref(), Some(&first), "on again while on: the same address");
        let found = |s: &str| crate::store::settings::web_segment_matches(s, |g| (g == 7).then(|| settings.clone()));
        assert_eq!(found(&first), Some(GuildId(7)));
        assert_eq!(found(&first.replacen(&first[..1], if &first[..1] == "0" { "1" } else { "0" }, 1)), None);
        assert_eq!(found("-7"), None);
        assert_eq!(found(&first.replace("-7", "-8")), None, "another server's id with this secret");
        SettingChange::Web(false).apply(&mut settings, crate::store::record::ChannelId(1));
        SettingChange::Web(true).apply(&mut settings, crate::store::record::ChannelId(1));
        assert_ne!(settings.web_segment(GuildId(7)).unwrap(), first, "off and on again: a new address");
    }
}
