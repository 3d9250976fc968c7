//! The `tablero` command: `bot` (the Discord bot), `local` (the console), `analyze` (replay a move list to JSON);
//! with no subcommand, the bot when a token is configured, else the console.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use tablero::store::record::GameId;
use tablero::store::record::TournamentId;

use clap::{Parser, Subcommand};

use tablero::config::{Config, Listen};
use tablero::console::Console;
use tablero::store::{Location, SledStore, Store, migrate};
use tablero::table::Table;

#[derive(Parser)]
#[command(name = "tablero", version, about = "Traditional board games on Discord, and in a local console")]
struct Cli {
    /// Configuration file (default: ./config.toml when present).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Mode>,
}

#[derive(Subcommand)]
enum AdminTask {
    /// Rebuild every rating and team record from the game records (gives the same numbers as the live updates).
    RecomputeRatings,
    /// Write a consistent snapshot of the store to FILE (one JSON record per line); while the bot runs (sled
    /// lets one process open the store) the bot is asked to write it.
    Backup { file: PathBuf },
    /// Build the store from a backup FILE (refused when the store already holds data).
    Restore { file: PathBuf },
    /// Copy the live data into a fresh store and swap it in (with the bot stopped): the folder shrinks to
    /// about the size of its data.
    Compact,
    /// Copy every record a damaged store (FROM) still holds into a new store (TO), and say what it could not.
    Salvage { from: PathBuf, to: PathBuf },
    /// Check that every record reads back, every game replays to its stored state, and every index entry
    /// points at what it should; with --repair, rebuild the indexes.
    Check {
        #[arg(long)]
        repair: bool,
    },
    /// Copy every record from one store into another, empty one, and check the copy record for record: a sled
    /// folder into PostgreSQL (`--to postgres://…`) or back (`--from postgres://… --to FOLDER`). FROM is the
    /// configured store when not given. Stop the bot first.
    Migrate {
        /// The store to copy into: `postgres://…`, `sled:FOLDER` or a folder.
        #[arg(long)]
        to: String,
        /// The store to copy from (default: the configured one).
        #[arg(long)]
        from: Option<String>,
    },
    /// Play the computer's levels against each other (each level against the one below, level 5 against random
    /// moves), sides alternating, seeded, and print the results and each level's time per move. Needs no store.
    Ladder {
        /// hoyito, epaminondas or ocencahuac
        game: String,
        /// Games per match.
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// Every level's search budget multiplied by this (depth limits kept).
        #[arg(long, default_value_t = 1.0)]
        time_scale: f64,
        /// The seed of the first match.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The matches to play, comma-separated: 2 to 5 (that level against the one below) or `random` (level 5
        /// against random moves); all of them by default.
        #[arg(long, value_delimiter = ',')]
        only: Vec<String>,
        /// Games played at once, each on its own thread (the results do not depend on it).
        #[arg(long, default_value_t = 1)]
        jobs: u32,
    },
    /// Solve every Hoyito II (2x6) position with up to SEEDS seeds on the board by retrograde analysis and write
    /// the database to OUT: by default `hoyito-endgame.bin` in the data folder, where the bot and the console
    /// load it at start (level 5 then plays those positions perfectly); `tablero analyze hoyito --endgame OUT`
    /// reads it too. Needs no store.
    Endgame {
        /// The most seeds on the board (a multiple of 4: play leaves no other counts).
        #[arg(long, default_value_t = 12)]
        seeds: u32,
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Level 5 with the Hoyito endgame database (FILE, or the data folder's) against level 5 without it: GAMES
    /// games from random database positions with SEEDS seeds on the board, each position played twice with the
    /// sides swapped; print the results for the side with the database. Needs no store.
    EndgameMatch {
        #[arg(long)]
        file: Option<PathBuf>,
        #[arg(long, default_value_t = 16)]
        seeds: u32,
        /// Games in all (an even number: two per position).
        #[arg(long, default_value_t = 200)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once, each on its own thread (the results do not depend on it).
        #[arg(long, default_value_t = 1)]
        jobs: u32,
    },
    /// Mine puzzles: positions with one clearly best move (the criterion is in docs/training.md), from the record files
    /// in RECORDS and from COMPUTER games of the computer against itself; each is checked again by a deeper search
    /// before it is kept. They are added to the store (those it holds already are skipped), and written to OUT as
    /// JSON lines when given.
    Puzzles(MineTask),
    /// Time the computer's move at every level, at full budget, on positions from real games (level 3 against
    /// itself, seeded), one move at a time; print the median, the 95th percentile and the slowest.
    Movetime {
        /// hoyito, epaminondas or ocencahuac
        game: String,
        /// How many positions.
        #[arg(long, default_value_t = 40)]
        positions: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// What `admin puzzles` mines, from where, and where the puzzles go.
#[derive(clap::Args)]
struct MineTask {
    /// hoyito, epaminondas or ocencahuac
    game: String,
    /// A folder of record files (`.txt` or `.json`), such as `tests/records/hoyito`.
    #[arg(long)]
    records: Option<PathBuf>,
    /// Games of the computer against itself (opened by random moves) to mine as well.
    #[arg(long, default_value_t = 0)]
    computer: usize,
    /// The level the computer plays those games at (the lower, the more tactics it leaves).
    #[arg(long, default_value_t = 3)]
    level: u8,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// The Hoyito endgame database: puzzles from the positions it holds are proven (by default the data
    /// folder's, when there is one).
    #[arg(long)]
    endgame: Option<PathBuf>,
    /// Write the puzzles found to this file as JSON lines.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The first puzzle's number (by default one more than the store's highest).
    #[arg(long)]
    first_id: Option<u64>,
    /// Only write OUT; leave the store alone.
    #[arg(long)]
    no_store: bool,
}

#[derive(Subcommand)]
enum Mode {
    /// Run the Discord bot (token from DISCORD_TOKEN or the config file); Ctrl-C or SIGTERM stops it cleanly.
    Bot {
        /// Store folder (overrides `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Play in the terminal: lines like `ana: play hoyito @ben`, `ben: accept`, `ana: move 3`; `help` lists all.
    Local {
        /// Store folder (overrides `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Folder for board pictures (overrides `out_dir`).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Maintenance of the store.
    Admin {
        #[command(subcommand)]
        task: AdminTask,
        /// Store folder (overrides `data_dir`).
        #[arg(long, global = true)]
        data: Option<PathBuf>,
    },
    /// Print a game's record (finished or still on) to standard output, as JSON or as text; or, with
    /// `--tournament`, a Swiss or round robin as a FIDE tournament report file (TRF).
    Export {
        /// The game's number.
        #[arg(long, required_unless_present = "tournament", conflicts_with = "tournament")]
        game: Option<u64>,
        /// The tournament's number.
        #[arg(long)]
        tournament: Option<u64>,
        /// json or text
        #[arg(long, default_value = "json")]
        format: String,
        /// Store folder (overrides `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Print the next round's pairings of a Swiss in a FIDE tournament report FILE (TRF) by the FIDE Dutch system,
    /// as tablero's tournaments pair (and as bbpPairings does), in the output of bbpPairings' `-p`: the number of
    /// pairs, then `white black` by pairing number in board order, the bye as `N 0`.
    Pair { file: PathBuf },
    /// Check a record FILE (JSON or text) move by move and store it as an imported, unrated game; a game still
    /// on can then be continued in the console (`tablero local`, channel #lobby).
    Import {
        file: PathBuf,
        /// Store folder (overrides `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
        /// Folder of the console's files (overrides `out_dir`).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Print the store's puzzles (the committed ones included) as JSON lines: the game, its options, the moves
    /// from the start that reach the position, the solution, the rating and the themes, so anyone can check them.
    Puzzles {
        /// Only this game's.
        #[arg(long)]
        game: Option<String>,
        /// Store folder (overrides `data_dir`).
        #[arg(long)]
        data: Option<PathBuf>,
    },
    /// Replay moves and print the position as JSON.
    Analyze {
        /// The game: hoyito, epaminondas, zohn-ahl or ocencahuac
        game: String,
        /// A game option, key=value (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// The moves, separated by spaces.
        #[arg(long, default_value = "")]
        moves: String,
        /// Also print the move the computer plays at this level (1-5) in the position reached, and why.
        #[arg(long, value_name = "LEVEL")]
        computer: Option<u8>,
        /// The computer's seed (its choice among nearly equal moves at the lower levels).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// A Hoyito endgame database (`tablero admin endgame`): a position it holds gets `endgame.value` (the
        /// seeds the side to move still captures minus its opponent's, under perfect play), `endgame.best`
        /// and `endgame.plies`.
        #[arg(long, value_name = "FILE")]
        endgame: Option<PathBuf>,
    },
}

/// Logs to standard error: text, or JSON lines for a log collector with `TABLERO_LOG_FORMAT=json` (each with its
/// span's fields: a request's key, server and command); `RUST_LOG` chooses the level.
fn init_logs() {
    let filter = || tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "warn".into());
    // JSON lines for a log collector (each with its span's fields: a request's key, server and command).
    if std::env::var("TABLERO_LOG_FORMAT").is_ok_and(|f| f.trim().eq_ignore_ascii_case("json")) {
        tracing_subscriber::fmt()
            .json()
            .with_current_span(true)
            .with_writer(io::stderr)
            .with_env_filter(filter())
            .init();
    } else {
        tracing_subscriber::fmt().with_writer(io::stderr).with_env_filter(filter()).init();
    }
}

fn main() -> ExitCode {
    init_logs();
    let cli = Cli::parse();
    let command = match cli.command {
        Some(c) => c,
        None => match Config::load(cli.config.as_deref()) {
            Ok(c) if c.discord.token.is_some() => Mode::Bot { data: None },
            Ok(_) => Mode::Local { data: None, out: None },
            Err(e) => {
                eprintln!("tablero: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    match command {
        Mode::Admin { task: AdminTask::Ladder { game, games, time_scale, seed, only, jobs }, .. } => {
            ladder(&game, games, time_scale, seed, &only, jobs)
        }
        Mode::Admin { task: AdminTask::Movetime { game, positions, seed }, .. } => movetime(&game, positions, seed),
        Mode::Admin { task: AdminTask::EndgameMatch { file, seeds, games, seed, jobs }, data } => {
            match endgame_file_or_the_stores(file, cli.config.as_deref(), data) {
                Ok(file) => endgame_match(&file, seeds, games, seed, jobs),
                Err(e) => done(Err(e)),
            }
        }
        Mode::Admin { task: AdminTask::Endgame { seeds, out }, data } => {
            match endgame_file_or_the_stores(out, cli.config.as_deref(), data) {
                Ok(out) => endgame(seeds, &out),
                Err(e) => done(Err(e)),
            }
        }
        Mode::Puzzles { game, data } => done(print_puzzles(cli.config, data, game)),
        Mode::Admin { task, data } => said(admin(cli.config, data, task)),
        Mode::Bot { data } => done(bot(cli.config, data)),
        Mode::Analyze { game, options, moves, computer, seed, endgame } => {
            let (mut status, mut json) =
                tablero::analyze::analyze_with(&game, &options, &moves, computer.map(|l| (l, seed)));
            if let Some(file) = endgame
                && status == 0
            {
                match tablero::ai::endgame::Endgame::load(&file) {
                    Ok(db) => tablero::analyze::endgame(&game, &options, &moves, &db, &mut json),
                    Err(e) => (status, json) = (2, serde_json::json!({ "error": e })),
                }
            }
            // A closed pipe (`... | head`) is not a failure of the analysis: nothing to print to, nothing to say.
            let _ = writeln!(io::stdout(), "{json}");
            ExitCode::from(status as u8)
        }
        Mode::Export { game, tournament, format, data } => {
            if let Some(id) = tournament {
                return printed(export_tournament(cli.config, data, id));
            }
            let game = game.unwrap_or_default();
            let form = match format.as_str() {
                "json" => tablero::records::Form::Json,
                "text" | "txt" => tablero::records::Form::Text,
                other => {
                    eprintln!("tablero: --format is json or text, not {other:?}");
                    return ExitCode::from(2);
                }
            };
            printed(export(cli.config, data, game, form))
        }
        Mode::Pair { file } => printed(pair_file(cli.config, &file)),
        Mode::Import { file, data, out } => said(import(cli.config, data, out, &file)),
        Mode::Local { data, out } => done(local(cli.config, data, out)),
    }
}

/// The endgame database's file: the one given, or the store's (in its data folder).
fn endgame_file_or_the_stores(
    given: Option<PathBuf>,
    config: Option<&std::path::Path>,
    data: Option<PathBuf>,
) -> Result<PathBuf, String> {
    match (given, data) {
        (Some(file), _) => Ok(file),
        (None, Some(data)) => Ok(tablero::ai::endgame::file_in(&data)),
        (None, None) => Ok(tablero::ai::endgame::file_in(&Config::load(config)?.data_dir)),
    }
}

/// A command that says nothing when it succeeds.
fn done(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tablero: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A command that says what it did, on a line of its own.
fn said(result: Result<String, String>) -> ExitCode {
    done(result.map(|said| println!("{said}")))
}

/// The game of `admin ladder` and `admin movetime`: one with decisions to make.
fn game_with_decisions(game: &str) -> Result<tablero::games::GameKind, String> {
    match game.parse::<tablero::games::GameKind>() {
        Ok(k) if !k.moves_are_throws() => Ok(k),
        Ok(_) => Err("Zohn Ahl has no decisions to make: the computer only throws the sticks".into()),
        Err(m) => Err(tablero::i18n::text(tablero::i18n::Locale::English, &m)),
    }
}

/// `tablero admin ladder`: exit 0 with the tables, 2 for a game without decisions or a bad argument.
fn ladder(game: &str, games: u32, scale: f64, seed: u64, only: &[String], jobs: u32) -> ExitCode {
    use tablero::ai::ladder::Pairing;
    let kind = match game_with_decisions(game) {
        Ok(k) => k,
        Err(e) => {
            eprintln!("tablero: {e}");
            return ExitCode::from(2);
        }
    };
    if games == 0 || jobs == 0 || !(scale > 0.0 && scale.is_finite()) {
        eprintln!("tablero: --games and --jobs must be at least 1 and --time-scale a positive number");
        return ExitCode::from(2);
    }
    let pairings: Option<Vec<Pairing>> =
        if only.is_empty() { Some(Pairing::ALL.to_vec()) } else { only.iter().map(|p| Pairing::parse(p)).collect() };
    let Some(pairings) = pairings else {
        eprintln!("tablero: --only takes 2, 3, 4, 5 (that level against the one below) or random");
        return ExitCode::from(2);
    };
    let (matches, timing) = tablero::ai::ladder::ladder(kind, &pairings, games, scale, seed, jobs, |m| {
        eprintln!("{} vs {}: {} won, {} drawn, {} lost ({:.1} %)", m.a, m.b, m.wins, m.draws, m.losses, m.score());
    });
    println!("{}", tablero::ai::ladder::table(kind, games, scale, &matches, &timing));
    ExitCode::SUCCESS
}

/// `tablero admin movetime`: exit 0 with the table, 2 for a game without decisions or no positions.
fn movetime(game: &str, count: usize, seed: u64) -> ExitCode {
    use tablero::ai::movetime;
    let kind = match game_with_decisions(game) {
        Ok(k) => k,
        Err(e) => {
            eprintln!("tablero: {e}");
            return ExitCode::from(2);
        }
    };
    if count == 0 {
        eprintln!("tablero: --positions must be at least 1");
        return ExitCode::from(2);
    }
    let positions = movetime::positions(kind, count, seed);
    let timing = movetime::measure(&positions, |level, t| {
        eprintln!("level {level}: p95 {:.1} ms over {} moves", t.percentile(0.95), t.millis.len());
    });
    println!("{}", movetime::table(kind, positions.len(), &timing));
    ExitCode::SUCCESS
}

/// Builds the Hoyito endgame database and writes it, saying each seed count as it is solved.
fn endgame(seeds: u32, out: &std::path::Path) -> ExitCode {
    use tablero::ai::endgame::{Endgame, MAX_SEEDS};
    if !(8..=MAX_SEEDS).contains(&seeds) || !seeds.is_multiple_of(4) {
        eprintln!("tablero: --seeds is a multiple of 4 from 8 to {MAX_SEEDS}");
        return ExitCode::from(2);
    }
    if let Some(folder) = out.parent().filter(|f| !f.as_os_str().is_empty())
        && let Err(e) = std::fs::create_dir_all(folder)
    {
        eprintln!("tablero: {}: {e}", folder.display());
        return ExitCode::FAILURE;
    }
    let started = std::time::Instant::now();
    let db = Endgame::build(seeds, |count, positions, plies| {
        let at = started.elapsed().as_secs_f64();
        eprintln!("{count} seeds: {positions} positions solved, the longest forced in {plies} plies ({at:.1} s)");
    });
    if let Err(e) = db.save(out) {
        eprintln!("tablero: {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    println!(
        "{} positions with up to {seeds} seeds in {} ({bytes} bytes), built in {:.1} s",
        db.positions(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Plays level 5 with the endgame database in `file` against level 5 without it and prints the results.
fn endgame_match(file: &std::path::Path, seeds: u32, games: u32, seed: u64, jobs: u32) -> ExitCode {
    let db = match tablero::ai::endgame::Endgame::load(file) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("tablero: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    if seeds > db.max_seeds() || !seeds.is_multiple_of(4) || seeds == 0 {
        eprintln!("tablero: --seeds is a multiple of 4 up to the database's {}", db.max_seeds());
        return ExitCode::from(2);
    }
    let started = std::time::Instant::now();
    let m = tablero::ai::endgame_match::endgame_match(&db, seeds, games.div_ceil(2), seed, jobs);
    println!(
        "level 5 with the database against level 5 without it, {} games from positions with {seeds} seeds: \
         {} won, {} drawn, {} lost ({:.1} %); seeds captured {} to {}; won positions not won: {}; \
         below the perfect value: {} ({:.0} s)",
        m.games,
        m.wins,
        m.draws,
        m.losses,
        m.score(),
        m.seeds_for,
        m.seeds_against,
        m.won_not_won,
        m.below_value,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// The table with the committed puzzles added to its store where missing (a failure is logged: fewer puzzles).
fn with_puzzles(table: Table) -> Table {
    if let Err(e) = table.add_committed_puzzles() {
        tracing::warn!(error = %e, "the committed puzzles could not be added");
    }
    table
}

/// Prints the store's puzzles (of `game`) as JSON lines, the committed ones added first where missing.
fn print_puzzles(config: Option<PathBuf>, data: Option<PathBuf>, game: Option<String>) -> Result<(), String> {
    let mut config = Config::load(config.as_deref())?;
    if let Some(d) = data {
        config.data_dir = d;
        config.store.url = None;
    }
    let game = match game {
        Some(g) => Some(
            g.parse::<tablero::games::GameKind>()
                .map_err(|m| tablero::i18n::text(tablero::i18n::Locale::English, &m))?,
        ),
        None => None,
    };
    let store = config.store_location()?.open().map_err(|e| e.to_string())?;
    let table = Table::new(store, config.table());
    table.add_committed_puzzles().map_err(|e| e.to_string())?;
    let mut out = io::stdout().lock();
    for puzzle in table.puzzles(game).map_err(|e| e.to_string())? {
        let line = serde_json::to_string(&puzzle).map_err(|e| e.to_string())?;
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// The store maintenance commands; what they did, in words.
fn admin(config: Option<PathBuf>, data: Option<PathBuf>, task: AdminTask) -> Result<String, String> {
    use tablero::store::{backup, folder};
    let mut config = Config::load(config.as_deref())?;
    if let Some(d) = data {
        // `--data` names a sled folder, whatever `[store] url` says.
        config.data_dir = d;
        config.store.url = None;
    }
    let location = config.store_location()?;
    let open = || location.open().map_err(|e| e.to_string());
    let folder = match &location {
        Location::Sled(folder) => Some(folder.clone()),
        Location::Postgres(_) => None,
    };
    let sled_only = |verb: &str| {
        folder.clone().ok_or_else(|| {
            format!("`admin {verb}` is for a sled folder; PostgreSQL keeps its own files (and reclaims space itself)")
        })
    };
    match task {
        AdminTask::Ladder { .. }
        | AdminTask::Movetime { .. }
        | AdminTask::Endgame { .. }
        | AdminTask::EndgameMatch { .. } => Err("this needs no store; it runs before this".into()),
        AdminTask::Puzzles(task) => {
            let table = if task.no_store { None } else { Some(Table::new(open()?, config.table())) };
            mine_puzzles(&config, table.as_ref(), task)
        }
        AdminTask::RecomputeRatings => {
            let table = Table::new(open()?, config.table());
            Ok(format!(
                "recomputed the ratings from {} counted games",
                table.recompute_ratings().map_err(|e| e.to_string())?
            ))
        }
        AdminTask::Backup { file } => {
            let store = match &location {
                Location::Sled(folder) => match SledStore::open(folder) {
                    Ok(store) => Arc::new(store) as Arc<dyn Store>,
                    // The bot holds the store: it is asked to write the backup itself.
                    Err(tablero::store::StoreError::InUse { .. }) => return backup_by_the_bot(folder, &file),
                    Err(e) => return Err(e.to_string()),
                },
                Location::Postgres(_) => open()?,
            };
            write_backup(store.as_ref(), &file)
        }
        AdminTask::Restore { file } => {
            let input = std::fs::File::open(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let entries = backup::read(io::BufReader::new(input)).map_err(|e| e.to_string())?;
            migrate::fill(&location, &entries).map_err(|e| e.to_string())?;
            Ok(format!("restored {} records into {location}", entries.len()))
        }
        AdminTask::Compact => {
            let folder = sled_only("compact")?;
            let done = folder::compact(&folder).map_err(|e| e.to_string())?;
            Ok(format!(
                "compacted {}: {} records, {} bytes before, {} after",
                folder.display(),
                done.records,
                done.before,
                done.after
            ))
        }
        AdminTask::Migrate { to, from } => {
            let from = from.as_deref().map_or(location.clone(), Location::from_arg);
            let to = Location::from_arg(&to);
            let copied = migrate::copy(&from, &to).map_err(|e| e.to_string())?;
            Ok(format!("copied {copied} records from {from} into {to}, and checked them record for record"))
        }
        AdminTask::Salvage { from, to } => {
            let done = folder::salvage(&from, &to).map_err(|e| e.to_string())?;
            let mut said = format!("copied {} records from {} into {}", done.records, from.display(), to.display());
            if !done.lost.is_empty() {
                said.push_str("\nwhat the damaged store did not give back:");
            }
            for lost in &done.lost {
                said.push_str(&format!("\n- {lost}"));
            }
            Ok(said)
        }
        AdminTask::Check { repair } => check(&Table::new(open()?, config.table()), repair),
    }
}

/// `admin backup`: the store's records written to `file`.
fn write_backup(store: &dyn Store, file: &std::path::Path) -> Result<String, String> {
    let entries = store.snapshot().map_err(|e| e.to_string())?;
    let mut out = std::io::BufWriter::new(
        std::fs::File::create(file).map_err(|e| format!("cannot write {}: {e}", file.display()))?,
    );
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    tablero::store::backup::write(&mut out, &entries, now).map_err(|e| e.to_string())?;
    Ok(format!("wrote {} records to {}", entries.len(), file.display()))
}

/// `admin check`: the problems found (an error when some are left), repaired when asked.
fn check(table: &Table, repair: bool) -> Result<String, String> {
    let problems = table.check(repair).map_err(|e| e.to_string())?;
    if problems.found.is_empty() {
        return Ok(format!("checked {} games: no problem", problems.games));
    }
    let list = problems.found.join("\n");
    if repair && problems.unrepaired == 0 {
        Ok(format!("{list}\nrepaired: the indexes were rebuilt"))
    } else {
        Err(format!(
            "{list}\n{} problem(s){}",
            problems.found.len(),
            if repair { "" } else { " (--repair rebuilds the indexes)" }
        ))
    }
}

/// `admin puzzles`: mines the puzzles, writes them to OUT when given and adds them to the store when there is one.
fn mine_puzzles(config: &Config, table: Option<&Table>, task: MineTask) -> Result<String, String> {
    let MineTask { game, records, computer, level, seed, jobs, endgame, out, first_id, no_store: _ } = task;
    let level = tablero::ai::Level::new(level).ok_or("--level is 1 to 5")?;
    let kind: tablero::games::GameKind =
        game.parse().map_err(|m| tablero::i18n::text(tablero::i18n::Locale::English, &m))?;
    if kind.moves_are_throws() {
        return Err("Zohn Ahl has no decisions, so no puzzles".into());
    }
    let db = match endgame.or_else(|| Some(tablero::ai::endgame::file_in(&config.data_dir)).filter(|f| f.exists())) {
        Some(file) => Some(tablero::ai::endgame::Endgame::load(&file).map_err(|e| format!("{}: {e}", file.display()))?),
        None => None,
    };
    let first_id = match (first_id, table) {
        (Some(id), _) => id,
        (None, Some(t)) => t.puzzles(None).map_err(|e| e.to_string())?.iter().map(|p| p.id).max().unwrap_or(0) + 1,
        (None, None) => 1,
    };
    let mut sources = match &records {
        Some(folder) => tablero::mining::records_in(folder, kind)?,
        None => Vec::new(),
    };
    sources.extend(tablero::mining::computer_games(kind, computer, seed, level));
    let started = std::time::Instant::now();
    // Each game's puzzles are appended to `<out>.partial` as they are found, so a stopped run keeps them
    // (unnumbered); the numbered file replaces it at the end.
    let partial = out.as_ref().map(|out| {
        let mut name = out.clone().into_os_string();
        name.push(".partial");
        std::path::PathBuf::from(name)
    });
    if let Some(partial) = &partial {
        std::fs::write(partial, "").map_err(|e| format!("{}: {e}", partial.display()))?;
    }
    let said = |done: usize, all: usize, found: &[tablero::store::training::Puzzle]| {
        if let Some(partial) = &partial {
            let lines: String =
                found.iter().filter_map(|p| serde_json::to_string(p).ok()).map(|line| line + "\n").collect();
            let appended =
                std::fs::OpenOptions::new().append(true).open(partial).and_then(|mut f| f.write_all(lines.as_bytes()));
            if let Err(e) = appended {
                eprintln!("{}: {e}", partial.display());
            }
        }
        if done.is_multiple_of(10) || done == all || !found.is_empty() {
            eprintln!(
                "{done} of {all} games mined, {} puzzles in the last ({:.0} s)",
                found.len(),
                started.elapsed().as_secs_f64()
            );
        }
    };
    let puzzles = tablero::mining::mine(&sources, db.as_ref(), first_id, jobs, &said);
    if let Some(out) = &out {
        let mut text = String::new();
        for p in &puzzles {
            text.push_str(&serde_json::to_string(p).map_err(|e| e.to_string())?);
            text.push('\n');
        }
        std::fs::write(out, text).map_err(|e| format!("{}: {e}", out.display()))?;
        if let Some(partial) = &partial {
            let _ = std::fs::remove_file(partial);
        }
    }
    let added = match table {
        Some(t) => t.add_puzzles(&puzzles).map_err(|e| e.to_string())?,
        None => 0,
    };
    Ok(format!(
        "{} puzzles from {} games ({} proven by the endgame database) in {:.0} s; {added} added to the store",
        puzzles.len(),
        sources.len(),
        puzzles.iter().filter(|p| p.proven).count(),
        started.elapsed().as_secs_f64()
    ))
}

/// Asks the running bot for a backup (a request file in the store's folder) and waits for it, a minute at most.
fn backup_by_the_bot(folder: &std::path::Path, file: &std::path::Path) -> Result<String, String> {
    let target = std::path::absolute(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let _ = std::fs::remove_file(&target);
    let request = folder.join(tablero::store::backup::REQUEST_FILE);
    std::fs::write(&request, target.display().to_string()).map_err(|e| format!("{}: {e}", request.display()))?;
    for _ in 0..600 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        if target.exists() && !request.exists() {
            return Ok(format!("the running bot wrote the backup to {}", target.display()));
        }
    }
    let _ = std::fs::remove_file(&request);
    Err("another process holds the store and did not answer the backup request within a minute (is it a \
         tablero bot of this release?)"
        .into())
}

fn bot(config: Option<PathBuf>, data: Option<PathBuf>) -> Result<(), String> {
    let mut config = Config::load(config.as_deref())?;
    if let Some(d) = data {
        // `--data` names a sled folder, whatever `[store] url` says.
        config.data_dir = d;
        config.store.url = None;
    }
    // Heavy work has its own threads ([limits] workers); the blocking pool only waits on the store and draws
    // boards, so it is bounded well below tokio's default of 512 (a PostgreSQL store keeps a thread waiting for
    // each query: at 320 interactions a second a few dozen wait at once).
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(128)
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(tablero::discord::run(&config)).map_err(|e| e.to_string())
}

/// The console over the configured store (`--data` and `--out` override the configuration).
fn console(config: Option<PathBuf>, data: Option<PathBuf>, out: Option<PathBuf>) -> Result<Console, String> {
    let mut config = Config::load(config.as_deref())?;
    if let Some(d) = data {
        // `--data` names a sled folder, whatever `[store] url` says.
        config.data_dir = d;
        config.store.url = None;
    }
    if let Some(o) = out {
        config.out_dir = o;
    }
    let location = config.store_location()?;
    let store = location.open().map_err(|e| e.to_string())?;
    let health = ops_health(&config, store.clone())?;
    let mut table_config = config.table();
    table_config.endgame = tablero::ai::endgame::of_data_folder(&config.data_dir);
    // The console's own web pages, on by default on a free port of 127.0.0.1: the console's one pretend server
    // at the root, without a secret (nobody else's games are there).
    let listen = match config.web.listen(true)? {
        Listen::Off => None,
        Listen::AnyLocalPort => Some(std::net::SocketAddr::from(([127, 0, 0, 1], 0))),
        Listen::At(addr) => Some(addr),
    };
    let Some(addr) = listen else {
        let table = Arc::new(with_puzzles(Table::new(store, table_config)));
        health.follow(&table);
        return Ok(Console::shared(table, config.out_dir.clone(), config.default_locale()));
    };
    // One table for the console and its pages, made once the address is known (the pages hear of every move),
    // and one clock (a `wait` moves both).
    let (made, table) = std::sync::mpsc::channel();
    let clock = tablero::clock::Clock::moved();
    let pages_clock = clock.clone();
    let web = config.web.clone();
    let ops_token = config.ops.token()?;
    let pages_health = health.clone();
    let bound = tablero::web::serve_in_thread(
        addr,
        move |bound| {
            table_config.web_url = Some(web.public_url(bound));
            table_config.web_open = true;
            let table = Arc::new(with_puzzles(Table::new(store, table_config)));
            let _ = made.send(table.clone());
            table
        },
        {
            let web = config.web.clone();
            move |bound| {
                let mut options = tablero::web::Options::new(web.public_url(bound), Some(tablero::console::GUILD));
                options.trusted_proxies = web.trusted_proxies.clone();
                options.health = Some(pages_health);
                options.ops_token = ops_token;
                options.clock = pages_clock;
                options
            }
        },
    )
    .map_err(|e| format!("the web pages cannot listen on {addr}: {e}"))?;
    let table = table.recv_timeout(std::time::Duration::from_secs(30)).map_err(|_| "the web pages did not start")?;
    health.follow(&table);
    let url = format!("{}/", config.web.public_url(bound));
    let said = tablero::i18n::Message::new("console-web").str("url", url);
    eprintln!("{}", tablero::i18n::text(config.default_locale(), &said));
    Ok(Console::shared(table, config.out_dir.clone(), config.default_locale()).on_clock(clock))
}

/// The console's health for an operator's tools: its metrics recorded from now on, and `/metrics`, `/healthz` and
/// `/readyz` served on `[ops] listen` (a free port of the loopback unless set), whose address is printed.
fn ops_health(
    config: &Config,
    store: Arc<dyn tablero::store::Store>,
) -> Result<Arc<tablero::web::ops::Health>, String> {
    tablero::metrics::install();
    let health = tablero::web::ops::Health::new(store);
    // A console needs no connection: it is ready once its store answers.
    health.connected(true);
    let addr = config.ops.listen()?;
    let bound = tablero::web::serve_ops_in_thread(addr, health.clone())
        .map_err(|e| format!("[ops] listen: cannot listen on {addr}: {e}"))?;
    eprintln!("metrics: http://{bound}/metrics");
    Ok(health)
}

/// The next round of the tournament report `file`, read within the configuration's limits: its size is checked
/// before it is read, and no more than the limit is ever read (a pipe or a growing file included).
fn pair_file(config: Option<PathBuf>, file: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    use tablero::pairings::trf;
    let bounds = Config::load(config.as_deref())?.limits.trf_bounds();
    let too_large =
        |size: u64| format!("{}: {size} bytes; a tournament file has at most {}", file.display(), bounds.bytes);
    let opened = std::fs::File::open(file).map_err(|e| format!("{}: {e}", file.display()))?;
    if let Ok(meta) = opened.metadata()
        && meta.len() > bounds.bytes as u64
    {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::new();
    opened.take(bounds.bytes as u64 + 1).read_to_end(&mut bytes).map_err(|e| format!("{}: {e}", file.display()))?;
    if bytes.len() > bounds.bytes {
        return Err(too_large(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", file.display()))?;
    trf::read(&text, &bounds).and_then(|t| trf::pair_next(&t)).map_err(|e| e.to_string())
}

/// A command's text on standard output (exit 0), or its failure on standard error (exit 1).
fn printed(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            let _ = write!(io::stdout(), "{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tablero: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The configuration and its store, for a command that reads it; `data` names a store folder instead.
fn open_store(
    config: Option<PathBuf>,
    data: Option<PathBuf>,
) -> Result<(Config, std::sync::Arc<dyn tablero::store::Store>), String> {
    let mut config = Config::load(config.as_deref())?;
    if let Some(d) = data {
        config.data_dir = d;
        config.store.url = None;
    }
    let store = config.store_location()?.open().map_err(|e| e.to_string())?;
    Ok((config, store))
}

/// `tablero export`: a game's record in one form.
fn export(
    config: Option<PathBuf>,
    data: Option<PathBuf>,
    game: u64,
    form: tablero::records::Form,
) -> Result<String, String> {
    let (_, store) = open_store(config, data)?;
    let record =
        store.game(GameId(game)).map_err(|e| e.to_string())?.ok_or_else(|| format!("there is no game {game}"))?;
    let exported = tablero::records::Record::of(&record)
        .ok_or_else(|| format!("game {game} was never played (a challenge, or a game that did not start)"))?;
    Ok(exported.write(form))
}

/// `tablero export --tournament`: a tournament's report file, read as a reader of its server would.
fn export_tournament(config: Option<PathBuf>, data: Option<PathBuf>, id: u64) -> Result<String, String> {
    let (config, store) = open_store(config, data)?;
    let t = store
        .tournament(TournamentId(id))
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no tournament {id}"))?;
    let table = Table::new(store, config.table());
    let command =
        tablero::table::Command::Tournament(tablero::table::TournamentCommand::Export { id: Some(TournamentId(id)) });
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let replies = table.read(t.guild, config.default_locale(), command, now).map_err(|text| text.to_string())?;
    let file = replies.into_iter().flat_map(|r| r.files).next().ok_or("no report was made")?;
    String::from_utf8(file.bytes).map_err(|e| e.to_string())
}

/// `tablero import`: the console's import of FILE.
fn import(
    config: Option<PathBuf>,
    data: Option<PathBuf>,
    out: Option<PathBuf>,
    file: &std::path::Path,
) -> Result<String, String> {
    console(config, data, out)?.import_file(file)
}

fn local(config: Option<PathBuf>, data: Option<PathBuf>, out: Option<PathBuf>) -> Result<(), String> {
    let mut console = console(config, data, out)?;
    let stdin = io::stdin();
    let prompt = stdin.is_terminal();
    console.run(stdin.lock(), &mut io::stdout().lock(), prompt).map_err(|e| e.to_string())
}
