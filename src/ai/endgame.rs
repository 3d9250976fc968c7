//! Perfect play in Hoyito II endgames (2x6, the default sowing): every position with up to `N` seeds on the
//! board solved by retrograde analysis, as the Awari databases were. A position's value is the seeds the side
//! to move still captures minus those its opponent still captures, under perfect play, play that goes round for
//! ever counting as no more captures (as the no-capture limit scores it).
//!
//! Seeds leave the board only by captures, four or more at a time, so the positions are solved by seed count,
//! fewest first: a capture leads to a count already solved (its value is then known: the seeds taken and the
//! value where it leads), a move without capture to one of the same count. Within a count, for each value `t`
//! above zero, the positions whose mover can force a way out worth `t` or more, and those whose opponent can
//! hold them to `-t` or less, are found as attractors (a retrograde sweep to a fixed point); a position in
//! neither set for any `t` is worth 0 (its play goes round, or leaves for nothing). A position is stored from its
//! mover's side (North to move is the board turned round), under its rank among the ways to lay its seeds in
//! twelve holes.

use crate::games::hoyito::{Hole, Hoyito, Options};
use crate::games::{Game, Side};

pub const HOLES: usize = 12;
const ROW: usize = 6;

/// Ways to lay `seeds` in `holes` holes, for every count up to [`MAX_SEEDS`].
pub fn ways(seeds: usize, holes: usize) -> u64 {
    // C(seeds + holes - 1, holes - 1), small enough for u64 at these sizes.
    if holes == 0 {
        return u64::from(seeds == 0);
    }
    let (n, k) = ((seeds + holes - 1) as u64, (holes - 1) as u64);
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// The database's file in a data folder, where the bot looks for it and `admin endgame` writes it.
pub fn file_in(data_dir: &std::path::Path) -> std::path::PathBuf {
    data_dir.join("hoyito-endgame.bin")
}

/// The database of a data folder, when there is one that reads (a file that does not is said in the log, and
/// level 5 searches every position).
pub fn of_data_folder(data_dir: &std::path::Path) -> Option<std::sync::Arc<Endgame>> {
    let file = file_in(data_dir);
    if !file.exists() {
        return None;
    }
    match Endgame::load(&file) {
        Ok(db) => {
            tracing::info!(positions = db.positions(), seeds = db.max_seeds(), "the Hoyito endgame database is loaded");
            Some(std::sync::Arc::new(db))
        }
        Err(e) => {
            tracing::warn!(error = %e, "the Hoyito endgame database could not be read; level 5 searches");
            None
        }
    }
}

/// The first words of a database file.
const HEADER: &str = "tablero hoyito-endgame 1";

/// The most seeds a database is built for (its index fits in 32 bits well beyond).
pub const MAX_SEEDS: u32 = 24;

/// A position's rank among the layouts of its seeds (lexicographic by hole).
pub fn rank(holes: &[u8; HOLES]) -> usize {
    let mut left: usize = holes.iter().map(|&h| usize::from(h)).sum();
    let mut rank = 0u64;
    for (i, &h) in holes.iter().enumerate().take(HOLES - 1) {
        for v in 0..usize::from(h) {
            rank += ways(left - v, HOLES - 1 - i);
        }
        left -= usize::from(h);
    }
    rank as usize
}

/// The layout of `seeds` seeds of rank `rank`.
pub fn unrank(seeds: usize, mut rank: u64) -> [u8; HOLES] {
    let mut holes = [0u8; HOLES];
    let mut left = seeds;
    for (i, hole) in holes.iter_mut().enumerate().take(HOLES - 1) {
        let mut v = 0;
        loop {
            let here = ways(left - v, HOLES - 1 - i);
            if rank < here {
                break;
            }
            rank -= here;
            v += 1;
        }
        *hole = v as u8;
        left -= v;
    }
    holes[HOLES - 1] = left as u8;
    holes
}

/// The board as its mover sees it: North's board turned round, so the mover's row is always the first.
fn as_mover(holes: &[u8], mover: Side) -> [u8; HOLES] {
    let mut out = [0u8; HOLES];
    for (i, seeds) in out.iter_mut().enumerate() {
        *seeds = holes[match mover {
            Side::First => i,
            Side::Second => (i + ROW) % HOLES,
        }];
    }
    out
}

/// Where a move leads, for the solver.
#[derive(Clone, Copy)]
enum Edge {
    /// Out of this seed count (a capture), or the end: its value for the mover, all told.
    Out(i16),
    /// A position of the same count, its value taken as it is (`keep`: the mover moves again) or negated.
    Same { rank: u32, keep: bool },
}

/// The solved positions: their values by seed count (a multiple of 4, as play leaves them) and rank.
pub struct Endgame {
    max_seeds: u32,
    levels: Vec<Vec<i8>>,
    /// The plies each position's value takes to force, by the same index.
    plies: Vec<Vec<u16>>,
}

impl std::fmt::Debug for Endgame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Endgame {{ up to {} seeds, {} positions }}", self.max_seeds, self.positions())
    }
}

