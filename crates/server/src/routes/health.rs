//! `GET /healthz`: whether this server can work, for a proxy or a process
//! supervisor: `200` when the database answers, `503` when it does not;
//! with the engine's slots (free and in all) either way. Not rate limited.

use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;

/// The body of `/healthz`.
#[derive(Debug, Serialize)]
pub struct Health {
    /// `ok` or `unavailable`.
    pub status: &'static str,
    /// `ok`, or why the database does not answer.
    pub database: String,
    /// The engine's slots.
    pub engine: EngineSlots,
}

/// Engine searches this server runs at once.
#[derive(Debug, Serialize)]
pub struct EngineSlots {
    /// Free now.
    pub free: usize,
    /// In all.
    pub slots: usize,
}

/// `GET /healthz`.
pub async fn check(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    let (free, slots) = state.engine().slots();
    let engine = EngineSlots { free, slots };
    match state.store().ping() {
        Ok(()) => (
            StatusCode::OK,
            Json(Health {
                status: "ok",
                database: "ok".into(),
                engine,
            }),
        ),
        Err(e) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(Health {
                status: "unavailable",
                database: e.to_string(),
                engine,
            }),
        ),
    }
}
