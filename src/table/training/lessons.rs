//! A member going through a game's course: the step they are at, shown privately with its picture and the
//! answers to pick from; an answer checked by the course's step (the rules engine), a right one moving them on
//! in the store, a wrong one explained with nothing stored. The course done, a button starts a real game against
//! the computer at level 1.

use super::course::{Step, Verdict, course};
use crate::games::{GameKind, Position, Side};
use crate::i18n::{self, Locale, Message, Text};
use crate::render::{self, Captions, SideCaption};
use crate::store::Unit;
use crate::store::record::Timestamp;
use crate::store::training::{LessonProgress, Revised, TrainingKey, TrainingWrite};
use crate::table::actor::Actor;
use crate::table::button_id::ButtonId;
use crate::table::fail::{Answer, Fail};
use crate::table::menus::{MENU_OPTIONS, Menu, MenuOption};
use crate::table::naming::{game_name, side_name};
use crate::table::reply::{Audience, Button, ButtonStyle, Image, Reply};
use crate::table::write::AtWork;

/// Menus of answers a step shows at most (the rest are typed).
const ANSWER_MENUS: usize = 4;

impl AtWork<'_> {
    /// The four courses, with how far the member has got in each.
    pub(in crate::table) fn courses(&self, actor: &Actor) -> Answer {
        let locale = actor.locale;
        let mut lines = vec![i18n::spans(locale, &Message::new("lesson-courses"))];
        let mut buttons = Vec::new();
        for kind in GameKind::ALL {
            let steps = course(kind).steps.len();
            let done = self.progress(actor, kind)?.map_or(0, |p| p.record.step.min(steps));
            lines.push(i18n::spans(
                locale,
                &Message::new("lesson-course-line")
                    .str("game", game_name(locale, kind))
                    .num("done", done as i64)
                    .num("steps", steps as i64),
            ));
            buttons.push(Button {
                id: ButtonId::Lesson(kind),
                label: game_name(locale, kind),
                enabled: true,
                style: if done == steps { ButtonStyle::Secondary } else { ButtonStyle::Primary },
                new_row: false,
            });
        }
        Ok(vec![Reply { text: Text::join(lines, "\n"), buttons, ..private(locale) }])
    }

    /// The step the member is at in `kind`'s course (or the course's end).
    pub(in crate::table) fn lesson(&self, actor: &Actor, kind: GameKind) -> Answer {
        let at = self.progress(actor, kind)?.map_or(0, |p| p.record.step);
        Ok(vec![step_reply(actor.locale, kind, at, None)?])
    }

    /// An answer to step `step` of `kind`'s course.
    pub(in crate::table) fn lesson_answer(
        &self,
        actor: &Actor,
        kind: GameKind,
        step: Option<usize>,
        answer: &str,
        now: Timestamp,
    ) -> Answer {
        let locale = actor.locale;
        let progress = self.progress(actor, kind)?;
        let at = progress.as_ref().map_or(0, |p| p.record.step);
        let steps = &course(kind).steps;
        if step.is_some_and(|s| s != at) || at >= steps.len() {
            return Ok(vec![step_reply(locale, kind, at, Some(Message::new("lesson-stale")))?]);
        }
        let current = &steps[at];
        match current.check(kind, answer) {
            Verdict::Illegal(reason) => {
                let said = Message::new("lesson-illegal").nested("reason", reason);
                Ok(vec![step_reply(locale, kind, at, Some(said))?])
            }
            Verdict::Wrong(reason) => Ok(vec![step_reply(locale, kind, at, Some(reason))?]),
            Verdict::Right => {
                let record = LessonProgress { step: at + 1, updated: now };
                self.save_progress(actor, kind, &record, progress.map(|p| p.revision))?;
                let right = Message::dynamic(current.message_id(kind, "right"));
                let mut replies = Vec::new();
                if let Some(after) = current.solved(kind, answer) {
                    let text = i18n::spans(locale, &right);
                    let image = picture(locale, &after, format!("lesson-{}-{at}-done.png", kind.name()));
                    replies.push(Reply { text, image: Some(image), ..private(locale) });
                }
                replies.push(step_reply(locale, kind, at + 1, None)?);
                Ok(replies)
            }
        }
    }

    /// Takes the member back to the first step of `kind`'s course.
    pub(in crate::table) fn lesson_restart(&self, actor: &Actor, kind: GameKind, now: Timestamp) -> Answer {
        let progress = self.progress(actor, kind)?;
        if progress.as_ref().is_some_and(|p| p.record.step > 0) {
            let record = LessonProgress { step: 0, updated: now };
            self.save_progress(actor, kind, &record, progress.map(|p| p.revision))?;
        }
        Ok(vec![step_reply(actor.locale, kind, 0, None)?])
    }

    fn progress(&self, actor: &Actor, kind: GameKind) -> Result<Option<Revised<LessonProgress>>, Fail> {
        let key = TrainingKey::Lesson { user: actor.user, game: kind };
        crate::store::training::read(self.store, &key).map_err(Fail::from)
    }

    fn save_progress(
        &self,
        actor: &Actor,
        kind: GameKind,
        record: &LessonProgress,
        base: Option<u64>,
    ) -> Result<(), Fail> {
        let key = TrainingKey::Lesson { user: actor.user, game: kind };
        let write = TrainingWrite::of(key, record, base);
        self.write(Unit { training: vec![write], ..Unit::default() }).map(|_| ())
    }
}

