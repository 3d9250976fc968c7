//! The flow around a game against the fake Discord: what a challenge agrees to, taking back a move in a casual
//! game (asked with the board's button, answered by the opponent), the Rematch button of a result, and the
//! move menus of Epaminondas and Ocencahuac.

use crate::fake_discord;

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn epaminondas_and_ocencahuac_are_played_from_menus() {
    let (fake, running, _dir) = bot().await;
    let hall = Place { channel: 902, thread: false };
    let options = [Opt::User("opponent", ben()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana(), hall, &["play", "epaminondas"], &options).await;
    let board = fake.slash(&ben(), hall, &["accept"], &[]).await;
    // White's 28 pieces that can move: two menus (25 options at most each), squares by file then rank.
    let menus = board.menus();
    assert_eq!(menus.len(), 2, "{menus:?}");
    assert_eq!(menus[0].0, "g:1:pick:0:0");
    assert_eq!(menus[0].1.len(), 25);
    assert_eq!(&menus[0].1[..3], ["a1", "a2", "b1"]);
    assert_eq!(menus[1].1, ["m2", "n1", "n2"]);
    let message = board.created.unwrap();
    // Only the player on turn picks; the menu of moves is private.
    let wrong = fake.choose(&ben(), hall, message, "g:1:pick:0:0", "c2").await;
    assert!(wrong.is_ephemeral() && wrong.content().contains("It is not your turn"), "{}", wrong.content());
    let picked = fake.choose(&ana(), hall, message, "g:1:pick:0:0", "c2").await;
    assert!(picked.is_ephemeral() && picked.content().contains("c2: 3 moves"), "{}", picked.content());
    let moves = picked.menus();
    assert_eq!(moves, [("g:1:to:0:0".to_string(), vec!["c2-b3".to_string(), "c2-c3".into(), "c2-d3".into()])]);
    assert!(fake.enabled_buttons(message).iter().any(|b| b.starts_with("g:1:pick:")), "the board keeps its menus");
    // Choosing the move plays it: the board after it, with Black's menus.
    let from = fake.mark();
    let played = fake.choose(&ana(), hall, picked.created.unwrap(), "g:1:to:0:0", "c2-c3").await;
    assert_eq!(played.callback_type(), Some(7), "the private menu is done with");
    let after = fake.post_in(from, hall.channel).await;
    assert!(after.content().contains("ana: White played c2-c3"), "{}", after.content());
    assert_eq!(after.menus()[0].0, "g:1:pick:1:0");
    // A menu of the board before is out of date.
    let stale = fake.choose(&ben(), hall, message, "g:1:pick:0:0", "c11").await;
    assert!(stale.is_ephemeral() && stale.content().contains("earlier position"), "{}", stale.content());

    // Ocencahuac: one menu of the six pieces that can move.
    let room = Place { channel: 903, thread: false };
    fake.slash(&ana(), room, &["play", "ocencahuac"], &options).await;
    let board = fake.slash(&ben(), room, &["accept"], &[]).await;
    assert_eq!(
        board.menus(),
        [("g:2:pick:0:0".to_string(), ["a1", "a2", "b1", "b2", "c1", "c2"].map(String::from).to_vec())]
    );
    let picked = fake.choose(&ana(), room, board.created.unwrap(), "g:2:pick:0:0", "b1").await;
    assert_eq!(picked.menus()[0].1, ["b1-b3", "b1-d1"]);
    let from = fake.mark();
    fake.choose(&ana(), room, picked.created.unwrap(), "g:2:to:0:0", "b1-d1").await;
    let after = fake.post_in(from, room.channel).await;
    assert!(after.content().contains("ana: Sangangüey played b1-d1"), "{}", after.content());
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_starts_at_once_and_it_answers_each_move() {
    use fake_discord::payloads::BOT_ID;
    let (fake, running, _dir) = bot().await;
    let hall = Place { channel: 904, thread: false };
    let me = Member::new(BOT_ID, "tablero");
    let options =
        [Opt::User("opponent", me.clone()), Opt::Int("level", 1), Opt::Int("first", 1), Opt::Bool("thread", false)];
    let board = fake.slash(&ana(), hall, &["play", "hoyito"], &options).await;
    assert!(board.content().contains("ana plays Hoyito II against the computer (level 1)"), "{}", board.content());
    assert!(board.png().is_some(), "no accept needed: the first board");
    let from = fake.mark();
    fake.slash(&ana(), hall, &["move"], &[Opt::Str("notation", "1".into())]).await;
    // The computer's answer comes as a board of its own in the channel, with its reason, calling ana back when
    // its turn is over.
    let answer = fake.post_in(from, hall.channel).await;
    assert!(answer.content().contains("tablero: North sowed hole"), "{}", answer.content());
    assert!(answer.content().contains(" It sows hole"), "{}", answer.content());
    assert!(answer.png().is_some());
    // A rated game against the computer is refused.
    let place = Place { channel: 905, thread: false };
    let rated = [Opt::User("opponent", me), Opt::Bool("rated", true)];
    let refused = fake.slash(&ana(), place, &["play", "hoyito"], &rated).await;
    assert!(refused.is_ephemeral() && refused.content().contains("casual"), "{}", refused.content());
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_with_a_progress_message_first() {
    use fake_discord::payloads::BOT_ID;
    let (fake, running, _dir) = bot().await;
    let hall = Place { channel: 906, thread: false };
    let me = Member::new(BOT_ID, "tablero");
    let options = [Opt::User("opponent", me), Opt::Int("level", 2), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana(), hall, &["play", "hoyito"], &options).await;
    let from = fake.mark();
    fake.slash(&ana(), hall, &["move"], &[Opt::Str("notation", "1".into())]).await;
    fake.post_in(from, hall.channel).await;
    // The analysis of a game still on is refused, after the progress message.
    let early = fake.slash(&ben(), hall, &["analysis"], &[]).await;
    assert!(early.is_ephemeral() && early.content().contains("Analysing the game"), "{}", early.content());
    // The computer may still be writing a move (Hoyito gives extra turns): a resignation that meets its write is
    // made again on the new position by the table, never refused as "changed meanwhile".
    let resigned = fake.slash(&ana(), hall, &["resign"], &[]).await;
    assert!(!resigned.is_ephemeral(), "{}", resigned.content());
    assert!(resigned.content().contains("tablero wins"), "{}", resigned.content());
    let from = fake.mark();
    // Anyone in the server may ask; the progress comes first, privately, then the chart for everyone.
    let progress = fake.slash(&ben(), hall, &["analysis"], &[]).await;
    assert!(progress.is_ephemeral(), "{progress:?}");
    let result = fake
        .wait_for(from, "the analysis", |r| {
            r.method == "POST" && r.path.starts_with("/webhooks/") && r.content().contains("Analysis of Hoyito II #1")
        })
        .await;
    assert!(!result.is_ephemeral() && result.png().is_some(), "{result:?}");
    running.stop().await;
}
