//! A tournament's life through the table: created by an organiser (Manage Server), sign-up by button or
//! command, started (seeded by rating), each pairing a game of its own (in a thread the front end opens), the
//! next round paired when every game of a round has ended, drops (remaining games forfeited), results entered
//! or corrected, standings with tie-breaks, and the final result. Results are read from the games.

use super::pairing::{self, SwissPlayer};
use super::standings::standings;
use crate::games::{GameKind, OptionSet, Side};
use crate::i18n::{self, Locale, Message, Span, Text};
use crate::store::record::{
    ChannelId, FinishReason, First, GameId, GameRecord, GuildId, Notice, NoticeKind, Player, Status, Team, Timestamp,
    TournamentPlace,
};
use crate::store::tournament::{Entrant, Format, Pairing, TournamentRound, TournamentStatus};
use crate::store::{GameWrite, Tournament, TournamentMark, TournamentWrite, Unit};
use crate::table::naming::game_name;
use crate::table::{Actor, Answer, Button, ButtonId, ButtonStyle, Fail, Reply, Table, TournamentCommand, clock};

/// Games of a tournament live in channels of their own; until the front end gives one (a thread), a game waits
/// in a reserved channel id that no real channel has.
fn parking_channel(tournament: u64, round: usize, pairing: usize) -> u64 {
    (1 << 62) | (tournament << 24) | ((round as u64) << 12) | pairing as u64
}

/// Whether a game is a tournament game still in its parking place (waiting for a channel of its own).
pub fn is_parked(record: &GameRecord) -> bool {
    record.tournament.is_some_and(|p| record.channel == parking_channel(p.tournament, p.round, p.pairing))
}

