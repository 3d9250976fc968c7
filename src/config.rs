//! Configuration: `config.toml` (every key documented in `config.example.toml`), then environment variables,
//! which win for secrets and for what tests need to fix.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::i18n::Locale;
use crate::table::{Limits, TableConfig};

#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Where the sled store lives.
    pub data_dir: PathBuf,
    /// Where the console writes board pictures.
    pub out_dir: PathBuf,
    /// How long a challenge waits for an answer, in hours.
    pub challenge_expiry_hours: u64,
    /// Language of users whose own language is unknown or unsupported.
    pub default_locale: String,
    pub discord: DiscordConfig,
    pub backup: BackupConfig,
    pub store: StoreConfig,
    pub web: WebConfig,
    pub ops: OpsConfig,
    /// What one member or server may ask for: names, records, quotas, heavy work.
    pub limits: Limits,
    /// Not for users: fixes the random generator so tests are repeatable (env `TABLERO_TEST_SEED`).
    #[serde(skip)]
    pub test_seed: Option<u64>,
}

#[derive(Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token; the environment variable `DISCORD_TOKEN` overrides it.
    pub token: Option<String>,
    /// Register commands in this guild only (instant, for development); globally when unset.
    pub guild_id: Option<u64>,
    /// REST base URL, for tests against a fake Discord (env `DISCORD_API_BASE`).
    pub api_base: Option<String>,
    /// The gateway shards this process runs: `"0-1/4"` (shards 0 and 1 of 4), `"2/4"` (shard 2 of 4); every shard
    /// Discord recommends when unset. Env `TABLERO_SHARDS`.
    pub shards: Option<String>,
    /// `0.0.0.0:8090`: interactions are also taken over HTTP here (Discord's "Interactions Endpoint URL",
    /// behind a TLS proxy), verified with `public_key`. Env `TABLERO_INTERACTIONS_LISTEN`.
    pub interactions_listen: Option<String>,
    /// The application's public key (64 hex digits, from the developer portal) that signs HTTP interactions.
    /// Env `DISCORD_PUBLIC_KEY`.
    pub public_key: Option<String>,
    /// Whether this process holds the gateway (events, the scheduler, command registration); `false` makes a
    /// replica that only answers HTTP interactions. Env `TABLERO_GATEWAY` (`on`/`off`).
    pub gateway: bool,
}

impl Default for DiscordConfig {
    fn default() -> DiscordConfig {
        DiscordConfig {
            token: None,
            guild_id: None,
            api_base: None,
            shards: None,
            interactions_listen: None,
            public_key: None,
            gateway: true,
        }
    }
}

/// Shards `first..=last` of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardRange {
    pub fn parse(text: &str) -> Result<ShardRange, String> {
        let bad = || format!("[discord] shards = {text:?}: write \"FIRST-LAST/TOTAL\" (e.g. \"0-1/4\") or \"N/TOTAL\"");
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let total: u32 = total.trim().parse().map_err(|_| bad())?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?),
            None => {
                let n = range.trim().parse().map_err(|_| bad())?;
                (n, n)
            }
        };
        if total == 0 || first > last || last >= total {
            return Err(format!("{}: shards are numbered from 0 to TOTAL - 1", bad()));
        }
        Ok(ShardRange { first, last, total })
    }
}

/// Secrets never reach a log: the token is not shown, nor a store URL's password.
impl std::fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &self.token.as_ref().map(|_| "***"))
            .field("guild_id", &self.guild_id)
            .field("api_base", &self.api_base)
            .field("shards", &self.shards)
            .field("interactions_listen", &self.interactions_listen)
            .field("public_key", &self.public_key)
            .field("gateway", &self.gateway)
            .finish()
    }
}

/// The client secret is not shown.
impl std::fmt::Debug for WebConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebConfig")
            .field("listen", &self.listen)
            .field("public_url", &self.public_url)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("client_id", &self.client_id)
            .field("client_secret", &self.client_secret.as_ref().map(|_| "***"))
            .field("authorize_url", &self.authorize_url)
            .field("session_days", &self.session_days)
            .field("activity", &self.activity)
            .finish()
    }
}

impl std::fmt::Debug for StoreConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StoreConfig").field("url", &self.url.as_deref().map(crate::store::shown_url)).finish()
    }
}

