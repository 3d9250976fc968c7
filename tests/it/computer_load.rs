//! Twenty games against the computer at once through the fake Discord: every interaction is answered while the
//! computer's searches are held back (so no answer waits for a search), then every game gets its computer's
//! move, once.

use crate::fake_discord;

use std::time::{Duration, Instant};

use fake_discord::FakeDiscord;
use fake_discord::harness::{Place, Running};
use fake_discord::payloads::{BOT_ID, Member, Opt};

const GAMES: u64 = 20;

fn player(i: u64) -> (Member, Place) {
    (Member::new(300 + i, &format!("p{i}")), Place { channel: 3000 + i, thread: false })
}

/// Runs `GAMES` interactions at once, one per game, each made by `make`; returns the slowest answer's time.
async fn all_at_once<F, Fut>(fake: &FakeDiscord, make: F) -> Duration
where
    F: Fn(FakeDiscord, u64) -> Fut,
    Fut: std::future::Future<Output = fake_discord::Recorded> + Send + 'static,
{
    let tasks: Vec<_> = (0..GAMES)
        .map(|i| {
            let answer = make(fake.clone(), i);
            tokio::spawn(async move {
                let sent = Instant::now();
                let recorded = answer.await;
                (recorded.at.saturating_duration_since(sent), recorded)
            })
        })
        .collect();
    let mut slowest = Duration::ZERO;
    for task in tasks {
        let (took, recorded) = task.await.expect("the interaction task");
        assert!(!recorded.is_ephemeral(), "refused: {}", recorded.content());
        slowest = slowest.max(took);
    }
    slowest
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_games_against_the_computer_at_once_never_hold_up_an_interaction() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    running.hold_searches(true);

    // Twenty players each start a game against the bot and make their first move, all at once.
    let started = all_at_once(&fake, |fake, i| async move {
        let (who, at) = player(i);
        let bot = Member::new(BOT_ID, "tablero");
        let options =
            [Opt::User("opponent", bot), Opt::Int("level", 3), Opt::Int("first", 1), Opt::Bool("thread", false)];
        fake.slash(&who, at, &["play", "hoyito"], &options).await
    })
    .await;
    let from = fake.mark();
    let moved = all_at_once(&fake, |fake, i| async move {
        let (who, at) = player(i);
        fake.slash(&who, at, &["move"], &[Opt::Str("notation", ((i % 6) + 1).to_string())]).await
    })
    .await;
    // Every one of those was answered while all twenty searches waited: none of them waits for the computer.
    let computer_posts = |fake: &FakeDiscord, from: usize| {
        fake.log()[from..]
            .iter()
            .filter(|r| r.method == "POST" && r.path.starts_with("/channels/3"))
            .filter(|r| r.json.as_ref().is_some_and(|j| j["content"].as_str().unwrap_or("").contains("tablero: North")))
            .count()
    };
    assert_eq!(computer_posts(&fake, from), 0, "the computer moved while held");
    // Other players' interactions go on too: a profile, a board.
    let (who, at) = player(0);
    let board = fake.slash(&who, at, &["board"], &[]).await;
    assert!(board.png().is_some() || board.content().contains("Hoyito"), "{}", board.content());

    // Let the searches go: each game gets its computer's move, posted in its channel, once.
    running.hold_searches(false);
    // Each game is back with its player when its last post has move buttons.
    let to_play = |fake: &FakeDiscord, i: u64, from: usize| {
        let path = format!("/channels/{}/messages", player(i).1.channel);
        let post = fake.log()[from..].iter().rev().find(|r| r.method == "POST" && r.path == path)?.clone();
        let message = post.created?;
        let button = fake.enabled_buttons(message).into_iter().find(|b| b.contains(":m:"))?;
        Some((message, button))
    };
    fake.wait_until("every game back with its player", |fake| {
        computer_posts(fake, from) >= GAMES as usize && (0..GAMES).all(|i| to_play(fake, i, from).is_some())
    })
    .await;
    for i in 0..GAMES {
        let (_, at) = player(i);
        let path = format!("/channels/{}/messages", at.channel);
        let posts: Vec<(String, Option<u64>)> = fake.log()[from..]
            .iter()
            .filter(|r| r.method == "POST" && r.path == path)
            .filter(|r| r.content().contains("tablero: North"))
            .map(|r| (r.json.as_ref().map(|j| j["nonce"].to_string()).unwrap_or_default(), r.created))
            .collect();
        // One move, or more when a capture gave the computer another; each notice one message (a repeated post
        // of a notice carries its nonce, and Discord gives back the first message).
        let mut messages: Vec<Option<u64>> = posts.iter().map(|(_, created)| *created).collect();
        messages.sort();
        messages.dedup();
        let mut nonces: Vec<&String> = posts.iter().map(|(nonce, _)| nonce).collect();
        nonces.sort();
        nonces.dedup();
        assert!(!posts.is_empty() && messages.len() == nonces.len(), "game {i}: {posts:?}");
    }

    // A second round: each player answers from the computer's board, with the searches now running beside the
    // other players' interactions.
    let boards: Vec<(u64, String)> = (0..GAMES).map(|i| to_play(&fake, i, from).unwrap()).collect();
    let boards = std::sync::Arc::new(boards);
    let second = fake.mark();
    let again = all_at_once(&fake, |fake, i| {
        let boards = boards.clone();
        async move {
            let (who, at) = player(i);
            let (message, button) = &boards[i as usize];
            fake.press(&who, at, *message, button).await
        }
    })
    .await;
    // Each game comes back to its player: after the computer's answer, or at once when the player's move
    // captured (a capture in Hoyito II gives the same side another move; which games do depends on the ids the
    // games were given, in the order the twenty challenges arrived).
    fake.wait_until("every game back with its player after the second move", |fake| {
        (0..GAMES).all(|i| to_play(fake, i, second).is_some())
    })
    .await;
    assert!(computer_posts(&fake, second) > 0, "the computer made no second move");
    // The slowest answers, for the record (not asserted: a loaded machine must not fail the test; the hold above
    // is what shows that no answer waits for a search).
    eprintln!("slowest answer: start {started:?}, first move {moved:?}, second move with searches running {again:?}");
    running.stop().await;
}
