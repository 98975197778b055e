//! An engine reply as a job: the game is loaded on the server that claimed
//! it, searched if the engine is still to move at the job's ply, and the
//! move stored for the next ply. A reply job for a ply that already has a
//! move (another server's search landed first, the game went on, was taken
//! back or ended) ends without a move: the job notices before searching,
//! and the `moves` table's key refuses a second move for a ply.

use super::JobEnd;
use crate::state::{lock, reply_search, AppState, GameRef};
use crate::store::{JobRow, StoreError};
use axum::http::StatusCode;
use std::time::Instant;

/// Runs a claimed reply job.
pub(super) async fn run(state: &AppState, job: &JobRow) -> JobEnd {
    let g = match state.game(&job.game_id) {
        Ok(g) => g,
        Err(e) if e.status == StatusCode::NOT_FOUND => return JobEnd::Done,
        Err(_) => return JobEnd::HandBack,
    };
    let (search, texts) = {
        let game = lock(&g);
        if game.record.moves().len() != job.ply {
            return JobEnd::Done;
        }
        let Some(search) = reply_search(&game) else {
            return JobEnd::Done;
        };
        (search, game.texts.clone())
    };
    // Keyed by the game: a worker's room must not wait on one address's
    // earlier reply (on PostgreSQL, replies are claimed in their order).
    let key = format!("game:{}", job.game_id);
    let best = match state.engine().search(&key, search).await {
        Ok(r) => r.best,
        Err(_) => return JobEnd::HandBack,
    };
    match play(state, &g, &texts, best) {
        Ok(()) => {
            state.after_change(&g);
            JobEnd::Done
        }
        Err(StoreError::Conflict(_)) => {
            state.refresh(&job.game_id);
            JobEnd::Done
        }
        Err(_) => JobEnd::HandBack,
    }
}

/// Plays the engine's move `best` if the game still stands where it was
/// searched (its moves are `texts`); a game that moved on meanwhile is
/// left as it is.
fn play(
    state: &AppState,
    g: &GameRef,
    texts: &[String],
    best: Option<menagerie_rules::Move>,
) -> Result<(), StoreError> {
    let mut game = lock(g);
    if game.texts != texts || game.outcome().is_some() {
        return Ok(());
    }
    game.engine_thinking = false;
    game.version += 1;
    let Some(m) = best else {
        return Ok(());
    };
    let text = menagerie_rules::notation::render(game.record.position(), &m);
    let now = Instant::now();
    let Ok(p) = game.prepare(&text, now) else {
        return Ok(());
    };
    crate::state::store_move(state.store(), &game, &p)?;
    game.apply(p, now);
    Ok(())
}
