//! What a tournament shows: a game's first board, the standings with tie-breaks (or the bracket of an
//! elimination) as text and picture.

use super::state::{points_text, round_names};
use crate::i18n::{self, Locale, Message, Text};
use crate::pairings::standings::standings;
use crate::pairings::systems;
use crate::render::bracket::{Game, Part as BracketPart};
use crate::store::Tournament;
use crate::store::record::{GameRecord, TournamentPlace};
use crate::store::tournament::{Format, TournamentStatus};
use crate::table::fail::Fail;
use crate::table::naming::game_name;
use crate::table::reply::Audience;
use crate::table::reply::{Ranking, Reply};
use crate::table::write::AtWork;

impl AtWork<'_> {
    /// A tournament game's first board, asking for a thread of its own (the announcement of the game).
    pub(in crate::table) fn tournament_board(&self, locale: Locale, record: &GameRecord) -> Result<Reply, Fail> {
        let TournamentPlace { tournament, round, .. } =
            record.tournament.ok_or_else(|| Fail::Internal("not a tournament game".into()))?;
        let first = record.challenger.name.clone();
        let second = record.opponent.as_ref().map(|p| p.name.clone()).unwrap_or_default();
        let position = self.position(record)?;
        let intro = Message::new("tournament-game")
            .num("id", tournament.get() as i64)
            .num("round", (round + 1) as i64)
            .name("first", first.as_str())
            .name("second", second.as_str());
        let mut board = self.board_reply(locale, record, &position, vec![intro]);
        let title = format!("{} T{tournament} R{}: {first} – {second}", game_name(locale, record.kind), round + 1);
        board.audience = Audience::GameThread { title: title.chars().take(100).collect(), under: None, parked: true };
        Ok(board)
    }

    /// A tournament's standings with tie-breaks as data: its title, its champion once it has one, and a row a
    /// player (a dropped player marked so).
    pub(in crate::table) fn standings(&self, locale: Locale, t: &Tournament) -> Result<Standings, Fail> {
        let (games, byes) = self.results(t)?;
        let table = standings(t.entrants.len(), &games, &byes);
        let title = i18n::text(
            locale,
            &Message::new(if t.status == TournamentStatus::Finished {
                "tournament-final"
            } else {
                "tournament-standings"
            })
            .num("id", t.id.get() as i64)
            .str("game", game_name(locale, t.kind))
            .num("rounds", t.rounds.len() as i64),
        );
        let dropped = i18n::text(locale, &Message::new("tournament-dropped"));
        let rows = table
            .iter()
            .enumerate()
            .map(|(rank, s)| {
                let e = &t.entrants[s.player];
                let mut named = e.named();
                if e.dropped {
                    named = named.and(&format!(" ({dropped})"));
                }
                vec![
                    Text::plain((rank + 1).to_string()),
                    named,
                    Text::plain(points_text(s.points)),
                    Text::plain(points_text(s.buchholz)),
                    Text::plain(points_text(s.sonneborn_berger)),
                ]
            })
            .collect();
        let champion = match (t.status, t.format) {
            (TournamentStatus::Finished, Format::Elimination) => self.bracket_winners(t)?.first().copied(),
            (TournamentStatus::Finished, Format::DoubleElimination) => self.double_champion(t),
            _ => None,
        };
        let champion = champion.map(|c| {
            i18n::spans(locale, &Message::new("tournament-champion").name("player", t.entrants[c].player.name.as_str()))
        });
        let headers = ["table-rank", "table-player", "tournament-points", "tournament-buchholz", "tournament-sb"]
            .map(|id| i18n::text(locale, &Message::new(id)))
            .to_vec();
        Ok(Standings { champion, table: Ranking { title, headers, rows } })
    }

    /// A tournament's standings as a reply: a line a player with points and tie-breaks, and (`picture`) the
    /// standings' table, or the bracket of an elimination, as a picture.
    pub(in crate::table) fn standings_reply(
        &self,
        locale: Locale,
        t: &Tournament,
        picture: bool,
    ) -> Result<Reply, Fail> {
        let Standings { champion, table } = self.standings(locale, t)?;
        let title = table.title.clone();
        let mut lines = vec![Text::plain(title.clone())];
        lines.extend(champion);
        let (buchholz, sb) = (&table.headers[3], &table.headers[4]);
        for row in &table.rows {
            let [rank, named, points, bh, s] = &row[..] else { continue };
            lines.push(Text::plain(format!("{}. ", rank.as_str())).and_text(named).and(&format!(
                " — {} ({buchholz} {}, {sb} {})",
                points.as_str(),
                bh.as_str(),
                s.as_str()
            )));
        }
        let text = Text::join(lines, "\n");
        let description = crate::table::describe::lines(&text);
        let bye = i18n::text(locale, &Message::new("tournament-bye"));
        let png = match (picture, t.format) {
            (false, _) => None,
            (true, Format::DoubleElimination) => Some((
                "bracket",
                crate::render::bracket::double_bracket_png(&title, &self.double_bracket_parts(t, locale)?, &bye),
            )),
            (true, Format::Elimination) => {
                let games = self.bracket_games(t)?;
                let png = crate::render::bracket::bracket_png(&title, &round_names(locale, games.len()), &games, &bye);
                Some(("bracket", png))
            }
            (true, _) => {
                let rows: Vec<Vec<String>> =
                    table.rows.iter().map(|row| row.iter().map(|c| c.as_str().to_string()).collect()).collect();
                let headers: [String; 5] = std::array::from_fn(|i| table.headers[i].clone());
                Some(("standings", crate::render::table::standings_png(&title, &headers, &rows)))
            }
        };
        let image = png.map(|(kind, png)| crate::table::reply::Image {
            description,
            file_name: format!("tournament-{}-{kind}.png", t.id),
            png,
        });
        Ok(Reply { text, image, ..Reply::default() })
    }

    /// A double-elimination bracket as drawn: the winners' bracket, the losers' bracket and the final(s), each
    /// match as its latest game shows it (or its bye, or the players known so far); the reset only once it is
    /// to be played.
    fn double_bracket_parts(&self, t: &Tournament, locale: Locale) -> Result<Vec<BracketPart>, Fail> {
        use crate::pairings::double::{self, Outcome, Part};
        let name = |i: usize| Some(t.entrants[i].player.name.clone());
        let bracket = double::matches(t.entrants.len());
        let outcomes = double::outcomes(&bracket, |slot| self.double_result(t, slot));
        let latest = |slot: usize| t.rounds.iter().flat_map(|r| r.pairings.iter()).rev().find(|p| p.slot == slot);
        let mut parts: Vec<BracketPart> = Vec::new();
        for (part, title) in [
            (Part::Winners, "bracket-winners"),
            (Part::Losers, "bracket-losers"),
            (Part::GrandFinal, "bracket-grand-final"),
        ] {
            let mut rounds: Vec<Vec<Game>> = Vec::new();
            for (slot, m) in bracket.iter().enumerate() {
                let in_part = m.part == part || (part == Part::GrandFinal && m.part == Part::Reset);
                if !in_part {
                    continue;
                }
                let game = match (latest(slot), outcomes[slot]) {
                    (Some(p), _) => Game { players: [name(p.first), name(p.second)], winner: self.pairing_winner(p)? },
                    (None, Outcome::Ready(a, b)) => Game { players: [name(a), name(b)], winner: None },
                    (None, Outcome::Decided { winner: Some(w), .. }) => {
                        Game { players: [name(w), None], winner: Some(0) }
                    }
                    // The reset not played (the winners' champion won the grand final) is not drawn.
                    (None, Outcome::Decided { winner: None, .. }) if m.part == Part::Reset => continue,
                    (None, _) => Game { players: [None, None], winner: None },
                };
                let column = if m.part == Part::Reset { 1 } else { m.round - 1 };
                if rounds.len() <= column {
                    rounds.resize(column + 1, Vec::new());
                }
                rounds[column].push(game);
            }
            let names = match part {
                Part::Winners => round_names(locale, rounds.len()),
                Part::Losers => (1..=rounds.len())
                    .map(|r| i18n::text(locale, &Message::new("bracket-round").num("round", r as i64)))
                    .collect(),
                _ => ["bracket-grand-final", "bracket-reset"].map(|id| i18n::text(locale, &Message::new(id))).to_vec(),
            };
            if !rounds.is_empty() {
                parts.push(BracketPart { title: i18n::text(locale, &Message::new(title)), names, rounds });
            }
        }
        Ok(parts)
    }

    /// The bracket as drawn: every round's games in bracket order (the latest game of a replayed slot), the
    /// rounds not yet played as empty games.
    pub(super) fn bracket_games(&self, t: &Tournament) -> Result<Vec<Vec<crate::render::bracket::Game>>, Fail> {
        let name = |i: usize| Some(t.entrants[i].player.name.clone());
        let size = t.entrants.len().next_power_of_two();
        let mut rounds: Vec<Vec<Game>> = Vec::new();
        for (r, round) in t.rounds.iter().enumerate() {
            let mut games = Vec::new();
            if r == 0 {
                for (slot, pair) in systems::bracket(t.entrants.len()).into_iter().enumerate() {
                    let latest = round.pairings.iter().rev().find(|p| p.slot == slot);
                    let game = match (pair, latest) {
                        (_, Some(p)) => {
                            Game { players: [name(p.first), name(p.second)], winner: self.pairing_winner(p)? }
                        }
                        ((a, b), None) => Game {
                            players: [a.and_then(name), b.and_then(name)],
                            winner: Some(if a.is_some() { 0 } else { 1 }),
                        },
                    };
                    games.push(game);
                }
            } else {
                let slots = round.pairings.iter().map(|p| p.slot).max().map_or(0, |m| m + 1);
                for slot in 0..slots {
                    let Some(p) = round.pairings.iter().rev().find(|p| p.slot == slot) else { continue };
                    games.push(Game { players: [name(p.first), name(p.second)], winner: self.pairing_winner(p)? });
                }
            }
            rounds.push(games);
        }
        // The rounds still to come, empty.
        let mut games = rounds.last().map_or(size / 2, Vec::len);
        while games > 1 {
            games /= 2;
            rounds.push((0..games).map(|_| Game { players: [None, None], winner: None }).collect());
        }
        Ok(rounds)
    }
}

