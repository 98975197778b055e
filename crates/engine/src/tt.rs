//! The transposition table: buckets of two entries, one kept by depth and
//! one always replaced, shared by every search thread without locks (each
//! entry is two atomic words, the key stored XOR the data so a torn write
//! reads as a miss).

use std::sync::atomic::{AtomicU64, Ordering};

/// How a stored score bounds the true one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// What a probe finds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Fingerprint of the best move ([`crate::ordering::move_key`]), 0 if none.
    pub move_key: u32,
    /// Score, relative to the stored node's ply (see [`crate::score::to_tt`]).
    pub score: i32,
    /// Remaining depth the score was searched to.
    pub depth: u8,
    /// How `score` bounds the truth.
    pub bound: Bound,
    /// Whether the node was searched as, or stored by, a principal
    /// variation node (with [`crate::pruning::Features::tt_pv`]).
    pub pv: bool,
}

impl Entry {
    fn pack(self, age: u8) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        u64::from(self.move_key)
            | (u64::from(self.score as i16 as u16) << 32)
            | (u64::from(self.depth) << 48)
            | (bound << 56)
            | (u64::from(age & AGE_MASK) << 58)
            | (u64::from(self.pv) << 63)
    }

    fn unpack(data: u64) -> Option<Entry> {
        let bound = match (data >> 56) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        Some(Entry {
            move_key: data as u32,
            score: i32::from((data >> 32) as u16 as i16),
            depth: (data >> 48) as u8,
            bound,
            pv: data >> 63 != 0,
        })
    }
}

/// The bits of the search counter kept in an entry (five; the sixth
/// above them is the principal-variation flag).
const AGE_MASK: u8 = 0x1f;

fn age_of(data: u64) -> u8 {
    ((data >> 58) as u8) & AGE_MASK
}

/// A shared, fixed-size transposition table.
///
/// A bucket is two neighbouring slots: the depth-preferred entry, then the
/// always-replaced one, each a key word (the position's hash XOR the data)
/// and a data word. The buckets start at a slot whose address is a
/// multiple of their size, so a bucket never straddles two cache lines and
/// a probe costs at most one miss.
#[derive(Debug)]
pub struct Table {
    slots: Vec<[AtomicU64; 2]>,
    /// The slot where the first bucket begins.
    first: usize,
    buckets: usize,
    age: AtomicU64,
}

const SLOT_BYTES: usize = 16;
const BUCKET_BYTES: usize = 2 * SLOT_BYTES;

impl Table {
    /// A table of about `megabytes` MiB (at least one bucket).
    #[must_use]
    pub fn new(megabytes: usize) -> Table {
        let buckets = ((megabytes.max(1) << 20) / BUCKET_BYTES).max(1);
        // One bucket more than needed, so the first can start aligned. The
        // slots are made as zeros in one go, which the allocator can hand
        // out as untouched zeroed pages.
        let slots: Vec<[AtomicU64; 2]> = (0..2 * buckets + 2)
            .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
            .collect();
        let address = slots.as_ptr() as usize;
        let first = (BUCKET_BYTES - address % BUCKET_BYTES) % BUCKET_BYTES / SLOT_BYTES;
        Table {
            slots,
            first,
            buckets,
            age: AtomicU64::new(0),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }

    /// Marks the start of a new search, so older entries give way first.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Ordering::Relaxed);
    }

    fn current_age(&self) -> u8 {
        (self.age.load(Ordering::Relaxed) as u8) & AGE_MASK
    }

    fn bucket(&self, hash: u64) -> &[[AtomicU64; 2]; 2] {
        let index = ((u128::from(hash) * self.buckets as u128) >> 64) as usize;
        let start = self.first + 2 * index;
        let pair = &self.slots[start..start + 2];
        pair.try_into().expect("a bucket is two slots")
    }

