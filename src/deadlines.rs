//! Time controls, pure: deadlines, reminders, timeouts, adjudication and expiry as a function of a game record
//! and an injected time. The table stores what these functions decide; the scheduler only asks them.
//!
//! A game is always waiting for at most one event ([`next_event`]): the next reminder of the side on turn, its
//! timeout, then (with the `auto` policy) the adjudication; a challenge waits for its expiry. Applying an event
//! ([`apply`]) changes the record so that the same event is never due again: that, stored in one transaction
//! with the notice, is what makes each event happen exactly once, across restarts.

use crate::games::Side;
use crate::i18n::Message;
use crate::store::record::{FinishReason, GameRecord, Held, NoticeKind, Status, TimeControl, TimeoutPolicy, Timestamp};
use crate::store::settings::{GuildSettings, Remind};

/// What the scheduler must do for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// An unanswered challenge lapses.
    Expire,
    /// The next reminder of the side on turn.
    Remind,
    /// The deadline passed: the timeout is announced (or the game aborted when nobody has moved).
    Flag,
    /// The grace period after the deadline passed (`auto` policy): the side on turn loses on time.
    Adjudicate,
    /// The computer is on turn in a game against it.
    Computer,
    /// The vacation of the player on turn is over: their clock runs again.
    Resume,
}

/// A duration typed for the option `key` (`12h`, `2d`…), or the refusal that says what is expected.
pub fn duration_option(key: &str, text: &str) -> Result<u64, Message> {
    parse_duration(text)
        .ok_or_else(|| Message::new("option-bad-value").str("key", key).str("value", text).str("expected", "12h|2d"))
}

/// Reads a duration: `30s`, `45m`, `12h`, `3d` (a bare number is hours).
pub fn parse_duration(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_lowercase();
    let (number, unit) = match t.find(|c: char| !c.is_ascii_digit()) {
        Some(i) => t.split_at(i),
        None => (t.as_str(), "h"),
    };
    let n: u64 = number.parse().ok()?;
    let unit = match unit.trim() {
        "s" | "sec" | "secs" => 1,
        "m" | "min" | "mins" => 60,
        "h" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        _ => return None,
    };
    (n > 0).then(|| n.checked_mul(unit)).flatten().filter(|&s| s <= 365 * 86_400)
}

/// Reads a time per move: a duration, or `none` / `off` for no deadlines.
pub fn parse_time_control(text: &str) -> Result<Option<u64>, Message> {
    match text.trim().to_ascii_lowercase().as_str() {
        "none" | "off" | "no" | "0" => Ok(None),
        other => parse_duration(other).map(Some).ok_or_else(|| {
            Message::new("option-bad-value").str("key", "time").str("value", text).str("expected", "none|30m|12h|3d")
        }),
    }
}

/// Reads reminders: `half`, durations before the deadline, comma-separated; `none` for no reminders.
pub fn parse_reminders(text: &str) -> Result<Vec<Remind>, Message> {
    let t = text.trim().to_ascii_lowercase();
    if matches!(t.as_str(), "none" | "off" | "no") {
        return Ok(Vec::new());
    }
    t.split([',', ' '])
        .filter(|p| !p.is_empty())
        .map(|p| match p {
            "half" => Ok(Remind::Half),
            d => parse_duration(d).map(Remind::Before).ok_or_else(|| {
                Message::new("option-bad-value").str("key", "remind").str("value", p).str("expected", "half,12h|none")
            }),
        })
        .collect()
}

/// A duration as it is typed: `3d`, `12h`, `90m`, `45s` (the largest unit that divides it).
pub fn format_duration(secs: u64) -> String {
    match secs {
        s if s % 86_400 == 0 => format!("{}d", s / 86_400),
        s if s % 3600 == 0 => format!("{}h", s / 3600),
        s if s % 60 == 0 => format!("{}m", s / 60),
        s => format!("{s}s"),
    }
}

/// A clock of `per_move` seconds with the server's reminder and timeout settings; it starts with the game.
pub fn new_clock(per_move: u64, settings: &GuildSettings) -> TimeControl {
    let mut remind_before: Vec<u64> = settings
        .remind
        .iter()
        .map(|r| match r {
            Remind::Half => per_move / 2,
            Remind::Before(s) => *s,
        })
        .filter(|&s| s > 0 && s < per_move)
        .collect();
    remind_before.sort_unstable_by(|a, b| b.cmp(a));
    remind_before.dedup();
    TimeControl {
        per_move,
        remind_before,
        policy: settings.timeout,
        grace: settings.grace,
        deadline: 0,
        reminded: 0,
        flagged: false,
        held: None,
    }
}

