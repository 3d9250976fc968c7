//! Ratings: Glicko-2 (skillratings) per server and game for two-player games, updated the moment a rated game
//! ends, in the same store write; Zohn Ahl, a game of chance, keeps team records instead. Also the leaderboard,
//! the profile, and the recomputation of everything from the game records (which must give identical numbers:
//! the same updates in the same order).

use crate::table::write::Turn;
use std::collections::BTreeMap;

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, glicko2};

use super::naming::game_name;
use super::{Actor, Answer, Button, ButtonId, ButtonStyle, Fail, Image, Reply};
use crate::games::{GameKind, Position, Side};
use crate::i18n::{self, Locale, Message, Text};
use crate::render;
use crate::store::rating::{HISTORY_KEPT, RatingChange};
use crate::store::record::{FinishReason, GameRecord, Status, Team, Timestamp, UserId};
use crate::store::{Rating, Standings, StandingsWrite, TeamKey, TeamRecord, Unit, WriteError};

/// Players on one leaderboard page.
pub const PAGE: usize = 10;

/// Whether a finished game counts for ratings, and with which result for the first side (1, ½, 0).
fn rated_result(record: &GameRecord) -> Option<Outcomes> {
    let Status::Finished { winner, reason } = record.status else { return None };
    if reason == FinishReason::Forfeit {
        return None;
    }
    if !record.rated
        || record.kind.moves_are_throws()
        || record.seats.len() != 2
        || record.seats[0].id == record.seats[1].id
    {
        return None;
    }
    // A game the loser resigned or lost on time without ever moving does not count (so a rating cannot be farmed from abandoned games).
    if let Some(w) = winner
        && matches!(reason, FinishReason::Resignation | FinishReason::Timeout)
    {
        let loser = record.seats[w.other().index()].id;
        if !record.moves.iter().any(|m| m.by == loser) {
            return None;
        }
    }
    Some(match winner {
        Some(Side::First) => Outcomes::WIN,
        Some(Side::Second) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    })
}

/// A rating after one more game.
fn rated(
    mut rating: Rating,
    after: &skillratings::glicko2::Glicko2Rating,
    score: f64,
    at: Timestamp,
    name: &str,
) -> Rating {
    rating.name = name.to_string();
    rating.rating = after.rating;
    rating.deviation = after.deviation;
    rating.volatility = after.volatility;
    rating.games += 1;
    if score == 1.0 {
        rating.wins += 1;
        rating.streak = rating.streak.max(0) + 1;
    } else if score == 0.0 {
        rating.losses += 1;
        rating.streak = rating.streak.min(0) - 1;
    } else {
        rating.draws += 1;
        rating.streak = 0;
    }
    rating.history.push((at, after.rating));
    if rating.history.len() > HISTORY_KEPT {
        rating.history.remove(0);
    }
    rating
}

