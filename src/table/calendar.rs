//! A tournament's dates as a calendar: its sign-up and each of its rounds (when it has a round time), each from
//! when it opened to its deadline, going on, ended or called off. A front end that keeps a calendar (Discord's
//! scheduled events) makes its own look like this whenever the table tells it the calendar changed: entries are
//! known by their `key`, so doing it twice changes nothing.

use crate::i18n::{self, Locale, Message};
use crate::store::Tournament;
use crate::store::record::GameId;
use crate::store::record::{Notice, NoticeKind, Timestamp};
use crate::store::tournament::TournamentStatus;
use crate::table::naming::{format_name, game_name};

/// One date of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarEntry {
    /// The same across every change of the entry: `tournament-<id>-signup`, `tournament-<id>-round-<n>`.
    pub key: String,
    pub name: String,
    pub description: String,
    /// Where it happens, in words (a calendar outside a voice channel wants one).
    pub location: String,
    pub start: Timestamp,
    pub end: Timestamp,
    pub state: EntryState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryState {
    Going,
    Ended,
    /// The tournament was called off while it was going.
    CalledOff,
}

/// The time a tournament's rounds are given (each round's deadline, after it is paired), when its organiser
/// set one.
pub(super) fn round_time(t: &Tournament) -> Option<u64> {
    t.options.get("round_time").and_then(|v| crate::deadlines::parse_duration(v))
}

/// The notice that a tournament's calendar changed.
pub(crate) fn calendar_notice(t: &Tournament, at: Timestamp) -> Notice {
    Notice {
        id: 0,
        game: GameId(0),
        guild: t.guild,
        channel: t.channel,
        kind: NoticeKind::Calendar { tournament: t.id.get() },
        at,
    }
}

/// The calendar of a tournament, in `locale`.
pub fn calendar(t: &Tournament, locale: Locale) -> Vec<CalendarEntry> {
    let title = Message::new("calendar-title")
        .num("id", t.id.get() as i64)
        .str("game", game_name(locale, t.kind))
        .str("format", format_name(locale, t.format));
    let title = i18n::text(locale, &title);
    let location = i18n::text(locale, &Message::new("calendar-location"));
    let mut out = Vec::new();
    if let Some(until) = t.signup_until {
        let state = match t.status {
            TournamentStatus::SignUp => EntryState::Going,
            TournamentStatus::Cancelled if t.rounds.is_empty() => EntryState::CalledOff,
            _ => EntryState::Ended,
        };
        out.push(CalendarEntry {
            key: format!("tournament-{}-signup", t.id),
            name: format!("{title}: {}", i18n::text(locale, &Message::new("calendar-signup"))),
            description: i18n::text(locale, &Message::new("calendar-signup-about").num("id", t.id.get() as i64)),
            location: location.clone(),
            start: t.created_at,
            end: until,
            state,
        });
    }
    let last = t.rounds.len();
    for (i, round) in t.rounds.iter().enumerate() {
        let Some(deadline) = round.deadline else { continue };
        let state = match t.status {
            _ if i + 1 < last => EntryState::Ended,
            TournamentStatus::Finished => EntryState::Ended,
            TournamentStatus::Cancelled => EntryState::CalledOff,
            _ => EntryState::Going,
        };
        let round_name = Message::new("calendar-round").num("round", (i + 1) as i64);
        let about = Message::new("calendar-round-about")
            .num("round", (i + 1) as i64)
            .num("games", round.pairings.len() as i64)
            .num("id", t.id.get() as i64);
        out.push(CalendarEntry {
            key: format!("tournament-{}-round-{}", t.id, i + 1),
            name: format!("{title}: {}", i18n::text(locale, &round_name)),
            description: i18n::text(locale, &about),
            location: location.clone(),
            start: round.paired_at,
            end: deadline,
            state,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::store::record::ChannelId;
    use crate::store::record::GuildId;
    use crate::store::tournament::{Format, TournamentRound};

    fn cup() -> Tournament {
        Tournament {
            id: crate::store::record::TournamentId(4),
            revision: 0,
            guild: GuildId(1),
            channel: ChannelId(10),
            kind: GameKind::Hoyito,
            options: Default::default(),
            format: Format::Swiss { rounds: 3 },
            organiser: crate::store::record::UserId(1),
            max_players: None,
            signup_until: Some(2_000),
            status: TournamentStatus::SignUp,
            entrants: Vec::new(),
            rounds: Vec::new(),
            log: Vec::new(),
            created_at: 1_000,
        }
    }

    #[test]
    fn sign_up_then_rounds_each_from_its_pairing_to_its_deadline() {
        let mut t = cup();
        let signup = calendar(&t, Locale::English);
        assert_eq!(signup.len(), 1);
        assert_eq!((signup[0].start, signup[0].end, signup[0].state), (1_000, 2_000, EntryState::Going));
        assert_eq!(signup[0].name, "Tournament #4 (Hoyito II, Swiss, 3 rounds): sign-up");
        t.status = TournamentStatus::Running;
        t.rounds.push(TournamentRound { paired_at: 2_000, deadline: Some(9_000), ..TournamentRound::default() });
        let started = calendar(&t, Locale::English);
        assert_eq!(started[0].state, EntryState::Ended);
        assert_eq!((started[1].key.as_str(), started[1].state), ("tournament-4-round-1", EntryState::Going));
        assert_eq!((started[1].start, started[1].end), (2_000, 9_000));
        t.rounds.push(TournamentRound { paired_at: 5_000, deadline: Some(12_000), ..TournamentRound::default() });
        let second = calendar(&t, Locale::English);
        assert_eq!((second[1].state, second[2].state), (EntryState::Ended, EntryState::Going));
        t.status = TournamentStatus::Cancelled;
        assert_eq!(calendar(&t, Locale::English)[2].state, EntryState::CalledOff);
        // A round without a deadline (no round time) is not on the calendar; nor is a sign-up without one.
        t.rounds[1].deadline = None;
        t.signup_until = None;
        assert_eq!(calendar(&t, Locale::English).len(), 1);
    }
}
