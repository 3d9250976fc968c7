//! `/play <game>`: one subcommand per game, with the game's main options as slash options, the rest as
//! `key=value` text, and the common ones (who starts, thread). The challenge itself is the table's.

use crate::store::record::UserId;
use crate::table::ChallengeCommand;
use poise::serenity_prelude as serenity;

use super::commands::{invocation, respond, send_private};
use super::{Context, Error};
use crate::deadlines;
use crate::games::{GameKind, OptionSet};
use crate::i18n::{self, Message};
use crate::store::record::{COMPUTER, First, Player, Team};
use crate::table::{Command, Terms};

/// Who takes the first side.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum FirstChoice {
    #[name = "random"]
    Random,
    #[name = "me"]
    Challenger,
    #[name = "my opponent"]
    Opponent,
}

/// The size of a Hoyito board.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Holes {
    #[name = "6 holes a side"]
    Six,
    #[name = "12 holes a side"]
    Twelve,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum VariantChoice {
    #[name = "Zohn Ahl"]
    ZohnAhl,
    #[name = "Tsoñä"]
    Tsona,
}

#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum TurnModeChoice {
    #[name = "free (anyone of the team on turn)"]
    Free,
    #[name = "blocks (each member a turn, then the other team)"]
    Blocks,
    #[name = "alternate (members in turn, teams alternating)"]
    Alternate,
}

/// A Zohn Ahl team: a role (everyone who holds it) or one player.
#[derive(Debug, Clone)]
pub enum TeamArg {
    Role(serenity::Role),
    User(serenity::User),
}

#[poise::async_trait]
impl poise::SlashArgument for TeamArg {
    async fn extract(
        _: &serenity::Context,
        _: &serenity::CommandInteraction,
        value: &serenity::ResolvedValue<'_>,
    ) -> Result<Self, poise::SlashArgError> {
        match value {
            serenity::ResolvedValue::Role(role) => Ok(TeamArg::Role((*role).clone())),
            serenity::ResolvedValue::User(user, _) => Ok(TeamArg::User((*user).clone())),
            _ => Err(poise::SlashArgError::new_command_structure_mismatch("expected a role or a user")),
        }
    }

    fn create(builder: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
        builder.kind(serenity::CommandOptionType::Mentionable)
    }
}

/// Challenge someone to a game.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel",
    subcommands("epaminondas", "hoyito", "ocencahuac", "zohn_ahl"),
    subcommand_required
)]
pub async fn play(_: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Reads `key=value` pairs separated by spaces or commas.
fn parse_options(text: Option<&str>) -> Result<OptionSet, String> {
    let mut options = OptionSet::new();
    for pair in text.unwrap_or_default().split([' ', ',']).filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').ok_or_else(|| pair.to_string())?;
        if k.is_empty() || v.is_empty() {
            return Err(pair.to_string());
        }
        options.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
    }
    Ok(options)
}

/// The options every `/play` has.
struct Common {
    first: Option<FirstChoice>,
    /// Time per move (`30m`, `12h`, `3d`, `none`); the server's default when not given.
    time: Option<String>,
    /// Whether the game counts for ratings; the server's default when not given.
    rated: Option<bool>,
    thread: Option<bool>,
    /// More rules options, as `key=value` text.
    extra: Option<String>,
    /// The computer's level, when the opponent is the bot itself.
    level: Option<u8>,
}

