//! The Discord front end: poise slash commands and a serenity event handler that turn Discord interactions into
//! table commands and the table's replies into Discord messages. It decides nothing about games: who may act
//! and what a move does are the table's business. Button ids are the table's stable strings, routed here in
//! the event handler (never in-memory collectors), so every button keeps working after a restart.
//!
//! `build_client_with` is the only seam tests use: with `discord.api_base` set, serenity's REST calls go to that
//! base URL (its proxy setting, which only works with the rate limiter off) and the gateway URL comes from its
//! `GET /gateway`, so the unmodified bot runs against a fake Discord on 127.0.0.1; the bot's clock is given to
//! it, and [`Controls`] is what a test may do to it.

mod actor;
mod buttons;
mod calendar;
mod call;
mod commands;
mod computer;
mod deliver;
mod endpoint;
mod inbound;
mod jobs;
mod languages;
mod link;
pub mod localize;
mod markup;
mod options;
mod outbound;
mod play;
mod recent;
mod records;
mod scheduler;
mod seasons;
mod send;
mod slash;
mod tournament;
mod training;
mod vacation;

pub use crate::clock::Clock;

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use crate::config::Config;
use crate::i18n::Locale;
use crate::store::{Location, Store};
use crate::table::Table;

pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// How long an interaction is remembered as taken (its token's lifetime), and how many at most.
const TAKEN_FOR: std::time::Duration = std::time::Duration::from_secs(15 * 60);
const TAKEN_AT_MOST: usize = 200_000;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every command and event handler shares.
pub struct Data {
    pub table: Arc<Table>,
    pub store: Arc<dyn Store>,
    /// For servers whose preferred language is not supported.
    pub default_locale: Locale,
    /// Wakes the scheduler (after a command that may have changed what falls due when).
    pub wake: Arc<tokio::sync::Notify>,
    /// Sends channel posts (see `outbound`: serenity builds them, this client sends them).
    pub client: reqwest::Client,
    /// The computer's searches.
    pub computer: Arc<computer::Pool>,
    /// Heavy work (the computer's moves, hints, analyses, replays, imports), each server in its turn.
    pub work: Arc<crate::work::WorkQueue>,
    /// The long jobs under way, for their progress messages and Stop buttons.
    pub jobs: Arc<jobs::Jobs>,
    /// The table's clock.
    pub clock: Clock,
    /// The bot's own user, once connected (the events it created are the ones it keeps).
    pub bot: Arc<std::sync::OnceLock<u64>>,
    /// The interactions this process took lately: a second delivery of one is left to the first.
    pub taken: Arc<recent::Recent<u64>>,
    /// Each server's language as Discord last said it: what an action on a page posts publicly in.
    pub languages: Arc<languages::Languages>,
}

impl Data {
    /// Seconds since the epoch, by the bot's clock.
    fn now(&self) -> u64 {
        self.clock.now()
    }
}

/// What a test may do to a bot it runs in its own process.
#[derive(Clone)]
pub struct Controls {
    computer: Arc<computer::Pool>,
    /// What `/readyz` reports: connected once the gateway is ready, not ready once a shutdown begins.
    pub health: Arc<crate::web::ops::Health>,
}

impl Controls {
    /// Holds every computer search not yet started (`true`) or lets them go: a test shows with it that no
    /// interaction waits for a search. Never needed in play.
    pub fn hold_searches(&self, held: bool) {
        self.computer.hold(held);
    }
}

/// A shared handle on the same data, for the scheduler task (poise keeps its own `Data`).
fn share(data: &Data) -> Data {
    Data {
        table: data.table.clone(),
        store: data.store.clone(),
        default_locale: data.default_locale,
        wake: data.wake.clone(),
        client: data.client.clone(),
        computer: data.computer.clone(),
        work: data.work.clone(),
        jobs: data.jobs.clone(),
        clock: data.clock.clone(),
        bot: data.bot.clone(),
        taken: data.taken.clone(),
        languages: data.languages.clone(),
    }
}

