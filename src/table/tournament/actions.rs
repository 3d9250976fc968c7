//! What organisers and players do to a tournament: created by an organiser (Manage Server or the organiser role),
//! sign-up by button or command (players or role teams), started (seeded by rating), a round's deadline extended, a
//! player dropped (remaining games forfeited), a result entered or corrected, a round's pairings listed.

use super::state::{points_text, with_notices};
use crate::deadlines;
use crate::games::{GameKind, OptionSet, Side};
use crate::i18n::{self, Message, Text};
use crate::store::record::TournamentId;
use crate::store::record::UserId;
use crate::store::record::{FinishReason, GameId, Player, Status, Timestamp, TournamentPlace};
use crate::store::tournament::{Entrant, Format, TournamentStatus};
use crate::store::{GameWrite, Tournament, TournamentWrite, Unit};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::command::{Decision, TournamentCommand, TournamentFormat};
use crate::table::fail::{Answer, Fail};
use crate::table::naming::format_name;
use crate::table::naming::game_name;
use crate::table::reply::Audience;
use crate::table::reply::{Button, ButtonStyle, Reply};
use crate::table::terms::{Seeding, TournamentTerms};
use crate::table::write::AtWork;

impl AtWork<'_> {
    pub(in crate::table) fn tournament_command(
        &self,
        actor: &Actor,
        command: TournamentCommand,
        now: Timestamp,
    ) -> Answer {
        match command {
            TournamentCommand::Create { game, format, rounds, max_players, options, terms } => {
                self.tournament_create(actor, game, format, rounds, max_players, options, terms, now)
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
            TournamentCommand::Export { id } => self.tournament_export(actor, id),
            TournamentCommand::Drop { id, player } => self.tournament_drop(actor, id, player, now),
            TournamentCommand::Result { game, winner } => self.tournament_result(actor, game, winner, now),
            TournamentCommand::Extend { id, secs } => self.tournament_extend(actor, id, secs, now),
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
                let text =
                    i18n::spans(actor.locale, &Message::new("tournament-cancelled").num("id", t.id.get() as i64));
                Ok(vec![Reply { text, ..Reply::default() }])
            }
        }
    }

    /// An organiser gives the games still on in the current round more time: every game and the tournament's
    /// log in one unit, so a move in between refuses it whole (and a retry extends each game once).
    pub(super) fn tournament_extend(
        &self,
        actor: &Actor,
        id: Option<TournamentId>,
        secs: u64,
        now: Timestamp,
    ) -> Answer {
        let mut t = self.open_tournament(actor, id)?;
        self.organiser_only(actor, &t)?;
        let mut games = Vec::new();
        for game in t.rounds.last().into_iter().flat_map(|r| r.pairings.iter().filter_map(|p| p.game)) {
            let Some(mut record) = self.store.game(game)? else { continue };
            if record.status != Status::Active {
                continue;
            }
            if let Some(c) = &mut record.clock {
                c.deadline += secs;
                if let Some(held) = &mut c.held {
                    held.left += secs;
                }
                // The new deadline gets its reminders and timeout afresh.
                c.reminded = 0;
                c.flagged = false;
            }
            record.updated_at = now;
            let base = record.revision;
            games.push(GameWrite { record, base: Some(base) });
        }
        if let Some(deadline) = t.rounds.last_mut().and_then(|r| r.deadline.as_mut()) {
            *deadline += secs;
        }
        let extended = games.len() as i64;
        let time = deadlines::format_duration(secs);
        t.log.push((now, format!("{} extended round {} by {time}", actor.name, t.rounds.len())));
        self.save_tournament(t, games)?;
        let text =
            i18n::text(actor.locale, &Message::new("tournament-extended").num("games", extended).str("time", time));
        Ok(vec![Reply { text: text.into(), ..Reply::default() }])
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn tournament_create(
        &self,
        actor: &Actor,
        kind: GameKind,
        format: TournamentFormat,
        rounds: Option<u8>,
        max_players: Option<u32>,
        options: OptionSet,
        terms: TournamentTerms,
        now: Timestamp,
    ) -> Answer {
        if !self.is_organiser(actor)? {
            return Err(Message::new("tournament-organisers-only").into());
        }
        let format = match format {
            TournamentFormat::RoundRobin => Format::RoundRobin { legs: 1 },
            TournamentFormat::DoubleRoundRobin => Format::RoundRobin { legs: 2 },
            TournamentFormat::Swiss => Format::Swiss { rounds: rounds.unwrap_or(5).clamp(1, 20) },
            TournamentFormat::Elimination => Format::Elimination,
            TournamentFormat::DoubleElimination => Format::DoubleElimination,
        };
        let signup_until = terms.signup.map(|secs| now + secs);
        // The game options are checked now, so a bad one is refused before anyone signs up.
        kind.normalise_options(&options).map_err(|e| e.message())?;
        // Kept with the games' options, as a tournament's record has always held them.
        let mut options = options;
        if let Some(time) = terms.time {
            options.insert("time".into(), time.map_or("none".into(), deadlines::format_duration));
        }
        if let Some(rated) = terms.rated {
            options.insert("rated".into(), rated.to_string());
        }
        if terms.seeding == Some(Seeding::Random) {
            options.insert("seeding".into(), "random".into());
        }
        if terms.vacation == Some(false) {
            options.insert("vacation".into(), "off".into());
        }
        if let Some(secs) = terms.round_time {
            options.insert("round_time".into(), deadlines::format_duration(secs));
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
                id: TournamentId(0),
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
                .num("id", t.id.get() as i64)
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
            button(ButtonId::TournamentJoin(t.id.get()), "button-tournament-join", ButtonStyle::Success),
            button(ButtonId::TournamentLeave(t.id.get()), "button-tournament-leave", ButtonStyle::Secondary),
        ];
        Ok(vec![Reply { text, buttons, ..Reply::default() }])
    }

    /// A member signs up their role as a team (Zohn Ahl tournaments are played by teams).
    pub(super) fn tournament_join_team(
        &self,
        actor: &Actor,
        id: Option<TournamentId>,
        role: u64,
        name: &str,
        ping: bool,
    ) -> Answer {
        let mut t = self.find_tournament(actor, id, false)?;
        if t.status != TournamentStatus::SignUp {
            return Err(Message::new("tournament-signup-closed").into());
        }
        if !t.kind.moves_are_throws() {
            return Err(Message::new("tournament-teams-not-here").into());
        }
        if actor.guild == role {
            return Err(Message::new("discord-team-everyone").into());
        }
        if !actor.roles.contains(&role) {
            return Err(Message::new("tournament-not-role-member").str("role", format!("@{name}")).into());
        }
        if t.entrants.iter().any(|e| e.role && e.player.id == role) {
            return Err(Message::new("tournament-already-in").into());
        }
        self.room_in(&t)?;
        t.entrants.push(Entrant {
            player: Player { id: UserId(role), name: format!("@{name}") },
            dropped: false,
            role: true,
            ping,
        });
        let t = self.save_tournament(t, Vec::new())?;
        let message = Message::new("tournament-joined")
            .name("player", format!("@{name}"))
            .num("id", t.id.get() as i64)
            .num("count", t.entrants.len() as i64);
        Ok(vec![Reply { text: i18n::spans(actor.locale, &message), ..Reply::default() }])
    }

    /// Refuses one more entrant when the tournament is full: its own maximum, or the bot's limit.
    fn room_in(&self, t: &Tournament) -> Result<(), Fail> {
        if t.max_players.is_some_and(|m| t.entrants.len() >= m as usize) {
            return Err(Message::new("tournament-full").into());
        }
        let most = self.config.limits.tournament_players;
        if t.entrants.len() >= most {
            return Err(Message::new("limit-tournament-players").num("max", most as i64).into());
        }
        Ok(())
    }

    pub(super) fn tournament_join(&self, actor: &Actor, id: Option<TournamentId>, join: bool) -> Answer {
        let mut t = self.find_tournament(actor, id, false)?;
        if t.status != TournamentStatus::SignUp {
            return Err(Message::new("tournament-signup-closed").into());
        }
        if join && t.kind.moves_are_throws() {
            return Err(Message::new("tournament-team-needed").into());
        }
        let here = t
            .entrants
            .iter()
            .position(|e| e.player.id == actor.user || (e.role && actor.roles.contains(&e.player.id.get())));
        match (join, here) {
            (true, Some(_)) => return Err(Message::new("tournament-already-in").into()),
            (false, None) => return Err(Message::new("tournament-not-in").into()),
            (true, None) => {
                self.room_in(&t)?;
                t.entrants.push(Entrant { player: actor.player(), dropped: false, role: false, ping: false });
            }
            (false, Some(i)) => {
                t.entrants.remove(i);
            }
        }
        let t = self.save_tournament(t, Vec::new())?;
        let message = Message::new(if join { "tournament-joined" } else { "tournament-left" })
            .name("player", actor.name.as_str())
            .num("id", t.id.get() as i64)
            .num("count", t.entrants.len() as i64);
        Ok(vec![Reply { text: i18n::spans(actor.locale, &message), ..Reply::default() }])
    }

    pub(super) fn tournament_start(&self, actor: &Actor, id: Option<TournamentId>, now: Timestamp) -> Answer {
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
        let replies = if self.pairs_later(&t) {
            // A large Swiss: its first round is paired by the scheduler, as heavy work, and announced when ready.
            self.seed(&mut t);
            let message = Message::new("tournament-started-pairing")
                .num("id", t.id.get() as i64)
                .num("players", t.entrants.len() as i64);
            vec![Reply { text: i18n::spans(actor.locale, &message), ..Reply::default() }]
        } else {
            self.begin(&mut t, actor.locale, now, &mut games)?
        };
        let notices = Self::tournament_notices(&t, &replies, now);
        let base = t.revision;
        t.revision = base + 1;
        let write = TournamentWrite { tournament: t.clone(), base: Some(base) };
        let unit = Unit { tournaments: vec![write], notices, ..Unit::default() };
        let ids = self.write(Unit { games, ..unit })?.notices;
        Ok(with_notices(replies, &ids, t.channel))
    }

    pub(super) fn tournament_pairings(&self, actor: &Actor, id: Option<TournamentId>, round: Option<usize>) -> Answer {
        let t = self.find_tournament(actor, id, true)?;
        let (title, pairings) = self.round_pairings(actor.locale, &t, round)?;
        let lines = pairings.iter().map(|line| Text::plain("• ").and_text(line));
        let text = Text::join(std::iter::once(title).chain(lines).collect::<Vec<_>>(), "\n");
        Ok(vec![Reply { text, audience: Audience::Asker, ..Reply::default() }])
    }

    /// A round's pairings (the latest when `None`, counted from 1) as its title and a line a pairing: the
    /// players, the game, the result so far; then the byes.
    pub(in crate::table) fn round_pairings(
        &self,
        locale: crate::i18n::Locale,
        t: &crate::store::Tournament,
        round: Option<usize>,
    ) -> Result<(Text, Vec<Text>), Fail> {
        let r = round.map(|r| r.saturating_sub(1)).unwrap_or(t.rounds.len().saturating_sub(1));
        let Some(pairs) = t.rounds.get(r) else { return Err(Message::new("tournament-no-round").into()) };
        let title = i18n::spans(
            locale,
            &Message::new("tournament-round").num("id", t.id.get() as i64).num("round", (r + 1) as i64),
        );
        let mut lines = Vec::new();
        for p in &pairs.pairings {
            let result = match self.pairing_points(p)? {
                Some(x) => format!("{}–{}", points_text(x), points_text(1.0 - x)),
                None => "…".into(),
            };
            let mut line = t.entrants[p.first].named().and(" – ").and_text(&t.entrants[p.second].named());
            if let Some(g) = p.game {
                line.push_str(" (").push_span(&format!("#{g}"), crate::i18n::Span::Game(g.into())).push_str(")");
            }
            lines.push(line.and(&format!(": {result}")));
        }
        for &b in &pairs.byes {
            let bye = i18n::text(locale, &Message::new("tournament-bye"));
            lines.push(t.entrants[b].named().and(&format!(": {bye}")));
        }
        Ok((title, lines))
    }

    pub(super) fn tournament_drop(
        &self,
        actor: &Actor,
        id: Option<TournamentId>,
        player: Player,
        now: Timestamp,
    ) -> Answer {
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
            &Message::new("tournament-dropped-player")
                .name("player", player.name.as_str())
                .num("id", t.id.get() as i64),
        );
        Ok(vec![Reply { text, ..Reply::default() }])
    }

    pub(super) fn tournament_result(&self, actor: &Actor, game: GameId, winner: Decision, now: Timestamp) -> Answer {
        // A game of another server is "not found" here, in the same words as a missing one.
        let record = self.game_in(actor, game)?;
        let Some(TournamentPlace { tournament: tid, round: r, pairing: k }) = record.tournament else {
            return Err(Message::new("tournament-not-a-game").into());
        };
        let mut t = self.open_tournament(actor, Some(TournamentId(tid.get())))?;
        self.organiser_only(actor, &t)?;
        if t.rounds.get(r).and_then(|round| round.pairings.get(k)).and_then(|p| p.game) != Some(game) {
            return Err(Fail::Internal(format!("game {game} is not where tournament {tid} has it")));
        }
        let points = match winner {
            Decision::FirstWins => 1.0,
            Decision::SecondWins => 0.0,
            Decision::Draw => 0.5,
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
            &Message::new("tournament-result-entered").num("game", game.get() as i64).str("result", winner.to_string()),
        );
        Ok(vec![Reply { text, ..Reply::default() }])
    }
}
