//! The table service: who may do what with which game. Front ends turn user actions into a [`Command`] with an
//! [`Actor`]; this module checks it against the game record (via the store) and the rules (via `games/`),
//! writes the change in one store transaction, and answers with [`Reply`]s or a [`Refusal`], in the actor's
//! language. It knows nothing of Discord or terminals.
//!
//! A command belongs to one domain, and each domain is a module with one door, its `handle`: `challenges`,
//! `play`, `records`, `ratings`, `settings`, `pages` and `tournament`. A domain calls only what lies below the
//! domains: the request at work and its one write path (`write`), the lookups here (a game of the actor's
//! server, a position, who organises a server), the board replies (`view`, `menus`, `naming`), results counted
//! (`tally`) and the pure time controls (`deadlines`). Above them, beside this entry, the scheduler
//! (`schedule`) carries out due events and puts every domain's notices into words.
//!
//! Invariants: a refused command changes nothing stored; one live game per channel; only the challenged user
//! accepts; only the player on turn moves; a move is acknowledged only after its write is flushed.

mod actor;
mod button_id;
mod challenges;
mod check;
mod command;
pub mod describe;
pub mod limits;
mod menus;
mod naming;
mod pages;
mod play;
pub mod progress;
mod ratings;
mod records;
mod reply;
mod schedule;
mod settings;
mod tally;
mod terms;
pub mod tournament;
mod view;
mod write;

use crate::store::record::ChannelId;
use crate::store::record::GuildId;
use write::AtWork;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::games::Position;
use crate::i18n::{self, Message};
use crate::store::record::{GameId, GameRecord, Status, Timestamp};
use crate::store::{Store, StoreError};

pub use actor::{Actor, Permissions, RoleId};
pub use button_id::ButtonId;
pub use check::CheckReport;
pub use command::{
    ChallengeCommand, Command, Decision, PageCommand, PlayCommand, RatingCommand, RecordCommand, SettingCommand,
    TournamentCommand, TournamentFormat,
};
pub use limits::Limits;
pub use menus::{MENU_OPTIONS, Menu, MenuOption};
pub use pages::{GameLine, GamePage, LiveState, MoveLine, ServerPage, SideLine, TournamentLine};
pub use play::throw_sticks;
pub use progress::{Progress, Stage};
pub use records::{
    ARCHIVE_PAGE, ArchivePage, ArchivedGame, ReplayPictures, replay_captions, replay_delay, replay_frames,
};
pub use reply::{Audience, Button, ButtonStyle, File, Image, Link, Refusal, Reply};
pub use schedule::Delivery;
pub use settings::SettingChange;
pub use terms::{Seeding, Terms, TournamentTerms};
pub use view::legend as legend_words;

/// A game's name in `locale`.
pub fn game_title(locale: i18n::Locale, kind: crate::games::GameKind) -> String {
    naming::game_name(locale, kind)
}

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
    /// The most characters the front end shows in one message (Discord's, set by the bot); a game's history
    /// longer than that shows its latest moves. Unbounded unless a front end says.
    pub message_chars: usize,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            challenge_expiry_secs: 24 * 3600,
            seed: None,
            limits: Limits::default(),
            web_url: None,
            web_open: false,
            message_chars: usize::MAX,
        }
    }
}

/// What went wrong in the table's own work (the scheduler's, the computer's, the pages', a check), as its callers
/// see it: never a member's mistake, which is a refusal in words.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A record that does not read as it should, or work that could not be done.
    #[error("{0}")]
    Internal(String),
    /// Refused as a member's request would be (in English words, for the log).
    #[error("refused: {0}")]
    Refused(String),
    /// Carried out before (a redelivered request).
    #[error("done before")]
    AlreadyDone,
}

impl From<String> for TableError {
    fn from(e: String) -> TableError {
        TableError::Internal(e)
    }
}

impl From<Fail> for TableError {
    fn from(fail: Fail) -> TableError {
        match fail {
            Fail::User(m) => TableError::Refused(i18n::text(i18n::Locale::English, &m)),
            Fail::Changed(c) => TableError::Refused(i18n::text(i18n::Locale::English, &c.message())),
            Fail::Internal(e) => TableError::Internal(e),
            Fail::AlreadyDone => TableError::AlreadyDone,
        }
    }
}

