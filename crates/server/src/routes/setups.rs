//! Named custom setups for the Pick the Piece builder: `GET/POST
//! /api/setups`, `GET/DELETE /api/setups/{name}`.

use crate::dto::Setup;
use crate::error::{ApiError, ApiJson, ErrorCode};
use crate::ids;
use crate::state::AppState;
use crate::store::SetupRow;
use crate::variants;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

/// The most setups kept.
pub const MAX_SETUPS: usize = 1000;

fn from_row(r: SetupRow) -> Setup {
    Setup {
        name: r.name,
        spec: r.spec,
        options: serde_json::from_str(&r.options_json).unwrap_or_default(),
    }
}

/// Every saved setup, by name.
///
/// # Errors
/// `500` if storage fails.
pub async fn list(State(state): State<AppState>) -> Result<Json<Vec<Setup>>, ApiError> {
    Ok(Json(
        state
            .store()
            .list_setups()?
            .into_iter()
            .map(from_row)
            .collect(),
    ))
}

/// One saved setup.
///
/// # Errors
/// `404` if there is none by that name.
pub async fn one(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Setup>, ApiError> {
    state
        .store()
        .list_setups()?
        .into_iter()
        .find(|r| r.name == name)
        .map(|r| Json(from_row(r)))
        .ok_or_else(|| ApiError::not_found(format!("no setup named {name:?}")))
}

/// Saves (or replaces) a setup under its name → `201` with the setup as
/// stored (the spec in its canonical form).
///
/// # Errors
/// `400` for a bad name, spec or option.
pub async fn save(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<Setup>,
) -> Result<(StatusCode, Json<Setup>), ApiError> {
    let name = req.name.trim().to_string();
    if name.is_empty() || name.chars().count() > 80 || name.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            ErrorCode::BadName,
            "a setup name has 1 to 80 characters and no control characters",
        ));
    }
    let (variant, options) = variants::resolve(&req.spec, &req.options)?;
    let existing = state.store().list_setups()?;
    if existing.len() >= MAX_SETUPS && !existing.iter().any(|r| r.name == name) {
        return Err(ApiError::conflict(
            ErrorCode::TooManySetups,
            format!("at most {MAX_SETUPS} setups are kept; delete one first"),
        ));
    }
    let row = SetupRow {
        name,
        spec: variant.key.clone(),
        options_json: serde_json::to_string(&options).unwrap_or_else(|_| "{}".into()),
        saved_ms: ids::now_ms(),
    };
    state.store().save_setup(&row)?;
    Ok((StatusCode::CREATED, Json(from_row(row))))
}

/// Deletes a setup → `204`.
///
/// # Errors
/// `404` if there is none by that name.
pub async fn delete(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    if state.store().delete_setup(&name)? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(format!("no setup named {name:?}")))
    }
}
