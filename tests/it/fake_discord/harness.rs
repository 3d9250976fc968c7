//! Driving the bot through the fake Discord: start it (in process) on a data folder, make slash commands,
//! autocomplete requests and button presses as members, and wait for what the bot sends back.

use std::path::Path;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serde_json::Value;
use tablero::config::Config;
use tablero::discord::Clock;
use tablero::store::SledStore;

use super::payloads::{self, GUILD_ID, Member, Opt};
use super::{FakeDiscord, Recorded, WAIT};

/// The configuration of a bot talking to `fake`, storing in `data`.
pub fn config(fake: &FakeDiscord, data: &Path) -> Config {
    let mut config = Config { data_dir: data.to_path_buf(), ..Config::default() };
    config.discord.token = Some("test-token".into());
    config.discord.api_base = Some(fake.base());
    config.discord.guild_id = Some(GUILD_ID);
    config.test_seed = Some(7);
    config
}

/// As [`config`], with the web pages on a free port of 127.0.0.1 and signing in with the fake's OAuth2; the
/// configuration and the pages' address.
pub fn config_with_pages(fake: &FakeDiscord, data: &Path) -> (Config, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let site = format!("http://127.0.0.1:{port}");
    let mut settings = config(fake, data);
    settings.web.listen = Some(format!("127.0.0.1:{port}"));
    settings.web.public_url = Some(site.clone());
    settings.web.client_id = Some(super::oauth::CLIENT_ID.into());
    settings.web.client_secret = Some(super::oauth::CLIENT_SECRET.into());
    settings.web.authorize_url = Some(format!("{}/oauth2/authorize", fake.base()));
    (settings, site)
}

/// The bot, running in this process.
pub struct Running {
    fake: FakeDiscord,
    store: Arc<dyn tablero::store::Store>,
    shards: Arc<serenity::ShardManager>,
    task: tokio::task::JoinHandle<()>,
    controls: tablero::discord::Controls,
}

impl Running {
    /// Starts the bot and waits until it has registered its commands; returns it with the registration.
    pub async fn start(fake: &FakeDiscord, data: &Path) -> (Running, Recorded) {
        let from = fake.mark();
        let running = Running::start_with(fake, data, config(fake, data)).await;
        let registration = fake.wait_ready(from).await;
        (running, registration)
    }

    /// As [`Running::start`], with `config` (its pages, say), and waits for the registration.
    pub async fn start_with(fake: &FakeDiscord, data: &Path, config: Config) -> Running {
        let store: Arc<dyn tablero::store::Store> = Arc::new(SledStore::open(data).expect("store opens"));
        Running::start_on(fake, store, config).await
    }

    /// As [`Running::start_with`], on `store` (a PostgreSQL one, say).
    pub async fn start_on(fake: &FakeDiscord, store: Arc<dyn tablero::store::Store>, config: Config) -> Running {
        // Warnings show in a failing test's output (serenity drops payloads it cannot read with only a warning).
        let _ = tracing_subscriber::fmt().with_env_filter("warn").with_test_writer().try_init();
        let from = fake.mark();
        let (mut client, controls) =
            tablero::discord::build_client_with(&config, store.clone(), Clock::system()).await.expect("client");
        let shards = client.shard_manager.clone();
        let task = tokio::spawn(async move { client.start().await.expect("the bot runs") });
        fake.wait_ready(from).await;
        Running { fake: fake.clone(), store, shards, task, controls }
    }

    /// Starts one process's part of a sharded bot: shards `first..=last` of `total`, on `store` (shared with the
    /// other processes); waits until it has registered its commands.
    pub async fn start_shards(
        fake: &FakeDiscord,
        store: Arc<dyn tablero::store::Store>,
        data: &Path,
        (first, last, total): (u32, u32, u32),
    ) -> Running {
        let _ = tracing_subscriber::fmt().with_env_filter("warn").with_test_writer().try_init();
        let from = fake.mark();
        let mut config = config(fake, data);
        config.discord.shards = Some(format!("{first}-{last}/{total}"));
        let (mut client, controls) =
            tablero::discord::build_client_with(&config, store.clone(), Clock::system()).await.expect("client");
        let shards = client.shard_manager.clone();
        let task =
            tokio::spawn(async move { client.start_shard_range(first..last, total).await.expect("the bot runs") });
        fake.wait_ready(from).await;
        Running { fake: fake.clone(), store, shards, task, controls }
    }

    /// Holds every computer search of this bot not yet started, or lets them go.
    pub fn hold_searches(&self, held: bool) {
        self.controls.hold_searches(held);
    }

    /// The store the bot writes to.
    pub fn store(&self) -> Arc<dyn tablero::store::Store> {
        self.store.clone()
    }

    /// Closes the gateway and waits for the client to return (its store is dropped with it).
    pub async fn stop(self) {
        let refused = self.fake.mention_violations();
        assert!(refused.is_empty(), "messages that did not say exactly whom they ping: {refused:#?}");
        drop(self.store);
        self.shards.shutdown_all().await;
        tokio::time::timeout(WAIT, self.task).await.expect("the bot stops in time").expect("the bot task ends well");
    }
}

/// A place to play: a channel (or thread) of the test guild.
#[derive(Debug, Clone, Copy)]
pub struct Place {
    pub channel: u64,
    pub thread: bool,
}