    /// Asks the processor to start loading the bucket of `hash` into the
    /// cache, so a probe of it soon after does not wait for memory. A hint
    /// only: nothing is read or written.
    pub fn prefetch(&self, hash: u64) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
        safe_arch::prefetch_t0(self.bucket(hash));
        #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
        let _ = hash;
    }

    /// The entry stored for `hash`, if any.
    #[must_use]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        for slot in self.bucket(hash) {
            let key = slot[0].load(Ordering::Relaxed);
            let data = slot[1].load(Ordering::Relaxed);
            if data != 0 && key ^ data == hash {
                return Entry::unpack(data);
            }
        }
        None
    }

    /// Stores an entry: into the depth-preferred slot when it is at least as
    /// deep as what is there (or that is stale or the same position), else
    /// into the always-replace slot.
    pub fn store(&self, hash: u64, entry: Entry) {
        let [deep, always] = self.bucket(hash);
        let age = self.current_age();
        let data = entry.pack(age);
        let old_key = deep[0].load(Ordering::Relaxed);
        let old = deep[1].load(Ordering::Relaxed);
        let same = old ^ old_key == hash;
        let old_depth = (old >> 48) as u8;
        let keep_old_move = same && entry.move_key == 0;
        let data = if keep_old_move {
            (data & !0xffff_ffff) | (old & 0xffff_ffff)
        } else {
            data
        };
        let slot = if old == 0 || same || age_of(old) != age || entry.depth >= old_depth {
            deep
        } else {
            always
        };
        slot[0].store(hash ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }

    /// Permille of the first thousand slots written in the current search.
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let age = self.current_age();
        let n = (2 * self.buckets).min(1000);
        let used = self.slots[self.first..self.first + n]
            .iter()
            .filter(|s| {
                let d = s[1].load(Ordering::Relaxed);
                d != 0 && age_of(d) == age
            })
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_bucket_straddles_two_cache_lines() {
        for megabytes in [1, 2, 3] {
            let t = Table::new(megabytes);
            for hash in [0, 1 << 40, u64::MAX / 3, u64::MAX] {
                let address = t.bucket(hash).as_ptr() as usize;
                assert_eq!(address % BUCKET_BYTES, 0, "{megabytes} MiB, hash {hash}");
            }
            assert_eq!(t.buckets, (megabytes << 20) / BUCKET_BYTES);
        }
    }

    #[test]
    fn store_then_probe() {
        let t = Table::new(1);
        let e = Entry {
            move_key: 77,
            score: -1234,
            depth: 9,
            bound: Bound::Lower,
            pv: false,
        };
        t.store(0xdead_beef_1234, e);
        assert_eq!(t.probe(0xdead_beef_1234), Some(e));
        assert_eq!(t.probe(0xdead_beef_1235), None);
    }

    #[test]
    fn shallow_entries_do_not_evict_deep_ones() {
        let t = Table::new(1);
        let deep = Entry {
            move_key: 1,
            score: 5,
            depth: 20,
            bound: Bound::Exact,
            pv: false,
        };
        let h1 = 42u64;
        t.store(h1, deep);
        // Find another hash in the same bucket.
        let h2 = (1..u64::MAX)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .find(|&h| h != h1 && std::ptr::eq(t.bucket(h), t.bucket(h1)))
            .unwrap();
        t.store(
            h2,
            Entry {
                move_key: 2,
                score: 1,
                depth: 1,
                bound: Bound::Upper,
                pv: false,
            },
        );
        assert_eq!(t.probe(h1), Some(deep));
        assert_eq!(t.probe(h2).map(|e| e.move_key), Some(2));
    }

    #[test]
    fn the_pv_flag_survives_every_age() {
        let t = Table::new(1);
        for search in 0..70 {
            let e = Entry {
                move_key: 3,
                score: -7,
                depth: 4,
                bound: Bound::Exact,
                pv: search % 2 == 0,
            };
            t.store(99, e);
            assert_eq!(t.probe(99), Some(e), "search {search}");
            t.new_search();
        }
    }
}
