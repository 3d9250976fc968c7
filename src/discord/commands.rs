//! The slash commands other than `/play`, `/tournament`, `/vacation`, `/season` and the records': each declared
//! for registration (its poise function names its options and describes them; the options' translations come
//! from the catalogue) and answered by its `on_` handler, a few lines that read the options, build a table
//! [`Command`] and hand it to [`respond`], which runs it and answers (refusals privately, in the user's language).

use crate::store::record::GameId;
use crate::store::record::UserId;
use crate::table::{ChallengeCommand, PageCommand, PlayCommand, RatingCommand, RecordCommand, SettingCommand};
use poise::serenity_prelude as serenity;

use super::call::{Call, refuse};
use super::deliver::{self, run_table};
use super::jobs;
use super::options::{Options, need};
use super::send::{Asker, Said};
use super::{Context, Error};
use crate::games::GameKind;
use crate::i18n::{self, Locale, Message};
use crate::store::record::TimeoutPolicy;
use crate::table::{Command, Progress, SettingChange};

/// Runs `command` for the caller and answers.
pub async fn respond(call: &Call<'_>, command: Command) -> Result<(), Error> {
    respond_to(call, &call.asker(), command).await
}

/// As [`respond`], for a member already told something (a long job's first word, which its progress replaces).
async fn respond_to(call: &Call<'_>, asker: &Asker<'_>, command: Command) -> Result<(), Error> {
    let invocation = call.invocation();
    let http = call.http;
    let heavy = command.is_heavy();
    let progress = Progress::new();
    // Slow work: tell Discord we are on it (a refusal then cannot be private; it is rare and harmless).
    let run = run_table(
        call.data,
        &invocation,
        command,
        async {
            asker.defer(http).await;
        },
        &progress,
    );
    // A long job shows how far it has got while the member waits.
    let (result, shown) =
        if heavy { jobs::with_progress(call, asker, &progress, run).await } else { (run.await, false) };
    let answered = match result {
        Some(Ok(replies)) => deliver::deliver(call.data, http, asker, &invocation, replies).await,
        Some(Err(refusal)) => deliver::tell(call.data, http, asker, &Said::words(refusal.text).private()).await,
        // Carried out before by another process (or this one before a restart), which may not have answered.
        None => deliver::already_done(call.data, http, asker, &invocation, deliver::DoneBefore::Other).await,
    };
    if shown {
        jobs::clear(asker, http).await;
    }
    answered
}

/// A game, for `/rules`.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "Epaminondas"]
    Epaminondas,
    #[name = "Hoyito II"]
    Hoyito,
    #[name = "Zohn Ahl"]
    ZohnAhl,
    #[name = "Ocencahuac"]
    Ocencahuac,
}

impl GameChoice {
    pub fn kind(self) -> GameKind {
        match self {
            GameChoice::Epaminondas => GameKind::Epaminondas,
            GameChoice::Hoyito => GameKind::Hoyito,
            GameChoice::ZohnAhl => GameKind::ZohnAhl,
            GameChoice::Ocencahuac => GameKind::Ocencahuac,
        }
    }
}

/// Accept the challenge waiting in this channel.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn accept(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_accept(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Challenge(ChallengeCommand::Accept { game: None })).await
}

/// Decline the challenge waiting in this channel.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn decline(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_decline(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Challenge(ChallengeCommand::Decline { game: None })).await
}

/// Withdraw your challenge in this channel.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn cancel(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_cancel(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Challenge(ChallengeCommand::Cancel)).await
}

/// Marks the move's option as one Discord asks suggestions for; they are answered by `slash::suggest`, with
/// the caller's legal moves that match what is typed.
async fn suggest_moves(_: Context<'_>, _: &str) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new()
}

/// Declares that the time zone option suggests; the suggestions themselves come from `slash::suggest`.
async fn suggest_zones(_: Context<'_>, _: &str) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new()
}

/// Make a move in this channel's game.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    rename = "move"
)]
pub async fn move_(
    _: Context<'_>,
    #[description = "The move, e.g. 3 (Hoyito), c2-c4 or d4xd8 (Epaminondas)"]
    #[autocomplete = "suggest_moves"]
    #[max_length = 60]
    #[rename = "notation"]
    _notation: String,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_move(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let notation = need(o.text("notation")?, "notation")?;
    respond(call, Command::Play(PlayCommand::Move { notation, at: None })).await
}

/// Throw the sticks (Zohn Ahl) for your team.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn throw(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_throw(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Play(PlayCommand::Throw { at: None })).await
}

/// Show the board of this channel's game.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn board(
    _: Context<'_>,
    #[description = "The picture, or the position in words (for screen readers), privately"]
    #[rename = "view"]
    _view: Option<ViewChoice>,
    #[description = "In words: only a part (Hoyito: south or north; Epaminondas: a rank or file; Ocencahuac: a square)"]
    #[rename = "focus"]
    _focus: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_board(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let (view, focus) = (o.choice::<ViewChoice>("view")?, o.text("focus")?);
    let text = matches!(view, Some(ViewChoice::Text)) || focus.is_some();
    respond(call, Command::Play(PlayCommand::Board { text, focus })).await
}

