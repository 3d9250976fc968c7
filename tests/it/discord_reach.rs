//! The `tablero` binary against the fake Discord, for players who are away or outside a server: a vacation that
//! stops a deadline and ends by itself; games in a group DM, in a DM between two users and in the bot's own DM
//! (the app installed by a user, its commands global), played to their end, with a reminder by direct message.

use crate::fake_discord;

use fake_discord::harness::Place;
use fake_discord::payloads::{BOT_ID, Member, Opt};
use fake_discord::private::{Private, bot_dm_channel};
use fake_discord::process::{set_clock, spawn_clocked, spawn_clocked_in};
use fake_discord::{FakeDiscord, Recorded};

const DAY: u64 = 86_400;

/// ana moves in a two-day game, ben goes on vacation for three days: no reminder and no timeout while he is
/// away, ana is told, the clock runs again by itself when he is back (with the time he had), and the reminder
/// then comes from the new deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_stops_a_deadline_and_ends_by_itself() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let place = Place { channel: 760, thread: false };
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let from = fake.mark();
    let _bot = spawn_clocked(&fake, dir.path(), &[]);
    fake.wait_ready(from).await;
    let options = [
        Opt::User("opponent", ben.clone()),
        Opt::Int("first", 1),
        Opt::Bool("thread", false),
        Opt::Str("time", "2d".into()),
    ];
    fake.slash(&ana, place, &["play", "hoyito"], &options).await;
    fake.slash(&ben, place, &["accept"], &[]).await;
    fake.slash(&ana, place, &["move"], &[Opt::Str("notation", "1".into())]).await;

    let from = fake.mark();
    let said = fake.slash(&ben, place, &["vacation", "start"], &[Opt::Int("days", 3)]).await;
    assert_eq!(said.json.as_ref().unwrap()["data"]["flags"], 64, "told privately");
    assert!(said.content().contains("You are on vacation, back <t:"), "{}", said.content());
    assert!(said.content().contains("the clock stands still in 1 game now (#1)"), "{}", said.content());
    let told = fake.post_in(from, 760).await;
    assert!(told.content().starts_with("<@101> ben is on vacation, back <t:"), "{}", told.content());

    // A day and then two days go by: neither the reminder (at half the time) nor the timeout.
    set_clock(dir.path(), DAY + 10);
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    set_clock(dir.path(), 2 * DAY + 10);
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let posts = |needle: &str| {
        let log = fake.log();
        log.iter().filter(|r| r.path == "/channels/760/messages" && r.content().contains(needle)).count()
    };
    assert_eq!(posts("Reminder, ben"), 0, "no reminder while away");
    assert_eq!(posts("ran out of time"), 0, "no timeout while away");
    let claim = fake.slash(&ana, place, &["claim"], &[]).await;
    assert!(claim.content().contains("The clock stands still"), "{}", claim.content());

    // Three days on, the vacation is over by itself: ben is called, his clock runs again with what he had left.
    set_clock(dir.path(), 3 * DAY + 10);
    let back = fake
        .wait_for(0, "the end of the vacation", |r| r.method == "POST" && r.content().contains("back from vacation"))
        .await;
    assert!(back.content().starts_with("<@102> ben is back from vacation"), "{}", back.content());
    // Half of his move's time after his return: the reminder.
    set_clock(dir.path(), 4 * DAY + 20);
    let reminder =
        fake.wait_for(0, "the reminder", |r| r.method == "POST" && r.content().contains("Reminder, ben")).await;
    assert!(reminder.content().starts_with("<@102>"), "{}", reminder.content());
}

/// The bot as users install it: its commands registered globally (the only ones Discord offers in DMs).
async fn installed(fake: &FakeDiscord, dir: &std::path::Path) -> fake_discord::process::Bot {
    let from = fake.mark();
    let bot = spawn_clocked_in(fake, dir, &[], None);
    let registration = fake.wait_ready(from).await;
    assert_eq!(registration.path, format!("/applications/{}/commands", fake_discord::payloads::APP_ID));
    bot
}

/// The private channel received nothing but answers: no post, no edit, no thread, no sixth follow-up (the
/// fake refuses those and remembers them).
fn only_answers(fake: &FakeDiscord) {
    let refused = fake.mention_violations();
    assert!(refused.is_empty(), "refused requests: {refused:#?}");
}

