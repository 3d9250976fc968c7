//! Showing games: the board reply after every change (text, picture, diagram, buttons), the history, the rules.

use crate::games::{GameKind, Position, Side};
use crate::i18n::{self, Locale, Message, Text};
use crate::render::{self, Captions, Mark, SideCaption};
use crate::store::record::{FinishReason, GameId, GameRecord, Status, Timestamp};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Fail};
use crate::table::naming::{called_member, computer_to_move, game_name, player_call, side_calls, side_name};
use crate::table::reply::Audience;
use crate::table::reply::{Button, ButtonStyle, Image, Reply};
use crate::table::write::AtWork;

/// The words of a board picture's legend, in `locale`.
pub fn legend(locale: Locale) -> Vec<(Mark, String)> {
    [
        (Mark::From, "legend-from"),
        (Mark::To, "legend-to"),
        (Mark::Captured, "legend-captured"),
        (Mark::Pushed, "legend-pushed"),
        (Mark::Stunned, "legend-stunned"),
        (Mark::Crowned, "legend-crowned"),
        (Mark::Relieved, "legend-relieved"),
    ]
    .into_iter()
    .map(|(mark, id)| (mark, i18n::text(locale, &Message::new(id))))
    .collect()
}

/// A yes-or-no question put to a player with two buttons.
#[derive(Debug, Clone, Copy)]
pub(in crate::table) enum Question {
    Challenge,
    Draw,
}

/// The Accept and Decline buttons of a challenge or a draw offer.
pub(in crate::table) fn answer_buttons(locale: Locale, game: GameId, question: Question) -> [Button; 2] {
    let (accept, decline, accept_label, decline_label) = match question {
        Question::Challenge => {
            (ButtonId::ChallengeAccept(game), ButtonId::ChallengeDecline(game), "button-accept", "button-decline")
        }
        Question::Draw => {
            (ButtonId::DrawAccept(game), ButtonId::DrawDecline(game), "button-draw-accept", "button-draw-decline")
        }
    };
    [
        Button {
            id: accept,
            label: i18n::text(locale, &Message::new(accept_label)),
            enabled: true,
            style: ButtonStyle::Success,
            new_row: false,
        },
        Button {
            id: decline,
            label: i18n::text(locale, &Message::new(decline_label)),
            enabled: true,
            style: ButtonStyle::Danger,
            new_row: false,
        },
    ]
}

