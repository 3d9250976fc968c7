//! The regression suite of recorded games: records under `tests/records/<game>/` (random and biased play, every
//! rule option, long games), each replayed through the rules. Every move must still be legal and read the same,
//! the result must still follow, and the final position (its diagram, legal moves and the game's own keys) must
//! be the one in `expected.json`, so a change to a rules engine cannot silently change a stored game.
//!
//! `UPDATE_RECORDS=1 cargo test --release --test it regression::` writes the records again from their seeds
//! (only after a deliberate change to the rules: the diff shows which games changed).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use tablero::ai::{self, Level};
use tablero::games::{GameKind, Outcome, Position, Side};
use tablero::i18n::{self, Locale};
use tablero::records::{self, Form, Record, time};
use tablero::store::record::{FinishReason, GameRecord, MoveEntry, Player, Status};

/// How each side plays a generated game.
#[derive(Debug, Clone, Copy)]
enum Style {
    Random,
    /// The computer for both sides (level 1; some seeds mix it with random moves, or play level 3 against them).
    Biased,
}

/// The rule options each game's records cover (the default first).
fn variants(kind: GameKind) -> Vec<Vec<(&'static str, &'static str)>> {
    match kind {
        GameKind::Epaminondas => vec![vec![], vec![("symmetry", "mirror")], vec![("symmetry", "mirror-or-rotation")]],
        GameKind::Hoyito => vec![
            vec![],
            vec![("holes", "12")],
            vec![("skip_origin", "true")],
            vec![("holes", "12"), ("skip_origin", "true")],
            vec![("max_moves_without_capture", "20")],
        ],
        GameKind::Ocencahuac => vec![
            vec![],
            vec![("block_immunity", "true")],
            vec![("mirror_setup", "true")],
            vec![("retreat_warriors", "true")],
            vec![("single_jump_only", "true")],
            vec![("no_progress_plies", "30")],
            vec![("max_plies", "120")],
        ],
        GameKind::ZohnAhl => vec![
            vec![],
            vec![("variant", "tsona")],
            vec![("counters", "1"), ("laps", "1")],
            vec![("carry_surplus", "true")],
            vec![("lap_threshold", "39")],
            vec![("south_river_dangerous", "false")],
            vec![("dry_branch_penalty", "false")],
            vec![("laps", "3"), ("counters", "3")],
        ],
    }
}

/// Records per game.
const PER_GAME: usize = 52;

/// The plies after which a generated game that the rules did not end is stopped (by resignation or agreement).
const LONGEST: usize = 700;

fn folder(kind: GameKind) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records").join(kind.name())
}

/// The `n`-th record of a game: its options, who plays how, and the moves, all from the seed `n`.
fn generate(kind: GameKind, n: usize) -> GameRecord {
    let all = variants(kind);
    let given = &all[n % all.len()];
    let options = kind.normalise_options(&given.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()).unwrap();
    let style = if n % 3 == 2 { Style::Random } else { Style::Biased };
    let mut rng = StdRng::seed_from_u64(n as u64 * 7919 + kind as u64);
    let mut position = Position::new(kind, &options).unwrap();
    let seats = vec![Player { id: UserId(1001), name: "ana".into() }, Player { id: UserId(1002), name: "ben".into() }];
    let start = 1_790_000_000 + n as u64 * 86_400;
    let mut at = start;
    let mut moves = Vec::new();
    // Every third biased game is long: random moves until the end is near, so it runs on.
    let random_share = match (style, n % 4) {
        (Style::Random, _) => 1.0,
        (Style::Biased, 0) => 0.3,
        _ => 0.0,
    };
    // Some games stop early (a resignation, an agreement, or still on); in some biased games the second side
    // plays at random, so that the games end in wins too.
    let stop = if n % 5 == 3 { 20 + n } else { LONGEST };
    let random_second = n % 4 == 1;
    // Against random moves the first side plays at level 3, strong enough to win (an Ocencahuac game is then won
    // by capturing the Warriors, which level 1 against itself never does).
    let level = if random_second { 3 } else { 1 };
    while position.outcome() == Outcome::Ongoing && moves.len() < stop {
        let side = position.to_move().unwrap();
        let notation = if kind.moves_are_throws() {
            (0..4).map(|_| if rng.random_bool(0.5) { 'F' } else { 'R' }).collect::<String>()
        } else if rng.random_bool(random_share) || (random_second && side == Side::Second) {
            let legal = position.legal_moves();
            legal[rng.random_range(0..legal.len())].clone()
        } else {
            ai::choose(&position, Level::new(level).unwrap(), rng.random(), 1.0).unwrap().notation
        };
        let played = position.play(&notation).unwrap();
        at += rng.random_range(5..4000);
        moves.push(MoveEntry { notation: played, by: seats[side.index()].id, at, name: None });
    }
    let status = match position.outcome() {
        Outcome::Won(w) => Status::Finished { winner: Some(w), reason: FinishReason::Rules },
        Outcome::Draw => Status::Finished { winner: None, reason: FinishReason::Rules },
        Outcome::Ongoing => match n % 3 {
            0 => Status::Finished { winner: position.to_move().map(Side::other), reason: FinishReason::Resignation },
            1 => {
                let winner = match position.early_end() {
                    Outcome::Won(w) => Some(w),
                    _ => None,
                };
                Status::Finished { winner, reason: FinishReason::DrawAgreed }
            }
            _ => Status::Active,
        },
    };
    let mut record = GameRecord {
        id: GameId(n as u64 + 1),
        opponent: Some(seats[1].clone()),
        seats: seats.clone(),
        moves,
        status,
        updated_at: at + 60,
        rated: n.is_multiple_of(2),
        ..GameRecord::new(kind, options, GuildId(1), ChannelId(1), seats[0].clone(), start)
    };
    if record.rated && matches!(record.status, Status::Finished { .. }) {
        record.rating_changes = vec![
            tablero::store::rating::RatingChange { user: UserId(1001), before: 1500, after: 1512, provisional: true },
            tablero::store::rating::RatingChange { user: UserId(1002), before: 1500, after: 1488, provisional: true },
        ];
    }
    record
}

