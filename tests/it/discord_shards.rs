//! A bot split over two processes' worth of shards (0/2 and 1/2, each its own client and its own connection
//! pool) on one PostgreSQL database, against the fake Discord routing each server's events to its shard as
//! Discord does: games in servers of both shards are played to their end, each answered by the shard of its
//! server, all in the one database. Skipped (with one line saying so) without `TABLERO_TEST_POSTGRES`.

use crate::common;
use crate::fake_discord;

use std::path::Path;
use std::sync::Arc;

use fake_discord::FakeDiscord;
use fake_discord::harness::{Place, Running, called};
use fake_discord::payloads::{GUILD_ID, Member, Opt};
use fake_discord::process::{Bot, spawn_bot};
use tablero::store::{PgStore, Store};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shards_on_one_postgres_database_each_serve_their_servers() {
    let Some(postgres) = common::backends::postgres() else { return };
    let database = tokio::task::spawn_blocking(move || postgres.fresh()).await.unwrap();
    let url = database.location();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bots = Vec::new();
    for shard in 0..2 {
        let url = url.clone();
        let store: Arc<dyn Store> =
            Arc::new(tokio::task::spawn_blocking(move || PgStore::connect(&url)).await.unwrap().unwrap());
        bots.push(Running::start_shards(&fake, store, dir.path(), (shard, shard, 2)).await);
    }
    // A server of each shard ((id >> 22) % 2).
    let other = GUILD_ID + (1 << 22);
    assert_ne!((GUILD_ID >> 22) % 2, (other >> 22) % 2);
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    for (n, guild) in [GUILD_ID, other].into_iter().enumerate() {
        let hall = Place { channel: 700 + n as u64, thread: false };
        let challenge = fake
            .slash_in(
                guild,
                &ana,
                hall,
                &["play", "hoyito"],
                &[Opt::User("opponent", ben.clone()), Opt::Int("first", 1)],
            )
            .await;
        assert!(challenge.content().contains("ana challenges ben to Hoyito II"), "{}", challenge.content());
        let game = n as u64 + 1;
        assert_eq!(challenge.button_ids(), [format!("c:{game}:accept"), format!("c:{game}:decline")]);
        let from = fake.mark();
        let accepted = fake.press_in(guild, &ben, hall, challenge.created.unwrap(), &format!("c:{game}:accept")).await;
        assert_eq!(accepted.callback_type(), Some(7), "{accepted:?}");
        let thread = fake
            .wait_for(from, "a thread", |r| {
                r.method == "POST" && r.path == format!("/channels/{}/threads", hall.channel)
            })
            .await;
        let thread = Place { channel: thread.created.unwrap(), thread: true };
        let board = fake.post_in(from, thread.channel).await;
        // The player on turn moves, then the other resigns: the game is over, in the shared database.
        let mover = if called(&board.content()) == ana.id { &ana } else { &ben };
        let other_player = if mover.id == ana.id { &ben } else { &ana };
        let moved = fake.slash_in(guild, mover, thread, &["move"], &[Opt::Str("notation", "1".into())]).await;
        assert!(!moved.is_ephemeral(), "{}", moved.content());
        let resigned = fake.slash_in(guild, other_player, thread, &["resign"], &[]).await;
        assert!(resigned.content().contains("resign"), "{}", resigned.content());
    }
    // Each server's interactions (challenge, accept, move, resign) went to its own shard's session.
    assert_eq!((fake.dispatched_to(0), fake.dispatched_to(1)), (4, 4));
    let store = database.store().clone();
    let games = tokio::task::spawn_blocking(move || store.all_games().unwrap()).await.unwrap();
    assert_eq!(games.iter().map(|g| g.guild).collect::<Vec<_>>(), [GUILD_ID, other]);
    assert!(games.iter().all(|g| !g.status.is_live()), "both games ended");
    for bot in bots {
        bot.stop().await;
    }
    tokio::task::spawn_blocking(move || drop(database)).await.unwrap();
}

