//! Named custom setups for the Pick the Piece builder, kept per player key:
//! `GET /api/setups?player=`, `POST /api/setups`, `GET/DELETE
//! /api/setups/{name}?player=`.
//!
//! A player key (the lobby's, `docs/lobby.md`) is the only proof that a
//! setup is one's own: one key never sees, overwrites or deletes another
//! key's setups. Setups saved before setups had owners
//! ([`LEGACY_OWNER`]) are listed to no one and deletable by nobody; a
//! setup link naming one still reads it.

use crate::dto::{SaveSetup, Setup, SetupQuery};
use crate::error::{ApiError, ApiJson, ErrorCode};
use crate::ids;
use crate::lobby;
use crate::state::AppState;
use crate::store::{SetupRow, LEGACY_OWNER};
use crate::variants;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;

/// The most setups the server keeps, all players together: 10,000. A row
/// is under 1 KB (a name of at most 80 characters, a spec of at most 300),
/// so the table stays under about 10 MB however many player keys are made.
pub const MAX_SETUPS: u64 = 10_000;

/// The most setups one player key keeps: 100, far more than the builder's
/// list is useful with, and few enough that one key cannot take a
/// noticeable share of [`MAX_SETUPS`].
pub const MAX_SETUPS_PER_PLAYER: usize = 100;

/// The longest setup name, in characters: 80.
pub const MAX_NAME_CHARS: usize = 80;

fn from_row(r: SetupRow) -> Setup {
    Setup {
        name: r.name,
        spec: r.spec,
        options: serde_json::from_str(&r.options_json).unwrap_or_default(),
    }
}

/// A setup name, trimmed: 1 to [`MAX_NAME_CHARS`] characters, none of them
/// [`lobby::is_refused_in_name`].
///
/// # Errors
/// `400 bad_name`.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME_CHARS || name.chars().any(lobby::is_refused_in_name) {
        return Err(ApiError::bad_request(
            ErrorCode::BadName,
            format!(
                "a setup name has 1 to {MAX_NAME_CHARS} characters and no control, \
                 invisible or text-direction characters"
            ),
        ));
    }
    Ok(name.to_string())
}

/// The player key of a setup request's query.
///
/// # Errors
/// `400 bad_query` for a query that does not parse; `400 bad_player_key`
/// for a missing or malformed key.
fn player_of(q: Result<Query<SetupQuery>, QueryRejection>) -> Result<String, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::bad_request(ErrorCode::BadQuery, e.body_text()))?;
    let player = q.player.ok_or_else(|| {
        ApiError::bad_request(
            ErrorCode::BadPlayerKey,
            "setups are kept per player: add ?player=KEY",
        )
    })?;
    lobby::check_player(&player)?;
    Ok(player)
}

/// `GET /api/setups?player=KEY`: the setups that key saved, by name.
///
/// # Errors
/// `400 bad_player_key`; `500` if storage fails.
pub async fn list(
    State(state): State<AppState>,
    q: Result<Query<SetupQuery>, QueryRejection>,
) -> Result<Json<Vec<Setup>>, ApiError> {
    let player = player_of(q)?;
    let rows = state.store().player_setups(&player)?;
    Ok(Json(rows.into_iter().map(from_row).collect()))
}

/// `GET /api/setups/{name}?player=KEY`: the key's setup of that name, else a
/// setup of that name saved before setups had owners.
///
/// # Errors
/// `400 bad_player_key`; `404` if neither exists (another key's setup is
/// not found either).
pub async fn one(
    State(state): State<AppState>,
    Path(name): Path<String>,
    q: Result<Query<SetupQuery>, QueryRejection>,
) -> Result<Json<Setup>, ApiError> {
    let player = player_of(q)?;
    let store = state.store();
    let row = match store.find_setup(&player, &name)? {
        Some(r) => Some(r),
        None => store.find_setup(LEGACY_OWNER, &name)?,
    };
    row.map(|r| Json(from_row(r)))
        .ok_or_else(|| ApiError::not_found(format!("you have no setup named {name:?}")))
}

/// Refuses a new setup when the key or the server holds as many as allowed.
///
/// # Errors
/// `409 too_many_setups`.
fn check_room(state: &AppState, player: &str, name: &str) -> Result<(), ApiError> {
    let mine = state.store().player_setups(player)?;
    if mine.iter().any(|r| r.name == name) {
        return Ok(());
    }
    if mine.len() >= MAX_SETUPS_PER_PLAYER {
        return Err(ApiError::conflict(
            ErrorCode::TooManySetups,
            format!("at most {MAX_SETUPS_PER_PLAYER} setups are kept per player; delete one first"),
        ));
    }
    if state.store().count_setups()? >= MAX_SETUPS {
        return Err(ApiError::conflict(
            ErrorCode::TooManySetups,
            format!("this server keeps at most {MAX_SETUPS} setups and is full"),
        ));
    }
    Ok(())
}

/// `POST /api/setups`: saves (or replaces) a setup under the player's key
/// and its name → `201` with the setup as stored (the spec in its
/// canonical form).
///
/// # Errors
/// `400` for a bad player key, name, spec or option; `409 too_many_setups`
/// when the key holds [`MAX_SETUPS_PER_PLAYER`] or the server
/// [`MAX_SETUPS`].
pub async fn save(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SaveSetup>,
) -> Result<(StatusCode, Json<Setup>), ApiError> {
    lobby::check_player(&req.player)?;
    let name = check_name(&req.name)?;
    let (variant, options) = variants::resolve(&req.spec, &req.options)?;
    check_room(&state, &req.player, &name)?;
    let row = SetupRow {
        owner: req.player,
        name,
        spec: variant.key.clone(),
        options_json: serde_json::to_string(&options).unwrap_or_else(|_| "{}".into()),
        saved_ms: ids::now_ms(),
    };
    state.store().save_setup(&row)?;
    Ok((StatusCode::CREATED, Json(from_row(row))))
}

/// `DELETE /api/setups/{name}?player=KEY`: deletes the key's own setup →
/// `204`.
///
/// # Errors
/// `400 bad_player_key`; `404` if the key has no setup of that name.
pub async fn delete(
    State(state): State<AppState>,
    Path(name): Path<String>,
    q: Result<Query<SetupQuery>, QueryRejection>,
) -> Result<StatusCode, ApiError> {
    let player = player_of(q)?;
    if state.store().delete_setup(&player, &name)? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(format!(
            "you have no setup named {name:?}"
        )))
    }
}
