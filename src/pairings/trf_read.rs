//! Reading a FIDE tournament report file (TRF-16) as bbpPairings reads one to pair its next round: the player
//! lines (`001`, each round's opponent, colour and result in fixed columns), the number of rounds (`XXR` or
//! `142`), the first colour (`XXC white1`/`black1` or `152`, else inferred from the first round with colours),
//! the point system (`162`, `BBW`, `BBD`, `BBL`, `BBZ`, `BBF`, `BBU`), forbidden pairs (`XXP`, `260`) and
//! requested byes of the round to pair (`240`). A mark in the round to pair (`0000 - H`, `Z`, `F`) keeps a
//! player out of it. Accelerated rounds and team files are refused.
//!
//! A file may come from anyone, so every size is checked before anything is allocated for it: the file's bytes,
//! each line's length, the players' pairing numbers, the rounds, the points, and every id a line names (within
//! the field); a refusal names the line and the limit.

use super::dutch::{self, Colour, Match, Outcome, Player, Points, Tournament};

/// The sizes a tournament file may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// Players (pairing numbers 1 to this).
    pub players: usize,
    /// Rounds, played and to play.
    pub rounds: usize,
    /// Bytes of the whole file.
    pub bytes: usize,
}

impl Bounds {
    /// Characters of one line: a player line with every round, and room for trailing blanks.
    pub fn line_chars(&self) -> usize {
        91 + 10 * self.rounds + 16
    }
}

/// Points of one result, in tenths, at most (999.9 points).
const MAX_TENTHS: u32 = 9_999;

/// Why a tournament report file is refused or cannot be paired, in words that name its line and the limit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TrfError(String);

impl From<String> for TrfError {
    fn from(words: String) -> TrfError {
        TrfError(words)
    }
}

impl From<&str> for TrfError {
    fn from(words: &str) -> TrfError {
        TrfError(words.to_string())
    }
}

/// The tournament in `text`, ready to pair its next round; `Err` says what is wrong and where, or which limit
/// the file goes beyond.
pub fn read(text: &str, bounds: &Bounds) -> Result<Tournament, TrfError> {
    if text.len() > bounds.bytes {
        return Err(TrfError(format!(
            "the file has {} bytes; a tournament file has at most {}",
            text.len(),
            bounds.bytes
        )));
    }
    let mut reading = Reading {
        bounds,
        t: Tournament::default(),
        use_rank: false,
        bye_points_given: false,
        byes: Vec::new(),
        forbidden_rounds: Vec::new(),
        read_players: Vec::new(),
    };
    for (n, line) in text.split(['\r', '\n']).enumerate() {
        if line.chars().nth(bounds.line_chars()).is_some() {
            return Err(TrfError(format!(
                "line {}: longer than {} characters (a player line of {} rounds)",
                n + 1,
                bounds.line_chars(),
                bounds.rounds
            )));
        }
        let chars: Vec<char> = line.chars().collect();
        if chars.len() >= 3 {
            reading.line(&Line { number: n + 1, text: line, chars, bounds })?;
        }
    }
    reading.finish()
}

/// One line of the file, with what a refusal names of it.
struct Line<'a> {
    number: usize,
    text: &'a str,
    chars: Vec<char>,
    bounds: &'a Bounds,
}

