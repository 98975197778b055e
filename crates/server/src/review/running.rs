//! [`Reviews`]: the review jobs running in this process, one per game at
//! most: a second request for a game's review joins the running job.

use crate::dto::{ReviewProgress, ReviewStatus};
use crate::state::lock;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

type Map = Arc<Mutex<HashMap<String, ReviewProgress>>>;

/// The running review jobs by game id, with their progress.
#[derive(Clone, Debug, Default)]
pub struct Reviews {
    running: Map,
    started: Arc<AtomicUsize>,
}

/// A running job's claim on its game: while it lives no other job for the
/// game starts; dropping it (the job ended, however) frees the game.
#[derive(Debug)]
pub struct RunningGuard {
    running: Map,
    id: String,
}

impl Reviews {
    /// Claims `id` for a new job of `total_plies` plies, unless one runs.
    #[must_use]
    pub fn claim(&self, id: &str, total_plies: usize) -> Option<RunningGuard> {
        let mut map = lock(&self.running);
        if map.contains_key(id) {
            return None;
        }
        map.insert(
            id.to_string(),
            ReviewProgress {
                status: ReviewStatus::Running,
                done_plies: 0,
                total_plies,
            },
        );
        self.started.fetch_add(1, Ordering::Relaxed);
        Some(RunningGuard {
            running: self.running.clone(),
            id: id.to_string(),
        })
    }

    /// Whether a job reviews game `id` now.
    #[must_use]
    pub fn is_running(&self, id: &str) -> bool {
        lock(&self.running).contains_key(id)
    }

    /// The progress of the job reviewing game `id`, if one runs.
    #[must_use]
    pub fn progress(&self, id: &str) -> Option<ReviewProgress> {
        lock(&self.running).get(id).copied()
    }

    /// How many jobs run in this process now.
    #[must_use]
    pub fn running(&self) -> usize {
        lock(&self.running).len()
    }

    /// How many jobs this process started (tests: nothing is reviewed twice at once).
    #[must_use]
    pub fn started(&self) -> usize {
        self.started.load(Ordering::Relaxed)
    }
}

impl RunningGuard {
    /// Records the job's progress; the progress to broadcast.
    pub fn advance(&self, done_plies: usize) -> ReviewProgress {
        let mut map = lock(&self.running);
        let p = map.entry(self.id.clone()).or_insert(ReviewProgress {
            status: ReviewStatus::Running,
            done_plies,
            total_plies: done_plies,
        });
        p.done_plies = done_plies;
        *p
    }
}

impl Drop for RunningGuard {
    fn drop(&mut self) {
        lock(&self.running).remove(&self.id);
    }
}