/// What every `/play` shares: the options text, who starts, the thread, the permission check.
async fn challenge(
    ctx: Context<'_>,
    game: GameKind,
    opponent: Option<serenity::User>,
    teams: Option<[Team; 2]>,
    mut options: OptionSet,
    common: Common,
) -> Result<(), Error> {
    let Common { first, time, rated, thread, extra, level } = common;
    let invocation = match invocation(ctx) {
        Ok(i) => i,
        Err(text) => {
            return send_private(ctx, text).await;
        }
    };
    let locale = invocation.actor.locale;
    let refuse = |m: Message| send_private(ctx, i18n::spans(locale, &m));
    if let Some(m) = invocation.missing_message(invocation.posting_permissions()) {
        return refuse(m).await;
    }
    let typed = match parse_options(extra.as_deref()) {
        Ok(o) => o,
        Err(bad) => {
            return refuse(Message::new("discord-options-format").str("input", bad)).await;
        }
    };
    for (k, v) in typed {
        options.entry(k).or_insert(v);
    }
    // The terms typed among the free options first, then the command's own options over them; the time is
    // typed, so read (and refused) here.
    let mut terms = match Terms::take_from(&mut options) {
        Ok(terms) => terms,
        Err(m) => return refuse(m).await,
    };
    if let Some(time) = time {
        match deadlines::parse_time_control(&time) {
            Ok(per_move) => terms.time = Some(per_move),
            Err(m) => return refuse(m).await,
        }
    }
    terms.level = level.or(terms.level);
    terms.rated = rated.or(terms.rated);
    terms.first = first
        .map(|f| match f {
            FirstChoice::Random => First::Random,
            FirstChoice::Challenger => First::Challenger,
            FirstChoice::Opponent => First::Opponent,
        })
        .or(terms.first);
    // A game gets its own thread when it is accepted (the server's setting, unless the caller says), if the bot
    // can open one here; otherwise the channel itself is used, if it is free.
    terms.thread = if invocation.can_open_threads() { thread.or(terms.thread) } else { Some(false) };
    // The bot itself is the computer opponent; other bots cannot play.
    let me = ctx.framework().bot_id();
    if opponent.as_ref().is_some_and(|u| u.bot && u.id != me) {
        return refuse(Message::new("discord-bot-opponent")).await;
    }
    let opponent = opponent.map(|u| match u.id == me {
        true => Player { id: COMPUTER, name: u.global_name.clone().unwrap_or(u.name) },
        false => Player { id: UserId(u.id.get()), name: u.global_name.clone().unwrap_or(u.name) },
    });
    respond(ctx, Command::Challenge(ChallengeCommand::Challenge { game, opponent, options, terms, teams })).await
}

/// Epaminondas: two phalanxes on a 14x12 board; cross with more pieces than your opponent.
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command)]
pub async fn epaminondas(
    ctx: Context<'_>,
    #[description = "Who you challenge (leave empty for an open challenge)"] opponent: Option<serenity::User>,
    #[description = "Who plays White and starts"] first: Option<FirstChoice>,
    #[description = "Rated (counts for the leaderboard; default: the server's setting)"] rated: Option<bool>,
    #[description = "Time per move: 30m, 12h, 3d, or none (default: the server's setting)"] time: Option<String>,
    #[description = "Play in a new thread (default: yes, when I may open one)"] thread: Option<bool>,
    #[description = "Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)"]
    #[min = 1]
    #[max = 5]
    level: Option<u8>,
    #[description = "More rules options as key=value, e.g. symmetry=off"] options: Option<String>,
) -> Result<(), Error> {
    let common = Common { first, time, rated, thread, extra: options, level };
    challenge(ctx, GameKind::Epaminondas, opponent, None, OptionSet::new(), common).await
}

/// Hoyito II: the Dominican mancala of relay sowing.
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command)]
pub async fn hoyito(
    ctx: Context<'_>,
    #[description = "Who you challenge (leave empty for an open challenge)"] opponent: Option<serenity::User>,
    #[description = "Board size (default 6 holes a side)"] holes: Option<Holes>,
    #[description = "Who plays South and starts"] first: Option<FirstChoice>,
    #[description = "Rated (counts for the leaderboard; default: the server's setting)"] rated: Option<bool>,
    #[description = "Time per move: 30m, 12h, 3d, or none (default: the server's setting)"] time: Option<String>,
    #[description = "Play in a new thread (default: yes, when I may open one)"] thread: Option<bool>,
    #[description = "Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)"]
    #[min = 1]
    #[max = 5]
    level: Option<u8>,
    #[description = "More rules options as key=value, e.g. skip_origin=false"] options: Option<String>,
) -> Result<(), Error> {
    let mut set = OptionSet::new();
    if let Some(h) = holes {
        set.insert("holes".into(), if matches!(h, Holes::Six) { "6" } else { "12" }.into());
    }
    challenge(ctx, GameKind::Hoyito, opponent, None, set, Common { first, time, rated, thread, extra: options, level })
        .await
}

