//! Ratings through the table: Glicko-2 as in Glickman's paper, once per game (also across a restart), casual and
//! aborted games and unplayed losses count for nothing, the result post shows both changes, leaderboards page
//! and keep provisional players apart, Zohn Ahl keeps team records, and a recomputation gives the same numbers.

use crate::common::play::typed_challenge;
use std::sync::Arc;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand, RatingCommand};

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
use tablero::games::GameKind;
use tablero::i18n::Locale;
use tablero::store::record::{Player, Status};
use tablero::store::{SledStore, Store, TeamKey};
use tablero::table::{Actor, Command, Permissions, Table, TableConfig};

const NOW: u64 = 1_800_000_000;

#[test]
fn glicko2_matches_the_example_of_glickmans_paper() {
    // "Example of the Glicko-2 system", Glickman (2013): 1500 ± 200 against 1400 ± 30 (won), 1550 ± 100 (lost),
    // 1700 ± 300 (lost), tau 0.5: 1464.06 ± 151.52, volatility 0.05999.
    let player = Glicko2Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
    let opponent = |rating, deviation| Glicko2Rating { rating, deviation, volatility: 0.06 };
    let results = [
        (opponent(1400.0, 30.0), Outcomes::WIN),
        (opponent(1550.0, 100.0), Outcomes::LOSS),
        (opponent(1700.0, 300.0), Outcomes::LOSS),
    ];
    let after = glicko2_rating_period(&player, &results, &Glicko2Config::new());
    assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
    assert!((after.deviation - 151.52).abs() < 0.01, "{}", after.deviation);
    assert!((after.volatility - 0.05999).abs() < 0.00001, "{}", after.volatility);
}

fn actor(user: u64, channel: u64) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(channel),
        user: UserId(user),
        name: format!("p{user}"),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private: false,
    }
}

struct World {
    dir: tempfile::TempDir,
    store: Arc<SledStore>,
    table: Table,
}

fn open(dir: tempfile::TempDir) -> World {
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table =
        Table::new(store.clone(), TableConfig { challenge_expiry_secs: 3600, seed: Some(2), ..TableConfig::default() });
    World { dir, store, table }
}

impl World {
    fn ok(&self, who: &Actor, c: Command) -> Vec<tablero::table::Reply> {
        self.table
            .handle(Request::new(who, c.clone(), NOW))
            .unwrap()
            .unwrap_or_else(|r| panic!("{c:?} refused: {}", r.text))
    }

    /// A Hoyito game a against b (a first) in `channel`, with options; returns its id.
    fn game(&self, a: u64, b: u64, channel: u64, options: &[(&str, &str)]) -> GameId {
        let mut set: Vec<(String, String)> =
            vec![("first".into(), "challenger".into()), ("time".into(), "none".into())];
        set.extend(options.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let challenge = typed_challenge(
            tablero::games::GameKind::Hoyito,
            Some(Player { id: UserId(b), name: format!("p{b}") }),
            set.into_iter().collect(),
            None,
        );
        self.ok(&actor(a, channel), challenge);
        self.ok(&actor(b, channel), Command::Challenge(ChallengeCommand::Accept { game: None }));
        self.store.channel_game(ChannelId(channel)).unwrap().unwrap()
    }

    /// a and b move once each, then b resigns: a wins.
    fn a_wins(&self, a: u64, b: u64, channel: u64, options: &[(&str, &str)]) -> Vec<tablero::table::Reply> {
        self.game(a, b, channel, options);
        self.ok(&actor(a, channel), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }));
        self.ok(&actor(b, channel), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }));
        self.ok(&actor(b, channel), Command::Play(PlayCommand::Resign))
    }

    fn rating(&self, user: u64) -> Option<tablero::store::Rating> {
        self.store.rating(GuildId(1), GameKind::Hoyito, UserId(user)).unwrap()
    }
}

#[test]
fn a_rated_game_changes_both_ratings_once_and_the_result_post_shows_it() {
    let w = open(tempfile::tempdir().unwrap());
    let result = w.a_wins(1, 2, 10, &[]);
    let text = &result[0].text;
    assert!(text.contains("p1: 1500 → 1662? (+162)"), "{text}");
    assert!(text.contains("p2: 1500 → 1338? (-162)"), "{text}");
    let (one, two) = (w.rating(1).unwrap(), w.rating(2).unwrap());
    assert_eq!((one.games, one.wins, one.streak), (1, 1, 1));
    assert_eq!((two.games, two.losses, two.streak), (1, 1, -1));
    assert!(one.provisional());
    // Looking at the finished game again, or restarting, changes nothing.
    w.ok(&actor(1, 10), Command::Play(PlayCommand::Board { text: false, focus: None }));
    let World { dir, store, table } = w;
    drop(table);
    drop(store);
    let w = open(dir);
    assert_eq!(w.rating(1).unwrap(), one);
    assert_eq!(w.store.last_rating_sequence(GuildId(1)).unwrap(), 1);
}

