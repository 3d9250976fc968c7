//! The ladder: levels played against each other (and the top level against uniformly random moves), sides
//! alternating, every game seeded, to check that each level is stronger than the one below. `tablero admin
//! ladder` prints its tables; docs/computer.md quotes them.

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::{Level, choose};
use crate::games::{GameKind, OptionSet, Outcome, Position, Side};

/// Who plays a side in the ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Random,
    Computer(Level),
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Computer(l) => write!(f, "level {l}"),
        }
    }
}

/// A game longer than this many plies is stopped and counted a draw (the rules of Epaminondas have no limit;
/// the other games end by their own rules well before).
const MAX_PLIES: usize = 3000;

/// Uniformly random moves that open every ladder game.
const OPENING: usize = 2;

/// The results of `a` against `b`.
#[derive(Debug, Clone)]
pub struct Match {
    pub a: Player,
    pub b: Player,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Match {
    /// `a`'s score in percent, a draw counting half.
    pub fn score(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 { 0.0 } else { 100.0 * (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(games) }
    }
}

/// Time a level took for its moves, in milliseconds.
#[derive(Debug, Clone, Default)]
pub struct Timing {
    pub millis: Vec<f64>,
}

impl Timing {
    pub fn percentile(&self, p: f64) -> f64 {
        let mut v = self.millis.clone();
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            return 0.0;
        }
        v[((v.len() - 1) as f64 * p).round() as usize]
    }
}

/// Plays `games` games of `a` against `b` (a plays first in the even games), seeded from `seed`, on `jobs`
/// threads (each game is seeded by its number, so the results do not depend on `jobs`); `timing[l]` collects the
/// time of each move of level `l + 1`.
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    kind: GameKind,
    a: Player,
    b: Player,
    games: u32,
    scale: f64,
    seed: u64,
    jobs: u32,
    timing: &mut [Timing; 5],
) -> Match {
    let jobs = jobs.clamp(1, games.max(1));
    let play_share = |job: u32| {
        let mut outcomes = Vec::new();
        let mut timing: [Timing; 5] = Default::default();
        for g in (job..games).step_by(jobs as usize) {
            let a_side = if g % 2 == 0 { Side::First } else { Side::Second };
            let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(6364136223846793005).wrapping_add(u64::from(g)));
            let outcome = play_game(kind, |side| if side == a_side { a } else { b }, scale, &mut rng, &mut timing);
            outcomes.push(match outcome {
                Outcome::Won(s) if s == a_side => 1,
                Outcome::Won(_) => -1,
                _ => 0,
            });
        }
        (outcomes, timing)
    };
    let shares: Vec<(Vec<i8>, [Timing; 5])> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs).map(|job| scope.spawn(move || play_share(job))).collect();
        handles.into_iter().map(|h| h.join().expect("a ladder thread")).collect()
    });
    let mut result = Match { a, b, wins: 0, draws: 0, losses: 0 };
    for (outcomes, share_timing) in shares {
        for o in outcomes {
            match o {
                1 => result.wins += 1,
                -1 => result.losses += 1,
                _ => result.draws += 1,
            }
        }
        for (all, share) in timing.iter_mut().zip(share_timing) {
            all.millis.extend(share.millis);
        }
    }
    result
}

fn play_game(
    kind: GameKind,
    who: impl Fn(Side) -> Player,
    scale: f64,
    rng: &mut StdRng,
    timing: &mut [Timing; 5],
) -> Outcome {
    let mut position = Position::new(kind, &OptionSet::new()).expect("the default options are valid");
    // A few random opening moves, from the game's seed: the strongest levels play without chance, and without
    // them every game of a pairing with the same sides would be the same game.
    for _ in 0..OPENING {
        if position.to_move().is_none() {
            break;
        }
        let legal = position.legal_moves();
        let m = legal[rng.random_range(0..legal.len())].clone();
        position.play(&m).expect("a legal move");
    }
    for _ in 0..MAX_PLIES {
        let Some(side) = position.to_move() else { break };
        let notation = match who(side) {
            Player::Random => {
                let legal = position.legal_moves();
                legal[rng.random_range(0..legal.len())].clone()
            }
            Player::Computer(level) => {
                let started = Instant::now();
                let choice = choose(&position, level, rng.random(), scale).expect("a move to choose");
                timing[usize::from(level.number() - 1)].millis.push(started.elapsed().as_secs_f64() * 1000.0);
                choice.notation
            }
        };
        position.play(&notation).expect("the engine plays legal moves");
    }
    position.outcome()
}

/// A match of the ladder: `level` against the level below, or level 5 against random moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    Below(Level),
    Random,
}

impl Pairing {
    pub const ALL: [Pairing; 5] = [
        Pairing::Below(Level(2)),
        Pairing::Below(Level(3)),
        Pairing::Below(Level(4)),
        Pairing::Below(Level(5)),
        Pairing::Random,
    ];

    /// `2`..`5` (that level against the one below) or `random`.
    pub fn parse(text: &str) -> Option<Pairing> {
        match text.trim() {
            "random" => Some(Pairing::Random),
            n => n.parse::<u8>().ok().filter(|n| *n >= 2).and_then(Level::new).map(Pairing::Below),
        }
    }

    fn players(self) -> (Player, Player) {
        match self {
            Pairing::Below(l) => (Player::Computer(l), Player::Computer(Level(l.0 - 1))),
            Pairing::Random => (Player::Computer(Level(5)), Player::Random),
        }
    }

    /// The seed offset of the match: the same match gets the same games whichever others run with it.
    fn index(self) -> u64 {
        match self {
            Pairing::Below(l) => u64::from(l.0) - 2,
            Pairing::Random => 4,
        }
    }
}

/// The ladder of a game: the chosen pairings, each of `games` games on `jobs` threads.
pub fn ladder(
    kind: GameKind,
    pairings: &[Pairing],
    games: u32,
    scale: f64,
    seed: u64,
    jobs: u32,
    mut progress: impl FnMut(&Match),
) -> (Vec<Match>, [Timing; 5]) {
    let mut timing: [Timing; 5] = Default::default();
    let mut matches = Vec::new();
    for pairing in pairings {
        let (a, b) = pairing.players();
        let m = play_match(kind, a, b, games, scale, seed + pairing.index(), jobs, &mut timing);
        progress(&m);
        matches.push(m);
    }
    (matches, timing)
}

/// The ladder as a Markdown table, with each level's time per move.
pub fn table(kind: GameKind, games: u32, scale: f64, matches: &[Match], timing: &[Timing; 5]) -> String {
    let mut out = format!("{} — {games} games a match, time scale {scale}\n\n", kind.name());
    out.push_str("| match | wins | draws | losses | score |\n| --- | --- | --- | --- | --- |\n");
    for m in matches {
        out.push_str(&format!(
            "| {} vs {} | {} | {} | {} | {:.1} % |\n",
            m.a,
            m.b,
            m.wins,
            m.draws,
            m.losses,
            m.score()
        ));
    }
    out.push_str("\n| level | moves | median ms | p95 ms | max ms |\n| --- | --- | --- | --- | --- |\n");
    for (i, t) in timing.iter().enumerate() {
        out.push_str(&format!(
            "| {} | {} | {:.1} | {:.1} | {:.1} |\n",
            i + 1,
            t.millis.len(),
            t.percentile(0.5),
            t.percentile(0.95),
            t.percentile(1.0)
        ));
    }
    out
}