impl Line<'_> {
    fn prefix(&self) -> String {
        self.chars[..3].iter().collect()
    }

    /// The characters in columns `from..to` (from 0), blanks past the line's end.
    fn field(&self, from: usize, to: usize) -> String {
        (from..to).map(|i| self.chars.get(i).copied().unwrap_or(' ')).collect()
    }

    /// A refusal naming this line (its first 100 characters).
    fn at(&self, what: &str) -> TrfError {
        let shown: String = self.text.chars().take(100).collect();
        let shown = if shown.len() < self.text.len() { format!("{shown}…") } else { shown };
        TrfError(format!("line {}: {what}: {shown:?}", self.number))
    }

    /// `id` when it is within the field's bounds.
    fn within(&self, id: usize) -> Result<usize, TrfError> {
        if id >= self.bounds.players {
            Err(self.at(&format!(
                "pairing number {}: a tournament has at most {} players",
                id + 1,
                self.bounds.players
            )))
        } else {
            Ok(id)
        }
    }

    /// The pairing numbers in 4-column cells 5 apart from column `start` on.
    fn cells(&self, mut start: usize, what: &str) -> Result<Vec<usize>, TrfError> {
        let mut players = Vec::new();
        while start + 4 <= self.chars.len() {
            players.push(self.within(player_id(&self.field(start, start + 4)).ok_or_else(|| self.at(what))?)?);
            start += 5;
        }
        Ok(players)
    }
}

/// What the lines read so far say.
struct Reading<'b> {
    bounds: &'b Bounds,
    t: Tournament,
    /// `XXC rank`: the player lines come in rank order.
    use_rank: bool,
    /// The pairing-allocated bye's points are given apart from a win's.
    bye_points_given: bool,
    /// Requested byes: (round, player).
    byes: Vec<(usize, usize)>,
    /// Forbidden pairs for some rounds only: (players, first round, end round).
    forbidden_rounds: Vec<(Vec<usize>, usize, usize)>,
    /// The pairing numbers that have a player line.
    read_players: Vec<bool>,
}

