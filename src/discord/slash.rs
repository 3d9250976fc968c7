//! Slash commands and their autocomplete, whichever door Discord delivered them through (the gateway, or a
//! signed HTTP request to a replica): the command's path is routed to its handler, which reads its options by
//! name and hands the table one command. poise declares the commands (names, options, descriptions and their
//! translations) for registration; routing and reading are done here, so one set of handlers answers both
//! doors alike (poise can only run a command inside a gateway shard's context).

use futures_util::future::BoxFuture;
use poise::serenity_prelude as serenity;

use super::call::{Call, refuse};
use super::options::{BadOption, Options};
use super::{Data, Error};
use crate::i18n::Message;

/// What answers one command: its call and options in, `Err` with a [`BadOption`] for an option it could not read.
pub type Handler = for<'a> fn(&'a Call<'a>, &'a Options<'a>) -> BoxFuture<'a, Result<(), Error>>;

/// Answers a slash command: routed by its path, refused privately when unknown, outside a server when it belongs
/// to one, or when an option cannot be read.
pub async fn run(http: &serenity::Http, data: &Data, interaction: &serenity::CommandInteraction) -> Result<(), Error> {
    let call = Call::new(data, http, interaction);
    let options = Options::of(interaction);
    let path = options.path().to_vec();
    let refusal = match route(&path) {
        None => Some(Message::new("discord-unknown-command").str("command", path.join(" "))),
        Some(_) if interaction.guild_id.is_none() && server_only(&path) => Some(Message::new("private-server-only")),
        Some(handler) => match handler(&call, &options).await {
            Ok(()) => None,
            Err(e) => match e.downcast_ref::<BadOption>() {
                Some(bad) => Some(
                    Message::new("discord-bad-option").str("input", bad.input.clone()).str("error", bad.error.clone()),
                ),
                None => {
                    tracing::error!(command = %path.join(" "), error = %e, "command failed");
                    Some(Message::new("internal-error").str("id", interaction.id.to_string()))
                }
            },
        },
    };
    match refusal {
        Some(m) => refuse(&call, m).await,
        None => Ok(()),
    }
}

/// The handler of a command path (its registered English names), if there is one.
pub fn route(path: &[&str]) -> Option<Handler> {
    use super::{commands as c, play, records as r, seasons, tournament as t, training, vacation as v};
    let handler: Handler = match path {
        ["play", "epaminondas"] => |c, o| Box::pin(play::on_epaminondas(c, o)),
        ["play", "hoyito"] => |c, o| Box::pin(play::on_hoyito(c, o)),
        ["play", "ocencahuac"] => |c, o| Box::pin(play::on_ocencahuac(c, o)),
        ["play", "zohn-ahl"] => |c, o| Box::pin(play::on_zohn_ahl(c, o)),
        ["accept"] => |c, o| Box::pin(c::on_accept(c, o)),
        ["decline"] => |c, o| Box::pin(c::on_decline(c, o)),
        ["cancel"] => |c, o| Box::pin(c::on_cancel(c, o)),
        ["move"] => |c, o| Box::pin(c::on_move(c, o)),
        ["throw"] => |c, o| Box::pin(c::on_throw(c, o)),
        ["board"] => |c, o| Box::pin(c::on_board(c, o)),
        ["history"] => |c, o| Box::pin(c::on_history(c, o)),
        ["resign"] => |c, o| Box::pin(c::on_resign(c, o)),
        ["draw"] => |c, o| Box::pin(c::on_draw(c, o)),
        ["takeback"] => |c, o| Box::pin(c::on_takeback(c, o)),
        ["rematch"] => |c, o| Box::pin(c::on_rematch(c, o)),
        ["hint"] => |c, o| Box::pin(c::on_hint(c, o)),
        ["analysis"] => |c, o| Box::pin(c::on_analysis(c, o)),
        ["rules"] => |c, o| Box::pin(c::on_rules(c, o)),
        ["learn"] => |c, o| Box::pin(training::on_learn(c, o)),
        ["puzzle"] => |c, o| Box::pin(training::on_puzzle(c, o)),
        ["games"] => |c, o| Box::pin(c::on_games(c, o)),
        ["claim"] => |c, o| Box::pin(c::on_claim(c, o)),
        ["settings", "server"] => |c, o| Box::pin(c::on_settings_server(c, o)),
        ["settings", "notify"] => |c, o| Box::pin(c::on_settings_notify(c, o)),
        ["web"] => |c, o| Box::pin(c::on_web(c, o)),
        ["leaderboard"] => |c, o| Box::pin(c::on_leaderboard(c, o)),
        ["profile"] => |c, o| Box::pin(c::on_profile(c, o)),
        ["vacation", "start"] => |c, o| Box::pin(v::on_start(c, o)),
        ["vacation", "end"] => |c, o| Box::pin(v::on_end(c, o)),
        ["season", "start"] => |c, o| Box::pin(seasons::on_start(c, o)),
        ["export"] => |c, o| Box::pin(r::on_export(c, o)),
        ["import"] => |c, o| Box::pin(r::on_import(c, o)),
        ["archive"] => |c, o| Box::pin(r::on_archive(c, o)),
        ["replay"] => |c, o| Box::pin(r::on_replay(c, o)),
        ["tournament", "create"] => |c, o| Box::pin(t::on_create(c, o)),
        ["tournament", "join"] => |c, o| Box::pin(t::on_join(c, o)),
        ["tournament", "leave"] => |c, o| Box::pin(t::on_leave(c, o)),
        ["tournament", "start"] => |c, o| Box::pin(t::on_start(c, o)),
        ["tournament", "standings"] => |c, o| Box::pin(t::on_standings(c, o)),
        ["tournament", "pairings"] => |c, o| Box::pin(t::on_pairings(c, o)),
        ["tournament", "export"] => |c, o| Box::pin(t::on_export(c, o)),
        ["tournament", "drop"] => |c, o| Box::pin(t::on_drop(c, o)),
        ["tournament", "result"] => |c, o| Box::pin(t::on_result(c, o)),
        ["tournament", "extend"] => |c, o| Box::pin(t::on_extend(c, o)),
        ["tournament", "cancel"] => |c, o| Box::pin(t::on_cancel(c, o)),
        _ => return None,
    };
    Some(handler)
}

