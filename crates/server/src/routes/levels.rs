//! `GET /api/levels`: the engine's skill levels with their names and the
//! strength each measured in matches (`docs/engine.md`, "Levels").

use crate::dto::LevelInfo;
use axum::Json;
use menagerie_engine::level::LADDER;

/// Every level, weakest first.
pub async fn list() -> Json<Vec<LevelInfo>> {
    Json(
        LADDER
            .iter()
            .map(|r| LevelInfo {
                level: r.level,
                name: r.name.to_string(),
                elo_wreckage: r.wreckage,
                elo_chess: r.chess,
            })
            .collect(),
    )
}
