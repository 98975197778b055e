//! Game review (`docs/review.md`): every position of a game searched at a
//! fixed budget in the engine's analysis slots, each stored as soon as it is
//! done, and the moves judged by their loss in expected score.
//!
//! [`start`] starts a job (or joins the running one), [`view`] reads where a
//! review stands, [`resume_all`] restarts at start-up the jobs a previous
//! process left unfinished.

mod claimed;
mod job;
pub mod judge;
mod running;
mod snapshot;

use crate::dto::{
    MoveSquares, ReviewBudget, ReviewCounts, ReviewPly, ReviewStatus, ReviewView, ScoreView,
};
use crate::error::ApiError;
use crate::state::{lock, AppState, GameRef};
pub use claimed::run_claimed;
pub use job::{line, white_view};
pub use running::{Reviews, RunningGuard};
use serde::{Deserialize, Serialize};
pub use snapshot::Snapshot;

/// The default search budget per reviewed position, in nodes (one thread,
/// full strength): about 0.15 s at the engine's million nodes a second, so a
/// 100-ply game takes some 15 s of one core.
pub const REVIEW_NODES: u64 = 150_000;

/// Reviews this process runs (or has waiting for the engine) at once, on
/// a store without a jobs table: 8; a request that would start another is
/// `503 busy` (on PostgreSQL reviews wait as jobs in the database, claimed
/// as the analysis slots allow).
pub const MAX_QUEUED_REVIEWS: usize = 8;

/// What a review stores for one position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredEval {
    /// The evaluation from White's view.
    pub eval: ScoreView,
    /// The result, if the position ends the game (then it was not searched).
    #[serde(default)]
    pub result: Option<String>,
    /// The engine's line as move strings.
    #[serde(default)]
    pub best: Vec<String>,
    /// The line in readable notation.
    #[serde(default)]
    pub best_labels: Vec<String>,
    /// Each move's squares, for arrows (empty in reviews stored before it).
    #[serde(default)]
    pub best_squares: Vec<MoveSquares>,
    /// Depth reached.
    #[serde(default)]
    pub depth: u32,
    /// Nodes searched.
    #[serde(default)]
    pub nodes: u64,
}

/// Starts a review of `g`'s plies now, or joins the one running; a review
/// that already covers every ply is answered as it is.
///
/// # Errors
/// `500` if the stored review cannot be read.
pub fn start(state: &AppState, g: &GameRef) -> Result<ReviewView, ApiError> {
    let snap = Snapshot::of(&lock(g));
    let current = view(state, &snap)?;
    if current.status == ReviewStatus::Done || current.status == ReviewStatus::Running {
        return Ok(current);
    }
    if claimed::queue(state, &snap.id)? {
        return view(state, &snap);
    }
    if let Some(guard) = state.reviews().claim(&snap.id, snap.total_plies()) {
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return Err(ApiError::internal("no runtime to run the review on"));
        };
        let (state, g, snap) = (state.clone(), g.clone(), snap.clone());
        rt.spawn(async move { job::run(state, g, snap, guard, &|| false).await });
    }
    view(state, &snap)
}

/// Starts again the reviews a previous process left unfinished (in the
/// background; a game that no longer loads is skipped). On PostgreSQL they
/// are queued as jobs (a review queued or held already stays as it is),
/// for whichever server has room.
pub fn resume_all(state: &AppState) {
    let Ok(rt) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let state = state.clone();
    rt.spawn(async move {
        let Ok(ids) = state.store().unfinished_reviews() else {
            return;
        };
        for id in ids {
            if claimed::queue(&state, &id).unwrap_or(false) {
                continue;
            }
            if let Ok(g) = state.game(&id) {
                let _ = start(&state, &g);
            }
        }
    });
}

/// Whether a review of game `id` runs here or waits or runs as a job (a
/// jobs table that cannot be read counts as yes).
#[must_use]
pub fn is_underway(state: &AppState, id: &str) -> bool {
    state.reviews().is_running(id) || claimed::is_queued(state, id).unwrap_or(true)
}

/// Where the review of the game of `snap` stands.
///
/// # Errors
/// `500` if the stored review cannot be read.
pub fn view(state: &AppState, snap: &Snapshot) -> Result<ReviewView, ApiError> {
    let row = state.store().load_review(&snap.id)?;
    let budget = row
        .as_ref()
        .and_then(|r| serde_json::from_str(&r.budget_json).ok())
        .unwrap_or(state.review_budget());
    let evals = row.map(|r| snap.valid_prefix(&r)).unwrap_or_default();
    let status = if state.reviews().is_running(&snap.id) || claimed::is_queued(state, &snap.id)? {
        ReviewStatus::Running
    } else if evals.len() == snap.total_plies() + 1 {
        ReviewStatus::Done
    } else if evals.is_empty() {
        ReviewStatus::None
    } else {
        ReviewStatus::Partial
    };
    Ok(build(status, budget, snap, &evals))
}

/// The review view of stored evaluations of the first positions of a game.
#[must_use]
pub fn build(
    status: ReviewStatus,
    budget: ReviewBudget,
    snap: &Snapshot,
    evals: &[StoredEval],
) -> ReviewView {
    let mut counts = ReviewCounts::default();
    let plies = evals
        .iter()
        .enumerate()
        .map(|(ply, e)| {
            let before = ply.checked_sub(1).and_then(|i| evals.get(i));
            let p = snap.ply_view(ply, e, before);
            if let (Some(j), Some(side)) = (p.judgement, p.side) {
                judge::count(&mut counts, side == crate::dto::Side::White, j);
            }
            p
        })
        .collect::<Vec<ReviewPly>>();
    ReviewView {
        status,
        done_plies: evals.len().saturating_sub(1),
        total_plies: snap.total_plies(),
        budget,
        plies,
        counts,
    }
}
