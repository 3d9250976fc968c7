//! `/vacation start [days]` and `/vacation end`: a member stops the clocks of their moves while away.

use super::call::Call;
use super::commands::respond;
use super::options::Options;
use super::{Context, Error};
use crate::table::Command;
use crate::table::SettingCommand;

/// A vacation: the clocks of your moves stand still while you are away.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    subcommands("start", "end"),
    subcommand_required
)]
pub async fn vacation(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Go on vacation: your clocks stand still and reminders wait (your opponents are told).
#[poise::command(slash_command)]
pub async fn start(
    _: Context<'_>,
    #[description = "How many days (what is left of your allowance when left out)"]
    #[min = 1]
    #[max = 30]
    #[rename = "days"]
    _days: Option<u32>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_start(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Setting(SettingCommand::VacationStart { days: o.number::<u32>("days")? })).await
}

/// End your vacation now: your clocks run again.
#[poise::command(slash_command)]
pub async fn end(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_end(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Setting(SettingCommand::VacationEnd)).await
}
