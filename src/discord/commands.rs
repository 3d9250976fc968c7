//! The slash commands other than `/play`: each is a few lines that build a table [`Command`] and hand it to
//! [`respond`], which runs it and answers (refusals privately, in the user's language).

use crate::store::record::GameId;
use crate::store::record::UserId;
use crate::table::{ChallengeCommand, PageCommand, PlayCommand, RatingCommand, RecordCommand, SettingCommand};
use poise::serenity_prelude as serenity;

use super::actor::{Invocation, Source};
use super::deliver::{self, run_table};
use super::jobs;
use super::send::{Asker, Said};
use super::{Context, Data, Error};
use crate::games::GameKind;
use crate::i18n::{self, Locale, Message};
use crate::store::record::TimeoutPolicy;
use crate::table::{Command, Progress, SettingChange};

/// The interaction of a slash command as an [`Invocation`], or the private text that says why there is none.
pub fn invocation(ctx: Context<'_>) -> Result<Invocation, String> {
    let poise::Context::Application(app) = ctx else {
        return Err("tablero only answers slash commands.".into());
    };
    let i = app.interaction;
    let source = Source {
        guild: i.guild_id,
        channel: i.channel_id,
        channel_kind: i.channel.as_ref().map(|c| c.kind),
        user: &i.user,
        member: i.member.as_deref(),
        locale: &i.locale,
        guild_locale: i.guild_locale.as_deref(),
        app_permissions: i.app_permissions,
        interaction: i.id,
    };
    Ok(Invocation::new(source, ctx.data().default_locale))
}

/// Runs `command` for the caller and answers.
pub async fn respond(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let Some(asker) = Asker::command(ctx) else { return Ok(()) };
    respond_to(ctx, &asker, command).await
}

/// As [`respond`], for a member already told something (a long job's first word, which its progress replaces).
async fn respond_to(ctx: Context<'_>, asker: &Asker<'_>, command: Command) -> Result<(), Error> {
    let started = std::time::Instant::now();
    crate::metrics::interaction("command");
    let answered = answer_command(ctx, asker, command).await;
    crate::metrics::interaction_answered("command", started.elapsed());
    answered
}

async fn answer_command(ctx: Context<'_>, asker: &Asker<'_>, command: Command) -> Result<(), Error> {
    let invocation = match invocation(ctx) {
        Ok(i) => i,
        Err(text) => return send_private(ctx, text).await,
    };
    let http = &ctx.serenity_context().http;
    let heavy = command.is_heavy();
    let progress = Progress::new();
    // Slow work: tell Discord we are on it (a refusal then cannot be private; it is rare and harmless).
    let run = run_table(
        ctx.data(),
        &invocation,
        command,
        async {
            asker.defer(http).await;
        },
        &progress,
    );
    // A long job shows how far it has got while the member waits.
    let (result, shown) =
        if heavy { jobs::with_progress(ctx, asker, &progress, run).await } else { (run.await, false) };
    let answered = match result {
        Some(Ok(replies)) => deliver::deliver(ctx.data(), http, asker, &invocation, replies).await,
        Some(Err(refusal)) => deliver::tell(ctx.data(), http, asker, &Said::words(refusal.text).private()).await,
        // Discord delivered this interaction again; it was carried out and answered the first time.
        None => Ok(()),
    };
    if shown {
        jobs::clear(asker, http).await;
    }
    answered
}

/// A private refusal of what the member typed, in their language.
pub async fn refuse(ctx: Context<'_>, message: Message) -> Result<(), Error> {
    send_private(ctx, i18n::spans(locale_of(ctx), &message)).await
}

/// A private word to the member who typed the command.
pub async fn send_private(ctx: Context<'_>, text: impl Into<crate::i18n::Text>) -> Result<(), Error> {
    let Some(asker) = Asker::command(ctx) else { return Ok(()) };
    deliver::tell(ctx.data(), &ctx.serenity_context().http, &asker, &Said::words(text).private()).await
}

/// Errors poise meets before or around a command: a malformed option gets a specific private answer.
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::ArgumentParse { error, input, ctx, .. } => {
            let locale = locale_of(ctx);
            let m = Message::new("discord-bad-option")
                .str("input", input.unwrap_or_default())
                .str("error", error.to_string());
            let _ = send_private(ctx, i18n::spans(locale, &m)).await;
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, %error, "command failed");
            let m = Message::new("internal-error").str("id", ctx.id().to_string());
            let _ = send_private(ctx, i18n::spans(locale_of(ctx), &m)).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

