//! The ids of buttons and select menus: what a press asks the table, written into the button itself so that it
//! still works after a restart (no state is kept for it). One enum: `Display` writes an id, `FromStr` reads one
//! back, and nothing else builds or reads them.
//!
//! `c:<game>:accept|decline|join` (a challenge), `d:<game>:accept|decline` (a draw offer), `k:<game>:accept|decline`
//! (a takeback request), `g:<game>:m:<ply>:<move>`, `g:<game>:t:<ply>` (a throw), `g:<game>:resign?|resign!|draw?|
//! draw!` (ask first, then confirmed), `g:<game>:claim|takeback|rematch`, the menus `g:<game>:pick:<ply>:<k>` and
//! `g:<game>:to:<ply>:<k>`, `ar:<page>:<player or 0>:<game or ->` (the archive), `lb:<game>:<page>:<e|p>[:i]` (a
//! leaderboard, established or provisional, as a picture), `t:<tournament>:join|leave`, and the lessons' `ls:<game>`, `la:<game>:<step>:<answer>`,
//! `lm:<game>:<step>:<menu>`, `lr:<game>` (start again) and `lg:<game>` (a first game against the computer), and the puzzles'
//! `pa:<puzzle>:<at>:<answer>`, `pm:<puzzle>:<at>:<menu>` and `pn:<game>` (another one). `<ply>` is the number of
//! moves played when the button was drawn, so a press on an outdated board is refused.

use crate::store::record::TournamentId;
use crate::store::record::UserId;
use crate::table::command::{ChallengeCommand, PlayCommand, RatingCommand, RecordCommand};
use std::fmt;
use std::str::FromStr;

use super::command::{Command, TournamentCommand, TrainCommand};
use crate::games::GameKind;
use crate::store::record::{GameId, Player};

/// The computer's name as a challenge's opponent.
const COMPUTER_NAME: &str = "tablero";

