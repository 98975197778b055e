//! `GET /api/games`: the games to watch, public games in progress, newest first.

use super::lobby::lobby_query;
use crate::dto::{LobbyQuery, WatchGame, WatchPage};
use crate::error::{ApiError, ErrorCode};
use crate::state::{lock, AppState};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;

/// The most games one page lists.
pub const MAX_WATCH_PAGE: usize = 50;

/// `GET /api/games?offset=0&limit=20`: public games with no ending, newest
/// first. Games over on the board (a mate) are skipped, so a page may hold
/// fewer than `limit`; `next` is where the next page starts.
///
/// # Errors
/// `400 bad_query` for a limit outside 1 to 50.
pub async fn list(
    State(state): State<AppState>,
    q: Result<Query<LobbyQuery>, QueryRejection>,
) -> Result<Json<WatchPage>, ApiError> {
    let q = lobby_query(q)?;
    let limit = q.limit.unwrap_or(20);
    if !(1..=MAX_WATCH_PAGE).contains(&limit) {
        return Err(ApiError::bad_request(
            ErrorCode::BadQuery,
            format!("limit goes from 1 to {MAX_WATCH_PAGE}"),
        ));
    }
    let offset = q.offset.unwrap_or(0);
    let ids = state.store().public_games(offset, limit)?;
    let mut games = Vec::new();
    for id in &ids {
        let Ok(g) = state.game(id) else { continue };
        let created_ms = lock(&g).created_ms;
        let v = state.view(&g);
        if v.outcome.is_some() {
            continue;
        }
        games.push(WatchGame {
            id: v.id,
            variant: v.variant,
            title: v.title,
            files: v.files,
            ranks: v.ranks,
            board: v.board,
            turn: v.turn,
            plies: v.moves.len(),
            created_ms,
        });
    }
    Ok(Json(WatchPage {
        games,
        offset,
        next: offset + ids.len(),
    }))
}
