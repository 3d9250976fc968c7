//! The flow around a game against the fake Discord: what a challenge agrees to, taking back a move in a casual
//! game (asked with the board's button, answered by the opponent), the Rematch button of a result, and the
//! move menus of Epaminondas and Ocencahuac.

mod fake_discord;

use fake_discord::FakeDiscord;
use fake_discord::harness::{Place, Running};
use fake_discord::payloads::{Member, Opt};

fn ana() -> Member {
    Member::new(101, "ana")
}
fn ben() -> Member {
    Member::new(102, "ben")
}

async fn bot() -> (FakeDiscord, Running, tempfile::TempDir) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    (fake, running, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_casual_move_is_taken_back_and_a_finished_game_is_played_again() {
    let (fake, running, _dir) = bot().await;
    let hall = Place { channel: 900, thread: false };
    let options = [
        Opt::User("opponent", ben()),
        Opt::Int("first", 1),
        Opt::Bool("rated", false),
        Opt::Bool("thread", false),
        Opt::Str("time", "2d".into()),
    ];
    let challenge = fake.slash(&ana(), hall, &["play", "hoyito"], &options).await;
    assert!(challenge.content().contains("Terms: 2d per move · casual · ana moves first."), "{}", challenge.content());
    fake.slash(&ben(), hall, &["accept"], &[]).await;
    let board = fake.slash(&ana(), hall, &["move"], &[Opt::Str("notation", "1".into())]).await;
    let board_message = board.created.unwrap();
    assert!(board.button_ids().contains(&"g:1:takeback".to_string()), "{:?}", board.button_ids());

    // ben has not moved: nothing of his to take back.
    let nothing = fake.press(&ben(), hall, board_message, "g:1:takeback").await;
    assert!(nothing.is_ephemeral() && nothing.content().contains("nothing to take back"), "{}", nothing.content());
    // ana asks: the question is public, mentions ben, and the board keeps its buttons.
    let asked = fake.press(&ana(), hall, board_message, "g:1:takeback").await;
    assert!(!asked.is_ephemeral() && asked.content().contains("ana asks to take back their move 1"), "{asked:?}");
    assert_eq!(asked.button_ids(), ["k:1:accept", "k:1:decline"]);
    assert!(fake.enabled_buttons(board_message).iter().any(|b| b.starts_with("g:1:m:1:")), "the board still plays");
    // Only the opponent answers.
    let question = asked.created.unwrap();
    let own = fake.press(&ana(), hall, question, "k:1:accept").await;
    assert!(own.is_ephemeral() && own.content().contains("no takeback request"), "{}", own.content());
    let from = fake.mark();
    fake.press(&ben(), hall, question, "k:1:accept").await;
    let back = fake.post_in(from, hall.channel).await;
    assert!(back.content().contains("ana's last move is taken back"), "{}", back.content());
    assert!(back.button_ids().contains(&"g:1:m:0:1".to_string()), "ana is to move again: {:?}", back.button_ids());
    // The board before the takeback is out of date.
    let stale = fake.press(&ben(), hall, board_message, "g:1:m:1:2").await;
    assert!(stale.is_ephemeral() && stale.content().contains("earlier position"), "{}", stale.content());

    // The game ends; the result offers a rematch, which either player may ask for.
    let result = fake.slash(&ben(), hall, &["resign"], &[]).await;
    assert!(result.content().contains("ana wins"), "{}", result.content());
    assert_eq!(result.button_ids(), ["g:1:rematch"]);
    let over = fake.slash(&ben(), hall, &["move"], &[Opt::Str("notation", "1".into())]).await;
    assert!(
        over.is_ephemeral() && over.content().contains("is over after 0 moves: ana won: ben resigned."),
        "{}",
        over.content()
    );
    let cy = Member::new(103, "cy");
    let stranger = fake.press(&cy, hall, result.created.unwrap(), "g:1:rematch").await;
    assert!(stranger.is_ephemeral() && stranger.content().contains("not playing"), "{}", stranger.content());
    let from = fake.mark();
    fake.press(&ben(), hall, result.created.unwrap(), "g:1:rematch").await;
    let rematch = fake.post_in(from, hall.channel).await;
    assert!(rematch.content().contains("ben challenges ana to Hoyito II (game #2)"), "{}", rematch.content());
    assert!(rematch.content().contains("Terms: 2d per move · casual · ben moves first."), "{}", rematch.content());
    assert_eq!(rematch.button_ids(), ["c:2:accept", "c:2:decline"]);
    let accepted = fake.slash(&ana(), hall, &["accept"], &[]).await;
    assert!(accepted.content().contains("ben plays South and moves first"), "{}", accepted.content());
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_takes_nothing_back() {
    let (fake, running, _dir) = bot().await;
    let hall = Place { channel: 901, thread: false };
    let options =
        [Opt::User("opponent", ben()), Opt::Int("first", 1), Opt::Bool("rated", true), Opt::Bool("thread", false)];
    fake.slash(&ana(), hall, &["play", "epaminondas"], &options).await;
    fake.slash(&ben(), hall, &["accept"], &[]).await;
    let board = fake.slash(&ana(), hall, &["move"], &[Opt::Str("notation", "a2-a3".into())]).await;
    assert!(!board.button_ids().iter().any(|b| b.contains("takeback")), "{:?}", board.button_ids());
    let refused = fake.slash(&ana(), hall, &["takeback"], &[]).await;
    assert!(refused.is_ephemeral() && refused.content().contains("only in casual games"), "{}", refused.content());
    running.stop().await;
}
