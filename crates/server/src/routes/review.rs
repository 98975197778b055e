//! `POST /api/games/{id}/review` starts (or joins) a game's review;
//! `GET /api/games/{id}/review` says where it stands (`docs/review.md`).

use super::seated::SeatedGame;
use crate::dto::{ReviewStatus, ReviewView};
use crate::error::{ApiError, ErrorCode};
use crate::game::Mode;
use crate::review::{self, Snapshot};
use crate::state::{lock, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

/// `GET /api/games/{id}/review`: the review so far (anyone may read it).
///
/// # Errors
/// `404` if there is no such game.
pub async fn read(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<ReviewView>, ApiError> {
    let g = state.game(&id)?;
    let snap = Snapshot::of(&lock(&g));
    Ok(Json(review::view(&state, &snap)?))
}

/// `POST /api/games/{id}/review` → `202` with the running review, or `200`
/// with the review if it already covers every ply (nothing starts).
///
/// # Errors
/// `404` if there is no such game; `409 review_not_available` for a game in
/// progress asked by someone not playing it, or over a link.
pub async fn start(
    State(state): State<AppState>,
    SeatedGame { game: g, seat }: SeatedGame,
) -> Result<(StatusCode, Json<ReviewView>), ApiError> {
    {
        let game = lock(&g);
        if !game.is_over() && (game.mode == Mode::Link || seat.is_none()) {
            return Err(ApiError::conflict(
                ErrorCode::ReviewNotAvailable,
                "a game in progress may be reviewed only by its players, and not in a game over a link",
            ));
        }
    }
    let v = review::start(&state, &g)?;
    let code = if v.status == ReviewStatus::Done {
        StatusCode::OK
    } else {
        StatusCode::ACCEPTED
    };
    Ok((code, Json(v)))
}
