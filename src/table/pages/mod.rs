//! What the web pages read: a server's page, a game's page (its position after any move, its moves and what
//! each did), and the views the other front ends also ask for (archive, leaderboards, players, tournaments,
//! record files, replays) asked as a reader who is nobody in particular. Nothing here writes. The pages of a
//! server exist only while its admins have them on, at the address its settings keep; a game of another server
//! is not found, as everywhere.

pub(super) mod command;

use crate::store::record::ChannelId;
use crate::table::command::{RatingCommand, RecordCommand};
use crate::table::fail::TableError;
use std::collections::HashMap;
use std::sync::Arc;

use super::naming::{game_name, side_name};
use super::records::replay_captions;
use super::write::AtWork;
use crate::games::{GameKind, Position, Side};
use crate::i18n::{self, Locale, Message, Text};
use crate::store::record::{GameId, GameRecord, GuildId, Status, Timestamp, UserId};
use crate::store::settings::web_segment_matches;
use crate::store::tournament::TournamentStatus;
use crate::table::actor::Actor;
use crate::table::command::{Command, TournamentCommand};
use crate::table::fail::Fail;
use crate::table::reply::Reply;
use crate::table::request::Request;
use crate::table::service::Names;
use crate::table::service::Table;

/// Games listed on a server's page under "recent results".
const RECENT: usize = 10;

/// How far a search by name looks: the first players of each leaderboard, the latest finished games.
const NAMES_SEARCHED: usize = 300;

/// How long a server's names found by its pages are kept before they are read again.
const NAMES_KEPT: std::time::Duration = std::time::Duration::from_secs(10);
/// Servers whose names are kept at once (more: all are forgotten, and read again as asked).
const NAMES_SERVERS: usize = 1024;

/// A game in a list: its number, the game, who plays, and how it stands.
#[derive(Debug, Clone)]
pub struct GameLine {
    pub id: GameId,
    pub game: String,
    pub players: String,
    pub state: Text,
}

/// A tournament in a list.
#[derive(Debug, Clone)]
pub struct TournamentLine {
    pub id: crate::store::record::TournamentId,
    pub title: String,
    pub state: String,
}

/// What a server's page shows.
#[derive(Debug, Clone)]
pub struct ServerPage {
    pub live: Vec<GameLine>,
    pub recent: Vec<GameLine>,
    pub tournaments: Vec<TournamentLine>,
    /// The games with a leaderboard, and their names.
    pub boards: Vec<(GameKind, String)>,
}

/// A side of a game as its page shows it.
#[derive(Debug, Clone)]
pub struct SideLine {
    pub name: String,
    /// The member, when one person plays the side (a link to their page).
    pub user: Option<UserId>,
    pub side: String,
    pub rating: Option<i64>,
}

/// A move in a game's list.
#[derive(Debug, Clone)]
pub struct MoveLine {
    pub by: String,
    pub notation: String,
    /// What it did beyond the move itself (captures, relays, extra moves), in words.
    pub did: String,
}

/// What a game's page shows, at the position after `ply` moves.
#[derive(Debug, Clone)]
pub struct GamePage {
    pub id: GameId,
    pub kind: GameKind,
    pub title: String,
    pub sides: Vec<SideLine>,
    /// Whose turn and until when, or the result; at an earlier position, which move it follows.
    pub status: Text,
    /// The game is on: the page follows it.
    pub live: bool,
    pub moves: Vec<MoveLine>,
    pub ply: usize,
    /// The position in words (the picture's text alternative), and as a text diagram.
    pub description: String,
    pub diagram: String,
    pub revision: u64,
    pub tournament: Option<crate::store::record::TournamentId>,
}

/// A game as a live page follows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiveState {
    pub revision: u64,
    /// Moves played (the page's move list).
    pub plies: usize,
    /// Still on: a finished game's page follows nothing.
    pub live: bool,
}

