//! The stored form of a game: its record. Everything about a game that cannot be derived is here; the position
//! is derived by replaying `moves` (with their throws, for games of chance) from the start.

use serde::{Deserialize, Serialize};

use crate::games::{GameKind, OptionSet, Side};

/// Where a tournament game sits: its tournament, and its round and pairing there (both from 0). Stored as the
/// array `[tournament, round, pairing]`, as game records always held it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "(u64, usize, usize)", into = "(u64, usize, usize)")]
pub struct TournamentPlace {
    pub tournament: TournamentId,
    pub round: usize,
    pub pairing: usize,
}

impl From<(u64, usize, usize)> for TournamentPlace {
    fn from((tournament, round, pairing): (u64, usize, usize)) -> TournamentPlace {
        TournamentPlace { tournament: TournamentId(tournament), round, pairing }
    }
}

impl From<TournamentPlace> for (u64, usize, usize) {
    fn from(p: TournamentPlace) -> (u64, usize, usize) {
        (p.tournament.get(), p.round, p.pairing)
    }
}
use crate::i18n::Locale;

/// An id that is a type of its own, stored and written as the plain number it holds (so every stored form is
/// the number's), read from and shown as that number, and comparable with a plain number (`record.id == 3`).
macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl $name {
            pub const fn get(self) -> u64 {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(text: &str) -> Result<$name, Self::Err> {
                text.parse().map($name)
            }
        }

        impl PartialEq<u64> for $name {
            fn eq(&self, other: &u64) -> bool {
                self.0 == *other
            }
        }

        impl From<u64> for $name {
            fn from(id: u64) -> $name {
                $name(id)
            }
        }

        impl From<$name> for u64 {
            fn from(id: $name) -> u64 {
                id.0
            }
        }
    };
}

id_type!(
    /// A game's number: every game of every server has its own, given by the store in order.
    GameId
);
id_type!(
    /// A channel's id (Discord's, or the console's): where a game is played and its posts go.
    ChannelId
);
id_type!(
    /// A server's id (a Discord guild's, or, outside servers, the direct message's channel's): whose games,
    /// settings, ratings and tournaments these are.
    GuildId
);

id_type!(
    /// A tournament's number: every tournament of every server has its own, given by the store in order.
    TournamentId
);
id_type!(
    /// A member's id (Discord's, the console's, or the computer's own): who plays, asks and is called.
    UserId
);

/// Seconds since the Unix epoch.
pub type Timestamp = u64;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: UserId,
    pub name: String,
}

/// The user id of the computer opponent (no Discord user has id 0).
pub const COMPUTER: UserId = UserId(0);

/// The computer's seat in a game: its level, and whether it is on turn (kept by the table at every write, so the
/// scheduler finds the games where the computer owes a move without replaying them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Computer {
    pub level: u8,
    pub on_turn: bool,
}

/// A team of a team game (Zohn Ahl): named players, or everyone holding a Discord role at the time they act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Team {
    Players {
        players: Vec<Player>,
    },
    Role {
        id: u64,
        name: String,
        /// Whether the team's turns ping the role: only as Discord would let the member who named it (the role
        /// is mentionable, or the member may mention everyone). Otherwise the team is named without a ping.
        #[serde(default)]
        ping: bool,
    },
}

impl Team {
    /// The role to ping when this team is called, if it is a role team that may be pinged.
    pub fn pinged_role(&self) -> Option<u64> {
        match self {
            Team::Role { id, ping: true, .. } => Some(*id),
            _ => None,
        }
    }

    /// The team's name as people read it: the role, or the players.
    pub fn name(&self, locale: Locale) -> String {
        match self {
            Team::Players { players } => {
                crate::i18n::list(locale, &players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>())
            }
            Team::Role { name, .. } => format!("@{name}"),
        }
    }

    /// Whether a user with these roles belongs to the team now.
    pub fn has(&self, user: UserId, roles: &[u64]) -> bool {
        match self {
            Team::Players { players } => players.iter().any(|p| p.id == user),
            Team::Role { id, .. } => roles.contains(id),
        }
    }

    /// The named players (none for a role team).
    pub fn players(&self) -> &[Player] {
        match self {
            Team::Players { players } => players,
            Team::Role { .. } => &[],
        }
    }
}

