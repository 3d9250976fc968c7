//! Puzzles: a position from a real game where one line is clearly best, shown privately; the member answers
//! move by move (the opponent's replies are played for them), and the first try at each puzzle counts, as a
//! Glicko-2 game between the member's puzzle rating in that game and the puzzle's rating. `/puzzle` gives the
//! untried puzzle nearest the member's rating. The puzzles committed with the program (`puzzles/<game>.jsonl`,
//! mined from the regression records and the computer's own games) are added to a store when missing.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::games::{GameKind, Position};
use crate::i18n::{self, Locale, Message, Text};
use crate::store::Unit;
use crate::store::record::Timestamp;
use crate::store::training::{Glicko, Puzzle, PuzzleTry, Revised, TrainingKey, TrainingWrite, read};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Changed, Fail, TableError};
use crate::table::menus::{Menu, MenuOption};
use crate::table::naming::{game_name, side_name};
use crate::table::reply::{Button, ButtonStyle, Reply};
use crate::table::service::Table;
use crate::table::write::AtWork;

use super::lessons::{picture, private};

/// How often an answer is read and made again when another write of the same records came between.
const ANSWER_RETRIES: usize = 8;

/// Untried puzzles looked at, nearest the member's rating first, before one is given.
const CANDIDATES: usize = 64;

/// The puzzles that come with the program, mined from the regression records and the computer's own games.
const COMMITTED: [&str; 3] = [
    include_str!("../../../puzzles/epaminondas.jsonl"),
    include_str!("../../../puzzles/hoyito.jsonl"),
    include_str!("../../../puzzles/ocencahuac.jsonl"),
];

/// A member's puzzle rating in one game.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SolverRecord {
    pub rating: Glicko,
    pub tries: u32,
    pub solved: u32,
}

/// The committed puzzles (a line that does not read is a bug the tests catch).
pub fn committed() -> Vec<Puzzle> {
    COMMITTED
        .iter()
        .flat_map(|text| text.lines().filter(|l| !l.trim().is_empty()))
        .map(|line| serde_json::from_str(line).expect("a committed puzzle reads"))
        .collect()
}

fn to_glicko2(g: &Glicko) -> Glicko2Rating {
    Glicko2Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility }
}

fn from_glicko2(g: &Glicko2Rating) -> Glicko {
    Glicko { rating: g.rating, deviation: g.deviation, volatility: g.volatility }
}

/// Glicko-2 after one try: the solver against the puzzle, won when solved.
pub fn rated(solver: &Glicko, puzzle: &Glicko, solved: bool) -> (Glicko, Glicko) {
    let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
    let (s, p) = glicko2(&to_glicko2(solver), &to_glicko2(puzzle), &outcome, &Glicko2Config::new());
    (from_glicko2(&s), from_glicko2(&p))
}

impl Table {
    /// The picture of puzzle `id` after `at` moves of its solution, in `locale`.
    pub fn puzzle_png(&self, id: u64, at: usize, locale: Locale) -> Option<Vec<u8>> {
        let p = read::<Puzzle>(self.store.as_ref(), &TrainingKey::Puzzle { id }).ok()??.record;
        let position = position_at(&p, at.min(p.solution.len())).ok()?;
        Some(picture(locale, &position, format!("puzzle-{id}-{at}.png")).png)
    }

