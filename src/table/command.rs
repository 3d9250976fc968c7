//! What a user asks the table service to do (a button or a menu asks it through its id, `ButtonId`).

use crate::games::{GameKind, OptionSet};
use crate::store::record::TournamentId;
use crate::store::record::{ChannelId, GameId, Player, Team};

/// What a user asks the table to do, by domain: each domain's module handles its own commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Challenge(ChallengeCommand),
    Play(PlayCommand),
    Record(RecordCommand),
    Rating(RatingCommand),
    Setting(SettingCommand),
    Page(PageCommand),
    Tournament(TournamentCommand),
    Train(TrainCommand),
}

/// Training: the lessons of each game, and puzzles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrainCommand {
    /// The courses (`None`), or where the member is in one game's course.
    Learn { game: Option<GameKind> },
    /// An answer to step `step` of a game's course (a move in its notation; for Zohn Ahl, a space); `None`: the
    /// step the member is at (a typed answer).
    LessonAnswer { game: GameKind, step: Option<usize>, answer: String },
    /// Back to a course's first step.
    LessonRestart { game: GameKind },
    /// A puzzle near the member's rating (of `game`, or of the game they have tried least).
    Puzzle { game: Option<GameKind> },
    /// An answer to puzzle `puzzle` at its solution's move `at` (`None`: where the member is).
    PuzzleAnswer { puzzle: u64, at: Option<usize>, answer: String },
}

impl From<TrainCommand> for Command {
    fn from(command: TrainCommand) -> Command {
        Command::Train(command)
    }
}

impl TrainCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            TrainCommand::Learn { .. } => "learn",
            TrainCommand::LessonAnswer { .. } => "lesson_answer",
            TrainCommand::LessonRestart { .. } => "lesson_restart",
            TrainCommand::Puzzle { .. } => "puzzle",
            TrainCommand::PuzzleAnswer { .. } => "puzzle_answer",
        }
    }
}

/// Challenges: a game asked for, answered, joined by a team's members, or asked for again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChallengeCommand {
    /// Challenge `opponent` (anyone, when `None`) to a game with its own `options` (its rules, as `games/`
    /// defines them) and the challenge's `terms`.
    Challenge {
        game: GameKind,
        opponent: Option<Player>,
        options: OptionSet,
        terms: crate::table::terms::Terms,
        /// West's and East's teams, for a team game (Zohn Ahl); `None` for a game of one player a side.
        teams: Option<[Team; 2]>,
    },
    Accept {
        game: Option<GameId>,
    },
    Decline {
        game: Option<GameId>,
    },
    Cancel,
    /// Join the roster of one's role team before a team game starts (turn modes that call members in turn).
    Join {
        game: Option<GameId>,
    },
    /// A rematch of a finished game (the channel's last one when `None`): a new challenge, sides swapped.
    Rematch {
        game: Option<GameId>,
    },
}

impl From<ChallengeCommand> for Command {
    fn from(command: ChallengeCommand) -> Command {
        Command::Challenge(command)
    }
}