impl FakeDiscord {
    /// Runs a slash command and returns the bot's interaction response.
    pub async fn slash(&self, who: &Member, at: Place, path: &[&str], options: &[Opt]) -> Recorded {
        self.slash_id(who, at, path, options).await.1
    }

    /// As [`FakeDiscord::slash`], with the interaction's id (its token is `token-<id>`).
    pub async fn slash_id(&self, who: &Member, at: Place, path: &[&str], options: &[Opt]) -> (u64, Recorded) {
        let id = self.next_id();
        let from = self.mark();
        self.interact(payloads::slash(2, id, at.channel, at.thread, who, path, options));
        (id, self.callback(from, id).await)
    }

    /// Asks for the autocomplete choices of a slash option being typed; returns their values.
    pub async fn autocomplete(&self, who: &Member, at: Place, path: &[&str], options: &[Opt]) -> Vec<String> {
        let id = self.next_id();
        let from = self.mark();
        self.interact(payloads::slash(4, id, at.channel, at.thread, who, path, options));
        let response = self.callback(from, id).await;
        assert_eq!(response.callback_type(), Some(8), "an autocomplete result");
        let json = response.json.expect("a JSON body");
        json["data"]["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| c["value"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// Runs a slash command in server `guild` and returns the bot's interaction response.
    pub async fn slash_in(&self, guild: u64, who: &Member, at: Place, path: &[&str], options: &[Opt]) -> Recorded {
        let id = self.next_id();
        let from = self.mark();
        let mut interaction = payloads::slash(2, id, at.channel, at.thread, who, path, options);
        interaction["guild_id"] = serde_json::json!(guild.to_string());
        self.interact(interaction);
        self.callback(from, id).await
    }

    /// Presses a button in server `guild` and returns the bot's interaction response.
    pub async fn press_in(&self, guild: u64, who: &Member, at: Place, message: u64, custom_id: &str) -> Recorded {
        let id = self.next_id();
        let from = self.mark();
        let stored = self.message(message);
        let mut interaction = payloads::press(id, at.channel, at.thread, who, &stored, custom_id);
        interaction["guild_id"] = serde_json::json!(guild.to_string());
        self.interact(interaction);
        self.callback(from, id).await
    }

    /// Presses a button of a message the bot posted and returns the bot's interaction response.
    pub async fn press(&self, who: &Member, at: Place, message: u64, custom_id: &str) -> Recorded {
        let id = self.next_id();
        let from = self.mark();
        let stored = self.message(message);
        self.interact(payloads::press(id, at.channel, at.thread, who, &stored, custom_id));
        self.callback(from, id).await
    }

    /// Chooses `value` from the select menu `custom_id` of a message the bot posted; the bot's response.
    pub async fn choose(&self, who: &Member, at: Place, message: u64, custom_id: &str, value: &str) -> Recorded {
        let id = self.next_id();
        let from = self.mark();
        let stored = self.message(message);
        self.interact(payloads::select(id, at.channel, at.thread, who, &stored, custom_id, value));
        self.callback(from, id).await
    }

    /// The response to interaction `id`.
    pub async fn callback(&self, from: usize, id: u64) -> Recorded {
        let path = format!("/interactions/{id}/token-{id}/callback");
        self.wait_for(from, &format!("the response to interaction {id}"), |r| r.path == path).await
    }

    /// The next message the bot posts in `channel` after `from`.
    pub async fn post_in(&self, from: usize, channel: u64) -> Recorded {
        let path = format!("/channels/{channel}/messages");
        self.wait_for(from, &format!("a post in channel {channel}"), |r| r.method == "POST" && r.path == path).await
    }

    /// The games of tournament #1's round `round` whose first boards were posted after `from`, each once (a second
    /// process posting the same board sends the same nonce): (thread, first player, second player).
    pub fn tournament_boards(&self, from: usize, round: usize) -> Vec<(Place, String, String)> {
        let heading = format!("Tournament #1, round {round}: ");
        let mut games: Vec<(Place, String, String)> = Vec::new();
        for r in self.log().iter().skip(from).filter(|r| r.method == "POST") {
            let text = r.content();
            let Some(rest) = text.split(&heading).nth(1) else { continue };
            let Some((first, second)) =
                rest.split('\n').next().and_then(|l| l.trim_end_matches('.').split_once(" against "))
            else {
                continue;
            };
            let thread: u64 =
                r.path.trim_start_matches("/channels/").trim_end_matches("/messages").parse().unwrap_or(0);
            if thread != 0 && !games.iter().any(|(p, _, _)| p.channel == thread) {
                games.push((Place { channel: thread, thread: true }, first.to_string(), second.to_string()));
            }
        }
        games
    }

    /// The enabled buttons of a stored message.
    pub fn enabled_buttons(&self, message: u64) -> Vec<String> {
        let stored = self.message(message);
        stored["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter(|b| b["disabled"] != Value::Bool(true))
            .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
            .collect()
    }
}

/// Who a board post calls: the user mentioned first.
pub fn called(content: &str) -> u64 {
    content
        .strip_prefix("<@")
        .and_then(|r| r.split('>').next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("no player called in {content:?}"))
}
