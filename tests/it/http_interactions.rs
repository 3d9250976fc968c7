//! Interactions over HTTP: two `tablero bot` replicas without the gateway, on one PostgreSQL database, behind a
//! load balancer, take a game's slash commands and presses signed as Discord signs them. One replica is killed
//! with SIGKILL while a move is on its way to it; the balancer sends that move on to the other, and every
//! interaction is answered exactly once and applied once, and the board after it reaches the channel. A bad signature, a stale timestamp and a replayed
//! body are refused with 401 and change nothing; a PING is answered PONG.

use crate::common;
use crate::fake_discord;

use std::time::Duration;

use fake_discord::payloads::{self, Member, Opt};
use fake_discord::process::{Bot, free_port, spawn_clocked, until_ready_is};
use fake_discord::signed::{Balancer, Signed, now, public_key};
use fake_discord::{FakeDiscord, Recorded};
use serde_json::{Value, json};
use tablero::store::record::GameId;

const CHANNEL: u64 = 930;

/// A replica: no gateway, interactions over HTTP at `listen`, the operator's routes at `ops`.
fn replica(fake: &FakeDiscord, dir: &std::path::Path, url: &str, listen: &str, ops: &str) -> Bot {
    let env = [
        ("TABLERO_STORE_URL", url.to_string()),
        ("TABLERO_GATEWAY", "off".to_string()),
        ("TABLERO_INTERACTIONS_LISTEN", listen.to_string()),
        ("DISCORD_PUBLIC_KEY", public_key()),
        ("TABLERO_OPS_LISTEN", ops.to_string()),
    ];
    spawn_clocked(fake, dir, &env)
}

/// Delivers `interaction` through the balancer and waits for its answer.
async fn send(fake: &FakeDiscord, balancer: &Balancer, interaction: Value) -> Recorded {
    let id: u64 = interaction["id"].as_str().unwrap().parse().unwrap();
    let from = fake.mark();
    assert_eq!(balancer.deliver(fake, &interaction).await, 202);
    fake.callback(from, id).await
}

fn slash(fake: &FakeDiscord, who: &Member, path: &[&str], options: &[Opt]) -> Value {
    payloads::slash(2, fake.next_id(), CHANNEL, false, who, path, options)
}

fn press(fake: &FakeDiscord, who: &Member, board: u64, button: &str) -> Value {
    payloads::press(fake.next_id(), CHANNEL, false, who, &fake.message(board), button)
}

/// Who is called to move on a board.
fn to_move<'a>(fake: &FakeDiscord, board: u64, players: [&'a Member; 2]) -> &'a Member {
    let called = fake_discord::harness::called(fake.message(board)["content"].as_str().unwrap_or_default());
    players.into_iter().find(|p| p.id == called).expect("a player is called")
}