fn points_text(p: f64) -> String {
    let whole = p.floor() as i64;
    match (whole, p - p.floor() >= 0.5) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

impl Table {
    pub(in crate::table) fn tournament_command(
        &self,
        actor: &Actor,
        command: TournamentCommand,
        now: Timestamp,
    ) -> Answer {
        match command {
            TournamentCommand::Create { game, format, rounds, max_players, options } => {
                self.tournament_create(actor, &game, &format, rounds, max_players, options, now)
            }
            TournamentCommand::Join { id } => self.tournament_join(actor, id, true),
            TournamentCommand::Leave { id } => self.tournament_join(actor, id, false),
            TournamentCommand::JoinTeam { id, role, name, mentionable } => {
                let ping = mentionable || actor.permissions.mention_everyone;
                self.tournament_join_team(actor, id, role, &name, ping)
            }
            TournamentCommand::Start { id } => self.tournament_start(actor, id, now),
            TournamentCommand::Standings { id, picture } => {
                let t = self.find_tournament(actor, id, true)?;
                Ok(vec![self.standings_reply(actor.locale, &t, picture)?])
            }
            TournamentCommand::Pairings { id, round } => self.tournament_pairings(actor, id, round),
            TournamentCommand::Drop { id, player } => self.tournament_drop(actor, id, player, now),
            TournamentCommand::Result { game, winner } => self.tournament_result(actor, game, &winner, now),
            TournamentCommand::Extend { id, time } => self.tournament_extend(actor, id, &time, now),
            TournamentCommand::Cancel { id } => {
                let mut t = self.open_tournament(actor, id)?;
                self.organiser_only(actor, &t)?;
                t.status = TournamentStatus::Cancelled;
                t.log.push((now, format!("cancelled by {}", actor.name)));
                // Its games still on are called off (aborted: not scored, their channels freed), in the same unit.
                let mut games = Vec::new();
                for game in t.rounds.iter().flat_map(|r| r.pairings.iter().filter_map(|p| p.game)) {
                    let Some(mut record) = self.store.game(game)? else { continue };
                    if record.status == Status::Active {
                        record.status = Status::Aborted;
                        record.draw_offer = None;
                        record.updated_at = now;
                        let base = record.revision;
                        games.push(GameWrite { record, base: Some(base) });
                    }
                }
                let t = self.save_tournament(t, games)?;
                let text = i18n::spans(actor.locale, &Message::new("tournament-cancelled").num("id", t.id as i64));
                Ok(vec![Reply { text, ..Reply::default() }])
            }
        }
    }

    /// An organiser gives the games still on in the current round more time: every game and the tournament's
    /// log in one unit, so a move in between refuses it whole (and a retry extends each game once).
    fn tournament_extend(&self, actor: &Actor, id: Option<u64>, time: &str, now: Timestamp) -> Answer {
        let mut t = self.open_tournament(actor, id)?;
        self.organiser_only(actor, &t)?;
        let secs = clock::parse_duration(time).ok_or_else(|| {
            Message::new("option-bad-value").str("key", "time").str("value", time).str("expected", "12h|2d")
        })?;
        let mut games = Vec::new();
        for game in t.rounds.last().into_iter().flat_map(|r| r.pairings.iter().filter_map(|p| p.game)) {
            let Some(mut record) = self.store.game(game)? else { continue };
            if record.status != Status::Active {
                continue;
            }
            if let Some(c) = &mut record.clock {
                c.deadline += secs;
                // The new deadline gets its reminders and timeout afresh.
                c.reminded = 0;
                c.flagged = false;
            }
            record.updated_at = now;
            let base = record.revision;
            games.push(GameWrite { record, base: Some(base) });
        }
        let extended = games.len() as i64;
        t.log.push((now, format!("{} extended round {} by {time}", actor.name, t.rounds.len())));
        self.save_tournament(t, games)?;
        let text =
            i18n::text(actor.locale, &Message::new("tournament-extended").num("games", extended).str("time", time));
        Ok(vec![Reply { text: text.into(), ..Reply::default() }])
    }

    /// Writes a tournament over the revision it was read at (a new one, id 0, is created), with the games it
    /// creates or changes, in one unit. Returns it as stored.
    fn save_tournament(&self, mut t: Tournament, games: Vec<GameWrite>) -> Result<Tournament, Fail> {
        let base = (t.id != 0).then_some(t.revision);
        t.revision = base.map_or(0, |b| b + 1);
        let unit = Unit { tournaments: vec![TournamentWrite { tournament: t.clone(), base }], ..Unit::default() };
        if t.id == 0 {
            let done = self.commit(unit)?;
            t.id = done.tournaments[0];
            return Ok(t);
        }
        self.save_games(games, unit)?;
        Ok(t)
    }

    /// The tournament named (or the server's latest one not over), refused when it is over: a finished or
    /// cancelled tournament takes no more changes.
    fn open_tournament(&self, actor: &Actor, id: Option<u64>) -> Result<Tournament, Fail> {
        let t = self.find_tournament(actor, id, true)?;
        if matches!(t.status, TournamentStatus::Finished | TournamentStatus::Cancelled) {
            return Err(Message::new("tournament-over").num("id", t.id as i64).into());
        }
        Ok(t)
    }

    /// Members with Manage Server or the server's organiser role.
    fn is_organiser(&self, actor: &Actor) -> Result<bool, Fail> {
        let role = self.store.guild_settings(actor.guild)?.organiser_role;
        Ok(actor.permissions.manage_server || role.is_some_and(|r| actor.roles.contains(&r)))
    }

    fn organiser_only(&self, actor: &Actor, t: &Tournament) -> Result<(), Fail> {
        if self.is_organiser(actor)? || actor.user == t.organiser {
            Ok(())
        } else {
            Err(Message::new("tournament-organisers-only").into())
        }
    }

    /// The tournament named, or the server's latest one not over (or, with `any`, the latest of all).
    fn find_tournament(&self, actor: &Actor, id: Option<u64>, any: bool) -> Result<Tournament, Fail> {
        let found = match id {
            Some(id) => self.store.tournament(id)?.filter(|t| t.guild == actor.guild),
            None => {
                let all = self.store.tournaments(actor.guild)?;
                let open =
                    all.iter().rev().find(|t| matches!(t.status, TournamentStatus::SignUp | TournamentStatus::Running));
                open.cloned().or_else(|| if any { all.last().cloned() } else { None })
            }
        };
        found.ok_or_else(|| Message::new("tournament-none").into())
    }

    #[allow(clippy::too_many_arguments)]
    fn tournament_create(
        &self,
        actor: &Actor,
        game: &str,
        format: &str,
        rounds: Option<u8>,
        max_players: Option<u32>,
        options: OptionSet,
        now: Timestamp,
    ) -> Answer {
        if !self.is_organiser(actor)? {
            return Err(Message::new("tournament-organisers-only").into());
        }
        let kind: GameKind = game.parse()?;
        let format = match format {
            "round-robin" => Format::RoundRobin { legs: 1 },
            "double-round-robin" => Format::RoundRobin { legs: 2 },
            "swiss" => Format::Swiss { rounds: rounds.unwrap_or(5).clamp(1, 20) },
            "elimination" => Format::Elimination,
            other => {
                return Err(Message::new("option-bad-value")
                    .str("key", "format")
                    .str("value", other)
                    .str("expected", "round-robin|double-round-robin|swiss|elimination")
                    .into());
            }
        };
        let mut options = options;
        let signup_until = match options.remove("signup") {
            Some(text) => Some(
                now + clock::parse_duration(&text).ok_or_else(|| {
                    Message::new("option-bad-value")
                        .str("key", "signup")
                        .str("value", text.as_str())
                        .str("expected", "12h|2d")
                })?,
            ),
            None => None,
        };
        // The game options are checked now, so a bad one is refused before anyone signs up.
        let mut game_options = options.clone();
        for key in ["time", "rated", "seeding"] {
            game_options.remove(key);
        }
        match options.get("seeding").map(String::as_str) {
            None | Some("rating" | "random") => {}
            Some(other) => {
                return Err(Message::new("option-bad-value")
                    .str("key", "seeding")
                    .str("value", other)
                    .str("expected", "rating|random")
                    .into());
            }
        }
        kind.normalise_options(&game_options).map_err(|e| e.message())?;
        if let Some(time) = options.get("time") {
            clock::parse_time_control(time)?;
        }
        let most = self.config.limits.tournaments;
        let going = self
            .store
            .tournaments(actor.guild)?
            .into_iter()
            .filter(|t| matches!(t.status, TournamentStatus::SignUp | TournamentStatus::Running));
        if going.count() >= most {
            return Err(Message::new("limit-tournaments").num("max", most as i64).into());
        }
        let t = self.save_tournament(
            Tournament {
                id: 0,
                revision: 0,
                guild: actor.guild,
                channel: actor.channel,
                kind,
                options,
                format,
                organiser: actor.user,
                max_players,
                signup_until,
                status: TournamentStatus::SignUp,
                entrants: Vec::new(),
                rounds: Vec::new(),
                log: vec![(now, format!("created by {}", actor.name))],
                created_at: now,
            },
            Vec::new(),
        )?;
        let locale = actor.locale;
        let text = i18n::spans(
            locale,
            &Message::new("tournament-created")
                .num("id", t.id as i64)
                .str("game", game_name(locale, kind))
                .str("format", format_name(locale, t.format)),
        );
        let button = |id: ButtonId, label: &'static str, style| Button {
            id,
            label: i18n::text(locale, &Message::new(label)),
            enabled: true,
            style,
            new_row: false,
        };
        let buttons = vec![
            button(ButtonId::TournamentJoin(t.id), "button-tournament-join", ButtonStyle::Success),
            button(ButtonId::TournamentLeave(t.id), "button-tournament-leave", ButtonStyle::Secondary),
        ];
        Ok(vec![Reply { text, buttons, ..Reply::default() }])
    }

    /// A member signs up their role as a team (Zohn Ahl tournaments are played by teams).
    fn tournament_join_team(&self, actor: &Actor, id: Option<u64>, role: u64, name: &str, ping: bool) -> Answer {
        let mut t = self.find_tournament(actor, id, false)?;
        if t.status != TournamentStatus::SignUp {
            return Err(Message::new("tournament-signup-closed").into());
        }
        if !t.kind.moves_are_throws() {
            return Err(Message::new("tournament-teams-not-here").into());
        }
        if role == actor.guild {
            return Err(Message::new("discord-team-everyone").into());
        }
        if !actor.roles.contains(&role) {
            return Err(Message::new("tournament-not-role-member").str("role", format!("@{name}")).into());
        }
        if t.entrants.iter().any(|e| e.role && e.player.id == role) {
            return Err(Message::new("tournament-already-in").into());
        }
        if t.max_players.is_some_and(|m| t.entrants.len() >= m as usize) {
            return Err(Message::new("tournament-full").into());
        }
        t.entrants.push(Entrant {
            player: Player { id: role, name: format!("@{name}") },
            dropped: false,
            role: true,
            ping,
        });
        let t = self.save_tournament(t, Vec::new())?;
        let message = Message::new("tournament-joined")
            .name("player", format!("@{name}"))
            .num("id", t.id as i64)
            .num("count", t.entrants.len() as i64);
        Ok(vec![Reply { text: i18n::spans(actor.locale, &message), ..Reply::default() }])
    }

    fn tournament_join(&self, actor: &Actor, id: Option<u64>, join: bool) -> Answer {
        let mut t = self.find_tournament(actor, id, false)?;
        if t.status != TournamentStatus::SignUp {
            return Err(Message::new("tournament-signup-closed").into());
        }
        if join && t.kind.moves_are_throws() {
            return Err(Message::new("tournament-team-needed").into());
        }
        let here =
            t.entrants.iter().position(|e| e.player.id == actor.user || (e.role && actor.roles.contains(&e.player.id)));
        match (join, here) {
            (true, Some(_)) => return Err(Message::new("tournament-already-in").into()),
            (false, None) => return Err(Message::new("tournament-not-in").into()),
            (true, None) => {
                if t.max_players.is_some_and(|m| t.entrants.len() >= m as usize) {
                    return Err(Message::new("tournament-full").into());
                }
                t.entrants.push(Entrant { player: actor.player(), dropped: false, role: false, ping: false });
            }
            (false, Some(i)) => {
                t.entrants.remove(i);
            }
        }
        let t = self.save_tournament(t, Vec::new())?;
        let message = Message::new(if join { "tournament-joined" } else { "tournament-left" })
            .name("player", actor.name.as_str())
            .num("id", t.id as i64)
            .num("count", t.entrants.len() as i64);
        Ok(vec![Reply { text: i18n::spans(actor.locale, &message), ..Reply::default() }])
    }

    fn tournament_start(&self, actor: &Actor, id: Option<u64>, now: Timestamp) -> Answer {
        let mut t = self.find_tournament(actor, id, false)?;
        self.organiser_only(actor, &t)?;
        if t.status != TournamentStatus::SignUp {
            return Err(Message::new("tournament-signup-closed").into());
        }
        if t.entrants.len() < 2 {
            return Err(Message::new("tournament-too-few").into());
        }
        t.log.push((now, format!("started by {}", actor.name)));
        let mut games = Vec::new();
        let replies = self.begin(&mut t, actor.locale, now, &mut games)?;
        let notices = Self::tournament_notices(&t, &replies, now);
        let base = t.revision;
        t.revision = base + 1;
        let write = TournamentWrite { tournament: t.clone(), base: Some(base) };
        let unit = Unit { tournaments: vec![write], notices, ..Unit::default() };
        let (_, ids) = self.save_games_noting(games, unit)?;
        Ok(with_notices(replies, &ids, t.channel))
    }

    /// Seeds the entrants and pairs round 1.
    fn begin(
        &self,
        t: &mut Tournament,
        locale: Locale,
        now: Timestamp,
        games: &mut Vec<GameWrite>,
    ) -> Result<Vec<Reply>, Fail> {
        // Seeding: rating (when there is one), then sign-up order.
        let rating = |p: &Player| self.store.rating(t.guild, t.kind, p.id).ok().flatten().map_or(0.0, |r| r.rating);
        let mut seeded: Vec<(f64, usize, Entrant)> =
            t.entrants.iter().cloned().enumerate().map(|(i, e)| (rating(&e.player), i, e)).collect();
        if t.options.get("seeding").is_some_and(|s| s == "random") {
            // Seeded at random: a shuffle by the table's generator (seeded from the system).
            use rand::seq::SliceRandom;
            seeded.shuffle(&mut *self.rng());
        } else {
            seeded.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        }
        t.entrants = seeded.into_iter().map(|(_, _, e)| e).collect();
        t.status = TournamentStatus::Running;
        self.next_round(t, locale, now, games)
    }

    /// The first side's points of a pairing, once decided: an entered result, else its game's.
    fn pairing_points(&self, pairing: &Pairing) -> Result<Option<f64>, Fail> {
        if let Some(p) = pairing.entered {
            return Ok(Some(p));
        }
        let Some(game) = pairing.game else { return Ok(None) };
        let record = self.store.game(game)?.ok_or_else(|| Fail::Internal(format!("tournament game {game} missing")))?;
        Ok(match record.status {
            Status::Finished { winner: Some(Side::First), .. } => Some(1.0),
            Status::Finished { winner: Some(Side::Second), .. } => Some(0.0),
            Status::Finished { winner: None, .. } => Some(0.5),
            // Nobody moved before the first deadline: a loss for the side that had to move first.
            Status::Aborted => Some(0.0),
            _ => None,
        })
    }

    /// Which side of a pairing won (0 the first, 1 the second), once decided and not drawn.
    fn pairing_winner(&self, pairing: &Pairing) -> Result<Option<usize>, Fail> {
        Ok(match self.pairing_points(pairing)? {
            Some(x) if x > 0.5 => Some(0),
            Some(x) if x < 0.5 => Some(1),
            _ => None,
        })
    }

    /// Every decided game so far, as (first, second, first's points), and the byes.
    fn results(&self, t: &Tournament) -> Result<Decided, Fail> {
        let mut games = Vec::new();
        let mut byes = Vec::new();
        for round in &t.rounds {
            for p in &round.pairings {
                if let Some(points) = self.pairing_points(p)? {
                    games.push((p.first, p.second, points));
                }
            }
            byes.extend(round.byes.iter().copied());
        }
        Ok((games, byes))
    }

    /// Pairs the next round (creating its games), or finishes the tournament; the replies announce it.
    fn next_round(
        &self,
        t: &mut Tournament,
        locale: Locale,
        now: Timestamp,
        new_games: &mut Vec<GameWrite>,
    ) -> Result<Vec<Reply>, Fail> {
        let n = t.entrants.len();
        let r = t.rounds.len();
        let (games, byes) = self.results(t)?;
        let mut round = TournamentRound::default();
        match t.format {
            Format::RoundRobin { legs } => {
                let schedule = pairing::round_robin(n, legs as usize);
                if let Some(planned) = schedule.get(r) {
                    round.pairings = planned.pairs.iter().map(|&(a, b)| new_pairing(a, b, 0)).collect();
                    round.byes = planned.bye.into_iter().collect();
                }
            }
            Format::Swiss { rounds } => {
                if r < rounds as usize {
                    let players: Vec<SwissPlayer> = (0..n)
                        .map(|p| {
                            let mut s = SwissPlayer {
                                score: 0.0,
                                met: Vec::new(),
                                colour_balance: 0,
                                last_first: None,
                                had_bye: byes.contains(&p),
                                active: !t.entrants[p].dropped,
                            };
                            s.score += byes.iter().filter(|&&b| b == p).count() as f64;
                            for &(a, b, pts) in &games {
                                if a == p {
                                    s.score += pts;
                                    s.met.push(b);
                                    s.colour_balance += 1;
                                    s.last_first = Some(true);
                                } else if b == p {
                                    s.score += 1.0 - pts;
                                    s.met.push(a);
                                    s.colour_balance -= 1;
                                    s.last_first = Some(false);
                                }
                            }
                            s
                        })
                        .collect();
                    let planned = pairing::swiss(&players);
                    if !planned.pairs.is_empty() {
                        round.pairings = planned.pairs.iter().map(|&(a, b)| new_pairing(a, b, 0)).collect();
                        round.byes = planned.bye.into_iter().collect();
                    }
                }
            }
            Format::Elimination => {
                let alive = self.bracket_winners(t)?;
                if r == 0 {
                    for (slot, pair) in pairing::bracket(n).into_iter().enumerate() {
                        match pair {
                            (Some(a), Some(b)) => round.pairings.push(new_pairing(a, b, slot)),
                            (Some(a), None) | (None, Some(a)) => round.byes.push(a),
                            (None, None) => {}
                        }
                    }
                } else if alive.len() > 1 {
                    for (slot, (a, b)) in pairing::next_bracket_round(&alive).into_iter().enumerate() {
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
        t.rounds.push(round);
        self.start_games(t, r, locale, now, new_games)
    }

    /// The winners of an elimination bracket's latest round, in bracket order (with the byes of the first).
    fn bracket_winners(&self, t: &Tournament) -> Result<Vec<usize>, Fail> {
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
            let order = pairing::bracket(t.entrants.len());
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
    fn start_games(
        &self,
        t: &mut Tournament,
        r: usize,
        locale: Locale,
        now: Timestamp,
        games: &mut Vec<GameWrite>,
    ) -> Result<Vec<Reply>, Fail> {
        let settings = self.store.guild_settings(t.guild)?;
        let mut options = t.options.clone();
        let per_move = match options.remove("time") {
            Some(text) => clock::parse_time_control(&text)?,
            None => settings.time_per_move,
        };
        let rated = match options.remove("rated") {
            Some(v) => super::super::flag("rated", &v)? && !t.kind.moves_are_throws(),
            None => settings.rated && !t.kind.moves_are_throws(),
        };
        options.remove("seeding");
        if t.kind.moves_are_throws() {
            // Role teams throw in free mode (the bot reads no member list: that needs Discord's privileged intent).
            options.entry("turn_mode".into()).or_insert_with(|| "free".into());
        }
        let options = t.kind.normalise_options(&options).map_err(|e| e.message())?;
        let name = |i: usize| t.entrants[i].player.name.clone();
        // "• ana – ben": entrants' names as spans, shown as written.
        let pair = |a: usize, b: usize| {
            let mut line = Text::plain("• ");
            line.push_span(&name(a), Span::Name).push_str(" – ").push_span(&name(b), Span::Name);
            line
        };
        let mut lines = vec![i18n::spans(
            locale,
            &Message::new("tournament-round").num("id", t.id as i64).num("round", (r + 1) as i64),
        )];
        let mut boards = Vec::new();
        let wanted = t.rounds[r].pairings.iter().filter(|p| p.game.is_none() && p.entered.is_none()).count() as u64;
        let mut next_id = if wanted > 0 { self.store.reserve_game_ids(wanted)? } else { 0 };
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
            let team = |e: &Entrant| Team::Role {
                id: e.player.id,
                name: e.player.name.trim_start_matches('@').to_string(),
                ping: e.ping,
            };
            let teams = if first.role && second.role { vec![team(first), team(second)] } else { Vec::new() };
            let mut record = GameRecord {
                id: next_id,
                kind: t.kind,
                options: options.clone(),
                guild: t.guild,
                channel: parking_channel(t.id, r, k),
                challenger: first.player.clone(),
                opponent: Some(second.player.clone()),
                first: First::Challenger,
                seats: if teams.is_empty() { vec![first.player.clone(), second.player.clone()] } else { Vec::new() },
                challenger_side: (!teams.is_empty()).then_some(Side::First),
                teams,
                rosters: Vec::new(),
                moves: Vec::new(),
                status: Status::Active,
                draw_offer: None,
                takeback: None,
                computer: None,
                created_at: now,
                updated_at: now,
                expires_at: now,
                revision: 0,
                wants_thread: true,
                clock: per_move.map(|s| clock::new_clock(s, &settings)),
                due: None,
                rated,
                rating_sequence: None,
                rating_changes: Vec::new(),
                tournament: Some(TournamentPlace { tournament: t.id, round: r, pairing: k }),
                imported: None,
            };
            next_id += 1;
            clock::start_turn(&mut record, now);
            record.due = clock::next_event(&record).map(|(at, _)| at);
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
        let mentions =
            t.rounds[r].pairings.iter().flat_map(|p| [p.first, p.second]).map(|i| t.entrants[i].player.id).collect();
        let mut replies = vec![Reply { text: Text::join(lines, "\n"), mentions, ..Reply::default() }];
        replies.extend(boards);
        Ok(replies)
    }

    /// A tournament game's first board, asking for a thread of its own (the announcement of the game).
    pub(in crate::table) fn tournament_board(&self, locale: Locale, record: &GameRecord) -> Result<Reply, Fail> {
        let TournamentPlace { tournament, round, .. } =
            record.tournament.ok_or_else(|| Fail::Internal("not a tournament game".into()))?;
        let first = record.challenger.name.clone();
        let second = record.opponent.as_ref().map(|p| p.name.clone()).unwrap_or_default();
        let position = self.position(record)?;
        let intro = Message::new("tournament-game")
            .num("id", tournament as i64)
            .num("round", (round + 1) as i64)
            .name("first", first.as_str())
            .name("second", second.as_str());
        let mut board = self.board_reply(locale, record, &position, vec![intro]);
        let title = format!("{} T{tournament} R{}: {first} – {second}", game_name(locale, record.kind), round + 1);
        board.open_thread = Some(title.chars().take(100).collect());
        board.needs_channel = true;
        Ok(board)
    }

    /// Writes a tournament's posts into the outbox with the unit that decided them, so that a crash between the
    /// commit and the posts loses none: each reply becomes a notice (a game's board, the final standings, or an
    /// announcement kept as its text), and the reply carries the notice's id once committed.
    fn tournament_notices(t: &Tournament, replies: &[Reply], now: Timestamp) -> Vec<Notice> {
        replies
            .iter()
            .map(|reply| {
                let kind = match (reply.game, &reply.image) {
                    (Some(_), _) => NoticeKind::TournamentGame,
                    (None, Some(_)) => NoticeKind::TournamentFinished { tournament: t.id },
                    (None, None) => {
                        NoticeKind::Announcement { text: reply.text.clone(), mentions: reply.mentions.clone() }
                    }
                };
                Notice { id: 0, game: reply.game.unwrap_or(0), guild: t.guild, channel: t.channel, kind, at: now }
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
    ) -> Result<Vec<(GuildId, ChannelId, Reply)>, String> {
        let mut due: Vec<u64> =
            self.store.tournament_marks(now).map_err(|e| e.to_string())?.into_iter().map(|m| m.tournament).collect();
        due.sort_unstable();
        due.dedup();
        let mut out = Vec::new();
        for id in due {
            let guild = match self.store.tournament(id) {
                Ok(t) => t.map_or(0, |t| t.guild),
                Err(e) => return Err(e.to_string()),
            };
            if !(self.serves)(guild) {
                continue;
            }
            match self.advance_tournament(id, locale, now) {
                Ok(replies) => out.extend(replies.into_iter().map(|(channel, reply)| (guild, channel, reply))),
                Err(e) => tracing::error!(tournament = id, error = %e, "a tournament could not advance"),
            }
        }
        Ok(out)
    }

    /// Looks at one tournament (and no other): starts it at its sign-up deadline, pairs its next round when the
    /// current one is complete, or finishes it. The tournament, its new games and the clearing of the marks it
    /// handled are one unit, written over the revision read (tried again if another process got there first).
    pub fn advance_tournament(&self, id: u64, locale: Locale, now: Timestamp) -> Result<Vec<(u64, Reply)>, String> {
        let failed = |e: Fail| format!("{e:?}");
        for _ in 0..8 {
            let marks: Vec<TournamentMark> = self
                .store
                .tournament_marks(now)
                .map_err(|e| e.to_string())?
                .into_iter()
                .filter(|m| m.tournament == id)
                .collect();
            let Some(mut t) = self.store.tournament(id).map_err(|e| e.to_string())? else {
                self.commit(Unit { unmarks: marks, ..Unit::default() }).map_err(failed)?;
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
                self.commit(unit).map(|_| Vec::new())
            } else {
                let base = t.revision;
                t.revision = base + 1;
                let write = TournamentWrite { tournament: t.clone(), base: Some(base) };
                let notices = Self::tournament_notices(&t, &out, now);
                self.save_games_noting(games, Unit { tournaments: vec![write], notices, ..unit }).map(|(_, ids)| ids)
            };
            match written {
                Ok(ids) => {
                    let posts = with_notices(out, &ids, t.channel);
                    return Ok(posts.into_iter().map(|reply| (t.channel, reply)).collect());
                }
                // Changed meanwhile (another process advanced it, an organiser acted): look again.
                Err(Fail::User(_)) => continue,
                Err(e) => return Err(failed(e)),
            }
        }
        Err(format!("tournament {id} kept changing while it was advanced"))
    }

    /// What advancing a tournament does to it, in memory: the replies, and its new games in `games`.
    fn advance(
        &self,
        t: &mut Tournament,
        locale: Locale,
        now: Timestamp,
        games: &mut Vec<GameWrite>,
    ) -> Result<Vec<Reply>, String> {
        let mut out = Vec::new();
        // Sign-up closes at its deadline: the tournament starts by itself (or is called off without players).
        if t.status == TournamentStatus::SignUp && t.signup_until.is_some_and(|d| d <= now) {
            if t.entrants.len() < 2 {
                t.status = TournamentStatus::Cancelled;
                t.log.push((now, "cancelled: too few players at the sign-up deadline".into()));
                let text = i18n::spans(locale, &Message::new("tournament-too-few-at-deadline").num("id", t.id as i64));
                out.push(Reply { text, ..Reply::default() });
            } else {
                t.log.push((now, "started at the sign-up deadline".into()));
                out.extend(self.begin(t, locale, now, games).map_err(|e| format!("{e:?}"))?);
            }
            return Ok(out);
        }
        if t.status != TournamentStatus::Running {
            return Ok(out);
        }
        while let Some(round) = t.rounds.last() {
            let mut complete = true;
            for p in &round.pairings {
                match self.pairing_points(p).map_err(|e| format!("{e:?}"))? {
                    None => complete = false,
                    Some(pts) if pts == 0.5 && t.format == Format::Elimination => {
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
                if t.format == Format::Elimination {
                    let mut replays = Vec::new();
                    for p in &t.rounds[r].pairings {
                        let latest = t.rounds[r].pairings.iter().rev().find(|q| q.slot == p.slot);
                        if latest == Some(p) && self.pairing_points(p).map_err(|e| format!("{e:?}"))? == Some(0.5) {
                            replays.push(new_pairing(p.second, p.first, p.slot));
                        }
                    }
                    if !replays.is_empty() {
                        t.rounds[r].pairings.extend(replays);
                        let made = games.len();
                        let replies = self.start_games(t, r, locale, now, games).map_err(|e| format!("{e:?}"))?;
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
            let replies = self.next_round(t, locale, now, games).map_err(|e| format!("{e:?}"))?;
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

    pub(in crate::table) fn standings_reply(
        &self,
        locale: Locale,
        t: &Tournament,
        picture: bool,
    ) -> Result<Reply, Fail> {
        let (games, byes) = self.results(t)?;
        let table = standings(t.entrants.len(), &games, &byes);
        let title = i18n::text(
            locale,
            &Message::new(if t.status == TournamentStatus::Finished {
                "tournament-final"
            } else {
                "tournament-standings"
            })
            .num("id", t.id as i64)
            .str("game", game_name(locale, t.kind))
            .num("rounds", t.rounds.len() as i64),
        );
        let mut lines = vec![Text::plain(title.clone())];
        let mut rows = Vec::new();
        for (rank, s) in table.iter().enumerate() {
            let e = &t.entrants[s.player];
            let name = if e.dropped {
                format!("{} ({})", e.player.name, i18n::text(locale, &Message::new("tournament-dropped")))
            } else {
                e.player.name.clone()
            };
            let dropped = if e.dropped {
                format!(" ({})", i18n::text(locale, &Message::new("tournament-dropped")))
            } else {
                String::new()
            };
            lines.push(Text::plain(format!("{}. ", rank + 1)).and_name(&e.player.name).and(&format!(
                "{dropped} — {} ({} {}, {} {})",
                points_text(s.points),
                i18n::text(locale, &Message::new("tournament-buchholz")),
                points_text(s.buchholz),
                i18n::text(locale, &Message::new("tournament-sb")),
                points_text(s.sonneborn_berger)
            )));
            rows.push(vec![
                (rank + 1).to_string(),
                name,
                points_text(s.points),
                points_text(s.buchholz),
                points_text(s.sonneborn_berger),
            ]);
        }
        if t.status == TournamentStatus::Finished
            && t.format == Format::Elimination
            && let Some(&champion) = self.bracket_winners(t)?.first()
        {
            {
                lines.insert(
                    1,
                    i18n::spans(
                        locale,
                        &Message::new("tournament-champion").name("player", t.entrants[champion].player.name.as_str()),
                    ),
                );
            }
        }
        if picture && t.format == Format::Elimination {
            let games = self.bracket_games(t)?;
            let image = crate::table::Image {
                file_name: format!("tournament-{}-bracket.png", t.id),
                png: crate::render::bracket::bracket_png(
                    &title,
                    &round_names(locale, games.len()),
                    &games,
                    &i18n::text(locale, &Message::new("tournament-bye")),
                ),
            };
            return Ok(Reply { text: Text::join(lines, "\n"), image: Some(image), ..Reply::default() });
        }
        let image = picture.then(|| {
            let headers = ["#", "table-player", "tournament-points", "tournament-buchholz", "tournament-sb"]
                .map(|id| if id == "#" { "#".to_string() } else { i18n::text(locale, &Message::new(id)) });
            crate::table::Image {
                file_name: format!("tournament-{}-standings.png", t.id),
                png: crate::render::table::standings_png(&title, &headers, &rows),
            }
        });
        Ok(Reply { text: Text::join(lines, "\n"), image, ..Reply::default() })
    }

    /// The bracket as drawn: every round's games in bracket order (the latest game of a replayed slot), the
    /// rounds not yet played as empty games.
    fn bracket_games(&self, t: &Tournament) -> Result<Vec<Vec<crate::render::bracket::Game>>, Fail> {
        use crate::render::bracket::Game;
        let name = |i: usize| Some(t.entrants[i].player.name.clone());
        let size = t.entrants.len().next_power_of_two();
        let mut rounds: Vec<Vec<Game>> = Vec::new();
        for (r, round) in t.rounds.iter().enumerate() {
            let mut games = Vec::new();
            if r == 0 {
                for (slot, pair) in pairing::bracket(t.entrants.len()).into_iter().enumerate() {
                    let latest = round.pairings.iter().rev().find(|p| p.slot == slot);
                    let game = match (pair, latest) {
                        (_, Some(p)) => {
                            Game { players: [name(p.first), name(p.second)], winner: self.pairing_winner(p)? }
                        }
                        ((a, b), None) => Game {
                            players: [a.and_then(name), b.and_then(name)],
                            winner: Some(if a.is_some() { 0 } else { 1 }),
                        },
                    };
                    games.push(game);
                }
            } else {
                let slots = round.pairings.iter().map(|p| p.slot).max().map_or(0, |m| m + 1);
                for slot in 0..slots {
                    let Some(p) = round.pairings.iter().rev().find(|p| p.slot == slot) else { continue };
                    games.push(Game { players: [name(p.first), name(p.second)], winner: self.pairing_winner(p)? });
                }
            }
            rounds.push(games);
        }
        // The rounds still to come, empty.
        let mut games = rounds.last().map_or(size / 2, Vec::len);
        while games > 1 {
            games /= 2;
            rounds.push((0..games).map(|_| Game { players: [None, None], winner: None }).collect());
        }
        Ok(rounds)
    }

    fn tournament_pairings(&self, actor: &Actor, id: Option<u64>, round: Option<usize>) -> Answer {
        let t = self.find_tournament(actor, id, true)?;
        let r = round.map(|r| r.saturating_sub(1)).unwrap_or(t.rounds.len().saturating_sub(1));
        let Some(pairs) = t.rounds.get(r) else { return Err(Message::new("tournament-no-round").into()) };
        let mut lines = vec![i18n::spans(
            actor.locale,
            &Message::new("tournament-round").num("id", t.id as i64).num("round", (r + 1) as i64),
        )];
        for p in &pairs.pairings {
            let result = match self.pairing_points(p)? {
                Some(x) => format!("{}–{}", points_text(x), points_text(1.0 - x)),
                None => "…".into(),
            };
            let game = p.game.map(|g| format!(" (#{g})")).unwrap_or_default();
            lines.push(
                Text::plain("• ")
                    .and_name(&t.entrants[p.first].player.name)
                    .and(" – ")
                    .and_name(&t.entrants[p.second].player.name)
                    .and(&format!("{game}: {result}")),
            );
        }
        for &b in &pairs.byes {
            let bye = i18n::text(actor.locale, &Message::new("tournament-bye"));
            lines.push(Text::plain("• ").and_name(&t.entrants[b].player.name).and(&format!(": {bye}")));
        }
        Ok(vec![Reply { text: Text::join(lines, "\n"), private: true, ..Reply::default() }])
    }

    fn tournament_drop(&self, actor: &Actor, id: Option<u64>, player: Player, now: Timestamp) -> Answer {
        let mut t = self.open_tournament(actor, id)?;
        self.organiser_only(actor, &t)?;
        let Some(i) = t.entrants.iter().position(|e| e.player.id == player.id) else {
            return Err(Message::new("tournament-not-entrant").name("player", player.name.as_str()).into());
        };
        t.entrants[i].dropped = true;
        t.log.push((now, format!("{} dropped by {}", player.name, actor.name)));
        // Unfinished games of the dropped player are forfeited, in the same unit as the drop.
        let mut games = Vec::new();
        for round in &t.rounds {
            for p in round.pairings.iter().filter(|p| p.first == i || p.second == i) {
                let Some(game) = p.game else { continue };
                let Some(mut record) = self.store.game(game)? else { continue };
                if record.status != Status::Active {
                    continue;
                }
                let loser = if p.first == i { Side::First } else { Side::Second };
                record.status = Status::Finished { winner: Some(loser.other()), reason: FinishReason::Forfeit };
                record.draw_offer = None;
                record.updated_at = now;
                let base = record.revision;
                games.push(GameWrite { record, base: Some(base) });
            }
        }
        let t = self.save_tournament(t, games)?;
        let text = i18n::spans(
            actor.locale,
            &Message::new("tournament-dropped-player").name("player", player.name.as_str()).num("id", t.id as i64),
        );
        Ok(vec![Reply { text, ..Reply::default() }])
    }

    fn tournament_result(&self, actor: &Actor, game: GameId, winner: &str, now: Timestamp) -> Answer {
        // A game of another server is "not found" here, in the same words as a missing one.
        let record = self.game_in(actor, game)?;
        let Some(TournamentPlace { tournament: tid, round: r, pairing: k }) = record.tournament else {
            return Err(Message::new("tournament-not-a-game").into());
        };
        let mut t = self.open_tournament(actor, Some(tid))?;
        self.organiser_only(actor, &t)?;
        if t.rounds.get(r).and_then(|round| round.pairings.get(k)).and_then(|p| p.game) != Some(game) {
            return Err(Fail::Internal(format!("game {game} is not where tournament {tid} has it")));
        }
        let points = match winner {
            "first" | "white" | "south" | "1-0" => 1.0,
            "second" | "black" | "north" | "0-1" => 0.0,
            "draw" | "½-½" => 0.5,
            other => {
                return Err(Message::new("option-bad-value")
                    .str("key", "winner")
                    .str("value", other)
                    .str("expected", "first|second|draw")
                    .into());
            }
        };
        if let Some(p) = t.rounds.get_mut(r).and_then(|round| round.pairings.get_mut(k)) {
            p.entered = Some(points);
        }
        t.log.push((now, format!("{} entered {winner} for game {game}", actor.name)));
        // A game still on is ended as entered, in the same unit as the entered result.
        let mut games = Vec::new();
        if record.status == Status::Active {
            let mut ended = record.clone();
            let winner = if points == 1.0 {
                Some(Side::First)
            } else if points == 0.0 {
                Some(Side::Second)
            } else {
                None
            };
            ended.status = Status::Finished { winner, reason: FinishReason::Forfeit };
            ended.updated_at = now;
            let base = ended.revision;
            games.push(GameWrite { record: ended, base: Some(base) });
        }
        self.save_tournament(t, games)?;
        let text = i18n::spans(
            actor.locale,
            &Message::new("tournament-result-entered").num("game", game as i64).str("result", winner),
        );
        Ok(vec![Reply { text, ..Reply::default() }])
    }
}

/// A tournament's posts with the ids of their notices (see [`Table::tournament_notices`]), each to be posted in
/// the tournament's channel (a game's board in the thread the front end opens from there).
fn with_notices(replies: Vec<Reply>, ids: &[u64], channel: ChannelId) -> Vec<Reply> {
    replies
        .into_iter()
        .zip(ids.iter().copied().map(Some).chain(std::iter::repeat(None)))
        .map(|(reply, notice)| Reply { notice, channel: Some(channel), ..reply })
        .collect()
}

/// The decided games (first, second, first's points) and the byes of a tournament so far.
type Decided = (Vec<(usize, usize, f64)>, Vec<usize>);

fn new_pairing(first: usize, second: usize, slot: usize) -> Pairing {
    Pairing { first, second, game: None, entered: None, slot }
}

fn format_name(locale: Locale, format: Format) -> String {
    match format {
        Format::RoundRobin { legs: 1 } => i18n::text(locale, &Message::new("tournament-format-round-robin")),
        Format::RoundRobin { .. } => i18n::text(locale, &Message::new("tournament-format-double-round-robin")),
        Format::Swiss { rounds } => {
            i18n::text(locale, &Message::new("tournament-format-swiss").num("rounds", rounds as i64))
        }
        Format::Elimination => i18n::text(locale, &Message::new("tournament-format-elimination")),
    }
}

/// The names of an elimination's `count` rounds: the last three by what they decide, earlier ones by number.
fn round_names(locale: Locale, count: usize) -> Vec<String> {
    (0..count)
        .map(|r| {
            let message = match count - r {
                1 => Message::new("bracket-final"),
                2 => Message::new("bracket-semi-finals"),
                3 => Message::new("bracket-quarter-finals"),
                _ => Message::new("bracket-round").num("round", (r + 1) as i64),
            };
            i18n::text(locale, &message)
        })
        .collect()
}