/// Who takes the first side (South, White...) when the challenge is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum First {
    Challenger,
    Opponent,
    #[default]
    Random,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FinishReason {
    /// The rules ended the game.
    Rules,
    Resignation,
    DrawAgreed,
    /// The loser's time for a move ran out (claimed by the opponent, or adjudicated automatically).
    Timeout,
    /// The loser withdrew from the tournament, or an organiser decided the game.
    Forfeit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "state")]
pub enum Status {
    /// Posted, waiting for the opponent.
    Challenge,
    Active,
    Finished {
        winner: Option<Side>,
        reason: FinishReason,
    },
    Declined,
    Cancelled,
    Expired,
    /// Accepted, but nobody moved before the first deadline: not scored.
    Aborted,
}

impl Status {
    /// Whether the game still holds its channel.
    pub fn is_live(self) -> bool {
        matches!(self, Status::Challenge | Status::Active)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveEntry {
    /// The move in the game's notation.
    pub notation: String,
    pub by: UserId,
    pub at: Timestamp,
    /// The mover's name when the record does not otherwise name them (a member of a role team).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Assigned by the store when the game is created.
    pub id: GameId,
    pub kind: GameKind,
    /// The complete, normalised options.
    pub options: OptionSet,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub challenger: Player,
    /// `None` for an open challenge, which anyone but the challenger may accept.
    pub opponent: Option<Player>,
    pub first: First,
    /// The players by side (index 0 moves first), filled in when the challenge is accepted (two-player games).
    pub seats: Vec<Player>,
    /// The teams by side, for team games; empty otherwise.
    #[serde(default)]
    pub teams: Vec<Team>,
    /// In a team game, the challenger's team; the other team answers the challenge.
    #[serde(default)]
    pub challenger_side: Option<Side>,
    /// For role teams that throw in turn: the members who joined before the game started, in order, by side.
    #[serde(default)]
    pub rosters: Vec<Vec<Player>>,
    pub moves: Vec<MoveEntry>,
    pub status: Status,
    /// The side that offered a draw still unanswered.
    pub draw_offer: Option<Side>,
    /// The side that asked to take back its last move, still unanswered (casual games only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub takeback: Option<Side>,
    /// The computer's seat, in a game against it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<Computer>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    /// When an unanswered challenge lapses.
    pub expires_at: Timestamp,
    /// Incremented by every write; a write based on an older revision is refused.
    pub revision: u64,
    /// The front end should give the game a channel of its own (a Discord thread) once it is accepted.
    #[serde(default)]
    pub wants_thread: bool,
    /// The time control; `None` for a game without deadlines.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// When the game next needs the scheduler (a reminder, a timeout, an expiry); kept by the table, indexed by
    /// the store.
    #[serde(default)]
    pub due: Option<Timestamp>,
    /// Whether the game counts for ratings (chosen in the challenge).
    #[serde(default)]
    pub rated: bool,
    /// Set when the game's result was counted in the ratings: its place in the order of rated games.
    #[serde(default)]
    pub rating_sequence: Option<u64>,
    /// The players' ratings before and after, for the result post.
    #[serde(default)]
    pub rating_changes: Vec<RatingChange>,
    /// Played outside a server (a direct message or a group DM, whose id is then `guild` too): casual, and its
    /// notices go to its players by direct message (a bot may only answer in such a channel).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub private: bool,
    /// A tournament game: where it sits in its tournament.
    #[serde(default)]
    pub tournament: Option<TournamentPlace>,
    /// A game read from a record file (`/import`): never rated nor counted, shown as imported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imported: Option<Imported>,
}

/// Where an imported game came from, as its record said (so that exporting it again gives the same record).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Imported {
    /// The game's number where it was played.
    pub id: GameId,
    /// Whether it was rated there.
    pub rated: bool,
    /// Its time per move there, in seconds (none: no time limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds_per_move: Option<u64>,
    /// The tournament it was played in there, by its number, and the round (from 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// Who imported it here (shown in the archive; not part of the record exported again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Player>,
    /// When it was imported here (the daily quota of imports counts these).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Timestamp>,
}

/// What to do when time runs out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum TimeoutPolicy {
    /// The opponent may claim the win.
    #[default]
    Claim,
    /// The game is adjudicated after a grace period (the opponent may claim it before).
    Auto,
}