/// `tablero bot` running shard `shard` of 2 on the PostgreSQL database at `url`.
fn start_process(fake: &FakeDiscord, dir: &Path, url: &str, shard: u32) -> Bot {
    let env = [
        ("TABLERO_TEST_SEED", "11".to_string()),
        ("TABLERO_TEST_CLOCK", dir.join("clock").display().to_string()),
        ("TABLERO_STORE_URL", url.to_string()),
        ("TABLERO_SHARDS", format!("{shard}/2")),
    ];
    spawn_bot(env!("CARGO_BIN_EXE_tablero"), fake, dir, &format!("config{shard}"), &env)
}

const DAY: u64 = 86_400;

/// Two `tablero bot` processes (shards 0/2 and 1/2) on one database, each running the scheduler for its own
/// servers: a game in a server of each shard, the second process killed with SIGKILL mid-game and started again,
/// then each game's reminder and timeout posted exactly once, and the win claimed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_post_each_reminder_and_timeout_once_and_survive_a_kill() {
    let Some(postgres) = common::backends::postgres() else { return };
    let database = tokio::task::spawn_blocking(move || postgres.fresh()).await.unwrap();
    let url = database.location();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("clock"), "0").unwrap();
    let from = fake.mark();
    let first = start_process(&fake, dir.path(), &url, 0);
    fake.wait_ready(from).await;
    let from = fake.mark();
    let mut second = start_process(&fake, dir.path(), &url, 1);
    fake.wait_ready(from).await;
    let other = GUILD_ID + (1 << 22);
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let places = [(GUILD_ID, Place { channel: 760, thread: false }), (other, Place { channel: 761, thread: false })];
    for (guild, place) in places {
        let options = [
            Opt::User("opponent", ben.clone()),
            Opt::Int("first", 1),
            Opt::Bool("thread", false),
            Opt::Str("time", "2d".into()),
        ];
        fake.slash_in(guild, &ana, place, &["play", "hoyito"], &options).await;
        let board = fake.slash_in(guild, &ben, place, &["accept"], &[]).await;
        assert!(board.content().contains("runs out <t:"), "{}", board.content());
    }
    // The second process dies without warning between two moves, and comes back.
    second.0.kill().unwrap();
    second.0.wait().unwrap();
    let from = fake.mark();
    let second = start_process(&fake, dir.path(), &url, 1);
    fake.wait_ready(from).await;
    for (guild, place) in places {
        let moved = fake.slash_in(guild, &ana, place, &["move"], &[Opt::Str("notation", "1".into())]).await;
        assert!(moved.content().contains("runs out <t:"), "{}", moved.content());
    }
    // A day later each scheduler sees its server's reminder due; two days later its timeout.
    std::fs::write(dir.path().join("clock"), (DAY + 10).to_string()).unwrap();
    for (_, place) in places {
        let path = format!("/channels/{}/messages", place.channel);
        fake.wait_for(0, "a reminder", |r| r.path == path && r.content().contains("Reminder, ben")).await;
    }
    std::fs::write(dir.path().join("clock"), (2 * DAY + 10).to_string()).unwrap();
    let mut timeouts = Vec::new();
    for (_, place) in places {
        let path = format!("/channels/{}/messages", place.channel);
        let timeout = fake
            .wait_for(0, "a timeout", |r| {
                r.path == path && r.created.is_some() && r.content().contains("ran out of time")
            })
            .await;
        timeouts.push(timeout);
    }
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let count = |channel: u64, needle: &str| {
        let path = format!("/channels/{channel}/messages");
        fake.log().iter().filter(|r| r.path == path && r.created.is_some() && r.content().contains(needle)).count()
    };
    for (_, place) in places {
        assert_eq!(count(place.channel, "Reminder, ben"), 1, "one reminder in {}", place.channel);
        assert_eq!(count(place.channel, "ran out of time"), 1, "one timeout in {}", place.channel);
    }
    for ((guild, place), timeout) in places.into_iter().zip(&timeouts) {
        let claim = timeout.button_ids().into_iter().next().expect("the claim button");
        let from = fake.mark();
        let pressed = fake.press_in(guild, &ana, place, timeout.created.unwrap(), &claim).await;
        assert_eq!(pressed.callback_type(), Some(7), "{}", pressed.content());
        let result = fake.post_in(from, place.channel).await;
        assert!(result.content().contains("ana claimed the win on time"), "{}", result.content());
    }
    drop((first, second));
    tokio::task::spawn_blocking(move || drop(database)).await.unwrap();
}