fn glicko(r: &Rating) -> skillratings::glicko2::Glicko2Rating {
    skillratings::glicko2::Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

/// The Glicko-2 update of a rated game from the players' ratings before it: their ratings after, and the change
/// shown in the result post. The one function both the live update and the recomputation use.
fn update(record: &GameRecord, outcome: Outcomes, before: [Rating; 2]) -> ([Rating; 2], Vec<RatingChange>) {
    let (a, b) = glicko2(&glicko(&before[0]), &glicko(&before[1]), &outcome, &Glicko2Config::new());
    let score = match outcome {
        Outcomes::WIN => 1.0,
        Outcomes::LOSS => 0.0,
        Outcomes::DRAW => 0.5,
    };
    let shown = [before[0].rating, before[1].rating];
    let at = record.updated_at;
    let [first, second] = before;
    let after =
        [rated(first, &a, score, at, &record.seats[0].name), rated(second, &b, 1.0 - score, at, &record.seats[1].name)];
    let changes = (0..2)
        .map(|i| RatingChange {
            user: record.seats[i].id,
            before: shown[i].round() as i32,
            after: after[i].rating.round() as i32,
            provisional: after[i].provisional(),
        })
        .collect();
    (after, changes)
}

/// Whose records a finished team game updates, by side: a role or single player, or each member of a team of
/// named players (who keep no shared record).
fn team_keys(record: &GameRecord) -> Vec<(TeamKey, String, Side)> {
    let mut keys = Vec::new();
    for side in Side::BOTH {
        match record.teams.get(side.index()) {
            Some(Team::Players { players }) if players.len() > 1 => {
                keys.extend(players.iter().map(|p| (TeamKey::Player(p.id), p.name.clone(), side)));
            }
            Some(team) => keys.extend(team_key(team).map(|(k, n)| (k, n, side))),
            None => keys.extend(record.player(side).map(|p| (TeamKey::Player(p.id), p.name.clone(), side))),
        }
    }
    keys
}

/// A team's record after one more game (the live update and the recomputation share it).
fn team_after(
    mut team: TeamRecord,
    name: String,
    side: Side,
    winner: Option<Side>,
    position: Option<&Position>,
) -> TeamRecord {
    team.name = name;
    team.games += 1;
    team.wins += u32::from(winner == Some(side));
    if let Some(Position::ZohnAhl(game)) = position {
        team.counters_won += u32::from(game.counters(side));
    }
    team
}

/// A rating as people read it: `1630? ± 120` (`?` while provisional).
fn shown(r: &Rating) -> String {
    format!("{:.0}{} ± {:.0}", r.rating, if r.provisional() { "?" } else { "" }, r.deviation)
}

/// A Zohn Ahl team's key and name.
fn team_key(team: &Team) -> Option<(TeamKey, String)> {
    match team {
        Team::Role { id, name, .. } => Some((TeamKey::Role(*id), format!("@{name}"))),
        Team::Players { players } if players.len() == 1 => {
            Some((TeamKey::Player(players[0].id), players[0].name.clone()))
        }
        // A team of several named players keeps no shared record; each player's own is below.
        Team::Players { .. } => None,
    }
}

/// Ratings and team records as a change sees them: read from the store the first time they are needed (none
/// for a recomputation, which starts from nothing), then updated in memory, result after result. The live
/// update and the recomputation count results with the same [`Tally::count`].
pub(super) struct Tally<'a> {
    store: Option<&'a dyn crate::store::Store>,
    ratings: BTreeMap<(u64, GameKind, UserId), Rating>,
    teams: BTreeMap<(u64, TeamKey), TeamRecord>,
    /// Each server's rating sequence, as read (what the write is checked against) and the last given.
    sequences: BTreeMap<u64, (u64, u64)>,
}

impl<'a> Tally<'a> {
    /// A tally over the store's ratings, each server from its last rating sequence.
    pub fn live(store: &'a dyn crate::store::Store) -> Tally<'a> {
        Tally { store: Some(store), ratings: BTreeMap::new(), teams: BTreeMap::new(), sequences: BTreeMap::new() }
    }

    /// A tally from nothing (a recomputation).
    pub fn empty() -> Tally<'static> {
        Tally { store: None, ratings: BTreeMap::new(), teams: BTreeMap::new(), sequences: BTreeMap::new() }
    }

    /// Reads `guild`'s rating sequence the first time: before any of its ratings, so that a result counted
    /// after these were read moves the sequence and refuses the write.
    fn open(&mut self, guild: u64) -> Result<(), Fail> {
        if !self.sequences.contains_key(&guild) {
            let base = match self.store {
                Some(store) => store.last_rating_sequence(guild)?,
                None => 0,
            };
            self.sequences.insert(guild, (base, base));
        }
        Ok(())
    }

    /// The next rating sequence of `guild`.
    fn next_sequence(&mut self, guild: u64) -> Result<u64, Fail> {
        self.open(guild)?;
        let entry = self.sequences.entry(guild).or_default();
        entry.1 += 1;
        Ok(entry.1)
    }

