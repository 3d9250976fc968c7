//! A tournament's rounds: the first paired when it starts, the next one when every game of a round has ended
//! (Swiss, round robin, or the elimination's winners), each pairing a game of its own waiting for the channel
//! the front end opens, the final result; run by the request that ended a game or by the scheduler's marks.

use super::state::{new_pairing, parking_channel, with_notices};
use crate::deadlines;
use crate::games::Side;
use crate::games::zohn_ahl::TurnMode;
use crate::i18n::{self, Callee, Locale, Message, Span, Text};
use crate::pairings::double;
use crate::pairings::systems;
use crate::store::record::GameId;
use crate::store::record::TournamentId;
use crate::store::record::{
    ChannelId, First, GameRecord, GuildId, Notice, NoticeKind, Player, Status, Team, Timestamp, TournamentPlace,
};
use crate::store::tournament::{Entrant, Format, TournamentRound, TournamentStatus};
use crate::store::{GameWrite, Tournament, TournamentMark, TournamentWrite, Unit};
use crate::table::fail::Fail;
use crate::table::fail::TableError;
use crate::table::reply::Reply;
use crate::table::write::AtWork;

impl AtWork<'_> {
    /// Seeds the entrants and pairs round 1.
    pub(super) fn begin(
        &self,
        t: &mut Tournament,
        locale: Locale,
        now: Timestamp,
        games: &mut Vec<GameWrite>,
    ) -> Result<Vec<Reply>, Fail> {
        self.seed(t);
        self.next_round(t, locale, now, games)
    }

    /// Seeds the entrants (their pairing numbers) and sets the tournament running, without a round yet.
    pub(super) fn seed(&self, t: &mut Tournament) {
        // Seeding (the pairing numbers): rating (when there is one), then name, then sign-up order.
        let rating = |p: &Player| self.store.rating(t.guild, t.kind, p.id).ok().flatten().map_or(0.0, |r| r.rating);
        let mut seeded: Vec<(f64, usize, Entrant)> =
            t.entrants.iter().cloned().enumerate().map(|(i, e)| (rating(&e.player), i, e)).collect();
        if t.options.get("seeding").is_some_and(|s| s == "random") {
            // Seeded at random: a shuffle by the table's generator (seeded from the system).
            use rand::seq::SliceRandom;
            seeded.shuffle(&mut *self.rng());
        } else {
            seeded.sort_by(|a, b| {
                b.0.total_cmp(&a.0)
                    .then_with(|| a.2.player.name.to_lowercase().cmp(&b.2.player.name.to_lowercase()))
                    .then(a.1.cmp(&b.1))
            });
        }
        t.entrants = seeded.into_iter().map(|(_, _, e)| e).collect();
        t.status = TournamentStatus::Running;
    }

    /// Pairs the next round (creating its games), or finishes the tournament; the replies announce it.
    pub(super) fn next_round(
        &self,
        t: &mut Tournament,
        locale: Locale,
        now: Timestamp,
        new_games: &mut Vec<GameWrite>,
    ) -> Result<Vec<Reply>, Fail> {
        let n = t.entrants.len();
        let r = t.rounds.len();
        let mut round = TournamentRound::default();
        match t.format {
            Format::RoundRobin { legs } => {
                let schedule = systems::round_robin(n, legs as usize);
                if let Some(planned) = schedule.get(r) {
                    round.pairings = planned.pairs.iter().map(|&(a, b)| new_pairing(a, b, 0)).collect();
                    round.byes = planned.bye.into_iter().collect();
                }
            }
            Format::Swiss { rounds } => {
                if r < rounds as usize {
                    let played = self.played_rounds(t)?;
                    let dropped: Vec<bool> = t.entrants.iter().map(|e| e.dropped).collect();
                    let key = {
                        use std::hash::{Hash, Hasher};
                        let mut hasher = std::collections::hash_map::DefaultHasher::new();
                        (t.id, n, rounds, format!("{played:?}"), &dropped).hash(&mut hasher);
                        hasher.finish()
                    };
                    let memo = self.table.swiss_memo.lock().unwrap_or_else(|e| e.into_inner()).clone();
                    let planned = match memo {
                        Some((k, round)) if k == key => round,
                        _ => {
                            let round = super::swiss::next_round(n, rounds as usize, &played, |p| dropped[p]);
                            *self.table.swiss_memo.lock().unwrap_or_else(|e| e.into_inner()) =
                                Some((key, round.clone()));
                            round
                        }
                    };
                    if !planned.pairs.is_empty() {
                        round.pairings = planned.pairs.iter().map(|&(a, b)| new_pairing(a, b, 0)).collect();
                        round.byes = planned.bye.into_iter().collect();
                    }
                }
            }
            Format::Elimination => {
                let alive = self.bracket_winners(t)?;
                if r == 0 {
                    for (slot, pair) in systems::bracket(n).into_iter().enumerate() {
                        match pair {
                            (Some(a), Some(b)) => round.pairings.push(new_pairing(a, b, slot)),
                            (Some(a), None) | (None, Some(a)) => round.byes.push(a),
                            (None, None) => {}
                        }
                    }
                } else if alive.len() > 1 {
                    for (slot, (a, b)) in systems::next_bracket_round(&alive).into_iter().enumerate() {
                        round.pairings.push(new_pairing(a, b, slot));
                    }
                }
            }
            Format::DoubleElimination => {
                let bracket = double::matches(n);
                let outcomes = double::outcomes(&bracket, |slot| self.double_result(t, slot));
                for (slot, outcome) in outcomes.into_iter().enumerate() {
                    if let double::Outcome::Ready(a, b) = outcome {
                        round.pairings.push(new_pairing(a, b, slot));
                    }
                }
            }
        }
        if round.pairings.is_empty() {
            t.status = TournamentStatus::Finished;
            t.log.push((now, "finished".into()));
            return Ok(vec![self.standings_reply(locale, t, true)?]);
        }
        round.paired_at = now;
        round.deadline = crate::table::calendar::round_time(t).map(|secs| now + secs);
        t.rounds.push(round);
        self.start_games(t, r, locale, now, new_games)
    }

    /// The winner and loser of a double-elimination match (its bracket slot), once its latest game was won.
    pub(super) fn double_result(&self, t: &Tournament, slot: usize) -> Option<(usize, usize)> {
        let latest = t.rounds.iter().flat_map(|r| r.pairings.iter()).rev().find(|p| p.slot == slot)?;
        match self.pairing_winner(latest).ok()?? {
            0 => Some((latest.first, latest.second)),
            _ => Some((latest.second, latest.first)),
        }
    }

    /// The champion of a double-elimination bracket, once it is over.
    pub(super) fn double_champion(&self, t: &Tournament) -> Option<usize> {
        let bracket = double::matches(t.entrants.len());
        let outcomes = double::outcomes(&bracket, |slot| self.double_result(t, slot));
        double::champion(&bracket, &outcomes)
    }

    /// The winners of an elimination bracket's latest round, in bracket order (with the byes of the first).
    pub(super) fn bracket_winners(&self, t: &Tournament) -> Result<Vec<usize>, Fail> {
        let Some(last) = t.rounds.last() else { return Ok(Vec::new()) };
        let mut winners: Vec<(usize, usize)> = Vec::new(); // (slot, winner)
        let slots = last.pairings.iter().map(|p| p.slot).max().map_or(0, |m| m + 1);
        for slot in 0..slots {
            let Some(latest) = last.pairings.iter().rev().find(|p| p.slot == slot) else { continue };
            if let Some(side) = self.pairing_winner(latest)? {
                winners.push((slot, if side == 0 { latest.first } else { latest.second }));
            }
        }
        if t.rounds.len() == 1 {
            // First round: the byes take their bracket places.
            let order = systems::bracket(t.entrants.len());
            let mut out = Vec::new();
            let mut played = winners.into_iter();
            for pair in order {
                match pair {
                    (Some(_), Some(_)) => out.extend(played.next().map(|(_, w)| w)),
                    (Some(a), None) | (None, Some(a)) => out.push(a),
                    (None, None) => {}
                }
            }
            return Ok(out);
        }
        Ok(winners.into_iter().map(|(_, w)| w).collect())
    }

    /// Makes the games of round `r` not yet made (a dropped player's game is decided at once) and the replies
    /// that announce them. The games go into `games`, to be written in the tournament's unit.
    pub(super) fn start_games(
        &self,
        t: &mut Tournament,
        r: usize,
        locale: Locale,
        now: Timestamp,
        games: &mut Vec<GameWrite>,
    ) -> Result<Vec<Reply>, Fail> {
        let settings = self.store.guild_settings(t.guild)?;
        let terms = GameTerms::of(t, &settings)?;
        let name = |i: usize| t.entrants[i].player.name.clone();
        // "• ana – ben": entrants' names as spans, shown as written.
        let pair = |a: usize, b: usize| {
            let mut line = Text::plain("• ");
            line.push_span(&name(a), Span::Name).push_str(" – ").push_span(&name(b), Span::Name);
            line
        };
        let mut lines = vec![i18n::spans(
            locale,
            &Message::new("tournament-round").num("id", t.id.get() as i64).num("round", (r + 1) as i64),
        )];
        let mut boards = Vec::new();
        let wanted = t.rounds[r].pairings.iter().filter(|p| p.game.is_none() && p.entered.is_none()).count() as u64;
        let mut next_id = if wanted > 0 { self.store.reserve_game_ids(wanted)? } else { GameId(0) };
        for k in 0..t.rounds[r].pairings.len() {
            let p = t.rounds[r].pairings[k].clone();
            if p.game.is_some() || p.entered.is_some() {
                continue;
            }
            let (first, second) = (&t.entrants[p.first], &t.entrants[p.second]);
            if first.dropped || second.dropped {
                // A game against a withdrawn player is decided without being played.
                t.rounds[r].pairings[k].entered = Some(if first.dropped && !second.dropped { 0.0 } else { 1.0 });
                let mut line = pair(p.first, p.second);
                line.push_str(&format!(": {}", i18n::text(locale, &Message::new("tournament-forfeit"))));
                lines.push(line);
                continue;
            }
            let mut record = terms.game(t, r, k, next_id, &settings, now);
            next_id = GameId(next_id.get() + 1);
            deadlines::start_turn(&mut record, now);
            record.due = deadlines::next_event(&record).map(|(at, _)| at);
            games.push(GameWrite { record: record.clone(), base: None });
            t.rounds[r].pairings[k].game = Some(record.id);
            let mut line = pair(p.first, p.second);
            line.push_str(&format!(" (#{})", record.id));
            lines.push(line);
            boards.push(self.tournament_board(locale, &record)?);
        }
        for &b in &t.rounds[r].byes {
            let mut line = Text::plain("• ");
            line.push_span(&name(b), Span::Name);
            line.push_str(&format!(": {}", i18n::text(locale, &Message::new("tournament-bye"))));
            lines.push(line);
        }
        let calls = t.rounds[r]
            .pairings
            .iter()
            .flat_map(|p| [p.first, p.second])
            .map(|i| (Callee::User(t.entrants[i].player.id.get()), t.entrants[i].player.name.clone()));
        let mut replies = vec![Reply { text: Text::join(lines, "\n"), ..Reply::default() }.calling(calls)];
        replies.extend(boards);
        Ok(replies)
    }

    /// Writes a tournament's posts into the outbox with the unit that decided them, so that a crash between the
    /// commit and the posts loses none: each reply becomes a notice (a game's board, the final standings, or an
    /// announcement kept as its text), and the reply carries the notice's id once committed.
    pub(super) fn tournament_notices(t: &Tournament, replies: &[Reply], now: Timestamp) -> Vec<Notice> {
        replies
            .iter()
            .map(|reply| {
                let kind = match (reply.game, &reply.image) {
                    (Some(_), _) => NoticeKind::TournamentGame,
                    (None, Some(_)) => NoticeKind::TournamentFinished { tournament: t.id.get() },
                    (None, None) => NoticeKind::Announcement { text: reply.text.clone(), mentions: Vec::new() },
                };
                Notice {
                    id: 0,
                    game: reply.game.unwrap_or(GameId(0)),
                    guild: t.guild,
                    channel: t.channel,
                    kind,
                    at: now,
                }
            })
            .collect()
    }

    /// Advances every tournament marked due at `now` (a game of it ended, or its sign-up deadline came); the
    /// replies announce what happened, each with the server and channel to post it in. The scheduler's way to
    /// catch up.
    pub fn advance_due_tournaments(
        &self,
        locale: Locale,
        now: Timestamp,
    ) -> Result<Vec<(GuildId, ChannelId, Reply)>, TableError> {
        let mut out = Vec::new();
        for (id, guild) in self.due_tournaments(now)? {
            match self.advance_tournament(id.get(), locale, now) {
                Ok(replies) => out.extend(replies.into_iter().map(|(channel, reply)| (guild, channel, reply))),
                Err(e) => tracing::error!(tournament = %id, error = %e, "a tournament could not advance"),
            }
        }
        Ok(out)
    }

    /// Whether the tournament's next step may be a Swiss round of a field larger than
    /// `inline_pairing_players`: paired by the scheduler as heavy work, not on a member's request.
    pub fn pairs_off_the_request_path(&self, id: u64) -> bool {
        match self.store.tournament(TournamentId(id)) {
            Ok(Some(t)) => self.pairs_later(&t),
            _ => false,
        }
    }

    /// Whether `t`'s rounds are paired by the scheduler (see [`AtWork::pairs_off_the_request_path`]).
    pub(super) fn pairs_later(&self, t: &Tournament) -> bool {
        matches!(t.format, Format::Swiss { .. }) && t.entrants.len() > self.config.limits.inline_pairing_players
    }

    /// The tournaments marked due at `now` with their servers (those this table serves), oldest id first.
    pub fn due_tournaments(&self, now: Timestamp) -> Result<Vec<(TournamentId, GuildId)>, TableError> {
        let mut due: Vec<TournamentId> = self.store.tournament_marks(now)?.into_iter().map(|m| m.tournament).collect();
        due.sort_unstable();
        due.dedup();
        let mut out = Vec::new();
        for id in due {
            let guild = self.store.tournament(TournamentId(id.get()))?.map_or(GuildId(0), |t| t.guild);
            if (self.table.serves)(guild) {
                out.push((id, guild));
            }
        }
        Ok(out)
    }

    /// Looks at one tournament (and no other): starts it at its sign-up deadline, pairs its next round when the
    /// current one is complete, or finishes it. The tournament, its new games and the clearing of the marks it
    /// handled are one unit, written over the revision read (tried again if another process got there first).
    pub fn advance_tournament(
        &self,
        id: u64,
        locale: Locale,
        now: Timestamp,
    ) -> Result<Vec<(ChannelId, Reply)>, TableError> {
        for _ in 0..8 {
            let marks: Vec<TournamentMark> =
                self.store.tournament_marks(now)?.into_iter().filter(|m| m.tournament == id).collect();
            let Some(mut t) = self.store.tournament(TournamentId(id))? else {
                self.write(Unit { unmarks: marks, ..Unit::default() })?;
                return Ok(Vec::new());
            };
            let before = t.clone();
            let mut games = Vec::new();
            let out = self.advance(&mut t, locale, now, &mut games)?;
            let unit = Unit { unmarks: marks, ..Unit::default() };
            if t == before && unit.unmarks.is_empty() {
                return Ok(Vec::new());
            }
            let written = if t == before {
                self.write(unit).map(|_| Vec::new())
            } else {
                let base = t.revision;
                t.revision = base + 1;
                let write = TournamentWrite { tournament: t.clone(), base: Some(base) };
                let notices = Self::tournament_notices(&t, &out, now);
                self.write(Unit { games, tournaments: vec![write], notices, ..unit }).map(|w| w.notices)
            };
            match written {
                Ok(ids) => {
                    let posts = with_notices(out, &ids, t.channel);
                    return Ok(posts.into_iter().map(|reply| (t.channel, reply)).collect());
                }
                // Changed meanwhile (another process advanced it, an organiser acted): look again.
                Err(Fail::User(_) | Fail::Changed(_)) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Err(TableError::Internal(format!("tournament {id} kept changing while it was advanced")))
    }

    /// What advancing a tournament does to it, in memory: the replies, and its new games in `games`.
    pub(super) fn advance(
        &self,
        t: &mut Tournament,
        locale: Locale,
        now: Timestamp,
        games: &mut Vec<GameWrite>,
    ) -> Result<Vec<Reply>, TableError> {
        let mut out = Vec::new();
        // Sign-up closes at its deadline: the tournament starts by itself (or is called off without players).
        if t.status == TournamentStatus::SignUp && t.signup_until.is_some_and(|d| d <= now) {
            if t.entrants.len() < 2 {
                t.status = TournamentStatus::Cancelled;
                t.log.push((now, "cancelled: too few players at the sign-up deadline".into()));
                let text =
                    i18n::spans(locale, &Message::new("tournament-too-few-at-deadline").num("id", t.id.get() as i64));
                out.push(Reply { text, ..Reply::default() });
            } else {
                t.log.push((now, "started at the sign-up deadline".into()));
                out.extend(self.begin(t, locale, now, games)?);
            }
            return Ok(out);
        }
        if t.status != TournamentStatus::Running {
            return Ok(out);
        }
        // Started without a round (a large Swiss, whose first round is paired here, off the request path).
        if t.rounds.is_empty() {
            out.extend(self.next_round(t, locale, now, games)?);
            let to_play =
                t.rounds.last().is_some_and(|r| r.pairings.iter().any(|p| p.game.is_some() && p.entered.is_none()));
            if t.status != TournamentStatus::Running || to_play {
                return Ok(out);
            }
        }
        while let Some(round) = t.rounds.last() {
            let mut complete = true;
            for p in &round.pairings {
                match self.pairing_points(p)? {
                    None => complete = false,
                    Some(pts) if pts == 0.5 && t.format.is_knockout() => {
                        // A drawn knockout game is replayed with sides swapped (once per draw).
                        let replayed = round
                            .pairings
                            .iter()
                            .any(|q| q.slot == p.slot && q.first == p.second && q.game.is_some() && q.game > p.game);
                        if !replayed {
                            complete = false;
                        }
                    }
                    Some(_) => {}
                }
            }
            if !complete {
                let r = t.rounds.len() - 1;
                // Replays of drawn knockout games.
                if t.format.is_knockout() {
                    let mut replays = Vec::new();
                    for p in &t.rounds[r].pairings {
                        let latest = t.rounds[r].pairings.iter().rev().find(|q| q.slot == p.slot);
                        if latest == Some(p) && self.pairing_points(p)? == Some(0.5) {
                            replays.push(new_pairing(p.second, p.first, p.slot));
                        }
                    }
                    if !replays.is_empty() {
                        t.rounds[r].pairings.extend(replays);
                        let made = games.len();
                        let replies = self.start_games(t, r, locale, now, games)?;
                        out.extend(replies);
                        // A replay to be played leaves the round open (its game is not stored before the unit);
                        // one decided at once (a withdrawn player) may complete it.
                        if games.len() == made {
                            continue;
                        }
                    }
                }
                break;
            }
            let replies = self.next_round(t, locale, now, games)?;
            out.extend(replies);
            if t.status != TournamentStatus::Running {
                break;
            }
            // A round whose games were all decided at once (every player but one dropped) goes on.
            let last = t.rounds.last().expect("a round was just paired");
            if last.pairings.iter().any(|p| p.game.is_some() && p.entered.is_none()) {
                break;
            }
        }
        Ok(out)
    }
}

/// What every game of a tournament is played with: the time per move, rated or not, the game's own options.
struct GameTerms {
    per_move: Option<u64>,
    rated: bool,
    options: crate::games::OptionSet,
}

impl GameTerms {
    /// The tournament's terms, the server's settings where it sets none.
    fn of(t: &Tournament, settings: &crate::store::settings::GuildSettings) -> Result<GameTerms, Fail> {
        let mut options = t.options.clone();
        let per_move = match options.remove("time") {
            Some(text) => deadlines::parse_time_control(&text)?,
            None => settings.time_per_move,
        };
        let rated = match options.remove("rated") {
            Some(v) => crate::table::terms::flag("rated", &v)? && !t.kind.moves_are_throws(),
            None => settings.rated && !t.kind.moves_are_throws(),
        };
        options.remove("seeding");
        options.remove("vacation");
        options.remove("round_time");
        if t.kind.moves_are_throws() {
            // Role teams throw in free mode (the bot reads no member list: that needs Discord's privileged intent).
            options.entry("turn_mode".into()).or_insert_with(|| TurnMode::Free.name().into());
        }
        let options = t.kind.normalise_options(&options).map_err(|e| e.message())?;
        Ok(GameTerms { per_move, rated, options })
    }

    /// The game of pairing `k` of round `r`, numbered `id`, started at `now`.
    fn game(
        &self,
        t: &Tournament,
        r: usize,
        k: usize,
        id: crate::store::record::GameId,
        settings: &crate::store::settings::GuildSettings,
        now: Timestamp,
    ) -> GameRecord {
        let p = &t.rounds[r].pairings[k];
        let (first, second) = (&t.entrants[p.first], &t.entrants[p.second]);
        let (per_move, rated) = (self.per_move, self.rated);
        let team = |e: &Entrant| Team::Role {
            id: e.player.id.get(),
            name: e.player.name.trim_start_matches('@').to_string(),
            ping: e.ping,
        };
        let teams = if first.role && second.role { vec![team(first), team(second)] } else { Vec::new() };
        GameRecord {
            id,
            opponent: Some(second.player.clone()),
            first: First::Challenger,
            seats: if teams.is_empty() { vec![first.player.clone(), second.player.clone()] } else { Vec::new() },
            challenger_side: (!teams.is_empty()).then_some(Side::First),
            teams,
            status: Status::Active,
            wants_thread: true,
            clock: per_move.map(|s| deadlines::new_clock(s, settings)),
            rated,
            tournament: Some(TournamentPlace { tournament: t.id, round: r, pairing: k }),
            ..GameRecord::new(
                t.kind,
                self.options.clone(),
                t.guild,
                parking_channel(t.id.get(), r, k),
                first.player.clone(),
                now,
            )
        }
    }
}