/// A game's time control, fixed when the challenge is made (from the challenge and the server's settings).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Seconds for each move.
    pub per_move: u64,
    /// Reminders, in seconds before the deadline, largest first (each shorter than `per_move`).
    pub remind_before: Vec<u64>,
    pub policy: TimeoutPolicy,
    /// With [`TimeoutPolicy::Auto`]: seconds after the deadline before the game is adjudicated.
    pub grace: u64,
    /// When the side on turn runs out of time (0 until the game starts).
    pub deadline: Timestamp,
    /// How many reminders were sent for the current deadline.
    pub reminded: u8,
    /// Whether the timeout of the current deadline was announced.
    pub flagged: bool,
    /// The clock stands still while the player on turn is on vacation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<Held>,
}

/// A clock standing still: until the vacation ends, with the seconds that were left for the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    pub until: Timestamp,
    pub left: u64,
}

/// Something the scheduler decided that a front end must post in a game's channel. Kept in the store's outbox
/// until the front end says it was delivered, so a restart neither loses nor repeats it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// Assigned by the store.
    pub id: u64,
    pub game: GameId,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub kind: NoticeKind,
    pub at: Timestamp,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum NoticeKind {
    /// The side on turn is reminded of its deadline.
    Reminder { side: Side, deadline: Timestamp },
    /// The side on turn ran out of time; the other side may claim the win.
    TimedOut { side: Side, auto_at: Option<Timestamp> },
    /// Adjudicated after the grace period: `side` lost on time.
    Adjudicated { side: Side },
    /// Nobody moved before the first deadline.
    Aborted,
    /// The challenge lapsed.
    Expired,
    /// A tournament's announcement (a round paired, or called off), in the words it was decided in.
    /// `text` holds its calls; `mentions` are the calls of an announcement stored before texts held them.
    Announcement {
        text: crate::i18n::Text,
        #[serde(default)]
        mentions: Vec<UserId>,
    },
    /// A tournament game's first board (the notice's game), to be posted in a thread of its own.
    TournamentGame,
    /// A tournament's final standings.
    TournamentFinished { tournament: u64 },
    /// A tournament's calendar changed (its sign-up or a round opened, moved, ended or was called off): a front end
    /// that keeps one makes it look like the tournament's.
    Calendar { tournament: u64 },
    /// A player went on vacation (until `until`): the clock of their moves stands still.
    Away { player: UserId, until: Timestamp },
    /// A player's vacation ended: the clock of their move runs again, until `deadline`.
    Back { player: UserId, deadline: Timestamp },
    /// The computer played a move: its search's value (from its side) and depth, for the reason, and how many
    /// moves the game had with it, so the post tells that move even when the computer has played again since
    /// (a capture in Hoyito II gives it another); a notice written before the count was kept tells the last move.
    ComputerMoved {
        value: i32,
        depth: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moves: Option<u32>,
        /// The move came from the Hoyito endgame database (its reason says so).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        perfect: bool,
    },
    /// A server's daily puzzle of day `day` (days since 1970, UTC), posted in its channel.
    DailyPuzzle { puzzle: u64, day: u64 },
}

impl Notice {
    /// A notice about a game, to be posted in its channel (the store gives it its id).
    pub fn about(record: &GameRecord, kind: NoticeKind, at: Timestamp) -> Notice {
        Notice { id: 0, game: record.id, guild: record.guild, channel: record.channel, kind, at }
    }
}

impl NoticeKind {
    /// Whether the request that decided it posts it first (a tournament's posts); the outbox is then the
    /// safety net the scheduler uses only when the request did not get to it.
    pub fn posted_by_request(&self) -> bool {
        matches!(
            self,
            NoticeKind::Announcement { .. } | NoticeKind::TournamentGame | NoticeKind::TournamentFinished { .. }
        )
    }
}