/// The game a finished course offers: against the computer at level 1 (Epaminondas on the 8 x 8 board its
/// lessons use).
fn first_game_options(kind: GameKind) -> crate::games::OptionSet {
    let mut options = crate::games::OptionSet::new();
    if kind == GameKind::Epaminondas {
        options.insert("board".into(), "8x8".into());
    }
    options
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ButtonId {
    ChallengeAccept(GameId),
    ChallengeDecline(GameId),
    /// Join one's role team's roster before a team game starts.
    ChallengeJoin(GameId),
    DrawAccept(GameId),
    DrawDecline(GameId),
    TakebackAccept(GameId),
    TakebackDecline(GameId),
    Move {
        game: GameId,
        ply: usize,
        notation: String,
    },
    Throw {
        game: GameId,
        ply: usize,
    },
    /// `confirmed` false: the button that asks "really?"; true: the one that resigns.
    Resign {
        game: GameId,
        confirmed: bool,
    },
    /// `confirmed` false: the button that asks "really?"; true: the one that offers the draw.
    Draw {
        game: GameId,
        confirmed: bool,
    },
    Claim(GameId),
    Takeback(GameId),
    Rematch(GameId),
    /// The `menu`-th menu of the pieces that can move, of the board drawn at move `ply`.
    PieceMenu {
        game: GameId,
        ply: usize,
        menu: usize,
    },
    /// The `menu`-th menu of one piece's moves, offered at move `ply`.
    MoveMenu {
        game: GameId,
        ply: usize,
        menu: usize,
    },
    /// A page of the archive, of a player (or everyone) and a game (or every game).
    Archive {
        page: usize,
        player: Option<u64>,
        game: Option<GameKind>,
    },
    /// A page of a game's leaderboard, established or provisional players, as text or a picture.
    Leaderboard {
        game: GameKind,
        page: usize,
        provisional: bool,
        picture: bool,
    },
    /// A season's standings of a game (0: the ratings of all time).
    Season {
        game: GameKind,
        season: u32,
    },
    TournamentJoin(u64),
    TournamentLeave(u64),
    /// Where the member is in a game's course.
    Lesson(GameKind),
    /// An answer to step `step` of a game's course.
    LessonAnswer {
        game: GameKind,
        step: usize,
        answer: String,
    },
    /// The `menu`-th menu of the answers to step `step` of a game's course.
    LessonMenu {
        game: GameKind,
        step: usize,
        menu: usize,
    },
    /// Back to the first step of a game's course.
    LessonRestart(GameKind),
    /// A game against the computer at level 1, after a course.
    LessonGame(GameKind),
    /// An answer to a puzzle at its solution's move `at`.
    PuzzleAnswer {
        puzzle: u64,
        at: usize,
        answer: String,
    },
    /// The `menu`-th menu of the answers to a puzzle at its solution's move `at`.
    PuzzleMenu {
        puzzle: u64,
        at: usize,
        menu: usize,
    },
    /// Another puzzle of a game.
    PuzzleNext(GameKind),
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ask = |confirmed: bool| if confirmed { "!" } else { "?" };
        match self {
            ButtonId::ChallengeAccept(g) => write!(f, "c:{g}:accept"),
            ButtonId::ChallengeDecline(g) => write!(f, "c:{g}:decline"),
            ButtonId::ChallengeJoin(g) => write!(f, "c:{g}:join"),
            ButtonId::DrawAccept(g) => write!(f, "d:{g}:accept"),
            ButtonId::DrawDecline(g) => write!(f, "d:{g}:decline"),
            ButtonId::TakebackAccept(g) => write!(f, "k:{g}:accept"),
            ButtonId::TakebackDecline(g) => write!(f, "k:{g}:decline"),
            ButtonId::Move { game, ply, notation } => write!(f, "g:{game}:m:{ply}:{notation}"),
            ButtonId::Throw { game, ply } => write!(f, "g:{game}:t:{ply}"),
            ButtonId::Resign { game, confirmed } => write!(f, "g:{game}:resign{}", ask(*confirmed)),
            ButtonId::Draw { game, confirmed } => write!(f, "g:{game}:draw{}", ask(*confirmed)),
            ButtonId::Claim(g) => write!(f, "g:{g}:claim"),
            ButtonId::Takeback(g) => write!(f, "g:{g}:takeback"),
            ButtonId::Rematch(g) => write!(f, "g:{g}:rematch"),
            ButtonId::PieceMenu { game, ply, menu } => write!(f, "g:{game}:pick:{ply}:{menu}"),
            ButtonId::MoveMenu { game, ply, menu } => write!(f, "g:{game}:to:{ply}:{menu}"),
            ButtonId::Archive { page, player, game } => {
                write!(f, "ar:{page}:{}:{}", player.unwrap_or(0), game.map_or("-", GameKind::name))
            }
            ButtonId::Leaderboard { game, page, provisional, picture } => write!(
                f,
                "lb:{}:{page}:{}{}",
                game.name(),
                if *provisional { "p" } else { "e" },
                if *picture { ":i" } else { "" }
            ),
            ButtonId::Season { game, season } => write!(f, "ss:{}:{season}", game.name()),
            ButtonId::TournamentJoin(t) => write!(f, "t:{t}:join"),
            ButtonId::TournamentLeave(t) => write!(f, "t:{t}:leave"),
            ButtonId::Lesson(g) => write!(f, "ls:{}", g.name()),
            ButtonId::LessonAnswer { game, step, answer } => write!(f, "la:{}:{step}:{answer}", game.name()),
            ButtonId::LessonMenu { game, step, menu } => write!(f, "lm:{}:{step}:{menu}", game.name()),
            ButtonId::LessonRestart(g) => write!(f, "lr:{}", g.name()),
            ButtonId::LessonGame(g) => write!(f, "lg:{}", g.name()),
            ButtonId::PuzzleAnswer { puzzle, at, answer } => write!(f, "pa:{puzzle}:{at}:{answer}"),
            ButtonId::PuzzleMenu { puzzle, at, menu } => write!(f, "pm:{puzzle}:{at}:{menu}"),
            ButtonId::PuzzleNext(g) => write!(f, "pn:{}", g.name()),
        }
    }
}

/// An id that is not one of ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotOurs;