/// Why a command failed, before it is put into words.
#[derive(Debug)]
enum Fail {
    User(Message),
    /// What the request read was changed meanwhile (by another request or process): worth trying again.
    Changed(Changed),
    Internal(String),
    /// The request was carried out before (a redelivery): nothing is done, nothing is said.
    AlreadyDone,
}

/// What changed under a request, as the store reports a revision that moved on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Changed {
    Game,
    Tournament,
    Settings,
}

impl Changed {
    /// What the member is told when trying again did not help.
    fn message(self) -> Message {
        Message::new(match self {
            Changed::Game => "game-changed",
            Changed::Tournament => "tournament-changed",
            Changed::Settings => "settings-changed",
        })
    }
}

impl From<Message> for Fail {
    fn from(m: Message) -> Fail {
        Fail::User(m)
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Fail {
        Fail::Internal(e.to_string())
    }
}

/// What a command handler gives back before it is put into words.
type Answer = Result<Vec<Reply>, Fail>;

pub struct Table {
    store: Arc<dyn Store>,
    config: TableConfig,
    rng: Mutex<StdRng>,
    /// Positions of recently used games with the record revision they belong to; derived data only.
    positions: Mutex<HashMap<GameId, (u64, Position)>>,
    /// When old request keys were last forgotten (pacing of a clean-up, nothing rests on it).
    last_prune: std::sync::atomic::AtomicU64,
    /// The servers whose scheduled work (due events, notices to post, the computer's moves, tournaments) this
    /// table does: all, unless several processes share the store and split the servers (`serving`).
    serves: Box<dyn Fn(GuildId) -> bool + Send + Sync>,
    /// Told of every game a unit wrote, once committed (server, game): a front end in the same process that
    /// follows games (the web pages' live part) hears of a move at once rather than at its next look.
    written: std::sync::RwLock<Vec<GameWritten>>,
    /// The last Swiss round paired, by what it was paired from: an advance tried again after a conflict (the
    /// tournament changed meanwhile in a way that leaves its results alone) does not search again.
    pub(crate) swiss_memo: Mutex<Option<(u64, crate::pairings::systems::Round)>>,
    /// The names each server's pages find players by, and when they were read (derived data, see `pages`).
    pub(crate) web_names: Mutex<HashMap<GuildId, (std::time::Instant, pages::Names)>>,
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

    /// Carries out a request: its replies, or the refusal in the actor's language (nothing changed). `None` when
    /// a request with a key was carried out before (a redelivery): nothing is done, and there is nothing to say.
    pub fn handle(&self, request: Request<'_>) -> Option<Result<Vec<Reply>, Refusal>> {
        if let Some(key) = request.key {
            match self.store.request_done(key) {
                Ok(true) => return None,
                Ok(false) => {}
                Err(e) => tracing::warn!(error = %e, "cannot tell whether a request was done; the store will"),
            }
        }
        let (answer, stored_key) = self.handle_request(&request);
        // The same request handled at the same moment elsewhere (a redelivery racing the first delivery) may have
        // won: its refusal here ("not your turn", "changed meanwhile") would be false, so nothing is said.
        if let Some(key) = request.key
            && answer.is_err()
            && !stored_key
            && self.store.request_done(key).unwrap_or(false)
        {
            return None;
        }
        match answer {
            Ok(replies) => Some(Ok(replies)),
            Err(Fail::AlreadyDone) => None,
            Err(fail) => Some(Err(self.refusal(request.actor, fail))),
        }
    }

