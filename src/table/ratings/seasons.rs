//! Seasons of a game's leaderboard in a server: an organiser begins one (`/season start`), optionally with a
//! period after which the next begins by itself. Ratings go on across seasons; each season has its own standings
//! of the rated games that ended within it (games, points, the rating gained or lost), read from the server's
//! finished games, so a season needs no record of its own beyond when it began. The current season's standings
//! are the server's default leaderboard of the game; past seasons, and the ratings of all time, stay one button
//! away.

use std::collections::HashMap;

use crate::games::{GameKind, Side};
use crate::i18n::{self, Locale, Message, Text};
use crate::render;
use crate::store::record::{GuildId, Status, Timestamp, UserId};
use crate::store::settings::{SeasonStart, Seasons};
use crate::store::{SettingsWrite, Unit};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Fail};
use crate::table::naming::game_name;
use crate::table::reply::{Button, ButtonStyle, Image, Reply};
use crate::table::write::AtWork;

/// How many players a season's standings show.
const SHOWN: usize = 20;

/// Where a season begins: at a moment, and, when an organiser began it, after the server's rated result `after`
/// (so a game counted after it belongs to it even within the same second); a season that began by itself
/// holds the games that ended from its moment on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    pub at: Timestamp,
    pub after: Option<u64>,
}

impl Bound {
    /// Whether a rated game (its result's place among the server's, and when it ended) came after this bound.
    fn passed_by(self, sequence: u64, ended: Timestamp) -> bool {
        match self.after {
            Some(after) => sequence > after,
            None => ended >= self.at,
        }
    }
}

/// A season: its number (from 1), where it began, and where the next began (`None` for the current one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Season {
    pub number: u32,
    pub from: Bound,
    pub until: Option<Bound>,
}

impl Season {
    fn holds(&self, sequence: u64, ended: Timestamp) -> bool {
        self.from.passed_by(sequence, ended) && !self.until.is_some_and(|u| u.passed_by(sequence, ended))
    }
}

/// The seasons of a plan at `now`: those an organiser began, then, with a period, one every period after the
/// last of those, up to `now`.
pub fn seasons(plan: &Seasons, now: Timestamp) -> Vec<Season> {
    let mut starts: Vec<Bound> =
        plan.starts.iter().filter(|s| s.at <= now).map(|s| Bound { at: s.at, after: Some(s.after) }).collect();
    starts.sort_by_key(|b| (b.at, b.after));
    if let (Some(&last), Some(every)) = (starts.last(), plan.every.filter(|&e| e > 0)) {
        let mut next = last.at + every;
        while next <= now {
            starts.push(Bound { at: next, after: None });
            next += every;
        }
    }
    let ends = starts.iter().skip(1).map(|&s| Some(s)).chain(std::iter::once(None));
    starts
        .iter()
        .zip(ends)
        .enumerate()
        .map(|(i, (&from, until))| Season { number: i as u32 + 1, from, until })
        .collect()
}

/// A player's season: rated games ended in it, points (a win 1, a draw ½), and the rating gained or lost.
#[derive(Debug, Clone, Default, PartialEq)]
struct Line {
    name: String,
    games: u32,
    points: f64,
    change: i32,
}

