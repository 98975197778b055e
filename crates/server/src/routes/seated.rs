//! The one lookup every game route starts with: the game named in the path
//! and the seat the request's token holds in it.

use crate::error::ApiError;
use crate::game::Seat;
use crate::state::{lock, AppState, GameRef};
use axum::extract::{FromRequestParts, Path, RawQuery};
use axum::http::request::Parts;

/// A game from the path (`/api/games/{id}/...`) with the requester's seat
/// (`None` for a spectator), as an extractor for handlers.
pub struct SeatedGame {
    /// The game.
    pub game: GameRef,
    /// The seat the `X-Seat-Token` header or `?seat=` query holds, if any.
    pub seat: Option<Seat>,
}

impl FromRequestParts<AppState> for SeatedGame {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let Path(id) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|e| ApiError::not_found(format!("no such game: {e}")))?;
        let RawQuery(query) = RawQuery::from_request_parts(parts, state)
            .await
            .unwrap_or(RawQuery(None));
        let game = state.game(&id)?;
        let seat = super::seat(&lock(&game), &parts.headers, query.as_deref());
        Ok(SeatedGame { game, seat })
    }
}
