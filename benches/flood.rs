//! Flood: one server's members ask for all the heavy work they can (replays and analyses of the longest game the
//! limits allow, hints, record imports, games against the computer) while a second server plays: two members
//! moving by `/move`, and a member against the computer. The second server's `/move` latency (dispatch to
//! response) and the computer's reply time (the member's `/move` to the computer's board post) are measured
//! without the flood, then with it; the process's peak memory (bot and fake Discord together) is printed last.
//!
//! `cargo bench --bench flood` (`FLOOD_SECONDS` sets each phase's length, 30 by default).

#[path = "../tests/it/fake_discord/mod.rs"]
mod fake_discord;
#[path = "../tests/it/common/play.rs"]
mod play;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use fake_discord::FakeDiscord;
use fake_discord::harness::{Place, Running};
use fake_discord::payloads::{self, BOT_ID, GUILD_ID, Member, Opt};
use tablero::games::{GameKind, Position};
use tablero::records::{Form, Record};
use tablero::store::record::MoveEntry;

/// The flooding server (the quiet one is the fake's own test guild).
const FLOODER: u64 = GUILD_ID + (1 << 22);

/// An Epaminondas record as long as an import may be: a piece stepping back and forth, then a resignation.
fn longest_record() -> Vec<u8> {
    let plies = tablero::table::Limits::default().record_plies.epaminondas;
    let mut game = play::finished_game(1, 1, 0, None);
    game.kind = GameKind::Epaminondas;
    game.options = GameKind::Epaminondas.normalise_options(&Default::default()).unwrap();
    let mut position = Position::new(GameKind::Epaminondas, &game.options).unwrap();
    let cycle = ["a2-a3", "a11-a10", "a3-a2", "a10-a11"];
    game.moves = (0..plies)
        .map(|i| {
            let side = position.to_move().unwrap();
            let notation = position.play(cycle[i % 4]).unwrap();
            MoveEntry { notation, by: game.seats[side.index()].id, at: 1_800_000_000 + i as u64, name: None }
        })
        .collect();
    Record::of(&game).unwrap().write(Form::Json).into_bytes()
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3
}

/// Who a board calls (`<@id>` first), if anyone.
fn called(content: &str) -> Option<u64> {
    content.strip_prefix("<@").and_then(|r| r.split('>').next()).and_then(|id| id.parse().ok())
}

/// The first enabled hole of a board message, if any.
fn a_hole(fake: &FakeDiscord, board: u64) -> Option<String> {
    fake.enabled_buttons(board).into_iter().find(|b| b.contains(":m:")).map(|b| b.rsplit(':').next().unwrap().into())
}

/// A `/move` in the quiet server; the response and when it came.
async fn move_by_slash(
    fake: &FakeDiscord,
    who: &Member,
    channel: u64,
    hole: String,
) -> (Duration, fake_discord::Recorded) {
    let id = fake.next_id();
    let from = fake.mark();
    let sent = Instant::now();
    fake.interact(payloads::slash(2, id, channel, false, who, &["move"], &[Opt::Str("notation", hole)]));
    let answer = fake.callback(from, id).await;
    (answer.at - sent, answer)
}

