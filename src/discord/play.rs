//! `/play <game>`: one subcommand per game, with the game's main options as slash options, the rest as
//! `key=value` text, and the common ones (who starts, thread). The challenge itself is the table's.

use crate::store::record::UserId;
use crate::table::ChallengeCommand;
use poise::serenity_prelude as serenity;

use super::call::{Call, refuse};
use super::commands::respond;
use super::options::{Options, TeamArg, need};
use super::{Context, Error};
use crate::deadlines;
use crate::games::{GameKind, OptionSet};
use crate::i18n::Message;
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

/// A Zohn Ahl team as declared: a role (everyone who holds it) or one player, read as a [`TeamArg`].
#[derive(Debug, Clone)]
pub struct TeamOption;

#[poise::async_trait]
impl poise::SlashArgument for TeamOption {
    async fn extract(
        _: &serenity::Context,
        _: &serenity::CommandInteraction,
        _: &serenity::ResolvedValue<'_>,
    ) -> Result<Self, poise::SlashArgError> {
        Ok(TeamOption)
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
    call: &Call<'_>,
    game: GameKind,
    opponent: Option<serenity::User>,
    teams: Option<[Team; 2]>,
    mut options: OptionSet,
    common: Common,
) -> Result<(), Error> {
    let Common { first, time, rated, thread, extra, level } = common;
    let invocation = call.invocation();
    if let Some(m) = invocation.missing_message(invocation.posting_permissions()) {
        return refuse(call, m).await;
    }
    let typed = match parse_options(extra.as_deref()) {
        Ok(o) => o,
        Err(bad) => {
            return refuse(call, Message::new("discord-options-format").str("input", bad)).await;
        }
    };
    for (k, v) in typed {
        options.entry(k).or_insert(v);
    }
    // The terms typed among the free options first, then the command's own options over them; the time is
    // typed, so read (and refused) here.
    let mut terms = match Terms::take_from(&mut options) {
        Ok(terms) => terms,
        Err(m) => return refuse(call, m).await,
    };
    if let Some(time) = time {
        match deadlines::parse_time_control(&time) {
            Ok(per_move) => terms.time = Some(per_move),
            Err(m) => return refuse(call, m).await,
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
    let me = call.bot_id();
    if opponent.as_ref().is_some_and(|u| u.bot && Some(u.id.get()) != me) {
        return refuse(call, Message::new("discord-bot-opponent")).await;
    }
    let opponent = opponent.map(|u| match Some(u.id.get()) == me {
        true => Player { id: COMPUTER, name: u.global_name.clone().unwrap_or(u.name) },
        false => Player { id: UserId(u.id.get()), name: u.global_name.clone().unwrap_or(u.name) },
    });
    respond(call, Command::Challenge(ChallengeCommand::Challenge { game, opponent, options, terms, teams })).await
}

/// Epaminondas: two phalanxes on a 14x12 board; cross with more pieces than your opponent.
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command)]
pub async fn epaminondas(
    _: Context<'_>,
    #[description = "Who you challenge (leave empty for an open challenge)"]
    #[rename = "opponent"]
    _opponent: Option<serenity::User>,
    #[description = "Who plays White and starts"]
    #[rename = "first"]
    _first: Option<FirstChoice>,
    #[description = "Rated (counts for the leaderboard; default: the server's setting)"]
    #[rename = "rated"]
    _rated: Option<bool>,
    #[description = "Time per move: 30m, 12h, 3d, or none (default: the server's setting)"]
    #[rename = "time"]
    _time: Option<String>,
    #[description = "Play in a new thread (default: yes, when I may open one)"]
    #[rename = "thread"]
    _thread: Option<bool>,
    #[description = "Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)"]
    #[min = 1]
    #[max = 5]
    #[rename = "level"]
    _level: Option<u8>,
    #[description = "More rules options as key=value, e.g. symmetry=off"]
    #[rename = "options"]
    _options: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

/// The options of a two-player `/play`.
fn common(o: &Options<'_>) -> Result<Common, super::options::BadOption> {
    Ok(Common {
        first: o.choice::<FirstChoice>("first")?,
        time: o.text("time")?,
        rated: o.flag("rated")?,
        thread: o.flag("thread")?,
        extra: o.text("options")?,
        level: o.number::<u8>("level")?,
    })
}

pub async fn on_epaminondas(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    challenge(call, GameKind::Epaminondas, o.user("opponent")?, None, OptionSet::new(), common(o)?).await
}

/// Hoyito II: the Dominican mancala of relay sowing.
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command)]
pub async fn hoyito(
    _: Context<'_>,
    #[description = "Who you challenge (leave empty for an open challenge)"]
    #[rename = "opponent"]
    _opponent: Option<serenity::User>,
    #[description = "Board size (default 6 holes a side)"]
    #[rename = "holes"]
    _holes: Option<Holes>,
    #[description = "Who plays South and starts"]
    #[rename = "first"]
    _first: Option<FirstChoice>,
    #[description = "Rated (counts for the leaderboard; default: the server's setting)"]
    #[rename = "rated"]
    _rated: Option<bool>,
    #[description = "Time per move: 30m, 12h, 3d, or none (default: the server's setting)"]
    #[rename = "time"]
    _time: Option<String>,
    #[description = "Play in a new thread (default: yes, when I may open one)"]
    #[rename = "thread"]
    _thread: Option<bool>,
    #[description = "Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)"]
    #[min = 1]
    #[max = 5]
    #[rename = "level"]
    _level: Option<u8>,
    #[description = "More rules options as key=value, e.g. skip_origin=false"]
    #[rename = "options"]
    _options: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_hoyito(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let mut set = OptionSet::new();
    if let Some(h) = o.choice::<Holes>("holes")? {
        set.insert("holes".into(), if matches!(h, Holes::Six) { "6" } else { "12" }.into());
    }
    challenge(call, GameKind::Hoyito, o.user("opponent")?, None, set, common(o)?).await
}

/// Ocencahuac: the war game of Nayarit, volcano against volcano.
#[allow(clippy::too_many_arguments)] // one per slash option
#[poise::command(slash_command)]
pub async fn ocencahuac(
    _: Context<'_>,
    #[description = "Who you challenge (leave empty for an open challenge)"]
    #[rename = "opponent"]
    _opponent: Option<serenity::User>,
    #[description = "Who plays Sangangüey and starts"]
    #[rename = "first"]
    _first: Option<FirstChoice>,
    #[description = "Rated (counts for the leaderboard; default: the server's setting)"]
    #[rename = "rated"]
    _rated: Option<bool>,
    #[description = "Time per move: 30m, 12h, 3d, or none (default: the server's setting)"]
    #[rename = "time"]
    _time: Option<String>,
    #[description = "Play in a new thread (default: yes, when I may open one)"]
    #[rename = "thread"]
    _thread: Option<bool>,
    #[description = "Against me (the bot as opponent): the computer's level, 1 (beginner) to 5 (default 3)"]
    #[min = 1]
    #[max = 5]
    #[rename = "level"]
    _level: Option<u8>,
    #[description = "More rules options as key=value, e.g. single_jump_only=true"]
    #[rename = "options"]
    _options: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_ocencahuac(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    challenge(call, GameKind::Ocencahuac, o.user("opponent")?, None, OptionSet::new(), common(o)?).await
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
    _: Context<'_>,
    #[description = "West team: a role or a player"]
    #[rename = "west"]
    _west: TeamOption,
    #[description = "East team: a role or a player"]
    #[rename = "east"]
    _east: TeamOption,
    #[description = "Zohn Ahl (default) or Tsoñä"]
    #[rename = "variant"]
    _variant: Option<VariantChoice>,
    #[description = "Counters a team (2 makes a short game)"]
    #[min = 1]
    #[max = 10]
    #[rename = "counters"]
    _counters: Option<u8>,
    #[description = "Laps a counter runs"]
    #[min = 1]
    #[max = 10]
    #[rename = "laps"]
    _laps: Option<u8>,
    #[description = "Who of a team throws (role teams: free unless members join)"]
    #[rename = "turn_mode"]
    _turn_mode: Option<TurnModeChoice>,
    #[description = "Time per move: 30m, 12h, 3d, or none (default: the server's setting)"]
    #[rename = "time"]
    _time: Option<String>,
    #[description = "Play in a new thread (default: yes, when I may open one)"]
    #[rename = "thread"]
    _thread: Option<bool>,
    #[description = "More rules options as key=value, e.g. autothrow=true"]
    #[rename = "options"]
    _options: Option<String>,
) -> Result<(), Error> {
    Ok(())
}

pub async fn on_zohn_ahl(call: &Call<'_>, o: &Options<'_>) -> Result<(), Error> {
    let guild = call.interaction.guild_id.map(|g| g.get()).unwrap_or_default();
    let (west, east) = (need(o.team("west")?, "west")?, need(o.team("east")?, "east")?);
    let teams = match (team(west, guild), team(east, guild)) {
        (Ok(w), Ok(e)) => [w, e],
        (Err(m), _) | (_, Err(m)) => return refuse(call, m).await,
    };
    let mut set = OptionSet::new();
    if let Some(v) = o.choice::<VariantChoice>("variant")? {
        set.insert("variant".into(), if matches!(v, VariantChoice::Tsona) { "tsona" } else { "zohn-ahl" }.into());
    }
    if let Some(c) = o.number::<u8>("counters")? {
        set.insert("counters".into(), c.to_string());
    }
    if let Some(l) = o.number::<u8>("laps")? {
        set.insert("laps".into(), l.to_string());
    }
    if let Some(m) = o.choice::<TurnModeChoice>("turn_mode")? {
        let mode = match m {
            TurnModeChoice::Free => "free",
            TurnModeChoice::Blocks => "blocks",
            TurnModeChoice::Alternate => "alternate",
        };
        set.insert("turn_mode".into(), mode.into());
    }
    let common = Common {
        first: None,
        time: o.text("time")?,
        rated: None,
        thread: o.flag("thread")?,
        extra: o.text("options")?,
        level: None,
    };
    challenge(call, GameKind::ZohnAhl, None, Some(teams), set, common).await
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