/// The first enabled move button of a posted board.
fn a_move_button(fake: &FakeDiscord, board: &Recorded, game: u64) -> String {
    let prefix = format!("g:{game}:m:");
    let buttons = fake.enabled_buttons(board.created.expect("the board was posted"));
    buttons.into_iter().find(|b| b.starts_with(&prefix)).unwrap_or_else(|| panic!("no move button: {board:?}"))
}

/// ana challenges ben in a group DM (cy is there too and cannot answer for ben), ben accepts, they move by
/// command and by button, half of ben's day passes and the reminder reaches him by direct message (the group DM
/// takes no post from an app), and he resigns by the confirmed button. The game is casual and belongs to the
/// group DM: its archive lists it there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_group_dm_is_played_to_its_end_with_a_reminder() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = installed(&fake, dir.path()).await;
    let (ana, ben, cy) = (Member::new(101, "ana"), Member::new(102, "ben"), Member::new(103, "cy"));
    let group = fake.private_channel(true);
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Str("time", "1d".into())];
    let challenge = fake.slash_private(&ana, group, &["play", "hoyito"], &options).await;
    assert!(challenge.content().contains("ana challenges ben to Hoyito II (game #1)"), "{}", challenge.content());
    let refused = fake.slash_private(&cy, group, &["accept"], &[]).await;
    assert!(refused.is_ephemeral(), "only ben accepts: {}", refused.content());
    let board = fake.slash_private(&ben, group, &["accept"], &[]).await;
    assert!(board.content().contains("Time for this move runs out <t:"), "{}", board.content());
    assert!(board.png().is_some(), "the board's picture, as an answer");
    let moved = fake.slash_private(&ana, group, &["move"], &[Opt::Str("notation", "1".into())]).await;

    // Half of ben's day: the reminder comes to him by direct message, not in the group DM.
    set_clock(dir.path(), DAY / 2 + 10);
    let reminder = fake
        .wait_for(0, "the reminder by DM", |r| {
            r.path == format!("/channels/{}/messages", bot_dm_channel(102)) && r.content().contains("Reminder")
        })
        .await;
    assert!(reminder.content().starts_with("Reminder, ben: it is your move in Hoyito II #1"), "{}", reminder.content());
    assert!(reminder.button_ids().is_empty(), "its buttons would act from another channel");

    // ben moves by a button of the board ana's move left.
    let button = a_move_button(&fake, &moved, 1);
    let from = fake.mark();
    let pressed = fake.press_private(&ben, group, moved.created.unwrap(), &button).await;
    assert_eq!(pressed.callback_type(), Some(7), "the pressed board loses its buttons");
    let next = fake
        .wait_for(from, "the new board, as a follow-up", |r| r.method == "POST" && r.path.starts_with("/webhooks/"))
        .await;
    assert!(next.png().is_some(), "{}", next.content());

    // ben resigns, by the button, confirmed.
    let asked = fake.press_private(&ben, group, next.created.unwrap(), "g:1:resign?").await;
    assert!(asked.is_ephemeral() && asked.content().contains("really want to resign"), "{}", asked.content());
    let from = fake.mark();
    fake.press_private(&ben, group, asked.created.unwrap(), "g:1:resign!").await;
    let result = fake
        .wait_for(from, "the result, as a follow-up", |r| r.method == "POST" && r.path.starts_with("/webhooks/"))
        .await;
    assert!(result.content().contains("ben resigned") && result.content().contains("ana wins"), "{}", result.content());

    let archive = fake.slash_private(&cy, group, &["archive"], &[]).await;
    assert!(archive.content().contains("#1"), "{}", archive.content());
    only_answers(&fake);
}

/// Two users play in their DM: the game is casual (a rated challenge is refused), the reminder reaches the
/// player on turn by direct message, and the game ends by resignation.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_dm_between_two_users_is_casual_and_reminds_by_direct_message() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = installed(&fake, dir.path()).await;
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let dm = fake.private_channel(false);
    let rated = [Opt::User("opponent", ben.clone()), Opt::Bool("rated", true)];
    let refused = fake.slash_private(&ana, dm, &["play", "hoyito"], &rated).await;
    assert!(
        refused.is_ephemeral() && refused.content().contains("outside a server are casual"),
        "{}",
        refused.content()
    );
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 2), Opt::Str("time", "2d".into())];
    let challenge = fake.slash_private(&ana, dm, &["play", "hoyito"], &options).await;
    assert!(challenge.content().contains("casual"), "not rated by default: {}", challenge.content());
    fake.slash_private(&ben, dm, &["accept"], &[]).await;
    fake.slash_private(&ben, dm, &["move"], &[Opt::Str("notation", "1".into())]).await;
    set_clock(dir.path(), DAY + 10);
    let reminder = fake
        .wait_for(0, "the reminder by DM", |r| {
            r.path == format!("/channels/{}/messages", bot_dm_channel(101)) && r.content().contains("Reminder")
        })
        .await;
    assert!(reminder.content().starts_with("Reminder, ana"), "{}", reminder.content());
    let resigned = fake.slash_private(&ana, dm, &["resign"], &[]).await;
    assert!(resigned.content().contains("ben wins"), "{}", resigned.content());
    let games = fake.slash_private(&ben, dm, &["games"], &[]).await;
    assert!(games.is_ephemeral(), "{}", games.content());
    only_answers(&fake);
}

