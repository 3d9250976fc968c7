//! The `tablero` binary as a Discord bot against the fake Discord: killed mid-game and started again on the
//! same data folder, a button posted before the kill still plays the next move; SIGTERM stops it cleanly.

use crate::common;
use crate::fake_discord;

use std::path::Path;
use std::process::Command;

use fake_discord::FakeDiscord;
use fake_discord::harness::Place;
use fake_discord::payloads::{GUILD_ID, Member, Opt};
use fake_discord::process::{Bot, set_clock, spawn_clocked};

const DAY: u64 = 86_400;

fn start_binary(fake: &FakeDiscord, dir: &Path) -> Bot {
    start_binary_with(fake, dir, &[])
}

/// The binary with more environment (a PostgreSQL store, a shard range).
fn start_binary_with(fake: &FakeDiscord, dir: &Path, env: &[(&str, String)]) -> Bot {
    spawn_clocked(fake, dir, env)
}

/// The bot's processes: one on a sled folder, or two shards (0/2 and 1/2) on one PostgreSQL database.
struct Cluster {
    dir: std::path::PathBuf,
    url: Option<String>,
    bots: Vec<Bot>,
}

impl Cluster {
    async fn start(fake: &FakeDiscord, dir: &Path, url: Option<String>) -> Cluster {
        let mut cluster = Cluster { dir: dir.to_path_buf(), url, bots: Vec::new() };
        for shard in 0..cluster.processes() {
            let from = fake.mark();
            let bot = cluster.spawn(fake, shard);
            cluster.bots.push(bot);
            fake.wait_ready(from).await;
        }
        cluster
    }

    fn processes(&self) -> u64 {
        if self.url.is_some() { 2 } else { 1 }
    }

    fn spawn(&self, fake: &FakeDiscord, shard: u64) -> Bot {
        match &self.url {
            None => start_binary(fake, &self.dir),
            Some(url) => start_binary_with(
                fake,
                &self.dir,
                &[("TABLERO_STORE_URL", url.clone()), ("TABLERO_SHARDS", format!("{shard}/2"))],
            ),
        }
    }

