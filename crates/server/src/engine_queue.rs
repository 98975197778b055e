//! Engine work through a bounded, fair queue: a semaphore with one permit
//! per core, searches on blocking threads, a time cap on every search.
//!
//! - Analyses (requests, streams, review positions) may hold all but one of
//!   the permits (all, on one core), so that however many of them arrive,
//!   engine replies in games still get a slot.
//! - One search at a time per client ([`Lanes`]): a client's engine replies
//!   queue behind each other, its analyses behind each other, never in
//!   front of other clients' work.
//! - The waiting is bounded ([`MAX_QUEUED_REPLIES_PER_SLOT`], [`MAX_QUEUED_ANALYSES`],
//!   [`MAX_QUEUED_ANALYSES_PER_ADDRESS`]): past the bounds a request is
//!   answered `503 busy` or `429 analysis_busy` at once.
//! - An analysis request or stream yields its slot to a search that waits
//!   for one once it has had [`ANALYSIS_SHARE`] ([`Yielders`]); review
//!   positions let waiting requests and streams go first.

mod lanes;
mod yielding;

use crate::error::{ApiError, ErrorCode};
pub use lanes::{LanePass, LaneRefused, Lanes, Waiting};
use menagerie_engine::{Engine, Limits, Options, SearchResult, Silent};
use menagerie_rules::GameRecord;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{AcquireError, Notify, OwnedSemaphorePermit, Semaphore};
pub use yielding::{Registered, Yielders};

/// The longest analysis a request may ask for.
pub const MAX_ANALYSIS: Duration = Duration::from_millis(5000);
/// The shortest.
pub const MIN_ANALYSIS: Duration = Duration::from_millis(50);
/// The longest search of the analysis stream (and its default).
pub const MAX_STREAM: Duration = Duration::from_secs(20);
/// The shortest search of the analysis stream.
pub const MIN_STREAM: Duration = Duration::from_millis(100);
/// How long the analysis stream waits for a slot before `503 busy` (longer
/// than [`ANALYSIS_SHARE`], so that a running analysis yields in time).
pub const STREAM_WAIT: Duration = Duration::from_secs(2);
/// How long an analysis request waits for a slot before `503 busy`: 1.5 s,
/// [`ANALYSIS_SHARE`] and half a second more, so that an analysis that
/// started just before it has yielded by then.
pub const ANALYSIS_WAIT: Duration = Duration::from_millis(1500);
/// How long an analysis stream of a client waits for that client's
/// previous analysis to end (a page closes its stream and opens the next
/// one; the server sees the first one go a moment later): 1 s, then
/// `429 analysis_busy`.
pub const STREAM_LANE_WAIT: Duration = Duration::from_secs(1);
/// How long an analysis request or stream keeps its engine slot, at the
/// least, once another search waits for one: 1 s (depth 8 to 12 on most
/// positions). Then it stops with what it found, as at the end of its time.
pub const ANALYSIS_SHARE: Duration = Duration::from_secs(1);
/// Engine replies waiting for a slot in this process, all clients
/// together, per engine slot: 32 (64 on two cores: some 30 s of level-10
/// replies; each client has at most
/// [`crate::budget::MAX_ENGINE_GAMES_PER_ADDRESS`] games, so many clients
/// at once); a move against the engine past it is `503 busy`.
pub const MAX_QUEUED_REPLIES_PER_SLOT: usize = 32;
/// Analysis requests and streams waiting for a slot, all clients together:
/// 16; past it `503 busy` at once, instead of holding the connection.
pub const MAX_QUEUED_ANALYSES: usize = 16;
/// Analysis requests one client may have waiting behind its running one:
/// 1 (a page asks for one at a time); past it `429 analysis_busy`.
pub const MAX_QUEUED_ANALYSES_PER_ADDRESS: usize = 1;
/// How often a waiting search looks again for an analysis that should
/// yield, when none runs yet.
const YIELD_POLL: Duration = Duration::from_millis(100);