    /// Adds `puzzles` the store does not hold yet (by number); how many were added.
    pub fn add_puzzles(&self, puzzles: &[Puzzle]) -> Result<usize, TableError> {
        let work = AtWork::own(self);
        let mut added = 0;
        for chunk in puzzles.chunks(100) {
            let mut writes = Vec::new();
            for p in chunk {
                if self.store.training(&TrainingKey::Puzzle { id: p.id }).map_err(Fail::from)?.is_none() {
                    writes.push(TrainingWrite::of(TrainingKey::Puzzle { id: p.id }, p, None));
                }
            }
            if writes.is_empty() {
                continue;
            }
            let n = writes.len();
            match work.write(Unit { training: writes, ..Unit::default() }) {
                Ok(_) => added += n,
                // Another process added some of them meanwhile: they are there, as wanted.
                Err(Fail::Changed(_)) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(added)
    }

    /// Adds the committed puzzles the store lacks.
    pub fn add_committed_puzzles(&self) -> Result<usize, TableError> {
        self.add_puzzles(&committed())
    }

    /// The store's puzzles (of `game`), by number.
    pub fn puzzles(&self, game: Option<GameKind>) -> Result<Vec<Puzzle>, TableError> {
        let mut all = self.store.puzzles(game).map_err(Fail::from)?;
        all.sort_by_key(|p| p.id);
        Ok(all)
    }
}

/// A puzzle's position after the moves from the start and the first `at` moves of its solution.
pub(super) fn position_at(puzzle: &Puzzle, at: usize) -> Result<Position, Fail> {
    let moves = puzzle.moves.iter().chain(&puzzle.solution[..at]).map(String::as_str);
    match Position::replay(puzzle.game, &puzzle.options, moves) {
        Ok(Ok(p)) => Ok(p),
        _ => Err(Fail::Internal(format!("puzzle {} does not replay", puzzle.id))),
    }
}

/// How many moves of the solver's the solution holds.
pub(super) fn solver_moves(puzzle: &Puzzle) -> Result<usize, Fail> {
    let solver = position_at(puzzle, 0)?.to_move();
    let mut n = 0;
    for k in 0..puzzle.solution.len() {
        if position_at(puzzle, k)?.to_move() == solver {
            n += 1;
        }
    }
    Ok(n)
}

/// The index of the solver's next move at or after `at` (the opponent's replies skipped), or the solution's end.
fn solver_turn(puzzle: &Puzzle, mut at: usize) -> Result<usize, Fail> {
    let solver = position_at(puzzle, 0)?.to_move();
    while at < puzzle.solution.len() && position_at(puzzle, at)?.to_move() != solver {
        at += 1;
    }
    Ok(at)
}

impl AtWork<'_> {
    fn solver(&self, actor: &Actor, game: GameKind) -> Result<Option<Revised<SolverRecord>>, Fail> {
        Ok(read(self.store, &TrainingKey::Solver { user: actor.user, game })?)
    }

    /// The untried puzzle (of `game`, or of the game the member has tried least) nearest the member's rating.
    pub(in crate::table) fn puzzle(&self, actor: &Actor, game: Option<GameKind>) -> Answer {
        let locale = actor.locale;
        let games: Vec<GameKind> = match game {
            Some(g) => vec![g],
            None => {
                let mut kinds = Vec::new();
                for kind in GameKind::ALL.into_iter().filter(|k| !k.moves_are_throws()) {
                    let tries = self.solver(actor, kind)?.map_or(0, |s| s.record.tries);
                    kinds.push((tries, kind));
                }
                kinds.sort_by_key(|(t, k)| (*t, *k as u8));
                kinds.into_iter().map(|(_, k)| k).collect()
            }
        };
        for kind in games {
            if kind.moves_are_throws() {
                return Err(Message::new("puzzle-no-decisions").into());
            }
            let rating = self.solver(actor, kind)?.map_or(Glicko::default(), |s| s.record.rating);
            let mut all = self.store.puzzles(Some(kind))?;
            if all.is_empty() {
                continue;
            }
            all.sort_by(|a, b| {
                let da = (a.rating.rating - rating.rating).abs();
                let db = (b.rating.rating - rating.rating).abs();
                da.total_cmp(&db).then(a.id.cmp(&b.id))
            });
            for p in all.iter().take(CANDIDATES) {
                let tried = read::<PuzzleTry>(self.store, &TrainingKey::Try { user: actor.user, puzzle: p.id })?;
                if tried.is_none() {
                    return Ok(vec![show(locale, p, 0, &rating, None)?]);
                }
            }
            return Ok(vec![show(locale, &all[0], 0, &rating, Some(Message::new("puzzle-all-tried")))?]);
        }
        Err(Message::new("puzzle-none").into())
    }

    /// An answer to puzzle `id` at its solution's move `at` (`None`: where the member is). When another try
    /// wrote the puzzle, the day's list or the member's rating meanwhile, nothing was written: it is read and
    /// answered again.
    pub(in crate::table) fn puzzle_answer(
        &self,
        actor: &Actor,
        id: u64,
        at: Option<usize>,
        answer: &str,
        now: Timestamp,
    ) -> Answer {
        let mut tries = 0;
        loop {
            match self.puzzle_answer_once(actor, id, at, answer, now) {
                Err(Fail::Changed(Changed::Training)) if tries < ANSWER_RETRIES => tries += 1,
                other => return other,
            }
        }
    }

    fn puzzle_answer_once(&self, actor: &Actor, id: u64, at: Option<usize>, answer: &str, now: Timestamp) -> Answer {
        let locale = actor.locale;
        let Some(puzzle) = read::<Puzzle>(self.store, &TrainingKey::Puzzle { id })? else {
            return Err(Message::new("puzzle-unknown").num("id", id as i64).into());
        };
        let (p, p_base) = (puzzle.record, puzzle.revision);
        let try_key = TrainingKey::Try { user: actor.user, puzzle: id };
        let tried = read::<PuzzleTry>(self.store, &try_key)?;
        let solver = self.solver(actor, p.game)?;
        let rating = solver.as_ref().map_or(Glicko::default(), |s| s.record.rating);
        if tried.as_ref().is_some_and(|t| t.record.finished.is_some()) {
            let said = Message::new("puzzle-done-before").str("line", p.solution.join(" "));
            return Ok(vec![Reply {
                text: i18n::spans(locale, &said),
                buttons: next_button(locale, p.game),
                ..private(locale)
            }]);
        }
        let current = solver_turn(&p, tried.as_ref().map_or(0, |t| t.record.played))?;
        if at.is_some_and(|a| a != current) {
            return Ok(vec![show(locale, &p, current, &rating, Some(Message::new("puzzle-stale")))?]);
        }
        let mut position = position_at(&p, current)?;
        let played = match position.play(answer.trim()) {
            Ok(m) => m,
            Err(e) => {
                let said = Message::new("lesson-illegal").nested("reason", e.message().clone());
                return Ok(vec![show(locale, &p, current, &rating, Some(said))?]);
            }
        };
        let right = played == p.solution[current];
        let next = if right { solver_turn(&p, current + 1)? } else { current };
        let finished = if !right { Some(false) } else { (next >= p.solution.len()).then_some(true) };
        let record = PuzzleTry {
            played: next,
            finished,
            started: tried.as_ref().map_or(now, |t| t.record.started),
            guild: tried.as_ref().map_or(Some(actor.guild), |t| t.record.guild),
        };
        let mut unit = Unit {
            training: vec![TrainingWrite::of(try_key, &record, tried.as_ref().map(|t| t.revision))],
            ..Unit::default()
        };
        let mut change = None;
        if let Some(solved) = finished {
            let (s, pr) = rated(&rating, &p.rating, solved);
            change = Some((rating.rating, s.rating));
            let mut updated = p.clone();
            updated.rating = pr;
            updated.tries += 1;
            updated.solved += u32::from(solved);
            let mut me = solver.as_ref().map(|s| s.record.clone()).unwrap_or_default();
            me.rating = s;
            me.tries += 1;
            me.solved += u32::from(solved);
            unit.training.push(TrainingWrite::of(TrainingKey::Puzzle { id }, &updated, Some(p_base)));
            let key = TrainingKey::Solver { user: actor.user, game: p.game };
            unit.training.push(TrainingWrite::of(key, &me, solver.as_ref().map(|s| s.revision)));
        }
        if finished == Some(true) {
            // The server's daily puzzle lists who solved it, in the same unit as the try.
            let guild = record.guild.unwrap_or(actor.guild);
            let me = crate::store::record::Player { id: actor.user, name: actor.name.clone() };
            unit.training.extend(self.daily_solved(guild, id, me, now)?);
        }
        self.write(unit)?;
        match (finished, change) {
            (Some(solved), Some(ratings)) => Ok(vec![puzzle_result(locale, &p, (&played, current), solved, ratings)?]),
            _ => {
                let replies: Vec<String> = p.solution[current + 1..next].to_vec();
                let said = if replies.is_empty() {
                    Message::new("puzzle-right").str("move", played)
                } else {
                    Message::new("puzzle-right-reply").str("move", played).str("replies", replies.join(" "))
                };
                Ok(vec![show(locale, &p, next, &rating, Some(said))?])
            }
        }
    }
}

/// The end of a puzzle, `played` at move `current` of its line: the line, the member's rating before and after,
/// the position (after the member's move, when it missed the line's) and the puzzle's themes.
fn puzzle_result(
    locale: Locale,
    p: &Puzzle,
    (played, current): (&str, usize),
    solved: bool,
    (before, after): (f64, f64),
) -> Result<Reply, Fail> {
    let id = if solved { "puzzle-solved" } else { "puzzle-failed" };
    let said = Message::new(id)
        .str("move", played)
        .str("line", p.solution.join(" "))
        .num("before", before.round() as i64)
        .num("after", after.round() as i64);
    let mut shown = position_at(p, if solved { p.solution.len() } else { current })?;
    if !solved {
        // The position after the member's move, beside the line they missed.
        shown.play(played).map_err(|_| Fail::Internal("a played move replays".into()))?;
    }
    let image = picture(locale, &shown, format!("puzzle-{}-result.png", p.id));
    let mut text = i18n::spans(locale, &said);
    if let Some(themes) = themes_named(locale, &p.themes) {
        text = text.and(" ").and_text(&i18n::spans(locale, &Message::new("puzzle-themes").str("themes", themes)));
    }
    Ok(Reply { text, image: Some(image), buttons: next_button(locale, p.game), ..private(locale) })
}

/// A puzzle's themes in words, once it is over (`None` when it has none the engine could tell).
fn themes_named(locale: Locale, themes: &[String]) -> Option<String> {
    let named: Vec<String> =
        themes.iter().map(|t| i18n::text(locale, &Message::dynamic(format!("puzzle-theme-{t}")))).collect();
    (!named.is_empty()).then(|| named.join(", "))
}

/// The button that gives another puzzle of `game`.
fn next_button(locale: Locale, game: GameKind) -> Vec<Button> {
    vec![Button {
        id: ButtonId::PuzzleNext(game),
        label: i18n::text(locale, &Message::new("button-puzzle-next")),
        enabled: true,
        style: ButtonStyle::Primary,
        new_row: false,
    }]
}

/// A puzzle shown at its solution's move `at`, after `said`.
pub(super) fn show(
    locale: Locale,
    p: &Puzzle,
    at: usize,
    rating: &Glicko,
    said: Option<Message>,
) -> Result<Reply, Fail> {
    let position = position_at(p, at)?;
    let solver = position.to_move().ok_or_else(|| Fail::Internal(format!("puzzle {} is over", p.id)))?;
    let solver_moves = solver_moves(p)?;
    let mut lines: Vec<Text> = said.iter().map(|m| i18n::spans(locale, m)).collect();
    let header = Message::new("puzzle-header")
        .num("id", p.id as i64)
        .str("game", game_name(locale, p.game))
        .num("rating", p.rating.rating.round() as i64)
        .num("yours", rating.rating.round() as i64);
    lines.push(i18n::spans(locale, &header));
    let task =
        Message::new("puzzle-task").str("side", side_name(locale, &position, solver)).num("moves", solver_moves as i64);
    lines.push(i18n::spans(locale, &task));
    let answers = position.legal_moves();
    let id = |answer: &str| ButtonId::PuzzleAnswer { puzzle: p.id, at, answer: answer.to_string() };
    let (buttons, menus): (Vec<Button>, Vec<Menu>) = match p.game {
        GameKind::Hoyito => (
            answers
                .iter()
                .map(|a| Button {
                    id: id(a),
                    label: a.clone(),
                    enabled: true,
                    style: ButtonStyle::Primary,
                    new_row: false,
                })
                .collect(),
            Vec::new(),
        ),
        _ => {
            let options: Vec<MenuOption> =
                answers.iter().map(|a| MenuOption { label: a.clone(), value: a.clone(), description: None }).collect();
            let menus = crate::table::menus::split(
                options,
                4,
                |menu| ButtonId::PuzzleMenu { puzzle: p.id, at, menu },
                |k, count| {
                    i18n::text(
                        locale,
                        &Message::new("lesson-menu").num("menu", (k + 1) as i64).num("menus", count as i64),
                    )
                },
            );
            (Vec::new(), menus)
        }
    };
    Ok(Reply {
        text: Text::join(lines, "\n\n"),
        image: Some(picture(locale, &position, format!("puzzle-{}-{at}.png", p.id))),
        diagram: Some(position.diagram(&|m| i18n::text(locale, &m))),
        buttons,
        menus,
        ..private(locale)
    })
}