#[test]
fn casual_games_aborted_games_and_losses_without_a_move_count_for_nothing() {
    let w = open(tempfile::tempdir().unwrap());
    w.a_wins(1, 2, 10, &[("rated", "false")]);
    assert_eq!(w.rating(1), None, "casual");
    // Resigning before the loser ever moved: not counted.
    w.game(3, 4, 11, &[]);
    w.ok(&actor(3, 11), Command::Play(PlayCommand::Resign));
    assert_eq!(w.rating(3), None);
    assert_eq!(w.rating(4), None);
    // Aborted: nobody moved before the first deadline.
    w.game(5, 6, 12, &[("time", "1h")]);
    w.table.tick(NOW + 3600).unwrap();
    assert_eq!(w.store.game(GameId(3)).unwrap().unwrap().status, Status::Aborted);
    assert_eq!(w.rating(5), None);
    let text = w
        .table
        .handle(Request::new(
            &actor(1, 13),
            Command::Rating(RatingCommand::Leaderboard {
                game: tablero::games::GameKind::Hoyito,
                page: 0,
                provisional: false,
                picture: false,
                season: None,
            }),
            NOW,
        ))
        .unwrap();
    assert!(text.unwrap_err().text.contains("Nobody has a Hoyito II rating"));
}

#[test]
fn leaderboards_page_and_keep_provisional_players_apart() {
    let w = open(tempfile::tempdir().unwrap());
    // Players 1 and 2 play each other often: their deviations fall below the provisional threshold. Player 3
    // beats 25 newcomers once each: 3 and the newcomers stay provisional.
    for i in 0..40 {
        let (a, b) = if i % 3 == 2 { (2, 1) } else { (1, 2) };
        w.a_wins(a, b, 2000 + i, &[]);
    }
    for (i, opponent) in (100..125).enumerate() {
        w.a_wins(3, opponent, 1000 + i as u64, &[]);
    }
    assert!(!w.rating(1).unwrap().provisional(), "{:?}", w.rating(1).unwrap().deviation);
    assert!(!w.rating(2).unwrap().provisional());
    let board = |page, provisional, picture| {
        w.ok(
            &actor(1, 9),
            Command::Rating(RatingCommand::Leaderboard {
                game: tablero::games::GameKind::Hoyito,
                page,
                provisional,
                picture,
                season: None,
            }),
        )
        .remove(0)
    };
    let established = board(0, false, false);
    assert!(established.text.starts_with("Hoyito II leaderboard (page 1 of 1)\n1. p1 — "), "{}", established.text);
    assert!(established.text.contains("\n2. p2 — "), "{}", established.text);
    assert_eq!(established.buttons.len(), 3, "◀ ▶ and the provisional list");
    assert_eq!(established.buttons[2].id, "lb:hoyito:0:p");
    let provisional = board(0, true, false);
    assert!(provisional.text.contains("page 1 of 3"), "{}", provisional.text);
    assert_eq!(provisional.text.lines().count(), 11, "ten a page");
    assert!(!provisional.buttons[0].enabled && provisional.buttons[1].enabled);
    let last = board(2, true, true);
    assert!((2..=11).contains(&last.text.lines().count()), "{}", last.text);
    assert!(last.text.contains("21. p"), "ranks go on across pages: {}", last.text);
    assert!(!last.buttons[1].enabled, "no page after the last");
    assert!(last.image.is_some(), "the picture, when asked");
    let profile = w
        .ok(
            &actor(2, 9),
            Command::Rating(RatingCommand::Profile { player: Some(Player { id: UserId(1), name: "p1".into() }) }),
        )
        .remove(0);
    assert!(profile.text.contains("Hoyito II: 1"), "{}", profile.text);
    assert!(profile.text.contains("27 won, 0 drawn, 13 lost; streak 1"), "{}", profile.text);
    assert!(profile.text.contains("Last games:"), "{}", profile.text);
    assert!(profile.image.is_some(), "the rating chart");
}

