//! The `tablero` binary as the bot, against the fake Discord: its configuration written beside `dir/data`, the
//! environment of a test (no real token or API base, no store URL or shards but those given), killed when dropped.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::FakeDiscord;
use super::payloads::GUILD_ID;

/// A bot process; killed when dropped, so a failing test leaves nothing running.
pub struct Bot(pub Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl std::ops::Deref for Bot {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Bot {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

/// Starts `tablero bot` (the binary cargo built for this test or benchmark) with `dir/<name>.toml` as its
/// configuration (store folder `dir/data`) and `env` on top of the test's environment.
pub fn spawn_bot(binary: &str, fake: &FakeDiscord, dir: &Path, name: &str, env: &[(&str, String)]) -> Bot {
    spawn_bot_in(binary, fake, dir, name, env, Some(GUILD_ID))
}

/// As [`spawn_bot`]; its commands registered in `guild`, or globally when `None` (as a bot users install does:
/// only global commands are offered in direct messages).
pub fn spawn_bot_in(
    binary: &str,
    fake: &FakeDiscord,
    dir: &Path,
    name: &str,
    env: &[(&str, String)],
    guild: Option<u64>,
) -> Bot {
    let config = dir.join(format!("{name}.toml"));
    let guild = guild.map(|g| format!("guild_id = {g}\n")).unwrap_or_default();
    let text = format!(
        "data_dir = {:?}\n[discord]\n{guild}api_base = {:?}\ntoken = \"test-token\"\n",
        dir.join("data").display().to_string(),
        fake.base()
    );
    std::fs::write(&config, text).unwrap();
    Command::new(binary)
        .arg("--config")
        .arg(&config)
        .arg("bot")
        .env("NO_PROXY", "127.0.0.1,localhost")
        .env_remove("DISCORD_TOKEN")
        .env_remove("DISCORD_API_BASE")
        .env_remove("TABLERO_STORE_URL")
        .env_remove("TABLERO_SHARDS")
        .env_remove("TABLERO_WEB_LISTEN")
        .env_remove("TABLERO_WEB_PUBLIC_URL")
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .spawn()
        .map(Bot)
        .expect("the tablero binary starts")
}

/// Moves the bot's clock `secs` seconds ahead of the real one (the binary reads it at every look).
pub fn set_clock(dir: &Path, secs: u64) {
    std::fs::write(dir.join("clock"), secs.to_string()).unwrap();
}

/// The binary with the clock of `dir` (which [`set_clock`] moves; at the real time to begin with), a fixed seed,
/// and `env` on top; its configuration is named after its shards, so several processes share one folder.
pub fn spawn_clocked(fake: &FakeDiscord, dir: &Path, env: &[(&str, String)]) -> Bot {
    spawn_clocked_in(fake, dir, env, Some(GUILD_ID))
}

/// As [`spawn_clocked`], its commands registered in `guild`, or globally when `None`.
pub fn spawn_clocked_in(fake: &FakeDiscord, dir: &Path, env: &[(&str, String)], guild: Option<u64>) -> Bot {
    if !dir.join("clock").exists() {
        set_clock(dir, 0);
    }
    let mut all =
        vec![("TABLERO_TEST_SEED", "11".to_string()), ("TABLERO_TEST_CLOCK", dir.join("clock").display().to_string())];
    all.extend(env.iter().cloned());
    let name = env
        .iter()
        .find(|(k, _)| *k == "TABLERO_SHARDS")
        .map_or("config".to_string(), |(_, s)| format!("config-{}", s.replace('/', "-")));
    spawn_bot_in(env!("CARGO_BIN_EXE_tablero"), fake, dir, &name, &all, guild)
}

/// A free port of 127.0.0.1 for one of the bot's addresses.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The status and body of a GET, or `None` when nothing answers.
pub async fn get(url: &str) -> Option<(u16, String)> {
    let client = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(5)).build().unwrap();
    let response = client.get(url).send().await.ok()?;
    let status = response.status().as_u16();
    Some((status, response.text().await.unwrap_or_default()))
}

/// Waits (within the tests' bound) until `/readyz` answers `status`; the last body.
pub async fn until_ready_is(base: &str, status: u16) -> String {
    let deadline = Instant::now() + super::WAIT;
    loop {
        if let Some((got, body)) = get(&format!("{base}/readyz")).await
            && got == status
        {
            return body;
        }
        assert!(Instant::now() < deadline, "/readyz never answered {status}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
