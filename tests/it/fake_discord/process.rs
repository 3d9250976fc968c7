//! The `tablero` binary as the bot, against the fake Discord: its configuration written beside `dir/data`, the
//! environment of a test (no real token or API base, no store URL or shards but those given), killed when dropped.

use std::path::Path;
use std::process::{Child, Command, Stdio};

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
    let config = dir.join(format!("{name}.toml"));
    let text = format!(
        "data_dir = {:?}\n[discord]\nguild_id = {GUILD_ID}\napi_base = {:?}\ntoken = \"test-token\"\n",
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