impl DiscordConfig {
    /// Where to take interactions over HTTP, with the key that signs them; `None` when not configured. One without
    /// the other, a malformed address or key, or a replica without either is refused by name.
    pub fn interactions(&self) -> Result<Option<(std::net::SocketAddr, [u8; 32])>, String> {
        let listen = self.interactions_listen.as_deref().map(str::trim).filter(|t| !t.is_empty());
        let key = self.public_key.as_deref().map(str::trim).filter(|t| !t.is_empty());
        let (listen, key) = match (listen, key) {
            (None, None) if self.gateway => return Ok(None),
            (None, None) => {
                return Err("[discord] gateway = false needs interactions_listen and public_key: a process without \
                            the gateway only answers interactions over HTTP"
                    .into());
            }
            (Some(_), None) => return Err("[discord] interactions_listen needs public_key (DISCORD_PUBLIC_KEY)".into()),
            (None, Some(_)) => return Err("[discord] public_key is set but interactions_listen is not".into()),
            (Some(l), Some(k)) => (l, k),
        };
        let addr = listen.parse().map_err(|_| {
            format!("[discord] interactions_listen = {listen:?} is not an address like \"0.0.0.0:8090\"")
        })?;
        let bad_key = || "[discord] public_key must be the application's public key: 64 hex digits".to_string();
        if key.len() != 64 || !key.is_ascii() {
            return Err(bad_key());
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&key[2 * i..2 * i + 2], 16).map_err(|_| bad_key())?;
        }
        Ok(Some((addr, bytes)))
    }

    /// The shards this process runs; `None`: all that Discord recommends.
    pub fn shard_range(&self) -> Result<Option<ShardRange>, String> {
        self.shards.as_deref().map(ShardRange::parse).transpose()
    }
}

/// Which store: sled in `data_dir` (the default), or PostgreSQL for several processes.
#[derive(Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct StoreConfig {
    /// `postgres://user:password@host/database`, or `sled:<folder>`; sled in `data_dir` when unset. The
    /// environment variable `TABLERO_STORE_URL` overrides it.
    pub url: Option<String>,
}

/// The web pages: where they are served, the address people reach them at, and signing in with Discord.
#[derive(Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct WebConfig {
    /// `127.0.0.1:8080`: the pages are served there. Unset: the bot serves none, and the console serves them on a
    /// free port of 127.0.0.1; `off`: none, the console's neither. Env `TABLERO_WEB_LISTEN`.
    pub listen: Option<String>,
    /// The address the pages are reached at (behind a proxy), for the links the bot gives; `http://` and the
    /// listening address when unset. Env `TABLERO_WEB_PUBLIC_URL`.
    pub public_url: Option<String>,
    /// The proxies in front (their addresses): a request coming through one is counted in the shares of the
    /// client its `X-Forwarded-For` names; from anywhere else, that header is ignored.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The application's OAuth2 client id, for signing in with Discord on the pages (sign-in is offered only
    /// when it and `client_secret` are set). Env `DISCORD_CLIENT_ID`.
    pub client_id: Option<String>,
    /// The application's OAuth2 client secret. Env `DISCORD_CLIENT_SECRET` (prefer it to the file).
    pub client_secret: Option<String>,
    /// Discord's authorization address (a fake's in tests). Env `TABLERO_AUTHORIZE_URL`.
    pub authorize_url: Option<String>,
    /// How long a sign-in lasts, in days (30 when unset).
    pub session_days: Option<u64>,
    /// Whether the app has an Activity in Discord's developer portal (its URL mapping `/` to these pages): the
    /// bot then registers the entry point command `/play` that launches it, and puts "Play in Discord" on a
    /// game's board. Needs sign-in. Env `TABLERO_ACTIVITY` (`on`/`off`).
    pub activity: bool,
}

impl WebConfig {
    /// The application's OAuth2 client, when sign-in is configured: (id, secret).
    pub fn oauth_client(&self) -> Option<(String, String)> {
        let id = self.client_id.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
        let secret = self.client_secret.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
        Some((id.to_string(), secret.to_string()))
    }

    /// Whether the Activity is on: asked for, with sign-in configured (it signs the member in).
    pub fn activity_on(&self) -> bool {
        self.activity && self.oauth_client().is_some()
    }

