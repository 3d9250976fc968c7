//! The sled store: durability across reopening, schema versions, revision checks, indexes.

use tablero::games::GameKind;
use tablero::store::record::{First, GameRecord, Player, Status};
use tablero::store::{SledStore, Store, StoreError, WriteError};

fn record(channel: u64) -> GameRecord {
    GameRecord {
        id: 0,
        kind: GameKind::Hoyito,
        options: GameKind::Hoyito.normalise_options(&Default::default()).unwrap(),
        guild: 1,
        channel,
        challenger: Player { id: 1, name: "ana".into() },
        opponent: Some(Player { id: 2, name: "ben".into() }),
        first: First::Random,
        seats: vec![],
        teams: vec![],
        challenger_side: None,
        rosters: vec![],
        moves: vec![],
        status: Status::Challenge,
        draw_offer: None,
        created_at: 10,
        updated_at: 10,
        expires_at: 100,
        revision: 0,
        wants_thread: false,
        clock: None,
        due: None,
        rated: false,
        rating_sequence: None,
        rating_changes: vec![],
        tournament: None,
    }
}

#[test]
fn records_and_indexes_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(store.create_game(record(10)).unwrap().id, 1);
        assert_eq!(store.create_game(record(11)).unwrap().id, 2);
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.game(1).unwrap().unwrap().channel, 10);
    assert_eq!(store.channel_game(11).unwrap(), Some(2));
    assert_eq!(store.user_games(2).unwrap(), vec![1, 2]);
    assert_eq!(store.user_games(3).unwrap(), Vec::<u64>::new());
    assert_eq!(store.last_channel_game(10).unwrap(), Some(1));
    assert_eq!(store.last_channel_game(99).unwrap(), None);
    assert_eq!(store.create_game(record(12)).unwrap().id, 3, "ids continue after a restart");
}

#[test]
fn a_busy_channel_refuses_a_second_game() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    store.create_game(record(10)).unwrap();
    assert!(matches!(store.create_game(record(10)), Err(WriteError::ChannelBusy(1))));
    assert!(store.game(2).unwrap().is_none(), "nothing of the refused game was written");
}

#[test]
fn updates_check_the_revision_and_free_the_channel_when_the_game_ends() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let mut r = store.create_game(record(10)).unwrap();
    r.status = Status::Cancelled;
    r.revision = 1;
    assert!(matches!(store.update_game(&r, 5), Err(WriteError::Conflict)));
    assert_eq!(store.channel_game(10).unwrap(), Some(1));
    store.update_game(&r, 0).unwrap();
    assert_eq!(store.channel_game(10).unwrap(), None);
    assert_eq!(store.last_channel_game(10).unwrap(), Some(1), "the ended game is still the channel's latest");
    assert!(matches!(store.update_game(&r, 0), Err(WriteError::Conflict)), "a second write on the same base fails");
    let mut missing = r.clone();
    missing.id = 99;
    assert!(matches!(store.update_game(&missing, 1), Err(WriteError::Missing)));
}

#[test]
fn a_store_of_another_schema_version_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    {
        let db = sled::open(dir.path()).unwrap();
        db.open_tree("meta").unwrap().insert("schema_version", "99").unwrap();
        db.flush().unwrap();
    }
    let err = SledStore::open(dir.path()).err().expect("refused");
    assert!(matches!(err, StoreError::Schema { .. }));
    let text = err.to_string();
    assert!(text.contains("schema version 99") && text.contains("only understands version 2"), "{text}");
}

#[test]
fn a_store_without_a_version_but_with_data_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    {
        let db = sled::open(dir.path()).unwrap();
        db.open_tree("games").unwrap().insert("x", "y").unwrap();
        db.flush().unwrap();
    }
    let err = SledStore::open(dir.path()).err().expect("refused");
    assert!(err.to_string().contains("no schema version"), "{err}");
}

#[test]
fn a_store_reopened_right_after_it_was_dropped_opens() {
    // sled's flusher holds the file lock a moment after the last handle goes; opening waits for it.
    let dir = tempfile::tempdir().unwrap();
    for _ in 0..20 {
        let store = SledStore::open(dir.path()).unwrap();
        store.create_game(record(10)).ok();
        drop(store);
    }
}
