//! Reviews as jobs on PostgreSQL: a review asked for on any server is
//! queued in the `jobs` table, and runs on whichever server claims it; its
//! positions are stored one by one as ever, so a server that takes the job
//! over (after the one running it died) carries on from the last stored
//! position.

use super::{job, Snapshot};
use crate::error::ApiError;
use crate::jobs::lease::Lease;
use crate::jobs::JobEnd;
use crate::state::{lock, AppState};
use crate::store::{JobKind, JobRow};
use axum::http::StatusCode;

/// Queues a review of game `id` as a job, if the store has a jobs table,
/// and wakes this server's review worker; whether it did (`false`: the
/// review is this process's own work).
///
/// # Errors
/// `500` if the job cannot be stored.
pub(super) fn queue(state: &AppState, id: &str) -> Result<bool, ApiError> {
    let Some(store) = state.store().jobs() else {
        return Ok(false);
    };
    store.enqueue(JobKind::Review, id, 0)?;
    state.jobs().wake(JobKind::Review);
    Ok(true)
}

/// Whether a review of game `id` waits or runs as a job (on any server).
///
/// # Errors
/// `500` if the jobs table cannot be read.
pub(super) fn is_queued(state: &AppState, id: &str) -> Result<bool, ApiError> {
    match state.store().jobs() {
        Some(store) => Ok(store.has_job(JobKind::Review, id)?),
        None => Ok(false),
    }
}

/// Runs a claimed review job to its end here, or until this server stops
/// or loses the job (then it is handed back, or already another's).
pub async fn run_claimed(state: &AppState, job: &JobRow, lease: &Lease) -> JobEnd {
    let g = match state.game(&job.game_id) {
        Ok(g) => g,
        Err(e) if e.status == StatusCode::NOT_FOUND => return JobEnd::Done,
        Err(_) => return JobEnd::HandBack,
    };
    let snap = Snapshot::of(&lock(&g));
    let Some(guard) = state.reviews().claim(&snap.id, snap.total_plies()) else {
        // Already reviewed here by a job of its own.
        return JobEnd::Done;
    };
    let jobs = state.jobs().clone();
    let stop = move || jobs.stopping() || lease.lost();
    if job::run(state.clone(), g, snap, guard, &stop).await {
        JobEnd::Done
    } else {
        JobEnd::HandBack
    }
}
