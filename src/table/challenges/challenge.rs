//! Challenges: posting one, accepting, declining, cancelling, and choosing who takes the first side.

use crate::table::reply::Audience;
use crate::table::write::AtWork;
use rand::Rng;

use crate::deadlines;
use crate::games::zohn_ahl::TurnMode;
use crate::games::{GameKind, OptionSet, Position, Side};
use crate::i18n::Locale;
use crate::i18n::{self, Message, Text};
use crate::store::record::{COMPUTER, Computer, First, GameId, GameRecord, Player, Status, Team, Timestamp};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Fail};
use crate::table::naming::{game_name, player_call, side_calls};
use crate::table::reply::{Button, ButtonStyle, Reply};
use crate::table::terms::Terms;
use crate::table::view::{Question, answer_buttons};

/// The computer's level when none is asked for.
const DEFAULT_LEVEL: u8 = 3;
use crate::store::{GameWrite, Unit};

/// The computer's level and whether the game is rated, from the terms given (`rated_by_default`: the server's
/// setting, where games can be rated): against the computer a level and a casual game; a level only there; a game
/// of chance never rated.
fn level_and_rating(
    kind: GameKind,
    terms: &Terms,
    against_computer: bool,
    rated_by_default: bool,
) -> Result<(Option<u8>, bool), Fail> {
    let level = match (terms.level, against_computer) {
        (Some(level), true) => Some(level),
        (None, true) => Some(DEFAULT_LEVEL),
        (Some(_), false) => return Err(Message::new("level-not-here").into()),
        (None, false) => None,
    };
    let rated = match terms.rated {
        None => rated_by_default && !kind.moves_are_throws() && !against_computer,
        Some(true) if kind.moves_are_throws() => return Err(Message::new("rated-chance").into()),
        Some(true) if against_computer => return Err(Message::new("computer-casual").into()),
        Some(rated) => rated,
    };
    Ok((level, rated))
}

/// Checks the teams of a team game (`@everyone` is none) and completes its options: role teams throw in free mode
/// unless a mode is given, TeamBlocks needs equal teams and plays as many sequences as a team has members.
fn check_teams(
    actor: &Actor,
    kind: GameKind,
    teams: &mut [Team; 2],
    named_opponent: bool,
    options: &mut OptionSet,
) -> Result<(), Message> {
    for team in teams.iter_mut() {
        if let Team::Role { id, ping, .. } = team {
            // `@everyone` (the role whose id is the server's) is no team, whichever front end names it.
            if actor.guild == *id {
                return Err(Message::new("discord-team-everyone"));
            }
            // A role is called when anyone may call it, or when the challenger may call every role.
            *ping = *ping || actor.permissions.mention_everyone;
        }
    }
    let teams: &[Team; 2] = teams;
    if !kind.moves_are_throws() {
        return Err(Message::new("teams-not-here").str("game", kind.name()));
    }
    if named_opponent {
        return Err(Message::new("teams-and-opponent"));
    }
    if teams.iter().any(|t| matches!(t, Team::Players { players } if players.is_empty())) {
        return Err(Message::new("teams-empty"));
    }
    let [west, east] = teams;
    if west.players().iter().any(|p| east.has(p.id, &[])) {
        return Err(Message::new("teams-overlap"));
    }
    if !teams.iter().any(|t| t.has(actor.user, &actor.roles)) {
        return Err(Message::new("teams-not-yours"));
    }
    let has_role = teams.iter().any(|t| matches!(t, Team::Role { .. }));
    let mode = TurnMode::of(options).unwrap_or(if has_role { TurnMode::Free } else { TurnMode::Blocks });
    // Role teams that throw in turn are counted at acceptance, from who joined.
    if mode == TurnMode::Blocks && !has_role {
        let (w, e) = (west.players().len(), east.players().len());
        if w != e {
            return Err(Message::new("teams-unequal").num("west", w as i64).num("east", e as i64));
        }
        options.insert("west_block".into(), w.to_string());
        options.insert("east_block".into(), e.to_string());
    }
    options.insert("turn_mode".into(), mode.name().into());
    Ok(())
}

