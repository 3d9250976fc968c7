//! Random command sequences from several users in two channels: the table service never panics, never reports
//! an internal fault, and every game it stores replays to a valid position.

use crate::common::play::typed_challenge;
use crate::common::props;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::Request;
use tablero::table::{ChallengeCommand, PlayCommand};

use std::sync::Arc;

use proptest::prelude::*;
use tablero::games::Position;
use tablero::i18n::Locale;
use tablero::store::record::{Player, Team};
use tablero::store::{SledStore, Store};
use tablero::table::{Actor, Command, Permissions, Table, TableConfig};

fn actor(user: u64, channel: u64) -> Actor {
    Actor {
        guild: GuildId(1),
        channel: ChannelId(channel),
        user: UserId(user),
        name: format!("user{user}"),
        roles: if user == 3 { vec![77] } else { vec![] },
        locale: [Locale::English, Locale::SpanishLatinAmerica, Locale::SpanishSpain][user as usize % 3],
        permissions: Permissions::default(),
        private: false,
    }
}

fn command(kind: u8, arg: u8, text: &str) -> Command {
    use tablero::games::GameKind;
    let games = [GameKind::Hoyito, GameKind::Epaminondas, GameKind::ZohnAhl, GameKind::Ocencahuac];
    let option = |k: &str, v: &str| [(k.to_string(), v.to_string())].into_iter().collect();
    match kind % 12 {
        0 => typed_challenge(
            games[usize::from(arg) % 4],
            Some(Player { id: UserId(u64::from(arg % 4)), name: format!("user{}", arg % 4) }),
            if arg.is_multiple_of(3) { option("first", "challenger") } else { option("holes", text) },
            None,
        ),
        1 => typed_challenge(
            tablero::games::GameKind::ZohnAhl,
            None,
            option("counters", "1"),
            Some([
                Team::Players { players: vec![Player { id: UserId(u64::from(arg % 4)), name: "a".into() }] },
                Team::Role { id: 77, name: "red".into(), ping: true },
            ]),
        ),
        2 => Command::Challenge(ChallengeCommand::Accept { game: None }),
        3 => Command::Challenge(ChallengeCommand::Decline { game: None }),
        4 => Command::Challenge(ChallengeCommand::Cancel),
        5 | 6 => Command::Play(PlayCommand::Move { notation: text.into(), at: None }),
        7 => Command::Play(PlayCommand::Throw { at: None }),
        8 => Command::Play(PlayCommand::Resign),
        9 => [
            Command::Play(PlayCommand::DrawOffer),
            Command::Play(PlayCommand::DrawAccept { game: None }),
            Command::Play(PlayCommand::DrawDecline { game: None }),
        ][usize::from(arg) % 3]
            .clone(),
        10 => [
            Command::Play(PlayCommand::Board { text: false, focus: None }),
            Command::Play(PlayCommand::History),
            Command::Challenge(ChallengeCommand::Join { game: None }),
        ][usize::from(arg) % 3]
            .clone(),
        _ => tablero::table::ButtonId::command_of(&format!("g:{}:m:{}:{}", arg % 3, arg % 5, text))
            .unwrap_or(Command::Challenge(ChallengeCommand::Cancel)),
    }
}

proptest! {
    #![proptest_config(props::replayable(24, "table_fuzz"))]

    #[test]
    fn random_commands_never_break_the_service(
        steps in prop::collection::vec((0u64..5, 10u64..12, any::<u8>(), any::<u8>(), "[a-n1-9x\\- ]{0,6}"), 1..120)
    ) {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(SledStore::open(dir.path()).unwrap());
        let table = Table::new(store.clone(), TableConfig { challenge_expiry_secs: 3600, seed: Some(1), ..TableConfig::default() });
        for (i, (user, channel, kind, arg, text)) in steps.into_iter().enumerate() {
            let now = 1_800_000_000 + i as u64 * 600;
            if let Err(refusal) = table.handle(Request::new(&actor(user, channel), command(kind, arg, &text), now)).unwrap() {
                prop_assert!(!refusal.internal, "internal fault: {}", refusal.text);
                prop_assert!(!refusal.text.is_empty());
            }
        }
        for id in 1..200 {
            let Some(record) = store.game(GameId(id)).unwrap() else { break };
            let moves = record.moves.iter().map(|m| m.notation.as_str());
            let replay = Position::replay(record.kind, &record.options, moves).unwrap();
            prop_assert!(replay.is_ok(), "game {id} does not replay");
        }
    }
}
