//! Records and replays: a game's record files, a record imported as a game of the server, the server's archive
//! of finished games, the analysis of a game, and its animated replay.

mod analysis;
pub(super) mod command;
mod files;
mod replay;

pub(super) use files::pairing;
pub use files::{ARCHIVE_PAGE, ArchivePage, ArchivedGame};
pub use replay::{ReplayPictures, replay_captions, replay_delay, replay_frames};

use crate::store::record::Timestamp;
use crate::table::actor::Actor;
use crate::table::command::RecordCommand;
use crate::table::fail::Answer;
use crate::table::progress::Progress;
use crate::table::write::AtWork;

/// The records domain's one door; a long analysis reports to `progress`.
pub(super) fn handle(
    work: &AtWork,
    actor: &Actor,
    command: RecordCommand,
    now: Timestamp,
    progress: &Progress,
) -> Answer {
    match command {
        RecordCommand::Analysis { game } => work.analysis(actor, game, now, progress),
        RecordCommand::Export { game } => work.export(actor, game, now),
        RecordCommand::Import { bytes, live } => work.import(actor, &bytes, live, now),
        RecordCommand::Archive { player, game, page } => work.archive(actor, player.as_ref(), game, page),
        RecordCommand::Replay { game, delay } => work.animated_replay(actor, game, delay, now),
    }
}
