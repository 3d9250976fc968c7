//! Live pages: an open game's page follows it through server-sent events. One watcher per game with readers
//! polls the game's revision in the store (so a move made by any process sharing the store reaches every
//! process's readers), and looks at once when the table of its own process writes the game; it tells them of
//! each new revision; the page's new live part is drawn once per revision and
//! language and shared by all its readers. Each event carries the revision as its id: a reader who lost the
//! stream comes back with `Last-Event-ID` (or the revision its page was drawn at) and is sent the latest state
//! at once if it moved meanwhile, so no move is lost.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use tokio::sync::broadcast;

use crate::i18n::Locale;
use crate::store::record::{GameId, GuildId};
use crate::table::Table;

/// A new revision of a watched game, and its live part once drawn in each language.
pub struct Update {
    pub revision: u64,
    drawn: [OnceLock<Option<String>>; 3],
}

impl Update {
    pub fn at(revision: u64) -> Update {
        Update { revision, drawn: Default::default() }
    }

    fn slot(locale: Locale) -> usize {
        match locale {
            Locale::English => 0,
            Locale::SpanishLatinAmerica => 1,
            Locale::SpanishSpain => 2,
        }
    }

    /// The live part in `locale`, if a reader had it drawn already.
    pub fn ready(&self, locale: Locale) -> Option<Option<String>> {
        self.drawn[Update::slot(locale)].get().cloned()
    }

    /// The live part in `locale`, drawn by `draw` for the first reader who needs it (the others wait for it).
    pub fn drawn(&self, locale: Locale, draw: impl FnOnce() -> Option<String>) -> Option<String> {
        self.drawn[Update::slot(locale)].get_or_init(draw).clone()
    }
}

/// A watched game: its readers' channel, and the bell that makes its watcher look at once.
type Watched = HashMap<(GuildId, GameId), (broadcast::Sender<Arc<Update>>, Arc<tokio::sync::Notify>)>;

pub struct Live {
    table: Arc<Table>,
    watched: Mutex<Watched>,
    open: AtomicUsize,
    limit: usize,
    poll: Duration,
}

/// An open stream, counted until it is dropped.
pub struct Slot(Arc<Live>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Live {
    pub fn new(table: Arc<Table>, limit: usize, poll: Duration) -> Arc<Live> {
        Arc::new(Live { table, watched: Mutex::new(HashMap::new()), open: AtomicUsize::new(0), limit, poll })
    }

    /// A place for one more stream, unless as many as the limit are open.
    pub fn slot(self: &Arc<Self>) -> Option<Slot> {
        let taken = self.open.fetch_add(1, Ordering::SeqCst);
        if taken >= self.limit {
            self.open.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Slot(self.clone()))
    }

    /// Streams open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }

    /// News of a game's revisions from now on (its watcher started if it had none).
    pub fn subscribe(
        self: &Arc<Self>,
        guild: GuildId,
        game: GameId,
        revision: u64,
    ) -> broadcast::Receiver<Arc<Update>> {
        let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((sender, _)) = watched.get(&(guild, game)) {
            return sender.subscribe();
        }
        let (sender, receiver) = broadcast::channel(8);
        let bell = Arc::new(tokio::sync::Notify::new());
        watched.insert((guild, game), (sender.clone(), bell.clone()));
        let live = self.clone();
        tokio::spawn(async move { live.watch(guild, game, revision, sender, bell).await });
        receiver
    }

    /// A game was written in this process: its watcher, if it has one, looks at once.
    pub fn poke(&self, guild: GuildId, game: GameId) {
        if let Some((_, bell)) = self.watched.lock().unwrap_or_else(|e| e.into_inner()).get(&(guild, game)) {
            bell.notify_one();
        }
    }

    async fn watch(
        self: Arc<Self>,
        guild: GuildId,
        game: GameId,
        mut seen: u64,
        sender: broadcast::Sender<Arc<Update>>,
        bell: Arc<tokio::sync::Notify>,
    ) {
        loop {
            // Every `poll` (a move made by another process sharing the store), or at once when rung.
            tokio::select! {
                _ = tokio::time::sleep(self.poll) => {}
                _ = bell.notified() => {}
            }
            {
                // Nobody reads any more: the watcher goes (under the lock a new reader would take).
                let mut watched = self.watched.lock().unwrap_or_else(|e| e.into_inner());
                if sender.receiver_count() == 0 {
                    watched.remove(&(guild, game));
                    return;
                }
            }
            let table = self.table.clone();
            let revision = tokio::task::spawn_blocking(move || table.web_revision(guild, game)).await;
            match revision {
                Ok(Ok(Some(revision))) if revision != seen => {
                    seen = revision;
                    let _ = sender.send(Arc::new(Update::at(revision)));
                }
                Ok(Ok(Some(_))) => {}
                Ok(Ok(None)) => {
                    // The game went (the server turned its pages off, say): the readers' streams end.
                    self.watched.lock().unwrap_or_else(|e| e.into_inner()).remove(&(guild, game));
                    return;
                }
                Ok(Err(e)) => tracing::warn!(game, error = %e, "a live page cannot read its game"),
                Err(e) => tracing::warn!(game, error = %e, "a live page's watcher failed"),
            }
        }
    }
}
