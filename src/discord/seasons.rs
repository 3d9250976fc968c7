//! `/season start game [every]`: an organiser begins a new season of a game's leaderboard.

use super::commands::{GameChoice, refuse, respond};
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
    ctx: Context<'_>,
    #[description = "Which game"] game: GameChoice,
    #[description = "Then a new season by itself every so long: 30d, 90d; or off"] every: Option<String>,
) -> Result<(), Error> {
    let every = match every.as_deref().map(str::trim) {
        None => None,
        Some("off" | "none") => Some(0),
        Some(text) => match deadlines::duration_option("every", text) {
            Ok(secs) => Some(secs),
            Err(m) => return refuse(ctx, m).await,
        },
    };
    respond(ctx, Command::Rating(RatingCommand::SeasonStart { game: game.kind(), every })).await
}
