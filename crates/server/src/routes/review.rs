//! `POST /api/games/{id}/review` starts (or joins) a game's review;
//! `GET /api/games/{id}/review` says where it stands (`docs/review.md`).

use super::seated::SeatedGame;
use crate::dto::{ReviewStatus, ReviewView};
use crate::error::{ApiError, ErrorCode};
use crate::game::Mode;
use crate::rate::ClientAddr;
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
/// progress asked by someone not playing it, or over a link; `429
/// review_busy` while the address's previous review runs, `429
/// too_many_reviews` past its daily reviews of games it did not play, `503
/// busy` when [`review::MAX_QUEUED_REVIEWS`] run here already (only for a
/// review that would start; joining one or reading a done one is free).
pub async fn start(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
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
    let snap = Snapshot::of(&lock(&g));
    let now = review::view(&state, &snap)?.status;
    if now != ReviewStatus::Done && now != ReviewStatus::Running {
        admit(&state, &address, &snap.id, seat.is_none())?;
    }
    let v = review::start(&state, &g)?;
    let code = if v.status == ReviewStatus::Done {
        StatusCode::OK
    } else {
        StatusCode::ACCEPTED
    };
    Ok((code, Json(v)))
}

/// Lets `address` start a review of game `id` (one it did not play, if
/// `foreign`): within the reviews this process runs and the address's
/// budget (`crate::budget`).
///
/// # Errors
/// As [`start`]: `503 busy`, `429 review_busy`, `429 too_many_reviews`.
fn admit(state: &AppState, address: &str, id: &str, foreign: bool) -> Result<(), ApiError> {
    if state.store().jobs().is_none() && state.reviews().running() >= review::MAX_QUEUED_REVIEWS {
        return Err(ApiError::busy(
            "the server is reviewing as many games as it can; try again in a minute",
        ));
    }
    state
        .budget()
        .begin_review(address, id, foreign, |p| review::is_underway(state, p))
}