    /// Kills (SIGKILL) the process serving the test server's shard and starts it again.
    async fn restart_the_servers_process(&mut self, fake: &FakeDiscord) {
        let shard = (GUILD_ID >> 22) % self.processes();
        let bot = &mut self.bots[shard as usize];
        bot.kill().unwrap();
        bot.wait().unwrap();
        let ready = fake.mark();
        self.bots[shard as usize] = self.spawn(fake, shard);
        fake.wait_ready(ready).await;
    }
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

/// The bot serving its web pages: off until an admin turns them on, then `/web` gives their address, a board
/// carries a "View on the web" link button to its game's page, and the page shows the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_serves_a_servers_web_pages_once_they_are_on_and_links_its_boards_to_them() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let place = Place { channel: 731, thread: false };
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let from = fake.mark();
    let _bot = start_binary_with(&fake, dir.path(), &[("TABLERO_WEB_LISTEN", format!("127.0.0.1:{port}"))]);
    fake.wait_ready(from).await;
    let off = fake.slash(&ana, place, &["web"], &[]).await;
    assert!(off.content().contains("web:on"), "{}", off.content());
    let mut admin = ana.clone();
    admin.manage_server = true;
    let on = fake.slash(&admin, place, &["settings", "server"], &[Opt::Bool("web", true)]).await;
    assert!(on.content().contains("web on"), "{}", on.content());
    let said = fake.slash(&ben, place, &["web"], &[]).await;
    let address = said
        .content()
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("an address: {}", said.content()))
        .to_string();
    assert!(address.starts_with(&format!("http://127.0.0.1:{port}/s/")), "{address}");
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana, place, &["play", "hoyito"], &options).await;
    let board = fake.slash(&ben, place, &["accept"], &[]).await;
    let stored = fake.message(board.created.unwrap());
    let link = stored["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["style"] == 5)
        .unwrap_or_else(|| panic!("a link button: {stored}"));
    assert_eq!(link["label"], "View on the web");
    let url = link["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&address) && url.ends_with("/game/1"), "{url}");
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let page = client.get(&url).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let body = page.text().await.unwrap();
    assert!(body.contains("ana (South) to move") && body.contains("Hoyito II #1"), "{body}");
    // Another address of the same port: nothing.
    let other = client.get(format!("http://127.0.0.1:{port}/game/1")).send().await.unwrap();
    assert_eq!(other.status().as_u16(), 404);
}

/// Deadlines end to end: a short time control, the reminder posted, the bot killed and the deadline passing
/// while it is down, the timeout caught up after the restart (once, and the reminder not repeated), and the
/// Claim button ending the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminder_timeout_across_a_restart_and_the_claim_button() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let place = Place { channel: 750, thread: false };
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let from = fake.mark();
    let mut bot = start_binary(&fake, dir.path());
    fake.wait_ready(from).await;
    let options = [
        Opt::User("opponent", ben.clone()),
        Opt::Int("first", 1),
        Opt::Bool("thread", false),
        Opt::Str("time", "2d".into()),
    ];
    fake.slash(&ben, place, &["settings", "notify"], &[Opt::Bool("direct", true)]).await;
    fake.slash(&ana, place, &["play", "hoyito"], &options).await;
    let board = fake.slash(&ben, place, &["accept"], &[]).await;
    assert!(board.content().contains("Time for this move runs out <t:"), "{}", board.content());
    let moved = fake.slash(&ana, place, &["move"], &[Opt::Str("notation", "1".into())]).await;
    assert!(moved.content().contains("runs out <t:"), "{}", moved.content());
    // Half the time goes by (the bot's clock jumps a day): the reminder.
    set_clock(dir.path(), DAY + 10);
    let reminder =
        fake.wait_for(0, "the reminder", |r| r.method == "POST" && r.content().contains("Reminder, ben")).await;
    assert!(reminder.content().starts_with("<@102>"), "ben is called: {}", reminder.content());
    // ben asked for reminders by direct message too.
    let dm = fake.wait_for(0, "a direct message", |r| r.method == "POST" && r.path == "/users/@me/channels").await;
    assert_eq!(dm.json.as_ref().unwrap()["recipient_id"], "102");
    let direct = fake.wait_for(0, "the reminder by DM", |r| r.path == "/channels/9000102/messages").await;
    assert!(direct.content().starts_with("Reminder, ben"), "{}", direct.content());

    // Down while the deadline passes.
    bot.kill().unwrap();
    bot.wait().unwrap();
    set_clock(dir.path(), 2 * DAY + 10);
    let from = fake.mark();
    let mut bot = start_binary(&fake, dir.path());
    fake.wait_ready(from).await;
    // (From the start of the log: on a very slow machine the first bot may have posted it before the kill.)
    let timeout = fake
        .wait_for(0, "the timeout, caught up", |r| {
            r.method == "POST" && r.created.is_some() && r.content().contains("ran out of time")
        })
        .await;
    assert!(timeout.content().starts_with("<@101> ben ran out of time in Hoyito II #1"), "{}", timeout.content());
    assert_eq!(timeout.button_ids(), ["g:1:claim"]);
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    // Messages created (a repeat of a notice posted just before the kill, if any, carries the same enforced
    // nonce, and Discord creates nothing for it).
    let count = |path: &str, needle: &str| {
        let log = fake.log();
        log.iter().filter(|r| r.path == path && r.created.is_some() && r.content().contains(needle)).count()
    };
    assert_eq!(count("/channels/750/messages", "Reminder, ben"), 1, "the reminder is not repeated");
    assert_eq!(count("/channels/9000102/messages", "Reminder, ben"), 1, "nor its direct message");
    assert_eq!(count("/channels/750/messages", "ran out of time"), 1, "the timeout is posted once");

    let from = fake.mark();
    let pressed = fake.press(&ana, place, timeout.created.unwrap(), "g:1:claim").await;
    assert_eq!(pressed.callback_type(), Some(7), "{}", pressed.content());
    let result = fake.post_in(from, place.channel).await;
    assert!(
        result.content().contains("ana claimed the win on time") && result.content().contains("ana wins"),
        "{}",
        result.content()
    );
    bot.kill().unwrap();
    bot.wait().unwrap();
}

