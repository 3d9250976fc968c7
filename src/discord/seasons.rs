//! `/season start game [every]`: an organiser begins a new season of a game's leaderboard.

use super::call::{Call, refuse};
use super::commands::{GameChoice, respond};
use super::options::{Options, need};
use super::{Context, Error};
use crate::deadlines;
use crate::table::Command;
use crate::table::RatingCommand;

/// Seasons of a game's leaderboard.
#[poise::command(slash_command, guild_only, subcommands("start"), subcommand_required)]
pub async fn season(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Begin a new season of a game's leaderboard (organisers): ratings go on, the standings start afresh.
#[poise::command(slash_command, guild_only)]
pub async fn start(
    _: Context<'_>,
    #[description = "Which game"]
    #[rename = "game"]
    _game: GameChoice,
    #[description = "Then a new season by itself every so long: 30d, 90d; or off"]
    #[rename = "every"]
    _every: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_start(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let game = need(o.choice::<GameChoice>("game")?, "game")?;
    let every = match o.text("every")?.as_deref().map(str::trim) {
        None => None,
        Some("off" | "none") => Some(0),
        Some(text) => match deadlines::duration_option("every", text) {
            Ok(secs) => Some(secs),
            Err(m) => return refuse(call, m).await,
        },
    };
    respond(call, Command::Rating(RatingCommand::SeasonStart { game: game.kind(), every })).await
}
