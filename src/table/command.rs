//! What a user asks the table service to do, and the stable ids of buttons that ask it again later.
//!
//! Button ids survive restarts because they carry everything needed: `c:<game>:accept`, `c:<game>:decline`,
//! `d:<game>:accept`, `d:<game>:decline`, `g:<game>:m:<ply>:<move>`, `g:<game>:t:<ply>` (a throw),
//! `g:<game>:resign?` / `g:<game>:draw?` (ask first), `g:<game>:resign!` / `g:<game>:draw!` (confirmed) and
//! `g:<game>:claim` (a win on time), where
//! `<ply>` is the number of moves played when the button was drawn (a press on an outdated board is refused).

use crate::games::OptionSet;
use crate::store::record::{ChannelId, GameId, Player, Team};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Challenge `opponent` (anyone, when `None`) to a game; `options` may include `first`.
    Challenge {
        game: String,
        opponent: Option<Player>,
        options: OptionSet,
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
    /// Asks "really resign?" (a button), answered by [`Command::ConfirmResign`] through the confirming button.
    AskResign {
        game: GameId,
    },
    /// Resigns `game` (the confirming button: refused if the channel's game is another one by now).
    ConfirmResign {
        game: GameId,
    },
    DrawOffer,
    /// Asks "really offer a draw?" (a button), answered by [`Command::ConfirmDraw`] through the confirming button.
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
    /// The analysis of a finished game (the channel's last one when `None`).
    Analysis {
        game: Option<GameId>,
    },
    /// A game's record files, JSON and text (the channel's game when `None`), finished or still on.
    Export {
        game: Option<GameId>,
    },
    /// A record file to store as an imported game; `live`: a game still on may be stored to be continued (the
    /// console), else it is refused.
    Import {
        bytes: Vec<u8>,
        live: bool,
    },
    /// A page (from 0) of the server's finished games, newest first; of one player, of one game, when given.
    Archive {
        player: Option<Player>,
        game: Option<String>,
        page: usize,
    },
    /// An animated replay (GIF) of a game (the channel's game when `None`); `speed`: `slow`, `normal`, `fast`
    /// or seconds a move.
    Replay {
        game: Option<GameId>,
        speed: Option<String>,
    },
    /// A rematch of a finished game (the channel's last one when `None`): a new challenge, sides swapped.
    Rematch {
        game: Option<GameId>,
    },
    /// A piece picked from a board's menu (drawn at move `ply`): the menus of its moves, privately.
    PickPiece {
        game: GameId,
        ply: usize,
        square: String,
    },
    Board,
    History,
    /// The rules of a game, or of the channel's game when `None`.
    Rules {
        game: Option<String>,
    },
    /// The actor's live games in the guild.
    Games,
    /// Claims the win when the opponent's time for a move is up.
    Claim {
        game: Option<GameId>,
    },
    /// Shows the server's settings, or changes them (`key`, `value`; Manage Server needed).
    Settings {
        changes: Vec<(String, String)>,
    },
    /// Reminders by direct message: on, off, or (`None`) which it is.
    Notify {
        on: Option<bool>,
    },
    /// A page of a game's leaderboard in the server (provisional players apart), as a picture when asked.
    Leaderboard {
        game: String,
        page: usize,
        provisional: bool,
        picture: bool,
    },
    /// A player's ratings, records and last games (the actor's own when `None`).
    Profile {
        player: Option<Player>,
    },
    Tournament(TournamentCommand),
    /// Moves a live game into `channel` (the thread a front end opened for it, see [`super::Reply::open_thread`]).
    MoveTo {
        game: GameId,
        channel: ChannelId,
    },
}

