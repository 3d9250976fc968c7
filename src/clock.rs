//! The clock of the bot, its pages and the console, a value each holds (no global): the system's time, or for
//! tests (and the console's `wait`) the system's time moved forward by a number of seconds. A test that runs the
//! bot in its own process gives it a clock it moves ([`Clock::moved`], [`Clock::advance`]); one that runs the
//! binary names a file holding the seconds (`TABLERO_TEST_CLOCK`, read at every look at the clock, never
//! documented for users), so a test lets a day pass without waiting or depending on the machine's speed.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone)]
pub struct Clock(Arc<Source>);

#[derive(Debug)]
enum Source {
    System,
    Moved(AtomicU64),
    File(PathBuf),
}

impl Clock {
    /// The system's time.
    pub fn system() -> Clock {
        Clock(Arc::new(Source::System))
    }

    /// The system's time, or the test clock the environment names for a bot run as its own process.
    pub fn from_env() -> Clock {
        match std::env::var_os("TABLERO_TEST_CLOCK") {
            Some(file) => Clock(Arc::new(Source::File(file.into()))),
            None => Clock::system(),
        }
    }

    /// A test clock that starts at the system's time and moves when [`Clock::advance`] says.
    pub fn moved() -> Clock {
        Clock(Arc::new(Source::Moved(AtomicU64::new(0))))
    }

    /// Moves a test clock forward (nothing for the system's).
    pub fn advance(&self, secs: u64) {
        if let Source::Moved(offset) = &*self.0 {
            offset.fetch_add(secs, Ordering::SeqCst);
        }
    }

    /// Whether time may jump (a test clock): the scheduler then looks often.
    pub fn is_test(&self) -> bool {
        !matches!(*self.0, Source::System)
    }

    /// Seconds since the epoch.
    pub fn now(&self) -> u64 {
        let system = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default();
        let offset = match &*self.0 {
            Source::System => 0,
            Source::Moved(offset) => offset.load(Ordering::SeqCst),
            Source::File(file) => std::fs::read_to_string(file).ok().and_then(|s| s.trim().parse().ok()).unwrap_or(0),
        };
        system + offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_clock_moves_when_told_and_the_system_clock_does_not() {
        let (system, moved) = (Clock::system(), Clock::moved());
        let start = moved.now();
        moved.advance(86_400);
        system.advance(86_400);
        assert!(moved.now() >= start + 86_400);
        assert!(system.now() < start + 3600);
        assert!(moved.is_test() && !system.is_test());
    }
}