impl AtWork<'_> {
    /// Begins a new season of `kind` now (organisers), with the period of the next ones when given.
    pub(in crate::table) fn season_start(
        &self,
        actor: &Actor,
        kind: GameKind,
        every: Option<u64>,
        now: Timestamp,
    ) -> Answer {
        if !self.is_organiser(actor)? {
            return Err(Message::new("season-organisers-only").into());
        }
        if kind.moves_are_throws() {
            return Err(Message::new("season-chance").str("game", game_name(actor.locale, kind)).into());
        }
        let mut settings = self.store.guild_settings(actor.guild)?;
        let base = settings.revision;
        let after = self.store.last_rating_sequence(actor.guild)?;
        // A season that began by itself keeps its place by time: the results counted before it stay before it.
        let finished = self.store.finished_games(actor.guild)?;
        let last_before = |at: Timestamp| {
            finished
                .iter()
                .filter(|(_, _, ended)| *ended < at)
                .filter_map(|(id, _, _)| self.store.game(*id).ok().flatten().and_then(|g| g.rating_sequence))
                .max()
                .unwrap_or(0)
        };
        let plan = settings.seasons.entry(kind.name().to_string()).or_default();
        // The seasons that began by themselves so far become explicit: the period counts from the new one.
        let begun: Vec<SeasonStart> = seasons(plan, now)
            .iter()
            .filter(|s| s.from.after.is_none())
            .map(|s| SeasonStart { at: s.from.at, after: last_before(s.from.at) })
            .collect();
        plan.starts.extend(begun);
        plan.starts.push(SeasonStart { at: now, after });
        if let Some(every) = every {
            plan.every = (every > 0).then_some(every);
        }
        let number = plan.starts.len();
        let every = plan.every;
        let write = SettingsWrite { guild: actor.guild, settings, base: Some(base) };
        self.write(Unit { settings: vec![write], ..Unit::default() })?;
        let message = match every {
            Some(every) => Message::new("season-started-every").str("every", crate::deadlines::format_duration(every)),
            None => Message::new("season-started"),
        };
        let message = message.str("game", game_name(actor.locale, kind)).num("season", number as i64);
        Ok(vec![Reply { text: i18n::spans(actor.locale, &message), ..Reply::default() }])
    }

    /// The standings of a season of `kind` (the current one when `None`), or `None` when the server has no
    /// season of it (its leaderboard is then the ratings').
    pub(in crate::table) fn season_board(
        &self,
        actor: &Actor,
        kind: GameKind,
        number: Option<u32>,
        picture: bool,
        now: Timestamp,
    ) -> Result<Option<Vec<Reply>>, Fail> {
        let locale = actor.locale;
        let settings = self.store.guild_settings(actor.guild)?;
        let all = settings.seasons.get(kind.name()).map(|plan| seasons(plan, now)).unwrap_or_default();
        let Some(current) = all.last().copied() else {
            return match number {
                None => Ok(None),
                Some(_) => Err(Message::new("season-none").str("game", game_name(locale, kind)).into()),
            };
        };
        let season = match number {
            None => current,
            Some(n) => *all.get(n as usize - 1).ok_or_else(|| {
                Message::new("season-unknown").num("season", n as i64).num("seasons", all.len() as i64)
            })?,
        };
        let ranked = self.season_lines(actor.guild, kind, &season)?;
        Ok(Some(vec![season_reply(locale, kind, &season, current.number, &ranked, picture)]))
    }

    /// The season's players ranked: points, then rating gained, then fewer games.
    fn season_lines(&self, guild: GuildId, kind: GameKind, season: &Season) -> Result<Vec<(UserId, Line)>, Fail> {
        let mut lines: HashMap<UserId, Line> = HashMap::new();
        // The server's finished games come latest first: the scan stops at the season's start.
        for (id, game, ended) in self.store.finished_games(guild)? {
            if ended + 1 < season.from.at {
                break;
            }
            if game != kind {
                continue;
            }
            let Some(record) = self.store.game(id)? else { continue };
            let Status::Finished { winner, .. } = record.status else { continue };
            let Some(sequence) = record.rating_sequence else { continue };
            if !season.holds(sequence, ended) {
                continue;
            }
            for side in Side::BOTH {
                let Some(player) = record.player(side) else { continue };
                let line =
                    lines.entry(player.id).or_insert_with(|| Line { name: player.name.clone(), ..Line::default() });
                line.games += 1;
                line.points += match winner {
                    Some(w) if w == side => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                if let Some(change) = record.rating_changes.iter().find(|c| c.user == player.id) {
                    line.change += change.after - change.before;
                }
            }
        }
        let mut ranked: Vec<(UserId, Line)> = lines.into_iter().collect();
        ranked.sort_by(|(ua, a), (ub, b)| {
            b.points.total_cmp(&a.points).then(b.change.cmp(&a.change)).then(a.games.cmp(&b.games)).then(ua.cmp(ub))
        });
        Ok(ranked)
    }
}