/// Tournament commands; `id` `None` means the server's latest tournament that is not over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentCommand {
    /// `format`: `round-robin`, `double-round-robin`, `swiss` or `elimination`; `options` for every game
    /// (`time`, `rated` and the game's own).
    Create {
        game: String,
        format: String,
        rounds: Option<u8>,
        max_players: Option<u32>,
        /// `options` may also hold `signup` (a duration): sign-up closes and the tournament starts by itself.
        options: OptionSet,
    },
    Join {
        id: Option<u64>,
    },
    /// Signs up a role as a team (Zohn Ahl tournaments pair teams): a member of the role does it.
    JoinTeam {
        id: Option<u64>,
        role: u64,
        name: String,
        /// The role is mentionable (the member's Mention Everyone permission also lets its games ping it).
        mentionable: bool,
    },
    Leave {
        id: Option<u64>,
    },
    Start {
        id: Option<u64>,
    },
    Standings {
        id: Option<u64>,
        picture: bool,
    },
    Pairings {
        id: Option<u64>,
        round: Option<usize>,
    },
    /// An organiser withdraws a player: their unfinished games are forfeited, and they are paired no more.
    Drop {
        id: Option<u64>,
        player: Player,
    },
    /// An organiser enters or corrects a result: `winner` `first`, `second` or `draw`.
    Result {
        game: GameId,
        winner: String,
    },
    Cancel {
        id: Option<u64>,
    },
    /// An organiser gives the games still on in the current round more time (`time` as `12h`, `2d`...).
    Extend {
        id: Option<u64>,
        time: String,
    },
}

impl Command {
    /// The command with every name it carries as it will be shown: control characters gone, cut to the limits
    /// (a player's name to `name_chars`, a team's to `team_name_chars`), whichever front end it came from.
    pub(super) fn with_clean_names(mut self, limits: &super::Limits) -> Command {
        use super::limits::clean_name;
        let player = |p: &mut Player| p.name = clean_name(&p.name, limits.name_chars);
        let team = |t: &mut Team| match t {
            Team::Players { players } => players.iter_mut().for_each(player),
            Team::Role { name, .. } => *name = clean_name(name, limits.team_name_chars),
        };
        match &mut self {
            Command::Challenge { opponent, teams, .. } => {
                opponent.iter_mut().for_each(player);
                teams.iter_mut().flatten().for_each(team);
            }
            Command::Archive { player: p, .. } | Command::Profile { player: p } => p.iter_mut().for_each(player),
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
        matches!(self, Command::Hint | Command::Analysis { .. } | Command::Replay { .. } | Command::Import { .. })
    }

    /// Whether the answer is for the actor alone (so it is in the actor's language, not the server's).
    pub fn answers_privately(&self) -> bool {
        matches!(
            self,
            Command::Games
                | Command::AskResign { .. }
                | Command::AskDraw { .. }
                | Command::History
                | Command::Hint
                | Command::Rules { .. }
                | Command::Notify { .. }
                | Command::Settings { .. }
        )
    }

    /// The game a command names by its id (a button's, or a typed one), which must be of the actor's server.
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            Command::Accept { game } | Command::Decline { game } | Command::Join { game } => *game,
            Command::DrawAccept { game } | Command::DrawDecline { game } | Command::Claim { game } => *game,
            Command::Takeback { game } | Command::TakebackAnswer { game, .. } | Command::Rematch { game } => *game,
            Command::Analysis { game } | Command::Export { game } | Command::Replay { game, .. } => *game,
            Command::Move { at, .. } | Command::Throw { at } => at.map(|(g, _)| g),
            Command::AskResign { game }
            | Command::ConfirmResign { game }
            | Command::AskDraw { game }
            | Command::ConfirmDraw { game }
            | Command::MoveTo { game, .. } => Some(*game),
            Command::Tournament(TournamentCommand::Result { game, .. }) => Some(*game),
            Command::PickPiece { game, .. } => Some(*game),
            _ => None,
        }
    }

    /// The command of a choice from a select menu (its id and the value chosen), or `None` when it is not ours.
    pub fn from_menu(id: &str, value: &str) -> Option<Command> {
        let parts: Vec<&str> = id.split(':').collect();
        let ["g", game, kind, ply, _] = parts.as_slice() else { return None };
        let (game, ply) = (game.parse().ok()?, ply.parse().ok()?);
        match *kind {
            "pick" => Some(Command::PickPiece { game, ply, square: value.to_string() }),
            "to" => Some(Command::Move { notation: value.to_string(), at: Some((game, ply)) }),
            _ => None,
        }
    }

    /// The command of a button id, or `None` when the id is not one of ours.
    pub fn from_button(id: &str) -> Option<Command> {
        let parts: Vec<&str> = id.split(':').collect();
        let game = parts.get(1).and_then(|g| g.parse::<GameId>().ok());
        if let ["t", id, action] = parts.as_slice() {
            let id = Some(id.parse().ok()?);
            return match *action {
                "join" => Some(Command::Tournament(TournamentCommand::Join { id })),
                "leave" => Some(Command::Tournament(TournamentCommand::Leave { id })),
                _ => None,
            };
        }
        if let ["ar", page, player, game] = parts.as_slice() {
            let player = match player.parse::<u64>().ok()? {
                0 => None,
                id => Some(Player { id, name: String::new() }),
            };
            let game = (*game != "-").then(|| game.to_string());
            return Some(Command::Archive { player, game, page: page.parse().ok()? });
        }
        if let ["lb", game, page, which, rest @ ..] = parts.as_slice() {
            return Some(Command::Leaderboard {
                game: game.to_string(),
                page: page.parse().ok()?,
                provisional: *which == "p",
                picture: rest == ["i"],
            });
        }
        match parts.as_slice() {
            ["c", _, "accept"] => Some(Command::Accept { game: Some(game?) }),
            ["c", _, "decline"] => Some(Command::Decline { game: Some(game?) }),
            ["c", _, "join"] => Some(Command::Join { game: Some(game?) }),
            ["d", _, "accept"] => Some(Command::DrawAccept { game: Some(game?) }),
            ["d", _, "decline"] => Some(Command::DrawDecline { game: Some(game?) }),
            ["g", _, "resign?"] => Some(Command::AskResign { game: game? }),
            ["g", _, "resign!"] => Some(Command::ConfirmResign { game: game? }),
            ["g", _, "draw?"] => Some(Command::AskDraw { game: game? }),
            ["g", _, "draw!"] => Some(Command::ConfirmDraw { game: game? }),
            ["g", _, "claim"] => Some(Command::Claim { game: Some(game?) }),
            ["g", _, "takeback"] => Some(Command::Takeback { game: Some(game?) }),
            ["g", _, "rematch"] => Some(Command::Rematch { game: Some(game?) }),
            ["k", _, "accept"] => Some(Command::TakebackAnswer { game: Some(game?), accept: true }),
            ["k", _, "decline"] => Some(Command::TakebackAnswer { game: Some(game?), accept: false }),
            ["g", _, "t", ply] => Some(Command::Throw { at: Some((game?, ply.parse().ok()?)) }),
            ["g", _, "m", ply, notation] => {
                Some(Command::Move { notation: notation.to_string(), at: Some((game?, ply.parse().ok()?)) })
            }
            _ => None,
        }
    }
}