impl Actor {
    /// A reader of a server's public pages: nobody in particular, with no rights.
    pub fn reader(guild: GuildId, locale: Locale) -> Actor {
        Actor {
            guild,
            channel: ChannelId(0),
            user: super::actor::SERVER,
            name: String::new(),
            roles: Vec::new(),
            locale,
            permissions: crate::table::actor::Permissions::default(),
            private: false,
        }
    }
}

impl Table {
    /// The server whose pages `segment` names, when its pages are on and the segment is its current one.
    pub fn web_server(&self, segment: &str) -> Option<GuildId> {
        web_segment_matches(segment, |guild| self.store.guild_settings(guild).ok())
    }

    /// Whether a server's pages may be served at all (on, or every server's pages are open as the console's).
    pub fn web_on(&self, guild: GuildId) -> bool {
        self.config.web_open || self.store.guild_settings(guild).is_ok_and(|s| s.web.is_some())
    }

    /// The address of a server's pages, when this process serves them and the server has them on.
    pub fn web_address(&self, guild: GuildId) -> Option<String> {
        let base = self.config.web_url.as_deref()?;
        if self.config.web_open {
            return Some(format!("{base}/"));
        }
        let segment = self.store.guild_settings(guild).ok()?.web_segment(guild)?;
        Some(format!("{base}/s/{segment}/"))
    }

    /// The store the table writes to (the pages hear of its writes through it).
    pub fn store(&self) -> &std::sync::Arc<dyn crate::store::Store> {
        &self.store
    }

    pub fn limits(&self) -> &crate::table::limits::Limits {
        &self.config.limits
    }

    /// The names a server's pages find players by, lower-cased: as the leaderboards know them (the first
    /// [`NAMES_SEARCHED`] of each), then as the server's latest finished games do (as many). Made at most every
    /// [`NAMES_KEPT`] per server and shared by every search meanwhile, so a flood of searches for names nobody has
    /// costs a lookup each.
    fn web_names(&self, guild: GuildId) -> Option<Names> {
        use crate::store::record::Player;
        if let Some((made, names)) = self.web_names.lock().unwrap_or_else(|e| e.into_inner()).get(&guild)
            && made.elapsed() < NAMES_KEPT
        {
            return Some(names.clone());
        }
        let mut names: HashMap<String, Player> = HashMap::new();
        for kind in GameKind::ALL.into_iter().filter(|k| !k.moves_are_throws()) {
            for provisional in [false, true] {
                let (rows, _) = self.store.leaderboard(guild, kind, provisional, 0, NAMES_SEARCHED).ok()?;
                for (id, r) in rows {
                    names.entry(r.name.to_lowercase()).or_insert(Player { id, name: r.name });
                }
            }
        }
        // Not rated here: the players of the server's latest finished games (their headers, not their moves).
        for (game, _, _) in self.store.finished_games(guild).ok()?.into_iter().take(NAMES_SEARCHED) {
            let Some(record) = self.store.game_header(game).ok()? else { continue };
            for p in record.seats {
                names.entry(p.name.to_lowercase()).or_insert(p);
            }
        }
        let names = Arc::new(names);
        let mut kept = self.web_names.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() >= NAMES_SERVERS {
            kept.clear();
        }
        kept.insert(guild, (std::time::Instant::now(), names.clone()));
        Some(names)
    }

