//! How far a long job has got, shared between the job (which reports as it goes) and a front end (which shows
//! it to the member who asked, and may ask the job to stop). A job stops only where stopping leaves nothing half
//! done: before it starts, or partway through work that changes nothing stored (an analysis).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::i18n::Message;

/// A job's progress; clones share it.
#[derive(Debug, Clone, Default)]
pub struct Progress(Arc<Inner>);

#[derive(Debug, Default)]
struct Inner {
    /// Steps done and in all (0 in all: the job does not count its steps).
    done: AtomicUsize,
    total: AtomicUsize,
    /// Starting and stopping decide under one lock, so a job asked to stop as it starts either stops or was
    /// never told it would.
    flags: Mutex<Flags>,
}

#[derive(Debug, Default, Clone, Copy)]
struct Flags {
    started: bool,
    /// The job stops partway when asked.
    stoppable: bool,
    stop: bool,
    finished: bool,
}

/// Where a job is, as shown to the member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// In line for a worker.
    Waiting,
    /// Under way, without a count of its steps.
    Working,
    /// Under way: `done` of `total` steps.
    Counting { done: usize, total: usize },
    /// Over (its answer is on its way).
    Finished,
}

impl Stage {
    pub fn message(self) -> Message {
        match self {
            Stage::Waiting => Message::new("job-waiting"),
            Stage::Working | Stage::Finished => Message::new("job-working"),
            Stage::Counting { done, total } => {
                Message::new("job-counting").num("done", done as i64).num("total", total as i64)
            }
        }
    }
}

impl Progress {
    pub fn new() -> Progress {
        Progress::default()
    }

    fn flags(&self) -> std::sync::MutexGuard<'_, Flags> {
        self.0.flags.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The job begins (taken from the line by a worker); `false` when it was stopped while it waited, and then
    /// it must not run.
    pub fn start(&self) -> bool {
        let mut flags = self.flags();
        flags.started = true;
        !flags.stop
    }

    /// The job is over.
    pub fn finish(&self) {
        self.flags().finished = true;
    }

    /// The job has done `done` of its `total` steps, and stops partway if asked.
    pub fn report(&self, done: usize, total: usize) {
        self.0.total.store(total, Ordering::SeqCst);
        self.0.done.store(done.min(total), Ordering::SeqCst);
        self.flags().stoppable = true;
    }

    pub fn stage(&self) -> Stage {
        let flags = *self.flags();
        if flags.finished {
            return Stage::Finished;
        }
        if !flags.started {
            return Stage::Waiting;
        }
        match self.0.total.load(Ordering::SeqCst) {
            0 => Stage::Working,
            total => Stage::Counting { done: self.0.done.load(Ordering::SeqCst), total },
        }
    }

    /// Whether asking the job to stop would stop it now.
    pub fn can_stop(&self) -> bool {
        let flags = *self.flags();
        !flags.finished && (!flags.started || flags.stoppable)
    }

    /// Asks the job to stop; whether it will (a job under way that cannot stop partway runs to its end).
    pub fn stop(&self) -> bool {
        let mut flags = self.flags();
        let will = !flags.finished && (!flags.started || flags.stoppable);
        flags.stop |= will;
        will
    }

    /// Whether the job was asked to stop (the job looks at this between steps).
    pub fn stopped(&self) -> bool {
        self.flags().stop
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_stops_while_waiting_or_where_it_counts_its_steps_but_not_otherwise() {
        let waiting = Progress::new();
        assert_eq!(waiting.stage(), Stage::Waiting);
        assert!(waiting.stop() && waiting.stopped());
        assert!(!waiting.start(), "a job stopped while it waited does not run");

        let plain = Progress::new();
        assert!(plain.start());
        assert_eq!(plain.stage(), Stage::Working);
        assert!(!plain.stop() && !plain.stopped(), "a job that does not count its steps runs to its end");

        let counting = Progress::new();
        assert!(counting.start());
        counting.report(40, 120);
        assert_eq!(counting.stage(), Stage::Counting { done: 40, total: 120 });
        assert!(counting.clone().stop() && counting.stopped(), "clones share the request to stop");
        counting.finish();
        assert_eq!(counting.stage(), Stage::Finished);
        assert!(!counting.can_stop());
    }
}
