//! [`Lease`]: keeps a claimed job's lease renewed while this server works
//! on it, and notes when the lease was lost (another server took the job
//! over after this one failed to renew in time).

use crate::state::AppState;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::task::JoinHandle;

/// A held job's lease, renewed in the background until dropped.
#[derive(Debug)]
pub struct Lease {
    lost: Arc<AtomicBool>,
    renewing: Option<JoinHandle<()>>,
}

impl Lease {
    /// Renews job `id`'s lease every [`crate::jobs::Jobs::renew_every`]
    /// (inside a Tokio runtime; outside one it is never renewed). A failed
    /// renewal (the database did not answer) is tried again at the next
    /// turn; a refused one (the job is no longer this server's) marks the
    /// lease lost and stops.
    #[must_use]
    pub fn keep(state: &AppState, id: i64) -> Lease {
        let lost = Arc::new(AtomicBool::new(false));
        let renewing = tokio::runtime::Handle::try_current().ok().map(|rt| {
            let (state, lost) = (state.clone(), lost.clone());
            rt.spawn(async move {
                let jobs = state.jobs().clone();
                loop {
                    tokio::time::sleep(jobs.renew_every()).await;
                    let Some(store) = state.store().jobs() else {
                        return;
                    };
                    if let Ok(false) = store.renew(id, jobs.owner(), jobs.lease()) {
                        lost.store(true, Ordering::SeqCst);
                        return;
                    }
                }
            })
        });
        Lease { lost, renewing }
    }

    /// Whether another server took the job over.
    #[must_use]
    pub fn lost(&self) -> bool {
        self.lost.load(Ordering::SeqCst)
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(task) = self.renewing.take() {
            task.abort();
        }
    }
}
