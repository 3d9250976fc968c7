//! The views the table answers as replies, as pages: the archive (filtered by player and game, paged), a
//! player, a tournament (standings, every round's pairings, the bracket or standings picture), a leaderboard.

use crate::table::RatingCommand;
use axum::extract::{Query, State};
use axum::response::Response;
use serde::Deserialize;

use super::pages;
use super::routes::*;
use crate::games::GameKind;
use crate::table::{Command, Reply, TournamentCommand};
use pages::t;

#[derive(Deserialize, Default)]
pub struct ArchiveQuery {
    player: Option<String>,
    game: Option<String>,
    #[serde(default, deserialize_with = "lenient")]
    page: Option<usize>,
    lang: Option<String>,
}

pub(super) async fn archive(State(web): Shared, server: Server, Query(q): Query<ArchiveQuery>) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    let typed = q.player.clone().unwrap_or_default().chars().take(64).collect::<String>();
    let game = q.game.as_deref().filter(|g| !g.is_empty()).and_then(|g| g.parse::<GameKind>().ok());
    let page_no = q.page.unwrap_or(1).clamp(1, 100_000);
    let asked = typed.trim().to_string();
    let result = blocking(&web, move |t| {
        let player = if asked.is_empty() { None } else { Some(t.web_player(guild, &asked)) };
        match player {
            Some(None) => Ok(None),
            Some(Some(p)) => t.web_archive(guild, Some(&p), game, page_no - 1, locale).map(Some),
            None => t.web_archive(guild, None, game, page_no - 1, locale).map(Some),
        }
    })
    .await;
    let form = pages::archive_form(locale, &typed, game);
    let title = t(locale, "web-archive");
    let (text, shown, pages) = match result {
        Ok(Ok(Some(archive))) => {
            let mut lines = vec![archive.title];
            if archive.games.is_empty() {
                lines.push(crate::i18n::spans(locale, &crate::i18n::Message::new("archive-empty")));
            }
            lines.extend(archive.games.into_iter().map(|g| g.line));
            (crate::i18n::Text::join(lines, "\n"), archive.page + 1, archive.pages)
        }
        Ok(Ok(None)) => (crate::i18n::Text::plain(t(locale, "web-no-such-player")), 1, 1),
        Ok(Err(e)) => {
            tracing::error!(error = %e, "an archive page could not be read");
            return failed("the archive");
        }
        Err(r) => return r,
    };
    let replies = vec![Reply { text, ..Reply::default() }];
    let link = |p: usize| {
        let mut query = format!("?page={p}");
        if !typed.trim().is_empty() {
            query.push_str(&format!("&player={}", encode(typed.trim())));
        }
        if let Some(g) = game {
            query.push_str(&format!("&game={g}"));
        }
        query
    };
    let pager = pages::pager(locale, (shown > 1).then(|| link(shown - 1)), (shown < pages).then(|| link(shown + 1)));
    let markup = pages::replies(locale, &server.base, &title, (form, pager), &replies, &[]);
    page(markup, &server, q.lang.is_some())
}

/// A query value, percent-encoded.
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub(super) async fn player(State(web): Shared, server: Server, Query(q): Query<Lang>) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let result = blocking(&web, move |t| {
        let who = t.web_player(guild, &id.to_string())?;
        Some((who.name.clone(), t.web_player_page(guild, &who, locale)))
    })
    .await;
    match result {
        Ok(Some((name, Ok(shown)))) => {
            let chart = (
                format!("{}/player/{id}/chart.png", server.base),
                crate::i18n::text(locale, &crate::i18n::Message::new("web-chart-alt").str("player", name.as_str())),
            );
            let markup = pages::player(locale, &server.base, &name, shown, chart);
            page(markup, &server, q.lang.is_some())
        }
        Ok(Some((_, Err(e)))) => {
            tracing::error!(error = %e, "a player's page could not be read");
            failed("the player")
        }
        Ok(None) => not_found_in(locale),
        Err(r) => r,
    }
}