    /// Counting goes on in `guild` after sequence `last` (a recomputation replaying the stored order).
    pub fn resume_at(&mut self, guild: u64, last: u64) {
        self.sequences.entry(guild).or_insert((last, last)).1 = last;
    }

    /// The sequences the tally started from, by server: what its write is checked against.
    pub fn bases(&self) -> Vec<(u64, u64)> {
        self.sequences.iter().map(|(&guild, &(base, _))| (guild, base)).collect()
    }

    fn rating(&mut self, guild: u64, kind: GameKind, user: UserId, name: &str) -> Result<Rating, Fail> {
        if let Some(r) = self.ratings.get(&(guild, kind, user)) {
            return Ok(r.clone());
        }
        let stored = match self.store {
            Some(store) => store.rating(guild, kind, user)?,
            None => None,
        };
        Ok(stored.unwrap_or_else(|| Rating::new(name)))
    }

    fn team(&mut self, guild: u64, key: TeamKey) -> Result<TeamRecord, Fail> {
        if let Some(t) = self.teams.get(&(guild, key)) {
            return Ok(t.clone());
        }
        let stored = match self.store {
            Some(store) => store.team_record(guild, key)?,
            None => None,
        };
        Ok(stored.unwrap_or_default())
    }

    /// Counts a finished game not counted yet (its place in the order of results and, when rated, the rating
    /// changes go into the record); anything else is left alone. `position` is the game's final position
    /// (Zohn Ahl's counters).
    pub fn count(&mut self, record: &mut GameRecord, position: Option<&Position>) -> Result<(), Fail> {
        // An imported game was played elsewhere: it counts for nothing here.
        if !matches!(record.status, Status::Finished { .. })
            || record.rating_sequence.is_some()
            || record.imported.is_some()
        {
            return Ok(());
        }
        self.open(record.guild)?;
        if record.kind.moves_are_throws() {
            let Status::Finished { winner, .. } = record.status else { return Ok(()) };
            for (key, name, side) in team_keys(record) {
                let team = self.team(record.guild, key)?;
                self.teams.insert((record.guild, key), team_after(team, name, side, winner, position));
            }
            record.rating_sequence = Some(self.next_sequence(record.guild)?);
            return Ok(());
        }
        let Some(outcome) = rated_result(record) else { return Ok(()) };
        let b0 = self.rating(record.guild, record.kind, record.seats[0].id, &record.seats[0].name)?;
        let b1 = self.rating(record.guild, record.kind, record.seats[1].id, &record.seats[1].name)?;
        let (after, changes) = update(record, outcome, [b0, b1]);
        record.rating_sequence = Some(self.next_sequence(record.guild)?);
        record.rating_changes = changes;
        let [a0, a1] = after;
        self.ratings.insert((record.guild, record.kind, record.seats[0].id), a0);
        self.ratings.insert((record.guild, record.kind, record.seats[1].id), a1);
        Ok(())
    }

    /// Whether any result was counted.
    pub fn changed(&self) -> bool {
        self.sequences.values().any(|(base, last)| base != last)
    }

    /// What the tally writes: every rating and team record it changed, and each server's last sequence.
    pub fn standings(self) -> Standings {
        Standings {
            sequences: self.sequences.into_iter().map(|(guild, (_, last))| (guild, last)).collect(),
            ratings: self.ratings.into_iter().map(|((g, k, u), r)| (g, k, u, r)).collect(),
            teams: self.teams.into_iter().map(|((g, k), t)| (g, k, t)).collect(),
        }
    }
}

