//! `GET /api/variants` and `GET /api/variants/{key}`.

use crate::dto::{OptionMap, VariantInfo};
use crate::error::ApiError;
use crate::variants;
use axum::extract::Path;
use axum::Json;

/// Every built-in game.
pub async fn list() -> Json<Vec<VariantInfo>> {
    Json(
        menagerie_games::all()
            .into_iter()
            .map(variants::info)
            .collect(),
    )
}

/// One game, or a custom Pick the Piece spec.
///
/// # Errors
/// `400` for an unknown or invalid spec.
pub async fn one(Path(key): Path<String>) -> Result<Json<VariantInfo>, ApiError> {
    let (v, _) = variants::resolve(&key, &OptionMap::new())?;
    Ok(Json(variants::info(v)))
}
