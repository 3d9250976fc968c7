//! Dates and times of seconds since the Unix epoch, written as ISO 8601 UTC (`2026-12-01T10:00:05Z`, or the date
//! alone) and read back: game records, the rating chart. Howard Hinnant's `days_from_civil` / `civil_from_days`
//! (proleptic Gregorian). And a server's local day and hour in its time zone (IANA's names, summer time
//! included).

/// Seconds since the Unix epoch.
type Timestamp = u64;

/// The IANA time zone `name` as the database spells it (`america/mexico_city` gives `America/Mexico_City`),
/// or `None` when there is no such zone.
pub fn zone_name(name: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() || name.len() > 64 {
        return None;
    }
    let zone = jiff::tz::TimeZone::get(name).ok()?;
    Some(zone.iana_name().unwrap_or(name).to_string())
}

/// Up to `most` time zone names that contain what is typed (case and spaces aside), those that begin with it
/// first, for a member choosing one.
pub fn zones_matching(typed: &str, most: usize) -> Vec<String> {
    // No zone's name is longer than this: a longer text matches nothing, and is not read further.
    let typed: String = typed.trim().chars().take(64).collect::<String>().to_lowercase().replace(' ', "_");
    let mut found: Vec<(bool, String)> = jiff::tz::db()
        .available()
        .map(|name| name.as_str().to_string())
        .filter(|name| !name.starts_with("posix/") && !name.starts_with("right/"))
        .filter_map(|name| {
            let lower = name.to_lowercase();
            let at = lower.find(&typed)?;
            // A match at the start of the name or of its city comes first.
            let first = at == 0 || lower[..at].ends_with('/');
            Some((!first, name))
        })
        .collect();
    found.sort();
    found.dedup();
    found.into_iter().take(most).map(|(_, name)| name).collect()
}

/// The day (since 1970-01-01) and the hour (0-23) of `t` on the clocks of `zone` (`None`, or a zone that no longer
/// reads: UTC).
pub fn local_day_hour(t: Timestamp, zone: Option<&str>) -> (u64, u8) {
    let offset = zone
        .and_then(|z| jiff::tz::TimeZone::get(z).ok())
        .and_then(|z| Some(z.to_offset(jiff::Timestamp::from_second(t as i64).ok()?).seconds()))
        .unwrap_or(0);
    let local = (t as i64 + i64::from(offset)).max(0) as u64;
    (local / 86_400, (local % 86_400 / 3600) as u8)
}

/// `2026-12-01T10:00:05Z`.
pub fn format(t: Timestamp) -> String {
    let days = (t / 86_400) as i64;
    let secs = t % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", secs / 3600, secs % 3600 / 60, secs % 60)
}

/// The date alone, `2026-12-01`.
pub fn date(t: Timestamp) -> String {
    format(t)[..10].to_string()
}

/// Reads `YYYY-MM-DDTHH:MM:SSZ` (a space for the `T` is accepted); `None` when it is not such a time or is
/// before 1970.
pub fn parse(text: &str) -> Option<Timestamp> {
    let b = text.trim().as_bytes();
    if b.len() != 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b' ') || b[13] != b':' {
        return None;
    }
    if b[16] != b':' || !matches!(b[19], b'Z' | b'z') {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let s = std::str::from_utf8(&b[r]).ok()?;
        s.bytes().all(|c| c.is_ascii_digit()).then(|| s.parse().ok()).flatten()
    };
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, min, s) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&m) || d < 1 || d > days_in_month(y, m) || h > 23 || min > 59 || s > 59 {
        return None;
    }
    let days = days_from_civil(y, m, d);
    (days >= 0).then(|| days as u64 * 86_400 + (h * 3600 + min * 60 + s) as u64)
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { yoe + era * 400 + 1 } else { yoe + era * 400 }, m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_servers_day_and_hour_follow_its_clocks_summer_time_included() {
        // 2026-07-01 and 2026-12-01 at 15:00 UTC.
        let (july, december) =
            (super::parse("2026-07-01T15:00:00Z").unwrap(), super::parse("2026-12-01T15:00:00Z").unwrap());
        let day = |t: u64| t / 86_400;
        assert_eq!(super::local_day_hour(july, None), (day(july), 15));
        // Mexico City keeps UTC-6 all year; Madrid is UTC+2 in summer and UTC+1 in winter.
        assert_eq!(super::local_day_hour(july, Some("America/Mexico_City")), (day(july), 9));
        assert_eq!(super::local_day_hour(december, Some("America/Mexico_City")), (day(december), 9));
        assert_eq!(super::local_day_hour(july, Some("Europe/Madrid")), (day(july), 17));
        assert_eq!(super::local_day_hour(december, Some("Europe/Madrid")), (day(december), 16));
        // Past midnight in Madrid is still the day before in Mexico City.
        let late = super::parse("2026-12-01T23:30:00Z").unwrap();
        assert_eq!(super::local_day_hour(late, Some("Europe/Madrid")), (day(late) + 1, 0));
        assert_eq!(super::local_day_hour(late, Some("America/Mexico_City")), (day(late), 17));
        assert_eq!(super::zone_name("europe/madrid").as_deref(), Some("Europe/Madrid"));
        assert_eq!(super::zone_name("Nowhere/Else"), None);
        // Suggestions while a name is typed: the city first.
        let found = super::zones_matching("mexico c", 25);
        assert_eq!(found.first().map(String::as_str), Some("America/Mexico_City"), "{found:?}");
        assert!(super::zones_matching("madr", 25).contains(&"Europe/Madrid".to_string()));
        assert!(super::zones_matching("", 25).len() == 25 && super::zones_matching("zzzz", 25).is_empty());
    }

    use super::*;

    #[test]
    fn known_times() {
        assert_eq!(format(0), "1970-01-01T00:00:00Z");
        assert_eq!(format(1_796_119_205), "2026-12-01T10:00:05Z");
        assert_eq!(format(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(parse("2026-12-01T10:00:05Z"), Some(1_796_119_205));
        assert_eq!(parse("2026-12-01 10:00:05Z"), Some(1_796_119_205));
        assert_eq!(date(1_796_119_205), "2026-12-01");
    }

    #[test]
    fn bad_times_are_refused() {
        for bad in ["", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-12-01T24:00:00Z", "1969-12-31T23:59:59Z"]
        {
            assert_eq!(parse(bad), None, "{bad}");
        }
        assert_eq!(parse("2026-12-01T10:00:05"), None);
        assert_eq!(parse("2026-12-0aT10:00:05Z"), None);
    }

    #[test]
    fn every_day_round_trips() {
        for day in (0..200_000u64).step_by(7) {
            let t = day * 86_400 + day % 86_400;
            assert_eq!(parse(&format(t)), Some(t));
        }
    }
}