impl Endgame {
    /// The most seeds on the board of a position it knows.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Positions known.
    pub fn positions(&self) -> usize {
        self.levels.iter().map(Vec::len).sum()
    }

    /// Solves every position with up to `max_seeds` seeds on the board; `progress` hears each count solved
    /// (seeds, positions, the most plies a value there takes to force).
    pub fn build(max_seeds: u32, mut progress: impl FnMut(u32, usize, usize)) -> Endgame {
        let max_seeds = max_seeds.min(MAX_SEEDS) / 4 * 4;
        let size = (max_seeds / 4 + 1) as usize;
        let mut db = Endgame { max_seeds, levels: vec![Vec::new(); size], plies: vec![Vec::new(); size] };
        for seeds in (8..=max_seeds).step_by(4) {
            let (values, plies) = db.solve_level(seeds);
            progress(seeds, values.len(), plies.iter().copied().max().unwrap_or(0) as usize);
            db.levels[(seeds / 4) as usize] = values;
            db.plies[(seeds / 4) as usize] = plies;
        }
        db
    }

    /// Writes the database to `path`: a header line (`tablero hoyito-endgame 1 <max seeds>`), then each seed
    /// count's values (one byte each) and plies (two bytes each, little-endian), fewest seeds first.
    pub fn save(&self, path: &std::path::Path) -> std::io::Result<()> {
        use std::io::Write;
        let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
        writeln!(out, "{HEADER} {}", self.max_seeds)?;
        for seeds in (8..=self.max_seeds).step_by(4) {
            let at = (seeds / 4) as usize;
            out.write_all(&self.levels[at].iter().map(|&v| v as u8).collect::<Vec<u8>>())?;
            out.write_all(&self.plies[at].iter().flat_map(|p| p.to_le_bytes()).collect::<Vec<u8>>())?;
        }
        out.flush()
    }

    /// Reads a database [`Endgame::save`] wrote; a file of another form, cut short, or longer than its header
    /// says is refused. Only the header is read before the file's size is checked against it, so a file of
    /// another kind costs a line, not its whole size in memory.
    pub fn load(path: &std::path::Path) -> Result<Endgame, String> {
        use std::io::{BufRead, Read};
        let shown = |e: std::io::Error| format!("{}: {e}", path.display());
        let file = std::fs::File::open(path).map_err(shown)?;
        let size = file.metadata().map_err(shown)?.len();
        let mut file = std::io::BufReader::new(file);
        let mut line = Vec::new();
        (&mut file).take(64).read_until(b'\n', &mut line).map_err(shown)?;
        if line.pop() != Some(b'\n') {
            return Err("not an endgame database".into());
        }
        let header = std::str::from_utf8(&line).map_err(|_| "not an endgame database")?;
        let max_seeds: u32 = header
            .strip_prefix(HEADER)
            .and_then(|rest| rest.trim().parse::<u32>().ok())
            .filter(|&m| m <= MAX_SEEDS && m.is_multiple_of(4))
            .ok_or("not an endgame database of this form")?;
        let expected: u64 = (8..=max_seeds).step_by(4).map(|seeds| 3 * ways(seeds as usize, HOLES)).sum();
        let body = size - (line.len() as u64 + 1);
        if body < expected {
            return Err("the database is cut short".into());
        }
        if body > expected {
            return Err("the database has more than it should".into());
        }
        let mut bytes = Vec::with_capacity(expected as usize);
        file.take(expected).read_to_end(&mut bytes).map_err(shown)?;
        let size = (max_seeds / 4 + 1) as usize;
        let mut db = Endgame { max_seeds, levels: vec![Vec::new(); size], plies: vec![Vec::new(); size] };
        let mut at = 0;
        for seeds in (8..=max_seeds).step_by(4) {
            let count = ways(seeds as usize, HOLES) as usize;
            let values = bytes.get(at..at + count).ok_or("the database is cut short")?;
            let plies = bytes.get(at + count..at + 3 * count).ok_or("the database is cut short")?;
            db.levels[(seeds / 4) as usize] = values.iter().map(|&v| v as i8).collect();
            db.plies[(seeds / 4) as usize] = plies.chunks_exact(2).map(|p| u16::from_le_bytes([p[0], p[1]])).collect();
            at += 3 * count;
        }
        if at != bytes.len() {
            return Err("the database has more than it should".into());
        }
        Ok(db)
    }

