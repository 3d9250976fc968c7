//! Every payload the fake Discord sends deserializes with serenity's own types: a payload serenity cannot read
//! is dropped silently, so the end-to-end tests would only time out.

use crate::fake_discord;

use fake_discord::payloads::{self, Member, Opt};
use poise::serenity_prelude as serenity;
use serde_json::json;

#[test]
fn payloads_deserialize_with_serenity() {
    let ready: serenity::Ready = serde_json::from_value(payloads::ready(1234)).expect("READY");
    assert_eq!(ready.application.id.get(), payloads::APP_ID);
    let _: serenity::CurrentApplicationInfo = serde_json::from_value(payloads::application()).expect("application");
    let body = json!({"content": "hi", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "1", "custom_id": "g:1:m:0:1", "disabled": false}]}],
        "embeds": [{"image": {"url": "attachment://b.png"}}]});
    let message: serenity::Message =
        serde_json::from_value(payloads::message(7, 10, &body, &[("b.png".into(), vec![1, 2])])).expect("message");
    assert_eq!(message.components.len(), 1);
    assert_eq!(message.attachments[0].filename, "b.png");
    let thread: serenity::GuildChannel = serde_json::from_value(payloads::thread(9, 10, "game")).expect("thread");
    assert_eq!(thread.kind, serenity::ChannelType::PublicThread);
    let _: serenity::Role = serde_json::from_value(payloads::role(5, "west")).expect("role");
    let dm: serenity::PrivateChannel = serde_json::from_value(payloads::dm_channel(9, 1)).expect("dm channel");
    assert_eq!(dm.recipient.id.get(), 1);

    let ana = Member::new(1, "ana").with_roles(&[5]).speaking("es-419");
    let ben = Member::new(2, "ben");
    let options = [
        Opt::User("opponent", ben.clone()),
        Opt::Str("options", "holes=6".into()),
        Opt::Int("counters", 2),
        Opt::Bool("thread", false),
        Opt::Role("west", 5, "west"),
    ];
    let slash = payloads::slash(2, 100, 10, false, &ana, &["play", "hoyito"], &options);
    let serenity::Interaction::Command(command) = serde_json::from_value(slash).expect("slash command") else {
        panic!("not a command interaction")
    };
    assert_eq!(command.user.id.get(), 1, "the user comes from the member");
    assert_eq!(command.member.as_ref().unwrap().roles[0].get(), 5);
    assert!(command.member.as_ref().unwrap().permissions.is_some());
    assert!(command.app_permissions.unwrap().create_public_threads());
    assert_eq!(command.locale, "es-419");
    let focused = payloads::slash(4, 101, 10, true, &ana, &["move"], &[Opt::Focused("notation", "c".into())]);
    let serenity::Interaction::Autocomplete(_) = serde_json::from_value(focused).expect("autocomplete") else {
        panic!("not an autocomplete interaction")
    };
    let message_json = payloads::message(7, 10, &body, &[]);
    let press = payloads::press(102, 10, false, &ana, &message_json, "g:1:m:0:1");
    let serenity::Interaction::Component(press) = serde_json::from_value(press).expect("button press") else {
        panic!("not a component interaction")
    };
    assert_eq!(press.data.custom_id, "g:1:m:0:1");
    assert_eq!(press.message.id.get(), 7);
    // Gateway frames, as the session sends them.
    let _: serenity::GatewayEvent =
        serde_json::from_value(json!({"op": 10, "d": {"heartbeat_interval": 41250}})).expect("HELLO");
    let _: serenity::GatewayEvent = serde_json::from_value(json!({"op": 11})).expect("ACK");
}
