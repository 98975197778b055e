//! [`Yielders`]: the analyses running that give their engine slot up to a
//! search that waits for one, once they have had [`super::ANALYSIS_SHARE`]
//! of it: an analysis stream of 20 s no longer holds the only analysis
//! slot of a small server against everyone else (it ends early with what
//! it found, as if its time were up).

use crate::state::lock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The analyses that may be asked to stop.
#[derive(Clone, Debug, Default)]
pub struct Yielders(Arc<Mutex<Registry>>);

#[derive(Debug, Default)]
struct Registry {
    next: u64,
    running: Vec<Running>,
}

#[derive(Debug)]
struct Running {
    id: u64,
    since: Instant,
    stop: Arc<AtomicBool>,
}

/// An analysis registered as one that yields; unregistered when dropped.
#[derive(Debug)]
pub struct Registered {
    yielders: Yielders,
    id: u64,
}

impl Yielders {
    /// Registers an analysis that stops when `stop` is set.
    #[must_use]
    pub fn register(&self, stop: Arc<AtomicBool>) -> Registered {
        let mut r = lock(&self.0);
        r.next += 1;
        let id = r.next;
        r.running.push(Running {
            id,
            since: Instant::now(),
            stop,
        });
        Registered {
            yielders: self.clone(),
            id,
        }
    }

    /// Asks the analysis that has run longest to stop, if it has had its
    /// `share` and none asked before is still stopping; how long until the
    /// next one has had its share (`None`: none runs that has not been
    /// asked).
    pub fn preempt(&self, share: Duration) -> Option<Duration> {
        let r = lock(&self.0);
        let now = Instant::now();
        let stopping = r.running.iter().any(|a| a.stop.load(Ordering::Relaxed));
        let mut left: Vec<&Running> = r
            .running
            .iter()
            .filter(|a| !a.stop.load(Ordering::Relaxed))
            .collect();
        left.sort_by_key(|a| a.since);
        if let Some(oldest) = left.first() {
            if !stopping && now.duration_since(oldest.since) >= share {
                oldest.stop.store(true, Ordering::Relaxed);
                left.remove(0);
            }
        }
        left.first()
            .map(|a| (a.since + share).saturating_duration_since(now))
    }

    /// How many analyses are registered now.
    #[must_use]
    pub fn len(&self) -> usize {
        lock(&self.0).running.len()
    }

    /// Whether none is.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        lock(&self.yielders.0).running.retain(|a| a.id != self.id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_oldest_yields_after_its_share_one_at_a_time() {
        let y = Yielders::default();
        let (a, b) = (
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        );
        let ra = y.register(a.clone());
        std::thread::sleep(Duration::from_millis(5));
        let rb = y.register(b.clone());
        // Before its share: nobody stops; the oldest's share ends first.
        let next = y.preempt(Duration::from_secs(60)).unwrap();
        assert!(next <= Duration::from_secs(60) && next > Duration::from_secs(59));
        assert!(!a.load(Ordering::Relaxed));
        // After it: the oldest stops, and no other while it is stopping.
        assert!(y.preempt(Duration::ZERO).is_some());
        assert!(a.load(Ordering::Relaxed) && !b.load(Ordering::Relaxed));
        y.preempt(Duration::ZERO);
        assert!(!b.load(Ordering::Relaxed));
        drop(ra);
        assert_eq!(y.preempt(Duration::ZERO), None);
        assert!(b.load(Ordering::Relaxed));
        drop(rb);
        assert!(y.is_empty());
    }
}
