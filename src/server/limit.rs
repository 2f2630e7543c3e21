//! Rate limits: token buckets per connection, and per key (an address, an account) for login
//! attempts and new connections. A handful of lines, so no crate.

use std::collections::HashMap;
use std::hash::Hash;
use std::time::Instant;

/// A token bucket: `rate` tokens a second, at most `burst` saved up.
#[derive(Clone, Debug)]
pub struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            rate,
            burst,
            last: Instant::now(),
        }
    }

    /// Takes a token if there is one.
    pub fn take(&mut self) -> bool {
        let now = Instant::now();
        let earned = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + earned).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// What it holds now (a budget of seconds, for the analysis board).
    pub fn available(&mut self) -> f64 {
        let now = Instant::now();
        let earned = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + earned).min(self.burst);
        self.last = now;
        self.tokens
    }

    /// Spends `amount` (never below empty).
    pub fn spend(&mut self, amount: f64) {
        self.available();
        self.tokens = (self.tokens - amount).max(0.0);
    }

    /// Whether it is full again (so it can be forgotten).
    fn is_full(&self) -> bool {
        self.tokens + self.last.elapsed().as_secs_f64() * self.rate >= self.burst
    }
}

/// Buckets by key, forgetting full ones now and then so the map stays small.
#[derive(Debug)]
pub struct Buckets<K> {
    map: HashMap<K, Bucket>,
    rate: f64,
    burst: f64,
}

impl<K: Hash + Eq + Clone> Buckets<K> {
    /// Buckets of `rate` a second and `burst`.
    pub fn new(rate: f64, burst: f64) -> Buckets<K> {
        Buckets {
            map: HashMap::new(),
            rate,
            burst,
        }
    }

    /// Takes a token from `key`'s bucket.
    pub fn take(&mut self, key: &K) -> bool {
        if self.map.len() > 10_000 {
            self.map.retain(|_, b| !b.is_full());
        }
        let (rate, burst) = (self.rate, self.burst);
        self.map
            .entry(key.clone())
            .or_insert_with(|| Bucket::new(rate, burst))
            .take()
    }

    /// What `key`'s bucket holds now.
    pub fn available(&mut self, key: &K) -> f64 {
        match self.map.get_mut(key) {
            Some(b) => b.available(),
            None => self.burst,
        }
    }

    /// Spends `amount` from `key`'s bucket.
    pub fn spend(&mut self, key: &K, amount: f64) {
        if self.map.len() > 10_000 {
            self.map.retain(|_, b| !b.is_full());
        }
        let (rate, burst) = (self.rate, self.burst);
        self.map
            .entry(key.clone())
            .or_insert_with(|| Bucket::new(rate, burst))
            .spend(amount);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_runs_dry_and_keys_are_apart() {
        let mut b = Buckets::new(0.001, 3.0);
        assert!(b.take(&1) && b.take(&1) && b.take(&1));
        assert!(!b.take(&1));
        assert!(b.take(&2));
    }

    #[test]
    fn a_budget_is_spent_by_amounts() {
        let mut b = Buckets::new(0.0, 10.0);
        assert_eq!(b.available(&"a"), 10.0);
        b.spend(&"a", 7.5);
        assert_eq!(b.available(&"a"), 2.5);
        b.spend(&"a", 7.5);
        assert_eq!(b.available(&"a"), 0.0);
        assert_eq!(b.available(&"b"), 10.0);
    }
}