/// How a board is shown.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum ViewChoice {
    #[name = "picture"]
    Picture,
    #[name = "text"]
    Text,
}

/// The moves of this channel's game so far.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn history(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_history(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Play(PlayCommand::History)).await
}

/// Resign this channel's game.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn resign(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_resign(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Play(PlayCommand::Resign)).await
}

/// What to do about a draw.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum DrawAction {
    #[name = "offer"]
    Offer,
    #[name = "accept"]
    Accept,
    #[name = "decline"]
    Decline,
}

/// Offer, accept or decline a draw (in Zohn Ahl: stopping on the counters).
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn draw(
    _: Context<'_>,
    #[description = "offer, accept or decline"]
    #[rename = "action"]
    _action: DrawAction,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_draw(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let command = match need(o.choice::<DrawAction>("action")?, "action")? {
        DrawAction::Offer => Command::Play(PlayCommand::DrawOffer),
        DrawAction::Accept => Command::Play(PlayCommand::DrawAccept { game: None }),
        DrawAction::Decline => Command::Play(PlayCommand::DrawDecline { game: None }),
    };
    respond(call, command).await
}

/// What to do about taking back a move.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum TakebackAction {
    #[name = "ask"]
    Ask,
    #[name = "accept"]
    Accept,
    #[name = "decline"]
    Decline,
}

/// Ask to take back your last move, or answer your opponent's request (casual games).
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn takeback(
    _: Context<'_>,
    #[description = "ask (the default), accept or decline"]
    #[rename = "action"]
    _action: Option<TakebackAction>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_takeback(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let command = match o.choice::<TakebackAction>("action")?.unwrap_or(TakebackAction::Ask) {
        TakebackAction::Ask => Command::Play(PlayCommand::Takeback { game: None }),
        TakebackAction::Accept => Command::Play(PlayCommand::TakebackAnswer { game: None, accept: true }),
        TakebackAction::Decline => Command::Play(PlayCommand::TakebackAnswer { game: None, accept: false }),
    };
    respond(call, command).await
}

/// The move the computer would play in your place (casual games against the computer only).
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn hint(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_hint(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Play(PlayCommand::Hint)).await
}

/// The analysis of a finished game: the value after each move, and each side's biggest mistakes.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn analysis(
    _: Context<'_>,
    #[description = "The game's number (default: this channel's last game)"]
    #[rename = "game"]
    _game: Option<u64>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_analysis(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let game = o.number::<u64>("game")?;
    // The search takes seconds to a minute: say so at once (privately), the result follows as its own message.
    // That message then shows how far the analysis has got.
    let asker = call.asker();
    let text = i18n::spans(call.locale(), &Message::new("analysis-started"));
    let _ = deliver::tell(call.data, call.http, &asker, &Said::words(text).private()).await;
    respond_to(call, &asker, Command::Record(RecordCommand::Analysis { game: game.map(GameId) })).await
}

/// Challenge your opponent to a rematch of this channel's finished game, sides swapped.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn rematch(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_rematch(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Challenge(ChallengeCommand::Rematch { game: None })).await
}

/// The rules of a game (of this channel's game when none is named).
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn rules(
    _: Context<'_>,
    #[description = "Which game"]
    #[rename = "game"]
    _game: Option<GameChoice>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_rules(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let game = o.choice::<GameChoice>("game")?;
    respond(call, Command::Play(PlayCommand::Rules { game: game.map(GameChoice::kind) })).await
}

/// Your games in this server: whose turn it is, and where.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn games(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_games(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Play(PlayCommand::Games)).await
}

/// Claim the win when your opponent's time for a move is up.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn claim(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_claim(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Play(PlayCommand::Claim { game: None })).await
}

/// Settings: the server's defaults for new games, and your reminders.
#[poise::command(slash_command, guild_only, subcommands("settings_server", "settings_notify"), subcommand_required)]
pub async fn settings(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// What happens when time runs out.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum TimeoutChoice {
    #[name = "the opponent may claim the win"]
    Claim,
    #[name = "adjudicated automatically after the grace period"]
    Auto,
}

/// The language of public posts.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "the server's own"]
    Auto,
    #[name = "English"]
    English,
    #[name = "Español (Latinoamérica)"]
    SpanishLatinAmerica,
    #[name = "Español (España)"]
    SpanishSpain,
}

