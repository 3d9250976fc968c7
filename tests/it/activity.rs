//! Playing inside Discord (an Activity), over HTTP: the bot registers the entry point `/play` and puts "Play in
//! Discord" on a game's board, whose press Discord is told to answer by launching the Activity; the Activity's
//! token endpoint takes a code Discord's client gave once, only for a member of the server, and opens a session
//! whose bearer token plays the channel's game; the Activity's page may be framed by Discord's client alone.

use crate::fake_discord;

use fake_discord::FakeDiscord;
use fake_discord::payloads::{GUILD_ID, Member};
use serde_json::{Value, json};

use crate::web_play::{Started, start};

async fn post_token(site: &str, body: Value) -> (u16, Value) {
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    let answer = client.post(format!("{site}/activity/token")).json(&body).send().await.unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_is_launched_from_discord_and_its_session_plays_the_channels_game() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let Started { bot: _bot, site, page, place, ana, ben, .. } = start(&fake, dir.path()).await;

    // The entry point is registered beside the commands: `/play`, launched by Discord itself.
    let global =
        |r: &fake_discord::Recorded| r.method == "PUT" && r.path.ends_with("/commands") && !r.path.contains("/guilds/");
    let registered = fake.log().into_iter().rev().find(global);
    let commands = registered.and_then(|r| r.json).expect("the entry point was registered");
    let entry: Vec<&Value> = commands.as_array().unwrap().iter().filter(|c| c["type"] == json!(4)).collect();
    assert_eq!(entry.len(), 1, "{} global commands", commands.as_array().unwrap().len());
    assert_eq!((entry[0]["name"].as_str(), entry[0]["handler"].as_u64()), (Some("play"), Some(2)));

    // The board offers "Play in Discord"; its press is answered by launching the Activity.
    let channel = format!("/channels/{}/messages", place.channel);
    let board = fake.log().iter().rev().find(|r| r.path == channel && r.created.is_some()).and_then(|r| r.created);
    let board = board.or_else(|| {
        fake.log().iter().rev().find(|r| r.path.contains("interactions") && r.created.is_some()).and_then(|r| r.created)
    });
    let board = board.expect("the game's board");
    let stored = fake.message(board);
    let launch = stored["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["custom_id"] == json!("launch"))
        .expect("a Play in Discord button");
    assert_eq!(launch["label"], json!("Play in Discord"));
    let launched = fake.press(&ben, place, board, "launch").await;
    assert_eq!(launched.callback_type(), Some(12), "{:?}", launched.json);

    // The Activity's page: framed by Discord's client, at `/activity/` and at `/` with Discord's launch
    // parameters, and giving Discord's SDK the app's client id.
    let client = reqwest::Client::builder().no_proxy().build().unwrap();
    for path in ["/activity/", "/?frame_id=f&instance_id=i&platform=desktop&guild_id=1&channel_id=2"] {
        let shell = client.get(format!("{site}{path}")).send().await.unwrap();
        let csp = shell.headers()["content-security-policy"].to_str().unwrap().to_string();
        assert!(csp.contains("frame-ancestors 'self' https://discord.com"), "{csp}");
        assert!(shell.headers().get("x-frame-options").is_none());
        let body = shell.text().await.unwrap();
        assert!(body.contains(&format!("data-client=\"{}\"", fake_discord::oauth::CLIENT_ID)), "{body}");
    }
    // Every other page still refuses every frame.
    let other = client.get(format!("{site}{page}")).send().await.unwrap();
    assert!(other.headers()["content-security-policy"].to_str().unwrap().contains("frame-ancestors 'none'"));
    let sdk = client.get(format!("{site}/activity/sdk.mjs")).send().await.unwrap().text().await.unwrap();
    assert!(sdk.starts_with("/* @discord/embedded-app-sdk 2.5.0") && sdk.contains("DiscordSDK"));

    let place_of =
        |code: String| json!({"code": code, "guild": GUILD_ID.to_string(), "channel": place.channel.to_string()});
    // A made-up code, and one for somebody who is no member of the server, open nothing.
    let (status, said) = post_token(&site, place_of("made-up".into())).await;
    assert_eq!(status, 400, "{said}");
    let cy = Member::new(103, "cy");
    let (status, said) = post_token(&site, place_of(fake.activity_code(&cy))).await;
    assert_eq!((status, said["said"].as_str()), (403, Some("Only members of this server can play its games here.")));

    // Opened outside a server (a DM), or in a server whose pages are off: told why, and nothing opened.
    let (status, said) = post_token(&site, json!({"code": fake.activity_code(&ana)})).await;
    assert_eq!(
        (status, said["said"].as_str()),
        (404, Some("Open tablero from a channel of a server to play its games."))
    );
    const OTHER: u64 = 800_000_000_000_000_077;
    fake.join(OTHER, &ana);
    let elsewhere = json!({"code": fake.activity_code(&ana), "guild": OTHER.to_string(), "channel": "950"});
    let (status, said) = post_token(&site, elsewhere).await;
    assert_eq!(status, 404, "{said}");
    assert!(said["said"].as_str().unwrap().starts_with("This server's game pages are off"), "{said}");
    // In a channel without a game: her games in the server, each a link to its page.
    let quiet = json!({"code": fake.activity_code(&ana), "guild": GUILD_ID.to_string(), "channel": "999"});
    let (status, listed) = post_token(&site, quiet).await;
    assert_eq!((status, listed["game"].clone()), (200, Value::Null), "{listed}");
    let games = listed["games"].as_str().unwrap();
    assert!(games.contains("Your games in this server") && games.contains(&format!("href=\"{page}\"")), "{games}");

    // ana's code: a session, and the channel's game to show.
    let code = fake.activity_code(&ana);
    let (status, opened) = post_token(&site, place_of(code.clone())).await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(opened["game"].as_str(), Some(page.as_str()));
    assert_eq!(opened["name"].as_str(), Some("ana"));
    let session = opened["session"].as_str().unwrap().to_string();
    // The same code again opens nothing (Discord takes a code once).
    let (status, _) = post_token(&site, place_of(code)).await;
    assert_eq!(status, 400);

    // With the bearer token, the game's page shows her controls, and her move is played and posted.
    let bearer = format!("Bearer {session}");
    let shown = client.get(format!("{site}{page}")).header("authorization", &bearer).send().await.unwrap();
    let body = shown.text().await.unwrap();
    assert!(body.contains("Signed in as ana."), "{body}");
    let field = |name: &str| {
        let marker = format!("name=\"{name}\" value=\"");
        let start = body.find(&marker).unwrap() + marker.len();
        body[start..].split('"').next().unwrap().to_string()
    };
    let (csrf, key) = (field("csrf"), field("key"));
    let button = body
        .split("name=\"button\" value=\"")
        .skip(1)
        .filter(|rest| !rest.split('>').next().unwrap_or_default().contains("disabled"))
        .filter_map(|rest| rest.split('"').next())
        .find(|id| id.contains(":m:"))
        .expect("a move")
        .to_string();
    let from = fake.mark();
    let moved = client
        .post(format!("{site}{page}/act"))
        .header("authorization", &bearer)
        .form(&[("csrf", csrf.as_str()), ("key", key.as_str()), ("button", button.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(moved.status().as_u16(), 200, "the page after the move");
    let posted =
        fake.wait_for(from, "the move's board in the channel", |r| r.path == channel && r.created.is_some()).await;
    assert!(posted.content().contains("ana"), "{}", posted.content());
    // Without the token, the same form is no one's.
    let stays = reqwest::Client::builder().no_proxy().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let anon = stays
        .post(format!("{site}{page}/act"))
        .form(&[("csrf", csrf.as_str()), ("key", "other"), ("button", button.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(anon.status().as_u16(), 303);
    assert!(anon.headers()["location"].to_str().unwrap().starts_with("/signin?next="));

    // The page's check while its event stream is down (and always inside Discord, whose proxy may hold a stream
    // back): the controls asked with the revision the page shows cost a 304 while the game has not moved.
    let body = client.get(format!("{site}{page}")).header("authorization", &bearer).send().await.unwrap();
    let body = body.text().await.unwrap();
    let shown = body.split("data-revision=\"").nth(1).and_then(|r| r.split('.').next()).expect("the revision shown");
    let revision: u64 = shown.parse().unwrap();
    let ask = |tag: String| {
        client.get(format!("{site}{page}/panel")).header("authorization", &bearer).header("if-none-match", tag).send()
    };
    let unchanged = ask(format!("\"{revision}\"")).await.unwrap();
    assert_eq!(unchanged.status().as_u16(), 304);
    let behind = ask(format!("\"{}\"", revision - 1)).await.unwrap();
    assert_eq!(behind.status().as_u16(), 200);
    assert_eq!(behind.headers()["etag"].to_str().unwrap(), format!("\"{revision}\""));
    assert!(behind.text().await.unwrap().contains("Signed in as ana."));

    // Signing out inside the Activity: its bearer token without the session's CSRF token ends nothing; with it,
    // the session is over.
    let signed_in = |body: &str| body.contains("Signed in as ana.");
    let out = stays
        .post(format!("{site}/signout"))
        .header("authorization", &bearer)
        .form(&[("next", page.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(out.status().as_u16(), 403);
    let still = client.get(format!("{site}{page}")).header("authorization", &bearer).send().await.unwrap();
    assert!(signed_in(&still.text().await.unwrap()), "a sign-out without its token ends nothing");
    let out = stays
        .post(format!("{site}/signout"))
        .header("authorization", &bearer)
        .form(&[("csrf", csrf.as_str()), ("next", page.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(out.status().as_u16(), 303);
    let after = client.get(format!("{site}{page}")).header("authorization", &bearer).send().await.unwrap();
    assert!(!signed_in(&after.text().await.unwrap()), "signed out inside the Activity");
}
