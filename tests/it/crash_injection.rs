//! Crash injection on the one write path (on sled and on PostgreSQL): a store that fails the k-th write, for every k, while a tournament
//! is created, signed up for, started, paired round after round, extended, has a player dropped and a result
//! entered; after the failure the table is made anew (a restart) and the same driver goes on from what the
//! store holds. Every run must end like the run without a fault: the same final standings, exactly one game
//! per pairing, and no game the tournament does not know.

use crate::common;
use crate::common::play::typed_tournament;
use crate::on_both_backends;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::TournamentId;
use tablero::store::record::UserId;
use tablero::table::PlayCommand;
use tablero::table::Request;

use std::collections::BTreeMap;
use std::sync::Arc;

use common::backends::Backend;
use common::{Faulty, actor_in};
use tablero::i18n::Locale;
use tablero::store::Store;
use tablero::store::record::{Player, Status};
use tablero::store::tournament::TournamentStatus;
use tablero::table::{Command, Table, TableConfig, TournamentCommand};

const NOW: u64 = 1_800_000_000;
const HALL: u64 = 10;

fn table_on(store: Arc<Faulty>) -> Table {
    Table::new(store, TableConfig { challenge_expiry_secs: 86_400, seed: Some(4), ..TableConfig::default() })
}

fn tournament(table: &Table, user: u64, command: TournamentCommand) {
    // A refusal is fine here: the driver looks at the store again and does what is still to be done.
    let _ = table.handle(Request::new(&actor_in(1, user, HALL), Command::Tournament(command), NOW)).unwrap();
}

/// One step of the tournament's life, decided from what the store holds. False once it is over.
fn step(table: &Table, store: &Faulty) -> bool {
    let _ = table.tick(NOW);
    let _ = table.advance_due_tournaments(Locale::English, NOW);
    let Some(t) = store.tournament(TournamentId(1)).unwrap() else {
        let options = [("time".to_string(), "1d".to_string())].into_iter().collect();
        tournament(
            table,
            1,
            typed_tournament(
                tablero::games::GameKind::Hoyito,
                tablero::table::TournamentFormat::Swiss,
                Some(3),
                None,
                options,
            ),
        );
        return true;
    };
    match t.status {
        TournamentStatus::SignUp => {
            match (1..=5).find(|u| !t.entrants.iter().any(|e| e.player.id == *u)) {
                Some(user) => tournament(table, user, TournamentCommand::Join { id: Some(TournamentId(1)) }),
                None => tournament(table, 1, TournamentCommand::Start { id: Some(TournamentId(1)) }),
            }
            true
        }
        TournamentStatus::Running => {
            let round = t.rounds.len();
            if round == 1 && !t.log.iter().any(|(_, line)| line.contains("extended")) {
                tournament(table, 1, TournamentCommand::Extend { id: Some(TournamentId(1)), secs: 86400 });
                return true;
            }
            if round == 2 && !t.entrants.iter().any(|e| e.dropped) {
                let dan = Player { id: UserId(4), name: "dan".into() };
                tournament(table, 1, TournamentCommand::Drop { id: Some(TournamentId(1)), player: dan });
                return true;
            }
            let current = t.rounds.last().expect("a running tournament has a round");
            if round == 2
                && !current.pairings.iter().any(|p| p.entered.is_some())
                && let Some(game) = current.pairings.iter().rev().find_map(|p| p.game)
            {
                tournament(table, 1, TournamentCommand::Result { game, winner: tablero::table::Decision::SecondWins });
                return true;
            }
            for game in current.pairings.iter().filter_map(|p| p.game) {
                let record = store.game(game).unwrap().expect("a pairing's game is stored");
                if record.status != Status::Active {
                    continue;
                }
                let channel = 1000 + game.get();
                if record.channel != channel {
                    // The front end gives the game its thread.
                    let _ = table
                        .handle(Request::new(
                            &actor_in(1, 1, HALL),
                            Command::Play(PlayCommand::MoveTo { game, channel: ChannelId(channel) }),
                            NOW,
                        ))
                        .unwrap();
                } else if record.moves.is_empty() {
                    let first = actor_in(1, record.seats[0].id.get(), channel);
                    let _ = table
                        .handle(Request::new(
                            &first,
                            Command::Play(PlayCommand::Move { notation: "1".into(), at: None }),
                            NOW,
                        ))
                        .unwrap();
                } else {
                    // The player with the higher id resigns: results depend on nothing but the pairings.
                    let loser = record.seats.iter().map(|p| p.id).max().unwrap();
                    let _ = table
                        .handle(Request::new(
                            &actor_in(1, loser.get(), channel),
                            Command::Play(PlayCommand::Resign),
                            NOW,
                        ))
                        .unwrap();
                }
                return true;
            }
            true
        }
        TournamentStatus::Finished | TournamentStatus::Cancelled => false,
    }
}