/// A Swiss end to end: a five-player Swiss of three rounds (Hoyito II) from creation to final standings, with
/// sign-up by button, a drop, a forfeit on time (claimed with the button) and a restart of the bot in the middle.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_five_player_swiss_tournament_runs_to_its_final_standings() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    five_player_swiss(&fake, dir.path(), None).await;
}

/// The same tournament played by two bot processes (shards 0/2 and 1/2) on one PostgreSQL database, both running
/// the scheduler, the test server's process killed and restarted in round 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_tournament_runs_through_with_two_processes_on_postgres() {
    let Some(postgres) = common::backends::postgres() else { return };
    let database = tokio::task::spawn_blocking(move || postgres.fresh()).await.unwrap();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    five_player_swiss(&fake, dir.path(), Some(database.location())).await;
    tokio::task::spawn_blocking(move || drop(database)).await.unwrap();
}

async fn five_player_swiss(fake: &FakeDiscord, dir: &Path, url: Option<String>) {
    use serde_json::Value;
    let hall = Place { channel: 770, thread: false };
    let mut admin = Member::new(101, "ana");
    admin.manage_server = true;
    let members = [
        admin.clone(),
        Member::new(102, "ben"),
        Member::new(103, "cy"),
        Member::new(104, "dan"),
        Member::new(105, "eve"),
    ];
    let by_name = |name: &str| members.iter().find(|m| m.name == name).cloned().unwrap();
    let mut bots = Cluster::start(fake, dir, url).await;
    let options = [Opt::Int("game", 1), Opt::Int("format", 0), Opt::Int("rounds", 3), Opt::Str("time", "1d".into())];
    let created = fake.slash(&admin, hall, &["tournament", "create"], &options).await;
    assert!(created.content().contains("Tournament #1: Hoyito II, Swiss, 3 rounds"), "{}", created.content());
    let announcement = created.created.unwrap();
    for m in &members {
        let joined = fake.press(m, hall, announcement, "t:1:join").await;
        assert!(joined.content().contains(&format!("{} joined tournament #1", m.name)), "{}", joined.content());
    }
    let refused = fake.slash(&members[1], hall, &["tournament", "start"], &[]).await;
    assert!(refused.is_ephemeral() && refused.content().contains("organiser"), "{}", refused.content());

    // The games of a round: (thread, first player, second player), from the boards posted in new threads.
    let games_of_round = |from: usize, round: usize| fake.tournament_boards(from, round);
    let wait_round = |from: usize, round: usize| {
        let fake = fake.clone();
        async move {
            fake.wait_for(from, &format!("round {round} paired"), |r| {
                r.content().contains(&format!("Tournament #1, round {round}:\n"))
            })
            .await;
        }
    };
    let play = |place: Place, first: Member, second: Member| {
        let fake = fake.clone();
        async move {
            fake.slash(&first, place, &["move"], &[Opt::Str("notation", "1".into())]).await;
            fake.slash(&second, place, &["move"], &[Opt::Str("notation", "1".into())]).await;
            let r = fake.slash(&second, place, &["resign"], &[]).await;
            assert!(r.content().contains("resigned"), "{}", r.content());
        }
    };

    let from = fake.mark();
    fake.slash(&admin, hall, &["tournament", "start"], &[]).await;
    wait_round(from, 1).await;
    let round1 = {
        let mut games = Vec::new();
        for _ in 0..100 {
            games = games_of_round(from, 1);
            if games.len() == 2 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        games
    };
    assert_eq!(round1.len(), 2, "two games and a bye");
    let from = fake.mark();
    for (place, first, second) in &round1 {
        play(*place, by_name(first), by_name(second)).await;
    }
    wait_round(from, 2).await;
    // Its two boards are posted in their threads (after the announcement) before anything else happens.
    fake.wait_until("round 2's boards", |_| games_of_round(from, 2).len() == 2).await;
    // dan withdraws after round 1 (his round-2 game, if any, is forfeited).
    let dropped = fake.slash(&admin, hall, &["tournament", "drop"], &[Opt::User("player", by_name("dan"))]).await;
    assert!(dropped.content().contains("dan withdrew"), "{}", dropped.content());

    // A restart in the middle of round 2.
    bots.restart_the_servers_process(fake).await;

    // Round 2: the games still on. In one, the second player lets the time run out and the first claims.
    let mut round2 = games_of_round(from, 2);
    round2.retain(|(_, a, b)| a != "dan" && b != "dan");
    let from3 = fake.mark();
    // The others first: the clock's jump below would let their first deadline pass too.
    let (timed, others) = round2.split_first().expect("a round-2 game");
    for (place, first, second) in others {
        play(*place, by_name(first), by_name(second)).await;
    }
    let (place, first, second) = timed;
    fake.slash(&by_name(first), *place, &["move"], &[Opt::Str("notation", "1".into())]).await;
    // The second player's day passes (the bot's clock jumps).
    set_clock(dir, DAY + 60);
    let timeout = fake
        .wait_for(0, "a timeout", |r| r.created.is_some() && r.content().contains(&format!("{second} ran out of time")))
        .await;
    let game: Value = fake.message(timeout.created.unwrap());
    let button = game["components"][0]["components"][0]["custom_id"].as_str().unwrap().to_string();
    let done = fake.press(&by_name(first), *place, timeout.created.unwrap(), &button).await;
    assert_eq!(done.callback_type(), Some(7), "{}", done.content());
    wait_round(from3, 3).await;
    // Four players left: two games, whose boards follow the announcement.
    fake.wait_until("round 3's boards", |_| games_of_round(from3, 3).len() == 2).await;
    let round3 = games_of_round(from3, 3);
    assert!(!round3.iter().any(|(_, a, b)| a == "dan" || b == "dan"), "a withdrawn player is not paired");
    for (place, first, second) in &round3 {
        play(*place, by_name(first), by_name(second)).await;
    }
    let last = fake.wait_for(from3, "the final standings", |r| r.content().contains("Final standings")).await;
    assert!(last.content().contains("dan (withdrawn)"), "{}", last.content());
    assert_eq!(last.content().lines().count(), 6, "{}", last.content());
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let standings =
        fake.log().iter().filter(|r| r.created.is_some() && r.content().contains("Final standings")).count();
    assert_eq!(standings, 1, "the final standings are posted once");
    drop(bots);
}

/// `tablero admin backup` while the bot runs (and holds the store): the bot writes it, consistent, on request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_is_taken_while_the_bot_runs() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let place = Place { channel: 790, thread: false };
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let from = fake.mark();
    let mut bot = start_binary(&fake, dir.path());
    fake.wait_ready(from).await;
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana, place, &["play", "hoyito"], &options).await;
    fake.slash(&ben, place, &["accept"], &[]).await;
    fake.slash(&ana, place, &["move"], &[Opt::Str("notation", "1".into())]).await;
    let file = dir.path().join("while-running.jsonl");
    let config = dir.path().join("config.toml");
    let out = tokio::task::spawn_blocking({
        let (file, config) = (file.clone(), config.clone());
        move || {
            Command::new(env!("CARGO_BIN_EXE_tablero"))
                .arg("--config")
                .arg(&config)
                .args(["admin", "backup"])
                .arg(&file)
                .output()
                .unwrap()
        }
    })
    .await
    .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said} {}", String::from_utf8_lossy(&out.stderr));
    assert!(said.contains("the running bot wrote the backup"), "{said}");
    let entries = tablero::store::backup::read(std::io::BufReader::new(std::fs::File::open(&file).unwrap())).unwrap();
    let game = entries.iter().find_map(|e| match e {
        tablero::store::backup::Entry::Game { record } => Some(record),
        _ => None,
    });
    assert_eq!(game.expect("the game is in the backup").moves.len(), 1);
    bot.kill().unwrap();
    bot.wait().unwrap();
}
