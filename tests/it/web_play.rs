//! Signing in with Discord on the pages and playing there: the `tablero` binary with its pages and an OAuth2
//! client, against the fake Discord's OAuth2. A member signs in (PKCE, the state bound to the browser), plays
//! Hoyito moves from the game's page against a member playing on Discord, each seeing the other's moves; a
//! double submit plays once; a move out of turn is refused in Discord's words; a form without the CSRF token,
//! a member of another server, a replayed state, a wrong verifier and a cookie used after signing out are
//! refused.

use crate::fake_discord;

use fake_discord::FakeDiscord;
use fake_discord::browser::Browser;
use fake_discord::harness::Place;
use fake_discord::oauth::{CLIENT_ID, CLIENT_SECRET};
use fake_discord::payloads::{GUILD_ID, Member, Opt};
use fake_discord::process::{free_port, spawn_clocked};

/// A hidden field's value in a page.
fn field(body: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let start = body.find(&marker).unwrap_or_else(|| panic!("no {name} in {body}")) + marker.len();
    body[start..].split('"').next().unwrap().to_string()
}

/// The enabled move buttons of a page (their ids).
fn move_buttons(body: &str) -> Vec<String> {
    body.split("name=\"button\" value=\"")
        .skip(1)
        .filter(|rest| !rest.split('>').next().unwrap_or_default().contains("disabled"))
        .filter_map(|rest| rest.split('"').next())
        .filter(|id| id.contains(":m:"))
        .map(str::to_string)
        .collect()
}

/// The bot with its pages and sign-in against `fake`; a Hoyito game (#1) between ana (to move) and ben, both
/// members of the server, its pages on.
pub struct Started {
    pub bot: fake_discord::process::Bot,
    /// `http://127.0.0.1:PORT`.
    pub site: String,
    /// The game's page, and its path.
    pub url: String,
    pub page: String,
    pub place: Place,
    pub ana: Member,
    pub ben: Member,
}

/// The operator's token that opens `/metrics` beside the pages.
const OPS_TOKEN: &str = "an-operators-token-0123";