    /// A player of `guild` by id or by name, with their name (see [`Table::web_names`]). A page's search reads
    /// that much at most, whatever is typed.
    pub fn web_player(&self, guild: GuildId, asked: &str) -> Option<crate::store::record::Player> {
        use crate::store::record::Player;
        let asked = asked.trim();
        let by_id = asked.parse::<UserId>().ok().filter(|&id| id != super::actor::SERVER);
        let Some(by_id) = by_id else {
            return self.web_names(guild)?.get(&asked.to_lowercase()).cloned();
        };
        for kind in GameKind::ALL.into_iter().filter(|k| !k.moves_are_throws()) {
            if let Ok(Some(r)) = self.store.rating(guild, kind, by_id) {
                return Some(Player { id: by_id, name: r.name });
            }
        }
        // Never rated here: the name their latest games of this server give.
        let id = by_id;
        let games = self.store.player_finished_games(guild, id).ok()?;
        let name = games.iter().take(50).find_map(|&(g, _, _)| {
            let record = self.store.game_header(g).ok()??;
            (record.guild == guild).then(|| record.name_of(id).map(str::to_string)).flatten()
        });
        Some(Player { id, name: name.unwrap_or_default() })
    }

    /// How many pages a game's leaderboard has in `guild` (its established or its provisional players, the
    /// longer).
    pub fn web_leaderboard_pages(&self, guild: GuildId, kind: GameKind) -> usize {
        let count = |provisional| self.store.leaderboard(guild, kind, provisional, 0, 0).map_or(0, |(_, n)| n);
        count(false).max(count(true)).div_ceil(super::ratings::PAGE).max(1)
    }

    /// A page (from 0) of a game's leaderboards in `guild` as data: the established players, then the provisional
    /// ones, each list that has anyone; a game of teams, its teams. `Ok(Err(_))`: why there is nothing to show,
    /// in words.
    pub fn web_leaderboard(
        &self,
        guild: GuildId,
        kind: GameKind,
        page: usize,
        locale: Locale,
    ) -> Result<Result<Vec<crate::table::reply::Ranking>, Text>, TableError> {
        match AtWork::own(self).rankings(guild, locale, kind, page) {
            Ok(lists) => Ok(Ok(lists)),
            Err(Fail::User(said)) => Ok(Err(i18n::spans(locale, &said))),
            Err(e) => Err(e.into()),
        }
    }

    /// The page of tournament `id` of `guild` (none of another server's) with one round's pairings (the latest
    /// when `None`, the last when past it).
    pub fn web_tournament(
        &self,
        guild: GuildId,
        id: u64,
        round: Option<usize>,
        locale: Locale,
    ) -> Result<Option<crate::table::tournament::TournamentPage>, TableError> {
        Ok(AtWork::own(self).tournament_page(guild, id, round, locale)?)
    }

    /// The page of `player` in `guild`: their ratings and records, results against the computer, last games.
    /// `Ok(Err(_))`: why there is nothing to show, in words.
    pub fn web_player_page(
        &self,
        guild: GuildId,
        player: &crate::store::record::Player,
        locale: Locale,
    ) -> Result<Result<crate::table::ratings::PlayerPage, Text>, TableError> {
        match AtWork::own(self).player_page(guild, locale, player.id, &player.name) {
            Ok(page) => Ok(Ok(page)),
            Err(Fail::User(said)) => Ok(Err(i18n::spans(locale, &said))),
            Err(e) => Err(e.into()),
        }
    }

    /// What changes a server's ratings and charts: the sequence of its last rated game.
    pub fn web_version(&self, guild: GuildId) -> u64 {
        self.store.last_rating_sequence(guild).unwrap_or(0)
    }

    /// A tournament's revision, if it is one of `guild`.
    pub fn web_tournament_revision(&self, guild: GuildId, id: u64) -> Option<u64> {
        self.store
            .tournament(crate::store::record::TournamentId(id))
            .ok()?
            .filter(|t| t.guild == guild)
            .map(|t| t.revision)
    }

    /// A game's revision, if it is a game of `guild` (what a live page watches).
    /// `None` as soon as the server's pages are turned off, so its open pages stop hearing of it.
    pub fn web_revision(&self, guild: GuildId, id: GameId) -> Result<Option<u64>, TableError> {
        if !self.web_on(guild) {
            return Ok(None);
        }
        Ok(self.store.game(id)?.filter(|g| g.guild == guild).map(|g| g.revision))
    }