/// The server's defaults for new games (Manage Server to change them; without options, shows them).
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command, guild_only, rename = "server")]
pub async fn settings_server(
    _: Context<'_>,
    #[description = "Time per move: 30m, 12h, 3d, or none"]
    #[rename = "time"]
    _time: Option<String>,
    #[description = "Reminders: half, and/or times before the deadline, e.g. half,12h; or none"]
    #[rename = "remind"]
    _remind: Option<String>,
    #[description = "When time runs out"]
    #[rename = "timeout"]
    _timeout: Option<TimeoutChoice>,
    #[description = "With automatic adjudication: how long after the deadline, e.g. 1d"]
    #[rename = "grace"]
    _grace: Option<String>,
    #[description = "Open a thread for each accepted game"]
    #[rename = "threads"]
    _threads: Option<bool>,
    #[description = "New two-player games are rated unless the challenge says otherwise"]
    #[rename = "rated"]
    _rated: Option<bool>,
    #[description = "A role whose members may run tournaments (besides Manage Server)"]
    #[rename = "organiser_role"]
    _organiser_role: Option<serenity::Role>,
    #[description = "The language of public posts"]
    #[rename = "language"]
    _language: Option<LanguageChoice>,
    #[description = "Web pages of this server's games (at a new secret address each time they are turned on)"]
    #[rename = "web"]
    _web: Option<bool>,
    #[description = "Days of vacation a member may take in any 30 (0: none)"]
    #[max = 30]
    #[rename = "vacation_days"]
    _vacation_days: Option<u32>,
    #[description = "The daily puzzle, posted in this channel: an hour 0-23 of the server's time zone, or off"]
    #[rename = "daily_puzzle"]
    _daily_puzzle: Option<String>,
    #[description = "The server's time zone for the daily puzzle's hour, e.g. America/Mexico_City; utc"]
    #[autocomplete = "suggest_zones"]
    #[max_length = 64]
    #[rename = "time_zone"]
    _time_zone: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_settings_server(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    // What is typed (durations, reminders) is read here, and refused here when mistyped; the choices are typed.
    let typed = [
        ("time", o.text("time")?),
        ("remind", o.text("remind")?),
        ("grace", o.text("grace")?),
        ("daily_puzzle", o.text("daily_puzzle")?),
        ("time_zone", o.text("time_zone")?),
    ];
    let mut changes = Vec::new();
    for (key, value) in typed {
        if let Some(value) = value {
            match SettingChange::parse(key, &value) {
                Ok(change) => changes.push(change),
                Err(m) => return refuse(call, m).await,
            }
        }
    }
    changes.extend(o.choice::<TimeoutChoice>("timeout")?.map(|t| {
        SettingChange::Timeout(match t {
            TimeoutChoice::Auto => TimeoutPolicy::Auto,
            TimeoutChoice::Claim => TimeoutPolicy::Claim,
        })
    }));
    changes.extend(o.flag("threads")?.map(SettingChange::Threads));
    changes.extend(o.flag("rated")?.map(SettingChange::Rated));
    changes.extend(o.flag("web")?.map(SettingChange::Web));
    changes.extend(o.number::<u32>("vacation_days")?.map(SettingChange::VacationDays));
    changes.extend(o.role("organiser_role")?.map(|r| SettingChange::OrganiserRole(Some(r.id.get()))));
    changes.extend(o.choice::<LanguageChoice>("language")?.map(|l| {
        SettingChange::Language(match l {
            LanguageChoice::Auto => None,
            LanguageChoice::English => Some(Locale::English),
            LanguageChoice::SpanishLatinAmerica => Some(Locale::SpanishLatinAmerica),
            LanguageChoice::SpanishSpain => Some(Locale::SpanishSpain),
        })
    }));
    respond(call, Command::Setting(SettingCommand::Settings { changes })).await
}

/// The address of this server's web pages.
#[poise::command(slash_command, guild_only)]
pub async fn web(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

pub async fn on_web(call: &Call<'_>, _: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Page(PageCommand::Web)).await
}

/// Reminders by direct message, on or off (without an answer, says which it is).
#[poise::command(slash_command, guild_only, rename = "notify")]
pub async fn settings_notify(
    _: Context<'_>,
    #[description = "Also send me reminders by direct message"]
    #[rename = "direct"]
    _direct: Option<bool>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_settings_notify(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    respond(call, Command::Setting(SettingCommand::Notify { on: o.flag("direct")? })).await
}

/// The leaderboard of a game in this server.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    _: Context<'_>,
    #[description = "Which game"]
    #[rename = "game"]
    _game: GameChoice,
    #[description = "Page (10 players a page)"]
    #[min = 1]
    #[rename = "page"]
    _page: Option<u32>,
    #[description = "Show it as a picture too"]
    #[rename = "picture"]
    _picture: Option<bool>,
    #[description = "A season's standings (0: the ratings of all time); the current season's by default"]
    #[rename = "season"]
    _season: Option<u32>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_leaderboard(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let game = need(o.choice::<GameChoice>("game")?, "game")?;
    let page = o.number::<u32>("page")?.unwrap_or(1).saturating_sub(1) as usize;
    let command = Command::Rating(RatingCommand::Leaderboard {
        game: game.kind(),
        page,
        provisional: false,
        picture: o.flag("picture")?.unwrap_or(false),
        season: o.number::<u32>("season")?,
    });
    respond(call, command).await
}

/// A player's ratings, record, streaks, last games and rating chart (yours when nobody is named).
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    _: Context<'_>,
    #[description = "Whose profile (yours when empty)"]
    #[rename = "player"]
    _player: Option<serenity::User>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_profile(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let player = o.user("player")?.map(|u| crate::store::record::Player {
        id: UserId(u.id.get()),
        name: u.global_name.clone().unwrap_or(u.name),
    });
    respond(call, Command::Rating(RatingCommand::Profile { player })).await
}
