//! The console's words that ask the table for something without the console's own state (its names, roles and
//! languages): playing, a game's records, the standings, a member's own settings. Each group answers `None`
//! for a word that is not one of its own.

use crate::games::{GameKind, OptionSet};
use crate::i18n::Message;
use crate::table::{ButtonId, Command, SettingChange, TrainCommand};
use crate::table::{ChallengeCommand, PageCommand, PlayCommand, RatingCommand, RecordCommand, SettingCommand};

use super::{game_number, mention};

/// What follows a command's word: its positional words and its `key=value` options.
pub(super) struct Said {
    pub positional: Vec<String>,
    pub options: OptionSet,
}

fn usage(what: &'static str) -> Message {
    Message::new("console-usage").str("usage", what)
}

impl Said {
    /// Refuses any option (the usage shown).
    fn no_options(&self, usage_text: &'static str) -> Result<(), Message> {
        if self.options.is_empty() { Ok(()) } else { Err(usage(usage_text)) }
    }

    /// `c`, for a word that takes nothing after it.
    fn bare(&self, c: Command, usage_text: &'static str) -> Result<Command, Message> {
        if self.positional.is_empty() && self.options.is_empty() { Ok(c) } else { Err(usage(usage_text)) }
    }

    /// The first positional word, lower-case.
    fn first(&self) -> Option<String> {
        self.positional.first().map(|w| w.to_lowercase())
    }
}

/// The table command a word asks for, when it is one of the groups here.
pub(super) fn table_command(word: &str, said: &Said) -> Option<Result<Command, Message>> {
    play_command(word, said)
        .or_else(|| answer_command(word, said))
        .or_else(|| record_command(word, said))
        .or_else(|| standing_command(word, said))
        .or_else(|| member_command(word, said))
        .or_else(|| training_command(word, said))
}

/// The lessons (`learn`, `learn <game>`, `learn <game> <answer>`, `learn <game> again`) and the puzzles (`puzzle
/// [game]`, `puzzle <number> <move>`).
fn training_command(word: &str, said: &Said) -> Option<Result<Command, Message>> {
    let usage_text = "learn [game [answer|again]]";
    Some(match word {
        "learn" => said.no_options(usage_text).and_then(|()| {
            let Some(game) = said.positional.first() else {
                return Ok(Command::Train(TrainCommand::Learn { game: None }));
            };
            let game: GameKind = game.parse()?;
            let rest = said.positional[1..].join(" ");
            Ok(Command::Train(match rest.as_str() {
                "" => TrainCommand::Learn { game: Some(game) },
                "again" | "otra-vez" => TrainCommand::LessonRestart { game },
                answer => TrainCommand::LessonAnswer { game, step: None, answer: answer.to_string() },
            }))
        }),
        "puzzle" => said.no_options("puzzle [game] | puzzle <number> <move>").and_then(|()| {
            let Some(first) = said.positional.first() else {
                return Ok(Command::Train(TrainCommand::Puzzle { game: None }));
            };
            match first.trim_start_matches('#').parse::<u64>() {
                Ok(puzzle) if said.positional.len() >= 2 => Ok(Command::Train(TrainCommand::PuzzleAnswer {
                    puzzle,
                    at: None,
                    answer: said.positional[1..].join(" "),
                })),
                Ok(_) => Err(usage("puzzle [game] | puzzle <number> <move>")),
                Err(_) => Ok(Command::Train(TrainCommand::Puzzle { game: Some(first.parse()?) })),
            }
        }),
        _ => return None,
    })
}

