//! The computer's moves on Discord: each game where the computer owes a move is searched on the blocking pool,
//! at most [`THREADS`] at once, so games against the computer never hold up anyone's interaction (those run on
//! the async runtime and their own blocking tasks). Each move's board is a notice the scheduler then posts.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Semaphore;

use super::{Data, now};

/// Searches at once: one core for the computer, the other for everything else.
const THREADS: usize = 1;

/// Searches wait while this is set (tests only: a test holds them to show that interactions never wait for one).
static HELD: AtomicBool = AtomicBool::new(false);

/// Holds every search not yet started (`true`) or lets them go; for tests, never needed in play.
#[doc(hidden)]
pub fn hold_searches(held: bool) {
    HELD.store(held, Ordering::SeqCst);
}

/// The games being searched, and the permits of the pool.
pub struct Pool {
    busy: Mutex<HashSet<u64>>,
    permits: Arc<Semaphore>,
}

impl Default for Pool {
    fn default() -> Pool {
        Pool { busy: Mutex::new(HashSet::new()), permits: Arc::new(Semaphore::new(THREADS)) }
    }
}

/// Starts a search for every game where the computer owes a move and none is running yet.
pub async fn start_due(data: &Arc<Data>) {
    let table = data.table.clone();
    let due = match tokio::task::spawn_blocking(move || table.computer_due(now())).await {
        Ok(Ok(due)) => due,
        Ok(Err(e)) => return tracing::error!(error = %e, "cannot list the computer's games"),
        Err(e) => return tracing::error!(error = %e, "the computer's task failed"),
    };
    for game in due {
        if !data.computer.busy.lock().unwrap_or_else(|e| e.into_inner()).insert(game) {
            continue;
        }
        let data = data.clone();
        tokio::spawn(async move {
            while HELD.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            if let Ok(_permit) = data.computer.permits.clone().acquire_owned().await {
                let table = data.table.clone();
                match tokio::task::spawn_blocking(move || table.play_computer(game, now())).await {
                    Ok(Ok(_)) => {}
                    Ok(Err(e)) => tracing::error!(game, error = %e, "the computer could not move"),
                    Err(e) => tracing::error!(game, error = %e, "the computer's search failed"),
                }
            }
            data.computer.busy.lock().unwrap_or_else(|e| e.into_inner()).remove(&game);
            // Its board is in the outbox now.
            data.wake.notify_one();
        });
    }
}