/// A bounded pool of engine searches.
#[derive(Clone, Debug)]
pub struct EngineQueue {
    workers: usize,
    permits: Arc<Semaphore>,
    analyses: Arc<Semaphore>,
    review_turns: Arc<Semaphore>,
    reply_lanes: Lanes,
    analysis_lanes: Lanes,
    replies_waiting: Arc<AtomicUsize>,
    analyses_waiting: Arc<AtomicUsize>,
    asked_waiting: Arc<AtomicUsize>,
    asked_served: Arc<Notify>,
    yielders: Yielders,
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

/// Who asks for an analysis slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asker<'a> {
    /// A request or a stream of the client at this address: one at a time
    /// per client, and it makes a running analysis yield after its share.
    Client(&'a str),
    /// A review's next position: waits its turn behind requests and streams.
    Review,
}

impl EngineQueue {
    /// A queue running at most `workers` searches at once.
    #[must_use]
    pub fn new(workers: usize) -> EngineQueue {
        let workers = workers.max(1);
        EngineQueue {
            workers,
            permits: Arc::new(Semaphore::new(workers)),
            analyses: Arc::new(Semaphore::new(analysis_slots(workers))),
            review_turns: Arc::new(Semaphore::new(review_slots(workers))),
            reply_lanes: Lanes::default(),
            analysis_lanes: Lanes::default(),
            replies_waiting: Arc::new(AtomicUsize::new(0)),
            analyses_waiting: Arc::new(AtomicUsize::new(0)),
            asked_waiting: Arc::new(AtomicUsize::new(0)),
            asked_served: Arc::new(Notify::new()),
            yielders: Yielders::default(),
            wait: ANALYSIS_WAIT,
            hash_mb: 16,
        }
    }

    /// The engine slots: (free now, in all).
    #[must_use]
    pub fn slots(&self) -> (usize, usize) {
        (self.permits.available_permits(), self.workers)
    }

    /// Engine replies waiting for a slot now.
    #[must_use]
    pub fn replies_waiting(&self) -> usize {
        self.replies_waiting.load(Ordering::SeqCst)
    }

    /// How many engine replies may wait: [`MAX_QUEUED_REPLIES_PER_SLOT`] per slot.
    #[must_use]
    pub fn max_queued_replies(&self) -> usize {
        MAX_QUEUED_REPLIES_PER_SLOT * self.workers
    }

    /// Whether a new engine reply may queue (fewer than
    /// [`MAX_QUEUED_REPLIES_PER_SLOT`] wait).
    ///
    /// # Errors
    /// `503 busy` when as many wait.
    pub fn reply_room(&self) -> Result<(), ApiError> {
        if self.replies_waiting() >= self.max_queued_replies() {
            return Err(ApiError::busy(
                "the engine has too many moves to answer; try again in a moment",
            ));
        }
        Ok(())
    }

    /// Runs `job` (an analysis of the client at `address`) now, or after a
    /// wait of at most [`EngineQueue::wait`] for a slot; it yields its
    /// slot after [`ANALYSIS_SHARE`] to a search waiting for one.
    ///
    /// # Errors
    /// `429 analysis_busy` if the client has an analysis running and one
    /// waiting; `503 busy` if the queue is full or no slot came free in
    /// time; `500` if the search failed.
    pub async fn try_search(&self, address: &str, job: Job) -> Result<SearchResult, ApiError> {
        let pass = self.analysis_lane(address, Some(MAX_QUEUED_ANALYSES_PER_ADDRESS), None);
        let wait = self.wait;
        let (pass, slot) = tokio::time::timeout(wait, async {
            let pass = pass.await?;
            let slot = self.analysis_slot(Asker::Client(address), None).await?;
            Ok::<_, ApiError>((pass, slot))
        })
        .await
        .map_err(|_| busy())??;
        let stop = Arc::new(AtomicBool::new(false));
        let registered = self.yielders.register(stop.clone());
        let out = self.run(job, stop).await;
        drop((registered, slot, pass));
        out
    }