    fn handle_request(&self, request: &Request<'_>) -> (Result<Vec<Reply>, Fail>, bool) {
        let (actor, now) = (request.actor, request.now);
        // A server may fix the language of its public posts (`/settings`); otherwise the front end's choice.
        let public = match self.store.guild_settings(actor.guild) {
            Ok(settings) => settings.locale.unwrap_or(request.public),
            Err(_) => request.public,
        };
        let private_answer = request.command.answers_privately();
        // Names are bounded and on one line here, for every front end alike.
        let command = request.command.clone().with_clean_names(&self.config.limits);
        let speaker = Actor {
            locale: if private_answer { actor.locale } else { public },
            name: limits::clean_name(&actor.name, self.config.limits.name_chars),
            ..actor.clone()
        };
        let at_work = AtWork::request(self, request.key.map(|k| (k.to_string(), now)));
        let idle = Progress::new();
        let mut result = at_work.dispatch(&speaker, command, now, request.progress.unwrap_or(&idle));
        let (mut ended, stored_key) = at_work.finish(request.key.is_some());
        // A game that ended may complete its tournament's round: that tournament (only) is advanced now. A failure
        // here is not the actor's: the tournament's mark stays, and the scheduler advances it later.
        if let Ok(replies) = &mut result {
            ended.sort_unstable();
            ended.dedup();
            for tournament in ended {
                // A large Swiss is paired as heavy work by the scheduler (its mark stays), never while a member
                // waits for the answer to a move.
                if self.pairs_off_the_request_path(tournament) {
                    continue;
                }
                match self.advance_tournament(tournament, public, now) {
                    Ok(more) => replies.extend(more.into_iter().map(|(channel, reply)| reply.in_channel(channel))),
                    Err(e) => tracing::error!(tournament, error = %e, "a tournament could not advance"),
                }
            }
        }
        // Every reply of a command is in the speaker's language, a tournament's posts in the public one.
        let language =
            |r: &Reply| if r.channel().is_some_and(|c| c != actor.channel) { public } else { speaker.locale };
        let result = result.map(|replies| replies.into_iter().map(|r| Reply { locale: language(&r), ..r }).collect());
        (result, stored_key)
    }

    /// A failure put into words for the actor: their mistake as such, ours with an id to find it in the logs.
    fn refusal(&self, actor: &Actor, fail: Fail) -> Refusal {
        match fail {
            Fail::User(m) => Refusal { text: i18n::spans(actor.locale, &m), internal: false },
            Fail::Changed(c) => self.refusal(actor, Fail::User(c.message())),
            Fail::AlreadyDone => self.refusal(actor, Fail::Internal("a request done before, refused".into())),
            Fail::Internal(context) => {
                let id = format!("{:08x}", self.rng.lock().unwrap_or_else(|e| e.into_inner()).random::<u32>());
                tracing::error!(error_id = %id, %context, "internal failure");
                Refusal {
                    text: i18n::spans(actor.locale, &Message::new("internal-error").str("id", id)),
                    internal: true,
                }
            }
        }
    }

    /// Carries out what fell due by `now` (reminders, timeouts, expiries, adjudications); how many events.
    pub fn tick(&self, now: Timestamp) -> Result<usize, TableError> {
        AtWork::own(self).tick(now)
    }

    /// The outbox's notices to post, in `locale` where a server has not fixed its language.
    pub fn deliveries(&self, locale: i18n::Locale) -> Result<Vec<Delivery>, TableError> {
        AtWork::own(self).deliveries(locale)
    }

    /// The front end posted the notice: it leaves the outbox.
    pub fn delivered(&self, notice: u64) -> Result<(), TableError> {
        AtWork::own(self).delivered(notice)
    }

    /// When the next event falls due, if any.
    pub fn next_due(&self) -> Option<Timestamp> {
        AtWork::own(self).next_due()
    }

    /// Advances the tournaments whose games ended or whose sign-up closed; what they announce, by server and
    /// channel.
    pub fn advance_due_tournaments(
        &self,
        locale: i18n::Locale,
        now: Timestamp,
    ) -> Result<Vec<(GuildId, ChannelId, Reply)>, TableError> {
        AtWork::own(self).advance_due_tournaments(locale, now)
    }

    /// Whether a tournament's next round is paired by the scheduler as heavy work (a large Swiss).
    pub fn pairs_off_the_request_path(&self, id: u64) -> bool {
        AtWork::own(self).pairs_off_the_request_path(id)
    }

    /// The tournaments marked due at `now`, with their servers.
    pub fn due_tournaments(&self, now: Timestamp) -> Result<Vec<(u64, GuildId)>, TableError> {
        AtWork::own(self).due_tournaments(now)
    }

