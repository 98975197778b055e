//! Following the other servers on one database: the ids of the games they
//! change ([`crate::Store::changes`], by PostgreSQL's `NOTIFY`) reload
//! those games here, which sends their new views to this server's
//! subscribers. A store only this process uses has nothing to follow.

use crate::state::AppState;
use crate::store::pg::notify::ALL_GAMES;
use tokio::sync::broadcast::error::RecvError;

/// Starts following, inside a Tokio runtime (outside one, nothing happens).
pub fn start(state: &AppState) {
    let Some(mut changes) = state.store().changes() else {
        return;
    };
    let Ok(rt) = tokio::runtime::Handle::try_current() else {
        return;
    };
    let state = state.clone();
    rt.spawn(async move {
        loop {
            match changes.recv().await {
                Ok(id) if id == ALL_GAMES => state.refresh_all(),
                Ok(id) => state.refresh(&id),
                Err(RecvError::Lagged(_)) => state.refresh_all(),
                Err(RecvError::Closed) => return,
            }
        }
    });
}
