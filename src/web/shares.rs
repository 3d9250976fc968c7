//! Shares of what the pages hold at once, so that one visitor or one server cannot take what the others need:
//! counts in all and per key (a client's address, a server), each under its cap, given back when dropped.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// How many are held, in all and per key.
#[derive(Debug)]
pub struct Counts<K> {
    total: usize,
    by: HashMap<K, usize>,
}

impl<K> Default for Counts<K> {
    fn default() -> Self {
        Counts { total: 0, by: HashMap::new() }
    }
}

impl<K: Hash + Eq + Clone> Counts<K> {
    /// One more for `key`, unless `total` are held in all or `each` for that key.
    pub fn take(&mut self, key: K, total: usize, each: usize) -> Option<()> {
        let held = self.by.get(&key).copied().unwrap_or(0);
        if self.total >= total || held >= each {
            return None;
        }
        self.total += 1;
        self.by.insert(key, held + 1);
        Some(())
    }

    pub fn give(&mut self, key: &K) {
        if let Some(held) = self.by.get_mut(key) {
            *held -= 1;
            self.total -= 1;
            if *held == 0 {
                self.by.remove(key);
            }
        }
    }

    pub fn total(&self) -> usize {
        self.total
    }
}

/// Why a share was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Every share of the process is taken.
    All,
    /// This client holds its share.
    Client,
    /// This server's pages hold their share.
    Server,
}

/// Shares taken by clients and servers at once: one of each per holder.
pub struct Shares<S> {
    caps: (usize, usize, usize),
    held: Mutex<(Counts<IpAddr>, Counts<S>)>,
}

/// A share held until dropped.
pub struct Held<S: Hash + Eq + Clone> {
    shares: Arc<Shares<S>>,
    client: IpAddr,
    server: S,
}

impl<S: Hash + Eq + Clone> Drop for Held<S> {
    fn drop(&mut self) {
        let mut held = self.shares.held.lock().unwrap_or_else(|e| e.into_inner());
        held.0.give(&self.client);
        held.1.give(&self.server);
    }
}

impl<S: Hash + Eq + Clone> Shares<S> {
    /// At most `total` in all, `per_client` for one address, `per_server` for one server.
    pub fn new(total: usize, per_client: usize, per_server: usize) -> Arc<Shares<S>> {
        Arc::new(Shares { caps: (total, per_client, per_server), held: Mutex::new(Default::default()) })
    }

    pub fn take(self: &Arc<Self>, client: IpAddr, server: S) -> Result<Held<S>, Refused> {
        let (total, per_client, per_server) = self.caps;
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if held.0.total() >= total {
            return Err(Refused::All);
        }
        held.0.take(client, total, per_client).ok_or(Refused::Client)?;
        if held.1.take(server.clone(), total, per_server).is_none() {
            held.0.give(&client);
            return Err(Refused::Server);
        }
        Ok(Held { shares: self.clone(), client, server })
    }

    /// How many are held now, in all.
    pub fn held(&self) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).0.total()
    }
}

/// Requests per second per client: a bucket of `burst` that refills at `rate` a second, per client. The clients
/// kept are bounded: when there are many, those whose bucket is full again are forgotten; when all are still
/// being refilled, a client not yet kept draws from one bucket shared by every such newcomer, so many addresses
/// can neither grow the map nor flush the buckets of the clients already kept.
pub struct Rates {
    rate: f64,
    burst: f64,
    /// The clients' buckets (tokens, when last filled), and when the full ones were last looked for.
    buckets: Mutex<(HashMap<IpAddr, Bucket>, std::time::Instant)>,
    newcomers: Mutex<(f64, std::time::Instant)>,
}

/// A bucket's tokens, and when they were last counted.
type Bucket = (f64, std::time::Instant);

/// Clients whose buckets are kept.
const RATE_CLIENTS: usize = 10_000;

impl Rates {
    pub fn new(rate: f64, burst: f64) -> Rates {
        let burst = burst.max(1.0);
        Rates {
            rate,
            burst,
            buckets: Mutex::new((HashMap::new(), std::time::Instant::now())),
            newcomers: Mutex::new((burst, std::time::Instant::now())),
        }
    }

    /// Whether `client` may make one more request now (taking it from its bucket).
    pub fn allow(&self, client: IpAddr) -> bool {
        let now = std::time::Instant::now();
        let mut kept = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        let (buckets, swept) = &mut *kept;
        if buckets.len() >= RATE_CLIENTS && !buckets.contains_key(&client) {
            // The full buckets are looked for at most once a second, so a flood does not scan them every request.
            if now.duration_since(*swept) >= std::time::Duration::from_secs(1) {
                let (rate, burst) = (self.rate, self.burst);
                buckets.retain(|_, (tokens, at)| *tokens + now.duration_since(*at).as_secs_f64() * rate < burst);
                *swept = now;
            }
            if buckets.len() >= RATE_CLIENTS {
                drop(kept);
                let mut shared = self.newcomers.lock().unwrap_or_else(|e| e.into_inner());
                return self.take(&mut shared, now);
            }
        }
        let bucket = buckets.entry(client).or_insert((self.burst, now));
        self.take(bucket, now)
    }

    fn take(&self, (tokens, at): &mut (f64, std::time::Instant), now: std::time::Instant) -> bool {
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.rate).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_and_a_server_each_hold_their_share_and_give_it_back() {
        let shares = Shares::<u64>::new(4, 2, 3);
        let (a, b, c): (IpAddr, IpAddr, IpAddr) =
            ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap(), "10.0.0.3".parse().unwrap());
        let first = shares.take(a, 1).unwrap();
        let _second = shares.take(a, 1).unwrap();
        assert_eq!(shares.take(a, 2).err(), Some(Refused::Client));
        let _third = shares.take(b, 1).unwrap();
        assert_eq!(shares.take(c, 1).err(), Some(Refused::Server));
        let _fourth = shares.take(c, 2).unwrap();
        assert_eq!(shares.take(c, 3).err(), Some(Refused::All));
        drop(first);
        assert_eq!(shares.held(), 3);
        assert!(shares.take(a, 3).is_ok());
    }

    #[test]
    fn a_client_has_its_burst_then_its_rate() {
        let rates = Rates::new(1000.0, 5.0);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let allowed = (0..20).filter(|_| rates.allow(a)).count();
        assert!((5..8).contains(&allowed), "{allowed}");
        assert!(rates.allow(b), "another client has its own");
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(rates.allow(a), "refilled");
    }

    #[test]
    fn many_addresses_flush_no_kept_clients_bucket() {
        let rates = Rates::new(0.001, 3.0);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        assert_eq!((0..5).filter(|_| rates.allow(a)).count(), 3, "a's burst");
        for n in 0..RATE_CLIENTS as u32 + 100 {
            rates.allow(IpAddr::from(((n + 1) << 8).to_be_bytes()));
        }
        assert!(!rates.allow(a), "a's spent bucket was kept through the flood");
        let new: IpAddr = "192.0.2.1".parse().unwrap();
        assert!(!rates.allow(new), "the flood's newcomers share one bucket, spent");
    }
}
