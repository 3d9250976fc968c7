//! Animated replays at the table: the pictures of a game's replay drawn one at a time as the encoder takes them
//! (the start, each move, an Ocencahuac chain hop by hop, the last held longer), at most the server's limit of
//! them, so that a replay costs the same bounded memory however long the game.

use crate::games::{Outcome, Position, Side};
use crate::i18n::{self, Locale, Message, Text};
use crate::render::replay::{self, Frame, Source};
use crate::render::{self, Captions, Picture, SideCaption};
use crate::store::record::{GameId, GameRecord, Status, Timestamp};
use crate::table::actor::Actor;
use crate::table::fail::TableError;
use crate::table::fail::{Answer, Fail};
use crate::table::naming::game_name;
use crate::table::records::pairing;
use crate::table::reply::{File, Reply};
use crate::table::write::AtWork;

/// Hundredths of a second a move shows by default.
const DEFAULT_DELAY: u16 = 100;

/// Hundredths of a second a move shows at a speed typed as a name (`slow`, `normal`, `fast`, in English or
/// Spanish) or as seconds a move (0.1 to 10), or the refusal that says what is expected.
pub fn replay_delay(text: &str) -> Result<u16, Message> {
    let text = text.trim().to_lowercase();
    match text.as_str() {
        "" | "normal" => Ok(100),
        "slow" | "lento" | "lenta" => Ok(200),
        "fast" | "rápido" | "rapido" | "rápida" | "rapida" => Ok(50),
        seconds => match seconds.trim_end_matches('s').replace(',', ".").parse::<f64>() {
            Ok(s) if (0.1..=10.0).contains(&s) => Ok((s * 100.0).round() as u16),
            _ => Err(Message::new("replay-bad-speed").str("text", text.as_str())),
        },
    }
}

/// The captions of a replay's picture after `ply` moves: the sides and their scores, and the result on the last
/// picture. Nothing in them changes from move to move but the scores (the board shows the last move), so each
/// frame of the animation holds the squares that changed and little else; no legend, so every picture of a
/// replay has the same size.
pub fn replay_captions(record: &GameRecord, position: &Position, ply: usize, locale: Locale) -> Captions {
    let mut badges: [Option<String>; 2] = [None, None];
    let last = ply == record.moves.len();
    match (position.outcome(), record.status) {
        (Outcome::Ongoing, _) if !last => {}
        (Outcome::Ongoing, Status::Finished { winner, .. }) if ply == record.moves.len() => match winner {
            Some(w) => badges[w.index()] = Some(i18n::text(locale, &Message::new("badge-winner"))),
            None => badges = [0, 1].map(|_| Some(i18n::text(locale, &Message::new("badge-draw")))),
        },
        (Outcome::Ongoing, _) => {
            if let Some(side) = position.to_move() {
                badges[side.index()] = Some(i18n::text(locale, &Message::new("badge-to-move")));
            }
        }
        (Outcome::Won(w), _) => badges[w.index()] = Some(i18n::text(locale, &Message::new("badge-winner"))),
        (Outcome::Draw, _) => badges = [0, 1].map(|_| Some(i18n::text(locale, &Message::new("badge-draw")))),
    }
    let note = last.then(|| ply.checked_sub(1).and_then(|i| record.moves.get(i))).flatten();
    let note = note.map(|m| format!("{ply}. {}", m.notation));
    let mover = position.last_side();
    let compass = ["compass-north", "compass-east", "compass-south", "compass-west"]
        .map(|id| i18n::text(locale, &Message::new(id)));
    Captions {
        sides: Side::BOTH.map(|side| SideCaption {
            title: format!(
                "{} · {}",
                record.side_label(side, locale),
                crate::table::naming::side_name(locale, position, side)
            ),
            score: i18n::text(locale, &position.score(side)),
            badge: badges[side.index()].take(),
            note: note.clone().filter(|_| mover == Some(side)),
        }),
        legend: Vec::new(),
        throws: Vec::new(),
        compass: Some(compass),
    }
}

/// What one picture of a replay shows: the position after `ply` moves, or a hop of move `ply`'s chain.
#[derive(Debug, Clone, Copy)]
struct Shown {
    /// Moves played before it.
    ply: usize,
    /// The hop of move `ply` it shows (`None`: the position after `ply` moves).
    hop: Option<usize>,
    delay: u16,
}

/// The pictures of a game's replay, drawn in order on request: only the position being drawn is held, replayed
/// forward from the one before (from the start again when an earlier picture is asked for).
pub struct ReplayPictures<'a> {
    record: &'a GameRecord,
    locale: Locale,
    shown: Vec<Shown>,
    /// The position after `at` moves, and the hops of move `at` once asked for.
    position: Position,
    at: usize,
    hops: Option<Vec<Position>>,
}

