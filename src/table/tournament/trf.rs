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

/// A player's round in a report file: the opponent's starting rank (0 for none), the colour, the result (blank
/// while not decided).
pub type Cell = (usize, char, char);

/// A report file as read back: each player's rounds (from their starting rank 1 up), and the number of rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub rounds: usize,
    /// `cells[p][r]`: player p's round r.
    pub cells: Vec<Vec<Cell>>,
}

/// Reads the player lines and `XXR` of a report file, as bbpPairings reads them; `Err` says what is wrong.
pub fn read(text: &str) -> Result<Report, String> {
    let mut rounds = None;
    let mut players: Vec<(usize, Vec<Cell>)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let at = |what: &str| format!("line {}: {what}", n + 1);
        if let Some(r) = line.strip_prefix("XXR") {
            rounds = Some(r.trim().parse::<usize>().map_err(|_| at("XXR is not a number of rounds"))?);
            continue;
        }
        if !line.starts_with("001") {
            continue;
        }
        // Columns are characters (a name may hold letters of more than one byte).
        let line: Vec<char> = line.chars().collect();
        let columns = |from: usize, to: usize| -> String { line.iter().skip(from).take(to - from).collect() };
        let rank = columns(4, 8).trim().parse::<usize>().map_err(|_| at("no starting rank"))?;
        let mut cells = Vec::new();
        let mut start = 91;
        while start < line.len() {
            let opponent = columns(start, start + 4);
            let opponent = opponent.trim();
            let opponent =
                if opponent.is_empty() { 0 } else { opponent.parse().map_err(|_| at("a round's opponent"))? };
            let colour = line.get(start + 5).copied().unwrap_or('-');
            let result = line.get(start + 7).copied().unwrap_or(' ');
            cells.push((opponent, colour, result));
            start += 10;
        }
        players.push((rank, cells));
    }
    players.sort_by_key(|(rank, _)| *rank);
    if players.iter().enumerate().any(|(i, (rank, _))| *rank != i + 1) {
        return Err("the players' starting ranks are not 1, 2, 3, …".into());
    }
    let rounds = rounds.ok_or("no XXR line: the number of rounds is not given")?;
    let cells: Vec<_> = players.into_iter().map(|(_, cells)| cells).collect();
    if cells.iter().flatten().any(|&(opponent, _, _)| opponent > cells.len()) {
        return Err("an opponent who is not in the file".into());
    }
    Ok(Report { rounds, cells })
}

/// The next round of a report's Swiss, paired as a tournament of the table pairs it (the same function), in the
/// output of bbpPairings' `-p`: the number of pairs (a bye counted), then `white black` by starting rank, the
/// bye as `rank 0` last. A player whose cell of that round says they are out (`-`, `Z`, `H`, `F`) is not paired.
pub fn pair_next(report: &Report) -> Result<String, String> {
    let n = report.cells.len();
    // A round is played once a game of it has a result (or its pairing-allocated bye is given); a player's mark
    // of absence for a round to come does not play it.
    let round_played = |r: usize| {
        report
            .cells
            .iter()
            .any(|c| c.get(r).is_some_and(|&(opponent, _, result)| (opponent > 0 && result != ' ') || result == 'U'))
    };
    let played = (0..report.rounds.max(1)).take_while(|&r| round_played(r)).count();
    if played >= report.rounds {
        return Err(format!("all {} rounds are played: there is no round left to pair", report.rounds));
    }
    let (mut games, mut byes, mut extra) = (Vec::new(), Vec::new(), vec![0.0; n]);
    for (p, cells) in report.cells.iter().enumerate() {
        for &(opponent, colour, result) in cells.iter().take(played) {
            match result {
                // A game played, counted once (from White's line).
                '1' | '0' | '=' | 'W' | 'L' | 'D' if opponent > 0 && colour == 'w' => {
                    let points = match result {
                        '1' | 'W' => 1.0,
                        '0' | 'L' => 0.0,
                        _ => 0.5,
                    };
                    games.push((p, opponent - 1, points));
                }
                // Points without a game played (the two may meet again): a forfeit win, a bye.
                '+' | 'U' | 'F' => byes.push(p),
                'H' => extra[p] += 0.5,
                _ => {}
            }
        }
    }
    let out = |p: usize| {
        report.cells[p]
            .get(played)
            .is_some_and(|&(opponent, _, result)| opponent == 0 && matches!(result, '-' | 'Z' | 'H' | 'F'))
    };
    let mut players = super::pairing::swiss_players(n, &games, &byes, |p| !out(p));
    for (player, more) in players.iter_mut().zip(&extra) {
        player.score += more;
    }
    let round = super::pairing::swiss(&players);
    let mut text = format!("{}\n", round.pairs.len() + usize::from(round.bye.is_some()));
    for (white, black) in &round.pairs {
        text.push_str(&format!("{} {}\n", white + 1, black + 1));
    }
    if let Some(bye) = round.bye {
        text.push_str(&format!("{} 0\n", bye + 1));
    }
    Ok(text)
}

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
    use crate::store::record::Player;
    use crate::store::tournament::{Entrant, TournamentStatus};

    fn entrant(name: &str) -> Entrant {
        Entrant { player: Player { id: 1, name: name.into() }, dropped: false, role: false, ping: false }
    }

    #[test]
    fn players_and_rounds_sit_in_fides_columns() {
        let t = Tournament {
            id: 1,
            revision: 0,
            guild: 1,
            channel: 1,
            kind: GameKind::Hoyito,
            options: Default::default(),
            format: Format::Swiss { rounds: 3 },
            organiser: 1,
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