/// Whether the command (or a command it is part of) is declared for servers only.
fn server_only(path: &[&str]) -> bool {
    static ONLY: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let only = ONLY.get_or_init(|| {
        let mut out = Vec::new();
        for (path, guild_only) in super::command_paths() {
            if guild_only {
                out.push(path);
            }
        }
        out
    });
    let path = path.join(" ");
    only.iter().any(|p| path == *p || path.starts_with(&format!("{p} ")))
}

/// Answers an autocomplete request: the caller's legal moves that match what is typed (nothing when it is not
/// their turn), the time zones whose names hold what is typed, or nothing for an option that suggests nothing.
pub async fn suggest(
    http: &serenity::Http,
    data: &Data,
    interaction: &serenity::CommandInteraction,
) -> Result<(), Error> {
    let call = Call::new(data, http, interaction);
    let typed = interaction.data.autocomplete().map(|o| (o.name, o.value.to_string()));
    let choices = match (interaction.data.name.as_str(), typed) {
        ("move", Some(("notation", typed))) => {
            let (table, actor, now) = (data.table.clone(), call.invocation().actor, data.now());
            tokio::task::spawn_blocking(move || table.suggest_moves(&actor, &typed, 25, now)).await.unwrap_or_default()
        }
        ("settings", Some(("time_zone", typed))) => crate::dates::zones_matching(&typed, 25),
        _ => Vec::new(),
    };
    let response = serenity::CreateAutocompleteResponse::new()
        .set_choices(choices.into_iter().map(|m| serenity::AutocompleteChoice::new(m.clone(), m)).collect());
    interaction.create_response(http, serenity::CreateInteractionResponse::Autocomplete(response)).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_declared_command_has_a_handler_and_every_handler_a_declaration() {
        let declared: Vec<String> = super::super::command_paths().into_iter().map(|(p, _)| p).collect();
        let mut leaves = 0;
        for path in &declared {
            let parts: Vec<&str> = path.split(' ').collect();
            // A command with subcommands is a group: only its subcommands run.
            let group = declared.iter().any(|d| d.starts_with(&format!("{path} ")));
            assert_eq!(super::route(&parts).is_some(), !group, "{path}");
            leaves += usize::from(!group);
        }
        assert_eq!(leaves, 45);
        assert!(super::route(&["settings"]).is_none() && super::route(&["nonsense"]).is_none());
    }

    #[test]
    fn the_commands_for_servers_only_are_the_declared_ones() {
        assert!(super::server_only(&["tournament", "join"]) && super::server_only(&["leaderboard"]));
        assert!(!super::server_only(&["play", "hoyito"]) && !super::server_only(&["move"]));
    }
}
