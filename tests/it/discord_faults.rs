//! The bot against a fake Discord that misbehaves as Discord does: a 500 and a 429 on a board post, a 500 on an
//! interaction response, the same interaction delivered twice, the gateway connection dropped mid-game. Each
//! time the board appears once, nothing internal is posted publicly, and the game goes on.

use crate::fake_discord;

use std::time::Duration;

use fake_discord::harness::{Place, Running, called};
use fake_discord::payloads::{self, Member, Opt};
use fake_discord::{FakeDiscord, Fault, Recorded};

const HALL: Place = Place { channel: 700, thread: false };
const HALL_POSTS: &str = "/channels/700/messages";

fn ana() -> Member {
    Member::new(101, "ana")
}
fn ben() -> Member {
    Member::new(102, "ben")
}

/// A Hoyito game of ana (first) and ben in the hall, without a thread; returns the first board post.
async fn hoyito_in_the_hall(fake: &FakeDiscord) -> Recorded {
    let options = [Opt::User("opponent", ben()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    let challenge = fake.slash(&ana(), HALL, &["play", "hoyito"], &options).await;
    let from = fake.mark();
    fake.press(&ben(), HALL, challenge.created.expect("a challenge message"), "c:1:accept").await;
    fake.post_in(from, HALL.channel).await
}

/// Every attempt to post a message in the hall since `from`.
fn hall_posts(fake: &FakeDiscord, from: usize) -> Vec<Recorded> {
    fake.log().into_iter().skip(from).filter(|r| r.method == "POST" && r.path == HALL_POSTS).collect()
}

/// Nothing the bot made public since `from` speaks of Discord's faults.
fn nothing_public_about_faults(fake: &FakeDiscord, from: usize) {
    for r in fake.log().into_iter().skip(from) {
        let text = r.content();
        if r.is_ephemeral() || text.is_empty() {
            continue;
        }
        // Discord timestamps are taken out first: a deadline such as `<t:1796509500:R>` holds "500:" (a run failed
        // on one), and not a bare "500" either.
        let text = without_timestamps(&text);
        for leak in ["500:", "Internal Server Error", "429:", "rate limited", "error", "Error"] {
            assert!(!text.contains(leak), "{} {} said publicly: {text}", r.method, r.path);
        }
    }
}

/// `text` without its Discord timestamps (`<t:SECONDS:STYLE>`).
fn without_timestamps(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("<t:") {
        out.push_str(&rest[..start]);
        match rest[start..].find('>') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = &rest[start..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn timestamps_are_not_mistaken_for_status_codes() {
    assert_eq!(without_timestamps("runs out <t:1796509500:R>. ok"), "runs out . ok");
}

fn nonce(r: &Recorded) -> String {
    let json = r.json.as_ref().expect("a body");
    assert_eq!(json["enforce_nonce"], true, "the nonce is enforced");
    json["nonce"].as_str().expect("a nonce").to_string()
}

/// The player on turn of a board presses the first legal hole; returns the press's response.
async fn press_a_hole(fake: &FakeDiscord, board: &Recorded) -> Recorded {
    let message = board.created.expect("a board message");
    let hole = fake.enabled_buttons(message).into_iter().find(|b| b.contains(":m:")).expect("a legal hole");
    let mover = if called(&board.content()) == ana().id { ana() } else { ben() };
    fake.press(&mover, HALL, message, &hole).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_post_meeting_a_500_then_a_429_is_posted_once_after_waiting() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    let board = hoyito_in_the_hall(&fake).await;

    // A 500: the bot posts again with the same nonce, and the board appears once.
    fake.fail_next(Fault::server_error("POST", HALL_POSTS));
    let from = fake.mark();
    press_a_hole(&fake, &board).await;
    let posted = fake.wait_for(from, "the board", |r| r.path == HALL_POSTS && r.created.is_some()).await;
    assert!(posted.png().is_some(), "the board with its picture");
    let attempts = hall_posts(&fake, from);
    assert_eq!(attempts.len(), 2, "one failed attempt, one post");
    assert_eq!(nonce(&attempts[0]), nonce(&attempts[1]), "the retry carries the same nonce");
    nothing_public_about_faults(&fake, from);

    // A 429 with retry_after: the bot waits it out (serenity's own limiter is off behind the proxy).
    fake.fail_next(Fault::rate_limited("POST", HALL_POSTS, 0.6));
    let from = fake.mark();
    press_a_hole(&fake, &posted).await;
    let again = fake.wait_for(from, "the next board", |r| r.path == HALL_POSTS && r.created.is_some()).await;
    assert!(again.png().is_some());
    let attempts = hall_posts(&fake, from);
    assert_eq!(attempts.len(), 2, "one rate-limited attempt, one post");
    assert!(attempts[1].at - attempts[0].at >= Duration::from_millis(600), "retry_after honoured");
    assert_eq!(nonce(&attempts[0]), nonce(&attempts[1]));
    nothing_public_about_faults(&fake, from);
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_response_meets_a_500_and_is_delivered_twice_is_played_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    hoyito_in_the_hall(&fake).await;

    // ana's /move: Discord fails the first response with a 500; the bot answers again, once.
    fake.fail_next(Fault::server_error("POST", "/interactions/"));
    let from = fake.mark();
    let id = fake.next_id();
    let callback = format!("/interactions/{id}/token-{id}/callback");
    let moved = payloads::slash(2, id, HALL.channel, false, &ana(), &["move"], &[Opt::Str("notation", "1".into())]);
    fake.interact(moved.clone());
    let board = fake.wait_for(from, "the board", |r| r.path == callback && r.created.is_some()).await;
    assert!(board.png().is_some(), "{}", board.content());
    assert!(!board.is_ephemeral());
    nothing_public_about_faults(&fake, from);

    // Discord delivers the same interaction again (after a gateway resume): nothing is played or said.
    fake.interact(moved);
    // ben (or ana, if she moves again) plays on from the board: the game is where one move left it.
    let mover = if called(&board.content()) == ana().id { ana() } else { ben() };
    let message = board.created.unwrap();
    let hole = fake.enabled_buttons(message).into_iter().find(|b| b.contains(":m:1:")).expect("buttons of move 1");
    let next = fake.press(&mover, HALL, message, &hole).await;
    assert_eq!(next.callback_type(), Some(7), "the press of move 1's board plays: {next:?}");
    fake.post_in(from, HALL.channel).await;
    let answers: Vec<Recorded> = fake.log().into_iter().filter(|r| r.path == callback).collect();
    assert_eq!(answers.len(), 2, "the failed response and its retry, nothing for the repeat");
    assert!(
        !fake.log().iter().any(|r| r.content().contains("not your turn") || r.content().contains("nothing of yours")),
        "the repeat is not refused as if it were a new move"
    );
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_after_the_gateway_connection_drops() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    let board = hoyito_in_the_hall(&fake).await;
    let sessions = fake.identified() + fake.resumed();
    fake.drop_gateway();
    fake.wait_until("the bot to reconnect", |f| f.identified() + f.resumed() > sessions).await;
    let from = fake.mark();
    press_a_hole(&fake, &board).await;
    let next = fake.post_in(from, HALL.channel).await;
    assert!(next.png().is_some(), "the game goes on: {}", next.content());
    running.stop().await;
}

/// The fake keeps Discord's promise that the bots here rely on when two processes post one notice together:
/// posts with one enforced nonce that arrive at once make one message, and every poster gets that message.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn posts_with_one_nonce_that_arrive_together_make_one_message() {
    let fake = FakeDiscord::start().await;
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let url = format!("{}/api/v10{HALL_POSTS}", fake.base());
    for round in 0..40 {
        let nonce = format!("tablero-{round}");
        let body = serde_json::json!({"content": "Reminder", "nonce": nonce, "enforce_nonce": true,
                                      "allowed_mentions": {"parse": []}});
        let posts = (0..24).map(|_| {
            let request = client.post(&url).json(&body).send();
            tokio::spawn(async move {
                let answer = tokio::time::timeout(Duration::from_secs(10), request).await.expect("in time").unwrap();
                let message: serde_json::Value = answer.json().await.unwrap();
                message["id"].as_str().unwrap().to_string()
            })
        });
        let ids: Vec<String> = futures_util::future::join_all(posts).await.into_iter().map(Result::unwrap).collect();
        assert!(ids.iter().all(|id| *id == ids[0]), "round {round}: {ids:?}");
    }
    let created = fake.log().iter().filter(|r| r.path == HALL_POSTS && r.created.is_some()).count();
    assert_eq!(created, 40, "one message per nonce");
}