/// A season's standings as a reply: its lines, the buttons to the seasons beside it and all time, the picture
/// when asked.
fn season_reply(
    locale: Locale,
    kind: GameKind,
    season: &Season,
    current: u32,
    ranked: &[(UserId, Line)],
    picture: bool,
) -> Reply {
    let heading = match season.until {
        None => Message::new("season-title-current").moment("from", season.from.at),
        Some(until) => Message::new("season-title-past").moment("from", season.from.at).moment("until", until.at),
    }
    .str("game", game_name(locale, kind))
    .num("season", season.number as i64);
    let title = i18n::text(locale, &heading);
    let mut text = vec![i18n::spans(locale, &heading)];
    let points = |p: f64| if p.fract() == 0.0 { format!("{p}") } else { format!("{}½", p.trunc()) };
    let mut rows = Vec::new();
    for (rank, (user, line)) in ranked.iter().take(SHOWN).enumerate() {
        let change = format!("{:+}", line.change);
        let games = i18n::text(locale, &Message::new("leaderboard-games").num("count", line.games as i64));
        let words = i18n::text(locale, &Message::new("season-points").str("points", points(line.points)));
        text.push(
            Text::plain(format!("{}. ", rank + 1))
                .and_player(&line.name, (*user).get())
                .and(&format!(" — {words} · {games} · {change}")),
        );
        rows.push(vec![(rank + 1).to_string(), line.name.clone(), points(line.points), line.games.to_string(), change]);
    }
    if ranked.is_empty() {
        text.push(i18n::spans(locale, &Message::new("season-empty")));
    }
    let button = |label: String, season: u32, enabled: bool| Button {
        id: ButtonId::Season { game: kind, season },
        label,
        enabled,
        style: ButtonStyle::Secondary,
        new_row: false,
    };
    let n = season.number;
    let named = |id: &'static str, season: u32| i18n::text(locale, &Message::new(id).num("season", season as i64));
    let buttons = vec![
        button(named("season-button", n.saturating_sub(1).max(1)), n.saturating_sub(1), n > 1),
        button(named("season-button", n + 1), n + 1, n < current),
        button(i18n::text(locale, &Message::new("season-all-time")), 0, true),
    ];
    let text = Text::join(text, "\n");
    let image = picture.then(|| {
        let headers = ["#", "table-player", "tournament-points", "table-games", "season-change"]
            .map(|id| if id == "#" { "#".to_string() } else { i18n::text(locale, &Message::new(id)) });
        Image {
            file_name: format!("season-{}-{}.png", kind.name(), season.number),
            png: render::table::standings_png(&title, &headers, &rows),
            description: crate::table::describe::lines(&text),
        }
    });
    Reply { text, image, buttons, ..Reply::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seasons_begin_when_an_organiser_says_then_every_period() {
        let begun = |at| SeasonStart { at, after: 0 };
        let plan = Seasons { starts: vec![begun(100), begun(500)], every: Some(1000) };
        let at =
            |now| seasons(&plan, now).iter().map(|s| (s.number, s.from.at, s.until.map(|u| u.at))).collect::<Vec<_>>();
        assert_eq!(at(99), []);
        assert_eq!(at(499), [(1, 100, None)]);
        assert_eq!(at(1499), [(1, 100, Some(500)), (2, 500, None)]);
        assert_eq!(at(2600), [(1, 100, Some(500)), (2, 500, Some(1500)), (3, 1500, Some(2500)), (4, 2500, None)]);
        let once = Seasons { starts: vec![begun(100)], every: None };
        assert_eq!(seasons(&once, 1_000_000).len(), 1);
    }
}
