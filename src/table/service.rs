//! The table's state and settings: its store, its configuration, its dice, the positions it keeps warm, and the
//! servers it serves; made once by a front end and shared by every request.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::limits::Limits;
use crate::games::Position;
use crate::store::Store;
use crate::store::record::{GameId, GuildId};

/// Settings of the service.
#[derive(Debug, Clone)]
pub struct TableConfig {
    /// How long a challenge waits for an answer.
    pub challenge_expiry_secs: u64,
    /// Fixes the random generator (who starts) for tests; `None` seeds it from the operating system.
    pub seed: Option<u64>,
    /// What one member or server may ask for.
    pub limits: Limits,
    /// Where the web pages are reached (without a final `/`), when this process serves them.
    pub web_url: Option<String>,
    /// The pages of every server are served without a secret address (the console's, on the machine's own
    /// loopback): the console's one pretend server has nothing to hide from its own user.
    pub web_open: bool,
    /// Whether the front end can open a game inside Discord (an Activity): its board offers to.
    pub activity: bool,
    /// The most characters the front end shows in one message (Discord's, set by the bot); a game's history
    /// longer than that shows its latest moves. Unbounded unless a front end says.
    pub message_chars: usize,
    /// The Hoyito endgame database the computer's level 5 (and a hint) plays from, when there is one.
    pub endgame: Option<std::sync::Arc<crate::ai::endgame::Endgame>>,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            challenge_expiry_secs: 24 * 3600,
            seed: None,
            limits: Limits::default(),
            web_url: None,
            web_open: false,
            activity: false,
            message_chars: usize::MAX,
            endgame: None,
        }
    }
}

pub struct Table {
    pub(super) store: Arc<dyn Store>,
    pub(super) config: TableConfig,
    pub(super) rng: Mutex<StdRng>,
    /// Positions of recently used games with the record revision they belong to; derived data only.
    pub(super) positions: Mutex<HashMap<GameId, (u64, Position)>>,
    /// When old request keys were last forgotten (pacing of a clean-up, nothing rests on it).
    pub(super) last_prune: std::sync::atomic::AtomicU64,
    /// When the servers' daily puzzles were last looked at (they are, at most once a minute).
    pub(super) last_daily: std::sync::atomic::AtomicU64,
    /// The servers whose scheduled work (due events, notices to post, the computer's moves, tournaments) this
    /// table does: all, unless several processes share the store and split the servers (`serving`).
    pub(super) serves: Box<dyn Fn(GuildId) -> bool + Send + Sync>,
    /// Told of every game a unit wrote, once committed (server, game): a front end in the same process that
    /// follows games (the web pages' live part) hears of a move at once rather than at its next look.
    pub(super) written: std::sync::RwLock<Vec<GameWritten>>,
    /// The last Swiss round paired, by what it was paired from: an advance tried again after a conflict (the
    /// tournament changed meanwhile in a way that leaves its results alone) does not search again.
    pub(crate) swiss_memo: Mutex<Option<(u64, crate::pairings::systems::Round)>>,
    /// The names each server's pages find players by, and when they were read (derived data, see `pages`).
    pub(crate) web_names: Mutex<HashMap<GuildId, (std::time::Instant, Names)>>,
}

/// What is told of a game written: its server and id.
type GameWritten = Box<dyn Fn(GuildId, GameId) + Send + Sync>;

impl Table {
    pub fn new(store: Arc<dyn Store>, config: TableConfig) -> Table {
        let rng = match config.seed {
            Some(seed) => StdRng::seed_from_u64(seed),
            None => StdRng::from_os_rng(),
        };
        Table {
            store,
            config,
            rng: Mutex::new(rng),
            positions: Mutex::new(HashMap::new()),
            last_prune: std::sync::atomic::AtomicU64::new(0),
            last_daily: std::sync::atomic::AtomicU64::new(0),
            serves: Box::new(|_| true),
            written: std::sync::RwLock::new(Vec::new()),
            swiss_memo: Mutex::new(None),
            web_names: Mutex::new(HashMap::new()),
        }
    }

    /// The same table doing the scheduled work of only the servers `serves` accepts. Processes that share a
    /// store and split the servers between them (Discord's shards) each take their own: a notice is then
    /// posted by one process, not raced for by all. Commands are served whatever the server.
    pub fn serving(mut self, serves: impl Fn(GuildId) -> bool + Send + Sync + 'static) -> Table {
        self.serves = Box::new(serves);
        self
    }

    /// `tell` hears of every game this table writes from now on (its server and id), once committed.
    pub fn on_game_written(&self, tell: impl Fn(GuildId, GameId) + Send + Sync + 'static) {
        self.written.write().unwrap_or_else(|e| e.into_inner()).push(Box::new(tell));
    }
}

/// The names a server's pages find players by (lower-cased), with the players.
pub(crate) type Names = Arc<HashMap<String, crate::store::record::Player>>;
