//! Settings kept in the store: a server's defaults for new games, and a user's notification choice.

use serde::{Deserialize, Serialize};

use super::record::{GuildId, TimeoutPolicy, Timestamp, UserId};
use crate::i18n::Locale;

/// When a reminder goes, relative to a move's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "at", content = "secs")]
pub enum Remind {
    /// When half the time for the move is gone.
    Half,
    /// This many seconds before the deadline.
    Before(u64),
}

/// A server's defaults (changed with `/settings server`, by members with Manage Server).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GuildSettings {
    /// Seconds per move of new games; `None`: no deadlines.
    pub time_per_move: Option<u64>,
    pub remind: Vec<Remind>,
    pub timeout: TimeoutPolicy,
    /// Seconds after a deadline before a game is adjudicated, with [`TimeoutPolicy::Auto`].
    pub grace: u64,
    /// Whether an accepted game gets its own thread (when the front end can open one).
    pub threads: bool,
    /// The language of public posts; `None`: the server's own preferred language.
    pub locale: Option<Locale>,
    /// Whether new two-player games are rated unless the challenge says otherwise.
    pub rated: bool,
    /// Members with this role may run tournaments (besides those with Manage Server).
    pub organiser_role: Option<u64>,
    /// The secret part of the address of the server's web pages; `None`: the server has no pages. A new one is
    /// drawn each time the pages are turned on, so turning them off and on again changes the address.
    pub web: Option<String>,
    /// How many days of vacation a member may take in any 30 (0: none).
    pub vacation_days: u32,
    /// Members' vacations: those under way, and those of the last 30 days (which count against the allowance).
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub vacations: std::collections::BTreeMap<UserId, Vec<Away>>,
    /// Each game's seasons (by the game's name): the current season's leaderboard is the server's default one.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub seasons: std::collections::BTreeMap<String, Seasons>,
    /// The daily puzzle: posted in a channel at an hour of the server's day every day; `None`: off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily_puzzle: Option<DailyPuzzle>,
    /// The server's time zone (an IANA name) for the hours it sets; `None`: UTC.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// Incremented by every write; a write based on an older revision is refused (two organisers, or a
    /// member's vacation, changing the settings at once never lose one of the changes).
    pub revision: u64,
}

/// Where and when a server's daily puzzle is posted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPuzzle {
    pub channel: super::record::ChannelId,
    /// The hour of the day in the server's time zone (0 to 23).
    pub hour: u8,
}

/// A game's seasons in a server: when an organiser began each, and the period after which the next begins by
/// itself (after the last one begun), if any.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seasons {
    pub starts: Vec<SeasonStart>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every: Option<u64>,
}

/// When an organiser began a season: the moment, and the server's last rated result then (a game counted after
/// it is the new season's, whatever second it ended in).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeasonStart {
    pub at: Timestamp,
    pub after: u64,
}

/// A member's vacation: from when, until when (moved back when it is ended early).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Away {
    pub from: Timestamp,
    pub until: Timestamp,
}

/// The window a vacation allowance counts in.
pub const VACATION_WINDOW: u64 = 30 * 86_400;

impl GuildSettings {
    /// Until when `user` is away at `now`, if they are.
    pub fn away_until(&self, user: UserId, now: Timestamp) -> Option<Timestamp> {
        self.vacations.get(&user)?.iter().find(|a| a.from <= now && now < a.until).map(|a| a.until)
    }

    /// Seconds of vacation `user` took in the 30 days before `now` (a vacation under way counts up to now), each
    /// vacation in whole days and at least one: a vacation begun and ended again at once still costs a day, so
    /// nobody can start and end vacations without end (each one tells every opponent).
    pub fn vacation_used(&self, user: UserId, now: Timestamp) -> u64 {
        const DAY: u64 = 86_400;
        let start = now.saturating_sub(VACATION_WINDOW);
        let periods = self.vacations.get(&user).map(Vec::as_slice).unwrap_or_default();
        let taken = |a: &Away| a.until.min(now).saturating_sub(a.from.max(start)).div_ceil(DAY).max(1) * DAY;
        periods.iter().filter(|a| a.until > start).map(taken).sum()
    }

    /// Whether anyone is away at `now` (most servers: nobody, and nothing needs looking at).
    pub fn anyone_away(&self, now: Timestamp) -> bool {
        self.vacations.values().flatten().any(|a| a.from <= now && now < a.until)
    }

    /// Forgets vacations that ended more than 30 days before `now` (they no longer count).
    pub fn forget_old_vacations(&mut self, now: Timestamp) {
        let start = now.saturating_sub(VACATION_WINDOW);
        self.vacations.values_mut().for_each(|periods| periods.retain(|a| a.until > start));
        self.vacations.retain(|_, periods| !periods.is_empty());
    }

    /// The path segment of the server's web pages, when they are on: the secret, then the server's id.
    pub fn web_segment(&self, guild: GuildId) -> Option<String> {
        self.web.as_ref().map(|secret| format!("{secret}-{guild}"))
    }
}

/// A new secret for a server's web address: 128 bits from a cryptographic generator seeded by the operating
/// system (never the tests' fixed seed), in hex.
pub fn new_web_secret() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The server a web path segment names, and whether the segment is that server's current one (compared in time
/// that does not depend on where it differs).
pub fn web_segment_matches(
    segment: &str,
    settings_of: impl FnOnce(GuildId) -> Option<GuildSettings>,
) -> Option<GuildId> {
    let (secret, guild) = segment.rsplit_once('-')?;
    let guild: GuildId = guild.parse().ok()?;
    let stored = settings_of(guild)?.web?;
    let same =
        stored.len() == secret.len() && stored.bytes().zip(secret.bytes()).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0;
    same.then_some(guild)
}

impl Default for GuildSettings {
    fn default() -> Self {
        GuildSettings {
            time_per_move: Some(3 * 24 * 3600),
            remind: vec![Remind::Half, Remind::Before(12 * 3600)],
            timeout: TimeoutPolicy::Claim,
            grace: 24 * 3600,
            threads: true,
            locale: None,
            rated: true,
            organiser_role: None,
            web: None,
            vacation_days: 14,
            vacations: std::collections::BTreeMap::new(),
            seasons: std::collections::BTreeMap::new(),
            daily_puzzle: None,
            time_zone: None,
            revision: 0,
        }
    }
}