impl FromStr for ButtonId {
    type Err = NotOurs;

    fn from_str(id: &str) -> Result<ButtonId, NotOurs> {
        let parts: Vec<&str> = id.split(':').collect();
        let number = |s: &str| s.parse::<u64>().map_err(|_| NotOurs);
        let count = |s: &str| s.parse::<usize>().map_err(|_| NotOurs);
        let kind = |s: &str| s.parse::<GameKind>().map_err(|_| NotOurs);
        Ok(match parts.as_slice() {
            ["c", g, "accept"] => ButtonId::ChallengeAccept(GameId(number(g)?)),
            ["c", g, "decline"] => ButtonId::ChallengeDecline(GameId(number(g)?)),
            ["c", g, "join"] => ButtonId::ChallengeJoin(GameId(number(g)?)),
            ["d", g, "accept"] => ButtonId::DrawAccept(GameId(number(g)?)),
            ["d", g, "decline"] => ButtonId::DrawDecline(GameId(number(g)?)),
            ["k", g, "accept"] => ButtonId::TakebackAccept(GameId(number(g)?)),
            ["k", g, "decline"] => ButtonId::TakebackDecline(GameId(number(g)?)),
            ["g", g, "m", ply, notation] => {
                ButtonId::Move { game: GameId(number(g)?), ply: count(ply)?, notation: notation.to_string() }
            }
            ["g", g, "t", ply] => ButtonId::Throw { game: GameId(number(g)?), ply: count(ply)? },
            ["g", g, "resign?"] => ButtonId::Resign { game: GameId(number(g)?), confirmed: false },
            ["g", g, "resign!"] => ButtonId::Resign { game: GameId(number(g)?), confirmed: true },
            ["g", g, "draw?"] => ButtonId::Draw { game: GameId(number(g)?), confirmed: false },
            ["g", g, "draw!"] => ButtonId::Draw { game: GameId(number(g)?), confirmed: true },
            ["g", g, "claim"] => ButtonId::Claim(GameId(number(g)?)),
            ["g", g, "takeback"] => ButtonId::Takeback(GameId(number(g)?)),
            ["g", g, "rematch"] => ButtonId::Rematch(GameId(number(g)?)),
            ["g", g, "pick", ply, menu] => {
                ButtonId::PieceMenu { game: GameId(number(g)?), ply: count(ply)?, menu: count(menu)? }
            }
            ["g", g, "to", ply, menu] => {
                ButtonId::MoveMenu { game: GameId(number(g)?), ply: count(ply)?, menu: count(menu)? }
            }
            ["ar", page, player, game] => ButtonId::Archive {
                page: count(page)?,
                player: Some(number(player)?).filter(|&p| p != 0),
                game: match *game {
                    "-" => None,
                    name => Some(name.parse().map_err(|_| NotOurs)?),
                },
            },
            ["ss", game, season] => ButtonId::Season {
                game: game.parse().map_err(|_| NotOurs)?,
                season: number(season)?.try_into().map_err(|_| NotOurs)?,
            },
            ["lb", game, page, which, rest @ ..] => ButtonId::Leaderboard {
                game: game.parse().map_err(|_| NotOurs)?,
                page: count(page)?,
                provisional: *which == "p",
                picture: match rest {
                    [] => false,
                    ["i"] => true,
                    _ => return Err(NotOurs),
                },
            },
            ["t", t, "join"] => ButtonId::TournamentJoin(number(t)?),
            ["t", t, "leave"] => ButtonId::TournamentLeave(number(t)?),
            ["ls", g] => ButtonId::Lesson(kind(g)?),
            ["la", g, step, answer] => {
                ButtonId::LessonAnswer { game: kind(g)?, step: count(step)?, answer: answer.to_string() }
            }
            ["lm", g, step, menu] => ButtonId::LessonMenu { game: kind(g)?, step: count(step)?, menu: count(menu)? },
            ["lr", g] => ButtonId::LessonRestart(kind(g)?),
            ["lg", g] => ButtonId::LessonGame(kind(g)?),
            ["pa", p, at, answer] => {
                ButtonId::PuzzleAnswer { puzzle: number(p)?, at: count(at)?, answer: answer.to_string() }
            }
            ["pm", p, at, menu] => ButtonId::PuzzleMenu { puzzle: number(p)?, at: count(at)?, menu: count(menu)? },
            ["pn", g] => ButtonId::PuzzleNext(kind(g)?),
            _ => return Err(NotOurs),
        })
    }
}