pub async fn start(fake: &FakeDiscord, dir: &std::path::Path) -> Started {
    let place = Place { channel: 940, thread: false };
    let port = free_port();
    let site = format!("http://127.0.0.1:{port}");
    let env = [
        ("TABLERO_WEB_LISTEN", format!("127.0.0.1:{port}")),
        ("TABLERO_WEB_PUBLIC_URL", site.clone()),
        ("DISCORD_CLIENT_ID", CLIENT_ID.to_string()),
        ("DISCORD_CLIENT_SECRET", CLIENT_SECRET.to_string()),
        ("TABLERO_AUTHORIZE_URL", format!("{}/oauth2/authorize", fake.base())),
        ("TABLERO_ACTIVITY", "on".to_string()),
        ("TABLERO_OPS_TOKEN", OPS_TOKEN.to_string()),
    ];
    let from = fake.mark();
    let bot = spawn_clocked(fake, dir, &env);
    fake.wait_ready(from).await;
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    fake.join(GUILD_ID, &ana);
    fake.join(GUILD_ID, &ben);
    let mut admin = ana.clone();
    admin.manage_server = true;
    fake.slash(&admin, place, &["settings", "server"], &[Opt::Bool("web", true)]).await;
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana, place, &["play", "hoyito"], &options).await;
    let board = fake.slash(&ben, place, &["accept"], &[]).await;
    let stored = fake.message(board.created.unwrap());
    let url = stored["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find_map(|b| b["url"].as_str().map(str::to_string))
        .expect("the game's link");
    let page = url.strip_prefix(&site).unwrap().to_string();
    Started { bot, site, url, page, place, ana, ben }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_signs_in_and_plays_from_the_page_against_one_on_discord() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let Started { bot: _bot, site, url, page, place, ana, ben } = start(&fake, dir.path()).await;
    let cy = Member::new(103, "cy");

    // Signed out: the page offers signing in, and a form posted without a session goes there.
    let mut anon = Browser::new();
    let read = anon.get(&url).await;
    assert!(read.body.contains("Sign in with Discord to play"), "{}", read.body);
    let posted = anon.post(&format!("{url}/act"), &[("button", "g:1:m:0:1")]).await;
    assert_eq!(posted.status, 303);
    assert!(posted.location.unwrap().starts_with("/signin?next="));

    // ana signs in and sees her controls.
    fake.sign_in_as(&ana);
    let mut browser = Browser::new();
    let back = browser.sign_in(&site, &page).await;
    assert_eq!((back.status, back.location.as_deref()), (303, Some(page.as_str())), "{}", back.body);
    assert!(browser.cookies.contains_key("tablero_session"));
    let shown = browser.get(&url).await;
    assert!(shown.body.contains("Signed in as ana."), "{}", shown.body);
    let buttons = move_buttons(&shown.body);
    assert!(buttons.iter().all(|b| b.starts_with("g:1:m:0:")) && !buttons.is_empty(), "{buttons:?}");
    let (csrf, key) = (field(&shown.body, "csrf"), field(&shown.body, "key"));

    // A form without the CSRF token changes nothing.
    let forged = browser.post(&format!("{url}/act"), &[("key", &key), ("button", &buttons[0])]).await;
    assert_eq!(forged.status, 403, "{}", forged.body);

    // Her move, submitted twice (a double click): played once, and posted in the game's channel.
    let from = fake.mark();
    let form = [("csrf", csrf.as_str()), ("key", key.as_str()), ("button", buttons[0].as_str())];
    let moved = browser.post(&format!("{url}/act"), &form).await;
    assert_eq!((moved.status, moved.location.as_deref()), (303, Some(page.as_str())), "{}", moved.body);
    let again = browser.post(&format!("{url}/act"), &form).await;
    assert_eq!(again.status, 303, "{}", again.body);
    let posted = fake.post_in(from, place.channel).await;
    assert!(posted.content().contains("ben"), "ben is called to move: {}", posted.content());
    // Both answers came after their work was done (a form's answer waits for its post): the count is final.
    let posts = fake
        .log()
        .iter()
        .skip(from)
        .filter(|r| r.path == format!("/channels/{}/messages", place.channel) && r.created.is_some())
        .count();
    assert_eq!(posts, 1, "the double submit played once");

    // Out of turn: refused in the words Discord would use.
    let shown = browser.get(&url).await;
    assert!(move_buttons(&shown.body).is_empty(), "not her turn: no move buttons");
    let refused = browser
        .post(&format!("{url}/act"), &[("csrf", &csrf), ("key", &field(&shown.body, "key")), ("button", "g:1:m:1:1")])
        .await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(refused.body.contains("not your turn") || refused.body.contains("not your move"), "{}", refused.body);

    // ben answers on Discord; ana sees it on her page and moves again.
    let next = fake.enabled_buttons(posted.created.unwrap()).into_iter().find(|b| b.starts_with("g:1:m:1:")).unwrap();
    let from = fake.mark();
    fake.press(&ben, place, posted.created.unwrap(), &next).await;
    fake.post_in(from, place.channel).await;
    let shown = browser.get(&url).await;
    let buttons = move_buttons(&shown.body);
    assert!(!buttons.is_empty() && buttons.iter().all(|b| b.starts_with("g:1:m:2:")), "{buttons:?}");
    let from = fake.mark();
    let form = [("csrf", csrf.as_str()), ("key", &field(&shown.body, "key")), ("button", buttons[0].as_str())];
    assert_eq!(browser.post(&format!("{url}/act"), &form).await.status, 303);
    let board = fake.post_in(from, place.channel).await.created.expect("the board of her move");

    // A member of the server who does not play this game (dee) sees no moves, and a move posted anyway is refused
    // in the words Discord's board gives her.
    let dee = Member::new(104, "dee");
    fake.join(GUILD_ID, &dee);
    fake.sign_in_as(&dee);
    let mut onlooker = Browser::new();
    onlooker.sign_in(&site, &page).await;
    let shown = onlooker.get(&url).await;
    assert!(shown.body.contains("Signed in as dee.") && move_buttons(&shown.body).is_empty(), "{}", shown.body);
    let his = fake.enabled_buttons(board).into_iter().find(|b| b.starts_with("g:1:m:3:")).expect("ben's move");
    let on_discord = fake.press(&dee, place, board, &his).await;
    assert!(on_discord.is_ephemeral(), "{}", on_discord.content());
    let words = on_discord.content().replace(['*', '`'], "");
    assert!(words.len() > 10, "{words}");
    let form = [("csrf", field(&shown.body, "csrf")), ("key", "dee-1".to_string()), ("button", his.clone())];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let refused = onlooker.post(&format!("{url}/act"), &form).await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    let said = refused.body.split("role=\"alert\">").nth(1).and_then(|r| r.split("</div>").next()).unwrap_or_default();
    let said: String = said
        .split('<')
        .enumerate()
        .map(|(i, p)| if i == 0 { p } else { p.split_once('>').map_or("", |(_, t)| t) })
        .collect();
    assert_eq!(said.replace("&#39;", "'").trim(), words.trim(), "the same words as on Discord");

    // A member of another server (cy) signs in, but may not play here.
    fake.sign_in_as(&cy);
    let mut stranger = Browser::new();
    stranger.sign_in(&site, &page).await;
    let shown = stranger.get(&url).await;
    assert!(shown.body.contains("Signed in as cy.") && move_buttons(&shown.body).is_empty(), "{}", shown.body);
    let form = [("csrf", field(&shown.body, "csrf")), ("key", "cy-1".to_string()), ("button", "g:1:m:3:1".into())];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let refused = stranger.post(&format!("{url}/act"), &form).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(refused.body.contains("Only members of this server"), "{}", refused.body);

    // A replayed state (the same answer from Discord again) opens nothing.
    fake.sign_in_as(&ana);
    let mut replayer = Browser::new();
    let begun = replayer.get(&format!("{site}/signin?next={page}")).await;
    let back = replayer.get(&begun.location.unwrap()).await.location.unwrap();
    assert_eq!(replayer.get(&back).await.status, 303);
    let opened = replayer.cookies.remove("tablero_session").expect("the first answer opened a session");
    let replayed = replayer.get(&back).await;
    assert_eq!(replayed.status, 400, "{}", replayed.body);
    assert!(!replayer.cookies.contains_key("tablero_session"));
    // The state from another browser: refused too.
    let mut other = Browser::new();
    let begun = other.get(&format!("{site}/signin?next={page}")).await;
    let back = other.get(&begun.location.unwrap()).await.location.unwrap();
    let mut thief = Browser::new();
    assert_eq!(thief.get(&back).await.status, 400);
    // A code taken with another sign-in's verifier: Discord refuses it, and so does the page.
    let first = other.get(&format!("{site}/signin?next={page}")).await.location.unwrap();
    let second = other.get(&format!("{site}/signin?next={page}")).await.location.unwrap();
    let code_of_first = other.get(&first).await.location.unwrap();
    let state_of_second = fake_discord::oauth::pairs(second.split_once('?').unwrap().1)["state"].clone();
    let mixed = format!(
        "{}&state={}",
        code_of_first.split("&state=").next().unwrap(),
        fake_discord::oauth::encode(&state_of_second)
    );
    assert_eq!(other.get(&mixed).await.status, 400);
    assert!(fake.oauth_refused().iter().any(|r| r == "a wrong verifier"), "{:?}", fake.oauth_refused());

    // ana signs out everywhere: her cookie, used again (stolen, say), is no session.
    let stolen = browser.cookies.get("tablero_session").cloned().unwrap();
    let shown = browser.get(&url).await;
    let out = browser
        .post(
            &format!("{site}/signout"),
            &[("csrf", &field(&shown.body, "csrf")), ("next", &page), ("everywhere", "1")],
        )
        .await;
    assert_eq!(out.status, 303);
    let mut thief = Browser::new();
    thief.cookies.insert("tablero_session".into(), stolen);
    let read = thief.get(&url).await;
    assert!(!read.body.contains("Signed in as") && read.body.contains("Sign in with Discord"), "{}", read.body);
    // ... and the other session she opened is over too (everywhere).
    replayer.cookies.insert("tablero_session".into(), opened);
    let read = replayer.get(&url).await;
    assert!(!read.body.contains("Signed in as"), "{}", read.body);
    // The operator's routes beside the pages answer only with their token.
    let client = reqwest::Client::builder().no_proxy().timeout(std::time::Duration::from_secs(20)).build().unwrap();
    for (path, token) in [("/metrics", None), ("/readyz", None), ("/metrics", Some("an-operators-token-0124"))] {
        let mut asked = client.get(format!("{site}{path}"));
        if let Some(token) = token {
            asked = asked.bearer_auth(token);
        }
        let refused = asked.send().await.unwrap();
        assert_eq!(refused.status().as_u16(), 401, "{path} with {token:?}");
        assert!(!refused.text().await.unwrap().contains("tablero_"), "{path}: nothing is told");
    }
    // The pages' requests to Discord are counted like the bot's, by route.
    let metrics = client.get(format!("{site}/metrics")).bearer_auth(OPS_TOKEN).send().await.unwrap();
    assert_eq!(metrics.status().as_u16(), 200);
    let metrics = metrics.text().await.unwrap();
    for route in ["oauth2/token", "users/@me", "guilds/members"] {
        assert!(metrics.contains(&format!("route=\"{route}\"")), "{route} is counted: {metrics}");
    }
}