/// Every slash command as registered with Discord, named and described in every language of the catalogue (what
/// each does is routed in `slash`).
pub fn commands() -> Vec<poise::Command<Data, Error>> {
    let mut all = vec![
        play::play(),
        commands::accept(),
        commands::decline(),
        commands::cancel(),
        commands::move_(),
        commands::throw(),
        commands::board(),
        commands::history(),
        commands::resign(),
        commands::draw(),
        commands::takeback(),
        commands::rematch(),
        commands::hint(),
        commands::analysis(),
        commands::rules(),
        commands::games(),
        commands::claim(),
        commands::settings(),
        commands::web(),
        commands::leaderboard(),
        commands::profile(),
        vacation::vacation(),
        seasons::season(),
        records::export(),
        records::import(),
        records::archive(),
        records::replay(),
        tournament::tournament(),
        training::learn(),
        training::puzzle(),
    ];
    localize::translate(&mut all);
    all
}

/// Every declared command's path (`tournament join`), with whether it belongs in a server only (its own
/// declaration's or a command's it is part of).
fn command_paths() -> Vec<(String, bool)> {
    fn walk(c: &poise::Command<Data, Error>, parent: &str, only: bool, out: &mut Vec<(String, bool)>) {
        let path = if parent.is_empty() { c.name.to_string() } else { format!("{parent} {}", c.name) };
        let only = only || c.guild_only;
        out.push((path.clone(), only));
        for s in &c.subcommands {
            walk(s, &path, only, out);
        }
    }
    let mut out = Vec::new();
    for c in &commands() {
        walk(c, "", false, &mut out);
    }
    out
}

/// Errors poise meets around the gateway (the commands themselves are routed in `slash`, so an interaction it
/// does not know is not an error).
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::UnknownInteraction { .. } => {}
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

/// The serenity client of the bot, ready to `start()`. The store is opened by the caller (so tests and the
/// binary choose the folder) and shared with the table.
pub async fn build_client(config: &Config, store: Arc<dyn Store>) -> Result<serenity::Client, Error> {
    Ok(build_client_with(config, store, Clock::from_env()).await?.0)
}

/// As [`build_client`], on `clock`, with the controls a test uses. With `[discord] interactions_listen` set, this
/// process also answers interactions over HTTP.
pub async fn build_client_with(
    config: &Config,
    store: Arc<dyn Store>,
    clock: Clock,
) -> Result<(serenity::Client, Controls), Error> {
    let token = token(config)?;
    let (data, health) = prepare(config, store, clock).await?;
    let controls = Controls { computer: data.computer.clone(), health: health.clone() };
    let for_endpoint = share(&data);
    let guild = config.discord.guild_id;
    let activity = config.web.activity_on();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            // The commands are registered (below) and answered by `inbound`, the same way as over HTTP: poise
            // dispatches none of them.
            commands: Vec::new(),
            on_error: |error| Box::pin(on_error(error)),
            event_handler: |framework, event| Box::pin(inbound::on_event(framework, event)),
            initialize_owners: false,
            // A reply that names no pings of its own pings nobody (poise's default parses users from the text).
            allowed_mentions: Some(deliver::no_pings()),
            ..Default::default()
        })
        .setup(move |ctx, ready, _| {
            Box::pin(async move {
                register(ctx, guild, activity).await?;
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                health.connected(true);
                let _ = data.bot.set(ready.user.id.get());
                // The scheduler starts once connected, and first catches up on what fell due while down.
                let shared = Arc::new(share(&data));
                tokio::spawn(scheduler::run(ctx.http.clone(), shared.clone(), shared.wake.clone()));
                Ok(data)
            })
        })
        .build();
    let client = serenity::ClientBuilder::new_with_http(rest(config, &token), serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await?;
    // Ready only while every shard of this process is connected (a lost connection is reconnecting).
    let manager = client.shard_manager.clone();
    controls.health.on_connection_check(move || {
        let manager = manager.clone();
        Box::pin(async move {
            let runners = manager.runners.lock().await;
            !runners.is_empty() && runners.values().all(|r| r.stage == serenity::ConnectionStage::Connected)
        })
    });
    if let Some((addr, key)) = config.discord.interactions()? {
        let endpoint = endpoint::Endpoint::new(key, for_endpoint, client.http.clone(), controls.health.clone())?;
        serve_endpoint(addr, endpoint, config.web.trusted_proxies.clone()).await?;
    }
    Ok((client, controls))
}

