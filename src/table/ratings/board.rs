//! Ratings as people see them: Glicko-2 per server and game for two-player games (Zohn Ahl, a game of chance,
//! keeps team records instead), updated the moment a rated game ends, in the same store write (the counting is
//! the tally's). Here: the leaderboard, the profile, and the recomputation of everything from the game records
//! (which must give identical numbers: the same updates in the same order).

use crate::table::fail::TableError;
use crate::table::write::AtWork;

use crate::games::GameKind;
use crate::i18n::{self, Locale, Message, Text};
use crate::render;
use crate::store::record::{GameRecord, GuildId, Status, UserId};
use crate::store::{Rating, StandingsWrite, TeamKey, Unit, WriteError};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Fail};
use crate::table::naming::game_name;
use crate::table::reply::{Button, ButtonStyle, Image, Ranking, Reply};
use crate::table::tally::Tally;

/// Players on one leaderboard page.
pub const PAGE: usize = 10;

/// A rating as people read it: `1630? ± 120` (`?` while provisional).
fn shown(r: &Rating) -> String {
    format!("{:.0}{} ± {:.0}", r.rating, if r.provisional() { "?" } else { "" }, r.deviation)
}

impl AtWork<'_> {
    /// Rebuilds every rating and team record from the game records, in the order they were counted, with the
    /// live path's own [`Tally::count`]; the result is identical to what the live updates produced. One unit
    /// of work, refused (and tried again) if a result is counted meanwhile. Returns how many games were counted.
    pub fn recompute_ratings(&self) -> Result<usize, TableError> {
        for _ in 0..8 {
            let mut games: Vec<GameRecord> =
                self.store.all_games()?.into_iter().filter(|g| g.rating_sequence.is_some()).collect();
            games.sort_by_key(|g| (g.guild, g.rating_sequence));
            // Each server's sequence as it stands: a result counted meanwhile in one of them refuses the write.
            let mut bases = Vec::new();
            for guild in games.iter().map(|g| g.guild).collect::<std::collections::BTreeSet<_>>() {
                bases.push((guild, self.store.last_rating_sequence(guild)?));
            }
            let mut tally = Tally::empty();
            for game in &games {
                let position = match game.kind.moves_are_throws() {
                    true => Some(self.position(game)?),
                    false => None,
                };
                let mut counted = game.clone();
                counted.rating_sequence = None;
                tally.resume_at(game.guild, game.rating_sequence.unwrap_or(1) - 1);
                tally.count(&mut counted, position.as_ref()).map_err(|e| TableError::Internal(format!("{e:?}")))?;
            }
            let standings = tally.standings();
            let unit = Unit { standings: Some(StandingsWrite { bases, standings, replace: true }), ..Unit::default() };
            match self.store.commit(&unit) {
                Ok(_) => return Ok(games.len()),
                Err(WriteError::RatingsMoved) => continue,
                Err(e) => return Err(TableError::Unwritten(e)),
            }
        }
        Err(TableError::Internal("results kept being counted during the recomputation; try again".into()))
    }

    /// A page of the leaderboard of a game in the actor's server (provisional players on their own pages),
    /// with buttons to turn pages; as a picture when asked.
    #[allow(clippy::too_many_arguments)] // one per part of the command
    pub(in crate::table) fn leaderboard(
        &self,
        actor: &Actor,
        kind: GameKind,
        page: usize,
        provisional: bool,
        picture: bool,
        season: Option<u32>,
        now: crate::store::record::Timestamp,
    ) -> Answer {
        let locale = actor.locale;
        if kind.moves_are_throws() {
            return self.team_board(actor, kind, picture);
        }
        // The current season's standings are the default leaderboard of a server that has seasons of the game.
        if season != Some(0)
            && let Some(replies) = self.season_board(actor, kind, season, picture, now)?
        {
            return Ok(replies);
        }
        let Ranked { title, provisional, page, pages, others, entries } =
            self.ranked(actor.guild, locale, kind, page, provisional)?;
        let rows: Vec<render::table::Row> = entries.iter().map(|(_, row)| row.clone()).collect();
        let mut lines = vec![Text::plain(title.clone())];
        for (user, row) in &entries {
            let games = i18n::text(locale, &Message::new("leaderboard-games").num("count", row.games as i64));
            lines.push(
                Text::plain(format!("{}. ", row.rank))
                    .and_player(&row.name, (*user).get())
                    .and(&format!(" — {} · {games} · {}%", row.rating, row.win_rate)),
            );
        }
        if entries.is_empty() {
            lines.push(i18n::spans(locale, &Message::new("leaderboard-page-empty")));
        }
        let button = |label: String, target: usize, prov: bool, enabled: bool| Button {
            id: ButtonId::Leaderboard { game: kind, page: target, provisional: prov, picture },
            label,
            enabled,
            style: ButtonStyle::Secondary,
            new_row: false,
        };
        let mut buttons = vec![
            button("◀".into(), page.saturating_sub(1), provisional, page > 0),
            button("▶".into(), page + 1, provisional, page + 1 < pages),
        ];
        if others > 0 {
            let label = if provisional { "leaderboard-show-established" } else { "leaderboard-show-provisional" };
            buttons.push(button(i18n::text(locale, &Message::new(label)), 0, !provisional, true));
        }
        let text = Text::join(lines, "\n");
        let image = picture.then(|| Image {
            file_name: format!("leaderboard-{}-{}.png", kind.name(), page + 1),
            png: render::table::leaderboard_png(&title, &rows, &table_headers(locale)),
            description: crate::table::describe::lines(&text),
        });
        Ok(vec![Reply { text, image, buttons, ..Reply::default() }])
    }

    /// A page of a game's ratings in `guild`, established or provisional (the provisional ones when nobody is
    /// established yet); a page past the last is the last.
    fn ranked(
        &self,
        guild: GuildId,
        locale: Locale,
        kind: GameKind,
        page: usize,
        provisional: bool,
    ) -> Result<Ranked, Fail> {
        let (_, established) = self.store.leaderboard(guild, kind, false, 0, 0)?;
        let (_, unsettled) = self.store.leaderboard(guild, kind, true, 0, 0)?;
        if established == 0 && unsettled == 0 {
            return Err(Message::new("leaderboard-empty").str("game", game_name(locale, kind)).into());
        }
        // Nobody established yet: the provisional players are the leaderboard there is.
        let provisional = provisional || established == 0;
        let (total, others) = if provisional { (unsettled, established) } else { (established, unsettled) };
        let pages = total.div_ceil(PAGE).max(1);
        // A page past the last (an old button, a typed number) shows the last.
        let page = page.min(pages - 1);
        let (entries, _) = self.store.leaderboard(guild, kind, provisional, page * PAGE, PAGE)?;
        let title = i18n::text(
            locale,
            &Message::new(if provisional { "leaderboard-title-provisional" } else { "leaderboard-title" })
                .str("game", game_name(locale, kind))
                .num("page", (page + 1) as i64)
                .num("pages", pages as i64),
        );
        let entries = entries
            .iter()
            .enumerate()
            .map(|(i, (user, r))| {
                let row = render::table::Row {
                    rank: (page * PAGE + i + 1) as u32,
                    name: r.name.clone(),
                    rating: shown(r),
                    games: r.games,
                    win_rate: (100 * r.wins + 50 * r.draws).checked_div(r.games).unwrap_or(0),
                };
                (*user, row)
            })
            .collect();
        Ok(Ranked { title, provisional, page, pages, others, entries })
    }

    /// A page of a game's leaderboard in `guild` as data, for a page to lay out: the established players, then
    /// the provisional ones, each list that has anyone (with nobody established, the provisional list is the
    /// leaderboard, shown once); a game of teams, its teams' records. Refused in words when nobody is rated.
    pub(in crate::table) fn rankings(
        &self,
        guild: GuildId,
        locale: Locale,
        kind: GameKind,
        page: usize,
    ) -> Result<Vec<Ranking>, Fail> {
        if kind.moves_are_throws() {
            let records = self.store.team_records(guild)?;
            if records.is_empty() {
                return Err(Message::new("leaderboard-empty").str("game", game_name(locale, kind)).into());
            }
            let headers = team_headers(locale).to_vec();
            let title = i18n::text(locale, &Message::new("team-board-title").str("game", game_name(locale, kind)));
            let rows = team_rows(&records).into_iter().map(|row| row.into_iter().map(Text::plain).collect()).collect();
            return Ok(vec![Ranking { title, headers, rows }]);
        }
        let first = self.ranked(guild, locale, kind, page, false)?;
        let mut lists = vec![first];
        if !lists[0].provisional && lists[0].others > 0 {
            lists.push(self.ranked(guild, locale, kind, page, true)?);
        }
        let headers = table_headers(locale).to_vec();
        Ok(lists
            .into_iter()
            .map(|list| Ranking {
                title: list.title,
                headers: headers.clone(),
                rows: list
                    .entries
                    .into_iter()
                    .map(|(user, row)| {
                        vec![
                            Text::plain(row.rank.to_string()),
                            Text::plain(String::new()).and_player(&row.name, user.get()),
                            Text::plain(row.rating),
                            Text::plain(row.games.to_string()),
                            Text::plain(format!("{}%", row.win_rate)),
                        ]
                    })
                    .collect(),
            })
            .collect())
    }

    fn team_board(&self, actor: &Actor, kind: GameKind, picture: bool) -> Answer {
        let locale = actor.locale;
        let records = self.store.team_records(actor.guild)?;
        if records.is_empty() {
            return Err(Message::new("leaderboard-empty").str("game", game_name(locale, kind)).into());
        }
        let title = i18n::text(locale, &Message::new("team-board-title").str("game", game_name(locale, kind)));
        let mut lines = vec![Text::plain(title.clone())];
        let rows = team_rows(&records);
        for (i, (_, t)) in records.iter().take(25).enumerate() {
            lines.push(i18n::spans(
                locale,
                &Message::new("team-board-line")
                    .num("rank", (i + 1) as i64)
                    .name("team", t.name.as_str())
                    .num("games", t.games as i64)
                    .num("wins", t.wins as i64)
                    .num("counters", t.counters_won as i64),
            ));
        }
        let text = Text::join(lines, "\n");
        let image = picture.then(|| {
            let headers = team_headers(locale);
            Image {
                file_name: format!("leaderboard-{}.png", kind.name()),
                png: render::table::team_records_png(&title, &headers, &rows),
                description: crate::table::describe::lines(&text),
            }
        });
        Ok(vec![Reply { text, image, ..Reply::default() }])
    }

    /// A player's page as data: their ratings and team records, their results against the computer, their
    /// last five games of this server, and the rating to chart (the game they played most). Refused in words when
    /// there is nothing to show.
    pub(in crate::table) fn player_page(
        &self,
        guild: GuildId,
        locale: Locale,
        user: UserId,
        name: &str,
    ) -> Result<PlayerPage, Fail> {
        let title = i18n::spans(locale, &Message::new("profile-title").name("player", name));
        let mut standing = Vec::new();
        let mut chart: Option<(GameKind, Rating)> = None;
        for kind in GameKind::ALL {
            if kind.moves_are_throws() {
                if let Some(t) = self.store.team_record(guild, TeamKey::Player(user))? {
                    standing.push(i18n::spans(
                        locale,
                        &Message::new("profile-team-line")
                            .str("game", game_name(locale, kind))
                            .num("games", t.games as i64)
                            .num("wins", t.wins as i64)
                            .num("counters", t.counters_won as i64),
                    ));
                }
                continue;
            }
            let Some(r) = self.store.rating(guild, kind, user)? else { continue };
            standing.push(i18n::spans(
                locale,
                &Message::new("profile-line")
                    .str("game", game_name(locale, kind))
                    .str("rating", shown(&r))
                    .num("wins", r.wins as i64)
                    .num("draws", r.draws as i64)
                    .num("losses", r.losses as i64)
                    .num("streak", r.streak as i64),
            ));
            if chart.as_ref().is_none_or(|(_, c)| r.games > c.games) {
                chart = Some((kind, r));
            }
        }
        let (recent, computer) = self.player_games(guild, locale, user)?;
        if standing.is_empty() && computer.is_empty() && recent.is_empty() {
            return Err(Message::new("profile-empty").name("player", name).into());
        }
        let chart = chart.filter(|(_, r)| !r.history.is_empty());
        Ok(PlayerPage { title, standing, computer, recent, chart })
    }

    /// A player's last five finished games of this server (newest first, one line each) and their results
    /// against each of the computer's levels (every finished game, not only the last).
    fn player_games(&self, guild: GuildId, locale: Locale, user: UserId) -> Result<(Vec<Text>, Vec<Text>), Fail> {
        let mut recent = Vec::new();
        // Won, drawn, lost against each of the computer's levels.
        let mut against: [[u32; 3]; 5] = [[0; 3]; 5];
        // The player's games of this server alone (its own index), newest first.
        for (id, _, _) in self.store.player_finished_games(guild, user)? {
            let Some(g) = self.store.game(id)? else { continue };
            if g.guild != guild || g.imported.is_some() {
                continue;
            }
            let Status::Finished { winner, .. } = g.status else { continue };
            let mine = g.sides_of(user, &[]);
            let Some(&side) = mine.first() else { continue };
            let (result, column) = match winner {
                Some(w) if w == side => ("profile-won", 0),
                Some(_) => ("profile-lost", 2),
                None => ("profile-drew", 1),
            };
            if let Some(level) = g.computer.map(|c| usize::from(c.level.clamp(1, 5)) - 1) {
                against[level][column] += 1;
            }
            if recent.len() == 5 {
                continue;
            }
            recent.push(Text::plain(format!("{} #{}: ", game_name(locale, g.kind), g.id)).and_text(&i18n::spans(
                locale,
                &Message::new(result).name("opponent", g.side_label(side.other(), locale)),
            )));
        }
        let computer = against
            .iter()
            .enumerate()
            .filter(|(_, r)| r.iter().sum::<u32>() > 0)
            .map(|(level, [won, drawn, lost])| {
                i18n::spans(
                    locale,
                    &Message::new("profile-computer")
                        .num("level", (level + 1) as i64)
                        .num("wins", *won)
                        .num("draws", *drawn)
                        .num("losses", *lost),
                )
            })
            .collect();
        Ok((recent, computer))
    }

    /// A player's ratings, records and last games as a reply, with the chart of the game they played most.
    pub(in crate::table) fn profile(&self, actor: &Actor, user: UserId, name: &str) -> Answer {
        let locale = actor.locale;
        let page = self.player_page(actor.guild, locale, user, name)?;
        let mut lines = vec![page.title];
        lines.extend(page.standing);
        lines.extend(page.computer);
        if !page.recent.is_empty() {
            lines.push(i18n::spans(locale, &Message::new("profile-recent")));
            lines.extend(page.recent.into_iter().map(|line| Text::plain("• ").and_text(&line)));
        }
        let image = page.chart.map(|(kind, r)| rating_chart(locale, name, kind, &r));
        Ok(vec![Reply { text: Text::join(lines, "\n"), image, ..Reply::default() }])
    }
}

