//! The `tablero` binary against the fake Discord: a double-elimination tournament of six players, from sign-up
//! to its grand final and the reset, each game in its thread, the final standings naming the champion.

use crate::fake_discord;

use fake_discord::FakeDiscord;
use fake_discord::harness::Place;
use fake_discord::payloads::{Member, Opt};
use fake_discord::process::spawn_clocked;

/// Round `round`'s games: (thread, first player, second player), once as many boards as `games` were posted.
async fn boards_of_round(fake: &FakeDiscord, round: usize, games: usize) -> Vec<(Place, String, String)> {
    fake.wait_until(&format!("round {round}'s {games} boards"), |f| f.tournament_boards(0, round).len() == games).await;
    fake.tournament_boards(0, round)
}

/// How many games round `round` has, from its announcement (`• a – b` lines).
async fn games_in_round(fake: &FakeDiscord, round: usize) -> usize {
    let heading = format!("Tournament #1, round {round}:\n");
    let posted = fake.wait_for(0, &format!("round {round} paired"), |r| r.content().contains(&heading)).await;
    let text = posted.content();
    text.split(&heading).nth(1).unwrap_or_default().lines().filter(|l| l.starts_with("• ")).count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_player_double_elimination_runs_to_its_grand_final_and_the_reset() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let from = fake.mark();
    let _bot = spawn_clocked(&fake, dir.path(), &[]);
    fake.wait_ready(from).await;
    let hall = Place { channel: 790, thread: false };
    let names = ["ana", "ben", "cy", "dan", "eve", "fay"];
    let members: Vec<Member> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let mut m = Member::new(101 + i as u64, n);
            m.manage_server = i == 0;
            m
        })
        .collect();
    let seed = |name: &str| names.iter().position(|n| *n == name).expect("a player");
    let options = [Opt::Int("game", 1), Opt::Int("format", 4), Opt::Str("time", "1d".into())];
    let created = fake.slash(&members[0], hall, &["tournament", "create"], &options).await;
    assert!(created.content().contains("double elimination"), "{}", created.content());
    for m in &members {
        fake.press(m, hall, created.created.unwrap(), "t:1:join").await;
    }
    fake.slash(&members[0], hall, &["tournament", "start"], &[]).await;

    let mut meetings = std::collections::HashMap::<(usize, usize), usize>::new();
    let mut played = 0;
    for round in 1.. {
        assert!(round <= 8, "the bracket ends within eight rounds");
        let games = games_in_round(&fake, round).await;
        for (place, first, second) in boards_of_round(&fake, round, games).await {
            let (a, b) = (seed(&first), seed(&second));
            let met = meetings.entry((a.min(b), a.max(b))).or_default();
            *met += 1;
            // The earlier sign-up wins, but ana loses her second meeting with ben: the grand final.
            let loser = if (a.min(b), a.max(b)) == (0, 1) && *met == 2 { 0 } else { a.max(b) };
            let resigned = fake.slash(&members[loser], place, &["resign"], &[]).await;
            assert!(resigned.content().contains("resigned"), "{}", resigned.content());
            played += 1;
        }
        if fake.log().iter().any(|r| r.content().contains("is over. Final standings")) {
            break;
        }
        // The next round, or the end: whichever the last result brought.
        fake.wait_for(0, "the next round or the end", |r| {
            r.content().contains(&format!("Tournament #1, round {}:\n", round + 1))
                || r.content().contains("Final standings")
        })
        .await;
        if fake.log().iter().any(|r| r.content().contains("Final standings")) {
            break;
        }
    }
    assert_eq!(played, 11, "ten games to put five players out twice, and the reset");
    let end = fake.wait_for(0, "the final standings", |r| r.content().contains("Final standings")).await;
    assert!(end.content().contains("Winner: ana!"), "{}", end.content());
    let standings = fake.slash(&members[2], hall, &["tournament", "standings"], &[Opt::Bool("picture", true)]).await;
    assert!(standings.png().is_some(), "the bracket, both sides");
    assert!(fake.mention_violations().is_empty(), "{:#?}", fake.mention_violations());
}