    /// What a live page follows of a game: its revision, its number of moves, whether it is on; `None` as for
    /// [`Table::web_revision`].
    pub fn web_live_state(&self, guild: GuildId, id: GameId) -> Result<Option<LiveState>, TableError> {
        if !self.web_on(guild) {
            return Ok(None);
        }
        let game = self.store.game(id)?.filter(|g| g.guild == guild);
        Ok(game.map(|g| LiveState { revision: g.revision, plies: g.moves.len(), live: g.status.is_live() }))
    }

    /// What names the picture of a game after `ply` moves (any `ply` beyond the last is the latest): the moves up
    /// to it, hashed, with the game's revision when it is the latest position (whose picture also shows the
    /// state); `None` as for [`Table::web_revision`].
    pub fn web_position_key(&self, guild: GuildId, id: GameId, ply: usize) -> Result<Option<String>, TableError> {
        use std::hash::{Hash, Hasher};
        if !self.web_on(guild) {
            return Ok(None);
        }
        let Some(game) = self.store.game(id)?.filter(|g| g.guild == guild) else {
            return Ok(None);
        };
        let ply = ply.min(game.moves.len());
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        for m in &game.moves[..ply] {
            m.notation.hash(&mut hasher);
        }
        let latest = if ply == game.moves.len() { format!("/{}", game.revision) } else { String::new() };
        Ok(Some(format!("{ply}/{:016x}{latest}", hasher.finish())))
    }

    /// A page of `guild`'s archive (of one player, of one game): its title, its games, which page of how many.
    pub fn web_archive(
        &self,
        guild: GuildId,
        player: Option<&crate::store::record::Player>,
        game: Option<GameKind>,
        page: usize,
        locale: Locale,
    ) -> Result<crate::table::records::ArchivePage, TableError> {
        Ok(AtWork::own(self).archive_page(guild, player, game, page, locale)?)
    }

    pub fn server_page(&self, guild: GuildId, locale: Locale, now: Timestamp) -> Result<ServerPage, TableError> {
        AtWork::own(self).server_page(guild, locale, now).map_err(TableError::from)
    }

    /// A game's page at the position after `ply` moves (the latest when `None` or beyond); `None`: no such game
    /// in this server, or one never played (a challenge declined, cancelled or expired).
    pub fn game_page(
        &self,
        guild: GuildId,
        id: GameId,
        ply: Option<usize>,
        locale: Locale,
    ) -> Result<Option<GamePage>, TableError> {
        AtWork::own(self).game_page(guild, id, ply, locale).map_err(TableError::from)
    }

    /// The picture of a game's position after `ply` moves (the latest when beyond), as the bot posts it.
    pub fn game_picture(
        &self,
        guild: GuildId,
        id: GameId,
        ply: usize,
        locale: Locale,
    ) -> Result<Option<Vec<u8>>, TableError> {
        AtWork::own(self).game_picture(guild, id, ply, locale).map_err(TableError::from)
    }

    /// A view a reader may ask for: the archive, a leaderboard, a player, a tournament's standings, pairings or
    /// report file, a game's record files or animated replay. Anything else is refused.
    pub fn read(&self, guild: GuildId, locale: Locale, command: Command, now: Timestamp) -> Result<Vec<Reply>, Text> {
        let readable = match &command {
            Command::Record(RecordCommand::Archive { .. })
            | Command::Rating(RatingCommand::Leaderboard { .. })
            | Command::Rating(RatingCommand::Profile { .. }) => true,
            Command::Record(RecordCommand::Export { game }) | Command::Record(RecordCommand::Replay { game, .. }) => {
                game.is_some()
            }
            Command::Tournament(
                TournamentCommand::Standings { id, .. }
                | TournamentCommand::Pairings { id, .. }
                | TournamentCommand::Export { id },
            ) => id.is_some(),
            _ => false,
        };
        if !readable {
            return Err(Text::plain("not a view of a page"));
        }
        let reader = Actor::reader(guild, locale);
        match self.handle(Request::new(&reader, command, now)) {
            Some(Ok(replies)) => Ok(replies),
            Some(Err(refusal)) => Err(refusal.text),
            None => Err(Text::plain("nothing to show")),
        }
    }
}

