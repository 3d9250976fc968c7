//! Live pages: an open game's page follows it through server-sent events, woken by the writes themselves, never
//! by polling. A game with readers has one watcher, which sleeps until a write of that game is heard (from this
//! process's table, or announced by another process sharing the store); it then reads the game once and tells
//! its readers of the new revision. What a reader is sent is drawn once per revision and language and shared by
//! all readers: the page's top part and only the moves after the ones it had. An idle stream costs nothing but
//! its socket; the streams are shared out per client and per server ([`super::shares`]).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use tokio::sync::broadcast;

use super::shares::{Held, Refused, Shares};
use crate::i18n::Locale;
use crate::store::record::{GameId, GuildId};
use crate::table::Table;

/// How often a watcher with no reader left notices it (it reads nothing then).
const SWEEP: Duration = Duration::from_secs(30);

/// A game as a live page needs it: its revision, its moves, whether it is still on.
pub use crate::table::LiveState as State;

/// A new state of a watched game, the one before it, and what its readers are sent, drawn once per language.
pub struct Update {
    pub state: State,
    pub before: Option<State>,
    drawn: [OnceLock<Option<Arc<String>>>; 3],
}

impl Update {
    pub fn new(state: State, before: Option<State>) -> Update {
        Update { state, before, drawn: Default::default() }
    }

    fn slot(locale: Locale) -> usize {
        match locale {
            Locale::English => 0,
            Locale::SpanishLatinAmerica => 1,
            Locale::SpanishSpain => 2,
        }
    }

    /// What is sent in `locale`, drawn by `draw` for the first reader who needs it (the others wait for it).
    pub fn drawn(&self, locale: Locale, draw: impl FnOnce() -> Option<String>) -> Option<Arc<String>> {
        self.drawn[Update::slot(locale)].get_or_init(|| draw().map(Arc::new)).clone()
    }

    /// Drawn already for another reader.
    pub fn ready(&self, locale: Locale) -> Option<Option<Arc<String>>> {
        self.drawn[Update::slot(locale)].get().cloned()
    }
}

/// A watched game: its readers' channel, and the bell that wakes its watcher.
type Watched = HashMap<(GuildId, GameId), (broadcast::Sender<Arc<Update>>, Arc<tokio::sync::Notify>)>;

pub struct Live {
    table: Arc<Table>,
    watched: Mutex<Watched>,
    streams: Arc<Shares<GuildId>>,
}

/// An open stream, counted in its client's and its server's shares until it is dropped.
pub type Slot = Held<GuildId>;

impl Live {
    /// At most `total` streams, `per_client` from one address, `per_server` on one server's pages.
    pub fn new(table: Arc<Table>, total: usize, per_client: usize, per_server: usize) -> Arc<Live> {
        let live = Arc::new(Live {
            table: table.clone(),
            watched: Mutex::new(HashMap::new()),
            streams: Shares::new(total, per_client, per_server),
        });
        // Writes heard from the store (other processes', and other tables' of this one) wake their watchers;
        // after a gap in which some may have been missed, every watcher looks.
        let heard = Arc::downgrade(&live);
        table.store().hear_games(Box::new(move |written| {
            if let Some(live) = heard.upgrade() {
                match written {
                    Some((guild, game)) => live.poke(guild, game),
                    None => live.poke_all(),
                }
            }
        }));
        live
    }

    /// A place for one more stream of `client` on `server`'s pages.
    pub fn slot(&self, client: IpAddr, server: GuildId) -> Result<Slot, Refused> {
        let taken = self.streams.take(client, server);
        if taken.is_err() {
            crate::metrics::refused("web-streams");
        }
        taken
    }

    /// Streams open now.
    pub fn open(&self) -> usize {
        self.streams.held()
    }

    /// Games watched now.
    pub fn watched(&self) -> usize {
        self.watched.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// News of a game's states from now on (its watcher started if it had none), the game being at `state`.
    pub fn subscribe(self: &Arc<Self>, guild: GuildId, game: GameId, state: State) -> broadcast::Receiver<Arc<Update>> {
        let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((sender, _)) = watched.get(&(guild, game)) {
            return sender.subscribe();
        }
        let (sender, receiver) = broadcast::channel(8);
        let bell = Arc::new(tokio::sync::Notify::new());
        watched.insert((guild, game), (sender.clone(), bell.clone()));
        let live = self.clone();
        tokio::spawn(async move { live.watch(guild, game, state, sender, bell).await });
        receiver
    }

    /// A game was written: its watcher, if it has one, looks ([`crate::store::EVERY_GAME`]: every watcher of
    /// the server).
    pub fn poke(&self, guild: GuildId, game: GameId) {
        let watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
        if game == crate::store::EVERY_GAME {
            watched.iter().filter(|((g, _), _)| *g == guild).for_each(|(_, (_, bell))| bell.notify_one());
        } else if let Some((_, bell)) = watched.get(&(guild, game)) {
            bell.notify_one();
        }
    }

    fn poke_all(&self) {
        for (_, bell) in self.watched.lock().unwrap_or_else(|e| e.into_inner()).values() {
            bell.notify_one();
        }
    }

    async fn watch(
        self: Arc<Self>,
        guild: GuildId,
        game: GameId,
        mut seen: State,
        sender: broadcast::Sender<Arc<Update>>,
        bell: Arc<tokio::sync::Notify>,
    ) {
        loop {
            let rung = tokio::select! {
                _ = bell.notified() => true,
                _ = tokio::time::sleep(SWEEP) => false,
            };
            {
                // Nobody reads any more: the watcher goes (under the lock a new reader would take).
                let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
                if sender.receiver_count() == 0 {
                    watched.remove(&(guild, game));
                    return;
                }
            }
            if !rung {
                continue;
            }
            let table = self.table.clone();
            let state = tokio::task::spawn_blocking(move || table.web_live_state(guild, game)).await;
            match state {
                Ok(Ok(Some(state))) if state.revision != seen.revision => {
                    let _ = sender.send(Arc::new(Update::new(state, Some(seen))));
                    seen = state;
                    if !state.live {
                        // Over: its readers have the final state and their streams end.
                        self.watched.lock().unwrap_or_else(|e| e.into_inner()).remove(&(guild, game));
                        return;
                    }
                }
                Ok(Ok(Some(_))) => {}
                Ok(Ok(None)) => {
                    // The game went (the server turned its pages off, say): the readers' streams end.
                    self.watched.lock().unwrap_or_else(|e| e.into_inner()).remove(&(guild, game));
                    return;
                }
                Ok(Err(e)) => tracing::warn!(%game, error = %e, "a live page cannot read its game"),
                Err(e) => tracing::warn!(%game, error = %e, "a live page's watcher failed"),
            }
        }
    }
}
