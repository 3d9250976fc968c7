//! Pictures and files the pages serve (a position's board, an animated replay, a standings picture), drawn on
//! blocking threads at most `drawing` at a time, and kept by what they show (a game's revision, the ply, the
//! language) so that a page read by many draws each once. A request that waits too long for its turn is told
//! to come back: a page never queues unbounded work.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Semaphore;

/// How many drawn things are kept.
const KEPT: usize = 256;
/// How long a request waits for a turn to draw.
const WAIT: Duration = Duration::from_secs(10);

/// What is kept, and the order it came in (the oldest goes first).
type Kept = (HashMap<String, Arc<Vec<u8>>>, VecDeque<String>);

pub struct Drawn {
    turns: Semaphore,
    kept: Mutex<Kept>,
}

/// Why nothing was drawn.
#[derive(Debug)]
pub enum NotDrawn {
    /// Nothing to draw (no such game here).
    Missing,
    /// Every turn was taken for too long.
    Busy,
    Failed(String),
}

impl Drawn {
    pub fn new(drawing: usize) -> Drawn {
        Drawn { turns: Semaphore::new(drawing.max(1)), kept: Mutex::new((HashMap::new(), VecDeque::new())) }
    }

    /// What `key` names, drawn by `draw` (on a blocking thread, in turn) unless kept.
    pub async fn get(
        &self,
        key: String,
        draw: impl FnOnce() -> Result<Option<Vec<u8>>, String> + Send + 'static,
    ) -> Result<Arc<Vec<u8>>, NotDrawn> {
        if let Some(bytes) = self.kept.lock().unwrap_or_else(|e| e.into_inner()).0.get(&key) {
            return Ok(bytes.clone());
        }
        let Ok(Ok(_turn)) = tokio::time::timeout(WAIT, self.turns.acquire()).await else {
            return Err(NotDrawn::Busy);
        };
        // Drawn by another request while this one waited.
        if let Some(bytes) = self.kept.lock().unwrap_or_else(|e| e.into_inner()).0.get(&key) {
            return Ok(bytes.clone());
        }
        let bytes = match tokio::task::spawn_blocking(draw).await {
            Ok(Ok(Some(bytes))) => Arc::new(bytes),
            Ok(Ok(None)) => return Err(NotDrawn::Missing),
            Ok(Err(e)) => return Err(NotDrawn::Failed(e)),
            Err(e) => return Err(NotDrawn::Failed(e.to_string())),
        };
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let (map, order) = &mut *kept;
        if map.insert(key.clone(), bytes.clone()).is_none() {
            order.push_back(key);
        }
        while order.len() > KEPT {
            if let Some(old) = order.pop_front() {
                map.remove(&old);
            }
        }
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_thing_is_drawn_once_and_kept() {
        let drawn = Drawn::new(1);
        let count = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        for _ in 0..3 {
            let count = count.clone();
            let got = drawn
                .get("a".into(), move || {
                    count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    Ok(Some(vec![1, 2]))
                })
                .await
                .unwrap();
            assert_eq!(*got, vec![1, 2]);
        }
        assert_eq!(count.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert!(matches!(drawn.get("b".into(), || Ok(None)).await, Err(NotDrawn::Missing)));
    }
}