/// A game being played: moves, throws, resigning, draws, takebacks, claims, hints, and what a player looks at meanwhile (the board, the moves so far, the rules, their games).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayCommand {
    /// A move in the game's notation; `at` pins it to a game and move number (from a button).
    Move {
        notation: String,
        at: Option<(GameId, usize)>,
    },
    /// Throw the sticks (games of chance): the service throws for the player or team on turn.
    Throw {
        at: Option<(GameId, usize)>,
    },
    Resign,
    /// Asks "really resign?" (a button), answered by [`PlayCommand::ConfirmResign`] through the confirming button.
    AskResign {
        game: GameId,
    },
    /// Resigns `game` (the confirming button: refused if the channel's game is another one by now).
    ConfirmResign {
        game: GameId,
    },
    DrawOffer,
    /// Asks "really offer a draw?" (a button), answered by [`PlayCommand::ConfirmDraw`] through the confirming button.
    AskDraw {
        game: GameId,
    },
    /// Offers a draw in `game` (the confirming button).
    ConfirmDraw {
        game: GameId,
    },
    DrawAccept {
        game: Option<GameId>,
    },
    DrawDecline {
        game: Option<GameId>,
    },
    /// Asks the opponent to take back the actor's last move (casual games); `game` from a button.
    Takeback {
        game: Option<GameId>,
    },
    /// Answers the opponent's takeback request.
    TakebackAnswer {
        game: Option<GameId>,
        accept: bool,
    },
    /// The move the computer would play, in a casual game against it (privately).
    Hint,
    /// A piece picked from a board's menu (drawn at move `ply`): the menus of its moves, privately.
    PickPiece {
        game: GameId,
        ply: usize,
        square: String,
    },
    /// Claims the win when the opponent's time for a move is up.
    Claim {
        game: Option<GameId>,
    },
    /// Moves a live game into `channel` (the thread a front end opened for it, see
    /// [`crate::table::reply::Audience::GameThread`]).
    MoveTo {
        game: GameId,
        channel: ChannelId,
    },
    /// The board of the channel's game: its picture, or (`text`) the position in words, privately, all of it or
    /// the part `focus` names (a row, a rank or file, a piece's square).
    Board {
        text: bool,
        focus: Option<String>,
    },
    History,
    /// The rules of a game, or of the channel's game when `None`.
    Rules {
        game: Option<GameKind>,
    },
    /// The actor's live games in the guild.
    Games,
}

impl From<PlayCommand> for Command {
    fn from(command: PlayCommand) -> Command {
        Command::Play(command)
    }
}

/// Records and replays: a game's files, an imported game, the server's archive, an analysis, an animated replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordCommand {
    /// The analysis of a finished game (the channel's last one when `None`).
    Analysis { game: Option<GameId> },
    /// A game's record files, JSON and text (the channel's game when `None`), finished or still on.
    Export { game: Option<GameId> },
    /// A record file to store as an imported game; `live`: a game still on may be stored to be continued (the
    /// console), else it is refused.
    Import { bytes: Vec<u8>, live: bool },
    /// A page (from 0) of the server's finished games, newest first; of one player, of one game, when given.
    Archive { player: Option<Player>, game: Option<GameKind>, page: usize },
    /// An animated replay (GIF) of a game (the channel's game when `None`); `delay`: hundredths of a second each
    /// move shows (a second when `None`; see `replay_delay` for the speeds a member may type).
    Replay { game: Option<GameId>, delay: Option<u16> },
}

impl From<RecordCommand> for Command {
    fn from(command: RecordCommand) -> Command {
        Command::Record(command)
    }
}

/// Ratings and seasons: a leaderboard, a new season, a player's profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatingCommand {
    /// A page of a game's leaderboard in the server (provisional players apart), as a picture when asked.
    Leaderboard {
        game: GameKind,
        page: usize,
        provisional: bool,
        picture: bool,
        /// A season's standings (from 1); `Some(0)`: the ratings of all time; `None`: the current season's when
        /// the server has seasons of the game, else the ratings.
        season: Option<u32>,
    },
    /// Begins a new season of a game's leaderboard (organisers); `every`: then one every so many seconds (0: no
    /// more by themselves).
    SeasonStart { game: GameKind, every: Option<u64> },
    /// A player's ratings, records and last games (the actor's own when `None`).
    Profile { player: Option<Player> },
}

impl From<RatingCommand> for Command {
    fn from(command: RatingCommand) -> Command {
        Command::Rating(command)
    }
}

/// A server's settings and a member's own: reminders and vacations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingCommand {
    /// Shows the server's settings, or changes them (Manage Server needed).
    Settings { changes: Vec<crate::table::setting::SettingChange> },
    /// Reminders by direct message: on, off, or (`None`) which it is.
    Notify { on: Option<bool> },
    /// The actor goes on vacation for `days` (what is left of their allowance when `None`): the clocks of their
    /// moves stand still.
    VacationStart { days: Option<u32> },
    /// The actor's vacation ends now.
    VacationEnd,
}

impl From<SettingCommand> for Command {
    fn from(command: SettingCommand) -> Command {
        Command::Setting(command)
    }
}

/// The server's web pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PageCommand {
    /// The address of the server's web pages (or why there is none).
    Web,
}