    /// Discord's authorization address.
    pub fn authorize_url(&self) -> String {
        self.authorize_url.clone().unwrap_or_else(|| "https://discord.com/oauth2/authorize".to_string())
    }
}

/// What an operator's tools read: `/metrics`, `/healthz`, `/readyz`. Private by default: on an address of their
/// own, the loopback's unless configured; beside the public pages only behind a bearer token.
#[derive(Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct OpsConfig {
    /// `127.0.0.1:9100`: they are served there alone. Unset: on a free port of 127.0.0.1, said at start (set a
    /// port for a scraper to find). Env `TABLERO_OPS_LISTEN`.
    pub listen: Option<String>,
    /// A bearer token: with it, they are also served beside the web pages, to requests that carry
    /// `Authorization: Bearer <token>` (and to nobody else). Env `TABLERO_OPS_TOKEN` (prefer it to the file).
    pub token: Option<String>,
    /// Seconds between the start of a shutdown (`/readyz` then says not ready) and the gateway's close, so a
    /// load balancer stops sending first. Env `TABLERO_OPS_DRAIN_SECS`.
    pub drain_secs: u64,
}

/// The token is not shown.
impl std::fmt::Debug for OpsConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpsConfig")
            .field("listen", &self.listen)
            .field("token", &self.token.as_ref().map(|_| "***"))
            .field("drain_secs", &self.drain_secs)
            .finish()
    }
}

impl OpsConfig {
    /// Where to serve them on their own: the configured address, else a free port of the loopback.
    pub fn listen(&self) -> Result<std::net::SocketAddr, String> {
        match self.listen.as_deref().map(str::trim) {
            None | Some("") => Ok(std::net::SocketAddr::from(([127, 0, 0, 1], 0))),
            Some(text) => {
                text.parse().map_err(|_| format!("[ops] listen = {text:?} is not an address like \"127.0.0.1:9100\""))
            }
        }
    }

    /// The bearer token that opens them beside the pages, if one is configured (at least 16 characters: a token
    /// anyone could guess is refused by name).
    pub fn token(&self) -> Result<Option<String>, String> {
        match self.token.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(t) if t.len() < 16 || !t.bytes().all(|b| b.is_ascii_graphic()) => {
                Err("[ops] token must be at least 16 printable characters (TABLERO_OPS_TOKEN)".into())
            }
            Some(t) => Ok(Some(t.to_string())),
        }
    }
}

/// Where the web pages are served, as the configuration and the front end decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listen {
    Off,
    /// A free port of 127.0.0.1 (the console's default).
    AnyLocalPort,
    At(std::net::SocketAddr),
}

impl WebConfig {
    /// Where to listen; `console`: the console's default applies (a free local port) when nothing is configured.
    pub fn listen(&self, console: bool) -> Result<Listen, String> {
        match self.listen.as_deref().map(str::trim) {
            None | Some("") => Ok(if console { Listen::AnyLocalPort } else { Listen::Off }),
            Some("off") => Ok(Listen::Off),
            Some(text) => text
                .parse()
                .map(Listen::At)
                .map_err(|_| format!("[web] listen = {text:?} is not an address like \"127.0.0.1:8080\" (or \"off\")")),
        }
    }

    /// The address the pages are reached at, without a final `/`.
    pub fn public_url(&self, bound: std::net::SocketAddr) -> String {
        match self.public_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            Some(url) => url.trim_end_matches('/').to_string(),
            None => format!("http://{bound}"),
        }
    }
}

/// Backups the bot writes by itself while it runs (sled lets no other process read its store meanwhile).
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct BackupConfig {
    /// How often (`12h`, `1d`...); none when unset.
    pub every: Option<String>,
    /// How many backups are kept (the oldest go).
    pub keep: usize,
    /// Where they are written.
    pub dir: PathBuf,
}

impl Default for BackupConfig {
    fn default() -> Self {
        BackupConfig { every: None, keep: 7, dir: PathBuf::from("tablero-backups") }
    }
}

