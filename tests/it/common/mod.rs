//! Helpers several test files share: a store that fails on purpose, and the table's actors.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use tablero::store::record::TournamentId;

use tablero::games::GameKind;
use tablero::i18n::Locale;
use tablero::store::backup::Entry;
use tablero::store::record::{ChannelId, GameId, GameRecord, GuildId, Notice, Timestamp, UserId};
use tablero::store::{
    Committed, GuildSettings, Rating, Store, StoreError, TeamKey, TeamRecord, Tournament, TournamentMark, Unit,
    WriteError,
};
use tablero::table::{Actor, Permissions};

pub mod backends;
pub mod console;
pub mod held;
pub mod play;
pub mod props;
pub mod web;

/// A member of guild 1 (or `guild`), named after the user id: 1 ana, 2 ben, 3 cy, 4 dan, 5 eve; user 1 has
/// Manage Server.
pub fn actor_in(guild: u64, user: u64, channel: u64) -> Actor {
    Actor {
        guild: GuildId(guild),
        channel: ChannelId(channel),
        user: UserId(user),
        name: ["tablero", "ana", "ben", "cy", "dan", "eve", "fay"][user as usize % 7].to_string(),
        roles: vec![],
        locale: Locale::English,
        permissions: Permissions { manage_server: user == 1, ..Permissions::default() },
        private: false,
    }
}

/// A store whose writes fail when told to: the `k`-th write from now (commits and id reservations count)
/// fails as a storage failure, before anything of it is written, as a crash before the commit would leave it.
pub struct Faulty {
    pub inner: Arc<dyn Store>,
    writes: AtomicU64,
    fail_at: AtomicU64,
    /// Runs once, just before the next commit: another writer that gets there first.
    before_commit: std::sync::Mutex<Option<Box<dyn FnOnce() + Send>>>,
    /// Runs just before every commit: another writer that always gets there first.
    before_each: std::sync::Mutex<Option<Arc<dyn Fn() + Send + Sync>>>,
    /// Games read so far.
    pub game_reads: AtomicU64,
}

impl Faulty {
    pub fn new(inner: Arc<dyn Store>) -> Faulty {
        Faulty {
            inner,
            writes: AtomicU64::new(0),
            fail_at: AtomicU64::new(0),
            before_commit: Default::default(),
            before_each: Default::default(),
            game_reads: AtomicU64::new(0),
        }
    }

    /// `write` runs just before the next commit, as another writer that commits first (its own writes go to
    /// the inner store).
    pub fn before_next_commit(&self, write: impl FnOnce() + Send + 'static) {
        *self.before_commit.lock().unwrap() = Some(Box::new(write));
    }

    /// `write` runs just before every commit from now on, as another writer that always commits first.
    pub fn before_each_commit(&self, write: impl Fn() + Send + Sync + 'static) {
        *self.before_each.lock().unwrap() = Some(Arc::new(write));
    }

    /// The `k`-th write from now fails (0: none does).
    pub fn fail_write(&self, k: u64) {
        let done = self.writes.load(Ordering::SeqCst);
        self.fail_at.store(if k == 0 { 0 } else { done + k }, Ordering::SeqCst);
    }

    /// Writes tried so far (failed ones included).
    pub fn writes(&self) -> u64 {
        self.writes.load(Ordering::SeqCst)
    }

    fn write(&self) -> Result<(), StoreError> {
        let n = self.writes.fetch_add(1, Ordering::SeqCst) + 1;
        if n == self.fail_at.load(Ordering::SeqCst) {
            return Err(StoreError::Backend(format!("write {n} fails on purpose")));
        }
        Ok(())
    }
}