    /// The value of `game` for its side to move, when it is a position of the database.
    pub fn value(&self, game: &Hoyito) -> Option<i32> {
        let mover = game.to_move()?;
        if !Endgame::covers(game.options()) {
            return None;
        }
        let holes = as_mover(&game.holes(), mover);
        let seeds: u32 = holes.iter().map(|&h| u32::from(h)).sum();
        if seeds > self.max_seeds || !seeds.is_multiple_of(4) || seeds < 8 {
            return None;
        }
        self.levels.get((seeds / 4) as usize)?.get(rank(&holes)).map(|&v| i32::from(v))
    }

    /// The plies `game`'s value takes to force under perfect play (0 when it is 0), when it is a position of the
    /// database: the winner shortens them, the loser draws them out.
    pub fn plies(&self, game: &Hoyito) -> Option<u32> {
        let mover = game.to_move()?;
        let holes = as_mover(&game.holes(), mover);
        self.value(game)?;
        let seeds: u32 = holes.iter().map(|&h| u32::from(h)).sum();
        self.plies.get((seeds / 4) as usize)?.get(rank(&holes)).map(|&p| u32::from(p))
    }

    /// The move perfect play makes in `game`, with its value: one that keeps the value, and among those, when
    /// winning the one that forces it soonest, when losing the one that holds out longest; `None` outside the
    /// database.
    pub fn choose(&self, game: &Hoyito) -> Option<(Hole, i32, u32)> {
        let (value, best) = self.best(game)?;
        let plies_after = |hole: &Hole| {
            let after = game.clone().play(hole).ok()?;
            Some(if after.to_move().is_none() { 0 } else { self.plies(&after).unwrap_or(0) })
        };
        let mut scored: Vec<(u32, Hole)> = best.into_iter().filter_map(|h| Some((plies_after(&h)?, h))).collect();
        scored.sort_by_key(|(plies, hole)| (if value < 0 { u32::MAX - plies } else { *plies }, hole.0));
        let (plies, hole) = scored.into_iter().next()?;
        Some((hole, value, plies + 1))
    }

    /// The moves of `game` that keep its value (best first by hole), with that value; `None` outside the database.
    pub fn best(&self, game: &Hoyito) -> Option<(i32, Vec<Hole>)> {
        let value = self.value(game)?;
        let mover = game.to_move()?;
        let mut best = Vec::new();
        for hole in game.legal_moves() {
            let after = game.clone().play(&hole).ok()?;
            if self.worth(game, mover, &after)? == value {
                best.push(hole);
            }
        }
        Some((value, best))
    }

    /// Every legal move of `game` with what it is worth to the mover under perfect play (the seeds it gains from
    /// here on, all told); `None` outside the database.
    pub fn move_values(&self, game: &Hoyito) -> Option<Vec<(Hole, i32)>> {
        let mover = game.to_move()?;
        self.value(game)?;
        let mut out = Vec::new();
        for hole in game.legal_moves() {
            let after = game.clone().play(&hole).ok()?;
            out.push((hole, self.worth(game, mover, &after)?));
        }
        Some(out)
    }