impl From<PageCommand> for Command {
    fn from(command: PageCommand) -> Command {
        Command::Page(command)
    }
}

impl From<TournamentCommand> for Command {
    fn from(command: TournamentCommand) -> Command {
        Command::Tournament(command)
    }
}

/// How a tournament pairs its players, as an organiser chooses it (a Swiss's rounds are chosen apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentFormat {
    RoundRobin,
    DoubleRoundRobin,
    Swiss,
    Elimination,
    DoubleElimination,
}

impl std::str::FromStr for TournamentFormat {
    type Err = crate::i18n::Message;

    /// `round-robin`, `double-round-robin`, `swiss`, `elimination` or `double-elimination`.
    fn from_str(text: &str) -> Result<TournamentFormat, Self::Err> {
        match text.trim().to_lowercase().as_str() {
            "round-robin" => Ok(TournamentFormat::RoundRobin),
            "double-round-robin" => Ok(TournamentFormat::DoubleRoundRobin),
            "swiss" => Ok(TournamentFormat::Swiss),
            "elimination" => Ok(TournamentFormat::Elimination),
            "double-elimination" => Ok(TournamentFormat::DoubleElimination),
            _ => Err(crate::i18n::Message::new("option-bad-value")
                .str("key", "format")
                .str("value", text)
                .str("expected", "round-robin|double-round-robin|swiss|elimination|double-elimination")),
        }
    }
}

/// How a game was decided, as an organiser enters it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    FirstWins,
    SecondWins,
    Draw,
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decision::FirstWins => "first",
            Decision::SecondWins => "second",
            Decision::Draw => "draw",
        })
    }
}

impl std::str::FromStr for Decision {
    type Err = crate::i18n::Message;

    /// `first` (or `white`, `south`, `1-0`), `second` (`black`, `north`, `0-1`) or `draw` (`½-½`).
    fn from_str(text: &str) -> Result<Decision, Self::Err> {
        match text.trim().to_lowercase().as_str() {
            "first" | "white" | "south" | "1-0" => Ok(Decision::FirstWins),
            "second" | "black" | "north" | "0-1" => Ok(Decision::SecondWins),
            "draw" | "½-½" => Ok(Decision::Draw),
            _ => Err(crate::i18n::Message::new("option-bad-value")
                .str("key", "winner")
                .str("value", text)
                .str("expected", "first|second|draw")),
        }
    }
}

/// Tournament commands; `id` `None` means the server's latest tournament that is not over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentCommand {
    /// `options` for every game (`time`, `rated` and the game's own).
    Create {
        game: GameKind,
        format: TournamentFormat,
        rounds: Option<u8>,
        max_players: Option<u32>,
        /// The games' own options (their rules, as `games/` defines them), and the tournament's terms.
        options: OptionSet,
        terms: crate::table::terms::TournamentTerms,
    },
    Join {
        id: Option<TournamentId>,
    },
    /// Signs up a role as a team (Zohn Ahl tournaments pair teams): a member of the role does it.
    JoinTeam {
        id: Option<TournamentId>,
        role: u64,
        name: String,
        /// The role is mentionable (the member's Mention Everyone permission also lets its games ping it).
        mentionable: bool,
    },
    Leave {
        id: Option<TournamentId>,
    },
    Start {
        id: Option<TournamentId>,
    },
    Standings {
        id: Option<TournamentId>,
        picture: bool,
    },
    /// The tournament as a FIDE tournament report file (Swiss and round robin).
    Export {
        id: Option<TournamentId>,
    },
    Pairings {
        id: Option<TournamentId>,
        round: Option<usize>,
    },
    /// An organiser withdraws a player: their unfinished games are forfeited, and they are paired no more.
    Drop {
        id: Option<TournamentId>,
        player: Player,
    },
    /// An organiser enters or corrects a result.
    Result {
        game: GameId,
        winner: Decision,
    },
    Cancel {
        id: Option<TournamentId>,
    },
    /// An organiser gives the games still on in the current round `secs` more seconds.
    Extend {
        id: Option<TournamentId>,
        secs: u64,
    },
}