/// What must not change about a game's final position.
fn fingerprint(position: &Position) -> Value {
    let say = |m| i18n::text(Locale::English, &m);
    json!({
        "to_move": position.to_move().map(|s| position.side_name(s)),
        "outcome": format!("{:?}", position.outcome()),
        "legal": position.legal_moves(),
        "analysis": Value::Object(position.analysis()),
        "diagram": position.diagram(&say).lines().collect::<Vec<_>>(),
    })
}

fn file_name(n: usize) -> String {
    format!("{:03}.txt", n + 1)
}

fn write_records(kind: GameKind) {
    let dir = folder(kind);
    std::fs::create_dir_all(&dir).unwrap();
    let mut expected = BTreeMap::new();
    for n in 0..PER_GAME {
        let game = generate(kind, n);
        let record = Record::of(&game).unwrap();
        std::fs::write(dir.join(file_name(n)), record.write(Form::Text)).unwrap();
        let position =
            Position::replay(kind, &game.options, game.moves.iter().map(|m| m.notation.as_str())).unwrap().unwrap();
        expected.insert(file_name(n), fingerprint(&position));
    }
    let text = serde_json::to_string_pretty(&expected).unwrap();
    std::fs::write(dir.join("expected.json"), text + "\n").unwrap();
}

fn check_records(kind: GameKind) {
    if std::env::var_os("UPDATE_RECORDS").is_some() {
        write_records(kind);
    }
    let dir = folder(kind);
    let expected: BTreeMap<String, Value> =
        serde_json::from_slice(&std::fs::read(dir.join("expected.json")).expect("expected.json")).unwrap();
    assert!(expected.len() >= 50, "{kind}: at least 50 records, found {}", expected.len());
    let importer = Player { id: UserId(9), name: "ci".into() };
    let mut longest = 0;
    let mut endings = BTreeMap::new();
    for (name, fingerprint_then) in &expected {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let record =
            records::read(text.as_bytes()).unwrap_or_else(|e| panic!("{kind} {name}: {}", e.text(Locale::English)));
        let replayed =
            records::check(&record, &importer).unwrap_or_else(|e| panic!("{kind} {name}: {}", e.text(Locale::English)));
        // Every move reads as it was written (the rules normalise a move's notation).
        for (i, (then, now)) in record.moves.iter().zip(&replayed.game.moves).enumerate() {
            assert_eq!(then.notation, now.notation, "{kind} {name}: move {}", i + 1);
            assert_eq!(time::parse(&then.at), Some(now.at), "{kind} {name}: move {}", i + 1);
        }
        assert_eq!(&fingerprint(&replayed.position), fingerprint_then, "{kind} {name}: the final position changed");
        // The result still follows from the moves, and the record reads back into the same text.
        let exported = Record::of(&replayed.game).unwrap();
        assert_eq!(exported.result, record.result, "{kind} {name}");
        assert_eq!(exported.write(Form::Text), text, "{kind} {name}: the record does not write back the same");
        longest = longest.max(record.moves.len());
        *endings.entry(format!("{} {:?}", record.result, record.termination)).or_insert(0) += 1;
    }
    assert!(longest >= 150, "{kind}: a long game among the records (longest {longest} moves)");
    assert!(endings.len() >= 3, "{kind}: records end in several ways: {endings:?}");
    let won = |e: &String| e.contains("rules") && !e.starts_with("1/2");
    assert!(endings.keys().any(won), "{kind}: a game the rules ended with a winner: {endings:?}");
}

#[test]
fn epaminondas_records_replay_unchanged() {
    check_records(GameKind::Epaminondas);
}

#[test]
fn hoyito_records_replay_unchanged() {
    check_records(GameKind::Hoyito);
}

#[test]
fn ocencahuac_records_replay_unchanged() {
    check_records(GameKind::Ocencahuac);
}

#[test]
fn zohn_ahl_records_replay_unchanged() {
    check_records(GameKind::ZohnAhl);
}