/// Whether a game was played (a page shows it): on, or ended after it started.
fn played(record: &GameRecord) -> bool {
    matches!(record.status, Status::Active | Status::Finished { .. })
}

impl AtWork<'_> {
    fn page_game(&self, guild: GuildId, id: GameId) -> Result<Option<GameRecord>, Fail> {
        Ok(self.store.game(id)?.filter(|g| g.guild == guild && played(g)))
    }

    pub(super) fn game_line(&self, record: &GameRecord, locale: Locale) -> Result<GameLine, Fail> {
        let state = match record.status {
            Status::Active => {
                let position = self.position(record)?;
                let mut state = Text::new();
                if let Some(side) = position.to_move() {
                    state = i18n::spans(
                        locale,
                        &Message::new("web-on-turn").name("player", record.side_label(side, locale)),
                    );
                }
                if let Some(clock) = record.clock.as_ref().filter(|c| c.deadline > 0) {
                    state.push_str(" · ");
                    state.push_text(&i18n::spans(locale, &crate::deadlines::deadline_message(clock)));
                }
                state
            }
            Status::Finished { winner, .. } => {
                let said = match winner {
                    Some(side) => Message::new("web-won").name("player", record.side_label(side, locale)),
                    None => Message::new("web-drawn"),
                };
                i18n::spans(locale, &said).and(&format!(" · {}", crate::records::time::date(record.updated_at)))
            }
            _ => Text::new(),
        };
        Ok(GameLine {
            id: record.id,
            game: game_name(locale, record.kind),
            players: super::records::pairing(record, locale),
            state,
        })
    }

    fn server_page(&self, guild: GuildId, locale: Locale, _now: Timestamp) -> Result<ServerPage, Fail> {
        let mut live = Vec::new();
        for id in self.store.live_games(guild)?.into_iter().rev() {
            if let Some(record) = self.page_game(guild, id)? {
                live.push(self.game_line(&record, locale)?);
            }
        }
        let mut recent = Vec::new();
        for (id, _, _) in self.store.finished_games(guild)?.into_iter().take(RECENT) {
            if let Some(record) = self.page_game(guild, id)? {
                recent.push(self.game_line(&record, locale)?);
            }
        }
        let mut tournaments = Vec::new();
        for t in self.store.tournaments(guild)?.into_iter().rev() {
            let state = match t.status {
                TournamentStatus::SignUp => "web-tournament-signup",
                TournamentStatus::Running => "web-tournament-running",
                TournamentStatus::Finished => "web-tournament-finished",
                TournamentStatus::Cancelled => continue,
            };
            tournaments.push(TournamentLine {
                id: t.id,
                title: i18n::text(
                    locale,
                    &Message::new("web-tournament-title")
                        .num("id", t.id.get() as i64)
                        .str("game", game_name(locale, t.kind)),
                ),
                state: i18n::text(locale, &Message::new(state).num("round", t.rounds.len() as i64)),
            });
        }
        let boards =
            GameKind::ALL.into_iter().filter(|&k| k != GameKind::ZohnAhl).map(|k| (k, game_name(locale, k))).collect();
        Ok(ServerPage { live, recent, tournaments, boards })
    }

    fn game_page(
        &self,
        guild: GuildId,
        id: GameId,
        ply: Option<usize>,
        locale: Locale,
    ) -> Result<Option<GamePage>, Fail> {
        let Some(record) = self.page_game(guild, id)? else { return Ok(None) };
        let total = record.moves.len();
        let ply = ply.unwrap_or(total).min(total);
        let replay_failed = |e: &dyn std::fmt::Debug| Fail::Internal(format!("game {id} does not replay: {e:?}"));
        let mut position = Position::new(record.kind, &record.options).map_err(|e| replay_failed(&e))?;
        let mut moves = Vec::with_capacity(total);
        let mut shown = position.clone();
        for (i, m) in record.moves.iter().enumerate() {
            position.play(&m.notation).map_err(|e| replay_failed(&e))?;
            let did: Vec<String> =
                position.describe_last_move().iter().skip(1).map(|m| i18n::text(locale, m)).collect();
            let by = m.name.clone().or_else(|| record.name_of(m.by).map(str::to_string)).unwrap_or_default();
            moves.push(MoveLine { by, notation: m.notation.clone(), did: did.join(" ") });
            if i + 1 == ply {
                shown = position.clone();
            }
        }
        let status = if ply == total {
            self.board_reply(locale, &record, &position, Vec::new()).text.without_calls()
        } else {
            i18n::spans(locale, &Message::new("web-position-after").num("ply", ply as i64).num("total", total as i64))
        };
        let sides = Side::BOTH
            .iter()
            .map(|&side| {
                let player = if record.is_team_game() { None } else { record.player(side) };
                let rating = match player {
                    Some(p) if record.rated => {
                        self.store.rating(guild, record.kind, p.id).ok().flatten().map(|r| r.rating.round() as i64)
                    }
                    _ => None,
                };
                SideLine {
                    name: record.side_label(side, locale),
                    user: player.map(|p| p.id).filter(|&u| u != crate::store::record::COMPUTER),
                    side: side_name(locale, &shown, side),
                    rating,
                }
            })
            .collect();
        let title = format!("{} #{id}", game_name(locale, record.kind));
        let description = super::describe::board(locale, &record, &shown, ply);
        Ok(Some(GamePage {
            id,
            kind: record.kind,
            title,
            sides,
            status,
            live: record.status == Status::Active,
            moves,
            ply,
            description,
            diagram: shown.diagram(&|m| i18n::text(locale, &m)),
            revision: record.revision,
            tournament: record.tournament.map(|t| t.tournament),
        }))
    }

    fn game_picture(&self, guild: GuildId, id: GameId, ply: usize, locale: Locale) -> Result<Option<Vec<u8>>, Fail> {
        let Some(record) = self.page_game(guild, id)? else { return Ok(None) };
        let total = record.moves.len();
        if ply >= total {
            let position = self.position(&record)?;
            let board = self.board_reply(locale, &record, &position, Vec::new());
            return Ok(board.image.map(|i| i.png));
        }
        let moves = record.moves[..ply].iter().map(|m| m.notation.as_str());
        let position = match Position::replay(record.kind, &record.options, moves) {
            Ok(Ok(p)) => p,
            _ => return Err(Fail::Internal(format!("game {id} does not replay"))),
        };
        Ok(Some(crate::render::board_png(&position, &replay_captions(&record, &position, ply, locale))))
    }

    /// The address of the actor's server's pages, or why there is none.
    fn web_link(&self, actor: &Actor) -> crate::table::fail::Answer {
        let said = match (&self.config.web_url, self.table.web_address(actor.guild)) {
            (None, _) => Message::new("web-not-served"),
            (Some(_), None) => Message::new("web-off"),
            (Some(_), Some(url)) => Message::new("web-link").str("url", url),
        };
        Ok(vec![Reply { text: i18n::spans(actor.locale, &said), ..Reply::default() }])
    }
}

/// The pages domain's one door (for chat front ends: the address of the server's pages).
pub(super) fn handle(
    work: &AtWork,
    actor: &Actor,
    command: crate::table::command::PageCommand,
) -> crate::table::fail::Answer {
    match command {
        crate::table::command::PageCommand::Web => work.web_link(actor),
    }
}