/// Registers every command, in one server (`guild`, for development) or for all; with an Activity, also its
/// entry point `/play`, which Discord answers itself by launching it. An entry point is global only (with the
/// commands in one server, it is the one global command), and a global registration that left it out would be
/// refused while the app has an Activity.
async fn register(ctx: &serenity::Context, guild: Option<u64>, activity: bool) -> Result<(), Error> {
    let list = poise::builtins::create_application_commands(&commands());
    let entry: Vec<serenity::CreateCommand> = if activity { vec![entry_point()] } else { Vec::new() };
    match guild {
        Some(g) => {
            serenity::GuildId::new(g).set_commands(ctx, list).await?;
            if activity {
                serenity::Command::set_global_commands(ctx, entry).await?;
            }
        }
        None => {
            serenity::Command::set_global_commands(ctx, list.into_iter().chain(entry).collect()).await?;
        }
    }
    Ok(())
}

/// The Activity's entry point command: `/play`, launched by Discord, described in every language of the
/// catalogue.
pub fn entry_point() -> serenity::CreateCommand {
    let described = |locale| crate::i18n::text(locale, &crate::i18n::Message::new("activity-entry-point"));
    let mut command = serenity::CreateCommand::new("play")
        .kind(serenity::CommandType::PrimaryEntryPoint)
        .handler(serenity::EntryPointHandlerType::DiscordLaunchActivity)
        .description(described(Locale::English));
    for locale in [Locale::SpanishLatinAmerica, Locale::SpanishSpain] {
        command = command.description_localized(locale.tag(), described(locale));
    }
    command
}

/// The bot's token, or what to do without one.
fn token(config: &Config) -> Result<String, Error> {
    Ok(config.discord.token.clone().filter(|t| !t.trim().is_empty()).ok_or(
        "no Discord token: set DISCORD_TOKEN or [discord] token in config.toml (see the README), \
         or play in the terminal with `tablero local`",
    )?)
}

/// Discord's REST client: at `[discord] api_base` when set (a fake Discord in tests; serenity's proxy setting,
/// which only works with its rate limiter off).
fn rest(config: &Config, token: &str) -> serenity::Http {
    let mut http = serenity::HttpBuilder::new(token);
    if let Some(base) = &config.discord.api_base {
        http = http.proxy(base.trim_end_matches('/')).ratelimiter_disabled(true);
    }
    http.build()
}

/// What every process of the bot has: the table over `store`, the front end's data, the health the operator's
/// routes report, and the web pages and those routes served when configured.
async fn prepare(
    config: &Config,
    store: Arc<dyn Store>,
    clock: Clock,
) -> Result<(Data, Arc<crate::web::ops::Health>), Error> {
    // The web pages, when configured: bound before the table is made, so the table knows their address.
    let web = match config.web.listen(false)? {
        crate::config::Listen::At(addr) => {
            let listener = tokio::net::TcpListener::bind(addr).await?;
            let url = config.web.public_url(listener.local_addr()?);
            tracing::info!(%url, "serving the web pages");
            Some((listener, url))
        }
        _ => None,
    };
    let mut table_config = config.table();
    table_config.endgame = crate::ai::endgame::of_data_folder(&config.data_dir);
    table_config.web_url = web.as_ref().map(|(_, url)| url.clone());
    table_config.activity = config.web.activity_on() && web.is_some();
    table_config.message_chars = markup::MAX_CHARS;
    let table = Table::new(store.clone(), table_config);
    match table.add_committed_puzzles() {
        Ok(added) => tracing::info!(added, "the committed puzzles are in the store"),
        Err(e) => tracing::warn!(error = %e, "the committed puzzles could not be added; /puzzle has fewer"),
    }
    // Processes that split the shards share the scheduled work the same way: each posts its servers' notices.
    let table = Arc::new(match config.discord.shard_range()? {
        Some(range) => {
            table.serving(move |guild| (range.first..=range.last).contains(&shard_of(guild.get(), range.total)))
        }
        None => table,
    });
    let health = crate::web::ops::Health::new(store.clone());
    let data = Data {
        table,
        store,
        default_locale: config.default_locale(),
        wake: Arc::new(tokio::sync::Notify::new()),
        client: reqwest::Client::new(),
        computer: Arc::new(computer::Pool::default()),
        work: Arc::new(crate::work::WorkQueue::new("heavy", &config.limits.heavy_work_shares())),
        jobs: Arc::new(jobs::Jobs::default()),
        clock,
        bot: Arc::new(std::sync::OnceLock::new()),
        taken: Arc::new(recent::Recent::new(TAKEN_FOR, TAKEN_AT_MOST)),
        languages: Arc::new(languages::Languages::default()),
    };
    // Signing in and acting on the pages, when the application's OAuth2 client is configured.
    let link = config.web.oauth_client().map(|client| {
        let token = config.discord.token.clone().unwrap_or_default();
        let http = Arc::new(rest(config, &token));
        let link =
            link::Link::new(config.discord.api_base.as_deref(), config.web.authorize_url(), client, share(&data), http);
        Arc::new(link) as Arc<dyn crate::web::link::DiscordLink>
    });
    serve_pages_and_ops(config, &data.table, &health, web, link, data.clock.clone()).await?;
    Ok((data, health))
}