/// A private answer in `locale`, to fill in.
pub(super) fn private(locale: Locale) -> Reply {
    Reply { audience: Audience::Asker, locale, ..Reply::default() }
}

/// Step `at` of `kind`'s course shown to the member, after `said` (why the last answer was wrong, or that a
/// button was out of date); past the last step, the course's end.
fn step_reply(locale: Locale, kind: GameKind, at: usize, said: Option<Message>) -> Result<Reply, Fail> {
    let steps = &course(kind).steps;
    let mut lines: Vec<Text> = said.iter().map(|m| i18n::spans(locale, m)).collect();
    let again = Button {
        id: ButtonId::LessonRestart(kind),
        label: i18n::text(locale, &Message::new("button-lesson-again")),
        enabled: true,
        style: ButtonStyle::Secondary,
        new_row: true,
    };
    let Some(step) = steps.get(at) else {
        lines.push(i18n::spans(locale, &Message::new("lesson-done").str("game", game_name(locale, kind))));
        let play = Button {
            id: ButtonId::LessonGame(kind),
            label: i18n::text(locale, &Message::new("button-lesson-game")),
            enabled: true,
            style: ButtonStyle::Success,
            new_row: false,
        };
        return Ok(Reply { text: Text::join(lines, "\n\n"), buttons: vec![play, again], ..private(locale) });
    };
    let position = step.position(kind).map_err(|e| Fail::Internal(format!("lesson {kind} {}: {e}", step.id)))?;
    let header = Message::new("lesson-header")
        .str("game", game_name(locale, kind))
        .num("step", (at + 1) as i64)
        .num("steps", steps.len() as i64);
    lines.push(i18n::spans(locale, &header));
    lines.push(i18n::spans(locale, &Message::dynamic(step.message_id(kind, ""))));
    let (mut buttons, menus) = answers(locale, kind, step, at);
    buttons.push(again);
    Ok(Reply {
        text: Text::join(lines, "\n\n"),
        image: Some(picture(locale, &position, step_picture(kind, at))),
        diagram: Some(position.diagram(&|m| i18n::text(locale, &m))),
        buttons,
        menus,
        ..private(locale)
    })
}

/// The file name of step `at`'s picture (the web pages serve it again from it).
pub fn step_picture(kind: GameKind, at: usize) -> String {
    format!("lesson-{}-{at}.png", kind.name())
}

/// The picture of step `at` of `kind`'s course, in `locale`.
pub fn step_png(locale: Locale, kind: GameKind, at: usize) -> Option<Vec<u8>> {
    let position = course(kind).steps.get(at)?.position(kind).ok()?;
    Some(picture(locale, &position, step_picture(kind, at)).png)
}

/// The answers of a step as buttons (Hoyito's holes, Zohn Ahl's spaces) or menus (the other games' moves).
fn answers(locale: Locale, kind: GameKind, step: &Step, at: usize) -> (Vec<Button>, Vec<Menu>) {
    let answers = step.answers(kind);
    let id = |answer: &str| ButtonId::LessonAnswer { game: kind, step: at, answer: answer.to_string() };
    match kind {
        GameKind::Hoyito | GameKind::ZohnAhl => {
            let label = |a: &str| if kind == GameKind::ZohnAhl { format!("G{a}") } else { a.to_string() };
            let buttons = answers
                .iter()
                .take(20)
                .map(|a| Button {
                    id: id(a),
                    label: label(a),
                    enabled: true,
                    style: ButtonStyle::Primary,
                    new_row: false,
                })
                .collect();
            (buttons, Vec::new())
        }
        GameKind::Epaminondas | GameKind::Ocencahuac => {
            let options: Vec<MenuOption> =
                answers.iter().map(|a| MenuOption { label: a.clone(), value: a.clone(), description: None }).collect();
            let menus = crate::table::menus::split(
                options,
                ANSWER_MENUS,
                |menu| ButtonId::LessonMenu { game: kind, step: at, menu },
                |k, count| {
                    i18n::text(
                        locale,
                        &Message::new("lesson-menu").num("menu", (k + 1) as i64).num("menus", count as i64),
                    )
                },
            );
            debug_assert!(menus.iter().all(|m| m.options.len() <= MENU_OPTIONS));
            (Vec::new(), menus)
        }
    }
}

/// The picture of a lesson's (or a puzzle's) position.
pub(super) fn picture(locale: Locale, position: &Position, file_name: String) -> Image {
    let captions = Captions {
        sides: Side::BOTH.map(|side| SideCaption {
            title: side_name(locale, position, side),
            score: i18n::text(locale, &position.score(side)),
            badge: (position.to_move() == Some(side)).then(|| i18n::text(locale, &Message::new("badge-to-move"))),
            note: None,
        }),
        legend: crate::table::view::legend(locale),
        throws: Vec::new(),
        compass: Some(
            ["compass-north", "compass-east", "compass-south", "compass-west"]
                .map(|id| i18n::text(locale, &Message::new(id))),
        ),
    };
    let words: Vec<String> = position.describe_position().iter().map(|m| i18n::text(locale, m)).collect();
    let mut description = words.join(" ");
    if description.chars().count() > 1024 {
        description = description.chars().take(1023).collect::<String>() + "…";
    }
    Image { file_name, png: render::board_png(position, &captions), description }
}