    /// The client's turn for an analysis: waits (at most `wait`, if given)
    /// for its previous one to end, refused at once when `max_waiting`
    /// others of the client wait already.
    ///
    /// # Errors
    /// `429 analysis_busy` when the client's turn does not come.
    pub async fn analysis_lane(
        &self,
        address: &str,
        max_waiting: Option<usize>,
        wait: Option<Duration>,
    ) -> Result<LanePass, ApiError> {
        let entered = self.analysis_lanes.enter(address, max_waiting);
        let entered = match wait {
            Some(wait) => tokio::time::timeout(wait, entered)
                .await
                .map_err(|_| analysis_busy())?,
            None => entered.await,
        };
        entered.map_err(|e| match e {
            LaneRefused::Closed => busy(),
            LaneRefused::Full => analysis_busy(),
        })
    }

    /// An analysis slot with its engine permit: at most [`analysis_slots`]
    /// are held at once, so engine replies in games always find a permit.
    /// A client's request or stream makes a running analysis yield after
    /// its share; a review's position lets them go first. With `wait`,
    /// gives up after that long; without, waits its turn.
    ///
    /// # Errors
    /// `503 busy` if [`MAX_QUEUED_ANALYSES`] already wait, if no slot came
    /// free in time or the queue is closed.
    pub async fn analysis_slot(
        &self,
        asker: Asker<'_>,
        wait: Option<Duration>,
    ) -> Result<AnalysisSlot, ApiError> {
        let slot = self.take_analysis_slot(asker);
        match wait {
            Some(wait) => tokio::time::timeout(wait, slot).await.map_err(|_| busy())?,
            None => slot.await,
        }
    }

    async fn take_analysis_slot(&self, asker: Asker<'_>) -> Result<AnalysisSlot, ApiError> {
        let closed = |_: AcquireError| ApiError::busy("the engine is shutting down");
        if asker == Asker::Review {
            let turn = self.review_turn().await.map_err(closed)?;
            let slot = self.acquire(&self.analyses, false).await.map_err(closed)?;
            let permit = self.acquire(&self.permits, false).await.map_err(closed)?;
            return Ok(AnalysisSlot {
                _turn: Some(turn),
                _slot: slot,
                _permit: permit,
            });
        }
        let waiting =
            Waiting::enter(&self.analyses_waiting, MAX_QUEUED_ANALYSES).ok_or_else(|| {
                ApiError::busy("too many analyses are waiting; try again in a moment")
            })?;
        let asked = self.asked();
        let slot = self.acquire(&self.analyses, true).await.map_err(closed)?;
        let permit = self.acquire(&self.permits, true).await.map_err(closed)?;
        drop((waiting, asked));
        Ok(AnalysisSlot {
            _turn: None,
            _slot: slot,
            _permit: permit,
        })
    }

    /// A review's turn: at most [`review_slots`] review positions hold or
    /// wait for analysis slots, and none enters while a client's request
    /// or stream waits for one.
    async fn review_turn(&self) -> Result<OwnedSemaphorePermit, AcquireError> {
        let turn = self.review_turns.clone().acquire_owned().await?;
        loop {
            let served = self.asked_served.notified();
            if self.asked_waiting.load(Ordering::SeqCst) == 0 {
                return Ok(turn);
            }
            let _ = tokio::time::timeout(YIELD_POLL, served).await;
        }
    }

    /// Counts a client's request or stream as waiting for a slot.
    fn asked(&self) -> AskedGuard {
        self.asked_waiting.fetch_add(1, Ordering::SeqCst);
        AskedGuard(self.clone())
    }

