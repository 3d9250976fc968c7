//! The slash commands of game records: `/export`, `/import` (a record attached to the command), `/archive` and
//! `/replay`. Each parses its options and hands the table one command; the attachment of `/import` is fetched
//! here (at most a record's size), since reading Discord's file is the front end's business.

use crate::store::record::GameId;
use crate::store::record::UserId;
use crate::table::RecordCommand;
use poise::serenity_prelude as serenity;

use super::call::{Call, tell};
use super::commands::{GameChoice, respond};
use super::options::{Options, need};
use super::{Context, Error};
use crate::i18n::{self, Message};
use crate::records::MAX_BYTES;
use crate::store::record::Player;
use crate::table::Command;

/// How long fetching an attachment may take.
const DOWNLOAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum SpeedChoice {
    #[name = "slow"]
    Slow,
    #[name = "normal"]
    Normal,
    #[name = "fast"]
    Fast,
}

/// Attach a game's record, as JSON and as text (finished games, and games still on).
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn export(
    _: Context<'_>,
    #[description = "The game's number (default: this channel's game)"]
    #[rename = "game"]
    _game: Option<u64>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_export(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Record(RecordCommand::Export { game: o.number::<u64>("game")?.map(GameId) })).await
}

/// Import a game record (JSON or text, at most 1 MB): checked move by move, stored as an unrated game.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn import(
    _: Context<'_>,
    #[description = "The record file (.json or .txt)"]
    #[rename = "file"]
    _file: serenity::Attachment,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_import(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let file = need(o.attachment("file")?, "file")?;
    let locale = call.locale();
    if file.size as usize > MAX_BYTES {
        let text = i18n::text(locale, &Message::new("record-too-big").num("max", (MAX_BYTES / 1000) as i64));
        return tell(call, text).await;
    }
    let bytes = match download(&call.data.client, &file.url).await {
        Ok(bytes) => bytes,
        Err(e) => {
            // The attachment's address is signed (it lets anyone fetch the file): only its name is logged.
            tracing::warn!(error = %e, file = %file.filename, "an attachment could not be fetched");
            return tell(call, i18n::text(locale, &Message::new("import-download-failed"))).await;
        }
    };
    respond(call, Command::Record(RecordCommand::Import { bytes, live: false })).await
}

/// An attachment's bytes. Its address is signed (whoever holds it may fetch the file): a failure's text leaves
/// it out, so it never reaches the logs.
async fn download(client: &reqwest::Client, url: &str) -> Result<Vec<u8>, String> {
    let unsigned = |e: reqwest::Error| e.without_url().to_string();
    let response = client.get(url).timeout(DOWNLOAD_TIMEOUT).send().await.map_err(unsigned)?;
    if !response.status().is_success() {
        return Err(format!("status {}", response.status()));
    }
    // The size Discord gave may differ from what is served: the limit holds for what is read, and reading stops
    // one byte past it (the import then refuses the file as too big).
    let mut response = response;
    let mut bytes = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(unsigned)? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > MAX_BYTES {
            bytes.truncate(MAX_BYTES + 1);
            break;
        }
    }
    Ok(bytes)
}

/// The server's finished games, newest first, ten a page (of a player, of a game).
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn archive(
    _: Context<'_>,
    #[description = "Only this player's games"]
    #[rename = "player"]
    _player: Option<serenity::User>,
    #[description = "Only this game"]
    #[rename = "game"]
    _game: Option<GameChoice>,
    #[description = "Page (10 games a page)"]
    #[min = 1]
    #[rename = "page"]
    _page: Option<u32>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_archive(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let player =
        o.user("player")?.map(|u| Player { id: UserId(u.id.get()), name: u.global_name.clone().unwrap_or(u.name) });
    let page = o.number::<u32>("page")?.unwrap_or(1).saturating_sub(1) as usize;
    let game = o.choice::<GameChoice>("game")?.map(GameChoice::kind);
    respond(call, Command::Record(RecordCommand::Archive { player, game, page })).await
}

/// An animated replay (GIF) of a game, move by move.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn replay(
    _: Context<'_>,
    #[description = "The game's number (default: this channel's game)"]
    #[rename = "game"]
    _game: Option<u64>,
    #[description = "How fast the moves go (default: normal, a second a move)"]
    #[rename = "speed"]
    _speed: Option<SpeedChoice>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_replay(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    // Hundredths of a second a move shows.
    let delay = o.choice::<SpeedChoice>("speed")?.map(|s| match s {
        SpeedChoice::Slow => 200,
        SpeedChoice::Normal => 100,
        SpeedChoice::Fast => 50,
    });
    respond(call, Command::Record(RecordCommand::Replay { game: o.number::<u64>("game")?.map(GameId), delay })).await
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_failed_download_never_says_the_signed_address() {
        // Nothing listens on port 1 of the loopback: the request fails at once.
        let url = "http://127.0.0.1:1/attachments/1/2/game.json?ex=6a&is=6b&hm=SIGNATURE";
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        let said = super::download(&client, url).await.unwrap_err();
        assert!(!said.contains("SIGNATURE") && !said.contains("attachments"), "{said}");
    }
}