    /// What the move that led from `before` to `after` is worth to `mover`, all told.
    fn worth(&self, before: &Hoyito, mover: Side, after: &Hoyito) -> Option<i32> {
        let gained = (after.captured(mover) - before.captured(mover)) as i32;
        match after.to_move() {
            None => Some(gained),
            Some(next) => {
                let v = self.value(after)?;
                Some(gained + if next == mover { v } else { -v })
            }
        }
    }

    /// Whether positions of a game with `options` are the database's (the no-capture limit aside).
    fn covers(options: &Options) -> bool {
        options.holes == ROW as u8 && !options.skip_origin
    }

    /// The moves of every position with `seeds` seeds, as edges.
    fn edges(&self, seeds: u32) -> (Vec<u32>, Vec<Edge>) {
        let count = ways(seeds as usize, HOLES) as usize;
        let options = Options { max_moves_without_capture: u32::MAX, ..Options::default() };
        let mut starts = Vec::with_capacity(count + 1);
        let mut edges = Vec::with_capacity(count * 4);
        for r in 0..count {
            starts.push(edges.len() as u32);
            let holes = unrank(seeds as usize, r as u64);
            let game = Hoyito::from_parts(options, &holes, [0, 0], Side::First);
            let moves = game.legal_moves();
            if moves.is_empty() {
                // The mover passes, when the other side can move; else the game is over.
                let turned = as_mover(&holes, Side::Second);
                let other = Hoyito::from_parts(options, &turned, [0, 0], Side::First);
                edges.push(match other.legal_moves().is_empty() {
                    true => Edge::Out(0),
                    false => Edge::Same { rank: rank(&turned) as u32, keep: false },
                });
                continue;
            }
            for hole in moves {
                let Ok(after) = game.clone().play(&hole) else { continue };
                let gained = after.captured(Side::First) as i16;
                let edge = match after.to_move() {
                    None => Edge::Out(gained),
                    Some(next) => {
                        let board = as_mover(&after.holes(), next);
                        let left: u32 = board.iter().map(|&h| u32::from(h)).sum();
                        let keep = next == Side::First;
                        if left == seeds {
                            Edge::Same { rank: rank(&board) as u32, keep }
                        } else {
                            let v = i16::from(self.levels[(left / 4) as usize][rank(&board)]);
                            Edge::Out(gained + if keep { v } else { -v })
                        }
                    }
                };
                edges.push(edge);
            }
        }
        starts.push(edges.len() as u32);
        (starts, edges)
    }

    /// The values of every position with `seeds` seeds, and the plies each takes to force (0 for a value of 0).
    fn solve_level(&self, seeds: u32) -> (Vec<i8>, Vec<u16>) {
        let (starts, edges) = self.edges(seeds);
        let count = starts.len() - 1;
        // Who leads to whom without leaving the count: (predecessor, whether its mover moves again), by position.
        let mut rev_starts = vec![0u32; count + 1];
        for e in &edges {
            if let Edge::Same { rank, .. } = *e {
                rev_starts[rank as usize + 1] += 1;
            }
        }
        for p in 0..count {
            rev_starts[p + 1] += rev_starts[p];
        }
        let mut fill = rev_starts.clone();
        let mut rev = vec![(0u32, false); rev_starts[count] as usize];
        for p in 0..count {
            for e in &edges[starts[p] as usize..starts[p + 1] as usize] {
                if let Edge::Same { rank, keep } = *e {
                    rev[fill[rank as usize] as usize] = (p as u32, keep);
                    fill[rank as usize] += 1;
                }
            }
        }
        let mut thresholds: Vec<i16> =
            edges.iter().filter_map(|e| if let Edge::Out(v) = *e { Some(v.abs()) } else { None }).collect();
        thresholds.retain(|&t| t > 0);
        thresholds.sort_unstable();
        thresholds.dedup();
        let mut values = vec![0i8; count];
        let mut plies = vec![0u16; count];
        const NEVER: u32 = u32::MAX;
        for t in thresholds {
            // `ahead[p]`: p's mover forces a way out worth `t` or more to them, in that many plies; `behind[p]`: p's
            // opponent holds p's mover to `-t` or less. Found backwards from the ways out, nearest first.
            let (mut ahead, mut behind) = (vec![0u16; count], vec![0u16; count]);
            let mut open = vec![0u32; count];
            let mut queue = std::collections::VecDeque::new();
            for p in 0..count {
                let mine = &edges[starts[p] as usize..starts[p + 1] as usize];
                if mine.iter().any(|e| matches!(*e, Edge::Out(v) if v >= t)) {
                    ahead[p] = 1;
                    queue.push_back((p as u32, true));
                }
                open[p] = if mine.iter().any(|e| matches!(*e, Edge::Out(v) if v > -t)) {
                    NEVER
                } else {
                    mine.iter().filter(|e| matches!(e, Edge::Same { .. })).count() as u32
                };
                if open[p] == 0 {
                    behind[p] = 1;
                    queue.push_back((p as u32, false));
                }
            }
            while let Some((q, is_ahead)) = queue.pop_front() {
                let q = q as usize;
                let d = if is_ahead { ahead[q] } else { behind[q] };
                for &(p, keep) in &rev[rev_starts[q] as usize..rev_starts[q + 1] as usize] {
                    let p = p as usize;
                    // Reaching a position its mover is ahead in is good for p's mover when they move again there,
                    // for p's opponent otherwise; and the other way round for one they are behind in.
                    if keep == is_ahead {
                        if ahead[p] == 0 {
                            ahead[p] = d.saturating_add(1);
                            queue.push_back((p as u32, true));
                        }
                    } else if open[p] != NEVER && behind[p] == 0 {
                        open[p] -= 1;
                        if open[p] == 0 {
                            behind[p] = d.saturating_add(1);
                            queue.push_back((p as u32, false));
                        }
                    }
                }
            }
            for p in 0..count {
                if ahead[p] > 0 {
                    (values[p], plies[p]) = (t as i8, ahead[p]);
                } else if behind[p] > 0 {
                    (values[p], plies[p]) = (-t as i8, behind[p]);
                }
            }
        }
        (values, plies)
    }

