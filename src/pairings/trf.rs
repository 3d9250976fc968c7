//! A tournament as a FIDE tournament report file (TRF-16), so an organiser can take it to another tool: the
//! header lines, one `001` line a player (starting rank, name, points, rank, then each round's opponent, colour
//! and result in FIDE's fixed columns), and the lines bbpPairings reads besides (`XXR`, the number of rounds;
//! `XXC white1`, the top player's colour in round 1). The first side of a game is White. A game decided without
//! being played (a withdrawn player's, or one nobody moved in) is a forfeit (`+`/`-`); a bye worth a win is the
//! pairing-allocated bye (`0000 - U`); a round a player is not in is `0000 - Z`.

use std::fmt::Write;

use crate::store::Tournament;
use crate::store::tournament::Format;

/// A round's result for one player, as the report writes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Played {
    /// Against the player of this starting rank (from 1), as White or not, with these points (1, ½, 0), forfeit or
    /// not; `points` `None` while the game is on.
    Game { opponent: usize, white: bool, points: Option<f64>, forfeit: bool },
    /// The pairing-allocated bye (worth a win).
    Bye,
    /// Not paired this round (withdrawn, or not in it).
    Absent,
}

/// The report of `t`, whose players' starting ranks are their places in `t.entrants` (from 1), `rounds` the
/// tournament's number of rounds, and `results[r][p]` player p's result in round r.
pub fn write(t: &Tournament, rounds: usize, results: &[Vec<Played>], title: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", one_line(title));
    let _ = writeln!(out, "022 Discord");
    let _ = writeln!(out, "042 {}", date(t.created_at));
    let _ = writeln!(out, "062 {}", t.entrants.len());
    let kind = match t.format {
        Format::Swiss { .. } => "Swiss",
        Format::RoundRobin { legs: 1 } => "Round robin",
        Format::RoundRobin { .. } => "Double round robin",
        Format::Elimination => "Single elimination",
        Format::DoubleElimination => "Double elimination",
    };
    let _ = writeln!(out, "092 {kind}");
    let points_of = |p: usize| -> f64 {
        results
            .iter()
            .map(|round| match round.get(p) {
                Some(Played::Game { points: Some(x), .. }) => *x,
                Some(Played::Bye) => 1.0,
                _ => 0.0,
            })
            .sum()
    };
    // Rank: by points, then starting rank (the report's own order).
    let mut order: Vec<usize> = (0..t.entrants.len()).collect();
    order.sort_by(|&a, &b| points_of(b).total_cmp(&points_of(a)).then(a.cmp(&b)));
    let mut rank = vec![0; t.entrants.len()];
    for (place, &p) in order.iter().enumerate() {
        rank[p] = place + 1;
    }
    for (p, entrant) in t.entrants.iter().enumerate() {
        let name: String = one_line(&entrant.player.name).chars().take(33).collect();
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4} {:>3} {:>11} {:>10} {:>4} {:>4}",
            p + 1,
            name,
            "",
            "",
            "",
            "",
            points(points_of(p)),
            rank[p]
        );
        for round in results {
            let cell = match round.get(p).copied().unwrap_or(Played::Absent) {
                Played::Game { opponent, white, points, forfeit } => {
                    let colour = if white { 'w' } else { 'b' };
                    let result = match (points, forfeit) {
                        (None, _) => ' ',
                        (Some(x), true) if x > 0.5 => '+',
                        (Some(_), true) => '-',
                        (Some(x), false) if x > 0.5 => '1',
                        (Some(x), false) if x < 0.5 => '0',
                        (Some(_), false) => '=',
                    };
                    format!("{opponent:>4} {colour} {result}")
                }
                Played::Bye => "0000 - U".to_string(),
                Played::Absent => "0000 - Z".to_string(),
            };
            let _ = write!(line, "  {cell}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(out, "XXR {rounds}");
    // The colour of the first player listed in round 1 decides the alternation of its pairs.
    let first_white = results.first().and_then(|round| {
        round.iter().find_map(|r| match r {
            Played::Game { white, .. } => Some(*white),
            _ => None,
        })
    });
    if let Some(white) = first_white {
        let _ = writeln!(out, "XXC {}", if white { "white1" } else { "black1" });
    }
    out
}

pub use super::trf_read::{Bounds, pair_next, read};

/// Points as the report writes them: `2.5`, `3.0`.
fn points(x: f64) -> String {
    format!("{x:.1}")
}

fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// A moment's date as the report writes it, `YYYY/MM/DD`.
fn date(at: u64) -> String {
    crate::dates::date(at).replace('-', "/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::store::record::ChannelId;
    use crate::store::record::GuildId;
    use crate::store::record::Player;
    use crate::store::tournament::{Entrant, TournamentStatus};

    fn entrant(name: &str) -> Entrant {
        Entrant {
            player: Player { id: crate::store::record::UserId(1), name: name.into() },
            dropped: false,
            role: false,
            ping: false,
        }
    }

    #[test]
    fn players_and_rounds_sit_in_fides_columns() {
        let t = Tournament {
            id: crate::store::record::TournamentId(1),
            revision: 0,
            guild: GuildId(1),
            channel: ChannelId(1),
            kind: GameKind::Hoyito,
            options: Default::default(),
            format: Format::Swiss { rounds: 3 },
            organiser: crate::store::record::UserId(1),
            max_players: None,
            signup_until: None,
            status: TournamentStatus::Running,
            entrants: vec![entrant("ana"), entrant("ben"), entrant("cy")],
            rounds: Vec::new(),
            log: Vec::new(),
            created_at: 1_800_000_000,
        };
        let game =
            |opponent, white, points: f64| Played::Game { opponent, white, points: Some(points), forfeit: false };
        let results = vec![
            vec![game(2, true, 1.0), game(1, false, 0.0), Played::Bye],
            vec![game(3, false, 0.5), Played::Absent, game(1, true, 0.5)],
        ];
        let trf = write(&t, 3, &results, "Hoyito II cup");
        let lines: Vec<&str> = trf.lines().collect();
        assert_eq!(lines[0], "012 Hoyito II cup");
        assert!(lines.contains(&"042 2027/01/15"), "{trf}");
        let ana = lines.iter().find(|l| l.starts_with("001    1")).expect("ana's line");
        assert_eq!(&ana[14..17], "ana");
        assert_eq!(&ana[80..84], " 1.5", "points at columns 81-84: {ana:?}");
        assert_eq!(&ana[85..89], "   1", "rank at columns 86-89");
        assert_eq!(&ana[91..99], "   2 w 1", "round 1 at columns 92-99");
        assert_eq!(&ana[101..109], "   3 b =", "round 2 at columns 102-109");
        let cy = lines.iter().find(|l| l.starts_with("001    3")).unwrap();
        assert_eq!(&cy[91..99], "0000 - U", "the pairing-allocated bye");
        let ben = lines.iter().find(|l| l.starts_with("001    2")).unwrap();
        assert_eq!(&ben[101..109], "0000 - Z");
        assert!(lines.contains(&"XXR 3") && lines.contains(&"XXC white1"), "{trf}");
    }
}
