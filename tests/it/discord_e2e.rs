//! The real bot (poise + serenity, in this process) against the fake Discord on 127.0.0.1: what it registers,
//! and games played through slash commands, autocomplete and buttons, checked by what it sends.

use crate::fake_discord;

use fake_discord::FakeDiscord;
use fake_discord::harness::{Place, Running, called};
use fake_discord::payloads::{self, Member, Opt};
use serde_json::Value;

fn ana() -> Member {
    Member::new(101, "ana")
}
fn ben() -> Member {
    Member::new(102, "ben")
}

const HALL: Place = Place { channel: 700, thread: false };

async fn bot() -> (FakeDiscord, Running, Value, tempfile::TempDir) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, registration) = Running::start(&fake, dir.path()).await;
    (fake, running, registration.json.expect("commands"), dir)
}

fn find<'a>(list: &'a Value, name: &str) -> &'a Value {
    list.as_array().unwrap().iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no {name} in {list}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_with_spanish_localisations() {
    let (_fake, running, commands, _dir) = bot().await;
    let names: Vec<&str> = commands.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    for expected in
        ["play", "accept", "decline", "cancel", "move", "throw", "board", "history", "resign", "draw", "rules", "games"]
    {
        assert!(names.contains(&expected), "{expected} registered: {names:?}");
    }
    let play = find(&commands, "play");
    assert_eq!(play["name_localizations"]["es-ES"], "jugar");
    assert_eq!(play["name_localizations"]["es-419"], "jugar");
    let subcommands = &play["options"];
    for game in ["epaminondas", "hoyito", "ocencahuac", "zohn-ahl"] {
        let sub = find(subcommands, game);
        assert!(sub["description_localizations"]["es-419"].as_str().is_some_and(|d| !d.is_empty()), "{sub}");
    }
    let zohn = find(subcommands, "zohn-ahl");
    assert_eq!(find(&zohn["options"], "west")["type"], 9, "a team is a role or a user (mentionable)");
    assert_eq!(find(&zohn["options"], "west")["name_localizations"]["es-419"], "oeste");
    let hoyito = find(subcommands, "hoyito");
    let first = find(&hoyito["options"], "first");
    assert_eq!(first["choices"][1]["name_localizations"]["es-ES"], "yo");
    let mv = find(&commands, "move");
    assert_eq!(mv["name_localizations"]["es-419"], "mover");
    assert_eq!(find(&mv["options"], "notation")["autocomplete"], true);
    assert_eq!(find(&commands, "draw")["options"][0]["choices"][0]["name_localizations"]["es-419"], "ofrecer");
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hoyito_game_is_played_to_its_result_with_buttons_and_move() {
    let (fake, running, _, _dir) = bot().await;
    let (ana, ben) = (ana(), ben());
    let challenge =
        fake.slash(&ana, HALL, &["play", "hoyito"], &[Opt::User("opponent", ben.clone()), Opt::Int("first", 1)]).await;
    assert_eq!(challenge.callback_type(), Some(4));
    assert!(challenge.content().starts_with("<@102> ana challenges ben to Hoyito II"), "{}", challenge.content());
    assert_eq!(challenge.json.as_ref().unwrap()["data"]["allowed_mentions"]["users"], serde_json::json!(["102"]));
    assert_eq!(challenge.button_ids(), ["c:1:accept", "c:1:decline"]);
    let challenge_message = challenge.created.expect("the challenge is a message");

    // Only ben may accept: ana's press is refused privately, and nothing is posted.
    let refused = fake.press(&ana, HALL, challenge_message, "c:1:accept").await;
    assert!(refused.is_ephemeral() && refused.content().contains("cannot accept your own challenge"), "{refused:?}");

    // ben accepts with the button: the challenge loses its buttons, a thread opens, the board goes there.
    let from = fake.mark();
    let accepted = fake.press(&ben, HALL, challenge_message, "c:1:accept").await;
    assert_eq!(accepted.callback_type(), Some(7), "the challenge message is updated");
    assert!(accepted.button_ids().is_empty());
    let thread = fake
        .wait_for(from, "a thread", |r| r.method == "POST" && r.path == format!("/channels/{}/threads", HALL.channel))
        .await;
    assert_eq!(thread.json.as_ref().unwrap()["name"], "Hoyito II #1: ana – ben");
    let thread = Place { channel: thread.created.unwrap(), thread: true };
    let mut board = fake.post_in(from, thread.channel).await;
    let note =
        fake.wait_for(from, "where the game went", |r| r.method == "POST" && r.path.starts_with("/webhooks/")).await;
    assert!(note.content().contains(&format!("continues in <#{}>", thread.channel)), "{}", note.content());
    assert!(note.content().starts_with("ben accepted."), "{}", note.content());

    let members = [ana.clone(), ben.clone()];
    let mut previous_board: Option<(u64, String)> = None;
    let mut moves = 0;
    loop {
        assert!(board.png().is_some(), "every board has its picture");
        let message = board.created.unwrap();
        let moves_here: Vec<String> = fake.enabled_buttons(message).into_iter().filter(|b| b.contains(":m:")).collect();
        if moves_here.is_empty() {
            break;
        }
        let mover = members.iter().find(|m| m.id == called(&board.content())).unwrap().clone();
        let other = members.iter().find(|m| m.id != mover.id).unwrap().clone();
        if moves == 3 {
            // Out of turn: refused privately.
            let r = fake.slash(&other, thread, &["move"], &[Opt::Str("notation", "1".into())]).await;
            assert!(r.is_ephemeral() && r.content().contains("It is not your turn"), "{}", r.content());
        }
        if moves == 4 {
            // A button of the board before: out of date.
            let (old, id) = previous_board.clone().unwrap();
            let r = fake.press(&mover, thread, old, &id).await;
            assert!(r.is_ephemeral() && r.content().contains("earlier position"), "{}", r.content());
        }
        let from = fake.mark();
        if moves % 2 == 0 {
            let pressed = fake.press(&mover, thread, message, &moves_here[0]).await;
            assert_eq!(pressed.callback_type(), Some(7), "the pressed board loses its buttons");
            previous_board = Some((message, moves_here[0].clone()));
            board = fake.post_in(from, thread.channel).await;
        } else {
            let notation = moves_here.last().unwrap().rsplit(':').next().unwrap().to_string();
            board = fake.slash(&mover, thread, &["move"], &[Opt::Str("notation", notation)]).await;
            assert!(!board.is_ephemeral(), "{}", board.content());
            // The board before loses its buttons.
            fake.wait_for(from, "the old board stripped", |r| {
                r.method == "PATCH" && r.path.ends_with(&format!("/messages/{message}"))
            })
            .await;
        }
        moves += 1;
        assert!(moves < 2000, "the game ends");
    }
    let result = board.content();
    assert!(result.contains("wins") || result.contains("draw"), "a result post: {result}");
    assert!(moves > 10, "a real game: {moves} moves");
    let history = fake.slash(&ana, thread, &["history"], &[]).await;
    assert!(history.is_ephemeral() && history.content().contains(&format!("{moves} moves")), "{}", history.content());
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zohn_ahl_game_between_roles_refuses_the_wrong_team() {
    let (fake, running, _, _dir) = bot().await;
    const WEST: u64 = 501;
    const EAST: u64 = 502;
    let ana = ana().with_roles(&[WEST]);
    let ben = ben().with_roles(&[EAST]);
    let cy = Member::new(103, "cy").with_roles(&[WEST]);
    let options = [
        Opt::Role("west", WEST, "herons"),
        Opt::Role("east", EAST, "otters"),
        Opt::Int("counters", 2),
        Opt::Bool("thread", false),
    ];
    let challenge = fake.slash(&ana, HALL, &["play", "zohn-ahl"], &options).await;
    assert!(challenge.content().starts_with("<@&502>"), "the challenged role is called: {}", challenge.content());
    let message = challenge.created.unwrap();
    let wrong = fake.press(&cy, HALL, message, "c:1:accept").await;
    assert!(wrong.is_ephemeral() && wrong.content().contains("@otters"), "{}", wrong.content());
    let from = fake.mark();
    fake.press(&ben, HALL, message, "c:1:accept").await;
    let board = fake.post_in(from, HALL.channel).await;
    assert!(board.content().starts_with("<@&501>"), "West's role is on turn: {}", board.content());
    assert!(board.png().is_some());
    let throw = board.button_ids().into_iter().find(|b| b.contains(":t:")).expect("a Throw button");
    // A member of the other team cannot throw for West.
    let refused = fake.press(&ben, HALL, board.created.unwrap(), &throw).await;
    assert!(refused.is_ephemeral(), "{}", refused.content());
    assert!(refused.content().contains("herons"), "{}", refused.content());
    // A member of West (who did not start the game) throws.
    let from = fake.mark();
    fake.press(&cy, HALL, board.created.unwrap(), &throw).await;
    let after = fake.post_in(from, HALL.channel).await;
    assert!(after.content().contains("cy"), "{}", after.content());
    assert!(after.png().is_some());
    // And by slash command too, whoever is on turn now.
    let now_on_turn = if after.content().starts_with("<@&501>") { &ana } else { &ben };
    let thrown = fake.slash(now_on_turn, HALL, &["throw"], &[]).await;
    assert!(!thrown.is_ephemeral() && thrown.png().is_some(), "{}", thrown.content());
    running.stop().await;
}

/// Starts a two-player game by `/play <game>` and `/accept` in `place`, ana first.
async fn started(fake: &FakeDiscord, place: Place, game: &str) -> Value {
    fake.slash(
        &ana(),
        place,
        &["play", game],
        &[Opt::User("opponent", ben()), Opt::Int("first", 1), Opt::Bool("thread", false)],
    )
    .await;
    let accepted = fake.slash(&ben(), place, &["accept"], &[]).await;
    assert!(accepted.png().is_some(), "the first board: {}", accepted.content());
    accepted.json.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn epaminondas_and_ocencahuac_are_played_by_move_with_suggestions() {
    let (fake, running, _, _dir) = bot().await;
    for (game, channel) in [("epaminondas", 710), ("ocencahuac", 711)] {
        let place = Place { channel, thread: false };
        started(&fake, place, game).await;
        let players = [ana(), ben()];
        for ply in 0..4 {
            let (mover, other) = (&players[ply % 2], &players[(ply + 1) % 2]);
            let typed = Opt::Focused("notation", String::new());
            let suggestions = fake.autocomplete(mover, place, &["move"], std::slice::from_ref(&typed)).await;
            assert!(!suggestions.is_empty() && suggestions.len() <= 25, "{game}: {suggestions:?}");
            assert!(fake.autocomplete(other, place, &["move"], &[typed]).await.is_empty(), "not their turn");
            // Typing narrows the suggestions to the moves that match.
            let prefix: String = suggestions[0].chars().take(2).collect();
            let narrowed =
                fake.autocomplete(mover, place, &["move"], &[Opt::Focused("notation", prefix.clone())]).await;
            assert!(narrowed.iter().all(|m| m.to_lowercase().contains(&prefix.to_lowercase())), "{narrowed:?}");
            let played = fake.slash(mover, place, &["move"], &[Opt::Str("notation", suggestions[0].clone())]).await;
            assert!(!played.is_ephemeral(), "{game} {}: {}", suggestions[0], played.content());
            assert!(played.png().is_some());
        }
        let wrong = fake.slash(&ana(), place, &["move"], &[Opt::Str("notation", "zz9".into())]).await;
        assert!(wrong.is_ephemeral() && wrong.content().contains("zz9"), "{}", wrong.content());
    }
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_speak_the_users_language_and_say_what_the_bot_lacks() {
    let (fake, running, _, _dir) = bot().await;
    let place = Place { channel: 720, thread: false };
    started(&fake, place, "hoyito").await;
    let spanish_ben = ben().speaking("es-419");
    let r = fake.slash(&spanish_ben, place, &["move"], &[Opt::Str("notation", "1".into())]).await;
    assert!(r.is_ephemeral() && r.content().contains("No es tu turno"), "{}", r.content());
    // The same player's successful move is posted in the server's language (English here).
    let r = fake.slash(&ana().speaking("es-ES"), place, &["move"], &[Opt::Str("notation", "1".into())]).await;
    assert!(r.content().contains("South sowed hole 1"), "{}", r.content());

    // A channel where the bot may not attach files: /play says so and creates nothing.
    let id = fake.next_id();
    let mut payload = payloads::slash(2, id, 721, false, &ana(), &["play", "hoyito"], &[Opt::User("opponent", ben())]);
    payload["app_permissions"] = Value::String(((1u64 << 10) | (1 << 11)).to_string());
    let from = fake.mark();
    fake.interact(payload);
    let r = fake.callback(from, id).await;
    assert!(r.is_ephemeral() && r.content().contains("Attach Files"), "{}", r.content());
    let games = fake.slash(&ana(), Place { channel: 721, thread: false }, &["games"], &[]).await;
    assert!(games.content().contains("<#720>") && !games.content().contains("<#721>"), "{}", games.content());
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_by_button_asks_first_and_everyone_is_no_team() {
    let (fake, running, _, _dir) = bot().await;
    let place = Place { channel: 740, thread: false };
    started(&fake, place, "hoyito").await;
    let board_message = fake.log().iter().rev().find_map(|r| r.created.filter(|_| r.png().is_some())).unwrap();
    let asked = fake.press(&ben(), place, board_message, "g:1:resign?").await;
    assert!(asked.is_ephemeral() && asked.content().contains("really want to resign"), "{}", asked.content());
    assert_eq!(asked.button_ids(), ["g:1:resign!"]);
    let from = fake.mark();
    let confirmed = fake.press(&ben(), place, asked.created.unwrap(), "g:1:resign!").await;
    assert_eq!(confirmed.callback_type(), Some(7), "the question loses its button");
    let result = fake.post_in(from, place.channel).await;
    assert!(result.content().contains("ben resigned") && result.content().contains("ana wins"), "{}", result.content());
    assert!(result.png().is_some());

    let everyone = [Opt::Role("west", payloads::GUILD_ID, "@everyone"), Opt::Role("east", 502, "otters")];
    let refused = fake.slash(&ana(), Place { channel: 741, thread: false }, &["play", "zohn-ahl"], &everyone).await;
    assert!(
        refused.is_ephemeral() && refused.content().contains("@everyone and @here cannot be a team"),
        "{}",
        refused.content()
    );
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_settings_need_manage_server_and_set_the_time_per_move() {
    let (fake, running, _, _dir) = bot().await;
    let place = Place { channel: 760, thread: false };
    let refused = fake.slash(&ben(), place, &["settings", "server"], &[Opt::Str("time", "2h".into())]).await;
    assert!(refused.is_ephemeral() && refused.content().contains("Manage Server"), "{}", refused.content());
    let mut admin = ana();
    admin.manage_server = true;
    let set = fake
        .slash(
            &admin,
            place,
            &["settings", "server"],
            &[Opt::Str("time", "2h".into()), Opt::Str("remind", "half".into())],
        )
        .await;
    assert!(set.content().contains("time per move 2h; reminders half"), "{}", set.content());
    // The time zone is suggested as it is typed, and set by its name; the daily puzzle's hour is then the zone's.
    let typed = [Opt::Focused("time_zone", "mexico c".into())];
    let zones = fake.autocomplete(&admin, place, &["settings", "server"], &typed).await;
    assert_eq!(zones.first().map(String::as_str), Some("America/Mexico_City"), "{zones:?}");
    let zoned = [Opt::Str("time_zone", zones[0].clone()), Opt::Str("daily_puzzle", "9".into())];
    let set = fake.slash(&admin, place, &["settings", "server"], &zoned).await;
    assert!(set.content().contains("every day at 9:00 America/Mexico_City"), "{}", set.content());
    let wrong = fake.slash(&admin, place, &["settings", "server"], &[Opt::Str("time_zone", "Mars/Base".into())]).await;
    assert!(wrong.is_ephemeral() && wrong.content().contains("Mars/Base"), "{}", wrong.content());
    let notify = fake.slash(&ben(), place, &["settings", "notify"], &[Opt::Bool("direct", true)]).await;
    assert!(notify.is_ephemeral() && notify.content().contains("direct message"), "{}", notify.content());
    started(&fake, place, "hoyito").await;
    let games = fake.slash(&ben(), place, &["games"], &[]).await;
    assert!(games.content().contains("ana to move (move 0); time runs out <t:"), "{}", games.content());
    let early = fake.slash(&ben(), place, &["claim"], &[]).await;
    assert!(early.is_ephemeral() && early.content().contains("Time is not up yet"), "{}", early.content());
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_games_fill_the_leaderboard_which_pages_and_the_profile_has_its_chart() {
    let (fake, running, _, _dir) = bot().await;
    // Six rated Hoyito games between twelve players: the winners are 201, 203, ...
    for g in 0..6u64 {
        let place = Place { channel: 800 + g, thread: false };
        let (a, b) = (Member::new(201 + 2 * g, &format!("w{g}")), Member::new(202 + 2 * g, &format!("l{g}")));
        let options = [Opt::User("opponent", b.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
        fake.slash(&a, place, &["play", "hoyito"], &options).await;
        fake.slash(&b, place, &["accept"], &[]).await;
        fake.slash(&a, place, &["move"], &[Opt::Str("notation", "1".into())]).await;
        fake.slash(&b, place, &["move"], &[Opt::Str("notation", "1".into())]).await;
        let result = fake.slash(&b, place, &["resign"], &[]).await;
        assert!(result.content().contains(&format!("w{g}: 1500 → 1662? (+162)")), "{}", result.content());
    }
    let place = Place { channel: 850, thread: false };
    let board = fake.slash(&ana(), place, &["leaderboard"], &[Opt::Int("game", 1)]).await;
    // Nobody is established yet: the provisional players are shown at once, not an empty page.
    assert!(board.content().contains("provisional ratings") && board.content().contains("1. w"), "{}", board.content());
    assert!(board.button_ids().contains(&"lb:hoyito:1:p".to_string()), "{:?}", board.button_ids());
    let message = board.created.unwrap();
    let past = fake.press(&ana(), place, message, "lb:hoyito:9:p").await;
    assert!(past.content().contains("page 2 of 2") && past.content().contains("11. l"), "clamped: {}", past.content());
    let page1 = fake.press(&ana(), place, message, "lb:hoyito:0:p").await;
    assert_eq!(page1.callback_type(), Some(7), "the page replaces the pressed one");
    assert!(page1.content().contains("page 1 of 2") && page1.content().contains("1. w"), "{}", page1.content());
    assert!(page1.content().lines().count() == 11, "{}", page1.content());
    let page2 = fake.press(&ben(), place, message, "lb:hoyito:1:p").await;
    assert!(page2.content().contains("page 2 of 2") && page2.content().contains("11. l"), "{}", page2.content());
    let picture = fake.slash(&ana(), place, &["leaderboard"], &[Opt::Int("game", 1), Opt::Bool("picture", true)]).await;
    assert!(picture.png().is_some(), "the table as a picture");
    let winner = Member::new(201, "w0");
    let profile = fake.slash(&ana(), place, &["profile"], &[Opt::User("player", winner)]).await;
    assert!(profile.content().contains("Hoyito II: 1662? ± "), "{}", profile.content());
    assert!(profile.png().is_some(), "the rating chart");
    running.stop().await;
}

/// Seasons: an organiser begins one; the current season's standings are the default leaderboard; a new season
/// starts afresh, the old one's standings stay (by option and by button), and the ratings of all time too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_season_keeps_the_old_ones_standings_and_starts_afresh() {
    let (fake, running, _, _dir) = bot().await;
    let mut admin = Member::new(100, "org");
    admin.manage_server = true;
    let place = Place { channel: 860, thread: false };
    let refused = fake.slash(&ana(), place, &["season", "start"], &[Opt::Int("game", 1)]).await;
    assert!(refused.is_ephemeral() && refused.content().contains("Only organisers"), "{}", refused.content());
    let begun = fake.slash(&admin, place, &["season", "start"], &[Opt::Int("game", 1)]).await;
    assert!(begun.content().contains("Season 1 of Hoyito II begins now"), "{}", begun.content());
    let game = Place { channel: 861, thread: false };
    let options = [Opt::User("opponent", ben()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana(), game, &["play", "hoyito"], &options).await;
    fake.slash(&ben(), game, &["accept"], &[]).await;
    fake.slash(&ana(), game, &["move"], &[Opt::Str("notation", "1".into())]).await;
    fake.slash(&ben(), game, &["move"], &[Opt::Str("notation", "1".into())]).await;
    fake.slash(&ben(), game, &["resign"], &[]).await;
    let one = fake.slash(&ben(), place, &["leaderboard"], &[Opt::Int("game", 1)]).await;
    assert!(
        one.content().contains("season 1") && one.content().contains("1. ana — 1 pts · 1 game · +162"),
        "{}",
        one.content()
    );

    let begun =
        fake.slash(&admin, place, &["season", "start"], &[Opt::Int("game", 1), Opt::Str("every", "90d".into())]).await;
    assert!(begun.content().contains("Season 2") && begun.content().contains("every 90d"), "{}", begun.content());
    let two = fake.slash(&ben(), place, &["leaderboard"], &[Opt::Int("game", 1)]).await;
    assert!(two.content().contains("season 2") && two.content().contains("No rated game"), "{}", two.content());
    let kept = fake.slash(&ben(), place, &["leaderboard"], &[Opt::Int("game", 1), Opt::Int("season", 1)]).await;
    assert!(kept.content().contains("1. ana — 1 pts"), "{}", kept.content());
    // The buttons browse: season 1 in place of season 2, then the ratings of all time.
    let message = two.created.unwrap();
    let back = fake.press(&ben(), place, message, "ss:hoyito:1").await;
    assert_eq!(back.callback_type(), Some(7), "in place");
    assert!(back.content().contains("season 1") && back.content().contains("1. ana"), "{}", back.content());
    let ratings = fake.press(&ben(), place, message, "ss:hoyito:0").await;
    assert!(ratings.content().contains("1. ana — 1662?"), "{}", ratings.content());
    running.stop().await;
}

/// Names are text, never pings: players named `@everyone` and `<@&role>` play, and every message the bot sends
/// (the fake refuses any that parses pings from its text) pings only the player it calls. A role that is not
/// mentionable is named, not pinged, when the member who named it may not mention everyone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_never_ping_and_a_quiet_role_is_named_without_a_ping() {
    let (fake, running, _, _dir) = bot().await;
    let everyone = Member::new(111, "@everyone");
    let staff = Member::new(112, "<@&555>");
    fake.slash(&everyone, HALL, &["play", "hoyito"], &[Opt::User("opponent", staff.clone()), Opt::Int("first", 1)])
        .await;
    let message = fake.log().into_iter().rev().find_map(|r| r.created).expect("the challenge");
    let from = fake.mark();
    // Accepted by button: the board goes into the game's thread, and a note after the press names both players.
    fake.press(&staff, HALL, message, "c:1:accept").await;
    let board = fake
        .wait_for(from, "the first board", |r| r.method == "POST" && r.path.ends_with("/messages") && r.png().is_some())
        .await;
    let allowed = &board.json.as_ref().unwrap()["allowed_mentions"];
    assert_eq!(allowed["parse"], serde_json::json!([]), "{allowed}");
    assert_eq!(allowed["users"], serde_json::json!(["111"]), "only the player on turn: {allowed}");
    assert!(allowed["roles"].as_array().unwrap().is_empty(), "{allowed}");
    let note = fake
        .wait_for(from, "the note after the press", |r| {
            r.method == "POST" && r.path.starts_with("/webhooks/") && r.content().contains("accepted")
        })
        .await;
    // The name shows as written: escaped, so Discord draws neither a role chip nor markdown.
    assert!(note.content().contains(r"\<\@&555\>"), "{}", note.content());
    let allowed = &note.json.as_ref().unwrap()["allowed_mentions"];
    assert!(allowed["users"].as_array().unwrap().is_empty() && allowed["parse"] == serde_json::json!([]), "{allowed}");
    // A Zohn Ahl game naming a role that is not mentionable.
    const WEST: u64 = 521;
    const QUIET: u64 = 522;
    let ana = ana().with_roles(&[WEST]);
    let options = [
        Opt::Role("west", WEST, "herons"),
        Opt::QuietRole("east", QUIET, "staff"),
        Opt::Int("counters", 2),
        Opt::Bool("thread", false),
    ];
    let place = Place { channel: 701, thread: false };
    let challenge = fake.slash(&ana, place, &["play", "zohn-ahl"], &options).await;
    assert!(!challenge.content().contains("<@&522>"), "the quiet role is not pinged: {}", challenge.content());
    assert!(challenge.content().contains("@staff"), "it is named: {}", challenge.content());
    let allowed = &challenge.json.as_ref().unwrap()["data"]["allowed_mentions"];
    assert!(allowed["roles"].as_array().unwrap().is_empty(), "{allowed}");
    assert!(fake.mention_violations().is_empty(), "{:#?}", fake.mention_violations());
    running.stop().await;
}