fn locale_of(ctx: Context<'_>) -> Locale {
    ctx.locale().map(super::localize::locale).unwrap_or_default()
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
pub async fn accept(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Challenge(ChallengeCommand::Accept { game: None })).await
}

/// Decline the challenge waiting in this channel.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Challenge(ChallengeCommand::Decline { game: None })).await
}

/// Withdraw your challenge in this channel.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Challenge(ChallengeCommand::Cancel)).await
}

/// Suggests the caller's legal moves that match what is typed (nothing when it is not their turn).
async fn suggest_moves(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = match invocation(ctx) {
        Ok(invocation) => {
            let (table, actor, typed) = (ctx.data().table.clone(), invocation.actor, partial.to_string());
            let now = ctx.data().now();
            tokio::task::spawn_blocking(move || table.suggest_moves(&actor, &typed, 25, now)).await.unwrap_or_default()
        }
        Err(_) => Vec::new(),
    };
    serenity::CreateAutocompleteResponse::new()
        .set_choices(choices.into_iter().map(|m| serenity::AutocompleteChoice::new(m.clone(), m)).collect())
}

/// Make a move in this channel's game.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    rename = "move"
)]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "The move, e.g. 3 (Hoyito), c2-c4 or d4xd8 (Epaminondas)"]
    #[autocomplete = "suggest_moves"]
    #[max_length = 60]
    notation: String,
) -> Result<(), Error> {
    respond(ctx, Command::Play(PlayCommand::Move { notation, at: None })).await
}

/// Throw the sticks (Zohn Ahl) for your team.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn throw(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Play(PlayCommand::Throw { at: None })).await
}

/// Show the board of this channel's game.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn board(
    ctx: Context<'_>,
    #[description = "The picture, or the position in words (for screen readers), privately"] view: Option<ViewChoice>,
    #[description = "In words: only a part (Hoyito: south or north; Epaminondas: a rank or file; Ocencahuac: a square)"]
    focus: Option<String>,
) -> Result<(), Error> {
    let text = matches!(view, Some(ViewChoice::Text)) || focus.is_some();
    respond(ctx, Command::Play(PlayCommand::Board { text, focus })).await
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
pub async fn history(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Play(PlayCommand::History)).await
}

/// Resign this channel's game.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Play(PlayCommand::Resign)).await
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
    ctx: Context<'_>,
    #[description = "offer, accept or decline"] action: DrawAction,
) -> Result<(), Error> {
    let command = match action {
        DrawAction::Offer => Command::Play(PlayCommand::DrawOffer),
        DrawAction::Accept => Command::Play(PlayCommand::DrawAccept { game: None }),
        DrawAction::Decline => Command::Play(PlayCommand::DrawDecline { game: None }),
    };
    respond(ctx, command).await
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
    ctx: Context<'_>,
    #[description = "ask (the default), accept or decline"] action: Option<TakebackAction>,
) -> Result<(), Error> {
    let command = match action.unwrap_or(TakebackAction::Ask) {
        TakebackAction::Ask => Command::Play(PlayCommand::Takeback { game: None }),
        TakebackAction::Accept => Command::Play(PlayCommand::TakebackAnswer { game: None, accept: true }),
        TakebackAction::Decline => Command::Play(PlayCommand::TakebackAnswer { game: None, accept: false }),
    };
    respond(ctx, command).await
}

/// The move the computer would play in your place (casual games against the computer only).
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Play(PlayCommand::Hint)).await
}

/// The analysis of a finished game: the value after each move, and each side's biggest mistakes.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn analysis(
    ctx: Context<'_>,
    #[description = "The game's number (default: this channel's last game)"] game: Option<u64>,
) -> Result<(), Error> {
    // The search takes seconds to a minute: say so at once (privately), the result follows as its own message.
    // That message then shows how far the analysis has got.
    let Some(asker) = Asker::command(ctx) else { return Ok(()) };
    if let Ok(invocation) = invocation(ctx) {
        let text = i18n::spans(invocation.actor.locale, &Message::new("analysis-started"));
        let _ = deliver::tell(ctx.data(), &ctx.serenity_context().http, &asker, &Said::words(text).private()).await;
    }
    respond_to(ctx, &asker, Command::Record(RecordCommand::Analysis { game: game.map(GameId) })).await
}

/// Challenge your opponent to a rematch of this channel's finished game, sides swapped.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn rematch(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Challenge(ChallengeCommand::Rematch { game: None })).await
}

/// The rules of a game (of this channel's game when none is named).
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn rules(ctx: Context<'_>, #[description = "Which game"] game: Option<GameChoice>) -> Result<(), Error> {
    respond(ctx, Command::Play(PlayCommand::Rules { game: game.map(GameChoice::kind) })).await
}