/// The quiet server for `seconds`: moves between two members (one every 100 ms), and a member against the
/// computer (a move, then the computer's reply, again). Returns the move latencies and the reply times.
async fn quiet_server(fake: &FakeDiscord, seconds: u64, round: u64) -> (Vec<Duration>, Vec<Duration>) {
    let (ana, ben, cy) = (Member::new(101, "ana"), Member::new(102, "ben"), Member::new(103, "cy"));
    let mut latencies = Vec::new();
    let mut replies = Vec::new();
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut channel = 10_000 + round * 1_000_000;
    // A new game between ana and ben, or cy against the computer, in a channel of its own: its board and who
    // is to move.
    let mut start = |against_computer: bool| {
        channel += 1;
        let here = channel;
        let (first, second) =
            (ana.clone(), if against_computer { Member::new(BOT_ID, "tablero") } else { ben.clone() });
        let player = if against_computer { cy.clone() } else { first };
        async move {
            let place = Place { channel: here, thread: false };
            let options = [Opt::User("opponent", second), Opt::Int("first", 1), Opt::Bool("thread", false)];
            let posted = fake.slash(&player, place, &["play", "hoyito"], &options).await;
            let board = if against_computer {
                posted
            } else {
                fake.slash(&Member::new(102, "ben"), place, &["accept"], &[]).await
            };
            (here, board.created.unwrap_or(0), called(&board.content()).unwrap_or(player.id))
        }
    };
    let mut human = start(false).await;
    let mut computer = start(true).await;
    while Instant::now() < until {
        // Two moves of the human game.
        for _ in 0..2 {
            let (here, board, mover) = human;
            let Some(hole) = a_hole(fake, board) else {
                human = start(false).await;
                continue;
            };
            let mover = if mover == ana.id { &ana } else { &ben };
            let (took, answer) = move_by_slash(fake, mover, here, hole).await;
            latencies.push(took);
            if std::env::var("FLOOD_DEBUG").is_ok() {
                eprintln!("move in {here}: {took:?} {}", answer.content());
            }
            human = match (answer.created, called(&answer.content())) {
                (Some(message), Some(next)) => (here, message, next),
                // Over, or answered late (deferred): a new game keeps the count simple.
                _ => start(false).await,
            };
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        // A move against the computer, and its reply.
        let (here, board, _) = computer;
        let Some(hole) = a_hole(fake, board) else {
            // Over (or out of step): resigned, so that it does not count among cy's live games.
            fake.slash(&cy, Place { channel: here, thread: false }, &["resign"], &[]).await;
            computer = start(true).await;
            continue;
        };
        let from = fake.mark();
        let sent = Instant::now();
        let (took, answer) = move_by_slash(fake, &cy, here, hole).await;
        latencies.push(took);
        match (answer.created, called(&answer.content())) {
            // cy moves again (a Hoyito extra move): no reply to wait for.
            (Some(message), Some(next)) if next == cy.id => computer = (here, message, next),
            // The computer to move (a game cy's move ended says who won instead).
            (Some(_), _) if answer.content().contains("to move") => {
                // The computer's turn ends with the post that calls cy again (or ends the game); an extra move
                // posts a board of its own first.
                let path = format!("/channels/{here}/messages");
                let reply = fake
                    .wait_for(from, "the computer's reply", |r| {
                        r.method == "POST" && r.path == path && !r.content().contains("moves again")
                    })
                    .await;
                if std::env::var("FLOOD_DEBUG").is_ok() {
                    eprintln!("reply in {here}: {:?} {}", reply.at - sent, reply.content());
                }
                replies.push(reply.at - sent);
                computer = (here, reply.created.unwrap_or(0), cy.id);
            }
            _ => {
                fake.slash(&cy, Place { channel: here, thread: false }, &["resign"], &[]).await;
                computer = start(true).await;
            }
        }
    }
    (latencies, replies)
}

/// The flooding server's members, each asking for heavy work every 100 ms until `stop`.
async fn flood(fake: FakeDiscord, record: Arc<Vec<u8>>, stop: Arc<AtomicBool>, sent: Arc<AtomicU64>) {
    let members: Vec<Member> = (0..6).map(|k| Member::new(200 + k, &format!("flood{k}"))).collect();
    let slash = |who: &Member, channel: u64, path: &[&str], options: &[Opt]| {
        let mut interaction = payloads::slash(2, fake.next_id(), channel, false, who, path, options);
        interaction["guild_id"] = serde_json::json!(FLOODER.to_string());
        fake.interact(interaction);
    };
    // The long game, imported once; each member also has a game against the computer for hints.
    let place = Place { channel: 20_000, thread: false };
    let file = fake.attach("file", "long.json", record.to_vec());
    let imported = fake.slash_in(FLOODER, &members[0], place, &["import"], &[file]).await;
    let game = fake
        .wait_for(0, "the import's answer", |r| r.content().contains("Imported as game #"))
        .await
        .content()
        .split("game #")
        .nth(1)
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.parse::<i64>().ok())
        .unwrap_or_else(|| panic!("an imported game: {}", imported.content()));
    for (k, m) in members.iter().enumerate() {
        let options =
            [Opt::User("opponent", Member::new(BOT_ID, "tablero")), Opt::Int("first", 1), Opt::Bool("thread", false)];
        let place = Place { channel: 21_000 + k as u64, thread: false };
        fake.slash_in(FLOODER, m, place, &["play", "hoyito"], &options).await;
    }
    let debug = std::env::var("FLOOD_DEBUG").is_ok();
    if debug {
        eprintln!("flood: game #{game} imported, the members' games started");
    }
    let mut k = 0u64;
    while !stop.load(Ordering::SeqCst) {
        if debug && k.is_multiple_of(10) {
            eprintln!("flood: round {k}, {} requests so far", fake.mark());
        }
        for (n, m) in members.iter().enumerate() {
            let channel = 21_000 + n as u64;
            match (k + n as u64) % 5 {
                0 => slash(m, channel, &["replay"], &[Opt::Int("game", game)]),
                1 => slash(m, channel, &["analysis"], &[Opt::Int("game", game)]),
                2 => slash(m, channel, &["hint"], &[]),
                3 => slash(m, channel, &["import"], &[fake.attach("file", "long.json", record.to_vec())]),
                _ => {
                    let options = [Opt::User("opponent", Member::new(BOT_ID, "tablero")), Opt::Bool("thread", true)];
                    slash(m, 30_000 + k * 10 + n as u64, &["play", "hoyito"], &options)
                }
            }
            sent.fetch_add(1, Ordering::SeqCst);
        }
        k += 1;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn report(label: &str, mut moves: Vec<Duration>, mut replies: Vec<Duration>) {
    moves.sort();
    replies.sort();
    println!(
        "| {label} | {} | {:.1} | {:.1} | {} | {:.0} | {:.0} |",
        moves.len(),
        percentile(&moves, 0.5),
        percentile(&moves, 0.99),
        replies.len(),
        percentile(&replies, 0.5),
        percentile(&replies, 0.99)
    );
}

fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    let seconds: u64 = std::env::var("FLOOD_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(30);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    runtime.block_on(async {
        let fake = FakeDiscord::start().await;
        let (running, _) = Running::start(&fake, dir.path()).await;
        println!("flood: {seconds} s a phase; the quiet server's /move and the computer's reply (ms)");
        println!("| phase | moves | move p50 | move p99 | computer replies | reply p50 | reply p99 |");
        println!("| --- | --- | --- | --- | --- | --- | --- |");
        let (moves, replies) = quiet_server(&fake, seconds, 0).await;
        report("quiet", moves, replies);
        let stop = Arc::new(AtomicBool::new(false));
        let sent = Arc::new(AtomicU64::new(0));
        let flooding = tokio::spawn(flood(fake.clone(), Arc::new(longest_record()), stop.clone(), sent.clone()));
        tokio::time::sleep(Duration::from_secs(3)).await;
        let (moves, replies) = quiet_server(&fake, seconds, 1).await;
        report("flooded", moves, replies);
        stop.store(true, Ordering::SeqCst);
        let _ = tokio::time::timeout(Duration::from_secs(30), flooding).await;
        println!("heavy commands sent by the flooding server: {}", sent.load(Ordering::SeqCst));
        let busy = fake.log().iter().filter(|r| r.content().contains("try again")).count();
        println!("of which answered busy (queue or caps): {busy}");
        println!("peak memory of the process (bot and fake Discord): {:.0} MB", peak_memory_mb().unwrap_or(f64::NAN));
        let _ = tokio::time::timeout(Duration::from_secs(60), running.stop()).await;
    });
}