/// ana signs in on the game's page (her browser reads English) and plays her first move there: her browser, and
/// the board it posted in the game's channel.
async fn first_move_on_the_page(fake: &FakeDiscord, started: &Started) -> (Browser, fake_discord::Recorded) {
    let Started { site, url, page, place, ana, .. } = started;
    fake.sign_in_as(ana);
    let mut browser = Browser::new();
    browser.sign_in(site, page).await;
    let shown = browser.get(url).await;
    assert!(shown.body.contains("Signed in as ana."), "{}", shown.body);
    let buttons = move_buttons(&shown.body);
    let from = fake.mark();
    let (csrf, key) = (field(&shown.body, "csrf"), field(&shown.body, "key"));
    let form = [("csrf", csrf.as_str()), ("key", key.as_str()), ("button", buttons[0].as_str())];
    assert_eq!(browser.post(&format!("{url}/act"), &form).await.status, 303);
    let posted = fake.post_in(from, place.channel).await;
    (browser, posted)
}

/// A server whose own language is Spanish (as Discord says with every interaction from it) reads a move made on
/// the page in Spanish in its channel, as it reads one made on Discord, whatever the browser's language.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_on_the_page_is_posted_in_the_servers_language() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let started = start(&fake, dir.path()).await;
    // ben asks for the board from the Spanish server.
    let (id, from, place) = (fake.next_id(), fake.mark(), started.place);
    let mut board = fake_discord::payloads::slash(2, id, place.channel, place.thread, &started.ben, &["board"], &[]);
    board["guild_locale"] = serde_json::json!("es-ES");
    fake.interact(board);
    fake.callback(from, id).await;

    // ana, whose browser reads English, moves on the page: her page is in English, the channel's post in Spanish.
    let (_, posted) = first_move_on_the_page(&fake, &started).await;
    assert!(posted.content().contains("sembró el hoyo"), "in the server's language: {}", posted.content());
    assert!(posted.content().contains("Le toca a"), "{}", posted.content());
}

