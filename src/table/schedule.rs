//! The scheduler's side of the table: carrying out due events (reminders, timeouts, adjudications, expiries)
//! with their notices stored in the same transaction, turning notices into replies for the front end, claims
//! of a win on time, and the settings that shape time controls.

use super::button_id::ButtonId;
use super::naming::{game_name, player_call, side_calls};
use crate::deadlines::{self, Event};
use crate::i18n::{self, Callee, Locale, Message};
use crate::store::GuildId;
use crate::store::record::TournamentId;
use crate::store::record::{ChannelId, GameRecord, Notice, NoticeKind, Status, Timestamp, UserId};
use crate::store::{GameWrite, Unit};
use crate::table::calendar::CalendarEntry;
use crate::table::fail::Fail;
use crate::table::fail::TableError;
use crate::table::reply::{Button, ButtonStyle, Reply};
use crate::table::write::AtWork;

/// A notice in words, for one front end to post in `channel`, and the users who asked for it by direct message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub notice: u64,
    pub guild: GuildId,
    pub channel: ChannelId,
    pub reply: Reply,
    pub direct: Vec<UserId>,
    /// When the notice was decided.
    pub at: Timestamp,
    /// The request that decided it posts it first (a tournament's posts): the scheduler leaves it alone for a
    /// while, then posts it with the same nonce (a crash came between the commit and the post).
    pub posted_by_request: bool,
    /// A game outside a server: its channel takes no post from the bot, so the notice goes only to `direct`
    /// (the players it calls, or all of them when it calls nobody).
    pub private: bool,
    /// Not a post: a tournament's calendar as it now is, for a front end that keeps one (the reply is empty).
    pub calendar: Option<Vec<CalendarEntry>>,
}