/// A page of the archive, of a player (or everyone: 0) and a game (or every game: `-`).
pub fn archive_button(page: usize, player: Option<u64>, game: Option<&str>) -> String {
    format!("ar:{page}:{}:{}", player.unwrap_or(0), game.unwrap_or("-"))
}

pub fn accept_button(game: GameId) -> String {
    format!("c:{game}:accept")
}

pub fn decline_button(game: GameId) -> String {
    format!("c:{game}:decline")
}

pub fn join_button(game: GameId) -> String {
    format!("c:{game}:join")
}

pub fn draw_accept_button(game: GameId) -> String {
    format!("d:{game}:accept")
}

pub fn draw_decline_button(game: GameId) -> String {
    format!("d:{game}:decline")
}

pub fn throw_button(game: GameId, ply: usize) -> String {
    format!("g:{game}:t:{ply}")
}

/// `confirmed` false: the button that asks; true: the button that resigns.
pub fn resign_button(game: GameId, confirmed: bool) -> String {
    format!("g:{game}:resign{}", if confirmed { "!" } else { "?" })
}

/// `confirmed` false: the button that asks; true: the button that offers the draw.
pub fn draw_button(game: GameId, confirmed: bool) -> String {
    format!("g:{game}:draw{}", if confirmed { "!" } else { "?" })
}