impl PartialEq<&str> for ButtonId {
    // Written out and compared as text, so an id equals exactly the string a front end would send.
    #[allow(clippy::cmp_owned)]
    fn eq(&self, other: &&str) -> bool {
        self.to_string() == *other
    }
}

impl ButtonId {
    /// The game a button acts on, if it acts on one.
    pub fn game(&self) -> Option<GameId> {
        match self {
            ButtonId::ChallengeAccept(g)
            | ButtonId::ChallengeDecline(g)
            | ButtonId::ChallengeJoin(g)
            | ButtonId::DrawAccept(g)
            | ButtonId::DrawDecline(g)
            | ButtonId::TakebackAccept(g)
            | ButtonId::TakebackDecline(g)
            | ButtonId::Claim(g)
            | ButtonId::Takeback(g)
            | ButtonId::Rematch(g) => Some(*g),
            ButtonId::Move { game, .. }
            | ButtonId::Throw { game, .. }
            | ButtonId::Resign { game, .. }
            | ButtonId::Draw { game, .. }
            | ButtonId::PieceMenu { game, .. }
            | ButtonId::MoveMenu { game, .. } => Some(*game),
            ButtonId::Archive { .. }
            | ButtonId::Leaderboard { .. }
            | ButtonId::Season { .. }
            | ButtonId::TournamentJoin(_)
            | ButtonId::TournamentLeave(_)
            | ButtonId::Lesson(_)
            | ButtonId::LessonAnswer { .. }
            | ButtonId::LessonMenu { .. }
            | ButtonId::LessonRestart(_)
            | ButtonId::LessonGame(_)
            | ButtonId::PuzzleAnswer { .. }
            | ButtonId::PuzzleMenu { .. }
            | ButtonId::PuzzleNext(_) => None,
        }
    }

    /// The command a pressed button's id asks, or `None` when the id is not one of ours (or is a menu's).
    pub fn command_of(id: &str) -> Option<Command> {
        id.parse::<ButtonId>().ok()?.command()
    }

    /// The command of a choice from a select menu (its id and the value chosen), or `None` when it is not ours.
    pub fn menu_command_of(id: &str, value: &str) -> Option<Command> {
        id.parse::<ButtonId>().ok()?.menu_command(value)
    }

