//! What may be asked of ratings and seasons, and what each such request is: whether it is heavy work, answered
//! privately, only for a server, which game it names.

use crate::games::GameKind;
use crate::store::record::{GameId, Player};
use crate::table::command::{Command, clean_player};

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

impl RatingCommand {
    /// The command's name, as the metrics count it.
    pub fn name(&self) -> &'static str {
        match self {
            RatingCommand::Leaderboard { .. } => "leaderboard",
            RatingCommand::SeasonStart { .. } => "season-start",
            RatingCommand::Profile { .. } => "profile",
        }
    }

    /// Whether it is heavy work: none is.
    pub fn is_heavy(&self) -> bool {
        match self {
            RatingCommand::Leaderboard { .. } | RatingCommand::SeasonStart { .. } | RatingCommand::Profile { .. } => {
                false
            }
        }
    }

    /// Whether only the actor reads the answer: ratings are shown to the channel.
    pub fn answers_privately(&self) -> bool {
        match self {
            RatingCommand::Leaderboard { .. } | RatingCommand::SeasonStart { .. } | RatingCommand::Profile { .. } => {
                false
            }
        }
    }

    /// Whether it has meaning only in a server: ratings are a server's.
    pub fn belongs_to_a_server(&self) -> bool {
        match self {
            RatingCommand::Leaderboard { .. } | RatingCommand::SeasonStart { .. } | RatingCommand::Profile { .. } => {
                true
            }
        }
    }

    /// The game it names by id: none.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            RatingCommand::Leaderboard { .. } | RatingCommand::SeasonStart { .. } | RatingCommand::Profile { .. } => {
                None
            }
        }
    }

    /// The names it carries, as they will be shown.
    pub(in crate::table) fn clean_names(&mut self, limits: &crate::table::limits::Limits) {
        match self {
            RatingCommand::Profile { player } => player.iter_mut().for_each(|p| clean_player(p, limits)),
            RatingCommand::Leaderboard { .. } | RatingCommand::SeasonStart { .. } => {}
        }
    }
}
