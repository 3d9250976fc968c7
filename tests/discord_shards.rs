//! A bot split over two processes' worth of shards (0/2 and 1/2, each its own client and its own connection
//! pool) on one PostgreSQL database, against the fake Discord routing each server's events to its shard as
//! Discord does: games in servers of both shards are played to their end, each answered by the shard of its
//! server, all in the one database. Skipped (with one line saying so) without `TABLERO_TEST_POSTGRES`.

mod common;
mod fake_discord;

use std::sync::Arc;

use fake_discord::FakeDiscord;
use fake_discord::harness::{Place, Running, called};
use fake_discord::payloads::{GUILD_ID, Member, Opt};
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
