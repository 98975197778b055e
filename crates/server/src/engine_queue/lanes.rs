//! [`Lanes`]: one engine search at a time per key (a client's address, or
//! a game's id when its address is not known), so that one client's work
//! queues behind its own and never in front of other clients'; and
//! [`Waiting`], a count of the searches waiting, bounded.

use crate::state::lock;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Lanes kept before the idle ones are swept (a lane whose waiter gave up
/// may be left behind; it is empty and costs a few bytes).
const SWEEP_AT: usize = 4096;

/// One semaphore of one permit per key.
#[derive(Clone, Debug, Default)]
pub struct Lanes(Arc<Mutex<HashMap<String, Arc<Semaphore>>>>);

/// A key's turn in its lane, given back when dropped.
#[derive(Debug)]
pub struct LanePass {
    lanes: Lanes,
    key: String,
    permit: Option<OwnedSemaphorePermit>,
}

/// Why a lane was not entered.
#[derive(Debug, PartialEq, Eq)]
pub enum LaneRefused {
    /// The key already has this many searches waiting behind its running one.
    Full,
    /// The lanes are closed (never, in practice).
    Closed,
}

impl Lanes {
    /// Waits for `key`'s turn; refused at once when more than
    /// `max_waiting` of the key's searches already wait (no bound: `None`).
    ///
    /// # Errors
    /// [`LaneRefused::Full`] past `max_waiting`.
    pub async fn enter(
        &self,
        key: &str,
        max_waiting: Option<usize>,
    ) -> Result<LanePass, LaneRefused> {
        let lane = {
            let mut map = lock(&self.0);
            if map.len() >= SWEEP_AT {
                map.retain(|_, s| Arc::strong_count(s) > 1);
            }
            let lane = map
                .entry(key.to_string())
                .or_insert_with(|| Arc::new(Semaphore::new(1)));
            // The map's own reference, then one per holder or waiter.
            let queued = Arc::strong_count(lane) - 1;
            if max_waiting.is_some_and(|m| queued > m) {
                return Err(LaneRefused::Full);
            }
            lane.clone()
        };
        let permit = lane
            .acquire_owned()
            .await
            .map_err(|_| LaneRefused::Closed)?;
        Ok(LanePass {
            lanes: self.clone(),
            key: key.to_string(),
            permit: Some(permit),
        })
    }

    /// Whether `key` holds or waits for its lane now.
    #[must_use]
    pub fn is_busy(&self, key: &str) -> bool {
        lock(&self.0)
            .get(key)
            .is_some_and(|s| Arc::strong_count(s) > 1)
    }
}

impl Drop for LanePass {
    fn drop(&mut self) {
        drop(self.permit.take());
        let mut map = lock(&self.lanes.0);
        if map
            .get(&self.key)
            .is_some_and(|s| Arc::strong_count(s) == 1)
        {
            map.remove(&self.key);
        }
    }
}

/// One search counted among those waiting, until dropped.
#[derive(Debug)]
pub struct Waiting(Arc<AtomicUsize>);

impl Waiting {
    /// Counts one more waiting search in `count`, unless `max` already wait.
    #[must_use]
    pub fn enter(count: &Arc<AtomicUsize>, max: usize) -> Option<Waiting> {
        let before = count.fetch_add(1, Ordering::SeqCst);
        if before >= max {
            count.fetch_sub(1, Ordering::SeqCst);
            return None;
        }
        Some(Waiting(count.clone()))
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_turn_per_key_and_a_bounded_wait() {
        let lanes = Lanes::default();
        let a = lanes.enter("a", Some(0)).await.unwrap();
        assert!(lanes.is_busy("a"));
        assert_eq!(
            lanes.enter("a", Some(0)).await.unwrap_err(),
            LaneRefused::Full
        );
        let b = lanes.enter("b", Some(0)).await.unwrap();
        drop(a);
        assert!(!lanes.is_busy("a"));
        let again = lanes.enter("a", Some(0)).await.unwrap();
        drop((again, b));
        assert!(lock(&lanes.0).is_empty(), "idle lanes are forgotten");
    }

    #[test]
    fn waiting_is_counted_and_bounded() {
        let count = Arc::new(AtomicUsize::new(0));
        let one = Waiting::enter(&count, 2).unwrap();
        let two = Waiting::enter(&count, 2).unwrap();
        assert!(Waiting::enter(&count, 2).is_none());
        drop(one);
        assert!(Waiting::enter(&count, 2).is_some());
        drop(two);
        assert_eq!(count.load(Ordering::SeqCst), 0);
    }
}
