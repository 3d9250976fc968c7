//! Mining puzzles for `tablero admin puzzles`: from game records (files, such as the regression suite's) and from
//! the computer's own games, by the criterion of [`crate::ai::puzzles`], each kept puzzle checked again from its
//! moves from the start. The puzzles come out numbered from a first id, ready to be written into a store or to
//! a file of JSON lines.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::ai::endgame::Endgame;
use crate::ai::{self, Level};
use crate::games::{GameKind, OptionSet, Position};
use crate::store::training::{Glicko, Puzzle};

/// Random moves that open each of the computer's games, so no two are alike.
const OPENING: usize = 4;
/// Plies before the first position a record is mined from (openings are alike).
const SKIP: usize = 6;
/// Puzzles taken from one game at most.
const PER_GAME: usize = 4;

/// A game to mine: where it came from, its options and moves.
#[derive(Debug, Clone)]
pub struct Source {
    pub name: String,
    pub kind: GameKind,
    pub options: OptionSet,
    pub moves: Vec<String>,
}

/// The games of the record files (`.txt` or `.json`) in `folder` of game `kind`, by file name.
pub fn records_in(folder: &std::path::Path, kind: GameKind) -> Result<Vec<Source>, String> {
    let mut names: Vec<_> = std::fs::read_dir(folder)
        .map_err(|e| format!("{}: {e}", folder.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt" || x == "json") && !p.ends_with("expected.json"))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for path in names {
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let Ok(record) = crate::records::read(&bytes) else { continue };
        if record.kind().ok() != Some(kind) {
            continue;
        }
        let name = format!("record:{}", path.file_name().map(|n| n.to_string_lossy()).unwrap_or_default());
        let moves = record.moves.iter().map(|m| m.notation.clone()).collect();
        out.push(Source { name, kind, options: record.options.clone(), moves });
    }
    Ok(out)
}

/// `count` games of the computer against itself at `level`, each opened by a few random moves from `seed` (the
/// lower levels leave more tactics for the other side to find).
pub fn computer_games(kind: GameKind, count: usize, seed: u64, level: Level) -> Vec<Source> {
    (0..count)
        .map(|n| {
            let game_seed = seed.wrapping_mul(6364136223846793005).wrapping_add(n as u64);
            let mut rng = StdRng::seed_from_u64(game_seed);
            let options = OptionSet::new();
            let mut position = Position::new(kind, &options).expect("default options");
            let mut moves = Vec::new();
            while position.to_move().is_some() && moves.len() < 400 {
                let m = if moves.len() < OPENING {
                    let legal = position.legal_moves();
                    legal[rng.random_range(0..legal.len())].clone()
                } else {
                    match ai::choose(&position, level, rng.random(), 1.0) {
                        Some(c) => c.notation,
                        None => break,
                    }
                };
                position.play(&m).expect("legal moves");
                moves.push(m);
            }
            Source { name: format!("computer:{level}:{game_seed}"), kind, options, moves }
        })
        .collect()
}

/// Mines `sources` on `jobs` threads; the puzzles found, checked again, numbered from `first_id` in the order of
/// the sources (the result does not depend on `jobs`). `progress` hears of each source as it is done, with the
/// count done, the count in all and the source's own puzzles (not yet numbered), so a long run stopped halfway
/// can keep what it found.
pub fn mine(
    sources: &[Source],
    db: Option<&Endgame>,
    first_id: u64,
    jobs: usize,
    progress: &(dyn Fn(usize, usize, &[Puzzle]) + Sync),
) -> Vec<Puzzle> {
    let jobs = jobs.clamp(1, sources.len().max(1));
    let done = std::sync::atomic::AtomicUsize::new(0);
    let mut found: Vec<(usize, Vec<Puzzle>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                let done = &done;
                scope.spawn(move || {
                    let mut out = Vec::new();
                    for (i, source) in sources.iter().enumerate().skip(job).step_by(jobs) {
                        let puzzles = mine_one(source, db);
                        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        progress(n, sources.len(), &puzzles);
                        out.push((i, puzzles));
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a mining thread")).collect()
    });
    found.sort_by_key(|(i, _)| *i);
    let mut id = first_id;
    let mut out = Vec::new();
    for (_, puzzles) in found {
        for mut p in puzzles {
            p.id = id;
            id += 1;
            out.push(p);
        }
    }
    out
}

fn mine_one(source: &Source, db: Option<&Endgame>) -> Vec<Puzzle> {
    let found = ai::puzzles::mine(source.kind, &source.options, &source.moves, SKIP, PER_GAME, db);
    found
        .into_iter()
        .filter_map(|f| {
            let moves = source.moves[..f.ply].to_vec();
            ai::puzzles::verify(source.kind, &source.options, &moves, &f.solution, db).ok()?;
            Some(Puzzle {
                id: 0,
                game: source.kind,
                options: source.options.clone(),
                moves,
                solution: f.solution,
                themes: f.themes,
                rating: Glicko::default(),
                source: source.name.clone(),
                best: f.best,
                second: f.second,
                tries: 0,
                solved: 0,
                proven: f.proven,
            })
        })
        .collect()
}
