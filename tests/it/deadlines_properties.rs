//! Property: for random sequences of moves, claims, clock advances, scheduler rounds (some cut short by a
//! crash before delivery) and restarts, every game ends at most once, and every notice the scheduler decided
//! on is delivered exactly once (the outbox ids delivered are 1..=n, without gaps or repeats).

use crate::common::play::typed_challenge;
use crate::common::props;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand, SettingCommand};

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use proptest::prelude::*;
use tablero::games::{GameKind, Position};
use tablero::i18n::Locale;
use tablero::store::record::{NoticeKind, Player, Status, TimeoutPolicy};
use tablero::store::{SledStore, Store};
use tablero::table::{Actor, Command, Permissions, Table, TableConfig};

const NOW: u64 = 1_800_000_000;

#[derive(Debug, Clone)]
enum Op {
    Advance(u64),
    Move {
        game: u8,
        pick: u8,
    },
    Claim {
        game: u8,
    },
    /// A scheduler round; `crash`: the process dies after carrying out events, before posting them.
    Round {
        crash: bool,
    },
    Restart,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        3 => (1u64..5400).prop_map(Op::Advance),
        4 => (0u8..2, any::<u8>()).prop_map(|(game, pick)| Op::Move { game, pick }),
        1 => (0u8..2).prop_map(|game| Op::Claim { game }),
        3 => any::<bool>().prop_map(|crash| Op::Round { crash }),
        1 => Just(Op::Restart),
    ]
}

fn actor(user: u64, channel: u64) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(channel),
        user: UserId(user),
        name: if user == 1 { "ana".into() } else { "ben".into() },
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions { manage_server: true, ..Permissions::default() },
        private: false,
    }
}

fn open(dir: &std::path::Path) -> (Arc<SledStore>, Table) {
    let store = Arc::new(SledStore::open(dir).unwrap());
    let table =
        Table::new(store.clone(), TableConfig { challenge_expiry_secs: 7200, seed: Some(5), ..TableConfig::default() });
    (store, table)
}

struct Log {
    delivered: Vec<u64>,
    /// Notices already counted by kind.
    seen: BTreeSet<u64>,
    /// (game, deadline) -> timeouts posted
    timeouts: BTreeMap<(u64, u64), u32>,
    endings: BTreeMap<u64, u32>,
}

fn deliver(table: &Table, log: &mut Log) {
    for d in table.deliveries(Locale::English).unwrap() {
        log.delivered.push(d.notice);
        table.delivered(d.notice).unwrap();
    }
}

fn note_kinds(store: &SledStore, log: &mut Log) {
    for n in store.notices().unwrap() {
        if !log.seen.insert(n.id) {
            continue;
        }
        match n.kind {
            NoticeKind::TimedOut { .. } => {
                let deadline = store.game(n.game).unwrap().unwrap().clock.map_or(0, |c| c.deadline);
                *log.timeouts.entry((n.game.into(), deadline)).or_default() += 1;
            }
            NoticeKind::Adjudicated { .. } | NoticeKind::Aborted | NoticeKind::Expired => {
                *log.endings.entry(n.game.into()).or_default() += 1;
            }
            NoticeKind::Reminder { .. } => {}
            NoticeKind::Announcement { .. }
            | NoticeKind::TournamentGame
            | NoticeKind::TournamentFinished { .. }
            | NoticeKind::Calendar { .. } => {
                panic!("a tournament notice without a tournament")
            }
            NoticeKind::ComputerMoved { .. } => panic!("a computer's move without a computer"),
            NoticeKind::Away { .. } | NoticeKind::Back { .. } => panic!("a vacation nobody took"),
            NoticeKind::DailyPuzzle { .. } => panic!("a daily puzzle nobody asked for"),
        }
    }
}