/// What a run ends with: the final standings as posted, and who met whom in each pairing.
type Outcome = (String, Vec<(usize, usize)>);

fn outcome(table: &Table, store: &Faulty) -> Outcome {
    let t = store.tournament(TournamentId(1)).unwrap().expect("a tournament");
    assert_eq!(t.status, TournamentStatus::Finished);
    let standings = table
        .handle(Request::new(
            &actor_in(1, 2, HALL),
            Command::Tournament(TournamentCommand::Standings { id: Some(TournamentId(1)), picture: false }),
            NOW,
        ))
        .unwrap()
        .expect("standings")[0]
        .text
        .clone();
    // Exactly one game per pairing, and every tournament game stored is one of them.
    let mut stored: BTreeMap<(usize, usize), Vec<GameId>> = BTreeMap::new();
    for game in store.all_games().unwrap() {
        if let Some((tid, r, k)) = game.tournament.map(<(u64, usize, usize)>::from) {
            assert_eq!(tid, 1);
            stored.entry((r, k)).or_default().push(game.id);
        }
    }
    let mut pairings = Vec::new();
    for (r, round) in t.rounds.iter().enumerate() {
        for (k, p) in round.pairings.iter().enumerate() {
            let Some(game) = p.game else { continue };
            assert_eq!(stored.remove(&(r, k)), Some(vec![game]), "round {r} pairing {k}: one game, the pairing's");
            pairings.push((p.first, p.second));
        }
    }
    assert!(stored.is_empty(), "games no pairing knows: {stored:?}");
    (standings.to_string(), pairings)
}

/// Runs the tournament with the `fail_at`-th write failing (0: none); returns its outcome and the writes made.
fn run(backend: &Backend, fail_at: u64) -> (Outcome, u64) {
    let fresh = backend.fresh();
    let store = Arc::new(Faulty::new(fresh.store().clone()));
    store.fail_write(fail_at);
    let mut table = table_on(store.clone());
    let mut restarted = false;
    for _ in 0..400 {
        if !step(&table, &store) {
            return (outcome(&table, &store), store.writes());
        }
        if fail_at > 0 && !restarted && store.writes() >= fail_at {
            // The write failed: the process is restarted on the same store.
            table = table_on(store.clone());
            restarted = true;
        }
    }
    panic!("the tournament did not finish (failing write {fail_at})");
}

fn every_failed_write_is_recovered_and_the_tournament_ends_as_without_faults(backend: &Backend) {
    let (expected, writes) = run(backend, 0);
    assert!(expected.0.contains("is over"), "{}", expected.0);
    assert!(writes > 30, "the scenario makes many writes ({writes})");
    for k in 1..=writes {
        let (got, _) = run(backend, k);
        assert_eq!(got, expected, "with write {k} of {writes} failing");
    }
}

on_both_backends!(every_failed_write_is_recovered_and_the_tournament_ends_as_without_faults);
