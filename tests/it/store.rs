//! The store's conformance suite (each test of the `Store` trait runs on sled and on PostgreSQL): durability
//! across reopening, revision checks, units whole or not at all, indexes; then sled's schema versions.

use crate::common;
use crate::on_both_backends;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::TournamentId;
use tablero::store::record::UserId;

use common::backends::Backend;

use tablero::games::GameKind;
use tablero::store::record::{GameRecord, Player, Status};
use tablero::store::tournament::{Format, TournamentStatus};
use tablero::store::{
    GameWrite, GuildSettings, SettingsWrite, SledStore, Standings, StandingsWrite, Store, StoreError, Tournament,
    TournamentMark, TournamentWrite, Unit, WriteError,
};

fn record(channel: u64) -> GameRecord {
    GameRecord {
        opponent: Some(Player { id: UserId(2), name: "ben".into() }),
        expires_at: 100,
        ..GameRecord::new(
            GameKind::Hoyito,
            GameKind::Hoyito.normalise_options(&Default::default()).unwrap(),
            GuildId(1),
            ChannelId(channel),
            Player { id: UserId(1), name: "ana".into() },
            10,
        )
    }
}

fn records_and_indexes_survive_reopening(backend: &Backend) {
    let mut fresh = backend.fresh();
    assert_eq!(fresh.store().create_game(record(10)).unwrap().id, 1);
    assert_eq!(fresh.store().create_game(record(11)).unwrap().id, 2);
    let store = fresh.reopen();
    assert_eq!(store.game(GameId(1)).unwrap().unwrap().channel, 10);
    assert_eq!(store.channel_game(ChannelId(11)).unwrap(), Some(GameId(2)));
    assert_eq!(store.user_games(UserId(2)).unwrap(), vec![1, 2]);
    assert_eq!(store.user_games(UserId(3)).unwrap(), Vec::<u64>::new());
    assert_eq!(store.last_channel_game(ChannelId(10)).unwrap(), Some(GameId(1)));
    assert_eq!(store.last_channel_game(ChannelId(99)).unwrap(), None);
    assert_eq!(store.create_game(record(12)).unwrap().id, 3, "ids continue after a restart");
}

fn a_busy_channel_refuses_a_second_game(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store();
    store.create_game(record(10)).unwrap();
    assert!(matches!(store.create_game(record(10)), Err(WriteError::ChannelBusy(GameId(1)))));
    assert!(store.game(GameId(2)).unwrap().is_none(), "nothing of the refused game was written");
}

