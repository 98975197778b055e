//! Any earlier position of a game, with its pieces, so the page can show the
//! game's history without reading position strings itself.

use crate::dto::PositionView;
use crate::error::{ApiError, ErrorCode};
use crate::state::{lock, AppState};
use crate::view;
use axum::extract::{Path, State};
use axum::Json;

/// `GET /api/games/{id}/plies`: every position of the game, from the start
/// (ply 0) to the current one, so a page can step through the game without
/// a request per step.
///
/// # Errors
/// `404` if there is no such game.
pub async fn all(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Vec<PositionView>>, ApiError> {
    let g = state.game(&id)?;
    let game = lock(&g);
    let n = game.record.moves().len();
    Ok(Json(
        (0..=n)
            .filter_map(|ply| view::position_at(&game, ply))
            .collect(),
    ))
}

/// `GET /api/games/{id}/plies/{ply}`: the position after `ply` plies (0: the
/// start). Anyone may read it, as anyone may read the game's moves.
///
/// # Errors
/// `404` if there is no such game, `400 bad_ply` if the game has fewer plies.
pub async fn one(
    State(state): State<AppState>,
    Path((id, ply)): Path<(String, String)>,
) -> Result<Json<PositionView>, ApiError> {
    let g = state.game(&id)?;
    let game = lock(&g);
    let n = game.record.moves().len();
    let bad = || {
        ApiError::bad_request(
            ErrorCode::BadPly,
            format!("the game has {n} plies; {ply:?} is not one of 0..={n}"),
        )
    };
    let wanted: usize = ply.trim().parse().map_err(|_| bad())?;
    view::position_at(&game, wanted).map(Json).ok_or_else(bad)
}