    /// A permit of `sem`; while none is free, with `preempting`, asks a
    /// running analysis to yield once it has had its share.
    async fn acquire(
        &self,
        sem: &Arc<Semaphore>,
        preempting: bool,
    ) -> Result<OwnedSemaphorePermit, AcquireError> {
        if !preempting {
            return sem.clone().acquire_owned().await;
        }
        if let Ok(p) = sem.clone().try_acquire_owned() {
            return Ok(p);
        }
        let acquire = sem.clone().acquire_owned();
        tokio::pin!(acquire);
        loop {
            let pause = self
                .yielders
                .preempt(ANALYSIS_SHARE)
                .unwrap_or(YIELD_POLL)
                .clamp(Duration::from_millis(5), YIELD_POLL);
            tokio::select! {
                biased;
                got = &mut acquire => return got,
                () = tokio::time::sleep(pause) => {}
            }
        }
    }

    /// Registers an analysis that stops when `stop` is set as one that
    /// yields its slot after [`ANALYSIS_SHARE`] (see [`Yielders`]).
    #[must_use]
    pub fn yielding(&self, stop: Arc<AtomicBool>) -> Registered {
        self.yielders.register(stop)
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

    /// Runs `job`, an engine reply in a game of the client `key` (its
    /// address, or the game's id), when the client's earlier replies are
    /// done and a permit is free: the replies of one client wait behind
    /// each other, not in front of other clients'. A reply that waits for
    /// a permit makes a running analysis yield after its share.
    ///
    /// # Errors
    /// `503 busy` if [`MAX_QUEUED_REPLIES_PER_SLOT`] already wait; `500` if the
    /// search failed.
    pub async fn search(&self, key: &str, job: Job) -> Result<SearchResult, ApiError> {
        let closed = |_| ApiError::busy("the engine is shutting down");
        let waiting = Waiting::enter(&self.replies_waiting, self.max_queued_replies())
            .ok_or_else(|| ApiError::busy("the engine has too many moves to answer"))?;
        let pass = self
            .reply_lanes
            .enter(key, None)
            .await
            .map_err(|_| ApiError::busy("the engine is shutting down"))?;
        let permit = self.acquire(&self.permits, true).await.map_err(closed)?;
        drop(waiting);
        let out = self.run(job, Arc::new(AtomicBool::new(false))).await;
        drop((permit, pass));
        out
    }

    async fn run(&self, job: Job, stop: Arc<AtomicBool>) -> Result<SearchResult, ApiError> {
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
        match tokio::time::timeout(cap, handle).await {
            Ok(Ok(result)) => Ok(result),
            Ok(Err(e)) => Err(ApiError::internal(format!("the engine failed: {e}"))),
            Err(_) => {
                stop.store(true, Ordering::Relaxed);
                Err(ApiError::internal("the engine did not finish in time"))
            }
        }
    }
}

/// A client's request or stream counted as waiting for a slot; when the
/// last one is served (or gives up), the reviews waiting are woken.
struct AskedGuard(EngineQueue);

impl Drop for AskedGuard {
    fn drop(&mut self) {
        if self.0.asked_waiting.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.asked_served.notify_waiters();
        }
    }
}

fn busy() -> ApiError {
    ApiError::busy("the engine is busy with other games; try again in a moment")
}

fn analysis_busy() -> ApiError {
    ApiError::too_many(
        ErrorCode::AnalysisBusy,
        "an analysis of yours is still running; wait for it to end (or close it)",
    )
}

/// A held analysis slot and engine permit, with a review's turn (see
/// [`EngineQueue::analysis_slot`]); dropping it frees them.
#[derive(Debug)]
pub struct AnalysisSlot {
    _turn: Option<OwnedSemaphorePermit>,
    _slot: OwnedSemaphorePermit,
    _permit: OwnedSemaphorePermit,
}

/// How many analyses may run at once with `workers` engine permits: all
/// but one, so that engine replies always have a slot (one on one core).
#[must_use]
pub fn analysis_slots(workers: usize) -> usize {
    workers.max(2) - 1
}

/// How many review positions may hold or wait for analysis slots at once:
/// half the analysis slots, rounded up (one on two cores), so that a
/// request or stream waits behind at most that many positions.
#[must_use]
pub fn review_slots(workers: usize) -> usize {
    analysis_slots(workers).div_ceil(2)
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