impl BackupConfig {
    /// The period in seconds, when backups are on.
    pub fn period(&self) -> Result<Option<u64>, String> {
        match &self.every {
            None => Ok(None),
            Some(text) => crate::deadlines::parse_duration(text)
                .filter(|&s| s > 0)
                .map(Some)
                .ok_or_else(|| format!("[backup] every = {text:?} is not a duration like \"12h\" or \"1d\"")),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            data_dir: PathBuf::from("tablero-data"),
            out_dir: PathBuf::from("tablero-out"),
            challenge_expiry_hours: 24,
            default_locale: "en-US".to_string(),
            discord: DiscordConfig::default(),
            backup: BackupConfig::default(),
            store: StoreConfig::default(),
            web: WebConfig::default(),
            ops: OpsConfig::default(),
            limits: Limits::default(),
            test_seed: None,
        }
    }
}

impl Config {
    /// Reads `path` (which must exist when given), else `./config.toml` when present, else the defaults; then
    /// applies the environment.
    pub fn load(path: Option<&Path>) -> Result<Config, String> {
        let mut config = match path {
            Some(p) => Config::parse_file(p)?,
            None if Path::new("config.toml").exists() => Config::parse_file(Path::new("config.toml"))?,
            None => Config::default(),
        };
        config.backup.period()?;
        config.discord.shard_range()?;
        config.web.listen(true)?;
        config.apply_env(|key| std::env::var(key).ok())?;
        Ok(config)
    }