    /// Advances one tournament if its round is complete; its posts, by channel.
    pub fn advance_tournament(
        &self,
        id: u64,
        locale: i18n::Locale,
        now: Timestamp,
    ) -> Result<Vec<(ChannelId, Reply)>, TableError> {
        AtWork::own(self).advance_tournament(id, locale, now)
    }

    /// The games whose computer owes a move by `now`.
    pub fn computer_due(&self, now: Timestamp) -> Result<Vec<GameId>, TableError> {
        AtWork::own(self).computer_due(now)
    }

    /// As [`Table::computer_due`], each game with its server.
    pub fn computer_due_by_server(&self, now: Timestamp) -> Result<Vec<(GameId, u64, Option<u64>)>, TableError> {
        AtWork::own(self).computer_due_by_server(now)
    }

    /// Searches and plays the computer's move in game `id`, if it still owes one.
    pub fn play_computer(&self, id: GameId, now: Timestamp) -> Result<bool, TableError> {
        AtWork::own(self).play_computer(id, now)
    }

    /// Moves the actor could mean by what they have typed so far, for a front end's suggestions.
    pub fn suggest_moves(&self, actor: &Actor, typed: &str, limit: usize, now: Timestamp) -> Vec<String> {
        AtWork::own(self).suggest_moves(actor, typed, limit, now)
    }

    /// Counts every server's ratings again from the finished games.
    pub fn recompute_ratings(&self) -> Result<usize, TableError> {
        AtWork::own(self).recompute_ratings()
    }

    /// Checks the stored games against their rules and the indexes against the records (repairing when asked).
    pub fn check(&self, repair: bool) -> Result<CheckReport, TableError> {
        AtWork::own(self).check(repair)
    }
}

/// One request to the table: who asks, what, and when; the language of public posts (the actor's unless a
/// front end says otherwise); the key that makes a redelivered request do nothing; where a long job reports.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    pub actor: &'a Actor,
    pub command: Command,
    pub now: Timestamp,
    pub public: i18n::Locale,
    pub key: Option<&'a str>,
    pub progress: Option<&'a Progress>,
}

impl<'a> Request<'a> {
    pub fn new(actor: &'a Actor, command: Command, now: Timestamp) -> Request<'a> {
        Request { actor, command, now, public: actor.locale, key: None, progress: None }
    }

    /// Replies everyone reads in `public` (a server's language); a refusal, which only the actor sees, and
    /// private replies stay in the actor's.
    pub fn public(self, public: i18n::Locale) -> Request<'a> {
        Request { public, ..self }
    }

