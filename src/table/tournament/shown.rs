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
use crate::table::reply::Reply;
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
            .num("id", tournament as i64)
            .num("round", (round + 1) as i64)
            .name("first", first.as_str())
            .name("second", second.as_str());
        let mut board = self.board_reply(locale, record, &position, vec![intro]);
        let title = format!("{} T{tournament} R{}: {first} – {second}", game_name(locale, record.kind), round + 1);
        board.audience = Audience::GameThread { title: title.chars().take(100).collect(), under: None, parked: true };
        Ok(board)
    }

    pub(in crate::table) fn standings_reply(
        &self,
        locale: Locale,
        t: &Tournament,
        picture: bool,
    ) -> Result<Reply, Fail> {
        let (games, byes) = self.results(t)?;
        let table = standings(t.entrants.len(), &games, &byes);
        let title = i18n::text(
            locale,
            &Message::new(if t.status == TournamentStatus::Finished {
                "tournament-final"
            } else {
                "tournament-standings"
            })
            .num("id", t.id as i64)
            .str("game", game_name(locale, t.kind))
            .num("rounds", t.rounds.len() as i64),
        );
        let mut lines = vec![Text::plain(title.clone())];
        let mut rows = Vec::new();
        for (rank, s) in table.iter().enumerate() {
            let e = &t.entrants[s.player];
            let name = if e.dropped {
                format!("{} ({})", e.player.name, i18n::text(locale, &Message::new("tournament-dropped")))
            } else {
                e.player.name.clone()
            };
            let dropped = if e.dropped {
                format!(" ({})", i18n::text(locale, &Message::new("tournament-dropped")))
            } else {
                String::new()
            };
            lines.push(Text::plain(format!("{}. ", rank + 1)).and_text(&e.named()).and(&format!(
                "{dropped} — {} ({} {}, {} {})",
                points_text(s.points),
                i18n::text(locale, &Message::new("tournament-buchholz")),
                points_text(s.buchholz),
                i18n::text(locale, &Message::new("tournament-sb")),
                points_text(s.sonneborn_berger)
            )));
            rows.push(vec![
                (rank + 1).to_string(),
                name,
                points_text(s.points),
                points_text(s.buchholz),
                points_text(s.sonneborn_berger),
            ]);
        }
        let champion = match (t.status, t.format) {
            (TournamentStatus::Finished, Format::Elimination) => self.bracket_winners(t)?.first().copied(),
            (TournamentStatus::Finished, Format::DoubleElimination) => self.double_champion(t),
            _ => None,
        };
        if let Some(champion) = champion {
            let message = Message::new("tournament-champion").name("player", t.entrants[champion].player.name.as_str());
            lines.insert(1, i18n::spans(locale, &message));
        }
        let description = crate::table::describe::lines(&Text::join(lines.clone(), "\n"));
        if picture && t.format == Format::DoubleElimination {
            let image = crate::table::reply::Image {
                description,
                file_name: format!("tournament-{}-bracket.png", t.id),
                png: crate::render::bracket::double_bracket_png(
                    &title,
                    &self.double_bracket_parts(t, locale)?,
                    &i18n::text(locale, &Message::new("tournament-bye")),
                ),
            };
            return Ok(Reply { text: Text::join(lines, "\n"), image: Some(image), ..Reply::default() });
        }
        if picture && t.format == Format::Elimination {
            let games = self.bracket_games(t)?;
            let image = crate::table::reply::Image {
                description,
                file_name: format!("tournament-{}-bracket.png", t.id),
                png: crate::render::bracket::bracket_png(
                    &title,
                    &round_names(locale, games.len()),
                    &games,
                    &i18n::text(locale, &Message::new("tournament-bye")),
                ),
            };
            return Ok(Reply { text: Text::join(lines, "\n"), image: Some(image), ..Reply::default() });
        }
        let image = picture.then(|| {
            let headers = ["#", "table-player", "tournament-points", "tournament-buchholz", "tournament-sb"]
                .map(|id| if id == "#" { "#".to_string() } else { i18n::text(locale, &Message::new(id)) });
            crate::table::reply::Image {
                description,
                file_name: format!("tournament-{}-standings.png", t.id),
                png: crate::render::table::standings_png(&title, &headers, &rows),
            }
        });
        Ok(Reply { text: Text::join(lines, "\n"), image, ..Reply::default() })
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