impl Command {
    /// The command with every name it carries as it will be shown: control characters gone, cut to the limits
    /// (a player's name to `name_chars`, a team's to `team_name_chars`), whichever front end it came from.
    pub(super) fn with_clean_names(mut self, limits: &crate::table::limits::Limits) -> Command {
        use super::limits::clean_name;
        let player = |p: &mut Player| p.name = clean_name(&p.name, limits.name_chars);
        let team = |t: &mut Team| match t {
            Team::Players { players } => players.iter_mut().for_each(player),
            Team::Role { name, .. } => *name = clean_name(name, limits.team_name_chars),
        };
        match &mut self {
            Command::Challenge(ChallengeCommand::Challenge { opponent, teams, .. }) => {
                opponent.iter_mut().for_each(player);
                teams.iter_mut().flatten().for_each(team);
            }
            Command::Record(RecordCommand::Archive { player: p, .. })
            | Command::Rating(RatingCommand::Profile { player: p }) => p.iter_mut().for_each(player),
            Command::Tournament(TournamentCommand::JoinTeam { name, .. }) => {
                *name = clean_name(name, limits.team_name_chars)
            }
            Command::Tournament(TournamentCommand::Drop { player: p, .. }) => player(p),
            _ => {}
        }
        self
    }

    /// Whether the command is heavy work (a search, an analysis, a replay's pictures, an import's replay): front
    /// ends that serve many members run it in the heavy-work queue, in its server's turn.
    pub fn is_heavy(&self) -> bool {
        matches!(
            self,
            Command::Play(PlayCommand::Hint)
                | Command::Record(RecordCommand::Analysis { .. })
                | Command::Record(RecordCommand::Replay { .. })
                | Command::Record(RecordCommand::Import { .. })
        )
    }

    /// Whether the answer is for the actor alone (so it is in the actor's language, not the server's).
    pub fn answers_privately(&self) -> bool {
        matches!(
            self,
            Command::Play(PlayCommand::Games)
                | Command::Play(PlayCommand::Board { text: true, .. })
                | Command::Play(PlayCommand::AskResign { .. })
                | Command::Play(PlayCommand::AskDraw { .. })
                | Command::Play(PlayCommand::History)
                | Command::Play(PlayCommand::Hint)
                | Command::Play(PlayCommand::Rules { .. })
                | Command::Setting(SettingCommand::Notify { .. })
                | Command::Setting(SettingCommand::VacationStart { .. })
                | Command::Setting(SettingCommand::VacationEnd)
                | Command::Setting(SettingCommand::Settings { .. })
                | Command::Train(_)
        )
    }

    /// Whether the command is about what belongs to a server (its ratings, tournaments, settings and pages), so
    /// has no meaning outside one.
    pub fn belongs_to_a_server(&self) -> bool {
        matches!(
            self,
            Command::Tournament(_)
                | Command::Rating(RatingCommand::Leaderboard { .. })
                | Command::Rating(RatingCommand::SeasonStart { .. })
                | Command::Rating(RatingCommand::Profile { .. })
                | Command::Setting(SettingCommand::Settings { .. })
                | Command::Page(PageCommand::Web)
        )
    }

    /// The game a command names by its id (a button's, or a typed one), which must be of the actor's server.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            Command::Challenge(ChallengeCommand::Accept { game })
            | Command::Challenge(ChallengeCommand::Decline { game })
            | Command::Challenge(ChallengeCommand::Join { game }) => *game,
            Command::Play(PlayCommand::DrawAccept { game })
            | Command::Play(PlayCommand::DrawDecline { game })
            | Command::Play(PlayCommand::Claim { game }) => *game,
            Command::Play(PlayCommand::Takeback { game })
            | Command::Play(PlayCommand::TakebackAnswer { game, .. })
            | Command::Challenge(ChallengeCommand::Rematch { game }) => *game,
            Command::Record(RecordCommand::Analysis { game })
            | Command::Record(RecordCommand::Export { game })
            | Command::Record(RecordCommand::Replay { game, .. }) => *game,
            Command::Play(PlayCommand::Move { at, .. }) | Command::Play(PlayCommand::Throw { at }) => {
                at.map(|(g, _)| g)
            }
            Command::Play(PlayCommand::AskResign { game })
            | Command::Play(PlayCommand::ConfirmResign { game })
            | Command::Play(PlayCommand::AskDraw { game })
            | Command::Play(PlayCommand::ConfirmDraw { game })
            | Command::Play(PlayCommand::MoveTo { game, .. }) => Some(*game),
            Command::Tournament(TournamentCommand::Result { game, .. }) => Some(*game),
            Command::Play(PlayCommand::PickPiece { game, .. }) => Some(*game),
            _ => None,
        }
    }
}

