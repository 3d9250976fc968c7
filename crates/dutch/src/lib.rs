//! Swiss pairing by the FIDE Dutch system (C.04.3, as revised in 2025): every criterion of the rules packed into
//! the weight of each possible pair, and the round found by maximum weight matching, bracket by bracket, as the
//! reference engine bbpPairings does it (tablero's test data are its results). The crate root holds what the pairing knows
//! of a tournament: players by pairing number, each round's match, the point system; `pair` pairs the next round.
//! Points are tenths (a win 10, a draw 5), as tournament files write them.

mod brackets;
pub mod matching;
mod pair;
mod sides;
pub mod wide;

pub use pair::{MAX_WEIGHT_BITS, NoPairing, pair};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
    None,
}

impl Colour {
    pub fn invert(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
            Colour::None => Colour::None,
        }
    }

    /// Two colour preferences both can have: different, or one of them none.
    pub fn compatible(a: Colour, b: Colour) -> bool {
        a != b || a == Colour::None || b == Colour::None
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Loss,
    Draw,
    Win,
}

/// A player's round: against `opponent` (the player's own id for a bye or no game), played over the board or
/// not (a forfeit, a bye, an absence), and whether the pairing put the player in it (a forfeit or the
/// pairing-allocated bye, not a requested bye or an absence).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    pub opponent: usize,
    pub colour: Colour,
    pub outcome: Outcome,
    pub played: bool,
    pub paired: bool,
}

impl Match {
    /// No game and no points: not in that round.
    pub fn absent(id: usize) -> Match {
        Match { opponent: id, colour: Colour::None, outcome: Outcome::Loss, played: false, paired: false }
    }
}

#[derive(Debug, Clone, Default)]
pub struct Player {
    /// Pairing number minus one.
    pub id: usize,
    pub matches: Vec<Match>,
    /// Points so far (tenths).
    pub score: u32,
    /// Place in the initial ranking among the players who count (set by `prepare`).
    pub rank: usize,
    /// Counts for pairing: still in, or paired at least once.
    pub valid: bool,
    imbalance: u32,
    played_games: usize,
    preference: Option<Colour>,
    repeated: Option<Colour>,
    strong: bool,
}

impl Player {
    pub fn new(id: usize, matches: Vec<Match>) -> Player {
        Player { id, matches, valid: true, ..Player::default() }
    }

    fn preference(&self) -> Colour {
        self.preference.unwrap_or(Colour::None)
    }

    fn repeated(&self) -> Colour {
        self.repeated.unwrap_or(Colour::None)
    }

    fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// Must have a colour: two games more with one than the other, or the same one twice running.
    fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated() != Colour::None
    }
}

/// Points (tenths) for each kind of result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Points {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
    pub zero_bye: u32,
    pub forfeit_loss: u32,
    pub bye: u32,
}

impl Default for Points {
    fn default() -> Self {
        Points { win: 10, draw: 5, loss: 0, zero_bye: 0, forfeit_loss: 0, bye: 10 }
    }
}

/// A tournament as the pairing sees it, with the round to pair next being round `played` (from 0).
#[derive(Debug, Clone, Default)]
pub struct Tournament {
    /// By id (pairing number minus one).
    pub players: Vec<Player>,
    /// Ids in the order of the initial ranking.
    pub by_rank: Vec<usize>,
    pub played: usize,
    pub rounds: usize,
    pub points: Points,
    /// White or Black: the colour of the top-ranked player in round 1 (the others alternate from it).
    pub initial: Option<Colour>,
    /// Groups of players who may not meet one another.
    pub forbidden: Vec<Vec<usize>>,
}

impl Tournament {
    pub fn points_of(&self, player: &Player, m: &Match) -> u32 {
        match m.outcome {
            Outcome::Loss if !m.paired => self.points.zero_bye,
            Outcome::Loss if m.played => self.points.loss,
            Outcome::Loss => self.points.forfeit_loss,
            Outcome::Win if m.opponent == player.id && m.paired => self.points.bye,
            Outcome::Win => self.points.win,
            Outcome::Draw => self.points.draw,
        }
    }

    /// A player's score `back` rounds ago.
    fn score_back(&self, p: usize, back: usize) -> u32 {
        let player = &self.players[p];
        let mut score = player.score;
        for r in (self.played - back)..self.played {
            score -= self.points_of(player, &player.matches[r]);
        }
        score
    }

    fn score(&self, p: usize) -> u32 {
        self.players[p].score
    }

    /// May have the bye: never had points without playing worth a win, nor the pairing-allocated bye.
    fn eligible_for_bye(&self, p: usize) -> bool {
        let player = &self.players[p];
        player.matches.iter().all(|m| {
            m.played || (self.points_of(player, m) < self.points.win && !(m.paired && m.opponent == player.id))
        })
    }

    /// Sets each player's rank, score and colour history from their matches, before pairing.
    pub fn prepare(&mut self) {
        for player in &mut self.players {
            while player.matches.len() < self.played {
                player.matches.push(Match::absent(player.id));
            }
        }
        let mut next = 0;
        for i in 0..self.by_rank.len() {
            let played = self.played;
            let player = &mut self.players[self.by_rank[i]];
            player.valid = player.matches.len() <= played || player.matches.iter().any(|m| m.paired);
            if player.valid {
                player.rank = next;
                next += 1;
            }
        }
        for p in 0..self.players.len() {
            let score: u32 = {
                let player = &self.players[p];
                player.matches.iter().take(self.played).map(|m| self.points_of(player, m)).sum()
            };
            let player = &mut self.players[p];
            player.score = score;
            if !player.valid {
                continue;
            }
            let (mut white, mut black, mut run, mut played) = (0u32, 0u32, 0u32, 0usize);
            let mut last = Colour::None;
            for m in player.matches.iter().filter(|m| m.played) {
                played += 1;
                if m.colour == Colour::White {
                    white += 1;
                } else {
                    black += 1;
                }
                run = if run == 0 || m.colour != last { 1 } else { run + 1 };
                last = m.colour;
            }
            player.played_games = played;
            let lower = if white > black { Colour::Black } else { Colour::White };
            player.imbalance = white.abs_diff(black);
            let preference = if player.imbalance > 1 {
                lower
            } else if run > 1 {
                last.invert()
            } else if player.imbalance > 0 {
                lower
            } else if run > 0 {
                last.invert()
            } else {
                Colour::None
            };
            player.preference = Some(preference);
            player.repeated = Some(if run > 1 { last } else { Colour::None });
            player.strong = !player.absolute_preference() && player.imbalance > 0;
        }
    }
}