#[test]
fn recomputing_gives_the_same_ratings_exactly() {
    let w = open(tempfile::tempdir().unwrap());
    let mut channel = 100;
    // A small round robin with wins both ways and draws.
    for (a, b, result) in [(1, 2, 0), (2, 3, 1), (3, 1, 2), (1, 4, 0), (4, 2, 2), (3, 4, 0), (2, 1, 0), (4, 3, 1)] {
        channel += 1;
        w.game(a, b, channel, &[]);
        w.ok(&actor(a, channel), Command::Play(PlayCommand::Move { notation: "1".into(), at: None }));
        w.ok(&actor(b, channel), Command::Play(PlayCommand::Move { notation: "2".into(), at: None })).len();
        match result {
            0 => {
                drop(w.table.handle(Request::new(&actor(b, channel), Command::Play(PlayCommand::Resign), NOW)).unwrap())
            }
            1 => {
                drop(w.table.handle(Request::new(&actor(a, channel), Command::Play(PlayCommand::Resign), NOW)).unwrap())
            }
            _ => {
                w.ok(&actor(a, channel), Command::Play(PlayCommand::DrawOffer));
                w.ok(&actor(b, channel), Command::Play(PlayCommand::DrawAccept { game: None }));
            }
        }
    }
    let before: Vec<_> = (1..=4).map(|u| w.rating(u).unwrap()).collect();
    assert_eq!(w.table.recompute_ratings().unwrap(), 8);
    let after: Vec<_> = (1..=4).map(|u| w.rating(u).unwrap()).collect();
    assert_eq!(before, after, "bit for bit");
    assert!(before.iter().any(|r| r.draws > 0));
}

#[test]
fn zohn_ahl_keeps_team_records_not_ratings() {
    let w = open(tempfile::tempdir().unwrap());
    let (red, blue) = (900, 901);
    let a = Actor { roles: vec![red], ..actor(1, 20) };
    let b = Actor { roles: vec![blue], ..actor(2, 20) };
    let teams = [
        tablero::store::record::Team::Role { id: red, name: "red".into(), ping: true },
        tablero::store::record::Team::Role { id: blue, name: "blue".into(), ping: true },
    ];
    let options =
        [("counters", "1"), ("autothrow", "true"), ("time", "none")].map(|(k, v)| (k.to_string(), v.to_string()));
    let text = w
        .table
        .handle(Request::new(
            &a,
            typed_challenge(
                tablero::games::GameKind::ZohnAhl,
                None,
                [("rated".to_string(), "true".to_string())].into_iter().collect(),
                Some(teams.clone()),
            ),
            NOW,
        ))
        .unwrap();
    assert!(text.unwrap_err().text.contains("game of chance"));
    w.ok(&a, typed_challenge(tablero::games::GameKind::ZohnAhl, None, options.into_iter().collect(), Some(teams)));
    w.ok(&b, Command::Challenge(ChallengeCommand::Accept { game: None }));
    w.ok(&a, Command::Play(PlayCommand::Throw { at: None }));
    let record = w.store.game(GameId(1)).unwrap().unwrap();
    assert!(matches!(record.status, Status::Finished { .. }));
    let (r, bl) = (
        w.store.team_record(GuildId(1), TeamKey::Role(red)).unwrap().unwrap(),
        w.store.team_record(GuildId(1), TeamKey::Role(blue)).unwrap().unwrap(),
    );
    assert_eq!((r.games, bl.games), (1, 1));
    assert_eq!(r.wins + bl.wins, 1);
    let board = w.ok(
        &a,
        Command::Rating(RatingCommand::Leaderboard {
            game: tablero::games::GameKind::ZohnAhl,
            page: 0,
            provisional: false,
            picture: false,
            season: None,
        }),
    );
    assert!(board[0].text.contains("@red") && board[0].text.contains("@blue"), "{}", board[0].text);
    // One game each: "1 game", never "1 games".
    assert!(board[0].text.contains(" in 1 game, "), "{}", board[0].text);
    assert!(board[0].image.is_none());
    let picture = w.ok(
        &a,
        Command::Rating(RatingCommand::Leaderboard {
            game: tablero::games::GameKind::ZohnAhl,
            page: 0,
            provisional: false,
            picture: true,
            season: None,
        }),
    );
    let png = picture[0].image.as_ref().expect("the records as a picture, as for the other games");
    assert!(png.png.starts_with(b"\x89PNG") && png.file_name == "leaderboard-zohn-ahl.png", "{}", png.file_name);
    assert_eq!(w.store.rating(GuildId(1), GameKind::ZohnAhl, UserId(1)).unwrap(), None);
    w.table.recompute_ratings().unwrap();
    assert_eq!(w.store.team_record(GuildId(1), TeamKey::Role(red)).unwrap().unwrap(), r, "recomputed the same");
}

