//! `/tournament`: create (organisers), join, leave, start, standings, pairings, drop, result, cancel. Sign-up
//! also works with the Join and Leave buttons of the announcement; every pairing's game gets its own thread.

use crate::store::record::GameId;
use crate::store::record::UserId;
use poise::serenity_prelude as serenity;

use super::call::{Call, refuse};
use super::commands::{GameChoice, respond};
use super::options::{Options, need};
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

async fn run(call: &Call<'_>, command: TournamentCommand) -> Result<(), Error> {
    respond(call, Command::Tournament(command)).await
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
    _: Context<'_>,
    #[description = "The game"]
    #[rename = "game"]
    _game: GameChoice,
    #[description = "The format"]
    #[rename = "format"]
    _format: FormatChoice,
    #[description = "Rounds (Swiss; default 5)"]
    #[min = 1]
    #[max = 20]
    #[rename = "rounds"]
    _rounds: Option<u8>,
    #[description = "Most players"]
    #[min = 2]
    #[rename = "max_players"]
    _max_players: Option<u32>,
    #[description = "Time per move: 30m, 12h, 3d, or none"]
    #[rename = "time"]
    _time: Option<String>,
    #[description = "Rated games"]
    #[rename = "rated"]
    _rated: Option<bool>,
    #[description = "Sign-up closes (and the tournament starts) after this long: 12h, 2d"]
    #[rename = "signup"]
    _signup: Option<String>,
    #[description = "Seed at random instead of by rating"]
    #[rename = "random_seeding"]
    _random_seeding: Option<bool>,
    #[description = "Players may go on vacation (their clocks stand still); on unless turned off"]
    #[rename = "vacation"]
    _vacation: Option<bool>,
    #[description = "Each round's deadline, after it is paired: 3d, 7d (shown in the server's Events)"]
    #[rename = "round_time"]
    _round_time: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_create(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let game = need(o.choice::<GameChoice>("game")?, "game")?;
    let format = match need(o.choice::<FormatChoice>("format")?, "format")? {
        FormatChoice::Swiss => TournamentFormat::Swiss,
        FormatChoice::RoundRobin => TournamentFormat::RoundRobin,
        FormatChoice::DoubleRoundRobin => TournamentFormat::DoubleRoundRobin,
        FormatChoice::Elimination => TournamentFormat::Elimination,
        FormatChoice::DoubleElimination => TournamentFormat::DoubleElimination,
    };
    let (rounds, max_players) = (o.number::<u8>("rounds")?, o.number::<u32>("max_players")?);
    // What is typed (durations) is read here, and refused here when mistyped; the rest is chosen.
    let (rated, vacation) = (o.flag("rated")?, o.flag("vacation")?);
    let mut terms = TournamentTerms { rated, vacation, ..TournamentTerms::default() };
    if let Some(time) = o.text("time")? {
        match deadlines::parse_time_control(&time) {
            Ok(per_move) => terms.time = Some(per_move),
            Err(m) => return refuse(call, m).await,
        }
    }
    for (key, expected) in [("signup", "12h|2d"), ("round_time", "3d|7d")] {
        let Some(typed) = o.text(key)? else { continue };
        let Some(secs) = deadlines::parse_duration(&typed) else {
            let bad = Message::new("option-bad-value").str("key", key).str("value", typed).str("expected", expected);
            return refuse(call, bad).await;
        };
        match key {
            "signup" => terms.signup = Some(secs),
            _ => terms.round_time = Some(secs),
        }
    }
    if o.flag("random_seeding")? == Some(true) {
        terms.seeding = Some(Seeding::Random);
    }
    let options = OptionSet::new();
    run(call, TournamentCommand::Create { game: game.kind(), format, rounds, max_players, options, terms }).await
}

/// Sign up for the tournament open in this server.
#[poise::command(slash_command, guild_only)]
pub async fn join(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_join(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    run(call, TournamentCommand::Join { id: None }).await
}

/// Withdraw your sign-up before the tournament starts.
#[poise::command(slash_command, guild_only)]
pub async fn leave(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_leave(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    run(call, TournamentCommand::Leave { id: None }).await
}

/// Start the tournament: round 1 is paired, each game in its own thread (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn start(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_start(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    run(call, TournamentCommand::Start { id: None }).await
}

/// The tournament as a FIDE tournament report file (TRF), for other tools (Swiss and round robin).
#[poise::command(slash_command, guild_only)]
pub async fn export(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_export(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    run(call, TournamentCommand::Export { id: None }).await
}

/// The standings, with tie-breaks.
#[poise::command(slash_command, guild_only)]
pub async fn standings(
    _: Context<'_>,
    #[description = "Show it as a picture too"]
    #[rename = "picture"]
    _picture: Option<bool>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_standings(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    run(call, TournamentCommand::Standings { id: None, picture: o.flag("picture")?.unwrap_or(false) }).await
}

/// The pairings of a round (the latest when none is given).
#[poise::command(slash_command, guild_only)]
pub async fn pairings(
    _: Context<'_>,
    #[description = "Round"]
    #[min = 1]
    #[rename = "round"]
    _round: Option<usize>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_pairings(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    run(call, TournamentCommand::Pairings { id: None, round: o.number::<usize>("round")? }).await
}

/// Withdraw a player: their remaining games are forfeited (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn drop(
    _: Context<'_>,
    #[description = "The player"]
    #[rename = "player"]
    _player: serenity::User,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_drop(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let player = self::player(need(o.user("player")?, "player")?);
    run(call, TournamentCommand::Drop { id: None, player }).await
}

/// Enter or correct a game's result (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn result(
    _: Context<'_>,
    #[description = "The game number"]
    #[rename = "game"]
    _game: u64,
    #[description = "Who won"]
    #[rename = "winner"]
    _winner: WinnerChoice,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_result(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let game = need(o.number::<u64>("game")?, "game")?;
    let winner = match need(o.choice::<WinnerChoice>("winner")?, "winner")? {
        WinnerChoice::First => Decision::FirstWins,
        WinnerChoice::Second => Decision::SecondWins,
        WinnerChoice::Draw => Decision::Draw,
    };
    run(call, TournamentCommand::Result { game: GameId(game), winner }).await
}

/// Give the games still on in this round more time (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn extend(
    _: Context<'_>,
    #[description = "How much more: 12h, 2d"]
    #[rename = "time"]
    _time: String,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_extend(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    // The duration is read here, where it is typed; a mistyped one is refused before anything runs.
    match crate::deadlines::duration_option("time", &need(o.text("time")?, "time")?) {
        Ok(secs) => run(call, TournamentCommand::Extend { id: None, secs }).await,
        Err(m) => refuse(call, m).await,
    }
}

/// Cancel the tournament (organisers).
#[poise::command(slash_command, guild_only)]
pub async fn cancel(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_cancel(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    run(call, TournamentCommand::Cancel { id: None }).await
}