/// What is agreed by accepting a challenge: the time per move, rated or casual, who starts, and the options
/// that differ from the game's defaults (never the table's own bookkeeping, such as a team's block size).
fn terms(locale: Locale, record: &GameRecord) -> String {
    let time = match &record.clock {
        Some(clock) => Message::new("terms-time").str("time", deadlines::format_duration(clock.per_move)),
        None => Message::new("terms-no-time"),
    };
    let first = match (record.is_team_game(), record.first, &record.opponent) {
        (true, _, _) => Message::new("terms-first-west"),
        (false, First::Challenger, _) => {
            Message::new("terms-first-player").name("player", record.challenger.name.as_str())
        }
        (false, First::Opponent, Some(p)) => Message::new("terms-first-player").name("player", p.name.as_str()),
        (false, First::Opponent, None) => Message::new("terms-first-accepter"),
        (false, First::Random, _) => Message::new("terms-first-random"),
    };
    let defaults = record.kind.normalise_options(&OptionSet::new()).unwrap_or_default();
    let differ: Vec<String> = record
        .options
        .iter()
        .filter(|(k, v)| !INTERNAL_OPTIONS.contains(&k.as_str()) && defaults.get(*k) != Some(*v))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let say = |m: Message| i18n::text(locale, &m);
    let terms = Message::new("challenge-terms")
        .str("time", say(time))
        .str("rated", if record.rated { "yes" } else { "no" })
        .str("first", say(first))
        .str("options", if differ.is_empty() { String::new() } else { format!(" · {}", differ.join(" ")) });
    say(terms)
}

/// Options the table sets for itself, never shown as terms.
const INTERNAL_OPTIONS: [&str; 2] = ["west_block", "east_block"];