impl Store for Faulty {
    fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.game_reads.fetch_add(1, Ordering::SeqCst);
        self.inner.game(id)
    }
    fn game_header(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        self.inner.game_header(id)
    }
    fn announce_game(&self, guild: GuildId, game: GameId) {
        self.inner.announce_game(guild, game)
    }
    fn hear_games(&self, tell: tablero::store::GamesHeard) -> bool {
        self.inner.hear_games(tell)
    }
    fn channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
        self.inner.channel_game(channel)
    }
    fn last_channel_game(&self, channel: ChannelId) -> Result<Option<GameId>, StoreError> {
        self.inner.last_channel_game(channel)
    }
    fn user_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError> {
        self.inner.user_games(user)
    }
    fn user_live_games(&self, user: UserId) -> Result<Vec<GameId>, StoreError> {
        self.inner.user_live_games(user)
    }
    fn commit(&self, unit: &Unit) -> Result<Committed, WriteError> {
        self.write()?;
        let interfering = self.before_commit.lock().unwrap().take();
        if let Some(write) = interfering {
            write();
        }
        let each = self.before_each.lock().unwrap().clone();
        if let Some(write) = each {
            write();
        }
        self.inner.commit(unit)
    }
    fn reserve_game_ids(&self, n: u64) -> Result<GameId, StoreError> {
        self.write()?;
        self.inner.reserve_game_ids(n)
    }
    fn rating(&self, guild: GuildId, kind: GameKind, user: UserId) -> Result<Option<Rating>, StoreError> {
        self.inner.rating(guild, kind, user)
    }
    fn leaderboard(
        &self,
        guild: GuildId,
        kind: GameKind,
        provisional: bool,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<(UserId, Rating)>, usize), StoreError> {
        self.inner.leaderboard(guild, kind, provisional, offset, limit)
    }
    fn team_record(&self, guild: GuildId, key: TeamKey) -> Result<Option<TeamRecord>, StoreError> {
        self.inner.team_record(guild, key)
    }
    fn team_records(&self, guild: GuildId) -> Result<Vec<(TeamKey, TeamRecord)>, StoreError> {
        self.inner.team_records(guild)
    }
    fn last_rating_sequence(&self, guild: GuildId) -> Result<u64, StoreError> {
        self.inner.last_rating_sequence(guild)
    }
    fn all_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        self.inner.all_games()
    }
    fn finished_games(&self, guild: GuildId) -> Result<Vec<(GameId, GameKind, Timestamp)>, StoreError> {
        self.inner.finished_games(guild)
    }
    fn player_finished_games(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<Vec<(GameId, GameKind, Timestamp)>, StoreError> {
        self.inner.player_finished_games(guild, user)
    }
    fn live_games(&self, guild: GuildId) -> Result<Vec<GameId>, StoreError> {
        self.inner.live_games(guild)
    }
    fn tournament(&self, id: TournamentId) -> Result<Option<Tournament>, StoreError> {
        self.inner.tournament(TournamentId(id.get()))
    }
    fn tournaments(&self, guild: GuildId) -> Result<Vec<Tournament>, StoreError> {
        self.inner.tournaments(guild)
    }
    fn tournament_marks(&self, until: Timestamp) -> Result<Vec<TournamentMark>, StoreError> {
        self.inner.tournament_marks(until)
    }
    fn request_done(&self, key: &str) -> Result<bool, StoreError> {
        self.inner.request_done(key)
    }
    fn prune_requests(&self, before: Timestamp) -> Result<usize, StoreError> {
        self.inner.prune_requests(before)
    }
    fn due_games(&self, until: Timestamp) -> Result<Vec<GameId>, StoreError> {
        self.inner.due_games(until)
    }
    fn next_due(&self) -> Result<Option<Timestamp>, StoreError> {
        self.inner.next_due()
    }
    fn notices(&self) -> Result<Vec<Notice>, StoreError> {
        self.inner.notices()
    }
    fn guild_settings(&self, guild: GuildId) -> Result<GuildSettings, StoreError> {
        self.inner.guild_settings(guild)
    }
    fn notify_dm(&self, user: UserId) -> Result<bool, StoreError> {
        self.inner.notify_dm(user)
    }
    fn session(
        &self,
        key: &tablero::store::session::SecretHash,
        now: Timestamp,
    ) -> Result<Option<tablero::store::Session>, StoreError> {
        self.inner.session(key, now)
    }
    fn sign_in(
        &self,
        key: &tablero::store::session::SecretHash,
        now: Timestamp,
    ) -> Result<Option<tablero::store::SignIn>, StoreError> {
        self.inner.sign_in(key, now)
    }
    fn expired_sessions(
        &self,
        now: Timestamp,
        limit: usize,
    ) -> Result<Vec<tablero::store::session::SecretHash>, StoreError> {
        self.inner.expired_sessions(now, limit)
    }
    fn board_post(&self, game: GameId) -> Result<Option<(ChannelId, u64)>, StoreError> {
        self.inner.board_post(game)
    }
    fn all_guild_settings(&self) -> Result<Vec<(GuildId, tablero::store::GuildSettings)>, StoreError> {
        self.inner.all_guild_settings()
    }
    fn training(
        &self,
        key: &tablero::store::training::TrainingKey,
    ) -> Result<Option<(serde_json::Value, u64)>, StoreError> {
        self.inner.training(key)
    }
    fn puzzles(
        &self,
        game: Option<tablero::games::GameKind>,
    ) -> Result<Vec<tablero::store::training::Puzzle>, StoreError> {
        self.inner.puzzles(game)
    }
    fn set_board_post(
        &self,
        game: GameId,
        channel: ChannelId,
        message: u64,
    ) -> Result<Option<(ChannelId, u64)>, StoreError> {
        self.inner.set_board_post(game, channel, message)
    }
    fn snapshot(&self) -> Result<Vec<Entry>, StoreError> {
        self.inner.snapshot()
    }
    fn load(&self, entries: &[Entry]) -> Result<(), StoreError> {
        self.write()?;
        self.inner.load(entries)
    }
    fn check_indexes(&self, repair: bool) -> Result<Vec<String>, StoreError> {
        self.inner.check_indexes(repair)
    }
    fn is_empty(&self) -> Result<bool, StoreError> {
        self.inner.is_empty()
    }
}