impl<'a> ReplayPictures<'a> {
    /// `delay`: hundredths of a second a move shows (a hop half of it; the last picture three times, 3 s at least).
    pub fn new(record: &'a GameRecord, locale: Locale, delay: u16) -> Result<ReplayPictures<'a>, TableError> {
        let start = Position::new(record.kind, &record.options).map_err(|e| TableError::Internal(format!("{e:?}")))?;
        let mut position = start.clone();
        let mut shown = vec![Shown { ply: 0, hop: None, delay }];
        for (i, m) in record.moves.iter().enumerate() {
            let hops = position.steps(&m.notation).len();
            shown.extend((0..hops).map(|hop| Shown { ply: i, hop: Some(hop), delay: (delay / 2).max(10) }));
            position
                .play(&m.notation)
                .map_err(|e| TableError::Internal(format!("move {} does not replay: {e:?}", i + 1)))?;
            shown.push(Shown { ply: i + 1, hop: None, delay });
        }
        if let Some(last) = shown.last_mut() {
            last.delay = delay.saturating_mul(3).max(300);
        }
        Ok(ReplayPictures { record, locale, shown, position: start, at: 0, hops: None })
    }

    /// The position picture `index` shows, and the moves played before it.
    fn position_of(&mut self, index: usize) -> (Position, usize) {
        let Shown { ply, hop, .. } = self.shown[index];
        if ply < self.at {
            // Positions replay the same from the start (`new` checked every move).
            if let Ok(start) = Position::new(self.record.kind, &self.record.options) {
                self.position = start;
            }
            self.at = 0;
            self.hops = None;
        }
        while self.at < ply {
            let _ = self.position.play(&self.record.moves[self.at].notation);
            self.at += 1;
            self.hops = None;
        }
        match hop {
            None => (self.position.clone(), ply),
            Some(hop) => {
                let notation = &self.record.moves[ply].notation;
                let hops = self.hops.get_or_insert_with(|| self.position.steps(notation));
                (hops.get(hop).cloned().unwrap_or_else(|| self.position.clone()), ply)
            }
        }
    }
}

impl Source for ReplayPictures<'_> {
    fn count(&self) -> usize {
        self.shown.len()
    }

    fn delay(&self, index: usize) -> u16 {
        self.shown[index].delay
    }

    fn picture(&mut self, index: usize) -> Picture {
        let (position, ply) = self.position_of(index);
        render::board_picture(&position, &replay_captions(self.record, &position, ply, self.locale))
    }
}

/// Every picture of a game's replay, drawn at once (for tools and tests; the table draws them one at a time).
pub fn replay_frames(record: &GameRecord, locale: Locale, delay: u16) -> Result<Vec<Frame>, TableError> {
    let mut pictures = ReplayPictures::new(record, locale, delay)?;
    Ok((0..pictures.count()).map(|i| Frame { delay: pictures.delay(i), picture: pictures.picture(i) }).collect())
}

impl AtWork<'_> {
    pub(in crate::table) fn animated_replay(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        delay: Option<u16>,
        now: Timestamp,
    ) -> Answer {
        let delay = delay.unwrap_or(DEFAULT_DELAY).clamp(10, 1000);
        let record = self.recorded_game(actor, game, now, "replay-which")?;
        let locale = actor.locale;
        let mut pictures = ReplayPictures::new(&record, locale, delay).map_err(Fail::from)?;
        let frames = pictures.count();
        let most = self.config.limits.replay_frames;
        let animation = replay::animate_from(&mut pictures, replay::DISCORD_LIMIT, most)
            .ok_or_else(|| Fail::Internal(format!("game {} has no picture to replay", record.id)))?;
        let mut lines = vec![i18n::spans(
            locale,
            &Message::new("replay-title")
                .str("game", game_name(locale, record.kind))
                .num("id", record.id.get() as i64)
                .name("players", pairing(&record, locale))
                .num("moves", record.moves.len() as i64),
        )];
        if animation.shrink > 1 || animation.kept.len() < frames {
            lines.push(i18n::spans(
                locale,
                &Message::new("replay-fitted")
                    .num("shrink", animation.shrink as i64)
                    .num("kept", animation.kept.len() as i64)
                    .num("frames", frames as i64),
            ));
        }
        // Described as the board after its last move is: what the replay comes to.
        let end = self.replay(&record)?;
        let last = crate::table::describe::board(locale, &record, &end, record.moves.len());
        let what = Message::new("replay-described").num("frames", animation.kept.len() as i64);
        let description = crate::table::describe::cut(&format!("{} {last}", i18n::text(locale, &what)));
        let file =
            File { name: format!("game-{}.gif", record.id), bytes: animation.gif, description: Some(description) };
        Ok(vec![Reply { text: Text::join(lines, "\n"), files: vec![file], ..Reply::default() }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_speed_is_read_into_hundredths_of_a_second_or_refused_with_what_was_typed() {
        assert_eq!(replay_delay("slow"), Ok(200));
        assert_eq!(replay_delay(" Rápido "), Ok(50));
        assert_eq!(replay_delay("normal"), Ok(100));
        assert_eq!(replay_delay("1,5s"), Ok(150));
        let refused = replay_delay("warp").unwrap_err();
        assert_eq!(refused.id, "replay-bad-speed");
        assert!(replay_delay("60").is_err(), "at most ten seconds a move");
    }
}