/// A game's moves and the look at it.
fn play_command(word: &str, said: &Said) -> Option<Result<Command, Message>> {
    Some(match word {
        "accept" => said.bare(Command::Challenge(ChallengeCommand::Accept { game: None }), "accept"),
        "decline" => said.bare(Command::Challenge(ChallengeCommand::Decline { game: None }), "decline"),
        "cancel" => said.bare(Command::Challenge(ChallengeCommand::Cancel), "cancel"),
        "join" => said.bare(Command::Challenge(ChallengeCommand::Join { game: None }), "join"),
        "resign" => said.bare(Command::Play(PlayCommand::Resign), "resign"),
        "throw" => said.bare(Command::Play(PlayCommand::Throw { at: None }), "throw"),
        "claim" => said.bare(Command::Play(PlayCommand::Claim { game: None }), "claim"),
        "games" => said.bare(Command::Play(PlayCommand::Games), "games"),
        "history" => said.bare(Command::Play(PlayCommand::History), "history"),
        "rematch" => said.bare(Command::Challenge(ChallengeCommand::Rematch { game: None }), "rematch"),
        "hint" => said.bare(Command::Play(PlayCommand::Hint), "hint"),
        "board" => said.no_options("board [text [part]]").and_then(|()| match said.first().as_deref() {
            None => Ok(Command::Play(PlayCommand::Board { text: false, focus: None })),
            Some("text" | "texto") if said.positional.len() <= 2 => {
                Ok(Command::Play(PlayCommand::Board { text: true, focus: said.positional.get(1).cloned() }))
            }
            Some(_) => Err(usage("board [text [part]]")),
        }),
        "move" | "m" => said.no_options("move <move>").and_then(|()| {
            if said.positional.is_empty() {
                return Err(usage("move <move>"));
            }
            Ok(Command::Play(PlayCommand::Move { notation: said.positional.join(" "), at: None }))
        }),
        _ => return None,
    })
}

/// Answers to an opponent: a draw, a takeback.
fn answer_command(word: &str, said: &Said) -> Option<Result<Command, Message>> {
    Some(match word {
        "draw" => said.no_options("draw [offer|accept|decline]").and_then(|()| match said.first().as_deref() {
            None | Some("offer") => Ok(Command::Play(PlayCommand::DrawOffer)),
            Some("accept") => Ok(Command::Play(PlayCommand::DrawAccept { game: None })),
            Some("decline") => Ok(Command::Play(PlayCommand::DrawDecline { game: None })),
            Some(_) => Err(usage("draw [offer|accept|decline]")),
        }),
        "takeback" => said.no_options("takeback [ask|accept|decline]").and_then(|()| match said.first().as_deref() {
            None | Some("ask") => Ok(Command::Play(PlayCommand::Takeback { game: None })),
            Some("accept") => Ok(Command::Play(PlayCommand::TakebackAnswer { game: None, accept: true })),
            Some("decline") => Ok(Command::Play(PlayCommand::TakebackAnswer { game: None, accept: false })),
            Some(_) => Err(usage("takeback [ask|accept|decline]")),
        }),
        _ => return None,
    })
}

/// A game's records: analysis, files, replays, the archive, the rules.
fn record_command(word: &str, said: &Said) -> Option<Result<Command, Message>> {
    let first = said.positional.first();
    Some(match word {
        "analysis" => said.no_options("analysis [game]").and_then(|()| {
            Ok(Command::Record(RecordCommand::Analysis { game: game_number(first, "analysis [game]")? }))
        }),
        "export" => said
            .no_options("export [game]")
            .and_then(|()| Ok(Command::Record(RecordCommand::Export { game: game_number(first, "export [game]")? }))),
        "replay" => {
            let usage_text = "replay [game] [speed=slow|normal|fast|seconds]";
            if said.options.keys().any(|k| k != "speed") {
                return Some(Err(usage(usage_text)));
            }
            (|| {
                let delay = said.options.get("speed").map(|s| crate::table::replay_delay(s)).transpose()?;
                Ok(Command::Record(RecordCommand::Replay { game: game_number(first, usage_text)?, delay }))
            })()
        }
        "archive" => said.no_options("archive [@player] [game] [page]").and_then(|()| {
            let (mut player, mut game, mut page) = (None, None, 0);
            for word in &said.positional {
                if word.starts_with('@') {
                    player = Some(mention(word)?);
                } else if let Ok(n) = word.parse::<usize>() {
                    page = n.saturating_sub(1);
                } else {
                    game = Some(word.parse::<GameKind>()?);
                }
            }
            Ok(Command::Record(RecordCommand::Archive { player, game, page }))
        }),
        "rules" => said
            .no_options("rules [game]")
            .and_then(|()| Ok(Command::Play(PlayCommand::Rules { game: first.map(|g| g.parse()).transpose()? }))),
        _ => return None,
    })
}