    /// What pressing the button asks (`None` for a menu: its command needs the value chosen).
    pub fn command(self) -> Option<Command> {
        Some(match self {
            ButtonId::ChallengeAccept(g) => Command::Challenge(ChallengeCommand::Accept { game: Some(g) }),
            ButtonId::ChallengeDecline(g) => Command::Challenge(ChallengeCommand::Decline { game: Some(g) }),
            ButtonId::ChallengeJoin(g) => Command::Challenge(ChallengeCommand::Join { game: Some(g) }),
            ButtonId::DrawAccept(g) => Command::Play(PlayCommand::DrawAccept { game: Some(g) }),
            ButtonId::DrawDecline(g) => Command::Play(PlayCommand::DrawDecline { game: Some(g) }),
            ButtonId::TakebackAccept(g) => Command::Play(PlayCommand::TakebackAnswer { game: Some(g), accept: true }),
            ButtonId::TakebackDecline(g) => Command::Play(PlayCommand::TakebackAnswer { game: Some(g), accept: false }),
            ButtonId::Move { game, ply, notation } => {
                Command::Play(PlayCommand::Move { notation, at: Some((game, ply)) })
            }
            ButtonId::Throw { game, ply } => Command::Play(PlayCommand::Throw { at: Some((game, ply)) }),
            ButtonId::Resign { game, confirmed: false } => Command::Play(PlayCommand::AskResign { game }),
            ButtonId::Resign { game, confirmed: true } => Command::Play(PlayCommand::ConfirmResign { game }),
            ButtonId::Draw { game, confirmed: false } => Command::Play(PlayCommand::AskDraw { game }),
            ButtonId::Draw { game, confirmed: true } => Command::Play(PlayCommand::ConfirmDraw { game }),
            ButtonId::Claim(g) => Command::Play(PlayCommand::Claim { game: Some(g) }),
            ButtonId::Takeback(g) => Command::Play(PlayCommand::Takeback { game: Some(g) }),
            ButtonId::Rematch(g) => Command::Challenge(ChallengeCommand::Rematch { game: Some(g) }),
            ButtonId::PieceMenu { .. } | ButtonId::MoveMenu { .. } => return None,
            ButtonId::Archive { page, player, game } => Command::Record(RecordCommand::Archive {
                player: player.map(|id| Player { id: UserId(id), name: String::new() }),
                game,
                page,
            }),
            ButtonId::Leaderboard { game, page, provisional, picture } => {
                Command::Rating(RatingCommand::Leaderboard { game, page, provisional, picture, season: Some(0) })
            }
            ButtonId::Season { game, season } => Command::Rating(RatingCommand::Leaderboard {
                game,
                page: 0,
                provisional: false,
                picture: false,
                season: Some(season),
            }),
            ButtonId::TournamentJoin(t) => Command::Tournament(TournamentCommand::Join { id: Some(TournamentId(t)) }),
            ButtonId::TournamentLeave(t) => Command::Tournament(TournamentCommand::Leave { id: Some(TournamentId(t)) }),
            ButtonId::Lesson(game) => Command::Train(TrainCommand::Learn { game: Some(game) }),
            ButtonId::LessonAnswer { game, step, answer } => {
                Command::Train(TrainCommand::LessonAnswer { game, step: Some(step), answer })
            }
            ButtonId::LessonMenu { .. } => return None,
            ButtonId::LessonRestart(game) => Command::Train(TrainCommand::LessonRestart { game }),
            ButtonId::LessonGame(game) => Command::Challenge(ChallengeCommand::Challenge {
                game,
                opponent: Some(Player { id: crate::store::record::COMPUTER, name: COMPUTER_NAME.into() }),
                options: first_game_options(game),
                terms: crate::table::terms::Terms { level: Some(1), ..Default::default() },
                teams: None,
            }),
            ButtonId::PuzzleAnswer { puzzle, at, answer } => {
                Command::Train(TrainCommand::PuzzleAnswer { puzzle, at: Some(at), answer })
            }
            ButtonId::PuzzleMenu { .. } => return None,
            ButtonId::PuzzleNext(game) => Command::Train(TrainCommand::Puzzle { game: Some(game) }),
        })
    }