impl Reading<'_> {
    fn line(&mut self, line: &Line) -> Result<(), TrfError> {
        let at = |what: &str| line.at(what);
        let chars = &line.chars;
        match line.prefix().as_str() {
            "001" => self.player_line(line)?,
            "013" | "310" => return Err(at("team tournaments are not supported")),
            "250" | "XXA" => return Err(at("accelerated rounds are not supported")),
            "299" => return Err(at("abnormal assignment points are not supported")),
            "192" => {
                let kind = line.field(4, chars.len());
                if kind.contains("BAKU") {
                    return Err(at("accelerated rounds are not supported"));
                }
                if !kind.starts_with("FIDE_DUTCH") {
                    return Err(at("only the FIDE Dutch system is supported"));
                }
            }
            "240" => {
                let round = number(&line.field(6, 9)).filter(|&r| r > 0).ok_or_else(|| at("a bye's round"))?;
                self.byes.extend(line.cells(10, "a bye's player")?.into_iter().map(|id| (round - 1, id)));
            }
            "260" => {
                let first = number(&line.field(4, 7)).filter(|&r| r > 0).ok_or_else(|| at("the first round"))?;
                let last = number(&line.field(8, 11)).filter(|&r| r > 0).ok_or_else(|| at("the last round"))?;
                self.forbidden_rounds.push((line.cells(12, "a player")?, first - 1, last));
            }
            "XXP" => {
                let mut players = Vec::new();
                for word in line.field(3, chars.len()).split_whitespace() {
                    players.push(line.within(player_id(word).ok_or_else(|| at("a player"))?)?);
                }
                self.t.forbidden.push(players);
            }
            "142" | "XXR" => {
                let rounds = number(line.field(3, chars.len()).trim()).filter(|&r| r > 0);
                self.t.rounds = rounds.ok_or_else(|| at("not a number of rounds"))?;
                if self.t.rounds > self.bounds.rounds {
                    return Err(at(&format!("a tournament has at most {} rounds", self.bounds.rounds)));
                }
            }
            "XXC" => {
                for word in line.field(3, chars.len()).split_whitespace() {
                    match word {
                        "rank" => self.use_rank = true,
                        "white1" => self.t.initial = Some(Colour::White),
                        "black1" => self.t.initial = Some(Colour::Black),
                        _ => {}
                    }
                }
            }
            "152" => {
                self.t.initial = match line.field(4, chars.len()).trim() {
                    "W" => Some(Colour::White),
                    "B" => Some(Colour::Black),
                    _ => return Err(at("the first colour is W or B")),
                }
            }
            "162" => self.point_system(line)?,
            prefix @ ("BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU") => {
                let points = tenths(line.field(4, 12).trim()).ok_or_else(|| at("points"))?;
                self.points(prefix.chars().nth(2).unwrap_or(' '), points);
            }
            _ => {}
        }
        Ok(())
    }

    /// A `001` line: the player and their rounds.
    fn player_line(&mut self, line: &Line) -> Result<(), TrfError> {
        if line.chars.len() < 84 {
            return Err(line.at("a player line is shorter than 84 characters"));
        }
        let player = read_player(&line.chars, &mut self.t, self.bounds).map_err(|e| line.at(&e.0))?;
        let id = line.within(player.id)?;
        if self.read_players.len() <= id {
            self.read_players.resize(id + 1, false);
            self.t.players.resize_with(id + 1, Player::default);
        }
        if self.read_players[id] {
            return Err(line.at("a pairing number is repeated"));
        }
        self.read_players[id] = true;
        self.t.players[id] = player;
        self.t.by_rank.push(id);
        Ok(())
    }

    /// A `162` line: each result's code and points, nine columns apart.
    fn point_system(&mut self, line: &Line) -> Result<(), TrfError> {
        let mut start = 5;
        while start + 5 <= line.chars.len() {
            let points = tenths(&line.field(start + 1, start + 5)).ok_or_else(|| line.at("points"))?;
            let code = match line.chars[start] {
                'W' => 'W',
                'D' => 'D',
                'L' => 'L',
                'Z' => 'Z',
                'P' => 'U',
                _ => return Err(line.at("a result code of the point system")),
            };
            self.points(code, points);
            if code == 'Z' {
                self.t.points.forfeit_loss = points;
            }
            start += 9;
        }
        Ok(())
    }

    /// The points of one result (`W`, `D`, `L`, `Z` a zero-point bye, `F` a forfeit loss, `U` the
    /// pairing-allocated bye); a win's points are the bye's too unless the bye's are given.
    fn points(&mut self, code: char, points: u32) {
        let p: &mut Points = &mut self.t.points;
        match code {
            'W' => {
                p.win = points;
                if !self.bye_points_given {
                    p.bye = points;
                }
            }
            'D' => p.draw = points,
            'L' => p.loss = points,
            'Z' => p.zero_bye = points,
            'F' => p.forfeit_loss = points,
            _ => {
                p.bye = points;
                self.bye_points_given = true;
            }
        }
    }

    /// The tournament, once every line is read: the names checked, the round to pair completed, the ranks,
    /// byes, forbidden pairs and first colour set.
    fn finish(mut self) -> Result<Tournament, TrfError> {
        if !self.use_rank && self.t.by_rank.len() != self.t.players.len() {
            return Err("a pairing number is missing".into());
        }
        if self.t.players.is_empty() {
            return Err("no players (001 lines)".into());
        }
        self.check_names()?;
        let t = &mut self.t;
        // The round to pair: every player already marked in it means it is complete, and the next one is paired.
        if t.players.iter().all(|p| p.matches.len() > t.played) {
            t.played += 1;
        }
        for player in &mut t.players {
            while player.matches.len() < t.played {
                player.matches.push(Match::absent(player.id));
            }
        }
        if t.rounds == 0 {
            return Err("no XXR line: the number of rounds is not given".into());
        }
        if t.played + 1 > t.rounds {
            return Err(TrfError(format!("all {} rounds are played: there is no round left to pair", t.rounds)));
        }
        if !self.use_rank {
            t.by_rank = (0..t.players.len()).collect();
        }
        for (rank, &id) in t.by_rank.iter().enumerate() {
            t.players[id].rank = rank;
        }
        for &(round, id) in &self.byes {
            let played = t.played;
            if round == played
                && let Some(player) = t.players.get_mut(id)
                && player.matches.len() <= played
            {
                player.matches.push(Match::absent(id));
            }
        }
        for (players, first, end) in self.forbidden_rounds {
            if t.played >= first && t.played < end {
                t.forbidden.push(players);
            }
        }
        if t.initial.is_none() {
            t.initial = first_colour(t);
        }
        if t.initial.is_none() {
            return Err("the first colour is not given (XXC white1 or black1) and no round has colours".into());
        }
        check_colours(t)?;
        t.prepare();
        Ok(self.t)
    }

    /// Every id a line names is a player of the file (the field may have gaps only when ranks are given).
    fn check_names(&self) -> Result<(), TrfError> {
        let t = &self.t;
        let field_size = t.players.len();
        let known = |id: usize| id < field_size && self.read_players[id];
        let outside = t.forbidden.iter().flatten().chain(self.forbidden_rounds.iter().flat_map(|f| f.0.iter()));
        if let Some(id) = outside.chain(self.byes.iter().map(|b| &b.1)).find(|&&id| !known(id)) {
            return Err(TrfError(format!("player {} is named but has no player line (001)", id + 1)));
        }
        for player in &t.players {
            if let Some(m) = player.matches.iter().find(|m| !known(m.opponent)) {
                return Err(TrfError(format!(
                    "player {} met player {}, who has no player line (001)",
                    player.id + 1,
                    m.opponent + 1
                )));
            }
        }
        Ok(())
    }
}