/// Ocencahuac: the war game of Nayarit, volcano against volcano.
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command)]
pub async fn ocencahuac(
    ctx: Context<'_>,
    #[description = "Who you challenge (leave empty for an open challenge)"] opponent: Option<serenity::User>,
    #[description = "Who plays Sangangüey and starts"] first: Option<FirstChoice>,
    #[description = "Rated (counts for the leaderboard; default: the server's setting)"] rated: Option<bool>,
    #[description = "Time per move: 30m, 12h, 3d, or none (default: the server's setting)"] time: Option<String>,
    #[description = "Play in a new thread (default: yes, when I may open one)"] thread: Option<bool>,
    #[description = "Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)"]
    #[min = 1]
    #[max = 5]
    level: Option<u8>,
    #[description = "More rules options as key=value, e.g. single_jump_only=true"] options: Option<String>,
) -> Result<(), Error> {
    let common = Common { first, time, rated, thread, extra: options, level };
    challenge(ctx, GameKind::Ocencahuac, opponent, None, OptionSet::new(), common).await
}

/// A team for the table: a role, or a single player; `@everyone` is no team.
fn team(arg: TeamArg, guild: u64) -> Result<Team, Message> {
    match arg {
        TeamArg::Role(role) if role.id.get() == guild => Err(Message::new("discord-team-everyone")),
        TeamArg::Role(role) => Ok(Team::Role { id: role.id.get(), name: role.name, ping: role.mentionable }),
        TeamArg::User(user) => Ok(Team::Players {
            players: vec![Player { id: UserId(user.id.get()), name: user.global_name.unwrap_or(user.name) }],
        }),
    }
}

/// Zohn Ahl (or Tsoñä): the Kiowa stick-dice race, team against team.
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command, rename = "zohn-ahl")]
pub async fn zohn_ahl(
    ctx: Context<'_>,
    #[description = "West team: a role or a player"] west: TeamArg,
    #[description = "East team: a role or a player"] east: TeamArg,
    #[description = "Zohn Ahl (default) or Tsoñä"] variant: Option<VariantChoice>,
    #[description = "Counters a team (2 makes a short game)"]
    #[min = 1]
    #[max = 10]
    counters: Option<u8>,
    #[description = "Laps a counter runs"]
    #[min = 1]
    #[max = 10]
    laps: Option<u8>,
    #[description = "Who of a team throws (role teams: free unless members join)"] turn_mode: Option<TurnModeChoice>,
    #[description = "Time per move: 30m, 12h, 3d, or none (default: the server's setting)"] time: Option<String>,
    #[description = "Play in a new thread (default: yes, when I may open one)"] thread: Option<bool>,
    #[description = "More rules options as key=value, e.g. autothrow=true"] options: Option<String>,
) -> Result<(), Error> {
    let guild = ctx.guild_id().map(|g| g.get()).unwrap_or_default();
    let teams = match (team(west, guild), team(east, guild)) {
        (Ok(w), Ok(e)) => [w, e],
        (Err(m), _) | (_, Err(m)) => {
            let locale = super::localize::locale(ctx.locale().unwrap_or_default());
            return send_private(ctx, i18n::spans(locale, &m)).await;
        }
    };
    let mut set = OptionSet::new();
    if let Some(v) = variant {
        set.insert("variant".into(), if matches!(v, VariantChoice::Tsona) { "tsona" } else { "zohn-ahl" }.into());
    }
    if let Some(c) = counters {
        set.insert("counters".into(), c.to_string());
    }
    if let Some(l) = laps {
        set.insert("laps".into(), l.to_string());
    }
    if let Some(m) = turn_mode {
        let mode = match m {
            TurnModeChoice::Free => "free",
            TurnModeChoice::Blocks => "blocks",
            TurnModeChoice::Alternate => "alternate",
        };
        set.insert("turn_mode".into(), mode.into());
    }
    challenge(
        ctx,
        GameKind::ZohnAhl,
        None,
        Some(teams),
        set,
        Common { first: None, time, rated: None, thread, extra: options, level: None },
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_text_is_read_as_pairs() {
        let o = parse_options(Some("symmetry=off, holes=12")).unwrap();
        assert_eq!(o.get("symmetry").map(String::as_str), Some("off"));
        assert_eq!(o.get("holes").map(String::as_str), Some("12"));
        assert_eq!(parse_options(Some("holes")), Err("holes".into()));
        assert_eq!(parse_options(Some("=3")), Err("=3".into()));
        assert!(parse_options(None).unwrap().is_empty());
    }
}
