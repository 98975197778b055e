//! The workers: one per kind of job on each server, claiming jobs while it
//! has room (replies: one per engine slot; reviews: as many as review
//! positions may run at once, [`review_slots`]), woken at once by a job
//! queued here and looking every [`Jobs::poll_every`] for jobs queued
//! elsewhere or left by a dead server.

use super::lease::Lease;
use super::{reply, JobEnd, Jobs, MAX_ATTEMPTS};
use crate::engine_queue::review_slots;
use crate::state::AppState;
use crate::store::{JobKind, JobRow};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Starts this server's workers, inside a Tokio runtime, if its store has
/// a jobs table (otherwise, or outside a runtime, nothing happens).
pub fn start(state: &AppState) {
    if state.store().jobs().is_none() {
        return;
    }
    let Ok(rt) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let slots = state.engine().slots().1;
    rt.spawn(work(state.clone(), JobKind::Reply, slots));
    rt.spawn(work(state.clone(), JobKind::Review, review_slots(slots)));
}

/// Claims and runs jobs of `kind`, at most `room` at once, until the
/// server stops.
async fn work(state: AppState, kind: JobKind, room: usize) {
    let room = Arc::new(Semaphore::new(room.max(1)));
    let jobs = state.jobs().clone();
    let mut stop = jobs.inner.stop.subscribe();
    while !jobs.stopping() {
        let Ok(permit) = room.clone().acquire_owned().await else {
            return;
        };
        let Some(store) = state.store().jobs() else {
            return;
        };
        if let Ok(Some(job)) = store.claim(kind, jobs.owner(), jobs.lease()) {
            let held = jobs.hold();
            tokio::spawn(run(state.clone(), job, permit, held));
            continue;
        }
        drop(permit);
        tokio::select! {
            () = jobs.signal(kind).notified() => {}
            () = tokio::time::sleep(jobs.poll_every()) => {}
            _ = stop.changed() => {}
        }
    }
}

/// Runs one claimed job under its lease, then finishes it or hands it back.
async fn run(state: AppState, job: JobRow, _room: OwnedSemaphorePermit, _held: super::Held) {
    let end = if job.attempts > MAX_ATTEMPTS {
        JobEnd::Done
    } else {
        let lease = Lease::keep(&state, job.id);
        match job.kind {
            JobKind::Reply => reply::run(&state, &job).await,
            JobKind::Review => crate::review::run_claimed(&state, &job, &lease).await,
        }
    };
    let Some(store) = state.store().jobs() else {
        return;
    };
    let owner = state.jobs().owner();
    let _ = match end {
        JobEnd::Done => store.finish(job.id, owner),
        JobEnd::HandBack => store.release(job.id, owner),
    };
}

/// Stops this server's job work: claims nothing more, waits up to `within`
/// for the jobs it holds to end (a review stops after its current
/// position), then hands back whatever it still holds; how many it handed
/// back. Does nothing but return 0 on a store without a jobs table.
pub async fn hand_back(state: &AppState, within: Duration) -> usize {
    let jobs: &Jobs = state.jobs();
    jobs.begin_stopping();
    let Some(store) = state.store().jobs() else {
        return 0;
    };
    let deadline = Instant::now() + within;
    while jobs.held() > 0 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    store.release_all(jobs.owner()).unwrap_or(0)
}
