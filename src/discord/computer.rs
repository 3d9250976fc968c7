//! The computer's moves on Discord: each game where the computer owes a move is searched in the heavy-work queue,
//! in its server's turn, so one server's many games against the computer never hold up another's, nor anyone's
//! interaction (those run on the async runtime and their own blocking tasks). Each move's board is a notice the
//! scheduler then posts.

use crate::store::record::GameId;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::Data;

/// The games being searched or waiting for their turn.
#[derive(Default)]
pub struct Pool {
    busy: Mutex<HashSet<GameId>>,
    /// Searches not yet started wait while this is set (a test holds them to show that interactions never
    /// wait for one).
    held: AtomicBool,
}

impl Pool {
    pub fn hold(&self, held: bool) {
        self.held.store(held, Ordering::SeqCst);
    }
}

/// Starts a search for every game where the computer owes a move and none is running yet.
pub async fn start_due(data: &Arc<Data>) {
    let (table, now) = (data.table.clone(), data.now());
    let due = match tokio::task::spawn_blocking(move || table.computer_due_by_server(now)).await {
        Ok(Ok(due)) => due,
        Ok(Err(e)) => return tracing::error!(error = %e, "cannot list the computer's games"),
        Err(e) => return tracing::error!(error = %e, "the computer's task failed"),
    };
    for (game, server, member) in due {
        if !data.computer.busy.lock().unwrap_or_else(|e| e.into_inner()).insert(game) {
            continue;
        }
        let data = data.clone();
        tokio::spawn(async move {
            while data.computer.held.load(Ordering::SeqCst) {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            let (table, clock) = (data.table.clone(), data.clock.clone());
            let searched = data
                .work
                .run(server, member.map(crate::store::record::UserId::get), move || {
                    table.play_computer(game, clock.now())
                })
                .await;
            data.computer.busy.lock().unwrap_or_else(|e| e.into_inner()).remove(&game);
            match searched {
                Ok(Some(Ok(_))) => {}
                Ok(Some(Err(e))) => tracing::error!(%game, error = %e, "the computer could not move"),
                Ok(None) => tracing::error!(%game, "the computer's search failed"),
                // Its server's share of the queue is taken: the scheduler's next round asks again (waking it
                // now would only ask again at once).
                Err(busy) => {
                    tracing::debug!(%game, ?busy, "the heavy-work queue is full; the computer's move waits");
                    return;
                }
            }
            // Its board is in the outbox now.
            data.wake.notify_one();
        });
    }
}
