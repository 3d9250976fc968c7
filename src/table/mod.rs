//! The table service: who may do what with which game. Front ends turn user actions into a [`Command`] with an
//! [`Actor`]; this module checks it against the game record (via the store) and the rules (via `games/`),
//! writes the change in one store transaction, and answers with [`Reply`]s or a [`Refusal`], in the actor's
//! language. It knows nothing of Discord or terminals.
//!
//! A command belongs to one domain, and each domain is a module with one door, its `handle`: `challenges`,
//! `play`, `records`, `ratings`, `settings`, `pages`, `tournament` and `training` (lessons). A domain calls only what lies below the
//! domains, never another domain: the request at work and its one write path (`write`), the lookups every
//! domain makes (`lookup`: a game of the actor's server, a position, who organises a server), the board replies
//! (`view`, `menus`, `naming`), results counted (`tally`), how work fails (`fail`), and beneath those the
//! vocabulary (`command`, `reply`, `request`, `actor`, `terms`, `setting`) and the table's state (`service`).
//! Above the domains, beside this entry, the scheduler (`schedule`) carries out due events and puts every
//! domain's notices into words. The pure arithmetic of time controls and tournaments is outside the table, in
//! `crate::deadlines` and `crate::pairings`.
//!
//! Invariants: a refused command changes nothing stored; one live game per channel; only the challenged user
//! accepts; only the player on turn moves; a move is acknowledged only after its write is flushed.

mod activity;
mod actor;
mod button_id;
pub mod calendar;
mod challenges;
mod check;
mod command;
pub mod describe;
mod fail;
pub mod limits;
mod lookup;
mod menus;
mod naming;
mod pages;
mod play;
pub mod progress;
mod ratings;
mod records;
mod reply;
mod request;
mod schedule;
mod service;
mod sessions;
mod setting;
mod settings;
mod tally;
mod terms;
pub mod tournament;
mod training;
mod view;
mod web_play;
mod write;

use crate::store::record::ChannelId;
use crate::store::record::GuildId;
pub use fail::TableError;
use fail::{Answer, Fail};
use write::AtWork;

use rand::Rng;

use crate::i18n::{self, Message};
use crate::store::record::{GameId, Timestamp};

pub use activity::ActivityGames;
pub use actor::{Actor, Permissions, RoleId};
pub use button_id::ButtonId;
pub use check::CheckReport;
pub use command::{
    ChallengeCommand, Command, Decision, PageCommand, PlayCommand, RatingCommand, RecordCommand, SettingCommand,
    TournamentCommand, TournamentFormat, TrainCommand,
};
pub use limits::Limits;
pub use menus::{MENU_OPTIONS, Menu, MenuOption};
pub use pages::{GameLine, GamePage, LiveState, MoveLine, ServerPage, SideLine, TournamentLine};
pub use play::throw_sticks;
pub use progress::{Progress, Stage};
pub use ratings::PlayerPage;
pub use records::{
    ARCHIVE_PAGE, ArchivePage, ArchivedGame, ReplayPictures, replay_captions, replay_delay, replay_frames,
};
pub use reply::{Audience, Button, ButtonStyle, File, Image, Link, Ranking, Refusal, Reply};
pub use request::Request;
pub use schedule::Delivery;
pub use service::{Table, TableConfig};
pub use setting::SettingChange;
pub use terms::{Seeding, Terms, TournamentTerms};
pub use view::legend as legend_words;
pub use web_play::{HoleRow, HoleView, PlayPanel, SquareView};

/// A game's course: each step's name and the sections of the game's rules it teaches, in order.
pub fn lesson_steps(kind: crate::games::GameKind) -> Vec<(String, Vec<String>)> {
    training::course::course(kind).steps.iter().map(|s| (s.id.clone(), s.rules.clone())).collect()
}

/// The picture of step `step` of a game's course, in `locale` (`None` past its last step).
pub fn lesson_png(kind: crate::games::GameKind, step: usize, locale: i18n::Locale) -> Option<Vec<u8>> {
    training::step_png(locale, kind, step)
}

/// A puzzle's rating and its solver's after one try, as Glicko-2 counts it: (solver, puzzle).
pub fn puzzle_rated(
    solver: &crate::store::training::Glicko,
    puzzle: &crate::store::training::Glicko,
    solved: bool,
) -> (crate::store::training::Glicko, crate::store::training::Glicko) {
    training::rated(solver, puzzle, solved)
}

/// A game's name in `locale`.
pub fn game_title(locale: i18n::Locale, kind: crate::games::GameKind) -> String {
    naming::game_name(locale, kind)
}

impl Table {
    /// Carries out a request: its replies, or the refusal in the actor's language (nothing changed). `None` when
    /// a request with a key was carried out before (a redelivery): nothing is done, and there is nothing to say.
    pub fn handle(&self, request: Request<'_>) -> Option<Result<Vec<Reply>, Refusal>> {
        let started = std::time::Instant::now();
        let (domain, name) = request.command.metric();
        let outcome = |said: &'static str| crate::metrics::command(domain, name, said, started.elapsed());
        if let Some(key) = request.key {
            match self.store.request_done(key) {
                Ok(true) => {
                    outcome("repeated");
                    return None;
                }
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
            outcome("repeated");
            return None;
        }
        outcome(match &answer {
            Ok(_) => "done",
            Err(Fail::AlreadyDone) => "repeated",
            Err(Fail::User(_) | Fail::Changed(_)) => "refused",
            Err(Fail::Internal(_) | Fail::Store(_) | Fail::Unwritten(_)) => "failed",
        });
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
                if self.pairs_off_the_request_path(tournament.get()) {
                    continue;
                }
                match self.advance_tournament(tournament.get(), public, now) {
                    Ok(more) => replies.extend(more.into_iter().map(|(channel, reply)| reply.in_channel(channel))),
                    Err(e) => tracing::error!(tournament = %tournament, error = %e, "a tournament could not advance"),
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
            fail @ (Fail::Internal(_) | Fail::Store(_) | Fail::Unwritten(_)) => {
                let id = format!("{:08x}", self.rng.lock().unwrap_or_else(|e| e.into_inner()).random::<u32>());
                let error = TableError::from(fail);
                tracing::error!(error_id = %id, %error, "internal failure");
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
    pub fn due_tournaments(
        &self,
        now: Timestamp,
    ) -> Result<Vec<(crate::store::record::TournamentId, GuildId)>, TableError> {
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
    pub fn computer_due_by_server(
        &self,
        now: Timestamp,
    ) -> Result<Vec<(GameId, u64, Option<crate::store::record::UserId>)>, TableError> {
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
            Command::Train(command) => training::handle(self, actor, command, now),
        }
    }
}