pub fn claim_button(game: GameId) -> String {
    format!("g:{game}:claim")
}

pub fn takeback_button(game: GameId) -> String {
    format!("g:{game}:takeback")
}

pub fn takeback_accept_button(game: GameId) -> String {
    format!("k:{game}:accept")
}

pub fn takeback_decline_button(game: GameId) -> String {
    format!("k:{game}:decline")
}

pub fn rematch_button(game: GameId) -> String {
    format!("g:{game}:rematch")
}

/// The `k`-th menu of the pieces that can move, of the board drawn at move `ply`.
pub fn piece_menu(game: GameId, ply: usize, k: usize) -> String {
    format!("g:{game}:pick:{ply}:{k}")
}

/// The `k`-th menu of one piece's moves, offered at move `ply`.
pub fn move_menu(game: GameId, ply: usize, k: usize) -> String {
    format!("g:{game}:to:{ply}:{k}")
}

pub fn move_button(game: GameId, ply: usize, notation: &str) -> String {
    format!("g:{game}:m:{ply}:{notation}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_ids_round_trip() {
        assert_eq!(Command::from_button(&accept_button(7)), Some(Command::Accept { game: Some(7) }));
        assert_eq!(Command::from_button(&decline_button(7)), Some(Command::Decline { game: Some(7) }));
        assert_eq!(Command::from_button(&draw_accept_button(3)), Some(Command::DrawAccept { game: Some(3) }));
        assert_eq!(
            Command::from_button(&move_button(12, 40, "5")),
            Some(Command::Move { notation: "5".into(), at: Some((12, 40)) })
        );
        assert_eq!(Command::from_button(&throw_button(4, 9)), Some(Command::Throw { at: Some((4, 9)) }));
        assert_eq!(Command::from_button(&resign_button(5, false)), Some(Command::AskResign { game: 5 }));
        assert_eq!(Command::from_button(&resign_button(5, true)), Some(Command::ConfirmResign { game: 5 }));
        assert_eq!(Command::from_button(&draw_button(5, false)), Some(Command::AskDraw { game: 5 }));
        assert_eq!(Command::from_button(&draw_button(5, true)), Some(Command::ConfirmDraw { game: 5 }));
        assert_eq!(Command::from_button(&claim_button(8)), Some(Command::Claim { game: Some(8) }));
        assert_eq!(Command::from_button(&takeback_button(8)), Some(Command::Takeback { game: Some(8) }));
        assert_eq!(
            Command::from_button(&takeback_accept_button(8)),
            Some(Command::TakebackAnswer { game: Some(8), accept: true })
        );
        assert_eq!(
            Command::from_button(&takeback_decline_button(8)),
            Some(Command::TakebackAnswer { game: Some(8), accept: false })
        );
        assert_eq!(Command::from_button(&rematch_button(8)), Some(Command::Rematch { game: Some(8) }));
        assert_eq!(
            Command::from_menu(&piece_menu(3, 12, 1), "c2"),
            Some(Command::PickPiece { game: 3, ply: 12, square: "c2".into() })
        );
        assert_eq!(
            Command::from_menu(&move_menu(3, 12, 0), "c2-c4"),
            Some(Command::Move { notation: "c2-c4".into(), at: Some((3, 12)) })
        );
        assert_eq!(Command::from_menu("g:3:x:12:0", "c2"), None);
        assert_eq!(
            Command::from_button("lb:hoyito:2:p:i"),
            Some(Command::Leaderboard { game: "hoyito".into(), page: 2, provisional: true, picture: true })
        );
        assert_eq!(
            Command::from_button(&archive_button(3, Some(9), Some("hoyito"))),
            Some(Command::Archive {
                player: Some(Player { id: 9, name: String::new() }),
                game: Some("hoyito".into()),
                page: 3
            })
        );
        assert_eq!(
            Command::from_button(&archive_button(0, None, None)),
            Some(Command::Archive { player: None, game: None, page: 0 })
        );
        assert_eq!(Command::from_button("g:x:m:1:2"), None);
        assert_eq!(Command::from_button("zzz"), None);
    }
}
