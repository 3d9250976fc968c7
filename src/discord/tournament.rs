//! `/tournament`: create (organisers), join, leave, start, standings, pairings, drop, result, cancel. Sign-up
//! also works with the Join and Leave buttons of the announcement; every pairing's game gets its own thread.

use crate::store::record::GameId;
use crate::store::record::UserId;
use poise::serenity_prelude as serenity;

use super::commands::{GameChoice, refuse, respond};
use super::{Context, Error};
use crate::deadlines;
use crate::games::OptionSet;
use crate::i18n::Message;
use crate::store::record::Player;
use crate::table::{Command, Decision, Seeding, TournamentCommand, TournamentFormat, TournamentTerms};

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "Swiss"]
    Swiss,
    #[name = "round robin"]
    RoundRobin,
    #[name = "double round robin"]
    DoubleRoundRobin,
    #[name = "single elimination"]
    Elimination,
    #[name = "double elimination"]
    DoubleElimination,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum WinnerChoice {
    #[name = "first side"]
    First,
    #[name = "second side"]
    Second,
    #[name = "draw"]
    Draw,
}

fn player(user: serenity::User) -> Player {
    Player { id: UserId(user.id.get()), name: user.global_name.clone().unwrap_or(user.name) }
}

async fn run(ctx: Context<'_>, command: TournamentCommand) -> Result<(), Error> {
    respond(ctx, Command::Tournament(command)).await
}

/// Tournaments: round robin, Swiss or single elimination, run by the bot.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create",
        "join",
        "leave",
        "start",
        "standings",
        "pairings",
        "export",
        "drop",
        "result",
        "extend",
        "cancel"
    ),
    subcommand_required
)]
pub async fn tournament(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a tournament for sign-up (organisers).
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command, guild_only)]
pub async fn create(
    ctx: Context<'_>,
    #[description = "The game"] game: GameChoice,
    #[description = "The format"] format: FormatChoice,
    #[description = "Rounds (Swiss; default 5)"]
    #[min = 1]
    #[max = 20]
    rounds: Option<u8>,
    #[description = "Most players"]
    #[min = 2]
    max_players: Option<u32>,
    #[description = "Time per move: 30m, 12h, 3d, or none"] time: Option<String>,
    #[description = "Rated games"] rated: Option<bool>,
    #[description = "Sign-up closes (and the tournament starts) after this long: 12h, 2d"] signup: Option<String>,
    #[description = "Seed at random instead of by rating"] random_seeding: Option<bool>,
    #[description = "Players may go on vacation (their clocks stand still); on unless turned off"] vacation: Option<
        bool,
    >,
    #[description = "Each round's deadline, after it is paired: 3d, 7d (shown in the server's Events)"]
    round_time: Option<String>,
) -> Result<(), Error> {
    let format = match format {
        FormatChoice::Swiss => TournamentFormat::Swiss,
        FormatChoice::RoundRobin => TournamentFormat::RoundRobin,
        FormatChoice::DoubleRoundRobin => TournamentFormat::DoubleRoundRobin,
        FormatChoice::Elimination => TournamentFormat::Elimination,
        FormatChoice::DoubleElimination => TournamentFormat::DoubleElimination,
    };
    // What is typed (durations) is read here, and refused here when mistyped; the rest is chosen.
    let mut terms = TournamentTerms { rated, vacation, ..TournamentTerms::default() };
    if let Some(time) = time {
        match deadlines::parse_time_control(&time) {
            Ok(per_move) => terms.time = Some(per_move),
            Err(m) => return refuse(ctx, m).await,
        }
    }
    if let Some(signup) = signup {
        match deadlines::parse_duration(&signup) {
            Some(secs) => terms.signup = Some(secs),
            None => {
                let bad = Message::new("option-bad-value")
                    .str("key", "signup")
                    .str("value", signup)
                    .str("expected", "12h|2d");
                return refuse(ctx, bad).await;
            }
        }
    }
    if let Some(round_time) = round_time {
        match deadlines::parse_duration(&round_time) {
            Some(secs) => terms.round_time = Some(secs),
            None => {
                let bad = Message::new("option-bad-value")
                    .str("key", "round_time")
                    .str("value", round_time)
                    .str("expected", "3d|7d");
                return refuse(ctx, bad).await;
            }
        }
    }
    if random_seeding == Some(true) {
        terms.seeding = Some(Seeding::Random);
    }
    let options = OptionSet::new();
    run(ctx, TournamentCommand::Create { game: game.kind(), format, rounds, max_players, options, terms }).await
}

/// Sign up for the tournament open in this server.
#[poise::command(slash_command, guild_only)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Join { id: None }).await
}

/// Withdraw your sign-up before the tournament starts.
#[poise::command(slash_command, guild_only)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Leave { id: None }).await
}

/// Start the tournament: round 1 is paired, each game in its own thread (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Start { id: None }).await
}

/// The tournament as a FIDE tournament report file (TRF), for other tools (Swiss and round robin).
#[poise::command(slash_command, guild_only)]
pub async fn export(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Export { id: None }).await
}

/// The standings, with tie-breaks.
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    ctx: Context<'_>,
    #[description = "Show it as a picture too"] picture: Option<bool>,
) -> Result<(), Error> {
    run(ctx, TournamentCommand::Standings { id: None, picture: picture.unwrap_or(false) }).await
}

/// The pairings of a round (the latest when none is given).
#[poise::command(slash_command, guild_only)]
pub async fn pairings(
    ctx: Context<'_>,
    #[description = "Round"]
    #[min = 1]
    round: Option<usize>,
) -> Result<(), Error> {
    run(ctx, TournamentCommand::Pairings { id: None, round }).await
}

/// Withdraw a player: their remaining games are forfeited (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn drop(ctx: Context<'_>, #[description = "The player"] player: serenity::User) -> Result<(), Error> {
    run(ctx, TournamentCommand::Drop { id: None, player: self::player(player) }).await
}

/// Enter or correct a game's result (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn result(
    ctx: Context<'_>,
    #[description = "The game number"] game: u64,
    #[description = "Who won"] winner: WinnerChoice,
) -> Result<(), Error> {
    let winner = match winner {
        WinnerChoice::First => Decision::FirstWins,
        WinnerChoice::Second => Decision::SecondWins,
        WinnerChoice::Draw => Decision::Draw,
    };
    run(ctx, TournamentCommand::Result { game: GameId(game), winner }).await
}

/// Give the games still on in this round more time (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn extend(ctx: Context<'_>, #[description = "How much more: 12h, 2d"] time: String) -> Result<(), Error> {
    // The duration is read here, where it is typed; a mistyped one is refused before anything runs.
    match crate::deadlines::duration_option("time", &time) {
        Ok(secs) => run(ctx, TournamentCommand::Extend { id: None, secs }).await,
        Err(m) => super::commands::refuse(ctx, m).await,
    }
}

/// Cancel the tournament (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Cancel { id: None }).await
}