/// Binds the HTTP interactions endpoint and serves it from a task.
async fn serve_endpoint(
    addr: std::net::SocketAddr,
    endpoint: endpoint::Endpoint,
    trusted: Vec<std::net::IpAddr>,
) -> Result<(), Error> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(address = %listener.local_addr()?, "taking interactions over HTTP");
    let endpoint = Arc::new(endpoint);
    tokio::spawn(async move {
        if let Err(e) = endpoint::serve(listener, endpoint, trusted).await {
            tracing::error!(error = %e, "the interactions endpoint stopped");
        }
    });
    Ok(())
}

/// A replica without the gateway (`[discord] gateway = false`): it answers interactions over HTTP and nothing
/// else (the process with the gateway registers the commands and runs the scheduler). Ready once it knows the
/// application and the bot's user and listens; on SIGTERM it says not ready, turns new interactions away for the
/// drain, then ends.
async fn run_replica(config: &Config, store: Arc<dyn Store>) -> Result<(), Error> {
    let token = token(config)?;
    let (addr, key) = config.discord.interactions()?.ok_or("a replica needs [discord] interactions_listen")?;
    let (data, health) = prepare(config, store.clone(), Clock::from_env()).await?;
    let http = Arc::new(rest(config, &token));
    // Follow-ups are addressed by the application's id, and the computer opponent is the bot's own user.
    let application = http.get_current_application_info().await?;
    http.set_application_id(application.id);
    let _ = data.bot.set(http.get_current_user().await?.id.get());
    let endpoint = endpoint::Endpoint::new(key, data, http, health.clone())?;
    serve_endpoint(addr, endpoint, config.web.trusted_proxies.clone()).await?;
    health.connected(true);
    shutdown_signal().await;
    tracing::info!(drain_secs = config.ops.drain_secs, "shutting down");
    health.stopping();
    tokio::time::sleep(std::time::Duration::from_secs(config.ops.drain_secs)).await;
    store.flush()?;
    Ok(())
}

/// The web pages (when `web` is bound) and the operator's routes: beside the pages, or alone on `[ops] listen`.
async fn serve_pages_and_ops(
    config: &Config,
    table: &Arc<Table>,
    health: &Arc<crate::web::ops::Health>,
    web: Option<(tokio::net::TcpListener, String)>,
    link: Option<Arc<dyn crate::web::link::DiscordLink>>,
    clock: Clock,
) -> Result<(), Error> {
    crate::metrics::install();
    health.follow(table);
    let (addr, token) = (config.ops.listen()?, config.ops.token()?);
    let listener = tokio::net::TcpListener::bind(addr).await?;
    tracing::info!(address = %listener.local_addr()?, "serving /metrics, /healthz and /readyz");
    let alone = health.clone();
    tokio::spawn(async move {
        if let Err(e) = crate::web::serve_ops(listener, alone).await {
            tracing::error!(error = %e, "the operator's address stopped");
        }
    });
    if let Some((listener, url)) = web {
        let table = table.clone();
        let mut options = crate::web::Options::new(url, None);
        options.trusted_proxies = config.web.trusted_proxies.clone();
        options.health = Some(health.clone());
        options.ops_token = token;
        options.link = link;
        options.session_days = config.web.session_days.unwrap_or(30);
        options.clock = clock;
        tokio::spawn(async move {
            if let Err(e) = crate::web::serve(listener, table, options).await {
                tracing::error!(error = %e, "the web pages stopped");
            }
        });
    }
    Ok(())
}