impl AtWork<'_> {
    #[allow(clippy::too_many_arguments)] // one per part of a challenge, as the command carries them
    pub(in crate::table) fn challenge(
        &self,
        actor: &Actor,
        kind: GameKind,
        opponent: Option<Player>,
        mut options: OptionSet,
        terms: Terms,
        mut teams: Option<[Team; 2]>,
        now: Timestamp,
    ) -> Answer {
        let settings = self.store.guild_settings(actor.guild)?;
        // Outside a server there are no threads, and no ratings: its games are casual.
        let wants_thread = terms.thread.unwrap_or(settings.threads) && !actor.private;
        if actor.private && terms.rated == Some(true) {
            return Err(Message::new("private-casual").into());
        }
        let against_computer = opponent.as_ref().is_some_and(|p| p.id == COMPUTER);
        if against_computer && teams.is_some() {
            return Err(Message::new("teams-and-opponent").into());
        }
        let (level, rated) = level_and_rating(kind, &terms, against_computer, settings.rated && !actor.private)?;
        let per_move = terms.time.unwrap_or(settings.time_per_move);
        let first = terms.first.unwrap_or(First::Random);
        if let Some(teams) = &mut teams {
            check_teams(actor, kind, teams, opponent.is_some(), &mut options)?;
        }
        let options = kind.normalise_options(&options).map_err(|e| e.message())?;
        if opponent.as_ref().is_some_and(|p| p.id == actor.user) {
            return Err(Message::new("challenge-self").into());
        }
        self.within_game_quotas(actor, against_computer, now)?;
        let record = GameRecord {
            opponent,
            first,
            challenger_side: teams
                .as_ref()
                .and_then(|t| Side::BOTH.into_iter().find(|s| t[s.index()].has(actor.user, &actor.roles))),
            // The challenger is the first member of a role team's roster.
            rosters: teams
                .as_ref()
                .map(|t| {
                    t.iter()
                        .map(|team| match team {
                            Team::Role { .. } if team.has(actor.user, &actor.roles) => vec![actor.player()],
                            _ => Vec::new(),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            teams: teams.map(Vec::from).unwrap_or_default(),
            expires_at: now + self.config.challenge_expiry_secs,
            wants_thread,
            clock: per_move.map(|s| deadlines::new_clock(s, &settings)),
            due: Some(now + self.config.challenge_expiry_secs),
            rated,
            computer: level.map(|level| Computer { level, on_turn: false }),
            private: actor.private,
            ..GameRecord::new(kind, options, actor.guild, actor.channel, actor.player(), now)
        };
        // A lapsed challenge does not hold the channel: it is marked expired on the way.
        if let Some(held) = self.store.channel_game(actor.channel)?
            && let Some(old) = self.store.game(held)?
        {
            self.expire_if_due(&old, now)?;
        }
        if against_computer {
            return self.start_against_computer(actor, record, now);
        }
        let mut created = self.write(Unit { games: vec![GameWrite { record, base: None }], ..Unit::default() })?.games;
        let created = created.remove(0);
        Ok(vec![self.challenge_reply(actor, &created)])
    }

    /// One member holds at most `computer_games` live games against the computer and `open_challenges`
    /// unanswered challenges in a server: a game in a new thread frees its channel, so the channel alone bounds
    /// nothing.
    fn within_game_quotas(&self, actor: &Actor, against_computer: bool, now: Timestamp) -> Result<(), Fail> {
        let limits = &self.config.limits;
        let most = if against_computer { limits.computer_games } else { limits.open_challenges };
        let mut held = 0;
        let mut live = 0;
        for id in self.store.user_live_games(actor.user)?.into_iter().rev() {
            let Some(game) = self.store.game(id)? else { continue };
            if game.guild != actor.guild || !game.status.is_live() {
                continue;
            }
            live += 1;
            if live >= limits.live_games {
                return Err(Message::new("limit-live-games").num("max", limits.live_games as i64).into());
            }
            let counts = if against_computer {
                game.computer.is_some()
            } else {
                game.status == Status::Challenge && game.challenger.id == actor.user && now < game.expires_at
            };
            held += usize::from(counts);
            if held >= most {
                let limit = if against_computer { "limit-computer-games" } else { "limit-open-challenges" };
                return Err(Message::new(limit).num("max", most as i64).into());
            }
        }
        Ok(())
    }

    /// At most `live_games` games on (or challenges waiting) per member in a server: accepting one more is refused.
    fn within_live_games(&self, actor: &Actor, accepting: GameId) -> Result<(), Fail> {
        let most = self.config.limits.live_games;
        let mut live = 0;
        for id in self.store.user_live_games(actor.user)?.into_iter().rev().filter(|&id| id != accepting) {
            let Some(game) = self.store.game(id)? else { continue };
            live += usize::from(game.guild == actor.guild && game.status.is_live());
            if live >= most {
                return Err(Message::new("limit-live-games").num("max", most as i64).into());
            }
        }
        Ok(())
    }

    /// A game against the computer starts at once, in one write: no one needs to accept it.
    fn start_against_computer(&self, actor: &Actor, mut record: GameRecord, now: Timestamp) -> Answer {
        let computer = record.opponent.clone().ok_or_else(|| Fail::Internal("no computer opponent".into()))?;
        let challenger_first = match record.first {
            First::Challenger => true,
            First::Opponent => false,
            First::Random => self.rng().random::<bool>(),
        };
        record.seats = if challenger_first {
            vec![record.challenger.clone(), computer.clone()]
        } else {
            vec![computer.clone(), record.challenger.clone()]
        };
        record.status = Status::Active;
        record.due = None;
        deadlines::start_turn(&mut record, now);
        let mut created = self.write(Unit { games: vec![GameWrite { record, base: None }], ..Unit::default() })?.games;
        let record = created.remove(0);
        let position = self.position(&record)?;
        let first = record.player(Side::First).map(|p| p.name.clone()).unwrap_or_default();
        let level = record.computer.map_or(DEFAULT_LEVEL, |c| c.level);
        let intro = Message::new("computer-game")
            .name("player", actor.name.as_str())
            .str("game", game_name(actor.locale, record.kind))
            .num("level", level)
            .name("first", first)
            .str("side", position.side_name(Side::First));
        Ok(vec![self.accepted_reply(actor.locale, &record, &position, intro)])
    }

    fn challenge_reply(&self, actor: &Actor, record: &GameRecord) -> Reply {
        let locale = actor.locale;
        let game = game_name(locale, record.kind);
        let hours = self.config.challenge_expiry_secs.div_ceil(3600) as i64;
        let message = match (&record.opponent, record.challenger_side) {
            (_, Some(side)) => Message::new("challenge-teams")
                .name("west", record.side_label(Side::First, locale))
                .name("east", record.side_label(Side::Second, locale))
                .name("challenged", record.side_label(side.other(), locale)),
            (Some(p), None) => Message::new("challenge-posted").name("opponent", p.name.as_str()),
            (None, None) => Message::new("challenge-open"),
        };
        let said = message
            .name("challenger", record.challenger.name.as_str())
            .str("game", game)
            .num("id", record.id.get() as i64);
        let text = Text::join(
            [
                i18n::spans(locale, &said),
                Text::plain(terms(locale, record)),
                i18n::spans(locale, &Message::new("challenge-expires").num("hours", hours)),
            ],
            "\n",
        );
        let mut buttons = answer_buttons(locale, record.id, Question::Challenge).to_vec();
        let in_turn = TurnMode::of(&record.options).is_some_and(|m| m != TurnMode::Free);
        if in_turn && record.teams.iter().any(|t| matches!(t, Team::Role { .. })) {
            buttons.push(Button {
                id: ButtonId::ChallengeJoin(record.id),
                label: i18n::text(locale, &Message::new("button-join")),
                enabled: true,
                style: ButtonStyle::Primary,
                new_row: false,
            });
        }
        let calls = match record.challenger_side {
            Some(side) if record.teams.get(side.other().index()).is_some() => side_calls(record, side.other()),
            _ => record.opponent.iter().map(player_call).collect(),
        };
        Reply { text, buttons, game: Some(record.id), ..Reply::default() }.calling(calls)
    }

    /// The channel's pending challenge, checked against the game a button was drawn for.
    fn pending_challenge(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Result<GameRecord, Fail> {
        let record = match self.channel_game(actor, now)? {
            Some(r) if r.status == Status::Challenge && game.is_none_or(|g| g == r.id) => r,
            Some(r) if r.status == Status::Active && game.is_none_or(|g| g == r.id) => {
                return Err(Message::new("challenge-already-accepted").into());
            }
            _ => {
                // A button of a challenge that lapsed or was withdrawn.
                if let Some(g) = game
                    && let Some(old) = self.store.game(g)?
                    && old.guild == actor.guild
                    && old.status == Status::Expired
                {
                    return Err(Message::new("challenge-expired").into());
                }
                return Err(Message::new("no-challenge").into());
            }
        };
        Ok(record)
    }

    pub(in crate::table) fn accept(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let mut record = self.pending_challenge(actor, game, now)?;
        if record.challenger.id == actor.user {
            return Err(Message::new("accept-own-challenge").into());
        }
        if let Some(side) = record.challenger_side {
            return self.accept_for_team(actor, record, side.other(), now);
        }
        if let Some(p) = &record.opponent
            && p.id != actor.user
        {
            return Err(Message::new("accept-not-challenged").name("opponent", p.name.as_str()).into());
        }
        self.within_live_games(actor, record.id)?;
        let opponent = actor.player();
        let challenger_first = match record.first {
            First::Challenger => true,
            First::Opponent => false,
            First::Random => self.rng().random::<bool>(),
        };
        record.seats = if challenger_first {
            vec![record.challenger.clone(), opponent.clone()]
        } else {
            vec![opponent.clone(), record.challenger.clone()]
        };
        record.opponent = Some(opponent);
        record.status = Status::Active;
        record.updated_at = now;
        deadlines::start_turn(&mut record, now);
        let base = record.revision;
        let record = self.save(record, base)?;
        let position = self.position(&record)?;
        let first = record.player(Side::First).map(|p| p.name.clone()).unwrap_or_default();
        let intro = Message::new("challenge-accepted")
            .name("player", actor.name.as_str())
            .name("first", first)
            .str("side", position.side_name(Side::First));
        Ok(vec![self.accepted_reply(actor.locale, &record, &position, intro)])
    }

    /// The first board of an accepted game; it asks the front end for a thread when the challenge wanted one.
    fn accepted_reply(&self, locale: Locale, record: &GameRecord, position: &Position, intro: Message) -> Reply {
        let mut reply = self.board_reply(locale, record, position, vec![intro]);
        if record.wants_thread {
            let names =
                format!("{} – {}", record.side_label(Side::First, locale), record.side_label(Side::Second, locale));
            let title = format!("{} #{}: {names}", game_name(locale, record.kind), record.id);
            reply.audience =
                Audience::GameThread { title: title.chars().take(100).collect(), under: None, parked: false };
        }
        reply
    }

    /// Any member of the challenged team accepts for it. West throws first.
    fn accept_for_team(&self, actor: &Actor, mut record: GameRecord, challenged: Side, now: Timestamp) -> Answer {
        if !record.teams[challenged.index()].has(actor.user, &actor.roles) {
            let team = record.side_label(challenged, actor.locale);
            return Err(Message::new("accept-not-on-team").name("team", team).into());
        }
        if let Some(roster) = record.rosters.get_mut(challenged.index())
            && matches!(record.teams[challenged.index()], Team::Role { .. })
            && !roster.iter().any(|p| p.id == actor.user)
        {
            roster.push(actor.player());
        }
        let mode = TurnMode::of(&record.options);
        if mode != Some(TurnMode::Free) {
            let (west, east) = (record.members(Side::First).len(), record.members(Side::Second).len());
            if mode == Some(TurnMode::Blocks) && west != east {
                return Err(Message::new("teams-unequal").num("west", west as i64).num("east", east as i64).into());
            }
            if mode == Some(TurnMode::Blocks) {
                record.options.insert("west_block".into(), west.to_string());
                record.options.insert("east_block".into(), east.to_string());
            }
        }
        record.opponent = Some(actor.player());
        record.status = Status::Active;
        record.updated_at = now;
        deadlines::start_turn(&mut record, now);
        let base = record.revision;
        let record = self.save(record, base)?;
        let position = self.position(&record)?;
        let intro = Message::new("challenge-accepted-team")
            .name("player", actor.name.as_str())
            .name("team", record.side_label(challenged, actor.locale))
            .name("first", record.side_label(Side::First, actor.locale));
        Ok(vec![self.accepted_reply(actor.locale, &record, &position, intro)])
    }

    /// A member of a role team joins its roster before the game starts, to be called in turn.
    pub(in crate::table) fn join(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let mut record = self.pending_challenge(actor, game, now)?;
        let sides: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| matches!(record.teams.get(s.index()), Some(team @ Team::Role { .. }) if team.has(actor.user, &actor.roles)))
            .collect();
        let Some(&side) = sides.first() else {
            return Err(Message::new("join-not-a-role-member").into());
        };
        if record.members(side).iter().any(|p| p.id == actor.user) {
            return Err(Message::new("join-already").into());
        }
        record.rosters.resize(2, Vec::new());
        record.rosters[side.index()].push(actor.player());
        record.updated_at = now;
        let base = record.revision;
        let record = self.save(record, base)?;
        let team = record.side_label(side, actor.locale);
        let count = record.members(side).len() as i64;
        let text = i18n::spans(
            actor.locale,
            &Message::new("joined").name("player", actor.name.as_str()).name("team", team).num("count", count),
        );
        Ok(vec![Reply { text, ..Reply::default() }])
    }

    pub(in crate::table) fn decline(&self, actor: &Actor, game: Option<GameId>, now: Timestamp) -> Answer {
        let mut record = self.pending_challenge(actor, game, now)?;
        match (&record.opponent, record.challenger_side) {
            (_, Some(side)) => {
                if !record.teams[side.other().index()].has(actor.user, &actor.roles) {
                    let team = record.side_label(side.other(), actor.locale);
                    return Err(Message::new("decline-not-on-team").name("team", team).into());
                }
            }
            (Some(p), None) if p.id == actor.user => {}
            (Some(p), None) => {
                return Err(Message::new("decline-not-challenged").name("opponent", p.name.as_str()).into());
            }
            (None, None) if record.challenger.id == actor.user => return Err(Message::new("decline-own").into()),
            (None, None) => return Err(Message::new("decline-open").into()),
        }
        record.status = Status::Declined;
        record.updated_at = now;
        let base = record.revision;
        let record = self.save(record, base)?;
        let text = i18n::spans(
            actor.locale,
            &Message::new("challenge-declined")
                .name("player", actor.name.as_str())
                .name("challenger", record.challenger.name.as_str()),
        );
        Ok(vec![Reply { text, ..Reply::default() }.calling([player_call(&record.challenger)])])
    }

    pub(in crate::table) fn cancel(&self, actor: &Actor, now: Timestamp) -> Answer {
        let mut record = match self.channel_game(actor, now)? {
            Some(r) if r.status == Status::Challenge => r,
            Some(_) => return Err(Message::new("cancel-started").into()),
            None => return Err(Message::new("no-challenge").into()),
        };
        if record.challenger.id != actor.user {
            return Err(Message::new("cancel-not-yours").name("challenger", record.challenger.name.as_str()).into());
        }
        record.status = Status::Cancelled;
        record.updated_at = now;
        let base = record.revision;
        self.save(record, base)?;
        let text = i18n::spans(actor.locale, &Message::new("challenge-cancelled").name("player", actor.name.as_str()));
        Ok(vec![Reply { text, ..Reply::default() }])
    }
}
