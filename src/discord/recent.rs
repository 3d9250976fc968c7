//! A bounded memory of what was seen lately: the interactions this process took (a second delivery of one is
//! left to the first), the signed bodies its HTTP endpoint accepted (a replay is refused).

use std::collections::{HashSet, VecDeque};
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The keys, and the same keys oldest first with when each was seen.
type Memory<K> = (HashSet<K>, VecDeque<(Instant, K)>);

/// Keys seen within the last `ttl`, at most `cap` of them (the oldest forgotten first).
pub struct Recent<K> {
    seen: Mutex<Memory<K>>,
    ttl: Duration,
    cap: usize,
}

impl<K: Hash + Eq + Clone> Recent<K> {
    pub fn new(ttl: Duration, cap: usize) -> Recent<K> {
        Recent { seen: Mutex::new((HashSet::new(), VecDeque::new())), ttl, cap: cap.max(1) }
    }

    /// `true` the first time `key` is offered within the window, `false` after.
    pub fn first(&self, key: K) -> bool {
        let now = Instant::now();
        let mut guard = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        let (set, order) = &mut *guard;
        while let Some((at, old)) = order.front() {
            if now.duration_since(*at) <= self.ttl && order.len() < self.cap {
                break;
            }
            set.remove(old);
            order.pop_front();
        }
        if !set.insert(key.clone()) {
            return false;
        }
        order.push_back((now, key));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_new_once_within_its_window_and_the_memory_stays_bounded() {
        let recent = Recent::new(Duration::from_secs(60), 3);
        assert!(recent.first(1) && !recent.first(1));
        assert!(recent.first(2) && recent.first(3));
        // A fourth key makes room by forgetting the oldest.
        assert!(recent.first(4));
        assert!(recent.first(1), "the oldest was forgotten");
        let short = Recent::new(Duration::ZERO, 10);
        assert!(short.first(7));
        std::thread::sleep(Duration::from_millis(2));
        assert!(short.first(7), "forgotten once its window is over");
    }
}