proptest! {
    #![proptest_config(props::replayable(48, "deadlines_properties"))]

    #[test]
    fn every_game_ends_once_and_every_notice_is_delivered_once(auto in any::<bool>(), ops in prop::collection::vec(op(), 1..40)) {
        let dir = tempfile::tempdir().unwrap();
        let (mut store, mut table) = open(dir.path());
        let mut now = NOW;
        let policy = if auto { "auto" } else { "claim" };
        let settings = vec![tablero::table::SettingChange::parse("timeout", policy).unwrap(), tablero::table::SettingChange::parse("grace", "30m").unwrap()];
        table.handle(Request::new(&actor(1, 10), Command::Setting(SettingCommand::Settings { changes: settings }), now)).unwrap().unwrap();
        for channel in [10u64, 11] {
            let options = [("first", "challenger"), ("time", "1h")].map(|(k, v)| (k.to_string(), v.to_string()));
            let challenge = typed_challenge(tablero::games::GameKind::Hoyito, Some(Player { id: UserId(2), name: "ben".into() }), options.into_iter().collect(), None);
            table.handle(Request::new(&actor(1, channel), challenge, now)).unwrap().unwrap();
            if channel == 10 {
                table.handle(Request::new(&actor(2, channel), Command::Challenge(ChallengeCommand::Accept { game: None }), now)).unwrap().unwrap();
            }
        }
        let mut log = Log { delivered: Vec::new(), seen: BTreeSet::new(), timeouts: BTreeMap::new(), endings: BTreeMap::new() };
        let mut ended: BTreeMap<u64, Status> = BTreeMap::new();
        for op in ops {
            match op {
                Op::Advance(s) => now += s,
                Op::Move { game, pick } => {
                    let id = u64::from(game) + 1;
                    let record = store.game(GameId(id)).unwrap().unwrap();
                    if record.status == Status::Active {
                        let moves = record.moves.iter().map(|m| m.notation.as_str());
                        let position = Position::replay(GameKind::Hoyito, &record.options, moves).unwrap().unwrap();
                        let legal = position.legal_moves();
                        if let (Some(side), false) = (position.to_move(), legal.is_empty()) {
                            let who = record.player(side).unwrap().id;
                            let notation = legal[pick as usize % legal.len()].clone();
                            let _ = table.handle(Request::new(&actor(who.get(), 10 + u64::from(game)), Command::Play(PlayCommand::Move { notation, at: None }), now)).unwrap();
                        }
                    }
                }
                Op::Claim { game } => {
                    for user in [1, 2] {
                        let _ = table.handle(Request::new(&actor(user, 10 + u64::from(game)), Command::Play(PlayCommand::Claim { game: None }), now)).unwrap();
                    }
                }
                Op::Round { crash } => {
                    table.tick(now).unwrap();
                    note_kinds(&store, &mut log);
                    if crash {
                        drop(table);
                        drop(store);
                        (store, table) = open(dir.path());
                    } else {
                        deliver(&table, &mut log);
                    }
                }
                Op::Restart => {
                    drop(table);
                    drop(store);
                    (store, table) = open(dir.path());
                }
            }
            // A game that ended stays ended, as it ended.
            for id in [1u64, 2] {
                let status = store.game(GameId(id)).unwrap().unwrap().status;
                if let Some(before) = ended.get(&id) {
                    prop_assert_eq!(*before, status, "game {} changed after it ended", id);
                } else if !status.is_live() {
                    ended.insert(id, status);
                }
            }
        }
        // Much later, the scheduler catches up on everything, and the front end delivers it all.
        now += 30 * 86_400;
        table.tick(now).unwrap();
        note_kinds(&store, &mut log);
        deliver(&table, &mut log);
        prop_assert!(store.notices().unwrap().is_empty(), "the outbox is empty");
        let delivered: BTreeSet<u64> = log.delivered.iter().copied().collect();
        prop_assert_eq!(delivered.len(), log.delivered.len(), "no notice delivered twice: {:?}", log.delivered);
        if let Some(&last) = delivered.iter().next_back() {
            prop_assert_eq!(delivered, (1..=last).collect::<BTreeSet<u64>>(), "no notice lost");
        }
        prop_assert!(log.timeouts.values().all(|&n| n == 1), "one timeout per deadline: {:?}", log.timeouts);
        prop_assert!(log.endings.values().all(|&n| n == 1), "one ending per game: {:?}", log.endings);
        for id in [1u64, 2] {
            let record = store.game(GameId(id)).unwrap().unwrap();
            match record.status {
                Status::Active => {
                    let clock = record.clock.unwrap();
                    prop_assert!(clock.flagged && clock.policy == TimeoutPolicy::Claim, "only a claim can still end it");
                }
                Status::Challenge => prop_assert!(false, "a challenge a month old expired"),
                _ => {}
            }
        }
    }
}