/// The picture of a view's reply (a chart, a bracket, standings), drawn in turn and kept by `version`.
pub(super) async fn player_chart(State(web): Shared, server: Server) -> Response {
    let (guild, id) = (server.guild, server.id.unwrap_or(0));
    let Ok((who, version)) =
        blocking(&web, move |t| (t.web_player(guild, &id.to_string()), t.web_version(guild))).await
    else {
        return failed("the chart's player");
    };
    match who {
        Some(who) => {
            reply_picture(&web, &server, Command::Rating(RatingCommand::Profile { player: Some(who) }), version).await
        }
        None => not_found_in(server.locale),
    }
}

#[derive(Deserialize, Default)]
pub struct RoundAsked {
    #[serde(default, deserialize_with = "lenient")]
    round: Option<usize>,
    lang: Option<String>,
}

/// A tournament's standings and one round's pairings (the latest unless `?round=` names another), with links to
/// every round: a view reads one round's games, whatever the tournament's length.
pub(super) async fn tournament(State(web): Shared, server: Server, Query(q): Query<RoundAsked>) -> Response {
    let (guild, locale, id) = (server.guild, server.locale, server.id.unwrap_or(0));
    let asked = q.round;
    match blocking(&web, move |t| t.web_tournament(guild, id, asked, locale)).await {
        Ok(Ok(Some(shown))) => {
            let title = format!("{} {id}", t(locale, "web-tournament"));
            let picture =
                (format!("{}/tournament/{id}/picture.png", server.base), t(locale, "web-tournament-picture-alt"));
            let markup = pages::tournament(locale, &server.base, &title, &shown, picture);
            page(markup, &server, q.lang.is_some())
        }
        Ok(Ok(None)) => not_found_in(locale),
        Ok(Err(e)) => {
            tracing::error!(error = %e, "a tournament could not be read");
            failed("the tournament")
        }
        Err(r) => r,
    }
}

pub(super) async fn tournament_picture(State(web): Shared, server: Server) -> Response {
    let (guild, id) = (server.guild, server.id.unwrap_or(0));
    match blocking(&web, move |t| t.web_tournament_revision(guild, id)).await {
        Ok(Some(version)) => {
            let command = Command::Tournament(TournamentCommand::Standings {
                id: Some(crate::store::record::TournamentId(id)),
                picture: true,
            });
            reply_picture(&web, &server, command, version).await
        }
        Ok(None) => not_found_in(server.locale),
        Err(r) => r,
    }
}

#[derive(Deserialize, Default)]
pub struct Paged {
    #[serde(default, deserialize_with = "lenient")]
    page: Option<usize>,
    lang: Option<String>,
}

pub(super) async fn leaderboard(State(web): Shared, server: Server, Query(q): Query<Paged>) -> Response {
    let (guild, locale) = (server.guild, server.locale);
    let Some(game) = server.game else { return not_found_in(locale) };
    let page_no = q.page.unwrap_or(1).clamp(1, 100_000);
    // The web pages show the ratings of all time.
    let result = blocking(&web, move |t| {
        (t.web_leaderboard(guild, game, page_no - 1, locale), t.web_leaderboard_pages(guild, game))
    })
    .await;
    let (lists, last_page) = match result {
        Ok((Ok(lists), last_page)) => (lists, last_page),
        Ok((Err(e), _)) => {
            tracing::error!(error = %e, "a leaderboard could not be read");
            return failed("the leaderboard");
        }
        Err(r) => return r,
    };
    let title = crate::table::game_title(locale, game);
    let pager = pages::pager(
        locale,
        (page_no > 1).then(|| format!("?page={}", page_no - 1)),
        (page_no < last_page).then(|| format!("?page={}", page_no + 1)),
    );
    let markup = pages::rankings(locale, &server.base, &title, pager, lists);
    page(markup, &server, q.lang.is_some())
}
