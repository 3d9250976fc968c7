//! Games outside a server (a DM or a group DM, where the channel stands for the server) through the table:
//! casual, no threads, what belongs to a server refused, their notices for their players by direct message, and
//! their ids not reachable from a server.

use crate::common::play::typed_challenge;
use std::sync::Arc;
use tablero::store::record::ChannelId;
use tablero::store::record::GameId;
use tablero::store::record::GuildId;
use tablero::store::record::UserId;
use tablero::table::{ChallengeCommand, PageCommand, PlayCommand, RatingCommand, RecordCommand, SettingCommand};

use tablero::games::GameKind;
use tablero::i18n::Locale;
use tablero::store::record::Player;
use tablero::store::{SledStore, Store};
use tablero::table::{Actor, Command, Permissions, Request, Table, TableConfig};

const NOW: u64 = 1_800_000_000;
const DAY: u64 = 86_400;
const GROUP: u64 = 555_000;

fn actor(user: u64, private: bool) -> Actor {
    Actor {
        guild: if private { GuildId(GROUP) } else { GuildId(1) },
        channel: if private { ChannelId(GROUP) } else { ChannelId(10) },
        user: UserId(user),
        name: ["", "ana", "ben"][user as usize].to_string(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions::default(),
        private,
    }
}

#[test]
fn a_game_outside_a_server_is_casual_and_tells_its_players_directly() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = Table::new(store.clone(), TableConfig { seed: Some(3), ..TableConfig::default() });
    let handle = |who: &Actor, c: Command, at| table.handle(Request::new(who, c, at)).unwrap();
    let (ana, ben) = (actor(1, true), actor(2, true));
    let options = [("first", "challenger"), ("time", "2d")].map(|(k, v)| (k.to_string(), v.to_string()));
    let challenge =
        typed_challenge(GameKind::Hoyito, Some(Player { id: UserId(2), name: "ben".into() }), options.into(), None);
    handle(&ana, challenge, NOW).unwrap();
    handle(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }), NOW).unwrap();
    let record = store.game(GameId(1)).unwrap().unwrap();
    assert!(record.private && !record.rated && !record.wants_thread, "{record:?}");
    assert_eq!((record.guild, record.channel), (GuildId(GROUP), ChannelId(GROUP)));

    for command in [
        Command::Page(PageCommand::Web),
        Command::Rating(RatingCommand::Profile { player: None }),
        Command::Setting(SettingCommand::Settings { changes: vec![] }),
        Command::Rating(RatingCommand::Leaderboard {
            game: GameKind::Hoyito,
            page: 0,
            provisional: false,
            picture: false,
            season: None,
        }),
    ] {
        let refused = handle(&ana, command.clone(), NOW).expect_err("refused outside a server");
        assert!(refused.text.contains("belongs to a server"), "{command:?}: {}", refused.text);
    }
    // From a server, the game's id is another place's.
    let from_server = handle(&actor(1, false), Command::Record(RecordCommand::Export { game: Some(GameId(1)) }), NOW)
        .expect_err("refused");
    assert!(!from_server.text.is_empty());

    // ana moves; half of ben's time: the reminder is for ben alone, by direct message, never in the channel.
    handle(&ana, Command::Play(PlayCommand::Move { notation: "1".into(), at: None }), NOW + 60).unwrap();
    table.tick(NOW + 60 + DAY).unwrap();
    let deliveries = table.deliveries(Locale::English).unwrap();
    assert_eq!(deliveries.len(), 1);
    assert!(deliveries[0].private && deliveries[0].direct == vec![2], "{:?}", deliveries[0]);
    // A notice that calls nobody (a challenge nobody moved in, aborted) goes to both players.
    table.delivered(deliveries[0].notice).unwrap();
    let options = [("first", "challenger"), ("time", "1d")].map(|(k, v)| (k.to_string(), v.to_string()));
    handle(&ana, Command::Play(PlayCommand::Resign), NOW + 120).unwrap();
    let again =
        typed_challenge(GameKind::Hoyito, Some(Player { id: UserId(2), name: "ben".into() }), options.into(), None);
    handle(&ana, again, NOW + 200).unwrap();
    handle(&ben, Command::Challenge(ChallengeCommand::Accept { game: None }), NOW + 200).unwrap();
    table.tick(NOW + 200 + DAY).unwrap();
    let aborted = table.deliveries(Locale::English).unwrap();
    let aborted = aborted.iter().find(|d| d.reply.text.contains("aborted")).expect("the abort");
    assert!(aborted.private && aborted.direct == vec![1, 2], "{aborted:?}");
}
