//! `POST /api/positions`: a position of the analysis board.

use crate::board;
use crate::dto::{BoardPosition, PositionRequest};
use crate::error::{ApiError, ApiJson};
use crate::variants;
use axum::Json;

/// `POST /api/positions` with `{"variant", "options"?, "fen"?, "moves"?}` →
/// the position after the moves, its legal actions and its outcome.
///
/// # Errors
/// `400` for a bad variant, option, position string or move string; `422
/// illegal_action` for a move the rules forbid.
pub async fn position(
    ApiJson(req): ApiJson<PositionRequest>,
) -> Result<Json<BoardPosition>, ApiError> {
    let (variant, options, start) =
        variants::start_position(&req.variant, req.options.as_ref(), req.fen.as_deref())?;
    let played = board::replay(start, req.moves.as_deref().unwrap_or_default())?;
    Ok(Json(board::position(&variant, options, played)))
}