/// Starts the time of the side on turn (at acceptance, and after every move).
pub fn start_turn(record: &mut GameRecord, now: Timestamp) {
    if let Some(clock) = &mut record.clock {
        clock.deadline = now + clock.per_move;
        clock.reminded = 0;
        clock.flagged = false;
        clock.held = None;
    }
}

/// Stops the clock of the side on turn until `until` (its player is on vacation), keeping what was left of its
/// time. A clock whose time is already up is not stopped: a vacation does not undo a timeout.
pub fn hold(record: &mut GameRecord, until: Timestamp, now: Timestamp) {
    if let Some(clock) = &mut record.clock {
        match &mut clock.held {
            Some(held) => held.until = until,
            None if !clock.flagged && clock.deadline > now => {
                clock.held = Some(Held { until, left: clock.deadline - now });
            }
            None => {}
        }
    }
}

/// Starts a stopped clock again at `now`, with the time that was left; returns the new deadline.
pub fn release(record: &mut GameRecord, now: Timestamp) -> Option<Timestamp> {
    let clock = record.clock.as_mut()?;
    let held = clock.held.take()?;
    clock.deadline = now + held.left;
    Some(clock.deadline)
}

/// The next event of a record and when it falls due.
pub fn next_event(record: &GameRecord) -> Option<(Timestamp, Event)> {
    match record.status {
        Status::Challenge => Some((record.expires_at, Event::Expire)),
        // The computer owes a move: due at once (its clock never runs out).
        Status::Active if record.computer.is_some_and(|c| c.on_turn) => Some((record.updated_at, Event::Computer)),
        Status::Active => {
            let clock = record.clock.as_ref()?;
            if let Some(held) = &clock.held {
                return Some((held.until, Event::Resume));
            }
            if let Some(before) = clock.remind_before.get(clock.reminded as usize) {
                Some((clock.deadline.saturating_sub(*before), Event::Remind))
            } else if !clock.flagged {
                Some((clock.deadline, Event::Flag))
            } else if clock.policy == TimeoutPolicy::Auto {
                Some((clock.deadline + clock.grace, Event::Adjudicate))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Applies `event` (due at `now`) to the record; `on_turn` is the side to move. Returns the notice to post, if
/// any: a reminder overtaken by its own deadline (the bot was down) is marked done without a post, since the
/// timeout notice that follows it says more.
pub fn apply(record: &mut GameRecord, event: Event, on_turn: Option<Side>, now: Timestamp) -> Option<NoticeKind> {
    record.updated_at = now;
    match event {
        Event::Expire => {
            record.status = Status::Expired;
            Some(NoticeKind::Expired)
        }
        Event::Remind => {
            let clock = record.clock.as_mut()?;
            clock.reminded += 1;
            let side = on_turn?;
            (now < clock.deadline).then_some(NoticeKind::Reminder { side, deadline: clock.deadline })
        }
        Event::Flag => {
            if record.moves.is_empty() {
                record.status = Status::Aborted;
                record.draw_offer = None;
                return Some(NoticeKind::Aborted);
            }
            let clock = record.clock.as_mut()?;
            clock.flagged = true;
            let auto_at = (clock.policy == TimeoutPolicy::Auto).then_some(clock.deadline + clock.grace);
            Some(NoticeKind::TimedOut { side: on_turn?, auto_at })
        }
        // Not the clock's to apply: the table plays the computer's move (see `Table::play_computer`).
        Event::Computer => None,
        Event::Resume => {
            let deadline = release(record, now)?;
            let side = on_turn?;
            let player = record.player(side)?.id;
            Some(NoticeKind::Back { player, deadline })
        }
        Event::Adjudicate => {
            let side = on_turn?;
            record.status = Status::Finished { winner: Some(side.other()), reason: FinishReason::Timeout };
            record.draw_offer = None;
            Some(NoticeKind::Adjudicated { side })
        }
    }
}

/// When the time for the move runs out, in words; or, while its player is on vacation, until when it stands still.
pub fn deadline_message(clock: &TimeControl) -> Message {
    match clock.held {
        Some(held) => Message::new("clock-held").moment("until", held.until),
        None => Message::new("deadline").moment("when", clock.deadline),
    }
}

/// Whether the side on turn's time is up at `now` (so the other side may claim the win).
pub fn time_is_up(record: &GameRecord, now: Timestamp) -> bool {
    record.status == Status::Active && record.clock.as_ref().is_some_and(|c| c.held.is_none() && now >= c.deadline)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::record::ChannelId;
    use crate::store::record::GameId;
    use crate::store::record::GuildId;

    #[test]
    fn durations_read_with_their_units() {
        assert_eq!(parse_duration("30s"), Some(30));
        assert_eq!(parse_duration("45m"), Some(2700));
        assert_eq!(parse_duration("12h"), Some(43_200));
        assert_eq!(parse_duration("3d"), Some(259_200));
        assert_eq!(parse_duration("2"), Some(7200));
        assert_eq!(parse_duration("0h"), None);
        assert_eq!(parse_duration("3w"), None);
        assert_eq!(parse_duration("999d"), None);
        assert_eq!(parse_time_control("none"), Ok(None));
        assert!(parse_time_control("soon").is_err());
        assert_eq!(parse_reminders("half, 12h"), Ok(vec![Remind::Half, Remind::Before(43_200)]));
        assert_eq!(parse_reminders("none"), Ok(vec![]));
    }

    fn active_record(per_move: u64, settings: &GuildSettings) -> GameRecord {
        use crate::games::GameKind;
        use crate::store::record::{First, MoveEntry, Player};
        let mut record = GameRecord {
            id: GameId(1),
            opponent: Some(Player { id: crate::store::record::UserId(2), name: "ben".into() }),
            first: First::Challenger,
            moves: vec![MoveEntry { notation: "1".into(), by: crate::store::record::UserId(1), at: 0, name: None }],
            status: Status::Active,
            clock: Some(new_clock(per_move, settings)),
            ..GameRecord::new(
                GameKind::Hoyito,
                Default::default(),
                GuildId(1),
                ChannelId(1),
                Player { id: crate::store::record::UserId(1), name: "ana".into() },
                0,
            )
        };
        start_turn(&mut record, 1000);
        record
    }

    #[test]
    fn events_come_in_order_and_each_only_once() {
        let settings = GuildSettings { timeout: TimeoutPolicy::Auto, grace: 50, ..GuildSettings::default() };
        let mut record = active_record(100, &settings);
        let on_turn = Some(Side::Second);
        // Half of 100 s: one reminder (12 hours is longer than the move), then the timeout, then adjudication.
        assert_eq!(next_event(&record), Some((1050, Event::Remind)));
        let notice = apply(&mut record, Event::Remind, on_turn, 1050);
        assert_eq!(notice, Some(NoticeKind::Reminder { side: Side::Second, deadline: 1100 }));
        assert_eq!(next_event(&record), Some((1100, Event::Flag)), "the reminder is not due again");
        let notice = apply(&mut record, Event::Flag, on_turn, 1100);
        assert_eq!(notice, Some(NoticeKind::TimedOut { side: Side::Second, auto_at: Some(1150) }));
        assert_eq!(next_event(&record), Some((1150, Event::Adjudicate)));
        let notice = apply(&mut record, Event::Adjudicate, on_turn, 1150);
        assert_eq!(notice, Some(NoticeKind::Adjudicated { side: Side::Second }));
        assert_eq!(record.status, Status::Finished { winner: Some(Side::First), reason: FinishReason::Timeout });
        assert_eq!(next_event(&record), None, "a finished game owes nothing");
    }

    #[test]
    fn a_reminder_overtaken_by_its_deadline_is_not_posted_and_a_move_restarts_the_clock() {
        let mut record = active_record(100, &GuildSettings::default());
        assert_eq!(apply(&mut record, Event::Remind, Some(Side::Second), 1200), None, "the bot was down");
        assert_eq!(next_event(&record), Some((1100, Event::Flag)));
        apply(&mut record, Event::Flag, Some(Side::Second), 1200);
        assert_eq!(next_event(&record), None, "the claim policy waits for the opponent");
        assert!(time_is_up(&record, 1200));
        start_turn(&mut record, 1300);
        assert_eq!(next_event(&record), Some((1350, Event::Remind)), "a new turn, a new clock");
        assert!(!time_is_up(&record, 1300));
    }

    #[test]
    fn a_game_without_moves_is_aborted_at_its_first_deadline() {
        let mut record = active_record(100, &GuildSettings::default());
        record.moves.clear();
        assert_eq!(apply(&mut record, Event::Flag, Some(Side::First), 1100), Some(NoticeKind::Aborted));
        assert_eq!(record.status, Status::Aborted);
    }

    #[test]
    fn reminders_shorter_than_the_move_only_largest_first() {
        let clock = new_clock(3 * 86_400, &GuildSettings::default());
        assert_eq!(clock.remind_before, vec![129_600, 43_200], "half of 3 days, then 12 hours");
        let clock = new_clock(3600, &GuildSettings::default());
        assert_eq!(clock.remind_before, vec![1800], "12 hours before a 1-hour deadline is no reminder");
    }
}