/// The pages keep the bot's time: with the bot's clock a day ahead, a move made on the page is recorded at the
/// bot's time, after the moves made on Discord before it, as a move by command would be.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_keep_the_bots_clock() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let started = start(&fake, dir.path()).await;
    let (url, place) = (started.url.clone(), started.place);
    const DAY: u64 = 86_400;
    fake_discord::process::set_clock(dir.path(), DAY);
    let real = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();

    // ana moves on the page, ben answers on Discord.
    let (mut browser, posted) = first_move_on_the_page(&fake, &started).await;
    let next = fake.enabled_buttons(posted.created.unwrap()).into_iter().find(|b| b.starts_with("g:1:m:1:")).unwrap();
    let from = fake.mark();
    fake.press(&started.ben, place, posted.created.unwrap(), &next).await;
    fake.post_in(from, place.channel).await;

    // Both moves are at the bot's time, a day ahead of the machine's.
    let record = browser.get(&format!("{url}/record.json")).await;
    assert_eq!(record.status, 200, "{}", record.body);
    let record: serde_json::Value = serde_json::from_str(&record.body).unwrap();
    let at: Vec<u64> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| tablero::dates::parse(m["at"].as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(at.len(), 2, "{record}");
    for (n, t) in at.iter().enumerate() {
        assert!(*t >= real + DAY - 60, "move {} was recorded at {t}, the machine's time, not the bot's", n + 1);
    }
}

