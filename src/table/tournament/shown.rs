//! What a tournament shows: a game's first board, the standings with tie-breaks (or the bracket of an
//! elimination) as text and picture.

use super::pairing::{self};
use super::standings::standings;
use super::state::{points_text, round_names};
use crate::i18n::{self, Locale, Message, Text};
use crate::store::Tournament;
use crate::store::record::{GameRecord, TournamentPlace};
use crate::store::tournament::{Format, TournamentStatus};
use crate::table::naming::game_name;
use crate::table::write::Turn;
use crate::table::{Fail, Reply};

impl Turn<'_> {
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
        board.open_thread = Some(title.chars().take(100).collect());
        board.needs_channel = true;
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
        if t.status == TournamentStatus::Finished
            && t.format == Format::Elimination
            && let Some(&champion) = self.bracket_winners(t)?.first()
        {
            {
                lines.insert(
                    1,
                    i18n::spans(
                        locale,
                        &Message::new("tournament-champion").name("player", t.entrants[champion].player.name.as_str()),
                    ),
                );
            }
        }
        let description = crate::table::describe::lines(&Text::join(lines.clone(), "\n"));
        if picture && t.format == Format::Elimination {
            let games = self.bracket_games(t)?;
            let image = crate::table::Image {
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
            crate::table::Image {
                description,
                file_name: format!("tournament-{}-standings.png", t.id),
                png: crate::render::table::standings_png(&title, &headers, &rows),
            }
        });
        Ok(Reply { text: Text::join(lines, "\n"), image, ..Reply::default() })
    }

    /// The bracket as drawn: every round's games in bracket order (the latest game of a replayed slot), the
    /// rounds not yet played as empty games.
    pub(super) fn bracket_games(&self, t: &Tournament) -> Result<Vec<Vec<crate::render::bracket::Game>>, Fail> {
        use crate::render::bracket::Game;
        let name = |i: usize| Some(t.entrants[i].player.name.clone());
        let size = t.entrants.len().next_power_of_two();
        let mut rounds: Vec<Vec<Game>> = Vec::new();
        for (r, round) in t.rounds.iter().enumerate() {
            let mut games = Vec::new();
            if r == 0 {
                for (slot, pair) in pairing::bracket(t.entrants.len()).into_iter().enumerate() {
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