impl AtWork<'_> {
    /// The reply that shows a game: what just happened (`said`), whose turn it is or the result, the picture,
    /// the text diagram, and the move buttons of the player on turn.
    pub(in crate::table) fn board_reply(
        &self,
        locale: Locale,
        record: &GameRecord,
        position: &Position,
        said: Vec<Message>,
    ) -> Reply {
        let name = |side: Side| record.side_label(side, locale);
        let mut lines: Vec<Text> = said.iter().map(|m| i18n::spans(locale, m)).collect();
        let mut calls = Vec::new();
        let mut badges: [Option<String>; 2] = [None, None];
        match record.status {
            Status::Active => {
                if let Some(side) = position.to_move() {
                    let called = called_member(record, position);
                    let player = called.map(|p| p.name.clone()).unwrap_or_else(|| name(side));
                    lines.push(i18n::spans(
                        locale,
                        &Message::new("to-move").name("player", player).str("side", position.side_name(side)),
                    ));
                    badges[side.index()] = Some(i18n::text(locale, &Message::new("badge-to-move")));
                    calls = match called {
                        Some(p) => vec![player_call(p)],
                        None => side_calls(record, side),
                    };
                }
                // The computer is never called, and has no deadline: it moves at once.
                let computer_on_turn = computer_to_move(record, position);
                if let Some(offerer) = record.draw_offer {
                    lines.push(i18n::spans(locale, &Message::new("draw-pending").name("player", name(offerer))));
                }
                // A moment: each reader sees it relative to when they read it, in their own time zone.
                if let Some(clock) = record.clock.as_ref().filter(|_| !computer_on_turn) {
                    lines.push(i18n::spans(locale, &crate::deadlines::deadline_message(clock)));
                }
            }
            Status::Finished { winner, reason } => {
                self.result_lines(locale, record, winner, reason, &mut lines, &mut badges);
            }
            _ => {}
        }
        self.finish_reply(locale, record, position, lines, badges).calling(calls)
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_reply(
        &self,
        locale: Locale,
        record: &GameRecord,
        position: &Position,
        lines: Vec<Text>,
        mut badges: [Option<String>; 2],
    ) -> Reply {
        let name = |side: Side| record.side_label(side, locale);
        // The last move, numbered, under the name of the side that played it ("12. d4xd8").
        let last = record.moves.last().map(|m| format!("{}. {}", record.moves.len(), m.notation));
        let mover = position.last_side();
        // In a team game that calls its members in turn, the band of the team on turn names who throws.
        let called = called_member(record, position).map(|p| p.name.clone());
        let on_turn = position.to_move();
        let title = |side: Side| match &called {
            Some(member) if on_turn == Some(side) => member.clone(),
            _ => name(side),
        };
        let throws = match position {
            Position::ZohnAhl(_) => self.shown_throws(record),
            _ => Vec::new(),
        };
        let compass = ["compass-north", "compass-east", "compass-south", "compass-west"]
            .map(|id| i18n::text(locale, &Message::new(id)));
        let captions = Captions {
            throws,
            compass: Some(compass),
            sides: Side::BOTH.map(|side| SideCaption {
                title: format!("{} · {}", title(side), side_name(locale, position, side)),
                score: i18n::text(locale, &position.score(side)),
                badge: badges[side.index()].take(),
                note: last.clone().filter(|_| mover == Some(side)),
            }),
            legend: legend(locale),
        };
        let png = render::board_png(position, &captions);
        let ply = record.moves.len();
        Reply {
            text: Text::join(lines, "\n"),
            image: Some(Image {
                file_name: format!("game-{}-{ply:04}.png", record.id),
                png,
                description: crate::table::describe::board(locale, record, position, ply),
            }),
            files: Vec::new(),
            diagram: Some(position.diagram(&|m| i18n::text(locale, &m))),
            buttons: self.buttons(locale, record, position),
            menus: super::menus::board_menus(locale, record, position),
            link: self.game_link(locale, record),
            audience: Audience::Here,
            notice: None,
            game: Some(record.id),
            locale,
        }
    }

    /// The result lines of a finished game (the winner, or the draw, and the rating changes) and its badges.
    fn result_lines(
        &self,
        locale: Locale,
        record: &GameRecord,
        winner: Option<Side>,
        reason: FinishReason,
        lines: &mut Vec<Text>,
        badges: &mut [Option<String>; 2],
    ) {
        let name = |side: Side| record.side_label(side, locale);
        match winner {
            Some(side) => {
                lines.push(i18n::spans(locale, &Message::new("result-win").name("player", name(side))));
                badges[side.index()] = Some(i18n::text(locale, &Message::new("badge-winner")));
            }
            None => {
                if reason != FinishReason::DrawAgreed {
                    lines.push(i18n::spans(locale, &Message::new("result-draw")));
                }
                let draw = i18n::text(locale, &Message::new("badge-draw"));
                *badges = [Some(draw.clone()), Some(draw)];
            }
        }
        for change in &record.rating_changes {
            let who = record.name_of(change.user).unwrap_or("?").to_string();
            let delta = change.after - change.before;
            lines.push(i18n::spans(
                locale,
                // An imported game's changes are what its file says happened where it was played.
                &Message::new(if record.imported.is_some() { "rating-change-recorded" } else { "rating-change" })
                    .name("player", who)
                    .num("before", change.before as i64)
                    .str("after", format!("{}{}", change.after, if change.provisional { "?" } else { "" }))
                    .str("delta", format!("{delta:+}")),
            ));
        }
    }

    pub(in crate::table) fn buttons(&self, locale: Locale, record: &GameRecord, position: &Position) -> Vec<Button> {
        if record.status != Status::Active {
            return rematch_buttons(locale, record);
        }
        let ply = record.moves.len();
        let legal = position.legal_moves();
        let mut buttons: Vec<Button> = match position {
            // Nothing to press while the computer thinks.
            _ if computer_to_move(record, position) => Vec::new(),
            // Far too many moves for buttons: the move command (with suggestions on Discord) does it.
            Position::Epaminondas(_) | Position::Ocencahuac(_) => Vec::new(),
            Position::ZohnAhl(_) => vec![Button {
                id: ButtonId::Throw { game: record.id, ply },
                label: i18n::text(locale, &Message::new("button-throw")),
                enabled: true,
                style: ButtonStyle::Primary,
                new_row: false,
            }],
            // One button per hole of the mover's row, the playable ones enabled.
            // Rows of 3 for six holes, of 4 for twelve: even rows, as the board's own.
            Position::Hoyito(game) => (1..=game.n())
                .map(|hole| {
                    let notation = hole.to_string();
                    let per_row = if game.n() == 12 { 4 } else { 3 };
                    Button {
                        id: ButtonId::Move { game: record.id, ply, notation: notation.clone() },
                        enabled: legal.contains(&notation),
                        label: notation,
                        style: ButtonStyle::Secondary,
                        new_row: hole > 1 && (hole - 1) % per_row == 0,
                    }
                })
                .collect(),
        };
        if record.draw_offer.is_some() {
            let [mut accept, decline] = answer_buttons(locale, record.id, Question::Draw);
            accept.new_row = true;
            buttons.extend([accept, decline]);
        }
        // On a row of their own: the two actions that end the game, each asked again before it is done.
        let mut actions = vec![
            (ButtonId::Draw { game: record.id, confirmed: false }, "button-offer-draw"),
            (ButtonId::Resign { game: record.id, confirmed: false }, "button-resign"),
        ];
        if offers_takeback(record) && !record.moves.is_empty() {
            actions.push((ButtonId::Takeback(record.id), "button-takeback"));
        }
        for (i, (id, label)) in actions.into_iter().enumerate() {
            buttons.push(Button {
                id,
                label: i18n::text(locale, &Message::new(label)),
                enabled: true,
                style: ButtonStyle::Secondary,
                new_row: i == 0,
            });
        }
        buttons.truncate(25);
        buttons
    }

    /// The offer of a draw (or, in Zohn Ahl, of stopping on the counters) put to the other side.
    pub(in crate::table) fn draw_offer_reply(&self, actor: &Actor, record: &GameRecord, to: Side) -> Reply {
        let text = i18n::spans(
            actor.locale,
            &Message::new("draw-offered")
                .name("player", actor.name.as_str())
                .name("opponent", record.side_label(to, actor.locale)),
        );
        let buttons = answer_buttons(actor.locale, record.id, Question::Draw).to_vec();
        Reply { text, buttons, ..Reply::default() }.calling(side_calls(record, to))
    }

    pub(in crate::table) fn board(&self, actor: &Actor, now: Timestamp, text: bool, focus: Option<&str>) -> Answer {
        let record = self.shown_game(actor, now)?.ok_or(Message::new("no-game"))?;
        match record.status {
            Status::Challenge => return Err(Message::new("game-not-started").into()),
            Status::Declined | Status::Cancelled | Status::Expired | Status::Aborted => {
                return Err(Message::new("no-game").into());
            }
            Status::Active | Status::Finished { .. } => {}
        }
        let position = self.position(&record)?;
        if text {
            return self.board_text(actor, &record, &position, focus);
        }
        Ok(vec![self.board_reply(actor.locale, &record, &position, Vec::new())])
    }

    /// The board in words, privately (for a reader who cannot see the picture): all of it, or the part `focus`
    /// names; then the reader's moves when it is their turn.
    fn board_text(&self, actor: &Actor, record: &GameRecord, position: &Position, focus: Option<&str>) -> Answer {
        let locale = actor.locale;
        let ply = record.moves.len();
        let mut words = match focus.map(str::trim).filter(|f| !f.is_empty()) {
            None => crate::table::describe::board_words(locale, record, position, ply),
            Some(focus) => {
                let part = position.describe_focus(focus)?;
                let mut words = crate::table::describe::board_words(locale, record, position, ply);
                words.truncate(1);
                words.extend(part.iter().map(|m| i18n::text(locale, m)));
                words
            }
        };
        let mine = record.sides_of(actor.user, &actor.roles);
        if record.status == Status::Active
            && !record.kind.moves_are_throws()
            && position.to_move().is_some_and(|side| mine.contains(&side))
        {
            let moves = position.legal_moves().join(", ");
            words.push(i18n::text(locale, &Message::new("describe-your-moves").str("moves", moves)));
        }
        Ok(vec![Reply { text: Text::plain(words.join("\n")), audience: Audience::Asker, ..Reply::default() }])
    }

    pub(in crate::table) fn history(&self, actor: &Actor, now: Timestamp) -> Answer {
        let record = self.shown_game(actor, now)?.ok_or(Message::new("no-game"))?;
        let locale = actor.locale;
        let total = record.moves.len();
        let title = i18n::text(
            locale,
            &Message::new("history-title")
                .str("game", game_name(locale, record.kind))
                .num("id", record.id.get() as i64)
                .num("count", total as i64),
        );
        let name_of = |m: &crate::store::record::MoveEntry| {
            m.name.clone().or_else(|| record.name_of(m.by).map(str::to_string)).unwrap_or_else(|| "?".into())
        };
        // What each move did beyond the move itself (captures, relays, extra moves, retreats), by replaying it.
        let mut position = Position::new(record.kind, &record.options)
            .map_err(|e| Fail::Internal(format!("game {} has bad options: {e:?}", record.id)))?;
        let mut did = Vec::with_capacity(total);
        for m in &record.moves {
            position
                .play(&m.notation)
                .map_err(|e| Fail::Internal(format!("game {} does not replay: {e:?}", record.id)))?;
            let said: Vec<String> =
                position.describe_last_move().iter().skip(1).map(|m| i18n::text(locale, m)).collect();
            did.push(said.join(" "));
        }
        // The latest moves that fit, newest last; the room left for the "only the last N" line is kept aside.
        let mut shown: Vec<Text> = Vec::new();
        let mut used = title.chars().count() + 80;
        for (i, m) in record.moves.iter().enumerate().rev() {
            // "12. ana: d4xd8 — what it did", the mover's name a span.
            let mut line = Text::plain(format!("{}. ", i + 1)).and_name(&name_of(m)).and(&format!(": {}", m.notation));
            if !did[i].is_empty() {
                line.push_str(&format!(" — {}", did[i]));
            }
            used += line.chars().count() + 1;
            if used > self.config.message_chars {
                break;
            }
            shown.push(line);
        }
        shown.reverse();
        let mut lines = vec![Text::plain(title)];
        if shown.len() < total {
            lines.push(i18n::spans(locale, &Message::new("history-cut").num("shown", shown.len() as i64)));
        }
        lines.extend(shown);
        Ok(vec![Reply { text: Text::join(lines, "\n"), audience: Audience::Asker, ..Reply::default() }])
    }

    pub(in crate::table) fn rules(&self, actor: &Actor, game: Option<GameKind>, now: Timestamp) -> Answer {
        let kind = match game {
            Some(kind) => kind,
            None => match self.shown_game(actor, now)? {
                Some(record) => record.kind,
                None => {
                    let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
                    return Err(Fail::User(Message::new("rules-which").str("known", known.join(", "))));
                }
            },
        };
        let text = i18n::spans(actor.locale, &Message::dynamic(format!("rules-{kind}")));
        Ok(vec![Reply { text, audience: Audience::Asker, ..Reply::default() }])
    }

    /// The link to a game's page, when its server's pages are on and this process serves them.
    pub(super) fn game_link(&self, locale: Locale, record: &GameRecord) -> Option<crate::table::reply::Link> {
        self.config.web_url.as_ref()?;
        let base = self.table.web_address(record.guild)?;
        Some(crate::table::reply::Link {
            label: i18n::text(locale, &Message::new("web-view")),
            url: format!("{base}game/{}", record.id),
            launch: self.config.activity.then(|| i18n::text(locale, &Message::new("button-play-in-discord"))),
        })
    }

    /// The throws of the latest team turn, for the picture (empty if the record does not replay: the picture
    /// then shows the last throw alone).
    pub(super) fn shown_throws(&self, record: &GameRecord) -> Vec<crate::games::zohn_ahl::LastThrow> {
        let Ok(mut position) = Position::new(record.kind, &record.options) else { return Vec::new() };
        let mut throws = Vec::with_capacity(record.moves.len());
        for m in &record.moves {
            if position.play(&m.notation).is_err() {
                return Vec::new();
            }
            if let Position::ZohnAhl(game) = &position
                && let Some(last) = game.last_throw()
            {
                throws.push(*last);
            }
        }
        let Some(side) = throws.last().map(|t| t.side) else { return Vec::new() };
        let start = throws.iter().rposition(|t| t.side != side).map_or(0, |i| i + 1);
        throws.split_off(start)
    }
}

/// The Rematch button of a finished game's result post (not for tournament games, which the tournament pairs).
pub(in crate::table) fn rematch_buttons(locale: i18n::Locale, record: &GameRecord) -> Vec<Button> {
    if record.tournament.is_some() || !matches!(record.status, Status::Finished { .. }) {
        return Vec::new();
    }
    vec![Button {
        id: ButtonId::Rematch(record.id),
        label: i18n::text(locale, &Message::new("button-rematch")),
        enabled: true,
        style: ButtonStyle::Primary,
        new_row: false,
    }]
}

/// Whether a game offers the Take back button: casual games of two players, not of chance.
pub(in crate::table) fn offers_takeback(record: &GameRecord) -> bool {
    !record.rated && record.tournament.is_none() && !record.is_team_game() && !record.kind.moves_are_throws()
}