/// Every game played is entered alike by both players (each other as opponent, opposite colours).
fn check_colours(t: &Tournament) -> Result<(), TrfError> {
    for player in &t.players {
        for (r, m) in player.matches.iter().enumerate() {
            if !m.played {
                continue;
            }
            let theirs = t.players.get(m.opponent).and_then(|o| o.matches.get(r));
            if theirs.is_none_or(|o| !o.played || o.colour == m.colour || o.opponent != player.id) {
                return Err(TrfError(format!(
                    "round {} of player {} contradicts the entry of the opponent",
                    r + 1,
                    player.id + 1
                )));
            }
        }
    }
    Ok(())
}

/// The next round of `t`, in bbpPairings' `-p` output: the number of pairs (the bye counted), then `white black`
/// by pairing number, boards in FIDE's order, the bye as `number 0` last.
pub fn pair_next(t: &Tournament) -> Result<String, TrfError> {
    let pairs = dutch::pair(t).map_err(|e| match e {
        dutch::NoPairing::Absolute => "no pairing of the next round satisfies the absolute criteria".to_string(),
        dutch::NoPairing::TooLarge { bits } => {
            format!("the pairing's weights would need {bits} bits, more than the engine's {}", dutch::MAX_WEIGHT_BITS)
        }
    })?;
    let mut text = format!("{}\n", pairs.len());
    for (white, black) in pairs {
        if white == black {
            text.push_str(&format!("{} 0\n", white + 1));
        } else {
            text.push_str(&format!("{} {}\n", white + 1, black + 1));
        }
    }
    Ok(text)
}

/// One `001` line: its rounds from column 92 on, ten characters each.
fn read_player(chars: &[char], t: &mut Tournament, bounds: &Bounds) -> Result<Player, TrfError> {
    let field =
        |from: usize, to: usize| -> String { (from..to).map(|i| chars.get(i).copied().unwrap_or(' ')).collect() };
    let id = player_id(&field(4, 8)).ok_or("no pairing number")?;
    let mut matches = Vec::new();
    let mut skipped = 0;
    let mut start = 91;
    while start < chars.len() {
        let cell: Vec<char> = field(start, start + 8).chars().collect();
        let round = read_round(&cell, id, matches.len() + skipped + 1)?;
        if matches.len() + skipped >= bounds.rounds {
            return Err(TrfError(format!("more than {} rounds", bounds.rounds)));
        }
        match round {
            None => skipped += 1,
            Some(m) => {
                for _ in 0..skipped {
                    matches.push(Match::absent(id));
                }
                skipped = 0;
                t.played = t.played.max(matches.len());
                let paired = m.paired;
                matches.push(m);
                if paired {
                    t.played = t.played.max(matches.len());
                }
            }
        }
        start += 10;
    }
    Ok(Player::new(id, matches))
}

