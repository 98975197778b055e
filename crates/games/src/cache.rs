//! [`VariantCache`]: a bounded, least-recently-used table of games built at
//! run time (players' own Pick the Piece setups, games with rule options).
//!
//! Each entry holds a shared [`VariantRef`]; evicting one only drops the
//! cache's handle, so a position still playing that game keeps it alive, and
//! asking for the same game again builds it anew.

use menagerie_rules::VariantRef;
use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, PoisonError};

/// A least-recently-used table of at most `capacity` built games, safe to
/// share between threads.
pub struct VariantCache<K> {
    capacity: usize,
    inner: Mutex<Table<K>>,
}

struct Table<K> {
    entries: HashMap<K, (VariantRef, u64)>,
    clock: u64,
}

impl<K: Eq + Hash + Clone> VariantCache<K> {
    /// An empty table that keeps at most `capacity` games (at least one).
    #[must_use]
    pub fn new(capacity: usize) -> VariantCache<K> {
        VariantCache {
            capacity: capacity.max(1),
            inner: Mutex::new(Table {
                entries: HashMap::new(),
                clock: 0,
            }),
        }
    }

    /// The game under `key`, built by `build` (and stored, evicting the
    /// least recently used entry when full) if the table lacks it.
    pub fn get_or_build(&self, key: &K, build: impl FnOnce() -> VariantRef) -> VariantRef {
        let mut t = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        t.clock += 1;
        let now = t.clock;
        if let Some((v, used)) = t.entries.get_mut(key) {
            *used = now;
            return v.clone();
        }
        if t.entries.len() >= self.capacity {
            t.evict_oldest();
        }
        let v = build();
        t.entries.insert(key.clone(), (v.clone(), now));
        v
    }

    /// How many games the table holds now.
    #[must_use]
    pub fn len(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entries
            .len()
    }

    /// Whether the table holds no game.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The most games the table keeps.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

impl<K: Eq + Hash + Clone> Table<K> {
    fn evict_oldest(&mut self) {
        let oldest = self
            .entries
            .iter()
            .min_by_key(|(_, (_, used))| *used)
            .map(|(k, _)| k.clone());
        if let Some(k) = oldest {
            self.entries.remove(&k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;

    fn game(title: &str) -> VariantRef {
        let mut v = fide::build();
        v.title = title.to_string();
        v.shared()
    }

    #[test]
    fn keeps_the_most_recently_used_and_no_more() {
        let cache = VariantCache::new(2);
        let a = cache.get_or_build(&"a", || game("a"));
        cache.get_or_build(&"b", || game("b"));
        // touching a makes b the oldest
        let again = cache.get_or_build(&"a", || unreachable!("a is cached"));
        assert!(VariantRef::ptr_eq(&a, &again));
        cache.get_or_build(&"c", || game("c"));
        assert_eq!(cache.len(), 2);
        let b = cache.get_or_build(&"b", || game("b, rebuilt"));
        assert_eq!(b.title, "b, rebuilt");
        assert_eq!(cache.len(), 2);
    }
}
