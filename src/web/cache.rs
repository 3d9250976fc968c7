//! Pictures and files the pages serve (a position's board, an animated replay, a standings picture): drawn by
//! queues of their own (one for pictures, one for files), each with `web_drawing` threads, which takes the next job of the next server in turn (the
//! heavy-work queue's discipline: one server's flood waits behind its own jobs, a client or a server over its
//! share is told to come back at once), and kept by what they show (the caller's key names the position, not the
//! address asked), the oldest going first once the kept bytes pass their bound. A request that waits too long is
//! told to come back: a page never queues unbounded work.

use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::table::Limits;
use crate::work::WorkQueue;

/// How long a request waits for its picture.
const WAIT: Duration = Duration::from_secs(10);

/// What is kept, the order it came in (the oldest goes first), and its bytes.
#[derive(Default)]
struct Kept {
    map: HashMap<String, Arc<Vec<u8>>>,
    order: VecDeque<String>,
    bytes: usize,
}

/// What is drawn: a picture (a board, a chart, a standings table: a millisecond or so), or a file (an animated
/// replay, a record: up to hundreds). Each has a queue of its own, so a flood of replays never holds a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Picture,
    File,
}

pub struct Drawn {
    pictures: WorkQueue,
    files: WorkQueue,
    kept: Mutex<Kept>,
    most_bytes: usize,
}

/// Why nothing was drawn.
#[derive(Debug)]
pub enum NotDrawn {
    /// Nothing to draw (no such game here).
    Missing,
    /// Every turn was taken for too long, or the client or the server has its share waiting.
    Busy,
    Failed(String),
}

/// A client's address as the queue's member key.
fn member_of(client: IpAddr) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    client.hash(&mut hasher);
    hasher.finish()
}

impl Drawn {
    /// `web_drawing` threads; `web_drawing_waiting` jobs waiting in all, `web_client_drawing` per client and
    /// `web_server_drawing` per server; `web_cache_bytes` kept.
    pub fn new(limits: &Limits) -> Drawn {
        let queue = limits.drawing_shares();
        Drawn {
            pictures: WorkQueue::at_once("pictures", &queue),
            files: WorkQueue::new("files", &queue),
            kept: Mutex::new(Kept::default()),
            most_bytes: limits.web_cache_bytes,
        }
    }

    fn kept(&self, key: &str) -> Option<Arc<Vec<u8>>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).map.get(key).cloned()
    }

    /// What `key` names, drawn by `draw` (in `server`'s turn, for `client`, in the queue of its kind) unless kept.
    pub async fn get(
        &self,
        kind: Kind,
        key: String,
        server: u64,
        client: IpAddr,
        draw: impl FnOnce() -> Result<Option<Vec<u8>>, String> + Send + 'static,
    ) -> Result<Arc<Vec<u8>>, NotDrawn> {
        if let Some(bytes) = self.kept(&key) {
            return Ok(bytes);
        }
        let (sender, receiver) = tokio::sync::oneshot::channel();
        let queue = if kind == Kind::Picture { &self.pictures } else { &self.files };
        let submitted = queue.submit(server, Some(member_of(client)), move || {
            // Nobody waits any more (gone, or told to come back): nothing is drawn.
            if !sender.is_closed() {
                let _ = sender.send(draw());
            }
        });
        if submitted.is_err() {
            return Err(NotDrawn::Busy);
        }
        let bytes = match tokio::time::timeout(WAIT, receiver).await {
            Ok(Ok(Ok(Some(bytes)))) => Arc::new(bytes),
            Ok(Ok(Ok(None))) => return Err(NotDrawn::Missing),
            Ok(Ok(Err(e))) => return Err(NotDrawn::Failed(e)),
            Ok(Err(_)) => return Err(NotDrawn::Failed("the drawing stopped".into())),
            Err(_) => return Err(NotDrawn::Busy),
        };
        self.keep(key, bytes.clone());
        Ok(bytes)
    }

    fn keep(&self, key: String, bytes: Arc<Vec<u8>>) {
        // Something larger than a quarter of the bound is served, not kept.
        if bytes.len() > self.most_bytes / 4 {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let size = bytes.len();
        if let Some(old) = kept.map.insert(key.clone(), bytes) {
            kept.bytes -= old.len();
        } else {
            kept.order.push_back(key);
        }
        kept.bytes += size;
        while kept.bytes > self.most_bytes {
            let Some(old) = kept.order.pop_front() else { break };
            if let Some(gone) = kept.map.remove(&old) {
                kept.bytes -= gone.len();
            }
        }
    }

    /// Bytes kept now.
    #[cfg(test)]
    pub fn kept_bytes(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(cache: usize) -> Limits {
        Limits { web_cache_bytes: cache, ..Limits::default() }
    }

    #[tokio::test]
    async fn a_thing_is_drawn_once_and_kept() {
        let drawn = Drawn::new(&limits(1 << 20));
        let count = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let client = IpAddr::from([127, 0, 0, 1]);
        for _ in 0..3 {
            let count = count.clone();
            let got = drawn
                .get(Kind::Picture, "a".into(), 1, client, move || {
                    count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    Ok(Some(vec![1, 2]))
                })
                .await
                .unwrap();
            assert_eq!(*got, vec![1, 2]);
        }
        assert_eq!(count.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert!(matches!(drawn.get(Kind::Picture, "b".into(), 1, client, || Ok(None)).await, Err(NotDrawn::Missing)));
    }

    #[tokio::test]
    async fn the_kept_bytes_stay_within_their_bound() {
        let drawn = Drawn::new(&limits(1000));
        let client = IpAddr::from([127, 0, 0, 1]);
        for k in 0..20 {
            drawn.get(Kind::Picture, format!("k{k}"), 1, client, || Ok(Some(vec![0; 200]))).await.unwrap();
            assert!(drawn.kept_bytes() <= 1000);
        }
        assert_eq!(drawn.kept_bytes(), 1000);
        // Too large to keep: served, not kept.
        drawn.get(Kind::Picture, "big".into(), 1, client, || Ok(Some(vec![0; 600]))).await.unwrap();
        assert!(drawn.kept("big").is_none() && drawn.kept("k19").is_some() && drawn.kept("k0").is_none());
    }
}
