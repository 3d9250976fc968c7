//! The courses: for each game, steps read from `lessons/<game>.toml` (the position, what the member is asked,
//! the answers that count and the rule sections the step teaches) with their words in
//! `lessons/<game>.<language>.ftl`. A step is checked by the rules engine: the answer is played in the step's
//! position (an illegal one is explained by the rules' own message), then it counts when the step lists it or
//! when the engine's account of the move says what the step asks for (`goal`). Zohn Ahl has no choices to make,
//! so its steps fix the throw and ask where the awl ends; the engine's answer is the right one.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use crate::games::setup::Setup;
use crate::games::{GameKind, Outcome, Position};
use crate::i18n::{Arg, Message};

/// A game's course.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    #[serde(rename = "step")]
    pub steps: Vec<Step>,
}

/// One step of a course.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Its name: its words are the messages `lesson-<game>-<id>` (the task), `…-right` (said when done) and
    /// `…-wrong` (a wrong answer), and `…-<reason>` for the answers `wrong` names.
    pub id: String,
    /// The sections of the game's rules it teaches (`2.6`).
    pub rules: Vec<String>,
    pub setup: Setup,
    /// Answers that count, in the game's notation (as the engine writes them).
    #[serde(default)]
    pub accept: Vec<String>,
    /// What a move must do to count, from the engine's account of it: a message id (`hoyito-captured`), with a
    /// bound on one of its numbers (`hoyito-captured seeds>=12`); `won` (the move wins), `any` (any legal move).
    #[serde(default)]
    pub goal: Option<String>,
    /// Zohn Ahl: the throw (four sticks, `FFRR`) and the spaces offered as answers.
    #[serde(default)]
    pub throw: Option<String>,
    #[serde(default)]
    pub choices: Vec<u8>,
    /// Wrong answers with an explanation of their own: answer -> the reason's name.
    #[serde(default)]
    pub wrong: BTreeMap<String, String>,
}

/// How an answer went.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    Right,
    /// A legal answer that does not do what the step asks: why.
    Wrong(Message),
    /// Not an answer the rules allow here (the engine's reason), or not one of the choices.
    Illegal(Message),
}

const SOURCES: [(GameKind, &str); 4] = [
    (GameKind::Epaminondas, include_str!("../../../lessons/epaminondas.toml")),
    (GameKind::Hoyito, include_str!("../../../lessons/hoyito.toml")),
    (GameKind::Ocencahuac, include_str!("../../../lessons/ocencahuac.toml")),
    (GameKind::ZohnAhl, include_str!("../../../lessons/zohn-ahl.toml")),
];

/// A game's course (the files are part of the program; one that does not read is a bug the tests catch).
pub fn course(kind: GameKind) -> &'static Course {
    static COURSES: OnceLock<Vec<(GameKind, Course)>> = OnceLock::new();
    let all = COURSES.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(kind, text)| {
                let course: Course =
                    toml::from_str(text).unwrap_or_else(|e| panic!("lessons/{}.toml does not read: {e}", kind.name()));
                (*kind, course)
            })
            .collect()
    });
    &all.iter().find(|(k, _)| *k == kind).expect("every game has a course").1
}

impl Step {
    /// The message id of one of the step's texts (`""`: the task).
    pub fn message_id(&self, kind: GameKind, part: &str) -> String {
        match part {
            "" => format!("lesson-{}-{}", kind.name(), self.id),
            part => format!("lesson-{}-{}-{part}", kind.name(), self.id),
        }
    }

    /// The step's position.
    pub fn position(&self, kind: GameKind) -> Result<Position, crate::games::setup::BadSetup> {
        self.setup.position(kind)
    }

