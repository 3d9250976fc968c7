//! The `tablero` binary against the fake Discord, for players who are away or outside a server: a vacation that
//! stops a deadline and ends by itself.

use crate::fake_discord;

use fake_discord::FakeDiscord;
use fake_discord::harness::Place;
use fake_discord::payloads::{Member, Opt};
use fake_discord::process::{set_clock, spawn_clocked};

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
    assert!(said.content().contains("You are on vacation until <t:"), "{}", said.content());
    assert!(said.content().contains("the clock stands still in 1 game now (#1)"), "{}", said.content());
    let told = fake.post_in(from, 760).await;
    assert!(told.content().starts_with("<@101> ben is on vacation until <t:"), "{}", told.content());

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