/// Your games in this server: whose turn it is, and where.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Play(PlayCommand::Games)).await
}

/// Claim the win when your opponent's time for a move is up.
#[poise::command(slash_command, install_context = "Guild|User", interaction_context = "Guild|BotDm|PrivateChannel")]
pub async fn claim(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Play(PlayCommand::Claim { game: None })).await
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
    ctx: Context<'_>,
    #[description = "Time per move: 30m, 12h, 3d, or none"] time: Option<String>,
    #[description = "Reminders: half, and/or times before the deadline, e.g. half,12h; or none"] remind: Option<String>,
    #[description = "When time runs out"] timeout: Option<TimeoutChoice>,
    #[description = "With automatic adjudication: how long after the deadline, e.g. 1d"] grace: Option<String>,
    #[description = "Open a thread for each accepted game"] threads: Option<bool>,
    #[description = "New two-player games are rated unless the challenge says otherwise"] rated: Option<bool>,
    #[description = "A role whose members may run tournaments (besides Manage Server)"] organiser_role: Option<
        serenity::Role,
    >,
    #[description = "The language of public posts"] language: Option<LanguageChoice>,
    #[description = "Web pages of this server's games (at a new secret address each time they are turned on)"]
    web: Option<bool>,
    #[description = "Days of vacation a member may take in any 30 (0: none)"]
    #[max = 30]
    vacation_days: Option<u32>,
) -> Result<(), Error> {
    // What is typed (durations, reminders) is read here, and refused here when mistyped; the choices are typed.
    let typed = [("time", time), ("remind", remind), ("grace", grace)];
    let mut changes = Vec::new();
    for (key, value) in typed {
        if let Some(value) = value {
            match SettingChange::parse(key, &value) {
                Ok(change) => changes.push(change),
                Err(m) => return refuse(ctx, m).await,
            }
        }
    }
    changes.extend(timeout.map(|t| {
        SettingChange::Timeout(match t {
            TimeoutChoice::Auto => TimeoutPolicy::Auto,
            TimeoutChoice::Claim => TimeoutPolicy::Claim,
        })
    }));
    changes.extend(threads.map(SettingChange::Threads));
    changes.extend(rated.map(SettingChange::Rated));
    changes.extend(web.map(SettingChange::Web));
    changes.extend(vacation_days.map(SettingChange::VacationDays));
    changes.extend(organiser_role.map(|r| SettingChange::OrganiserRole(Some(r.id.get()))));
    changes.extend(language.map(|l| {
        SettingChange::Language(match l {
            LanguageChoice::Auto => None,
            LanguageChoice::English => Some(Locale::English),
            LanguageChoice::SpanishLatinAmerica => Some(Locale::SpanishLatinAmerica),
            LanguageChoice::SpanishSpain => Some(Locale::SpanishSpain),
        })
    }));
    respond(ctx, Command::Setting(SettingCommand::Settings { changes })).await
}

/// The address of this server's web pages.
#[poise::command(slash_command, guild_only)]
pub async fn web(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Page(PageCommand::Web)).await
}

/// Reminders by direct message, on or off (without an answer, says which it is).
#[poise::command(slash_command, guild_only, rename = "notify")]
pub async fn settings_notify(
    ctx: Context<'_>,
    #[description = "Also send me reminders by direct message"] direct: Option<bool>,
) -> Result<(), Error> {
    respond(ctx, Command::Setting(SettingCommand::Notify { on: direct })).await
}

/// The leaderboard of a game in this server.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which game"] game: GameChoice,
    #[description = "Page (10 players a page)"]
    #[min = 1]
    page: Option<u32>,
    #[description = "Show it as a picture too"] picture: Option<bool>,
    #[description = "A season's standings (0: the ratings of all time); the current season's by default"]
    season: Option<u32>,
) -> Result<(), Error> {
    let page = page.unwrap_or(1).saturating_sub(1) as usize;
    let command = Command::Rating(RatingCommand::Leaderboard {
        game: game.kind(),
        page,
        provisional: false,
        picture: picture.unwrap_or(false),
        season,
    });
    respond(ctx, command).await
}

/// A player's ratings, record, streaks, last games and rating chart (yours when nobody is named).
#[poise::command(slash_command, guild_only)]
pub async fn profile(
    ctx: Context<'_>,
    #[description = "Whose profile (yours when empty)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    let player = player.map(|u| crate::store::record::Player {
        id: UserId(u.id.get()),
        name: u.global_name.clone().unwrap_or(u.name),
    });
    respond(ctx, Command::Rating(RatingCommand::Profile { player })).await
}
