//! What may be asked of a game being played, and what each such request is: whether it is heavy work, answered
//! privately, only for a server, which game it names (that must be of the actor's server).

use crate::games::GameKind;
use crate::store::record::{ChannelId, GameId};
use crate::table::command::Command;

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

    /// Whether it is heavy work: a hint is a search.
    pub fn is_heavy(&self) -> bool {
        match self {
            PlayCommand::Hint => true,
            PlayCommand::Move { .. }
            | PlayCommand::Throw { .. }
            | PlayCommand::Resign
            | PlayCommand::AskResign { .. }
            | PlayCommand::ConfirmResign { .. }
            | PlayCommand::DrawOffer
            | PlayCommand::AskDraw { .. }
            | PlayCommand::ConfirmDraw { .. }
            | PlayCommand::DrawAccept { .. }
            | PlayCommand::DrawDecline { .. }
            | PlayCommand::Takeback { .. }
            | PlayCommand::TakebackAnswer { .. }
            | PlayCommand::PickPiece { .. }
            | PlayCommand::Claim { .. }
            | PlayCommand::MoveTo { .. }
            | PlayCommand::Board { .. }
            | PlayCommand::History
            | PlayCommand::Rules { .. }
            | PlayCommand::Games => false,
        }
    }

    /// Whether only the actor reads the answer (so it is in the actor's language, not the server's).
    pub fn answers_privately(&self) -> bool {
        match self {
            PlayCommand::Board { text, .. } => *text,
            PlayCommand::Games
            | PlayCommand::AskResign { .. }
            | PlayCommand::AskDraw { .. }
            | PlayCommand::History
            | PlayCommand::Hint
            | PlayCommand::Rules { .. } => true,
            PlayCommand::Move { .. }
            | PlayCommand::Throw { .. }
            | PlayCommand::Resign
            | PlayCommand::ConfirmResign { .. }
            | PlayCommand::DrawOffer
            | PlayCommand::ConfirmDraw { .. }
            | PlayCommand::DrawAccept { .. }
            | PlayCommand::DrawDecline { .. }
            | PlayCommand::Takeback { .. }
            | PlayCommand::TakebackAnswer { .. }
            | PlayCommand::PickPiece { .. }
            | PlayCommand::Claim { .. }
            | PlayCommand::MoveTo { .. } => false,
        }
    }

    /// Whether it has meaning only in a server: games are played in direct messages too.
    pub fn belongs_to_a_server(&self) -> bool {
        match self {
            PlayCommand::Move { .. }
            | PlayCommand::Throw { .. }
            | PlayCommand::Resign
            | PlayCommand::AskResign { .. }
            | PlayCommand::ConfirmResign { .. }
            | PlayCommand::DrawOffer
            | PlayCommand::AskDraw { .. }
            | PlayCommand::ConfirmDraw { .. }
            | PlayCommand::DrawAccept { .. }
            | PlayCommand::DrawDecline { .. }
            | PlayCommand::Takeback { .. }
            | PlayCommand::TakebackAnswer { .. }
            | PlayCommand::Hint
            | PlayCommand::PickPiece { .. }
            | PlayCommand::Claim { .. }
            | PlayCommand::MoveTo { .. }
            | PlayCommand::Board { .. }
            | PlayCommand::History
            | PlayCommand::Rules { .. }
            | PlayCommand::Games => false,
        }
    }

    /// The game it names by id (a button's, or a typed one).
    pub fn named_game(&self) -> Option<GameId> {
        match self {
            PlayCommand::DrawAccept { game }
            | PlayCommand::DrawDecline { game }
            | PlayCommand::Claim { game }
            | PlayCommand::Takeback { game }
            | PlayCommand::TakebackAnswer { game, .. } => *game,
            PlayCommand::Move { at, .. } | PlayCommand::Throw { at } => at.map(|(g, _)| g),
            PlayCommand::AskResign { game }
            | PlayCommand::ConfirmResign { game }
            | PlayCommand::AskDraw { game }
            | PlayCommand::ConfirmDraw { game }
            | PlayCommand::MoveTo { game, .. }
            | PlayCommand::PickPiece { game, .. } => Some(*game),
            PlayCommand::Resign
            | PlayCommand::DrawOffer
            | PlayCommand::Hint
            | PlayCommand::Board { .. }
            | PlayCommand::History
            | PlayCommand::Rules { .. }
            | PlayCommand::Games => None,
        }
    }

    /// The names it carries, as they will be shown: it carries none.
    pub(in crate::table) fn clean_names(&mut self, _: &crate::table::limits::Limits) {}
}