    /// Checks an answer in the step's position.
    pub fn check(&self, kind: GameKind, answer: &str) -> Verdict {
        let Ok(position) = self.position(kind) else {
            return Verdict::Illegal(Message::new("lesson-broken"));
        };
        let answer = answer.trim();
        if let Some(throw) = &self.throw {
            let Some((space, _)) = position.throw_lands(throw) else {
                return Verdict::Illegal(Message::new("lesson-broken"));
            };
            return match answer.trim_start_matches(['G', 'g']).parse::<u8>() {
                Ok(given) if !self.choices.contains(&given) => Verdict::Illegal(self.not_a_choice()),
                Ok(given) if given == space => Verdict::Right,
                Ok(given) => Verdict::Wrong(self.wrong_message(kind, &given.to_string())),
                Err(_) => Verdict::Illegal(self.not_a_choice()),
            };
        }
        let mover = position.to_move();
        let mut after = position.clone();
        let played = match after.play(answer).or_else(|e| match position.complete(answer) {
            Some(full) => after.play(&full),
            None => Err(e),
        }) {
            Ok(played) => played,
            Err(e) => return Verdict::Illegal(e.message().clone()),
        };
        let counts =
            self.accept.contains(&played) || self.goal.as_deref().is_some_and(|goal| reached(goal, &after, mover));
        if counts { Verdict::Right } else { Verdict::Wrong(self.wrong_message(kind, &played)) }
    }

    fn not_a_choice(&self) -> Message {
        let choices: Vec<String> = self.choices.iter().map(|c| format!("G{c}")).collect();
        Message::new("lesson-not-a-choice").str("choices", choices.join(", "))
    }

    fn wrong_message(&self, kind: GameKind, answer: &str) -> Message {
        match self.wrong.get(answer) {
            Some(reason) => Message::dynamic(self.message_id(kind, reason)),
            None => Message::dynamic(self.message_id(kind, "wrong")),
        }
    }

    /// The answers offered as buttons or menu choices: the choices (Zohn Ahl), or the legal moves.
    pub fn answers(&self, kind: GameKind) -> Vec<String> {
        if self.throw.is_some() {
            return self.choices.iter().map(|c| c.to_string()).collect();
        }
        self.position(kind).map(|p| p.legal_moves()).unwrap_or_default()
    }

    /// The position after the right answer: the step's position with the throw made or an accepted move played
    /// (for the picture that goes with "well done").
    pub fn solved(&self, kind: GameKind, answer: &str) -> Option<Position> {
        let mut position = self.position(kind).ok()?;
        let played = self.throw.as_deref().unwrap_or(answer);
        if position.play(played).is_err() {
            let full = position.complete(played)?;
            position.play(&full).ok()?;
        }
        Some(position)
    }
}