impl Command {
    /// The command's domain and name, as the metrics count them (a closed set: never what it carries).
    pub fn metric(&self) -> (&'static str, &'static str) {
        match self {
            Command::Challenge(c) => ("challenges", c.name()),
            Command::Play(c) => ("play", c.name()),
            Command::Record(c) => ("records", c.name()),
            Command::Rating(c) => ("ratings", c.name()),
            Command::Setting(c) => ("settings", c.name()),
            Command::Page(c) => ("pages", c.name()),
            Command::Tournament(c) => ("tournaments", c.name()),
            Command::Train(c) => ("training", c.name()),
        }
    }
}

impl ChallengeCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            ChallengeCommand::Challenge { .. } => "challenge",
            ChallengeCommand::Accept { .. } => "accept",
            ChallengeCommand::Decline { .. } => "decline",
            ChallengeCommand::Cancel => "cancel",
            ChallengeCommand::Join { .. } => "join",
            ChallengeCommand::Rematch { .. } => "rematch",
        }
    }
}

impl PlayCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            PlayCommand::Move { .. } => "move",
            PlayCommand::Throw { .. } => "throw",
            PlayCommand::Resign => "resign",
            PlayCommand::AskResign { .. } => "ask-resign",
            PlayCommand::ConfirmResign { .. } => "confirm-resign",
            PlayCommand::DrawOffer => "draw-offer",
            PlayCommand::AskDraw { .. } => "ask-draw",
            PlayCommand::ConfirmDraw { .. } => "confirm-draw",
            PlayCommand::DrawAccept { .. } => "draw-accept",
            PlayCommand::DrawDecline { .. } => "draw-decline",
            PlayCommand::Takeback { .. } => "takeback",
            PlayCommand::TakebackAnswer { .. } => "takeback-answer",
            PlayCommand::Hint => "hint",
            PlayCommand::PickPiece { .. } => "pick-piece",
            PlayCommand::Claim { .. } => "claim",
            PlayCommand::MoveTo { .. } => "move-to",
            PlayCommand::Board { .. } => "board",
            PlayCommand::History => "history",
            PlayCommand::Rules { .. } => "rules",
            PlayCommand::Games => "games",
        }
    }
}

impl RecordCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            RecordCommand::Analysis { .. } => "analysis",
            RecordCommand::Export { .. } => "export",
            RecordCommand::Import { .. } => "import",
            RecordCommand::Archive { .. } => "archive",
            RecordCommand::Replay { .. } => "replay",
        }
    }
}

impl RatingCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            RatingCommand::Leaderboard { .. } => "leaderboard",
            RatingCommand::SeasonStart { .. } => "season-start",
            RatingCommand::Profile { .. } => "profile",
        }
    }
}

impl SettingCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            SettingCommand::Settings { .. } => "settings",
            SettingCommand::Notify { .. } => "notify",
            SettingCommand::VacationStart { .. } => "vacation-start",
            SettingCommand::VacationEnd => "vacation-end",
        }
    }
}

impl PageCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            PageCommand::Web => "web",
        }
    }
}

impl TournamentCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            TournamentCommand::Create { .. } => "create",
            TournamentCommand::Join { .. } => "join",
            TournamentCommand::JoinTeam { .. } => "join-team",
            TournamentCommand::Leave { .. } => "leave",
            TournamentCommand::Start { .. } => "start",
            TournamentCommand::Standings { .. } => "standings",
            TournamentCommand::Export { .. } => "export",
            TournamentCommand::Pairings { .. } => "pairings",
            TournamentCommand::Drop { .. } => "drop",
            TournamentCommand::Result { .. } => "result",
            TournamentCommand::Cancel { .. } => "cancel",
            TournamentCommand::Extend { .. } => "extend",
        }
    }
}