/// In the bot's own DM a user plays the computer: its answer is posted in that DM (the bot is in it), with its
/// buttons; a server's own commands are not offered there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_in_the_bots_dm() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let _bot = installed(&fake, dir.path()).await;
    let ana = Member::new(101, "ana");
    let own: Private = fake.bot_dm(&ana);
    let me = Member::new(BOT_ID, "tablero");
    let options = [Opt::User("opponent", me), Opt::Int("level", 1), Opt::Int("first", 1)];
    let board = fake.slash_private(&ana, own, &["play", "hoyito"], &options).await;
    assert!(board.content().contains("against the computer"), "{}", board.content());
    let from = fake.mark();
    fake.slash_private(&ana, own, &["move"], &[Opt::Str("notation", "1".into())]).await;
    let answer = fake.post_in(from, own.channel).await;
    assert!(answer.content().contains("tablero: North sowed hole"), "{}", answer.content());
    assert!(answer.png().is_some());
    assert!(!answer.button_ids().is_empty(), "its buttons act in this very channel");
    // What belongs to a server is registered for servers alone.
    let registered = fake.log().into_iter().find(|r| r.method == "PUT" && r.path.ends_with("/commands")).unwrap();
    let commands = registered.json.unwrap();
    for name in ["leaderboard", "tournament", "settings", "web", "profile"] {
        let command = commands.as_array().unwrap().iter().find(|c| c["name"] == name).unwrap();
        let contexts: Vec<u64> =
            command["contexts"].as_array().into_iter().flatten().filter_map(|v| v.as_u64()).collect();
        assert!(!contexts.contains(&1) && !contexts.contains(&2), "/{name} offered outside a server: {command}");
    }
    only_answers(&fake);
}