/// The id of the button labelled `label` in a page.
fn button_labelled(body: &str, label: &str) -> String {
    body.split("name=\"button\" value=\"")
        .skip(1)
        .find(|rest| rest.split_once('>').is_some_and(|(_, after)| after.starts_with(&format!("{label}</button>"))))
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no button {label:?} in {body}"))
        .to_string()
}

/// The first menu of a page (its id) and its first option's value.
fn first_menu_choice(body: &str) -> (String, String) {
    let menu = field(body, "menu");
    let rest = body.split(&format!("name=\"menu\" value=\"{menu}\"")).nth(1).unwrap();
    let value = rest.split("<option value=\"").nth(1).and_then(|r| r.split('"').next()).unwrap().to_string();
    (menu, value)
}

/// The moves a page lists to choose from.
fn listed_moves(body: &str) -> Vec<String> {
    body.split("<option value=\"").skip(1).filter_map(|rest| rest.split('"').next()).map(str::to_string).collect()
}

/// Epaminondas from the page (a move chosen from the list, against moves typed on Discord, then a resignation
/// confirmed on the page), and Zohn Ahl thrown from the page by a member of the team (a role) on turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn epaminondas_moves_a_confirmed_resignation_and_a_teams_throw_from_the_page() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let Started { bot: _bot, site, url, place: _, ana, ben, .. } = start(&fake, dir.path()).await;
    const WEST: u64 = 501;
    const EAST: u64 = 502;
    let ana = ana.with_roles(&[WEST]);
    let ben = ben.with_roles(&[EAST]);
    fake.join(GUILD_ID, &ana);
    fake.join(GUILD_ID, &ben);
    // Epaminondas, game 2, in a channel of its own.
    let hall = Place { channel: 941, thread: false };
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana, hall, &["play", "epaminondas"], &options).await;
    fake.slash(&ben, hall, &["accept"], &[]).await;
    fake.sign_in_as(&ana);
    let mut browser = Browser::new();
    let game = url.replace("/game/1", "/game/2");
    let page = game.strip_prefix(&site).unwrap().to_string();
    browser.sign_in(&site, &page).await;
    // The board: each piece of hers that can move picks it (a link: nothing changes), and the picked piece's
    // moves are buttons on the squares they end on; a square with no piece of hers to move picks nothing.
    let shown = browser.get(&game).await;
    let pick = shown.body.split("class=\"pick\" href=\"").nth(1).and_then(|r| r.split('#').next()).expect("a piece");
    assert!(pick.starts_with(&format!("{page}?pick=")), "{pick}");
    let picked = browser.get(&format!("{site}{pick}")).await;
    assert!(picked.body.contains("press where it goes"), "{}", picked.body);
    assert!(picked.body.matches("class=\"target\"").count() > 0, "{}", picked.body);
    for elsewhere in ["h12", "a6", "%3Cb%3E"] {
        let nothing = browser.get(&format!("{game}?pick={elsewhere}")).await;
        assert!(nothing.body.contains("Pick a piece to move") && !nothing.body.contains("class=\"target\""));
    }
    // A move as Discord's menus make it: a piece picked, then one of its moves.
    let (menu, piece) = first_menu_choice(&shown.body);
    assert!(menu.starts_with("g:2:pick:0:"), "the pieces' menu: {menu}");
    let form = [
        ("csrf", field(&shown.body, "csrf")),
        ("key", field(&shown.body, "key")),
        ("menu", menu),
        ("value", piece.clone()),
    ];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let picked = browser.post(&format!("{game}/act"), &form).await;
    assert_eq!(picked.status, 200, "{}", picked.body);
    let (menu, chosen) = first_menu_choice(picked.body.split("class=\"said\"").nth(1).expect("the piece's moves"));
    assert!(menu.starts_with("g:2:to:0:") && chosen.starts_with(&piece), "{menu} {chosen}");
    let from = fake.mark();
    let form =
        [("csrf", field(&picked.body, "csrf")), ("key", field(&picked.body, "key")), ("menu", menu), ("value", chosen)];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(browser.post(&format!("{game}/act"), &form).await.status, 303);
    fake.post_in(from, hall.channel).await;
    let suggested = fake.autocomplete(&ben, hall, &["move"], &[Opt::Focused("notation", String::new())]).await;
    fake.slash(&ben, hall, &["move"], &[Opt::Str("notation", suggested[0].clone())]).await;
    for _ in 0..2 {
        let shown = browser.get(&game).await;
        let moves = listed_moves(&shown.body);
        assert!(moves.len() > 10, "White's moves are listed: {moves:?}");
        let ply = field(&shown.body, "ply");
        let from = fake.mark();
        let form = [
            ("csrf", field(&shown.body, "csrf")),
            ("key", field(&shown.body, "key")),
            ("ply", ply),
            ("move", moves[0].clone()),
        ];
        let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let moved = browser.post(&format!("{game}/act"), &form).await;
        assert_eq!(moved.status, 303, "{}", moved.body);
        let posted = fake.post_in(from, hall.channel).await;
        assert!(posted.content().contains(&moves[0]) || posted.png().is_some(), "{}", posted.content());
        // ben answers by typing a move Discord suggests.
        let suggested = fake.autocomplete(&ben, hall, &["move"], &[Opt::Focused("notation", String::new())]).await;
        let answered = fake.slash(&ben, hall, &["move"], &[Opt::Str("notation", suggested[0].clone())]).await;
        assert!(!answered.is_ephemeral(), "{}", answered.content());
    }
    // Resigning asks first, on the page, with the confirming button; confirmed, the game ends.
    let shown = browser.get(&game).await;
    let ask = [
        ("csrf", field(&shown.body, "csrf")),
        ("key", field(&shown.body, "key")),
        ("button", button_labelled(&shown.body, "Resign")),
    ];
    let ask: Vec<(&str, &str)> = ask.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let asked = browser.post(&format!("{game}/act"), &ask).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(asked.body.contains("Do you really want to resign"), "{}", asked.body);
    let from = fake.mark();
    let confirm = [
        ("csrf", field(&asked.body, "csrf")),
        ("key", field(&asked.body, "key")),
        ("button", button_labelled(&asked.body, "Yes, resign")),
    ];
    let confirm: Vec<(&str, &str)> = confirm.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(browser.post(&format!("{game}/act"), &confirm).await.status, 303);
    let ended = fake.post_in(from, hall.channel).await;
    assert!(ended.content().contains("resign"), "{}", ended.content());
    let shown = browser.get(&game).await;
    assert!(shown.body.contains("Rematch") && listed_moves(&shown.body).is_empty(), "{}", shown.body);

    // Zohn Ahl, game 3: West is a role; ana holds it and throws from the page when West is on turn.
    let field_place = Place { channel: 942, thread: false };
    let options = [
        Opt::Role("west", WEST, "herons"),
        Opt::Role("east", EAST, "otters"),
        Opt::Int("counters", 2),
        Opt::Bool("thread", false),
    ];
    let challenge = fake.slash(&ana, field_place, &["play", "zohn-ahl"], &options).await;
    let from = fake.mark();
    fake.press(&ben, field_place, challenge.created.unwrap(), "c:3:accept").await;
    fake.post_in(from, field_place.channel).await;
    let game = url.replace("/game/1", "/game/3");
    let shown = browser.get(&game).await;
    let throw = button_labelled(&shown.body, "Throw the sticks");
    assert!(throw.starts_with("g:3:t:"), "{throw}");
    let from = fake.mark();
    let form = [("csrf", field(&shown.body, "csrf")), ("key", field(&shown.body, "key")), ("button", throw)];
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(browser.post(&format!("{game}/act"), &form).await.status, 303);
    let thrown = fake.post_in(from, field_place.channel).await;
    assert!(thrown.content().contains("ana"), "ana threw for West: {}", thrown.content());
}