    fn parse_file(path: &Path) -> Result<Config, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) -> Result<(), String> {
        if let Some(token) = var("DISCORD_TOKEN").filter(|t| !t.is_empty()) {
            self.discord.token = Some(token);
        }
        if let Some(base) = var("DISCORD_API_BASE").filter(|t| !t.is_empty()) {
            self.discord.api_base = Some(base);
        }
        if let Some(shards) = var("TABLERO_SHARDS").filter(|t| !t.is_empty()) {
            self.discord.shards = Some(shards);
        }
        if let Some(listen) = var("TABLERO_INTERACTIONS_LISTEN").filter(|t| !t.is_empty()) {
            self.discord.interactions_listen = Some(listen);
        }
        if let Some(key) = var("DISCORD_PUBLIC_KEY").filter(|t| !t.is_empty()) {
            self.discord.public_key = Some(key);
        }
        if let Some(gateway) = var("TABLERO_GATEWAY").filter(|t| !t.is_empty()) {
            self.discord.gateway = match gateway.trim() {
                "on" | "true" | "1" => true,
                "off" | "false" | "0" => false,
                other => return Err(format!("TABLERO_GATEWAY = {other:?}: write on or off")),
            };
        }
        if let Some(url) = var("TABLERO_STORE_URL").filter(|t| !t.is_empty()) {
            self.store.url = Some(url);
        }
        if let Some(listen) = var("TABLERO_OPS_LISTEN").filter(|t| !t.is_empty()) {
            self.ops.listen = Some(listen);
        }
        if let Some(token) = var("TABLERO_OPS_TOKEN").filter(|t| !t.is_empty()) {
            self.ops.token = Some(token);
        }
        if let Some(secs) = var("TABLERO_OPS_DRAIN_SECS").filter(|t| !t.is_empty()) {
            self.ops.drain_secs = secs
                .trim()
                .parse()
                .map_err(|_| format!("TABLERO_OPS_DRAIN_SECS = {secs:?} is not a number of seconds"))?;
        }
        if let Some(listen) = var("TABLERO_WEB_LISTEN").filter(|t| !t.is_empty()) {
            self.web.listen = Some(listen);
        }
        if let Some(url) = var("TABLERO_WEB_PUBLIC_URL").filter(|t| !t.is_empty()) {
            self.web.public_url = Some(url);
        }
        if let Some(id) = var("DISCORD_CLIENT_ID").filter(|t| !t.is_empty()) {
            self.web.client_id = Some(id);
        }
        if let Some(secret) = var("DISCORD_CLIENT_SECRET").filter(|t| !t.is_empty()) {
            self.web.client_secret = Some(secret);
        }
        if let Some(url) = var("TABLERO_AUTHORIZE_URL").filter(|t| !t.is_empty()) {
            self.web.authorize_url = Some(url);
        }
        if let Some(on) = var("TABLERO_ACTIVITY").filter(|t| !t.is_empty()) {
            self.web.activity = match on.trim() {
                "on" | "true" | "1" => true,
                "off" | "false" | "0" => false,
                other => return Err(format!("TABLERO_ACTIVITY = {other:?} is neither on nor off")),
            };
        }
        if let Some(seed) = var("TABLERO_TEST_SEED") {
            self.test_seed = Some(seed.parse().map_err(|_| format!("TABLERO_TEST_SEED must be a number, not {seed}"))?);
        }
        self.discord.shard_range()?;
        self.discord.interactions()?;
        self.web.listen(true)?;
        if Locale::parse(&self.default_locale).is_none() {
            return Err(format!(
                "default_locale {:?} is not supported: use en-US, es-419 or es-ES",
                self.default_locale
            ));
        }
        Ok(())
    }

    pub fn default_locale(&self) -> Locale {
        Locale::parse(&self.default_locale).unwrap_or_default()
    }

    /// The store this configuration names.
    pub fn store_location(&self) -> Result<crate::store::Location, String> {
        crate::store::Location::parse(self.store.url.as_deref(), &self.data_dir).map_err(|e| e.to_string())
    }

    pub fn table(&self) -> TableConfig {
        TableConfig {
            challenge_expiry_secs: self.challenge_expiry_hours * 3600,
            seed: self.test_seed,
            limits: self.limits.clone(),
            web_url: None,
            web_open: false,
            ..TableConfig::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_ranges_read_as_written_and_nonsense_is_refused() {
        assert_eq!(ShardRange::parse("0-1/4"), Ok(ShardRange { first: 0, last: 1, total: 4 }));
        assert_eq!(ShardRange::parse("3/4"), Ok(ShardRange { first: 3, last: 3, total: 4 }));
        for bad in ["4/4", "2-1/4", "0-1", "a/2", "0/0"] {
            assert!(ShardRange::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_example_file_documents_every_key_and_parses() {
        let example: Config = toml::from_str(include_str!("../config.example.toml")).expect("example parses");
        assert_eq!(example.challenge_expiry_hours, 24);
        assert_eq!(example.data_dir, PathBuf::from("tablero-data"));
    }

    #[test]
    fn environment_overrides_secrets() {
        let mut config = Config::default();
        config
            .apply_env(|k| match k {
                "DISCORD_TOKEN" => Some("secret".into()),
                "TABLERO_TEST_SEED" => Some("7".into()),
                _ => None,
            })
            .unwrap();
        assert_eq!(config.discord.token.as_deref(), Some("secret"));
        assert_eq!(config.test_seed, Some(7));
    }

    #[test]
    fn secrets_are_not_in_the_debug_form() {
        let mut config = Config::default();
        config.discord.token = Some("tok3n-secret".into());
        config.store.url = Some("postgres://bot:pa55word@db/t?password=pa55word".into());
        let shown = format!("{config:?}");
        assert!(!shown.contains("tok3n-secret") && !shown.contains("pa55word"), "{shown}");
        assert!(shown.contains("postgres://bot:***@db/t"), "{shown}");
        let refused = crate::store::Location::parse(Some("postgress://bot:pa55word@db/t"), Path::new("x"));
        assert!(!refused.unwrap_err().to_string().contains("pa55word"));
    }

    #[test]
    fn the_web_pages_are_off_for_the_bot_and_on_a_free_port_for_the_console_unless_configured() {
        let web = WebConfig::default();
        assert_eq!(web.listen(false), Ok(Listen::Off));
        assert_eq!(web.listen(true), Ok(Listen::AnyLocalPort));
        let web = WebConfig { listen: Some("off".into()), public_url: None, ..Default::default() };
        assert_eq!(web.listen(true), Ok(Listen::Off));
        let web = WebConfig {
            listen: Some("127.0.0.1:8080".into()),
            public_url: Some("https://t.example/".into()),
            ..Default::default()
        };
        assert_eq!(web.listen(false), Ok(Listen::At("127.0.0.1:8080".parse().unwrap())));
        assert_eq!(web.public_url("127.0.0.1:8080".parse().unwrap()), "https://t.example");
        assert!(
            WebConfig { listen: Some("localhost".into()), public_url: None, ..Default::default() }
                .listen(false)
                .is_err()
        );
        let mut config = Config::default();
        config.apply_env(|k| (k == "TABLERO_WEB_LISTEN").then(|| "127.0.0.1:9000".to_string())).unwrap();
        assert_eq!(config.web.listen(false), Ok(Listen::At("127.0.0.1:9000".parse().unwrap())));
    }

    #[test]
    fn unknown_keys_and_locales_are_refused() {
        assert!(toml::from_str::<Config>("data_folder = 'x'").is_err());
        let mut config = Config { default_locale: "fr".into(), ..Config::default() };
        assert!(config.apply_env(|_| None).is_err());
    }

    #[test]
    fn the_operators_address_and_drain_are_read_or_refused_by_name() {
        let mut config = Config::default();
        assert_eq!(config.ops.listen(), Ok("127.0.0.1:0".parse().unwrap()), "the loopback by default");
        assert_eq!(config.ops.token(), Ok(None), "not beside the pages by default");
        let env = |k: &str| match k {
            "TABLERO_OPS_LISTEN" => Some("127.0.0.1:9100".to_string()),
            "TABLERO_OPS_DRAIN_SECS" => Some("5".to_string()),
            "TABLERO_OPS_TOKEN" => Some("0123456789abcdef".to_string()),
            _ => None,
        };
        config.apply_env(env).unwrap();
        assert_eq!(config.ops.listen(), Ok("127.0.0.1:9100".parse().unwrap()));
        assert_eq!(config.ops.token(), Ok(Some("0123456789abcdef".to_string())));
        assert!(!format!("{:?}", config.ops).contains("0123456789abcdef"), "the token is not shown");
        config.ops.token = Some("short".into());
        assert!(config.ops.token().unwrap_err().contains("[ops] token"));
        assert_eq!(config.ops.drain_secs, 5);
        let refused = config.apply_env(|k| (k == "TABLERO_OPS_DRAIN_SECS").then(|| "soon".to_string()));
        assert!(refused.unwrap_err().contains("TABLERO_OPS_DRAIN_SECS"));
        config.ops.listen = Some("port 9100".into());
        assert!(config.ops.listen().unwrap_err().contains("[ops] listen"));
    }

    #[test]
    fn http_interactions_need_an_address_and_the_key_and_a_replica_needs_both() {
        let key = "ab".repeat(32);
        let mut config = Config::default();
        assert_eq!(config.discord.interactions(), Ok(None));
        let env = |k: &str| match k {
            "TABLERO_INTERACTIONS_LISTEN" => Some("127.0.0.1:8090".to_string()),
            "DISCORD_PUBLIC_KEY" => Some(key.clone()),
            "TABLERO_GATEWAY" => Some("off".to_string()),
            _ => None,
        };
        config.apply_env(env).unwrap();
        assert!(!config.discord.gateway);
        assert_eq!(config.discord.interactions(), Ok(Some(("127.0.0.1:8090".parse().unwrap(), [0xab; 32]))));
        config.discord.public_key = Some("ab".repeat(31));
        assert!(config.discord.interactions().unwrap_err().contains("64 hex digits"));
        config.discord.public_key = None;
        assert!(config.discord.interactions().unwrap_err().contains("needs public_key"));
        config.discord.interactions_listen = None;
        assert!(config.discord.interactions().unwrap_err().contains("gateway = false"));
        let refused = Config::default().apply_env(|k| (k == "TABLERO_GATEWAY").then(|| "maybe".to_string()));
        assert!(refused.unwrap_err().contains("TABLERO_GATEWAY"));
    }

    #[test]
    fn sign_in_needs_the_client_id_and_secret_and_the_secret_is_never_shown() {
        let mut config = Config::default();
        assert_eq!(config.web.oauth_client(), None);
        let env = |k: &str| match k {
            "DISCORD_CLIENT_ID" => Some("123".to_string()),
            "DISCORD_CLIENT_SECRET" => Some("s3cret".to_string()),
            "TABLERO_AUTHORIZE_URL" => Some("http://127.0.0.1:9/oauth2/authorize".to_string()),
            _ => None,
        };
        config.apply_env(env).unwrap();
        assert_eq!(config.web.oauth_client(), Some(("123".to_string(), "s3cret".to_string())));
        assert_eq!(config.web.authorize_url(), "http://127.0.0.1:9/oauth2/authorize");
        assert!(!format!("{config:?}").contains("s3cret"), "the secret is not shown");
        config.web.client_secret = Some("  ".into());
        assert_eq!(config.web.oauth_client(), None, "an empty secret is no client");
        assert_eq!(Config::default().web.authorize_url(), "https://discord.com/oauth2/authorize");
    }
}