    /// Once per `key` (a Discord interaction id): stored with the change the request makes, in the same
    /// transaction, so a request delivered again is not carried out again.
    pub fn once(self, key: &'a str) -> Request<'a> {
        Request { key: Some(key), ..self }
    }

    /// A long job reports to `progress` as it goes, and stops early when asked there if it can (an analysis
    /// answers with what it analysed; nothing stored is left half done).
    pub fn reporting(self, progress: &'a Progress) -> Request<'a> {
        Request { progress: Some(progress), ..self }
    }
}

impl AtWork<'_> {
    fn dispatch(&self, actor: &Actor, command: Command, now: Timestamp, progress: &Progress) -> Answer {
        if actor.private && command.belongs_to_a_server() {
            return Err(Message::new("private-server-only").into());
        }
        // An id of another server's game is refused before anything else looks at it.
        if let Some(game) = command.named_game() {
            self.game_in(actor, game)?;
        }
        match command {
            Command::Challenge(command) => challenges::handle(self, actor, command, now),
            Command::Play(command) => play::handle(self, actor, command, now),
            Command::Record(command) => records::handle(self, actor, command, now, progress),
            Command::Rating(command) => ratings::handle(self, actor, command, now),
            Command::Setting(command) => settings::handle(self, actor, command, now),
            Command::Page(command) => pages::handle(self, actor, command),
            Command::Tournament(command) => tournament::handle(self, actor, command, now),
        }
    }

    /// Members with Manage Server or the server's organiser role.
    fn is_organiser(&self, actor: &Actor) -> Result<bool, Fail> {
        let role = self.store.guild_settings(actor.guild)?.organiser_role;
        Ok(actor.permissions.manage_server || role.is_some_and(|r| actor.roles.contains(&r)))
    }

    fn rng(&self) -> std::sync::MutexGuard<'_, StdRng> {
        self.table.rng.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The live game of the actor's channel, with a lapsed challenge marked expired on the way.
    fn channel_game(&self, actor: &Actor, now: Timestamp) -> Result<Option<GameRecord>, Fail> {
        let Some(id) = self.store.channel_game(actor.channel)? else { return Ok(None) };
        let Some(record) = self.store.game(id)? else {
            return Err(Fail::Internal(format!("channel index points at missing game {id}")));
        };
        if self.expire_if_due(&record, now)? { Ok(None) } else { Ok(Some(record)) }
    }

    /// A game named by its id, only if it belongs to the actor's server: one of another server is "not found"
    /// in the same words as a missing one, so nothing tells that it exists elsewhere.
    fn game_in(&self, actor: &Actor, id: GameId) -> Result<GameRecord, Fail> {
        match self.store.game(id)? {
            Some(record) if record.guild == actor.guild => Ok(record),
            _ => Err(Message::new("game-not-found").num("id", id.get() as i64).into()),
        }
    }

    /// The game a board or history request is about: the channel's live game, else its most recent one.
    fn shown_game(&self, actor: &Actor, now: Timestamp) -> Result<Option<GameRecord>, Fail> {
        if let Some(record) = self.channel_game(actor, now)? {
            return Ok(Some(record));
        }
        match self.store.last_channel_game(actor.channel)? {
            // A store written before imports were kept out of a channel's games may still point at one.
            Some(id) => Ok(self.store.game(id)?.filter(GameRecord::is_channels_latest)),
            None => Ok(None),
        }
    }

    /// Marks a lapsed challenge expired; true when it was (or already is) no longer live.
    fn expire_if_due(&self, record: &GameRecord, now: Timestamp) -> Result<bool, Fail> {
        if record.status != Status::Challenge || now < record.expires_at {
            return Ok(!record.status.is_live());
        }
        match self.run_event(record, crate::deadlines::Event::Expire, now) {
            Ok(_) => Ok(true),
            // Someone acted on it meanwhile (accepted it, say): judge the record as it now is.
            Err(Fail::User(_) | Fail::Changed(_)) => {
                Ok(self.store.game(record.id)?.is_none_or(|r| !r.status.is_live()))
            }
            Err(e) => Err(e),
        }
    }

    /// The current position of a record: from the cache when it is of the same revision, else replayed.
    fn position(&self, record: &GameRecord) -> Result<Position, Fail> {
        if let Some((revision, position)) =
            self.table.positions.lock().unwrap_or_else(|e| e.into_inner()).get(&record.id)
            && *revision == record.revision
        {
            return Ok(position.clone());
        }
        let moves = record.moves.iter().map(|m| m.notation.as_str());
        let position = match Position::replay(record.kind, &record.options, moves) {
            Ok(Ok(p)) => p,
            Ok(Err((i, e))) => {
                return Err(Fail::Internal(format!("game {} does not replay at move {i}: {e:?}", record.id)));
            }
            Err(e) => return Err(Fail::Internal(format!("game {} has bad options: {e:?}", record.id))),
        };
        self.remember(record, &position);
        Ok(position)
    }

    /// The position of a record, replayed (not from the cache: the record may not be stored yet).
    fn replay(&self, record: &GameRecord) -> Result<Position, Fail> {
        let moves = record.moves.iter().map(|m| m.notation.as_str());
        match Position::replay(record.kind, &record.options, moves) {
            Ok(Ok(p)) => Ok(p),
            _ => Err(Fail::Internal(format!("game {} does not replay", record.id))),
        }
    }

    fn remember(&self, record: &GameRecord, position: &Position) {
        let mut cache = self.table.positions.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() > 10_000 {
            cache.clear();
        }
        cache.insert(record.id, (record.revision, position.clone()));
    }
}

/// A yes-or-no option or setting, read as the games' options are (see [`crate::games::yes_no`]).
fn flag(key: &str, value: &str) -> Result<bool, Message> {
    crate::games::yes_no(value).ok_or_else(|| {
        Message::new("option-bad-value").str("key", key).str("value", value).str("expected", "true|false")
    })
}