impl Turn<'_> {
    /// Rebuilds every rating and team record from the game records, in the order they were counted, with the
    /// live path's own [`Tally::count`]; the result is identical to what the live updates produced. One unit
    /// of work, refused (and tried again) if a result is counted meanwhile. Returns how many games were counted.
    pub fn recompute_ratings(&self) -> Result<usize, String> {
        for _ in 0..8 {
            let mut games: Vec<GameRecord> = self
                .store
                .all_games()
                .map_err(|e| e.to_string())?
                .into_iter()
                .filter(|g| g.rating_sequence.is_some())
                .collect();
            games.sort_by_key(|g| (g.guild, g.rating_sequence));
            // Each server's sequence as it stands: a result counted meanwhile in one of them refuses the write.
            let mut bases = Vec::new();
            for guild in games.iter().map(|g| g.guild).collect::<std::collections::BTreeSet<_>>() {
                bases.push((guild, self.store.last_rating_sequence(guild).map_err(|e| e.to_string())?));
            }
            let mut tally = Tally::empty();
            for game in &games {
                let position = match game.kind.moves_are_throws() {
                    true => Some(self.position(game).map_err(|e| format!("{e:?}"))?),
                    false => None,
                };
                let mut counted = game.clone();
                counted.rating_sequence = None;
                tally.resume_at(game.guild, game.rating_sequence.unwrap_or(1) - 1);
                tally.count(&mut counted, position.as_ref()).map_err(|e| format!("{e:?}"))?;
            }
            let standings = tally.standings();
            let unit = Unit { standings: Some(StandingsWrite { bases, standings, replace: true }), ..Unit::default() };
            match self.store.commit(&unit) {
                Ok(_) => return Ok(games.len()),
                Err(WriteError::RatingsMoved) => continue,
                Err(e) => return Err(e.to_string()),
            }
        }
        Err("results kept being counted during the recomputation; try again".into())
    }

    /// A page of the leaderboard of a game in the actor's server (provisional players on their own pages),
    /// with buttons to turn pages; as a picture when asked.
    pub(super) fn leaderboard(
        &self,
        actor: &Actor,
        kind: GameKind,
        page: usize,
        provisional: bool,
        picture: bool,
    ) -> Answer {
        let locale = actor.locale;
        if kind.moves_are_throws() {
            return self.team_board(actor, kind, picture);
        }
        let (_, established) = self.store.leaderboard(actor.guild, kind, false, 0, 0)?;
        let (_, unsettled) = self.store.leaderboard(actor.guild, kind, true, 0, 0)?;
        if established == 0 && unsettled == 0 {
            return Err(Message::new("leaderboard-empty").str("game", game_name(locale, kind)).into());
        }
        // Nobody established yet: the provisional players are the leaderboard there is.
        let provisional = provisional || established == 0;
        let (total, others) = if provisional { (unsettled, established) } else { (established, unsettled) };
        let pages = total.div_ceil(PAGE).max(1);
        // A page past the last (an old button, a typed number) shows the last.
        let page = page.min(pages - 1);
        let (entries, _) = self.store.leaderboard(actor.guild, kind, provisional, page * PAGE, PAGE)?;
        let title = i18n::text(
            locale,
            &Message::new(if provisional { "leaderboard-title-provisional" } else { "leaderboard-title" })
                .str("game", game_name(locale, kind))
                .num("page", (page + 1) as i64)
                .num("pages", pages as i64),
        );
        let rows: Vec<render::table::Row> = entries
            .iter()
            .enumerate()
            .map(|(i, (_, r))| render::table::Row {
                rank: (page * PAGE + i + 1) as u32,
                name: r.name.clone(),
                rating: shown(r),
                games: r.games,
                win_rate: (100 * r.wins + 50 * r.draws).checked_div(r.games).unwrap_or(0),
            })
            .collect();
        let mut lines = vec![Text::plain(title.clone())];
        for row in &rows {
            let games = i18n::text(locale, &Message::new("leaderboard-games").num("count", row.games as i64));
            lines.push(
                Text::plain(format!("{}. ", row.rank))
                    .and_name(&row.name)
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
        let image = picture.then(|| Image {
            file_name: format!("leaderboard-{}-{}.png", kind.name(), page + 1),
            png: render::table::leaderboard_png(&title, &rows, &table_headers(locale)),
        });
        Ok(vec![Reply { text: Text::join(lines, "\n"), image, buttons, ..Reply::default() }])
    }

    fn team_board(&self, actor: &Actor, kind: GameKind, picture: bool) -> Answer {
        let locale = actor.locale;
        let records = self.store.team_records(actor.guild)?;
        if records.is_empty() {
            return Err(Message::new("leaderboard-empty").str("game", game_name(locale, kind)).into());
        }
        let title = i18n::text(locale, &Message::new("team-board-title").str("game", game_name(locale, kind)));
        let mut lines = vec![Text::plain(title.clone())];
        let rows: Vec<Vec<String>> = records
            .iter()
            .take(25)
            .enumerate()
            .map(|(i, (_, t))| {
                let cells = [(i + 1) as u32, 0, t.wins, t.games, t.counters_won];
                let mut row: Vec<String> = cells.iter().map(u32::to_string).collect();
                row[1] = t.name.clone();
                row
            })
            .collect();
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
        let image = picture.then(|| {
            let headers = ["table-rank", "table-team", "table-wins", "table-games", "table-counters"]
                .map(|h| i18n::text(locale, &Message::new(h)));
            Image {
                file_name: format!("leaderboard-{}.png", kind.name()),
                png: render::table::team_records_png(&title, &headers, &rows),
            }
        });
        Ok(vec![Reply { text: Text::join(lines, "\n"), image, ..Reply::default() }])
    }

    /// A player's ratings, records, streaks, last games and (for their most played rated game) a chart.
    pub(super) fn profile(&self, actor: &Actor, user: UserId, name: &str) -> Answer {
        let locale = actor.locale;
        let mut lines = vec![i18n::spans(locale, &Message::new("profile-title").name("player", name))];
        let mut chart: Option<(GameKind, Rating)> = None;
        for kind in GameKind::ALL {
            if kind.moves_are_throws() {
                if let Some(t) = self.store.team_record(actor.guild, TeamKey::Player(user))? {
                    lines.push(i18n::spans(
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
            let Some(r) = self.store.rating(actor.guild, kind, user)? else { continue };
            lines.push(i18n::spans(
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
        let mut recent = Vec::new();
        // Won, drawn, lost against each of the computer's levels (every finished game, not only the last).
        let mut against: [[u32; 3]; 5] = [[0; 3]; 5];
        for id in self.store.user_games(user)?.into_iter().rev() {
            let Some(g) = self.store.game(id)? else { continue };
            if g.guild != actor.guild || g.imported.is_some() {
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
            recent.push(Text::plain(format!("• {} #{}: ", game_name(locale, g.kind), g.id)).and_text(&i18n::spans(
                locale,
                &Message::new(result).name("opponent", g.side_label(side.other(), locale)),
            )));
        }
        for (level, [won, drawn, lost]) in against.iter().enumerate().filter(|(_, r)| r.iter().sum::<u32>() > 0) {
            lines.push(i18n::spans(
                locale,
                &Message::new("profile-computer")
                    .num("level", (level + 1) as i64)
                    .num("wins", *won)
                    .num("draws", *drawn)
                    .num("losses", *lost),
            ));
        }
        if lines.len() == 1 && recent.is_empty() {
            return Err(Message::new("profile-empty").name("player", name).into());
        }
        if !recent.is_empty() {
            lines.push(i18n::spans(locale, &Message::new("profile-recent")));
            lines.extend(recent);
        }
        let image = chart.filter(|(_, r)| !r.history.is_empty()).map(|(kind, r)| Image {
            file_name: format!("rating-{}.png", kind.name()),
            png: render::chart::rating_png(&format!("{} · {}", name, game_name(locale, kind)), &r.history),
        });
        Ok(vec![Reply { text: Text::join(lines, "\n"), image, private: false, ..Reply::default() }])
    }
}

fn table_headers(locale: Locale) -> [String; 5] {
    ["table-rank", "table-player", "table-rating", "table-games", "table-win-rate"]
        .map(|id| i18n::text(locale, &Message::new(id)))
}
