//! `GET /api/variants`, `GET /api/variants/{key}` and `GET /api/pieces`.

use crate::dto::{CataloguePiece, OptionMap, VariantInfo};
use crate::error::ApiError;
use crate::variants;
use axum::extract::Path;
use axum::Json;

/// Every built-in game.
pub async fn list() -> Json<Vec<VariantInfo>> {
    Json(
        menagerie_games::all()
            .into_iter()
            .map(|v| variants::info(&v))
            .collect(),
    )
}

/// One game, or a custom Pick the Piece spec.
///
/// # Errors
/// `400` for an unknown or invalid spec.
pub async fn one(Path(key): Path<String>) -> Result<Json<VariantInfo>, ApiError> {
    let (v, _) = variants::resolve(&key, &OptionMap::new())?;
    Ok(Json(variants::info(&v)))
}

/// The piece catalogue: every piece with its letter and name, and whether a
/// Pick the Piece setup may put it in a corner slot or in hand.
pub async fn pieces() -> Json<Vec<CataloguePiece>> {
    let slot = |p: &menagerie_rules::PieceEntry| p.pick == menagerie_rules::Pick::SlotOrDrop;
    let setup: Vec<menagerie_rules::Role> =
        menagerie_games::pick_the_piece::custom::catalogue().collect();
    let mut out: Vec<CataloguePiece> = menagerie_rules::PIECES
        .iter()
        .map(|p| CataloguePiece {
            letter: p.role.letter().to_string(),
            name: p.name.to_string(),
            slot: slot(p),
            drop: p.pick != menagerie_rules::Pick::No,
        })
        .collect();
    // pickable pieces in the setup string's canonical order, the rest after
    out.sort_by_key(|c| {
        setup
            .iter()
            .position(|r| r.letter().to_string() == c.letter)
            .unwrap_or(usize::MAX)
    });
    Json(out)
}