/// Leaderboards, seasons and profiles.
fn standing_command(word: &str, said: &Said) -> Option<Result<Command, Message>> {
    Some(match word {
        "leaderboard" | "lb" => leaderboard(said),
        "season" => {
            let usage_text = "season start <game> [every=90d|off]";
            let positional = &said.positional;
            let (Some("start"), Some(game)) = (positional.first().map(String::as_str), positional.get(1)) else {
                return Some(Err(usage(usage_text)));
            };
            (|| {
                let game: GameKind = game.parse()?;
                let every = match said.options.get("every").map(String::as_str) {
                    None => None,
                    Some("off" | "none") => Some(0),
                    Some(d) => Some(crate::deadlines::duration_option("every", d)?),
                };
                Ok(Command::Rating(RatingCommand::SeasonStart { game, every }))
            })()
        }
        "profile" => said.no_options("profile [@player]").and_then(|()| {
            let player = said.positional.first().map(|p| mention(p)).transpose()?;
            Ok(Command::Rating(RatingCommand::Profile { player }))
        }),
        _ => return None,
    })
}

/// `leaderboard <game> [page] [provisional] [picture] [season=N|all]`.
fn leaderboard(said: &Said) -> Result<Command, Message> {
    let usage_text = "leaderboard <game> [page] [provisional] [picture] [season=N|all]";
    let game: GameKind = said.positional.first().ok_or(usage(usage_text))?.parse()?;
    let mut page = 0;
    let (mut provisional, mut picture) = (false, false);
    for word in &said.positional[1..] {
        match word.as_str() {
            "provisional" => provisional = true,
            "picture" => picture = true,
            n => page = n.parse::<usize>().map_err(|_| usage(usage_text))?.saturating_sub(1),
        }
    }
    let season = match said.options.get("season").map(String::as_str) {
        None => None,
        Some("all") => Some(0),
        Some(n) => Some(n.parse().map_err(|_| usage(usage_text))?),
    };
    Ok(Command::Rating(RatingCommand::Leaderboard { game, page, provisional, picture, season }))
}

/// A member's and a server's own settings, and the buttons and menus a reply offered.
fn member_command(word: &str, said: &Said) -> Option<Result<Command, Message>> {
    Some(match word {
        "web" => said.bare(Command::Page(PageCommand::Web), "web"),
        "settings" => {
            if !said.positional.is_empty() {
                return Some(Err(usage(
                    "settings [time=3d] [remind=half,12h] [timeout=claim|auto] [grace=1d] [threads=true] [language=auto]",
                )));
            }
            said.options
                .iter()
                .map(|(k, v)| SettingChange::parse(k, v))
                .collect::<Result<_, _>>()
                .map(|changes| Command::Setting(SettingCommand::Settings { changes }))
        }
        "notify" => said.no_options("notify [on|off]").and_then(|()| match said.first().as_deref() {
            None => Ok(Command::Setting(SettingCommand::Notify { on: None })),
            Some("on") => Ok(Command::Setting(SettingCommand::Notify { on: Some(true) })),
            Some("off") => Ok(Command::Setting(SettingCommand::Notify { on: Some(false) })),
            Some(_) => Err(usage("notify [on|off]")),
        }),
        "vacation" => said.no_options("vacation start [days] | vacation end").and_then(|()| {
            let usage_line = || usage("vacation start [days] | vacation end");
            match said.first().as_deref() {
                Some("start") => {
                    let days = match said.positional.get(1) {
                        None => None,
                        Some(days) => Some(days.parse().map_err(|_| usage_line())?),
                    };
                    Ok(Command::Setting(SettingCommand::VacationStart { days }))
                }
                Some("end") if said.positional.len() == 1 => Ok(Command::Setting(SettingCommand::VacationEnd)),
                _ => Err(usage_line()),
            }
        }),
        "press" => {
            let Some(id) = said.positional.first() else {
                return Some(Err(usage("press <button-id> | press <menu-id> <choice>")));
            };
            let command = match said.positional.get(1) {
                Some(choice) => ButtonId::menu_command_of(id, choice),
                None => ButtonId::command_of(id),
            };
            command.ok_or_else(|| Message::new("console-unknown-button").str("id", id.as_str()))
        }
        _ => return None,
    })
}