    /// What choosing `value` from the menu asks (`None` for a button).
    pub fn menu_command(self, value: &str) -> Option<Command> {
        match self {
            ButtonId::PieceMenu { game, ply, .. } => {
                Some(Command::Play(PlayCommand::PickPiece { game, ply, square: value.to_string() }))
            }
            ButtonId::MoveMenu { game, ply, .. } => {
                Some(Command::Play(PlayCommand::Move { notation: value.to_string(), at: Some((game, ply)) }))
            }
            ButtonId::PuzzleMenu { puzzle, at, .. } => {
                Some(Command::Train(TrainCommand::PuzzleAnswer { puzzle, at: Some(at), answer: value.to_string() }))
            }
            ButtonId::LessonMenu { game, step, .. } => {
                Some(Command::Train(TrainCommand::LessonAnswer { game, step: Some(step), answer: value.to_string() }))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<ButtonId> {
        vec![
            ButtonId::ChallengeAccept(GameId(7)),
            ButtonId::ChallengeDecline(GameId(7)),
            ButtonId::ChallengeJoin(GameId(7)),
            ButtonId::DrawAccept(GameId(3)),
            ButtonId::DrawDecline(GameId(3)),
            ButtonId::TakebackAccept(GameId(4)),
            ButtonId::TakebackDecline(GameId(4)),
            ButtonId::Move { game: GameId(9), ply: 12, notation: "a1-c1@d2".into() },
            ButtonId::Throw { game: GameId(9), ply: 0 },
            ButtonId::Resign { game: GameId(2), confirmed: false },
            ButtonId::Resign { game: GameId(2), confirmed: true },
            ButtonId::Draw { game: GameId(2), confirmed: false },
            ButtonId::Draw { game: GameId(2), confirmed: true },
            ButtonId::Claim(GameId(5)),
            ButtonId::Takeback(GameId(5)),
            ButtonId::Rematch(GameId(5)),
            ButtonId::PieceMenu { game: GameId(6), ply: 3, menu: 1 },
            ButtonId::MoveMenu { game: GameId(6), ply: 3, menu: 0 },
            ButtonId::Archive { page: 2, player: Some(11), game: Some(GameKind::Hoyito) },
            ButtonId::Archive { page: 0, player: None, game: None },
            ButtonId::Leaderboard { game: GameKind::ZohnAhl, page: 1, provisional: true, picture: true },
            ButtonId::Leaderboard { game: GameKind::Hoyito, page: 0, provisional: false, picture: false },
            ButtonId::TournamentJoin(8),
            ButtonId::TournamentLeave(8),
            ButtonId::Lesson(GameKind::ZohnAhl),
            ButtonId::LessonAnswer { game: GameKind::Ocencahuac, step: 9, answer: "b5-d5 @e6".into() },
            ButtonId::LessonMenu { game: GameKind::Epaminondas, step: 2, menu: 1 },
            ButtonId::LessonRestart(GameKind::Hoyito),
            ButtonId::LessonGame(GameKind::Epaminondas),
            ButtonId::PuzzleAnswer { puzzle: 31, at: 2, answer: "a5xd5".into() },
            ButtonId::PuzzleMenu { puzzle: 31, at: 0, menu: 3 },
            ButtonId::PuzzleNext(GameKind::Ocencahuac),
        ]
    }

    #[test]
    fn every_id_reads_back_as_itself_and_ids_that_are_not_ours_are_refused() {
        for id in every_kind() {
            assert_eq!(id.to_string().parse::<ButtonId>(), Ok(id.clone()), "{id}");
            // Discord allows 100 characters in a custom id.
            assert!(id.to_string().len() <= 100, "{id}");
        }
        for bad in [
            "",
            "c:x:accept",
            "lb:chess:0:e",
            "ar:0:0:chess",
            "g:1:m:x:a1",
            "lb:hoyito:0:e:x",
            "job:stop:5",
            "g:1:resign",
            "t:1:kick",
        ] {
            assert_eq!(bad.parse::<ButtonId>(), Err(NotOurs), "{bad}");
        }
    }

    #[test]
    fn the_stored_forms_stay_the_same() {
        // Buttons on messages already posted carry these; they must keep meaning the same thing.
        assert_eq!(ButtonId::Move { game: GameId(1), ply: 1, notation: "1".into() }.to_string(), "g:1:m:1:1");
        assert_eq!(ButtonId::Resign { game: GameId(1), confirmed: false }.to_string(), "g:1:resign?");
        assert_eq!(
            ButtonId::Leaderboard { game: GameKind::Hoyito, page: 0, provisional: true, picture: false }.to_string(),
            "lb:hoyito:0:p"
        );
        assert_eq!(ButtonId::Archive { page: 0, player: None, game: None }.to_string(), "ar:0:0:-");
        assert_eq!(
            ButtonId::Move { game: GameId(4), ply: 2, notation: "b2-b3".into() }.command(),
            Some(Command::Play(PlayCommand::Move { notation: "b2-b3".into(), at: Some((GameId(4), 2)) }))
        );
        assert_eq!(
            ButtonId::MoveMenu { game: GameId(4), ply: 2, menu: 0 }.menu_command("c1-c3"),
            Some(Command::Play(PlayCommand::Move { notation: "c1-c3".into(), at: Some((GameId(4), 2)) }))
        );
    }
}
