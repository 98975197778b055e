//! `GET /api/games`: the games to watch, public games in progress, newest first.

use super::lobby::lobby_query;
use crate::dto::{LobbyQuery, WatchGame, WatchPage};
use crate::error::{ApiError, ErrorCode};
use crate::state::{lock, AppState};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;

/// The most games one page lists.
pub const MAX_WATCH_PAGE: usize = 50;

/// Live public games one client address may have at once: 5. The games to
/// watch are everyone's; without a cap one client filled the list with
/// junk games (139 in 1.1 s). A game counts until it is over.
pub const MAX_PUBLIC_GAMES_PER_ADDRESS: usize = 5;

/// How many public games counted for `address` are live. Those found over
/// on the board (a mate: the store only knows off-board endings) stop
/// being counted, so the games looked at are never many more than
/// [`MAX_PUBLIC_GAMES_PER_ADDRESS`].
///
/// # Errors
/// `500`/`503` if the store fails.
pub fn live_public_count(state: &AppState, address: &str) -> Result<usize, ApiError> {
    let mut live = 0;
    for id in state.store().live_public_games(address)? {
        match state.game(&id) {
            Ok(g) if lock(&g).is_over() => state.store().release_public(&id)?,
            _ => live += 1,
        }
    }
    Ok(live)
}

/// Checks that `address` may make one more public game.
///
/// # Errors
/// `429 too_many_public_games` past [`MAX_PUBLIC_GAMES_PER_ADDRESS`];
/// `500`/`503` if the store fails.
pub fn check_public_room(state: &AppState, address: &str) -> Result<(), ApiError> {
    if live_public_count(state, address)? < MAX_PUBLIC_GAMES_PER_ADDRESS {
        return Ok(());
    }
    Err(ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::TooManyPublicGames,
        format!(
            "at most {MAX_PUBLIC_GAMES_PER_ADDRESS} public games in progress per address: \
             finish one, or make this one private"
        ),
    ))
}

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
