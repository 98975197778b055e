//! Engine work as jobs on PostgreSQL (`docs/deploy.md`): engine replies and
//! reviews are rows of the `jobs` table ([`crate::store::JobStore`]) that
//! any server on the database claims when it has a free engine slot, and
//! holds under a lease it renews while it works. A server that dies stops
//! renewing; once the lease has run out another server claims the job and
//! finishes it. A stopping server stops claiming, lets its jobs end
//! (a review stops after the position it is on) and hands back the rest.
//!
//! A store only this process uses (SQLite) has no jobs table: its engine
//! work stays in the process's own queue ([`crate::engine_queue`]).

pub mod lease;
mod reply;
mod worker;

use crate::state::{lock, AppState, GameRef};
use crate::store::JobKind;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Notify};
pub use worker::{hand_back, start};

/// How long a claimed job stays with its server without a renewal: the
/// longest a dead server's job waits before another server takes it over.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(10);

/// A job claimed this many times without being finished is dropped (so a
/// job that fails every server does not go round for ever).
pub const MAX_ATTEMPTS: u32 = 5;

/// How a job ended on this server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobEnd {
    /// Done, or nothing left to do (its row is deleted).
    Done,
    /// Not done here (the server is stopping, the database failed): handed
    /// back for any server to claim.
    HandBack,
}

/// This server's side of the jobs table: its name as a job's owner, the
/// lease, and the signals its workers wait on.
#[derive(Clone, Debug)]
pub struct Jobs {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    owner: String,
    lease: Duration,
    replies: Notify,
    reviews: Notify,
    stop: watch::Sender<bool>,
    held: AtomicUsize,
}

/// A job held by this server, counted until dropped.
#[derive(Debug)]
pub struct Held {
    jobs: Jobs,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.jobs.inner.held.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Jobs {
    /// This server's side, holding jobs under leases of `lease`.
    #[must_use]
    pub fn new(lease: Duration) -> Jobs {
        Jobs {
            inner: Arc::new(Inner {
                owner: owner_name(),
                lease: lease.max(Duration::from_millis(100)),
                replies: Notify::new(),
                reviews: Notify::new(),
                stop: watch::channel(false).0,
                held: AtomicUsize::new(0),
            }),
        }
    }

    /// This server's name in the `owner` column (host, process, a random part).
    #[must_use]
    pub fn owner(&self) -> &str {
        &self.inner.owner
    }

    /// The lease a claim or a renewal takes.
    #[must_use]
    pub fn lease(&self) -> Duration {
        self.inner.lease
    }

    /// How often a held job's lease is renewed: three times a lease.
    #[must_use]
    pub fn renew_every(&self) -> Duration {
        self.inner.lease / 3
    }

    /// How often an idle worker looks for jobs other servers queued or
    /// left behind: a quarter of a lease, between 50 ms and 1 s.
    #[must_use]
    pub fn poll_every(&self) -> Duration {
        (self.inner.lease / 4).clamp(Duration::from_millis(50), Duration::from_secs(1))
    }

    /// Wakes this server's worker of `kind` (a job was just queued here).
    pub fn wake(&self, kind: JobKind) {
        self.signal(kind).notify_one();
    }

    fn signal(&self, kind: JobKind) -> &Notify {
        match kind {
            JobKind::Reply => &self.inner.replies,
            JobKind::Review => &self.inner.reviews,
        }
    }

    /// Whether this server is stopping (it claims nothing more).
    #[must_use]
    pub fn stopping(&self) -> bool {
        *self.inner.stop.borrow()
    }

    /// Starts stopping: the workers claim nothing more, running reviews
    /// stop after their current position.
    pub fn begin_stopping(&self) {
        self.inner.stop.send_replace(true);
    }

    /// How many jobs this server holds now.
    #[must_use]
    pub fn held(&self) -> usize {
        self.inner.held.load(Ordering::SeqCst)
    }

    /// Counts a job as held until the returned guard is dropped.
    #[must_use]
    pub fn hold(&self) -> Held {
        self.inner.held.fetch_add(1, Ordering::SeqCst);
        Held { jobs: self.clone() }
    }
}

/// Queues the engine's reply in `g` as a job, if the store has a jobs
/// table, and wakes this server's reply worker; whether it did (`false`:
/// the reply is this process's own work). A job that cannot be queued
/// leaves the game not thinking, so the next change schedules it again.
pub fn queue_reply(state: &AppState, g: &GameRef) -> bool {
    let Some(store) = state.store().jobs() else {
        return false;
    };
    let (id, ply) = {
        let game = lock(g);
        (game.id.clone(), game.record.moves().len())
    };
    if store.enqueue(JobKind::Reply, &id, ply).is_ok() {
        state.jobs().wake(JobKind::Reply);
    } else {
        let mut game = lock(g);
        game.engine_thinking = false;
        game.version += 1;
    }
    true
}

/// A name for this server among the jobs' owners: `HOST:PID:RANDOM`.
fn owner_name() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "host".into());
    let random = crate::store::pg::notify::new_origin();
    format!("{host}:{}:{}", std::process::id(), &random[..8])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lease_sets_the_renewal_and_the_polling() {
        let j = Jobs::new(Duration::from_secs(10));
        assert_eq!(j.renew_every().as_millis(), 3333);
        assert_eq!(j.poll_every(), Duration::from_secs(1));
        let short = Jobs::new(Duration::from_millis(1));
        assert_eq!(short.lease(), Duration::from_millis(100));
        assert_eq!(short.poll_every(), Duration::from_millis(50));
        assert_ne!(j.owner(), short.owner());
    }

    #[test]
    fn held_jobs_are_counted_until_dropped() {
        let j = Jobs::new(DEFAULT_LEASE);
        let a = j.hold();
        let b = j.hold();
        assert_eq!(j.held(), 2);
        drop(a);
        drop(b);
        assert_eq!(j.held(), 0);
        assert!(!j.stopping());
        j.begin_stopping();
        assert!(j.stopping());
    }
}