/// The lessons and a puzzle on the server's pages: the same steps as on Discord, answered with forms (the
/// CSRF token and a request key: a double submit counts once), their pictures served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lessons_and_a_puzzle_on_the_servers_pages() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let Started { bot: _bot, site, page, ana, .. } = start(&fake, dir.path()).await;
    let base = page.split("/game/").next().unwrap().to_string();
    let learn = format!("{site}{base}/learn");
    let mut anon = Browser::new();
    assert_eq!(anon.get(&learn).await.status, 303, "signing in first");
    fake.sign_in_as(&ana);
    let mut browser = Browser::new();
    browser.sign_in(&site, &format!("{base}/learn")).await;
    let server = browser.get(&format!("{site}{base}/")).await;
    assert!(server.body.contains(&format!("href=\"{base}/learn\"")), "the server's page links the lessons");

    let shown = browser.get(&format!("{learn}?game=hoyito")).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    assert!(shown.body.contains("lesson 1 of 10"), "{}", shown.body);
    assert!(shown.body.contains("value=\"la:hoyito:0:3\""), "{}", shown.body);
    let picture = browser.get(&format!("{learn}/hoyito/picture.png?step=0")).await;
    assert_eq!(picture.status, 200);
    assert!(shown.body.contains(&format!("src=\"{base}/learn/hoyito/picture.png?step=0\"")), "{}", shown.body);

    let csrf = field(&shown.body, "csrf");
    let wrong = [("csrf", csrf.as_str()), ("key", "k1"), ("button", "la:hoyito:0:6")];
    let said = browser.post(&learn, &wrong).await;
    assert!(said.body.contains("the task was the hole with two seeds"), "{}", said.body);
    let right = [("csrf", csrf.as_str()), ("key", "k2"), ("button", "la:hoyito:0:3")];
    let said = browser.post(&learn, &right).await;
    assert!(said.body.contains("your move ended there") && said.body.contains("lesson 2 of 10"), "{}", said.body);
    let again = browser.post(&learn, &right).await;
    assert_eq!(again.status, 303, "the same form twice counts once");
    let now = browser.get(&format!("{learn}?game=hoyito")).await;
    assert!(now.body.contains("lesson 2 of 10"), "{}", now.body);
    // Without the token, or with another page's button: nothing.
    assert_eq!(browser.post(&learn, &[("key", "k3"), ("button", "la:hoyito:1:1")]).await.status, 403);
    let other = [("csrf", csrf.as_str()), ("key", "k4"), ("button", "g:1:m:0:1")];
    assert_eq!(browser.post(&learn, &other).await.status, 400);

    let puzzle = browser.get(&format!("{learn}?puzzle=hoyito")).await;
    assert!(puzzle.body.contains("Puzzle #") && puzzle.body.contains("value=\"pa:"), "{}", puzzle.body);
    let src = puzzle.body.split("<img src=\"").nth(1).unwrap().split('"').next().unwrap().replace("&amp;", "&");
    assert!(src.contains("/puzzle/"), "{src}");
    assert_eq!(browser.get(&format!("{site}{src}")).await.status, 200);
}
