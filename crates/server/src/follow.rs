//! Following the other servers on one database: the ids of the games they
//! change ([`crate::Store::changes`], by PostgreSQL's `NOTIFY`) reload
//! those games here, which sends their new views to this server's
//! subscribers; their lobby notes ([`LobbyEvent::from_note`]) go to this
//! server's lobby streams. A store only this process uses has nothing to
//! follow.

use crate::lobby::LobbyEvent;
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
                Ok(id) if id == ALL_GAMES => missed(&state),
                Ok(note) => match LobbyEvent::from_note(&note) {
                    Some(e) => state.lobby().send(e),
                    None => state.refresh(&note),
                },
                Err(RecvError::Lagged(_)) => missed(&state),
                Err(RecvError::Closed) => return,
            }
        }
    });
}

/// After changes may have been missed: every game held is reloaded and
/// every lobby stream sent the list again.
fn missed(state: &AppState) {
    state.refresh_all();
    state.lobby().send(LobbyEvent::Changed);
}