impl AtWork<'_> {
    /// Applies one due event to a record and stores it with its notice. `Err(Fail::User)` when the record changed
    /// meanwhile (the caller judges it again).
    pub(super) fn run_event(&self, record: &GameRecord, event: Event, now: Timestamp) -> Result<(), Fail> {
        let on_turn = match record.status {
            Status::Active => self.position(record)?.to_move(),
            _ => None,
        };
        let mut next = record.clone();
        let kind = deadlines::apply(&mut next, event, on_turn, now);
        let notice = kind.map(|kind| Notice::about(record, kind, now));
        // The same write path as a player's move: a game ended on time is rated, and its tournament marked.
        let write = GameWrite { record: next, base: Some(record.revision) };
        self.write(Unit { games: vec![write], notices: notice.into_iter().collect(), ..Unit::default() })?;
        Ok(())
    }

    /// Carries out every event due at `now`, in order, each exactly once (also after downtime that spanned
    /// several). Returns how many were carried out; their notices wait in the store's outbox.
    pub fn tick(&self, now: Timestamp) -> Result<usize, TableError> {
        self.prune_requests(now);
        let mut done = 0;
        for id in self.store.due_games(now)? {
            // A game may owe several events (reminders, then the timeout); a conflicting write (a move came in)
            // is read again; the loop ends when the record owes nothing more now.
            for _ in 0..16 {
                let Some(record) = self.store.game(id)? else { break };
                if !(self.table.serves)(record.guild) {
                    break;
                }
                let Some((at, event)) = deadlines::next_event(&record).filter(|(at, _)| *at <= now) else { break };
                if event == Event::Computer {
                    // The computer's moves are searched apart (`play_computer`), off the scheduler's path.
                    break;
                }
                match self.run_event(&record, event, now.max(at)) {
                    Ok(()) => {
                        crate::metrics::scheduler_lag(now.saturating_sub(at));
                        done += 1
                    }
                    Err(Fail::User(_) | Fail::Changed(_)) => continue,
                    Err(Fail::AlreadyDone) => break,
                    Err(fail @ (Fail::Internal(_) | Fail::Store(_) | Fail::Unwritten(_))) => return Err(fail.into()),
                }
            }
        }
        let last = self.table.last_daily.load(std::sync::atomic::Ordering::Relaxed);
        if now >= last + 60 || now < last {
            self.table.last_daily.store(now, std::sync::atomic::Ordering::Relaxed);
            done += self.post_daily_puzzles(now)?;
        }
        Ok(done)
    }

    /// Forgets request keys older than a day (a redelivery comes within minutes), at most once an hour.
    fn prune_requests(&self, now: Timestamp) {
        const DAY: u64 = 24 * 3600;
        let last = self.table.last_prune.load(std::sync::atomic::Ordering::Relaxed);
        if now < last + 3600 {
            return;
        }
        self.table.last_prune.store(now, std::sync::atomic::Ordering::Relaxed);
        if let Err(e) = self.store.prune_requests(now.saturating_sub(DAY)) {
            tracing::warn!(error = %e, "could not forget old request keys");
        }
    }

    /// When the scheduler should next run.
    pub fn next_due(&self) -> Option<Timestamp> {
        self.store.next_due().ok().flatten()
    }

    /// The notices not yet delivered, each in words (in `locale`), oldest first.
    pub fn deliveries(&self, locale: Locale) -> Result<Vec<Delivery>, TableError> {
        let notices = self.store.notices()?;
        let mut out = Vec::with_capacity(notices.len());
        for notice in notices.into_iter().filter(|n| (self.table.serves)(n.guild)) {
            let locale = self.store.guild_settings(notice.guild).ok().and_then(|s| s.locale).unwrap_or(locale);
            if let NoticeKind::Calendar { tournament } = notice.kind {
                let entries = match self.store.tournament(TournamentId(tournament))? {
                    Some(t) => crate::table::calendar::calendar(&t, locale),
                    None => Vec::new(),
                };
                out.push(Delivery {
                    notice: notice.id,
                    guild: notice.guild,
                    channel: notice.channel,
                    reply: Reply { notice: Some(notice.id), locale, ..Reply::default() },
                    direct: Vec::new(),
                    at: notice.at,
                    posted_by_request: false,
                    private: false,
                    calendar: Some(entries),
                });
                continue;
            }
            match self.notice_reply(&notice, locale) {
                Ok(Some((reply, direct))) => {
                    let private = self.private_players(&notice, &reply)?;
                    out.push(Delivery {
                        notice: notice.id,
                        guild: notice.guild,
                        channel: reply.channel().unwrap_or(notice.channel),
                        private: private.is_some(),
                        direct: private.unwrap_or(direct),
                        calendar: None,
                        reply: Reply { notice: Some(notice.id), locale, ..reply },
                        at: notice.at,
                        posted_by_request: notice.kind.posted_by_request(),
                    })
                }
                // Nothing to post any more (a tournament game that ended before its board went out).
                Ok(None) => {
                    let _ = self.delivered(notice.id);
                }
                Err(e) => {
                    tracing::error!(notice = notice.id, error = ?e, "a notice cannot be put in words; dropped");
                    let _ = self.delivered(notice.id);
                }
            }
        }
        Ok(out)
    }

    /// For a notice of a game outside a server, the players who hear it by direct message: those it calls, or
    /// every player when it calls nobody (the computer is no one to tell); `None` for a game in a server.
    fn private_players(&self, notice: &Notice, reply: &Reply) -> Result<Option<Vec<UserId>>, TableError> {
        let Some(record) = self.store.game(notice.game)?.filter(|g| g.private) else {
            return Ok(None);
        };
        let called = reply.mentions();
        let players = match called.is_empty() {
            true => record.seats.iter().map(|p| p.id).filter(|&id| id != crate::store::record::COMPUTER).collect(),
            false => called,
        };
        Ok(Some(players))
    }

    /// The front end posted the notice: it leaves the outbox.
    pub fn delivered(&self, notice: u64) -> Result<(), TableError> {
        self.write(Unit { delivered: vec![notice], ..Unit::default() }).map(|_| ()).map_err(TableError::from)
    }

    fn notice_reply(&self, notice: &Notice, locale: Locale) -> Result<Option<(Reply, Vec<UserId>)>, Fail> {
        match &notice.kind {
            NoticeKind::Announcement { text, mentions } => {
                // Stored with the ids it calls; the words of a call are only seen where nobody is notified.
                let calls = mentions.iter().map(|&u| (Callee::User(u.get()), u.to_string()));
                return Ok(Some((Reply { text: text.clone(), ..Reply::default() }.calling(calls), vec![])));
            }
            NoticeKind::TournamentFinished { tournament } => {
                let Some(t) = self.store.tournament(TournamentId(*tournament))? else {
                    return Ok(None);
                };
                return Ok(Some((self.standings_reply(locale, &t, true)?, vec![])));
            }
            NoticeKind::DailyPuzzle { puzzle, day } => {
                let reply = super::training::daily_reply(self.store, locale, notice.guild, *puzzle, *day)?;
                return Ok(reply.map(|r| (r, vec![])));
            }
            NoticeKind::TournamentGame => {
                let Some(record) = self.store.game(notice.game)? else { return Ok(None) };
                if !record.status.is_live() {
                    return Ok(None);
                }
                if super::tournament::is_parked(&record) {
                    return Ok(Some((self.tournament_board(locale, &record)?, vec![])));
                }
                // It has its thread already (the request got that far): its board goes there.
                let position = self.position(&record)?;
                let reply = self.board_reply(locale, &record, &position, Vec::new());
                return Ok(Some((reply.in_channel(record.channel), vec![])));
            }
            _ => {}
        }
        self.game_notice_reply(notice, locale)
    }

    /// A notice about one game's course (a reminder, a timeout, a vacation, the computer's move): its post, and
    /// who also gets it by direct message.
    fn game_notice_reply(&self, notice: &Notice, locale: Locale) -> Result<Option<(Reply, Vec<UserId>)>, Fail> {
        let record =
            self.store.game(notice.game)?.ok_or_else(|| Fail::Internal("a notice of a missing game".into()))?;
        let game = format!("{} #{}", game_name(locale, record.kind), record.id);
        let text = |m: Message| i18n::spans(locale, &m.str("game", game.clone()));
        let reply = match &notice.kind {
            NoticeKind::Reminder { side, deadline } => {
                let message = Message::new("notice-reminder")
                    .name("player", record.side_label(*side, locale))
                    .moment("when", *deadline);
                let reply = Reply { text: text(message), ..Reply::default() }.calling(side_calls(&record, *side));
                let direct = self.opted_in(&reply.mentions());
                return Ok(Some((reply, direct)));
            }
            NoticeKind::TimedOut { side, auto_at } => {
                let message = match auto_at {
                    Some(at) => Message::new("notice-timed-out-auto").moment("auto", *at),
                    None => Message::new("notice-timed-out"),
                };
                let message = message
                    .name("player", record.side_label(*side, locale))
                    .name("opponent", record.side_label(side.other(), locale));
                let claim = Button {
                    id: ButtonId::Claim(record.id),
                    label: i18n::text(locale, &Message::new("button-claim")),
                    enabled: true,
                    style: ButtonStyle::Danger,
                    new_row: false,
                };
                Reply { text: text(message), buttons: vec![claim], ..Reply::default() }
                    .calling(side_calls(&record, side.other()))
            }
            NoticeKind::Adjudicated { side } => {
                let position = self.position(&record)?;
                let said = vec![
                    Message::new("notice-adjudicated")
                        .name("player", record.side_label(*side, locale))
                        .str("game", game),
                ];
                let mut reply = self.board_reply(locale, &record, &position, said);
                reply.game = Some(record.id);
                reply
            }
            NoticeKind::Away { player, until } => {
                let name = record.name_of(*player).unwrap_or_default().to_string();
                let message = Message::new("notice-away").name("player", name).moment("until", *until);
                let others = record.seats.iter().filter(|p| p.id != *player);
                Reply { text: text(message), ..Reply::default() }.calling(others.map(player_call))
            }
            NoticeKind::Back { player, deadline } => {
                let Some(seat) = record.seats.iter().find(|p| p.id == *player) else { return Ok(None) };
                let message = Message::new("notice-back").name("player", seat.name.as_str()).moment("when", *deadline);
                let reply = Reply { text: text(message), ..Reply::default() }.calling([player_call(seat)]);
                let direct = self.opted_in(&reply.mentions());
                return Ok(Some((reply, direct)));
            }
            NoticeKind::Aborted => Reply { text: text(Message::new("notice-aborted")), ..Reply::default() },
            NoticeKind::Expired => {
                let message = Message::new("notice-expired").name("challenger", record.challenger.name.as_str());
                Reply { text: text(message), ..Reply::default() }.calling([player_call(&record.challenger)])
            }
            NoticeKind::ComputerMoved { value, depth, moves, perfect } => {
                let reply = self.computer_reply(record.id, (*value, *depth, *perfect), *moves, locale)?;
                return Ok(reply.map(|r| (r, Vec::new())));
            }
            NoticeKind::Announcement { .. }
            | NoticeKind::TournamentGame
            | NoticeKind::TournamentFinished { .. }
            | NoticeKind::DailyPuzzle { .. }
            | NoticeKind::Calendar { .. } => {
                return Err(Fail::Internal("a tournament notice reached the games' notices".into()));
            }
        };
        Ok(Some((reply, Vec::new())))
    }

    fn opted_in(&self, users: &[UserId]) -> Vec<UserId> {
        users.iter().copied().filter(|&u| self.store.notify_dm(u).unwrap_or(false)).collect()
    }
}