/// The events of the server that `test` picks, once they satisfy it (the bot follows the calendar after the
/// command's answer).
async fn events_until(fake: &FakeDiscord, what: &str, test: impl Fn(&[serde_json::Value]) -> bool) {
    let deadline = std::time::Instant::now() + fake_discord::WAIT;
    while !test(&fake.events()) {
        if std::time::Instant::now() > deadline {
            let asked: Vec<String> = fake
                .log()
                .iter()
                .filter(|r| r.path.contains("scheduled-events"))
                .map(|r| {
                    format!("{} {} {}", r.method, r.path, r.json.as_ref().map_or(String::new(), |j| j.to_string()))
                })
                .collect();
            panic!(
                "timed out waiting for {what}; events: {:#?}; their requests: {asked:#?}; refused: {:#?}",
                fake.events(),
                fake.mention_violations()
            );
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

fn named<'a>(events: &'a [serde_json::Value], part: &str) -> Option<&'a serde_json::Value> {
    events.iter().find(|e| e["name"].as_str().is_some_and(|n| n.contains(part)))
}

fn end_of(event: &serde_json::Value) -> i64 {
    let text = event["scheduled_end_time"].as_str().unwrap();
    poise::serenity_prelude::Timestamp::parse(text).unwrap().unix_timestamp()
}

/// A tournament with a sign-up deadline and a round time: its sign-up and each round are the server's events,
/// going on while they are (started early: Discord wants a start still to come), the round's end moved by
/// `extend`, each completed when it is over; a bot that may not manage events leaves them alone, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournaments_sign_up_and_rounds_are_the_servers_events() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let from = fake.mark();
    let _bot = spawn_clocked(&fake, dir.path(), &[]);
    fake.wait_ready(from).await;
    let hall = Place { channel: 780, thread: false };
    let mut ana = Member::new(101, "ana");
    ana.manage_server = true;
    let ben = Member::new(102, "ben");
    let options = [
        Opt::Int("game", 1),
        Opt::Int("format", 2),
        Opt::Str("time", "1d".into()),
        Opt::Str("signup", "2d".into()),
        Opt::Str("round_time", "3d".into()),
    ];
    // A member's own event copies the marker the sign-up's event will carry: the bot leaves it alone.
    fake.member_event("[tournament-1-signup]", now() + 3600);
    let theirs = fake.events()[0].clone();
    let created = fake.slash(&ana, hall, &["tournament", "create"], &options).await;
    assert!(created.content().contains("Tournament #1"), "{}", created.content());
    events_until(&fake, "the sign-up's event, going on", |e| {
        named(e, "Tournament #1 (Hoyito II, double round robin): sign-up").is_some_and(|s| s["status"] == 2)
    })
    .await;
    assert_eq!(fake.events()[0], theirs, "the member's event was changed");
    let signup = fake.events()[1].clone();
    assert_eq!(signup["creator_id"], BOT_ID.to_string());
    assert_eq!(signup["entity_type"], 3);
    assert!(signup["description"].as_str().unwrap().ends_with("[tournament-1-signup]"), "{signup}");

    for m in [&ana, &ben] {
        fake.press(m, hall, created.created.unwrap(), "t:1:join").await;
    }
    fake.slash(&ana, hall, &["tournament", "start"], &[]).await;
    events_until(&fake, "sign-up completed, round 1 going on", |e| {
        named(e, "sign-up").is_some_and(|s| s["status"] == 3) && named(e, "round 1").is_some_and(|r| r["status"] == 2)
    })
    .await;
    let round1 = named(&fake.events(), "round 1").unwrap().clone();
    let paired = end_of(&round1) - 3 * DAY as i64;
    assert!((paired - now()).abs() < 120, "the round's end is its deadline, three days after its pairing");

    // extend moves the round's event.
    let extended = fake.slash(&ana, hall, &["tournament", "extend"], &[Opt::Str("time", "2d".into())]).await;
    assert!(!extended.is_ephemeral(), "{}", extended.content());
    events_until(&fake, "round 1 moved by two days", |e| {
        named(e, "round 1").is_some_and(|r| end_of(r) == end_of(&round1) + 2 * DAY as i64)
    })
    .await;

    // Round 1's game ends: its event is completed, round 2's begins; then round 2's, and the tournament is over.
    for round in 1..=2 {
        // (Its event first: a round paired and over before the bot looked at the calendar has no event, since
        // Discord takes no event that started in the past.)
        let going = format!("round {round} going on");
        events_until(&fake, &going, |e| named(e, &format!("round {round}")).is_some_and(|r| r["status"] == 2)).await;
        let game = tournament_game(&fake, round).await;
        // (Only ben: a second resignation, refused in a finished game's thread, would find the player's next
        // game still waiting for its thread and resign that one.)
        let resigned = fake.slash(&ben, game, &["resign"], &[]).await;
        assert!(resigned.content().contains("ben resigned"), "{}", resigned.content());
    }
    events_until(&fake, "both rounds completed", |e| {
        named(e, "round 1").is_some_and(|r| r["status"] == 3) && named(e, "round 2").is_some_and(|r| r["status"] == 3)
    })
    .await;
    assert_eq!(fake.events().len(), 4, "one event each, never twice (and the member's)");

    // A server where the bot may not manage events: no event, asked once, no violation.
    fake.forbid_events(true);
    let from = fake.mark();
    fake.slash(&ana, hall, &["tournament", "create"], &options).await;
    fake.wait_for(from, "the refused look at the server's events", |r| r.path.ends_with("/scheduled-events")).await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let asked = fake.log().iter().skip(from).filter(|r| r.path.ends_with("/scheduled-events")).count();
    assert_eq!(asked, 1, "refused for good: not asked again");
    assert_eq!(fake.events().len(), 4);
    assert!(fake.mention_violations().is_empty(), "{:#?}", fake.mention_violations());
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

/// The thread of the tournament's game in `round`, once its board is posted.
async fn tournament_game(fake: &FakeDiscord, round: usize) -> Place {
    let heading = format!("Tournament #1, round {round}: ");
    let board = fake
        .wait_for(0, &format!("round {round}'s board"), |r| {
            r.method == "POST"
                && r.path.starts_with("/channels/")
                && r.content().contains(&heading)
                && r.png().is_some()
        })
        .await;
    let thread = board.path.trim_start_matches("/channels/").trim_end_matches("/messages").parse().unwrap();
    Place { channel: thread, thread: true }
}
