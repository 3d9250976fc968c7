//! The analysis of a finished game: the engine's value after every move as a chart, and each side's biggest
//! mistakes with the move the engine prefers. Anyone in the game's server may ask; it takes a few seconds of
//! search, so front ends run it like any slow command (Discord: deferred, then the answer).

use crate::ai;
use crate::i18n::{self, Message, Text};
use crate::render;
use crate::store::record::{GameId, Status, Timestamp};
use crate::table::actor::Actor;
use crate::table::fail::Answer;
use crate::table::progress::Progress;
use crate::table::reply::{Image, Reply};
use crate::table::write::AtWork;

/// Each position is searched with a quarter of level 4's budget: a 100-move game takes seconds, not minutes.
const SCALE: f64 = 0.25;

/// The chart shows values up to this (a forced result is drawn at the edge).
const CHART_LIMIT: i32 = 1_500;

impl AtWork<'_> {
    pub(in crate::table) fn analysis(
        &self,
        actor: &Actor,
        game: Option<GameId>,
        now: Timestamp,
        progress: &Progress,
    ) -> Answer {
        let record = match game {
            Some(id) => self.game_in(actor, id)?,
            None => self.shown_game(actor, now)?.ok_or(Message::new("analysis-which"))?,
        };
        if !matches!(record.status, Status::Finished { .. }) {
            return Err(Message::new("analysis-not-finished").num("id", record.id.get() as i64).into());
        }
        if record.kind.moves_are_throws() {
            return Err(Message::new("analysis-no-decisions").into());
        }
        let moves: Vec<String> = record.moves.iter().map(|m| m.notation.clone()).collect();
        // Bounded like all heavy work: out of time, or stopped by whoever asked, it says how far it got.
        let secs = self.config.limits.job_secs;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
        let mut keep_going = |done: usize, total: usize| {
            progress.report(done, total);
            !progress.stopped() && std::time::Instant::now() < deadline
        };
        let analysis = ai::analyse(record.kind, &record.options, &moves, SCALE, &mut keep_going)
            .ok_or_else(|| crate::table::fail::Fail::Internal(format!("game {} could not be analysed", record.id)))?;
        let locale = actor.locale;
        let game_name = crate::table::naming::game_name(locale, record.kind);
        let first = record.side_label(crate::games::Side::First, locale);
        let title = i18n::text(
            locale,
            &Message::new("analysis-title")
                .str("game", game_name.as_str())
                .num("id", record.id.get() as i64)
                .num("moves", moves.len() as i64)
                .name("first", first),
        );
        let mut lines = vec![Text::plain(title.clone())];
        if analysis.analysed < moves.len() {
            let why = if progress.stopped() { "analysis-stopped" } else { "analysis-cut" };
            lines.push(i18n::spans(
                locale,
                &Message::new(why)
                    .num("secs", secs as i64)
                    .num("moves", analysis.analysed as i64)
                    .num("total", moves.len() as i64),
            ));
        }
        if analysis.mistakes.is_empty() {
            lines.push(i18n::spans(locale, &Message::new("analysis-none")));
        }
        for m in &analysis.mistakes {
            lines.push(i18n::spans(
                locale,
                &Message::new("analysis-mistake")
                    .num("number", m.number as i64)
                    .name("player", record.side_label(m.side, locale))
                    .str("played", m.played.as_str())
                    .str("better", m.better.as_str())
                    .str("loss", format!("{:.1}", f64::from(m.loss) / 100.0)),
            ));
        }
        let chart =
            render::chart::evaluation_png(&format!("{game_name} #{}", record.id), &analysis.values, CHART_LIMIT);
        let text = Text::join(lines, "\n");
        let description = crate::table::describe::lines(&text);
        let image = Image { file_name: format!("analysis-{}.png", record.id), png: chart, description };
        Ok(vec![Reply { text, image: Some(image), ..Reply::default() }])
    }
}