/// Whether the move that led to `after` did what `goal` asks, by the engine's account of it.
fn reached(goal: &str, after: &Position, mover: Option<crate::games::Side>) -> bool {
    match goal {
        "any" => true,
        "won" => matches!((after.outcome(), mover), (Outcome::Won(w), Some(m)) if w == m),
        _ => {
            let mut words = goal.split_whitespace();
            let id = words.next().unwrap_or_default();
            let bound = words.next().and_then(|b| {
                let (name, at_least) = b.split_once(">=")?;
                Some((name.to_string(), at_least.parse::<i64>().ok()?))
            });
            after.describe_last_move().iter().any(|m| {
                m.id == id
                    && bound.as_ref().is_none_or(|(name, at_least)| {
                        m.args.iter().any(|(n, v)| *n == name.as_str() && matches!(v, Arg::Num(x) if x >= at_least))
                    })
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Locale, catalog};

    fn has(locale: Locale, id: &str) -> bool {
        catalog().text(locale, &Message::dynamic(id.to_string())) != id
    }

    /// Every step is set up, offers answers, and is solved by what it accepts (and only by answers the rules
    /// allow); every wrong answer it names is a legal one that it refuses; all its words exist in both languages.
    #[test]
    fn every_step_is_set_up_solvable_and_worded() {
        for kind in GameKind::ALL {
            let steps = &course(kind).steps;
            assert!(steps.len() >= 8, "{kind}: {} steps", steps.len());
            for step in steps {
                let where_ = format!("{kind} step {}", step.id);
                let position = step.position(kind).unwrap_or_else(|e| panic!("{where_}: {e}"));
                assert!(position.to_move().is_some(), "{where_}: the game is over");
                assert!(!step.rules.is_empty(), "{where_}: teaches no rule");
                assert!(step.throw.is_some() || !step.accept.is_empty() || step.goal.is_some(), "{where_}");
                let answers = step.answers(kind);
                let verdicts: Vec<(String, Verdict)> =
                    answers.iter().map(|a| (a.clone(), step.check(kind, a))).collect();
                let right: Vec<&String> =
                    verdicts.iter().filter(|(_, v)| *v == Verdict::Right).map(|(a, _)| a).collect();
                assert!(!right.is_empty(), "{where_}: no answer is right: {verdicts:?}");
                if step.throw.is_some() {
                    assert_eq!(right.len(), 1, "{where_}: exactly one space is right: {verdicts:?}");
                }
                for accepted in &step.accept {
                    assert_eq!(step.check(kind, accepted), Verdict::Right, "{where_}: accepts {accepted}");
                    assert!(answers.contains(accepted), "{where_}: {accepted} is not written as the engine writes it");
                }
                for (answer, reason) in &step.wrong {
                    let v = step.check(kind, answer);
                    assert_eq!(
                        v,
                        Verdict::Wrong(Message::dynamic(step.message_id(kind, reason))),
                        "{where_}: {answer}"
                    );
                }
                let mut ids =
                    vec![step.message_id(kind, ""), step.message_id(kind, "right"), step.message_id(kind, "wrong")];
                ids.extend(step.wrong.values().map(|r| step.message_id(kind, r)));
                for id in ids {
                    for locale in [Locale::English, Locale::SpanishLatinAmerica] {
                        assert!(has(locale, &id), "{id} missing in {locale:?}");
                    }
                }
            }
        }
    }

    /// The two languages' lesson files hold the same messages, and only the courses' own.
    #[test]
    fn both_languages_word_the_same_steps() {
        use crate::i18n::{Catalog, LESSONS_ENGLISH, LESSONS_SPANISH};
        for (english, spanish) in LESSONS_ENGLISH.iter().zip(LESSONS_SPANISH) {
            let mut en = Catalog::ids(english);
            let mut es = Catalog::ids(spanish);
            en.sort();
            es.sort();
            assert_eq!(en, es);
        }
    }

    /// A wrong answer never counts, and an illegal one is explained by the rules' own words.
    #[test]
    fn wrong_and_illegal_answers_are_told_apart() {
        let hoyito = &course(GameKind::Hoyito).steps[0];
        assert!(matches!(hoyito.check(GameKind::Hoyito, "1"), Verdict::Illegal(m) if m.id == "hoyito-empty-hole"));
        assert!(matches!(hoyito.check(GameKind::Hoyito, "x"), Verdict::Illegal(m) if m.id == "hoyito-not-a-hole"));
        assert!(matches!(hoyito.check(GameKind::Hoyito, "6"), Verdict::Wrong(_)));
        let capture = course(GameKind::Epaminondas).steps.iter().find(|s| s.id == "capture").expect("a capture step");
        let equal = capture.check(GameKind::Epaminondas, "c3xc5");
        assert!(matches!(equal, Verdict::Illegal(m) if m.id == "epaminondas-capture-too-small"), "two against two");
        let copy = course(GameKind::Epaminondas).steps.iter().find(|s| s.id == "anti-copy").expect("anti-copy");
        let mirror = copy.check(GameKind::Epaminondas, "d7-d8");
        assert!(matches!(mirror, Verdict::Illegal(m) if m.id == "epaminondas-symmetric"), "the mirror is refused");
        let endless = course(GameKind::Hoyito).steps.iter().find(|s| s.id == "never-ending").expect("never-ending");
        let never = endless.check(GameKind::Hoyito, "4");
        assert!(matches!(never, Verdict::Illegal(m) if m.id == "hoyito-never-ending"), "the endless sowing is refused");
        let zohn = &course(GameKind::ZohnAhl).steps[0];
        assert!(matches!(zohn.check(GameKind::ZohnAhl, "G7"), Verdict::Illegal(m) if m.id == "lesson-not-a-choice"));
        assert_eq!(zohn.check(GameKind::ZohnAhl, "G2"), Verdict::Right);
        assert!(matches!(zohn.check(GameKind::ZohnAhl, "3"), Verdict::Wrong(_)));
    }
}
