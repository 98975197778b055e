//! Engine work through a bounded queue: a semaphore with one permit per
//! core, searches on blocking threads, a time cap on every search. Analysis
//! requests may hold all but one of the permits (all, on one core), so that
//! however many of them arrive, engine replies in games still get a slot.

use crate::error::ApiError;
use menagerie_engine::{Engine, Limits, Options, SearchResult, Silent};
use menagerie_rules::GameRecord;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The longest analysis a request may ask for.
pub const MAX_ANALYSIS: Duration = Duration::from_millis(5000);
/// The shortest.
pub const MIN_ANALYSIS: Duration = Duration::from_millis(50);
/// The longest search of the analysis stream (and its default).
pub const MAX_STREAM: Duration = Duration::from_secs(20);
/// The shortest search of the analysis stream.
pub const MIN_STREAM: Duration = Duration::from_millis(100);
/// How long the analysis stream waits for a slot before `503 busy` (longer
/// than a request's wait: a review's positions hold the slot a moment each).
pub const STREAM_WAIT: Duration = Duration::from_secs(2);

/// A bounded pool of engine searches.
#[derive(Clone, Debug)]
pub struct EngineQueue {
    workers: usize,
    permits: Arc<Semaphore>,
    analyses: Arc<Semaphore>,
    /// How long an analysis request waits for a free permit before `503`.
    pub wait: Duration,
    /// Transposition table size per search, in MiB.
    pub hash_mb: usize,
}

/// What to search.
#[derive(Clone, Debug)]
pub struct Job {
    /// The game, its current position searched.
    pub record: GameRecord,
    /// Skill level 1 to 10.
    pub level: u8,
    /// Search time.
    pub movetime: Duration,
    /// Seed of a level's randomness.
    pub seed: u64,
}

impl EngineQueue {
    /// A queue running at most `workers` searches at once.
    #[must_use]
    pub fn new(workers: usize) -> EngineQueue {
        EngineQueue {
            workers: workers.max(1),
            permits: Arc::new(Semaphore::new(workers.max(1))),
            analyses: Arc::new(Semaphore::new(analysis_slots(workers))),
            wait: Duration::from_millis(250),
            hash_mb: 16,
        }
    }

    /// The engine slots: (free now, in all).
    #[must_use]
    pub fn slots(&self) -> (usize, usize) {
        (self.permits.available_permits(), self.workers)
    }

    /// Runs `job` (an analysis) now, or after a short wait for a permit;
    /// at most [`analysis_slots`] of them run at once.
    ///
    /// # Errors
    /// `503 busy` if every permit stays taken; `500` if the search failed.
    pub async fn try_search(&self, job: Job) -> Result<SearchResult, ApiError> {
        let slot = self.analysis_slot(Some(self.wait)).await?;
        let out = self.run(job).await;
        drop(slot);
        out
    }

    /// An analysis slot with its engine permit: at most [`analysis_slots`]
    /// are held at once, so engine replies in games always find a permit.
    /// With `wait`, gives up after that long; without, waits its turn (the
    /// semaphores are fair: first come, first served).
    ///
    /// # Errors
    /// `503 busy` if no slot came free in time or the queue is closed.
    pub async fn analysis_slot(&self, wait: Option<Duration>) -> Result<AnalysisSlot, ApiError> {
        let permits = async {
            let slot = self.analyses.clone().acquire_owned().await;
            let permit = self.permits.clone().acquire_owned().await;
            (slot, permit)
        };
        let (slot, permit) = match wait {
            Some(wait) => tokio::time::timeout(wait, permits).await.map_err(|_| {
                ApiError::busy("the engine is busy with other games; try again in a moment")
            })?,
            None => permits.await,
        };
        let (Ok(slot), Ok(permit)) = (slot, permit) else {
            return Err(ApiError::busy("the engine is shutting down"));
        };
        Ok(AnalysisSlot {
            _slot: slot,
            _permit: permit,
        })
    }

    /// Runs `work` on a blocking thread while holding `slot` (released when
    /// `work` returns, even if the caller stopped waiting).
    ///
    /// # Errors
    /// `500` if `work` panicked.
    pub async fn run_in_slot<T, F>(&self, slot: AnalysisSlot, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        tokio::task::spawn_blocking(move || {
            let out = work();
            drop(slot);
            out
        })
        .await
        .map_err(|e| ApiError::internal(format!("the engine failed: {e}")))
    }

    /// Runs `job` when a permit is free (engine replies wait their turn).
    ///
    /// # Errors
    /// `500` if the search failed.
    pub async fn search(&self, job: Job) -> Result<SearchResult, ApiError> {
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| ApiError::busy("the engine is shutting down"))?;
        let out = self.run(job).await;
        drop(permit);
        out
    }

    async fn run(&self, job: Job) -> Result<SearchResult, ApiError> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let cap = job.movetime + Duration::from_secs(2);
        let hash_mb = self.hash_mb;
        let handle = tokio::task::spawn_blocking(move || {
            let mut engine = Engine::new(Options {
                hash_mb,
                threads: 1,
                level: job.level.clamp(1, 10),
                seed: job.seed,
                ..Options::default()
            });
            engine.search(
                &job.record,
                &Limits::movetime(job.movetime),
                &flag,
                &mut Silent,
            )
        });
        let abort = stop.clone();
        match tokio::time::timeout(cap, handle).await {
            Ok(Ok(result)) => Ok(result),
            Ok(Err(e)) => Err(ApiError::internal(format!("the engine failed: {e}"))),
            Err(_) => {
                abort.store(true, Ordering::Relaxed);
                Err(ApiError::internal("the engine did not finish in time"))
            }
        }
    }
}

/// A held analysis slot and engine permit (see [`EngineQueue::analysis_slot`]);
/// dropping it frees both.
#[derive(Debug)]
pub struct AnalysisSlot {
    _slot: OwnedSemaphorePermit,
    _permit: OwnedSemaphorePermit,
}

/// How many analyses may run at once with `workers` engine permits: all
/// but one, so that engine replies always have a slot (one on one core).
#[must_use]
pub fn analysis_slots(workers: usize) -> usize {
    workers.max(2) - 1
}

/// The engine's thinking time per move at a level, shortened on a clock.
#[must_use]
pub fn movetime(level: u8, clock_ms: Option<(i64, u64)>) -> Duration {
    let base = 300 + 70 * u64::from(level.clamp(1, 10));
    let ms = match clock_ms {
        Some((left, inc)) => {
            let left = u64::try_from(left.max(0)).unwrap_or(0);
            (left / 30 + inc * 3 / 4).clamp(20, base)
        }
        None => base,
    };
    Duration::from_millis(ms)
}