fn table_headers(locale: Locale) -> [String; 5] {
    ["table-rank", "table-player", "table-rating", "table-games", "table-win-rate"]
        .map(|id| i18n::text(locale, &Message::new(id)))
}

fn team_headers(locale: Locale) -> [String; 5] {
    ["table-rank", "table-team", "table-wins", "table-games", "table-counters"]
        .map(|id| i18n::text(locale, &Message::new(id)))
}

/// The first 25 teams' records, a row each: rank, name, wins, games, counters won.
fn team_rows(records: &[(TeamKey, crate::store::TeamRecord)]) -> Vec<Vec<String>> {
    records
        .iter()
        .take(25)
        .enumerate()
        .map(|(i, (_, t))| {
            let cells = [(i + 1) as u32, 0, t.wins, t.games, t.counters_won];
            let mut row: Vec<String> = cells.iter().map(u32::to_string).collect();
            row[1] = t.name.clone();
            row
        })
        .collect()
}

/// A page of one list of a game's ratings.
struct Ranked {
    title: String,
    provisional: bool,
    page: usize,
    pages: usize,
    /// Players on the other list (provisional when this one is established, and the other way round).
    others: usize,
    entries: Vec<(UserId, render::table::Row)>,
}

/// The chart of a player's rating in one game, with its description.
fn rating_chart(locale: Locale, name: &str, kind: GameKind, r: &Rating) -> Image {
    let ratings = r.history.iter().map(|(_, value)| value.round() as i64);
    let (high, low) = (ratings.clone().max().unwrap_or(0), ratings.min().unwrap_or(0));
    let trend = Message::new("describe-rating-chart")
        .name("player", name)
        .str("game", game_name(locale, kind))
        .num("points", r.history.len() as i64)
        .num("from", r.history.first().map_or(0, |h| h.1.round() as i64))
        .num("to", r.history.last().map_or(0, |h| h.1.round() as i64))
        .num("high", high)
        .num("low", low);
    Image {
        file_name: format!("rating-{}.png", kind.name()),
        png: render::chart::rating_png(&format!("{} · {}", name, game_name(locale, kind)), &r.history),
        description: crate::table::describe::cut(&i18n::text(locale, &trend)),
    }
}

/// A player's page as data.
#[derive(Debug, Clone)]
pub struct PlayerPage {
    pub title: Text,
    /// A line a game: the rating and record (a team game's record).
    pub standing: Vec<Text>,
    /// A line a level of the computer played: won, drawn, lost.
    pub computer: Vec<Text>,
    /// The last five finished games of the server, newest first.
    pub recent: Vec<Text>,
    /// The game whose rating is charted (the one played most), and that rating.
    pub chart: Option<(GameKind, Rating)>,
}