    /// Whether every position with `seeds` seeds is worth its best move (a capture's seeds and where it leads,
    /// read again through the rules engine); the first that is not, as its layout.
    pub fn check_level(&self, seeds: u32) -> Result<usize, [u8; HOLES]> {
        let options = Options { max_moves_without_capture: u32::MAX, ..Options::default() };
        let count = ways(seeds as usize, HOLES);
        for r in 0..count {
            let holes = unrank(seeds as usize, r);
            let game = Hoyito::from_parts(options, &holes, [0, 0], Side::First);
            if game.legal_moves().is_empty() {
                continue;
            }
            match self.best(&game) {
                Some((_, best)) if !best.is_empty() => {}
                _ => return Err(holes),
            }
            let value = self.value(&game).ok_or(holes)?;
            let most = game
                .legal_moves()
                .into_iter()
                .filter_map(|h| game.clone().play(&h).ok())
                .map(|after| self.worth(&game, Side::First, &after).ok_or(holes))
                .collect::<Result<Vec<i32>, _>>()?
                .into_iter()
                .max();
            if most != Some(value) {
                return Err(holes);
            }
        }
        Ok(count as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8-seed database, built once for every test.
    fn eight() -> &'static Endgame {
        static BUILT: std::sync::OnceLock<Endgame> = std::sync::OnceLock::new();
        BUILT.get_or_init(|| Endgame::build(8, |_, _, _| {}))
    }

    /// Perfect play by the database for both sides, from positions with a value: the game ends (the winner
    /// forces the value, it does not go round) with exactly that many seeds more for the side that was to move.
    #[test]
    fn perfect_play_from_a_won_position_wins_exactly_its_value() {
        let db = eight();
        let mut played = 0;
        for r in (0..75_582u64).step_by(211) {
            let holes = unrank(8, r);
            let start = Hoyito::from_parts(Options::default(), &holes, [20, 20], Side::First);
            if start.legal_moves().is_empty() {
                // A side without a move passes before such a position is ever reached.
                continue;
            }
            let Some(value) = db.value(&start).filter(|&v| v != 0) else { continue };
            let mut game = start.clone();
            for _ in 0..400 {
                if game.to_move().is_none() {
                    break;
                }
                let (hole, _, _) = db.choose(&game).expect("a move in every position play reaches");
                game = game.play(&hole).unwrap();
            }
            assert_eq!(game.to_move(), None, "{holes:?}: perfect play ends");
            let gained = |s: Side| game.captured(s) as i32 - start.captured(s) as i32;
            assert_eq!(gained(Side::First) - gained(Side::Second), value, "{holes:?}");
            played += 1;
        }
        assert!(played > 50, "{played} positions with a value");
    }

    #[test]
    fn a_layout_is_ranked_and_found_again() {
        for seeds in [0usize, 1, 8, 12] {
            let count = ways(seeds, HOLES);
            for r in [0, 1, count / 3, count / 2, count - 1].into_iter().filter(|&r| r < count) {
                let holes = unrank(seeds, r);
                assert_eq!(holes.iter().map(|&h| usize::from(h)).sum::<usize>(), seeds);
                assert_eq!(rank(&holes) as u64, r);
            }
        }
        assert_eq!(ways(8, 12), 75_582);
    }

    type Seen = std::collections::HashMap<(Vec<u8>, Side, u32), i32>;

    /// Plain search with the rules engine: the value to `depth` plies, no more captures beyond (positions met
    /// again at the same depth are looked up).
    fn search(game: &Hoyito, depth: u32, seen: &mut Seen) -> i32 {
        let Some(mover) = game.to_move() else { return 0 };
        if depth == 0 {
            return 0;
        }
        let key = (game.holes(), mover, depth);
        if let Some(&v) = seen.get(&key) {
            return v;
        }
        let value = game
            .legal_moves()
            .into_iter()
            .filter_map(|h| game.clone().play(&h).ok())
            .map(|after| {
                let gained = (after.captured(mover) - game.captured(mover)) as i32;
                match after.to_move() {
                    None => gained,
                    Some(next) if next == mover => gained + search(&after, depth - 1, seen),
                    Some(_) => gained - search(&after, depth - 1, seen),
                }
            })
            .max()
            .unwrap_or(0);
        seen.insert(key, value);
        value
    }

    #[test]
    fn eight_seed_endgames_agree_with_their_moves_and_with_plain_search() {
        let db = eight();
        assert_eq!(db.positions(), 75_582);
        assert_eq!(db.check_level(8), Ok(75_582), "every value follows from its successors'");
        // Written and read back, it is the same database; a file cut short is refused.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("endgame.bin");
        db.save(&file).unwrap();
        let read = Endgame::load(&file).unwrap();
        assert_eq!((read.levels == db.levels, read.plies == db.plies), (true, true));
        let bytes = std::fs::read(&file).unwrap();
        std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
        assert_eq!(Endgame::load(&file).err().as_deref(), Some("the database is cut short"));
        // A file far longer than its header says (a sparse one of a gigabyte here) is refused by its size, before
        // it is read.
        let long = std::fs::OpenOptions::new().write(true).open(&file).unwrap();
        long.set_len(1 << 30).unwrap();
        assert_eq!(Endgame::load(&file).err().as_deref(), Some("the database has more than it should"));
        std::fs::write(&file, vec![b'x'; 1 << 20]).unwrap();
        assert_eq!(Endgame::load(&file).err().as_deref(), Some("not an endgame database"));
        let options = Options::default();
        let mut agreed = 0;
        let mut seen = Seen::new();
        const DEPTH: u32 = 24;
        for r in (0..75_582u64).step_by(397) {
            let holes = unrank(8, r);
            for mover in [Side::First, Side::Second] {
                let game = Hoyito::from_parts(options, &holes, [20, 20], mover);
                if game.legal_moves().is_empty() {
                    continue;
                }
                // Every value follows from its successors': the best move's worth, and none better.
                let (value, best) = db.best(&game).expect("a database position");
                assert!(!best.is_empty(), "{holes:?}: a best move");
                // Plain search as deep as the value takes to force finds it (a value of 0 at any depth: play that
                // goes round is worth nothing more, and nobody can force more within the horizon).
                let plies = db.plies(&game).unwrap();
                if plies <= DEPTH {
                    let depth = if value == 0 { 12 } else { plies };
                    assert_eq!(search(&game, depth, &mut seen), value, "{holes:?} {mover:?} in {plies} plies");
                    agreed += 1;
                }
            }
        }
        assert!(agreed > 100, "plain search settled on {agreed} positions only");
    }
}
