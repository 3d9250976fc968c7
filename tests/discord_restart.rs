//! The `tablero` binary as a Discord bot against the fake Discord: killed mid-game and started again on the
//! same data folder, a button posted before the kill still plays the next move; SIGTERM stops it cleanly.

mod fake_discord;

use std::path::Path;
use std::process::{Child, Command, Stdio};

use fake_discord::FakeDiscord;
use fake_discord::harness::Place;
use fake_discord::payloads::{GUILD_ID, Member, Opt};

fn start_binary(fake: &FakeDiscord, dir: &Path) -> Child {
    let config = dir.join("config.toml");
    let text = format!(
        "data_dir = {:?}\n[discord]\nguild_id = {GUILD_ID}\napi_base = {:?}\ntoken = \"test-token\"\n",
        dir.join("data").display().to_string(),
        fake.base()
    );
    std::fs::write(&config, text).unwrap();
    Command::new(env!("CARGO_BIN_EXE_tablero"))
        .arg("--config")
        .arg(&config)
        .arg("bot")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env("TABLERO_TEST_SEED", "11")
        .env_remove("DISCORD_TOKEN")
        .env_remove("DISCORD_API_BASE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .expect("the tablero binary starts")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_from_before_a_crash_plays_after_the_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let place = Place { channel: 730, thread: false };
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));

    let from = fake.mark();
    let mut bot = start_binary(&fake, dir.path());
    fake.wait_ready(from).await;
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana, place, &["play", "hoyito"], &options).await;
    let first_board = fake.slash(&ben, place, &["accept"], &[]).await;
    let from = fake.mark();
    fake.press(&ana, place, first_board.created.unwrap(), "g:1:m:0:1").await;
    let board = fake.post_in(from, place.channel).await;
    let buttons = fake.enabled_buttons(board.created.unwrap());
    let next = buttons.iter().find(|b| b.starts_with("g:1:m:1:")).expect("ben's hole buttons").clone();

    // Killed without warning (SIGKILL): the acknowledged move must already be on disk.
    bot.kill().unwrap();
    bot.wait().unwrap();
    let from = fake.mark();
    let mut bot = start_binary(&fake, dir.path());
    fake.wait_ready(from).await;
    assert_eq!(fake.identified(), 2, "a second session after the restart");

    let from = fake.mark();
    let pressed = fake.press(&ben, place, board.created.unwrap(), &next).await;
    assert_eq!(pressed.callback_type(), Some(7), "{}", pressed.content());
    let after = fake.post_in(from, place.channel).await;
    assert!(after.content().contains("ben: North sowed"), "{}", after.content());
    assert!(after.png().is_some());
    // The board's history has both moves: nothing was lost.
    let history = fake.slash(&ana, place, &["history"], &[]).await;
    assert!(history.content().contains("2 moves"), "{}", history.content());

    // SIGTERM: a clean stop.
    let status = Command::new("kill").arg("-TERM").arg(bot.id().to_string()).status().unwrap();
    assert!(status.success());
    let deadline = std::time::Instant::now() + fake_discord::WAIT;
    let exit = loop {
        if let Some(exit) = bot.try_wait().unwrap() {
            break exit;
        }
        assert!(std::time::Instant::now() < deadline, "the bot stops after SIGTERM");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(exit.success(), "{exit:?}");
}