/// A tournament's standings as data.
pub(in crate::table) struct Standings {
    /// Who won it, once a finished elimination has a champion.
    pub(in crate::table) champion: Option<Text>,
    pub(in crate::table) table: Ranking,
}

/// A tournament's page as data: its standings, and one round's pairings.
#[derive(Debug, Clone)]
pub struct TournamentPage {
    /// Who won it, once a finished elimination has a champion.
    pub champion: Option<Text>,
    pub standings: Ranking,
    /// The round shown, from 1 (0 before the first is paired), of how many.
    pub round: usize,
    pub rounds: usize,
    /// The round's title and its pairings, a line each.
    pub pairings: Option<(Text, Vec<Text>)>,
}

impl AtWork<'_> {
    /// The page of tournament `id` of `guild` (none of another server's), with round `round` (the latest when
    /// `None`, the last when past it).
    pub(in crate::table) fn tournament_page(
        &self,
        guild: crate::store::GuildId,
        id: u64,
        round: Option<usize>,
        locale: Locale,
    ) -> Result<Option<TournamentPage>, Fail> {
        let Some(t) = self.store.tournament(crate::store::record::TournamentId(id))?.filter(|t| t.guild == guild)
        else {
            return Ok(None);
        };
        let Standings { champion, table } = self.standings(locale, &t)?;
        let rounds = t.rounds.len();
        let round = round.unwrap_or(rounds).min(rounds);
        let pairings = if round >= 1 { Some(self.round_pairings(locale, &t, Some(round))?) } else { None };
        Ok(Some(TournamentPage { champion, standings: table, round, rounds, pairings }))
    }
}
