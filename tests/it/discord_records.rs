//! Game records against the fake Discord: `/export` attaches both files of a game, `/import` fetches an
//! attached record from the fake's file server and stores it (or refuses a damaged one, privately, with the
//! move number, in the user's language), `/archive` pages the server's finished games with buttons, and
//! `/replay` attaches an animated GIF of the game.

use crate::fake_discord;
use tablero::store::record::GameId;

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
    assert!(running.store().game(GameId(3)).unwrap().is_none(), "a refused import stores nothing");

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
    assert!(running.store().game(GameId(13)).unwrap().is_none(), "twelve games: the redelivered import made none");
    running.stop().await;
}

/// A finished Epaminondas game of `plies` moves, as a record file: a piece stepping back and forth, then a
/// resignation.
fn long_game_record(plies: usize) -> String {
    let mut text = String::from(
        "[Format \"tablero-record\"]\n[Version \"1\"]\n[Game \"epaminondas\"]\n[Id \"1\"]\n[White \"ana\"]\n\
         [WhitePlayer \"1001 ana\"]\n[Black \"ben\"]\n[BlackPlayer \"1002 ben\"]\n[Started \"2026-09-21T14:13:20Z\"]\n[Ended \"2026-09-23T01:54:46Z\"]\n\
         [Result \"1-0\"]\n[Termination \"resignation\"]\n\n",
    );
    let cycle = ["a2-a3", "a11-a10", "a3-a2", "a10-a11"];
    for (n, m) in cycle.iter().cycle().take(plies).enumerate() {
        text.push_str(&format!("{}. {m}\n", n + 1));
    }
    text
}

/// The last edit of interaction `id`'s response that shows a progress message, once one shows `words`.
async fn progress_shown(fake: &FakeDiscord, from: usize, id: u64, words: &str) -> Recorded {
    let path = format!("/token-{id}/messages/@original");
    fake.wait_for(from, &format!("a progress message saying {words:?}"), |r| {
        r.method == "PATCH" && r.path.ends_with(&path) && r.content().contains(words)
    })
    .await
}

/// A long job says how far it has got while the member waits, with a Stop button that only they may press;
/// stopped, an analysis answers with what it analysed and a job still in line does not run; each progress
/// message goes away when its answer comes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_job_shows_its_progress_and_stops_when_asked() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let (running, _) = Running::start(&fake, dir.path()).await;
    let hall = Place { channel: 900, thread: false };
    let attached = fake.attach("file", "long.txt", long_game_record(1000).into_bytes());
    let from = fake.mark();
    let imported = fake.slash(&ana(), hall, &["import"], &[attached]).await;
    let imported = if imported.callback_type() == Some(5) {
        fake.wait_for(from, "the import's answer", |r| r.path.starts_with("/webhooks/")).await
    } else {
        imported
    };
    assert!(imported.content().contains("Imported as game #1"), "{}", imported.content());

    // Ana's analysis of the 1,000 moves takes far longer than Discord waits for an answer: the private word that
    // it started turns into its count.
    let from = fake.mark();
    let (first, asked) = fake.slash_id(&ana(), hall, &["analysis"], &[Opt::Int("game", 1)]).await;
    assert!(asked.is_ephemeral() && asked.content().contains("Analysing the game"), "{}", asked.content());
    let counting = progress_shown(&fake, from, first, "Working on it:").await;
    assert_eq!(counting.button_ids(), [format!("job:stop:{first}")]);
    let ana_progress = fake.original(&format!("token-{first}")).expect("the progress message");

    // Ben's analysis waits for hers (one server runs one heavy job at a time here).
    let from = fake.mark();
    let (second, waiting) = fake.slash_id(&ben(), hall, &["analysis"], &[Opt::Int("game", 1)]).await;
    assert!(waiting.is_ephemeral(), "{}", waiting.content());
    progress_shown(&fake, from, second, "Waiting for its turn").await;
    let ben_progress = fake.original(&format!("token-{second}")).expect("the progress message");

    // Nobody stops another member's job; Ben stops his own before it starts, Ana hers partway.
    let refused = fake.press(&ben(), hall, ana_progress, &format!("job:stop:{first}")).await;
    assert!(refused.is_ephemeral() && refused.content().contains("Only the member who asked"), "{refused:?}");
    let stopped = fake.press(&ben(), hall, ben_progress, &format!("job:stop:{second}")).await;
    assert!(stopped.content().contains("Stopped before it started"), "{}", stopped.content());
    let from = fake.mark();
    let stopping = fake.press(&ana(), hall, ana_progress, &format!("job:stop:{first}")).await;
    assert!(stopping.is_ephemeral() && stopping.content().contains("Stopping"), "{}", stopping.content());
    let answer = fake
        .wait_for(from, "the stopped analysis", |r| {
            r.path.contains(&format!("token-{first}")) && r.content().contains("stopped at your request")
        })
        .await;
    assert!(answer.content().contains("of 1000"), "{}", answer.content());
    assert!(answer.files.iter().any(|(n, _)| n.ends_with(".png")), "the chart of what was analysed");
    let refusal = fake
        .wait_for(from, "the answer to the job stopped in line", |r| {
            r.path.contains(&format!("token-{second}")) && r.content().contains("Stopped before it started")
        })
        .await;
    assert!(refusal.is_ephemeral());
    fake.wait_until("both progress messages removed", |fake| {
        fake.was_deleted(ana_progress) && fake.was_deleted(ben_progress)
    })
    .await;
    running.stop().await;
}