/// One round's cell of player `id`'s line (opponent, colour, result): `None` when it is blank.
fn read_round(cell: &[char], id: usize, round: usize) -> Result<Option<Match>, TrfError> {
    let opponent_text: String = cell[..4].iter().collect();
    let mut skip = true;
    let mut played = true;
    let mut opponent = id;
    if opponent_text != "    " {
        if opponent_text != "0000" {
            opponent = player_id(&opponent_text).ok_or("a round's opponent")?;
            if opponent == id {
                return Err("a player meets themself".into());
            }
        }
        skip = false;
    }
    if opponent == id {
        played = false;
    }
    let colour = match cell[5] {
        'w' => Colour::White,
        'b' => Colour::Black,
        _ => Colour::None,
    };
    match cell[5] {
        'w' | 'b' => skip = false,
        '-' => {
            skip = false;
            played = false;
        }
        ' ' => played = false,
        _ => return Err("a round's colour".into()),
    }
    if opponent == id && colour != Colour::None {
        return Err("a colour without an opponent".into());
    }
    let result = cell[7].to_ascii_uppercase();
    let outcome = match result {
        'D' | '=' | 'H' => Outcome::Draw,
        '+' | 'W' | '1' | 'F' | 'U' => Outcome::Win,
        '-' | 'L' | '0' | 'Z' | ' ' => Outcome::Loss,
        _ => return Err("a round's result".into()),
    };
    if result == ' ' && opponent != id {
        return Err(TrfError(format!(
            "round {round}: a game without a result (still on?): a round is paired once every game before it is decided"
        )));
    }
    if matches!(result, '+' | '-' | 'H' | 'F' | 'U' | 'Z' | ' ') {
        played = false;
        if result != '+' && result != '-' && opponent != id {
            return Err("a bye's result with an opponent".into());
        }
    } else if colour == Colour::None && (result != '=' || opponent != id) {
        return Err("a game without a colour".into());
    }
    if result != ' ' {
        skip = false;
    }
    let paired = opponent != id || result == 'U' || result == '+';
    Ok((!skip).then_some(Match { opponent, colour, outcome, played, paired }))
}

/// The colour of the top player in the first round with colours, as bbpPairings infers it.
fn first_colour(t: &Tournament) -> Option<Colour> {
    let round = t
        .players
        .iter()
        .flat_map(|p| p.matches.iter().enumerate().filter(|(_, m)| m.colour != Colour::None).map(|(r, _)| r))
        .min()?;
    let mut result = None;
    let mut number = 0;
    for &id in &t.by_rank {
        let player = &t.players[id];
        if player.matches.iter().take(round + 1).any(|m| m.paired) {
            if result.is_none_or(|c| c == Colour::None) {
                let colour = player.matches[round].colour;
                result = Some(if number % 2 == 1 { colour.invert() } else { colour });
            }
            number += 1;
        }
    }
    result.filter(|&c| c != Colour::None)
}

fn number(text: &str) -> Option<usize> {
    text.trim().parse().ok()
}

fn player_id(text: &str) -> Option<usize> {
    number(text).filter(|&n| n > 0).map(|n| n - 1)
}

/// Points as the file writes them (`1.5`, `10`) in tenths.
fn tenths(text: &str) -> Option<u32> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
    if whole.len() > 4 || !whole.bytes().all(|b| b.is_ascii_digit()) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: u32 = whole.parse().ok()?;
    let fraction: u32 = match fraction.len() {
        0 => 0,
        1 => fraction.parse().ok()?,
        _ => return None,
    };
    Some(whole * 10 + fraction).filter(|&p| p <= MAX_TENTHS)
}
