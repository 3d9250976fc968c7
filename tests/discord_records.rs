//! Game records against the fake Discord: `/export` attaches both files of a game, `/import` fetches an
//! attached record from the fake's file server and stores it (or refuses a damaged one, privately, with the
//! move number, in the user's language), `/archive` pages the server's finished games with buttons, and
//! `/replay` attaches an animated GIF of the game.

mod fake_discord;

use fake_discord::harness::{Place, Running};
use fake_discord::payloads::{self, Member, Opt};
use fake_discord::{FakeDiscord, Recorded};
use serde_json::Value;

fn ana() -> Member {
    Member::new(101, "ana")
}
fn ben() -> Member {
    Member::new(102, "ben")
}

/// The message that carries a command's files: the response itself, or (when the work took long enough for the
/// bot to defer) the follow-up.
async fn with_files(fake: &FakeDiscord, from: usize, response: Recorded) -> Recorded {
    if response.callback_type() != Some(5) {
        return response;
    }
    fake.wait_for(from, "the deferred answer", |r| r.path.starts_with("/webhooks/") && !r.files.is_empty()).await
}

fn file<'a>(message: &'a Recorded, ending: &str) -> &'a [u8] {
    message
        .files
        .iter()
        .find(|(n, _)| n.ends_with(ending))
        .map(|(_, b)| b.as_slice())
        .unwrap_or_else(|| panic!("no {ending} file in {:?}", message.files.iter().map(|f| &f.0).collect::<Vec<_>>()))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_are_exported_imported_archived_and_replayed() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    let hall = Place { channel: 900, thread: false };
    let options = [Opt::User("opponent", ben()), Opt::Int("first", 1), Opt::Bool("thread", false)];
    fake.slash(&ana(), hall, &["play", "ocencahuac"], &options).await;
    fake.slash(&ben(), hall, &["accept"], &[]).await;
    for (who, notation) in [(ana(), "a2-a3"), (ben(), "c7-c6"), (ana(), "b2-b3")] {
        let played = fake.slash(&who, hall, &["move"], &[Opt::Str("notation", notation.into())]).await;
        assert!(!played.is_ephemeral(), "{notation}: {}", played.content());
    }

    // A game still on exports too; then it ends and exports with its result.
    let from = fake.mark();
    let running_export = fake.slash(&ben(), hall, &["export"], &[]).await;
    let running_export = with_files(&fake, from, running_export).await;
    let on: Value = serde_json::from_slice(file(&running_export, ".json")).unwrap();
    assert_eq!(on["result"], "*");
    fake.slash(&ben(), hall, &["resign"], &[]).await;
    let from = fake.mark();
    let exported = fake.slash(&ben(), hall, &["export"], &[Opt::Int("game", 1)]).await;
    let exported = with_files(&fake, from, exported).await;
    assert!(exported.content().contains("Ocencahuac #1 (3 moves)"), "{}", exported.content());
    let json = file(&exported, "ocencahuac-1.json").to_vec();
    let text = String::from_utf8(file(&exported, "ocencahuac-1.txt").to_vec()).unwrap();
    let record: Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(record["format"], "tablero-record");
    assert_eq!(record["result"], "1-0");
    assert_eq!(record["termination"], "resignation");
    assert_eq!(record["moves"].as_array().unwrap().len(), 3);
    assert!(text.contains("[Result \"1-0\"]") && text.contains("3. b2-b3 {"), "{text}");
    // Another server's id is not found.
    let elsewhere = fake.slash_in(77, &ana(), hall, &["export"], &[Opt::Int("game", 1)]).await;
    assert!(elsewhere.is_ephemeral() && elsewhere.content().contains("There is no game #1"), "{}", elsewhere.content());

    // Import: the text form, fetched from the attachment's URL, becomes game #2; its export is the same record.
    let attached = fake.attach("file", "ocencahuac-1.txt", text.clone().into_bytes());
    let imported = fake.slash(&ana(), hall, &["import"], &[attached]).await;
    assert!(imported.content().contains("Imported as game #2"), "{}", imported.content());
    let from = fake.mark();
    let again = fake.slash(&ana(), hall, &["export"], &[Opt::Int("game", 2)]).await;
    let again = with_files(&fake, from, again).await;
    // The files are named by the game's number here (#2); the record inside keeps the id it was played under.
    assert_eq!(file(&again, "ocencahuac-2.json"), json.as_slice(), "export → import → export is the same record");

    // A damaged record is refused privately, with the move's number, in the user's language; nothing is stored.
    let damaged = String::from_utf8(json.clone()).unwrap().replace("\"b2-b3\"", "\"b2-b5\"");
    let attached = fake.attach("file", "bad.json", damaged.clone().into_bytes());
    let refused = fake.slash(&ana(), hall, &["import"], &[attached]).await;
    assert!(refused.is_ephemeral(), "{refused:?}");
    assert!(refused.content().contains("Move 3 (b2-b5) is not legal"), "{}", refused.content());
    let attached = fake.attach("file", "bad.json", damaged.into_bytes());
    let spanish = fake.slash(&ben().speaking("es-419"), hall, &["import"], &[attached]).await;
    assert!(spanish.content().contains("La jugada 3 (b2-b5) no es legal"), "{}", spanish.content());
    let attached = fake.attach("file", "big.json", vec![b' '; 1_000_001]);
    let big = fake.slash(&ana(), hall, &["import"], &[attached]).await;
    assert!(big.is_ephemeral() && big.content().contains("too big"), "{}", big.content());
    assert!(running.store().game(3).unwrap().is_none(), "a refused import stores nothing");

    // An import Discord delivers twice is carried out once.
    let attached = fake.attach("file", "twice.json", json.clone());
    let id = fake.next_id();
    let interaction = payloads::slash(2, id, hall.channel, false, &ana(), &["import"], &[attached]);
    let from = fake.mark();
    fake.interact(interaction.clone());
    let first = fake.callback(from, id).await;
    assert!(first.content().contains("Imported as game #3"), "{}", first.content());
    fake.interact(interaction);
    let attached = fake.attach("file", "after.json", json.clone());
    let after = fake.slash(&ana(), hall, &["import"], &[attached]).await;
    assert!(after.content().contains("Imported as game #4"), "the redelivery made no game: {}", after.content());

    // Eight more imports: twelve finished games, two pages of archive.
    for k in 0..8 {
        let attached = fake.attach("file", &format!("r{k}.json"), json.clone());
        let done = fake.slash(&ana(), hall, &["import"], &[attached]).await;
        assert!(done.content().contains(&format!("game #{}", k + 5)), "{}", done.content());
    }
    let page = fake.slash(&ben(), hall, &["archive"], &[]).await;
    assert!(page.content().contains("page 1 of 2"), "{}", page.content());
    assert!(page.content().contains("`#12`") && !page.content().contains("`#1` "), "{}", page.content());
    assert_eq!(page.button_ids(), ["ar:0:0:-", "ar:1:0:-"]);
    let older = fake.press(&ben(), hall, page.created.unwrap(), "ar:1:0:-").await;
    assert_eq!(older.callback_type(), Some(7), "the page turns in place");
    let shown = older.json.as_ref().unwrap()["data"]["content"].as_str().unwrap().to_string();
    assert!(shown.contains("page 2 of 2") && shown.contains("`#1` ") && shown.contains("`#2` "), "{shown}");
    let hoyito = fake.slash(&ben(), hall, &["archive"], &[Opt::Int("game", 1)]).await;
    assert!(hoyito.content().contains("No finished game yet"), "{}", hoyito.content());

    // The replay: a GIF with a frame for the start and one for each move.
    let from = fake.mark();
    let replay = fake.slash(&ana(), hall, &["replay"], &[Opt::Int("game", 1), Opt::Int("speed", 2)]).await;
    let replay = with_files(&fake, from, replay).await;
    let gif = file(&replay, "game-1.gif");
    assert!(gif.starts_with(b"GIF89a"), "a GIF");
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 4);
    assert!(running.store().game(13).unwrap().is_none(), "twelve games: the redelivered import made none");
    running.stop().await;
}