/// Seasons: an organiser begins one; the current season's standings (rated games ended in it: points, games,
/// the rating gained) are the default leaderboard; a new season starts afresh and keeps the old one's standings;
/// the ratings of all time stay one command away; a period begins the next seasons by itself.
#[test]
fn a_new_season_starts_afresh_and_keeps_the_old_ones_standings() {
    let w = open(tempfile::tempdir().unwrap());
    let organiser =
        Actor { permissions: Permissions { manage_server: true, ..Permissions::default() }, ..actor(9, 20) };
    let at = |who: &Actor, c: Command, when: u64| w.table.handle(Request::new(who, c, when)).unwrap();
    let start = |every: Option<u64>| Command::Rating(RatingCommand::SeasonStart { game: GameKind::Hoyito, every });
    let board = |season: Option<u32>| {
        Command::Rating(RatingCommand::Leaderboard {
            game: GameKind::Hoyito,
            page: 0,
            provisional: false,
            picture: true,
            season,
        })
    };
    let refused = at(&actor(1, 20), start(None), NOW - 100).unwrap_err();
    assert!(refused.text.contains("Only organisers"), "{}", refused.text);
    let refused =
        at(&organiser, Command::Rating(RatingCommand::SeasonStart { game: GameKind::ZohnAhl, every: None }), NOW - 100);
    assert!(refused.unwrap_err().text.contains("no seasons"));
    let said = at(&organiser, start(None), NOW - 100).unwrap();
    assert!(said[0].text.contains("Season 1 of Hoyito II begins now"), "{}", said[0].text);
    w.a_wins(1, 2, 11, &[]);
    w.a_wins(1, 3, 12, &[("rated", "false")]);
    let one = at(&actor(2, 20), board(None), NOW + 5).unwrap();
    assert!(one[0].text.contains("Hoyito II, season 1 (since"), "{}", one[0].text);
    let lines: Vec<String> = one[0].text.split_lines().iter().map(|l| l.to_string()).collect();
    let gained = w.rating(1).unwrap().rating.round() as i32 - 1500;
    assert!(lines[1].starts_with("1. p1 — 1 pts · 1 game · +"), "the casual game does not count: {lines:?}");
    assert!(lines[1].ends_with(&format!("+{gained}")), "{lines:?}");
    assert!(lines[2].starts_with("2. p2 — 0 pts · 1 game · -"), "{lines:?}");
    assert!(one[0].image.is_some());

    // Season 2: afresh; season 1 kept; the ratings of all time unchanged.
    at(&organiser, start(Some(90 * 86_400)), NOW + 10).unwrap();
    let two = at(&actor(2, 20), board(None), NOW + 20).unwrap();
    assert!(two[0].text.contains("season 2") && two[0].text.contains("No rated game"), "{}", two[0].text);
    let past = at(&actor(2, 20), board(Some(1)), NOW + 20).unwrap();
    assert!(past[0].text.contains("season 1 (") && past[0].text.contains("1. p1"), "{}", past[0].text);
    let ratings = at(&actor(2, 20), board(Some(0)), NOW + 20).unwrap();
    assert!(ratings[0].text.contains("ratings") && ratings[0].text.contains("1. p1 — 1662?"), "{}", ratings[0].text);
    let unknown = at(&actor(2, 20), board(Some(7)), NOW + 20).unwrap_err();
    assert!(unknown.text.contains("no season 7"), "{}", unknown.text);
    // Ninety days on, season 3 began by itself.
    let three = at(&actor(2, 20), board(None), NOW + 10 + 90 * 86_400).unwrap();
    assert!(three[0].text.contains("season 3"), "{}", three[0].text);
    // Its buttons browse the seasons and the ratings.
    let ids: Vec<String> = three[0].buttons.iter().map(|b| b.id.to_string()).collect();
    assert_eq!(ids, ["ss:hoyito:2", "ss:hoyito:4", "ss:hoyito:0"]);
}