fn updates_check_the_revision_and_free_the_channel_when_the_game_ends(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store();
    let mut r = store.create_game(record(10)).unwrap();
    r.status = Status::Cancelled;
    r.revision = 1;
    assert!(matches!(store.update_game(&r, 5), Err(WriteError::Conflict)));
    assert_eq!(store.channel_game(ChannelId(10)).unwrap(), Some(GameId(1)));
    assert_eq!(store.user_live_games(UserId(2)).unwrap(), vec![1], "a challenge is live");
    let guild = r.guild;
    assert_eq!(store.live_games(guild).unwrap(), vec![1], "and among its server's live games");
    assert_eq!(store.live_games(GuildId(guild.get() + 1)).unwrap(), Vec::<u64>::new(), "of its server only");
    assert_eq!(store.live_game_count(), Some(1), "the operator's count of live games");
    store.update_game(&r, 0).unwrap();
    assert_eq!(store.live_games(guild).unwrap(), Vec::<u64>::new(), "over: no longer among the server's live games");
    assert_eq!(store.live_game_count(), Some(0));
    assert_eq!(store.channel_game(ChannelId(10)).unwrap(), None);
    assert_eq!(store.user_live_games(UserId(2)).unwrap(), Vec::<u64>::new(), "over: no longer among the live games");
    assert_eq!(store.user_games(UserId(2)).unwrap(), vec![1], "but still among the user's games");
    assert_eq!(
        store.last_channel_game(ChannelId(10)).unwrap(),
        Some(GameId(1)),
        "the ended game is still the channel's latest"
    );
    assert!(matches!(store.update_game(&r, 0), Err(WriteError::Conflict)), "a second write on the same base fails");
    let mut missing = r.clone();
    missing.id = GameId(99);
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
    assert!(text.contains("schema version 99") && text.contains("only understands version 3"), "{text}");
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

fn tournament(guild: u64, status: TournamentStatus, signup_until: Option<u64>) -> Tournament {
    Tournament {
        id: TournamentId(0),
        revision: 0,
        guild: GuildId(guild),
        channel: ChannelId(10),
        kind: GameKind::Hoyito,
        options: Default::default(),
        format: Format::Swiss { rounds: 3 },
        organiser: UserId(1),
        max_players: None,
        signup_until,
        status,
        entrants: vec![],
        rounds: vec![],
        log: vec![],
        created_at: 10,
    }
}

fn game_write(record: GameRecord, base: Option<u64>) -> GameWrite {
    GameWrite { record, base }
}

fn a_unit_is_written_whole_or_not_at_all(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store();
    let first = store.create_game(record(10)).unwrap();
    // A new game and a tournament, with a stale write of game 1: none of it is written.
    let mut stale = first.clone();
    stale.revision = 8;
    let unit = Unit {
        games: vec![game_write(record(11), None), game_write(stale, Some(7))],
        tournaments: vec![TournamentWrite { tournament: tournament(1, TournamentStatus::SignUp, None), base: None }],
        ..Unit::default()
    };
    assert!(matches!(store.commit(&unit), Err(WriteError::Conflict)));
    assert_eq!(store.channel_game(ChannelId(11)).unwrap(), None);
    assert!(store.tournaments(GuildId(1)).unwrap().is_empty());
    // Ids taken inside a refused unit are not used up.
    assert_eq!(store.create_game(record(11)).unwrap().id, 2);
    // A reserved id is used by a new game of a later unit; a taken one is refused.
    let reserved = store.reserve_game_ids(2).unwrap();
    assert_eq!(reserved, 3);
    let done = store
        .commit(&Unit { games: vec![game_write(GameRecord { id: GameId(4), ..record(12) }, None)], ..Unit::default() });
    assert_eq!(done.unwrap().games, vec![4]);
    let taken = store
        .commit(&Unit { games: vec![game_write(GameRecord { id: GameId(4), ..record(13) }, None)], ..Unit::default() });
    assert!(matches!(taken, Err(WriteError::IdTaken)));
}

fn tournaments_are_written_over_their_revision_and_indexed_by_server(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store();
    let create = |t: Tournament| {
        store.commit(&Unit { tournaments: vec![TournamentWrite { tournament: t, base: None }], ..Unit::default() })
    };
    assert_eq!(create(tournament(1, TournamentStatus::SignUp, Some(500))).unwrap().tournaments, vec![1]);
    assert_eq!(create(tournament(2, TournamentStatus::SignUp, None)).unwrap().tournaments, vec![2]);
    assert_eq!(store.tournaments(GuildId(1)).unwrap().len(), 1, "a server sees its own");
    // The sign-up deadline is a mark for the scheduler, kept in step with the record.
    assert_eq!(store.tournament_marks(499).unwrap(), vec![]);
    assert_eq!(
        store.tournament_marks(500).unwrap(),
        vec![TournamentMark { at: 500, tournament: TournamentId(1), game: GameId(0) }]
    );
    assert_eq!(store.next_due().unwrap(), Some(500));
    let mut t = store.tournament(TournamentId(1)).unwrap().unwrap();
    t.status = TournamentStatus::Running;
    t.revision = 1;
    let write = |t: &Tournament, base| Unit {
        tournaments: vec![TournamentWrite { tournament: t.clone(), base: Some(base) }],
        ..Unit::default()
    };
    store.commit(&write(&t, 0)).unwrap();
    assert_eq!(
        store.tournament_marks(u64::MAX).unwrap(),
        vec![TournamentMark { at: 0, tournament: TournamentId(1), game: GameId(0) }],
        "started without a round: the deadline mark goes, one to pair its first round at once comes"
    );
    assert!(
        matches!(store.commit(&write(&t, 0)), Err(WriteError::TournamentConflict)),
        "a second write on the same base"
    );
    t.rounds.push(Default::default());
    t.revision = 2;
    store.commit(&write(&t, 1)).unwrap();
    assert_eq!(store.tournament_marks(u64::MAX).unwrap(), vec![], "its first round paired: the mark goes");
}

fn server_settings_are_written_over_their_revision(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store();
    let write = |settings: &GuildSettings, base| Unit {
        settings: vec![SettingsWrite { guild: GuildId(7), settings: settings.clone(), base }],
        ..Unit::default()
    };
    let mut first = store.guild_settings(GuildId(7)).unwrap();
    assert_eq!(first.revision, 0, "never written: the defaults, at revision 0");
    let mut second = first.clone();
    first.vacation_days = 3;
    first.revision = 1;
    store.commit(&write(&first, Some(0))).unwrap();
    // A change read before the first was written is refused whole, not written over it.
    second.rated = false;
    second.revision = 1;
    assert!(matches!(store.commit(&write(&second, Some(0))), Err(WriteError::SettingsConflict)));
    let stored = store.guild_settings(GuildId(7)).unwrap();
    assert_eq!((stored.vacation_days, stored.rated, stored.revision), (3, true, 1));
    // Read again, it goes through.
    let mut again = stored.clone();
    again.rated = false;
    again.revision = 2;
    store.commit(&write(&again, Some(1))).unwrap();
    assert_eq!(store.guild_settings(GuildId(7)).unwrap(), again);
}

fn the_rating_sequence_is_checked_and_a_request_is_done_once(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store();
    let standings = |guild, sequence| Standings {
        sequences: vec![(guild, sequence)],
        ratings: vec![(guild, GameKind::Hoyito, UserId(5), tablero::store::Rating::new("eve"))],
        teams: vec![],
    };
    let rate = |guild, base, sequence| Unit {
        standings: Some(StandingsWrite {
            bases: vec![(guild, base)],
            standings: standings(guild, sequence),
            replace: false,
        }),
        ..Unit::default()
    };
    store.commit(&rate(GuildId(1), 0, 1)).unwrap();
    assert_eq!(store.last_rating_sequence(GuildId(1)).unwrap(), 1);
    assert!(
        matches!(store.commit(&rate(GuildId(1), 0, 1)), Err(WriteError::RatingsMoved)),
        "computed from old ratings"
    );
    // Each server counts its own results: one counted in server 1 never refuses server 2's.
    store.commit(&rate(GuildId(2), 0, 1)).unwrap();
    assert_eq!(
        (store.last_rating_sequence(GuildId(1)).unwrap(), store.last_rating_sequence(GuildId(2)).unwrap()),
        (1, 1)
    );
    // A backup keeps the highest sequence, so a restored store's servers go on above every stored one.
    let counters = store.snapshot().unwrap().into_iter().find_map(|e| match e {
        tablero::store::backup::Entry::Counters(c) => Some(c),
        _ => None,
    });
    assert_eq!(counters.unwrap().last_rating_sequence, 1);
    // A request's key is stored with its change: the same request again writes nothing.
    let keyed = |channel| Unit {
        games: vec![game_write(record(channel), None)],
        request: Some(("i9".into(), 100)),
        ..Unit::default()
    };
    store.commit(&keyed(20)).unwrap();
    assert!(store.request_done("i9").unwrap());
    assert!(matches!(store.commit(&keyed(21)), Err(WriteError::AlreadyDone)));
    assert_eq!(store.channel_game(ChannelId(21)).unwrap(), None);
    // Keys are forgotten after Discord's redelivery window.
    assert_eq!(store.prune_requests(100).unwrap(), 0);
    assert_eq!(store.prune_requests(101).unwrap(), 1);
    assert!(!store.request_done("i9").unwrap());
}

#[test]
fn a_version_1_store_is_migrated() {
    let dir = tempfile::tempdir().unwrap();
    {
        // A store as version 1 wrote it: tournaments without revisions, no server index, no marks, and the
        // counter holding the last tournament id given.
        let db = sled::open(dir.path()).unwrap();
        let meta = db.open_tree("meta").unwrap();
        meta.insert("schema_version", "1").unwrap();
        meta.insert("next_tournament_id", &2u64.to_be_bytes()).unwrap();
        let tournaments = db.open_tree("tournaments").unwrap();
        for (id, status, until) in [(1u64, TournamentStatus::Running, None), (2, TournamentStatus::SignUp, Some(900))] {
            let mut json =
                serde_json::to_value(Tournament { id: TournamentId(id), ..tournament(7, status, until) }).unwrap();
            json.as_object_mut().unwrap().remove("revision");
            tournaments.insert(id.to_be_bytes(), serde_json::to_vec(&json).unwrap()).unwrap();
        }
        db.flush().unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.tournaments(GuildId(7)).unwrap().iter().map(|t| t.id).collect::<Vec<_>>(), vec![1, 2]);
    assert_eq!(
        store.tournament_marks(u64::MAX).unwrap(),
        vec![
            TournamentMark { at: 0, tournament: TournamentId(1), game: GameId(0) },
            TournamentMark { at: 900, tournament: TournamentId(2), game: GameId(0) }
        ],
        "the running one is looked at now, the other at its deadline"
    );
    let created = store.commit(&Unit {
        tournaments: vec![TournamentWrite { tournament: tournament(7, TournamentStatus::SignUp, None), base: None }],
        ..Unit::default()
    });
    assert_eq!(created.unwrap().tournaments, vec![3], "ids go on after the last one given");
}

/// The archive's list: a server's finished games only, the latest ended first (ties by id), other servers apart.
fn finished_games_are_listed_by_server_latest_first(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store();
    let finished = |channel: u64, guild: u64, ended: u64, kind: GameKind| {
        let mut r = record(channel);
        r.guild = GuildId(guild);
        r.kind = kind;
        r.options = kind.normalise_options(&Default::default()).unwrap();
        r.status = Status::Finished { winner: None, reason: tablero::store::record::FinishReason::DrawAgreed };
        r.updated_at = ended;
        store.create_game(r).unwrap().id
    };
    let a = finished(10, 1, 500, GameKind::Hoyito);
    let b = finished(11, 1, 900, GameKind::Epaminondas);
    let c = finished(12, 2, 950, GameKind::Hoyito);
    let d = finished(13, 1, 500, GameKind::Ocencahuac);
    store.create_game(record(14)).unwrap();
    assert_eq!(
        store.finished_games(GuildId(1)).unwrap(),
        vec![(b, GameKind::Epaminondas, 900), (d, GameKind::Ocencahuac, 500), (a, GameKind::Hoyito, 500)]
    );
    assert_eq!(store.finished_games(GuildId(2)).unwrap(), vec![(c, GameKind::Hoyito, 950)]);
    assert!(store.finished_games(GuildId(3)).unwrap().is_empty());
    // A finished game written again later (an organiser's result) moves to its new end; a live one is not listed.
    let mut again = store.game(a).unwrap().unwrap();
    again.updated_at = 1000;
    let base = again.revision;
    store.commit(&Unit { games: vec![GameWrite { record: again, base: Some(base) }], ..Unit::default() }).unwrap();
    assert_eq!(
        store.finished_games(GuildId(1)).unwrap(),
        vec![(a, GameKind::Hoyito, 1000), (b, GameKind::Epaminondas, 900), (d, GameKind::Ocencahuac, 500)]
    );
    assert!(store.check_indexes(false).unwrap().is_empty(), "{:?}", store.check_indexes(false));
}

/// A store of schema version 2 (no archive index) is migrated when opened: the index is built from the games.
fn a_version_2_store_gets_its_archive_index(backend: &Backend) {
    let mut fresh = backend.fresh();
    for (channel, ended) in [(10, 300), (11, 200)] {
        let mut r = record(channel);
        r.status = Status::Finished { winner: None, reason: tablero::store::record::FinishReason::DrawAgreed };
        r.updated_at = ended;
        fresh.store().create_game(r).unwrap();
    }
    fresh.store().create_game(record(12)).unwrap();
    fresh.as_version_2();
    let store = fresh.reopen();
    assert_eq!(
        store.finished_games(GuildId(1)).unwrap(),
        vec![(GameId(1), GameKind::Hoyito, 300), (GameId(2), GameKind::Hoyito, 200)]
    );
    assert!(store.check_indexes(false).unwrap().is_empty());
    // Stamped version 3: opened again, nothing is built twice.
    let store = fresh.reopen();
    assert_eq!(store.finished_games(GuildId(1)).unwrap().len(), 2);
}

/// A store written before the index of each server's live games gets it filled when opened, once.
fn an_older_store_gets_the_index_of_its_servers_live_games(backend: &Backend) {
    let mut fresh = backend.fresh();
    let mut ended = record(10);
    ended.status = Status::Cancelled;
    fresh.store().create_game(ended).unwrap();
    fresh.store().create_game(record(11)).unwrap();
    fresh.without_server_live_index();
    let store = fresh.reopen();
    assert_eq!(store.live_games(GuildId(1)).unwrap(), vec![2], "the live game, not the cancelled one");
    assert!(store.check_indexes(false).unwrap().is_empty(), "{:?}", store.check_indexes(false));
    let store = fresh.reopen();
    assert_eq!(store.live_games(GuildId(1)).unwrap(), vec![2]);
}

fn sign_ins_are_spent_once_and_sessions_end_when_closed_expired_or_signed_out_everywhere(backend: &Backend) {
    use tablero::store::{Session, SessionWrite, SignIn};
    let mut fresh = backend.fresh();
    let store = fresh.store().clone();
    let commit = |sessions: Vec<SessionWrite>| store.commit(&Unit { sessions, ..Unit::default() });
    let (state, other_state) = ([1u8; 32], [2u8; 32]);
    let sign_in = SignIn { verifier: "v".repeat(86), next: "/s/x/game/1".into(), expires: 1_000 };
    commit(vec![SessionWrite::Begin { key: state, sign_in: sign_in.clone() }]).unwrap();
    assert_eq!(store.sign_in(&state, 999).unwrap(), Some(sign_in.clone()));
    assert_eq!(store.sign_in(&state, 1_000).unwrap(), None, "expired");
    assert_eq!(store.sign_in(&other_state, 10).unwrap(), None);
    let session = |user: u64, csrf: &str| Session {
        user: UserId(user),
        name: "ana".into(),
        locale: "es-419".into(),
        csrf: csrf.into(),
        created: 10,
        expires: 5_000,
        generation: 0,
        guild: None,
    };
    let (cookie, second, third) = ([3u8; 32], [4u8; 32], [5u8; 32]);
    // Spending the sign-in opens the session, in one unit; a second time, nothing opens.
    commit(vec![SessionWrite::Finish { key: state }, SessionWrite::Open { key: cookie, session: session(1, "a") }])
        .unwrap();
    assert_eq!(store.session(&cookie, 20).unwrap(), Some(session(1, "a")));
    let again =
        commit(vec![SessionWrite::Finish { key: state }, SessionWrite::Open { key: second, session: session(1, "b") }]);
    assert!(matches!(again, Err(WriteError::SignInSpent)), "{again:?}");
    assert_eq!(store.session(&second, 20).unwrap(), None, "nothing of the refused unit was written");
    assert_eq!(store.session(&cookie, 5_000).unwrap(), None, "expired");
    // Sessions are kept across a restart (every process of a deployment knows them).
    commit(vec![SessionWrite::Begin { key: other_state, sign_in }]).unwrap();
    commit(vec![
        SessionWrite::Finish { key: other_state },
        SessionWrite::Open { key: second, session: session(1, "b") },
    ])
    .unwrap();
    commit(vec![SessionWrite::Open { key: third, session: session(2, "c") }]).unwrap();
    drop(store);
    let store = fresh.reopen();
    assert_eq!(store.session(&second, 20).unwrap().map(|s| s.csrf), Some("b".to_string()));
    // One closed; then the member signs out everywhere: every session of theirs ends, another member's stays.
    store.commit(&Unit { sessions: vec![SessionWrite::Close { key: cookie }], ..Unit::default() }).unwrap();
    assert_eq!(store.session(&cookie, 20).unwrap(), None);
    assert!(store.session(&second, 20).unwrap().is_some());
    store.commit(&Unit { sessions: vec![SessionWrite::CloseAll { user: UserId(1) }], ..Unit::default() }).unwrap();
    assert_eq!(store.session(&second, 20).unwrap(), None);
    assert!(store.session(&third, 20).unwrap().is_some());
    // Past their expiry, sign-ins and sessions are listed for a sweep, and forgotten; the live ones stay.
    let late = SignIn { verifier: "w".repeat(86), next: "/".into(), expires: 30 };
    store
        .commit(&Unit { sessions: vec![SessionWrite::Begin { key: [9u8; 32], sign_in: late }], ..Unit::default() })
        .unwrap();
    let mut expired = store.expired_sessions(6_000, 100).unwrap();
    expired.sort();
    assert_eq!(expired, vec![[4u8; 32], [5u8; 32], [9u8; 32]], "every one left is past 5,000");
    assert_eq!(store.expired_sessions(25, 100).unwrap(), Vec::<[u8; 32]>::new());
    assert_eq!(store.expired_sessions(6_000, 1).unwrap().len(), 2, "at most one of each kind");
    let forget = vec![SessionWrite::Forget { key: [9u8; 32] }, SessionWrite::Forget { key: [5u8; 32] }];
    store.commit(&Unit { sessions: forget, ..Unit::default() }).unwrap();
    let mut left = store.expired_sessions(6_000, 100).unwrap();
    left.sort();
    assert_eq!(left, vec![[4u8; 32]]);
    // A session opened after signing out everywhere is good.
    store
        .commit(&Unit {
            sessions: vec![SessionWrite::Open { key: cookie, session: session(1, "d") }],
            ..Unit::default()
        })
        .unwrap();
    assert_eq!(store.session(&cookie, 20).unwrap().map(|s| (s.csrf, s.generation)), Some(("d".to_string(), 1)));
}

/// A game's board post keeps the newest message whichever is recorded last (two answers of one game may be
/// recorded in either order), and says which board's buttons are out of date.
fn the_newest_board_post_is_kept_in_whatever_order_they_are_recorded(backend: &Backend) {
    let fresh = backend.fresh();
    let store = fresh.store();
    let game = GameId(7);
    assert_eq!(store.set_board_post(game, ChannelId(1), 100).unwrap(), None, "the first: nothing out of date");
    assert_eq!(store.set_board_post(game, ChannelId(1), 100).unwrap(), None, "the same again");
    // The newer board (300) is recorded before the one between (200): 200 comes too late and is the stale one.
    assert_eq!(store.set_board_post(game, ChannelId(1), 300).unwrap(), Some((ChannelId(1), 100)));
    assert_eq!(store.set_board_post(game, ChannelId(1), 200).unwrap(), Some((ChannelId(1), 200)));
    assert_eq!(store.board_post(game).unwrap(), Some((ChannelId(1), 300)));
    // A newer one in the game's new thread replaces it.
    assert_eq!(store.set_board_post(game, ChannelId(2), 400).unwrap(), Some((ChannelId(1), 300)));
    assert_eq!(store.board_post(game).unwrap(), Some((ChannelId(2), 400)));
}

on_both_backends!(
    the_newest_board_post_is_kept_in_whatever_order_they_are_recorded,
    sign_ins_are_spent_once_and_sessions_end_when_closed_expired_or_signed_out_everywhere,
    an_older_store_gets_the_index_of_its_servers_live_games,
    a_version_2_store_gets_its_archive_index,
    finished_games_are_listed_by_server_latest_first,
    records_and_indexes_survive_reopening,
    a_busy_channel_refuses_a_second_game,
    updates_check_the_revision_and_free_the_channel_when_the_game_ends,
    a_unit_is_written_whole_or_not_at_all,
    tournaments_are_written_over_their_revision_and_indexed_by_server,
    the_rating_sequence_is_checked_and_a_request_is_done_once,
    server_settings_are_written_over_their_revision,
);

/// Processes started at the same moment on an empty PostgreSQL database all open it: the tables, the schema
/// version's check and its stamp are made once, under one lock, and nobody finds "data but no version". Threads
/// with stores of their own (as processes have) and `tablero admin check` processes, several rounds each.
#[test]
fn stores_opened_together_on_an_empty_database_all_open() {
    let Some(backend) = common::backends::postgres() else { return };
    for _ in 0..4 {
        let (url, _database) = backend.empty_postgres().unwrap();
        let start = std::sync::Arc::new(std::sync::Barrier::new(6));
        let opened: Vec<_> = (0..6)
            .map(|_| {
                let (url, start) = (url.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    tablero::store::PgStore::connect(&url).map(|_| ()).map_err(|e| e.to_string())
                })
            })
            .collect();
        for opened in opened {
            opened.join().unwrap().expect("every store opens");
        }
    }
    for _ in 0..3 {
        let (url, _database) = backend.empty_postgres().unwrap();
        let checks: Vec<_> = (0..3)
            .map(|_| {
                std::process::Command::new(env!("CARGO_BIN_EXE_tablero"))
                    .args(["admin", "check"])
                    .env("TABLERO_STORE_URL", &url)
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for check in checks {
            let out = check.wait_with_output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        }
    }
}