/// The move button of ply `ply` to press on a board: its first enabled hole.
fn move_button(fake: &FakeDiscord, board: u64, ply: usize) -> String {
    let prefix = format!("g:1:m:{ply}:");
    let buttons = fake.enabled_buttons(board);
    buttons.iter().find(|b| b.starts_with(&prefix)).cloned().unwrap_or_else(|| panic!("no {prefix} in {buttons:?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_answer_each_interaction_once_through_a_kill_and_refuse_forged_ones() {
    let Some(postgres) = common::backends::postgres() else { return };
    let database = tokio::task::spawn_blocking(move || postgres.fresh()).await.unwrap();
    let url = database.location();
    let store = database.store().clone();
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (listen, ops): (Vec<String>, Vec<String>) =
        (0..2).map(|_| (format!("127.0.0.1:{}", free_port()), format!("127.0.0.1:{}", free_port()))).unzip();
    let mut first = replica(&fake, dir.path(), &url, &listen[0], &ops[0]);
    let second = replica(&fake, dir.path(), &url, &listen[1], &ops[1]);
    for ops in &ops {
        until_ready_is(&format!("http://{ops}"), 200).await;
    }
    let balancer = Balancer::new(listen.iter().map(|l| format!("http://{l}/")).collect());
    let mut sent: Vec<u64> = Vec::new();
    let mut remember = |v: &Value| sent.push(v["id"].as_str().unwrap().parse().unwrap());

    // Discord checks the endpoint with a PING before it sends anything else.
    let ping = json!({"id": "1", "application_id": payloads::APP_ID.to_string(), "type": 1, "token": "ping",
                      "version": 1, "entitlements": [], "attachment_size_limit": 0});
    assert_eq!(Signed::new(&ping, now()).post(&balancer.replicas[0]).await, Some((200, r#"{"type":1}"#.into())));

    // A challenge and its acceptance, then moves by button, each request to the next replica in turn.
    let (ana, ben) = (Member::new(101, "ana"), Member::new(102, "ben"));
    let options = [Opt::User("opponent", ben.clone()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    let challenge = slash(&fake, &ana, &["play", "hoyito"], &options);
    remember(&challenge);
    let posted = send(&fake, &balancer, challenge).await;
    assert!(posted.content().contains("challenges"), "{}", posted.content());
    let accept = slash(&fake, &ben, &["accept"], &[]);
    remember(&accept);
    let mut board = send(&fake, &balancer, accept).await.created.expect("the board");
    let players = [&ana, &ben];
    for ply in 0..4 {
        let pressed = press(&fake, to_move(&fake, board, players), board, &move_button(&fake, board, ply));
        remember(&pressed);
        let from = fake.mark();
        let answer = send(&fake, &balancer, pressed).await;
        assert_eq!(answer.callback_type(), Some(7), "{}", answer.content());
        board = fake.post_in(from, CHANNEL).await.created.expect("the next board");
    }

    // Three moves each go to the first replica, which is killed as the move arrives (at once, while it works,
    // or as it answers); the balancer, getting no answer, sends the move on to the second. The first replica
    // is started again each time.
    let moves = |store: &std::sync::Arc<dyn tablero::store::Store>| store.game(GameId(1)).unwrap().unwrap().moves.len();
    for (ply, delay) in [(4, 0), (5, 15), (6, 40)] {
        if ply > 4 {
            first = replica(&fake, dir.path(), &url, &listen[0], &ops[0]);
            until_ready_is(&format!("http://{}", ops[0]), 200).await;
        }
        let pressed = press(&fake, to_move(&fake, board, players), board, &move_button(&fake, board, ply));
        remember(&pressed);
        fake.expect(&pressed);
        let signed = Signed::new(&pressed, now());
        let to_first = {
            let (signed, url) = (signed.clone(), balancer.replicas[0].clone());
            tokio::spawn(async move { signed.post(&url).await })
        };
        tokio::time::sleep(Duration::from_millis(delay)).await;
        first.0.kill().unwrap();
        first.0.wait().unwrap();
        let answered_first = to_first.await.unwrap();
        if answered_first.is_none() {
            assert_eq!(signed.post(&balancer.replicas[1]).await.map(|(s, _)| s), Some(202));
        }
        let deadline = std::time::Instant::now() + fake_discord::WAIT;
        while moves(&store) < ply + 1 {
            assert!(std::time::Instant::now() < deadline, "move {ply} was never played");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // However far the killed replica got, the board after the move reaches the channel: posted by it before
        // it died, or by the other, which finds the move made and the pressed board still the last one shown.
        let next = format!("g:1:m:{}:", ply + 1);
        let path = format!("/channels/{CHANNEL}/messages");
        loop {
            let posted = fake
                .log()
                .iter()
                .filter(|r| r.path == path)
                .filter_map(|r| r.created)
                .any(|id| fake.enabled_buttons(id).iter().any(|b| b.starts_with(&next)));
            if posted {
                break;
            }
            assert!(std::time::Instant::now() < deadline, "no board after move {ply} in the channel");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // The game goes on from the board as /board shows it.
        let shown = slash(&fake, &ben, &["board"], &[]);
        remember(&shown);
        board = send(&fake, &balancer, shown).await.created.expect("the board, shown");
    }
    // The balancer skips the dead replica.
    for ply in 7..9 {
        let pressed = press(&fake, to_move(&fake, board, players), board, &move_button(&fake, board, ply));
        remember(&pressed);
        let from = fake.mark();
        send(&fake, &balancer, pressed).await;
        board = fake.post_in(from, CHANNEL).await.created.expect("the next board");
    }
    assert_eq!(moves(&store), 9, "every move applied once");

    // Forged requests: a bad signature, a stale timestamp, a replayed body. None is answered or applied.
    let live = &balancer.replicas[1];
    let forged = press(&fake, to_move(&fake, board, players), board, &move_button(&fake, board, 9));
    fake.expect(&forged);
    let mut bad = Signed::new(&forged, now());
    bad.signature = bad.signature.chars().rev().collect();
    assert_eq!(bad.post(live).await.map(|(s, _)| s), Some(401));
    let stale = Signed::new(&forged, now() - 600);
    assert_eq!(stale.post(live).await.map(|(s, _)| s), Some(401));
    let mut tampered = Signed::new(&forged, now());
    // A body changed after signing (here only by a space, which a JSON reader would not mind).
    tampered.body.push(' ');
    assert_eq!(tampered.post(live).await.map(|(s, _)| s), Some(401));
    // A refusal is the request's own answer: nothing was started for it, so nothing can answer later.
    let forged_token = forged["token"].as_str().unwrap().to_string();
    assert!(!fake.answered(&forged_token), "a refused request was answered");
    assert_eq!(moves(&store), 9);
    // The same move signed properly is taken once; the same request again is refused.
    let genuine = Signed::new(&forged, now());
    let from = fake.mark();
    assert_eq!(genuine.post(live).await.map(|(s, _)| s), Some(202));
    fake.post_in(from, CHANNEL).await;
    assert_eq!(genuine.post(live).await.map(|(s, _)| s), Some(401), "a replayed body");
    remember(&forged);
    assert_eq!(moves(&store), 10);

    // Every interaction was answered, once: Discord took one answer each and refused any second.
    for id in &sent {
        assert!(fake.answered(&format!("token-{id}")), "interaction {id} was never answered");
    }
    assert!(fake.refused_answers() <= 3, "only a move a killed replica answered may be answered twice");
    drop((first, second));
    tokio::task::spawn_blocking(move || drop(database)).await.unwrap();
}

/// The endpoint behind the gate: 300 connections from one address sending a megabyte's body a byte at a time
/// hold neither the endpoint's connections (one address has a quarter of them) nor its memory (each body is cut
/// at its deadline, and one address holds a sixteenth of the bodies' bytes); Discord's PING, from another
/// address, is answered meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_bodies_from_one_address_do_not_keep_discord_out() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (listen, ops) = (format!("127.0.0.1:{}", free_port()), format!("127.0.0.1:{}", free_port()));
    let store = format!("sled:{}", dir.path().join("data").display());
    let _replica = replica(&fake, dir.path(), &store, &listen, &ops);
    until_ready_is(&format!("http://{ops}"), 200).await;
    let to: std::net::SocketAddr = listen.parse().unwrap();
    let mut slow = Vec::new();
    for _ in 0..300 {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(std::net::SocketAddr::from(([127, 0, 0, 2], 0))).unwrap();
        let mut stream = socket.connect(to).await.unwrap();
        let head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{";
        let _ = stream.write_all(head.as_bytes()).await;
        slow.push(stream);
    }
    let ping = json!({"id": "1", "application_id": payloads::APP_ID.to_string(), "type": 1, "token": "ping",
                      "version": 1, "entitlements": [], "attachment_size_limit": 0});
    let answered = Signed::new(&ping, now()).post(&format!("http://{listen}/")).await;
    assert_eq!(answered, Some((200, r#"{"type":1}"#.into())), "Discord's PING among the slow bodies");
    // Each slow connection is answered (408 at its deadline, or 503 past its address's share) and closed.
    let mut statuses = std::collections::BTreeMap::new();
    for mut stream in slow {
        let mut text = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut text)).await;
        assert!(matches!(read, Ok(Ok(_))), "a slow connection was left open");
        let text = String::from_utf8_lossy(&text);
        let status: u16 = text.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        *statuses.entry(status).or_insert(0) += 1;
    }
    assert!(statuses.keys().all(|s| matches!(s, 408 | 503)), "{statuses:?}");
    assert!(statuses.get(&503).copied().unwrap_or(0) >= 44, "one address holds 256 connections at most: {statuses:?}");
}