/// The shard Discord sends a server's events to (its id's timestamp bits, modulo the number of shards).
fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

/// Runs the bot until Ctrl-C or SIGTERM, then closes the gateway; every acknowledged move was flushed when it
/// was made, and the store is flushed once more before returning.
pub async fn run(config: &Config) -> Result<(), Error> {
    // A sled folder grown past its live data (sled leaves files behind on reopen) is compacted on the way.
    let location = config.store_location()?;
    let store = location.open()?;
    if !config.discord.gateway {
        return run_replica(config, store).await;
    }
    let clock = Clock::from_env();
    let (mut client, controls) = build_client_with(config, store.clone(), clock.clone()).await?;
    let shards = client.shard_manager.clone();
    if let Some(period) = config.backup.period()? {
        tokio::spawn(backups(store.clone(), config.backup.clone(), period, clock.clone()));
    }
    if let Location::Sled(folder) = &location {
        // Only this process can read a sled store: `admin backup` asks it through a file in the folder.
        tokio::spawn(backup_requests(store.clone(), folder.clone(), clock));
    }
    let shard_range = config.discord.shard_range()?;
    let started = async {
        match shard_range {
            // serenity's range names its last shard inclusively.
            Some(range) => client.start_shard_range(range.first..range.last, range.total).await,
            None => client.start_autosharded().await,
        }
    };
    tokio::select! {
        ended = started => ended?,
        _ = shutdown_signal() => {
            tracing::info!(drain_secs = config.ops.drain_secs, "shutting down");
            // Not ready from now on: a load balancer stops sending before the gateway closes.
            controls.health.stopping();
            tokio::time::sleep(std::time::Duration::from_secs(config.ops.drain_secs)).await;
            // Closing the gateway politely; an unreachable Discord must not keep the process alive.
            if tokio::time::timeout(std::time::Duration::from_secs(5), shards.shutdown_all()).await.is_err() {
                tracing::warn!("the gateway did not close in time");
            }
        }
    }
    store.flush()?;
    Ok(())
}

/// Writes a backup of the store every `period` seconds while the bot runs (a consistent snapshot between two
/// commits), keeping the newest `keep`.
async fn backups(store: Arc<dyn Store>, config: crate::config::BackupConfig, period: u64, clock: Clock) {
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(period)).await;
        let (store, config, now) = (store.clone(), config.clone(), clock.now());
        let written = tokio::task::spawn_blocking(move || {
            let entries = store.snapshot()?;
            crate::store::backup::write_file(&config.dir, &entries, now, config.keep)
        })
        .await;
        match written {
            Ok(Ok(path)) => tracing::info!(path = %path.display(), "backup written"),
            Ok(Err(e)) => tracing::error!(error = %e, "a backup failed"),
            Err(e) => tracing::error!(error = %e, "the backup task failed"),
        }
    }
}

/// Answers `tablero admin backup` while the bot holds the store: the command leaves a request in the store's
/// folder, looked at every second.
async fn backup_requests(store: Arc<dyn Store>, folder: std::path::PathBuf, clock: Clock) {
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        if !folder.join(crate::store::backup::REQUEST_FILE).exists() {
            continue;
        }
        let (store, folder, now) = (store.clone(), folder.clone(), clock.now());
        let answered = tokio::task::spawn_blocking(move || {
            crate::store::backup::answer_request(&folder, || store.snapshot(), now)
        })
        .await;
        match answered {
            Ok(Ok(Some(path))) => tracing::info!(path = %path.display(), "backup written on request"),
            Ok(Ok(None)) => {}
            Ok(Err(e)) => tracing::error!(error = %e, "a requested backup failed"),
            Err(e) => tracing::error!(error = %e, "the backup task failed"),
        }
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