impl GameRecord {
    /// A game of `kind` with `options` that `challenger` asks for in `channel` of `guild` at `now`: a challenge
    /// to anyone, nothing played, nobody seated, no clock, casual, stored under no id yet. What differs is said
    /// with the struct update syntax (`GameRecord { rated: true, ..GameRecord::new(…) }`), so that a new field is
    /// written here alone.
    pub fn new(
        kind: GameKind,
        options: OptionSet,
        guild: GuildId,
        channel: ChannelId,
        challenger: Player,
        now: Timestamp,
    ) -> GameRecord {
        GameRecord {
            id: GameId(0),
            kind,
            options,
            guild,
            channel,
            challenger,
            opponent: None,
            first: First::default(),
            seats: Vec::new(),
            teams: Vec::new(),
            challenger_side: None,
            rosters: Vec::new(),
            moves: Vec::new(),
            status: Status::Challenge,
            draw_offer: None,
            takeback: None,
            computer: None,
            created_at: now,
            updated_at: now,
            expires_at: now,
            revision: 0,
            wants_thread: false,
            clock: None,
            due: None,
            rated: false,
            rating_sequence: None,
            rating_changes: Vec::new(),
            private: false,
            tournament: None,
            imported: None,
        }
    }

    /// The sides a user (with these roles) plays: one in a two-player game; in a team game possibly two, for a
    /// member of both roles.
    pub fn sides_of(&self, user: UserId, roles: &[u64]) -> Vec<Side> {
        Side::BOTH
            .into_iter()
            .filter(|s| match self.teams.get(s.index()) {
                Some(team) => team.has(user, roles),
                None => self.seats.get(s.index()).is_some_and(|p| p.id == user),
            })
            .collect()
    }

    /// The single player of a side, in a two-player game.
    pub fn player(&self, side: Side) -> Option<&Player> {
        self.seats.get(side.index())
    }

    /// A side's name for people: its player, or its team.
    pub fn side_label(&self, side: Side, locale: Locale) -> String {
        match self.teams.get(side.index()) {
            Some(team) => team.name(locale),
            None => self.player(side).map(|p| p.name.clone()).unwrap_or_default(),
        }
    }

    /// The members of a side who throw in turn: a team's players, or the roster of a role team.
    pub fn members(&self, side: Side) -> &[Player] {
        match self.teams.get(side.index()) {
            Some(Team::Players { players }) => players,
            Some(Team::Role { .. }) => self.rosters.get(side.index()).map(Vec::as_slice).unwrap_or_default(),
            None => &[],
        }
    }

    /// Whether the game is played by teams.
    pub fn is_team_game(&self) -> bool {
        !self.teams.is_empty()
    }

    /// The name of a user the record knows (a player, a named team member, a member of a roster).
    pub fn name_of(&self, id: UserId) -> Option<&str> {
        let team_players = self.teams.iter().flat_map(|t| t.players().iter());
        self.seats
            .iter()
            .chain(team_players)
            .chain(self.rosters.iter().flatten())
            .chain([&self.challenger])
            .chain(self.opponent.iter())
            .find(|p| p.id == id)
            .map(|p| p.name.as_str())
    }

    /// Everyone the game belongs to, for the user index.
    /// The users whose list of games holds this one: its players; for an imported game only the member who
    /// imported it (the ids in a file prove nothing about who played, and must not fill strangers' lists).
    pub fn indexed_users(&self) -> Vec<UserId> {
        match &self.imported {
            Some(imported) => imported.by.iter().map(|p| p.id).collect(),
            None => self.participants(),
        }
    }

    /// Whether this game becomes its channel's latest one, which the channel's `/board`, `/replay`, `/analysis`
    /// and `/rematch` pick up: every game but an import that is over (reached by its number or the archive).
    pub fn is_channels_latest(&self) -> bool {
        self.imported.is_none() || self.status.is_live()
    }

    pub fn participants(&self) -> Vec<UserId> {
        let mut ids: Vec<UserId> = std::iter::once(self.challenger.id)
            .chain(self.opponent.iter().map(|p| p.id))
            .chain(self.seats.iter().map(|p| p.id))
            .chain(self.teams.iter().flat_map(|t| t.players().iter().map(|p| p.id)))
            .chain(self.rosters.iter().flatten().map(|p| p.id))
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }
}

/// One side's rating before and after a rated game (rounded), kept in the game record for its result post.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    pub user: UserId,
    pub before: i32,
    pub after: i32,
    /// Whether the rating is still provisional after the game.
    pub provisional: bool,
}
