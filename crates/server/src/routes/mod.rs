//! The HTTP routes: the JSON API under `/api/` and the page.

pub mod actions;
pub mod analysis;
pub mod edge;
pub mod games;
pub mod health;
pub mod levels;
pub mod lobby;
pub mod page;
pub mod plies;
pub mod positions;
pub mod records;
pub mod rematch;
pub mod review;
pub mod seated;
pub mod setups;
pub mod variants;
pub mod watch;

use crate::error::ApiError;
use crate::game::{Game, Seat};
use crate::state::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::HeaderMap;
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use std::net::SocketAddr;

/// The largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The whole application.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/variants", get(variants::list))
        .route("/variants/{key}", get(variants::one))
        .route("/pieces", get(variants::pieces))
        .route("/levels", get(levels::list))
        .route("/games", get(watch::list).post(games::create))
        .route("/games/{id}", get(games::read))
        .route("/games/{id}/record", get(games::record))
        .route("/games/{id}/plies", get(plies::all))
        .route("/games/{id}/plies/{ply}", get(plies::one))
        .route("/games/{id}/events", get(games::events))
        .route("/games/{id}/moves", post(actions::play))
        .route("/games/{id}/undo", post(actions::undo))
        .route("/games/{id}/resign", post(actions::resign))
        .route("/games/{id}/draw", post(actions::draw))
        .route("/games/{id}/rematch", post(rematch::rematch))
        .route("/games/{id}/claim", post(games::claim))
        .route("/games/{id}/analysis", post(actions::analysis))
        .route("/games/{id}/review", get(review::read).post(review::start))
        .route("/challenges", get(lobby::list).post(lobby::create))
        .route("/challenges/{id}", get(lobby::one))
        .route("/challenges/{id}/accept", post(lobby::accept))
        .route("/challenges/{id}/cancel", post(lobby::cancel))
        .route("/lobby/events", get(lobby::events::stream))
        .route("/positions", post(positions::position))
        .route("/records/read", post(records::read).layer(record_limit()))
        .route("/records/write", post(records::write).layer(record_limit()))
        .route("/analysis/stream", get(analysis::stream))
        .route("/setups", get(setups::list).post(setups::save))
        .route("/setups/{name}", get(setups::one).delete(setups::delete))
        .fallback(api_not_found)
        .layer(middleware::from_fn(edge::require_json_body))
        .layer(middleware::from_fn_with_state(state.clone(), rate_limit));
    Router::new()
        .nest("/api", api)
        .route("/healthz", get(health::check))
        .route("/", get(page::index))
        .route("/play/{id}", get(page::index))
        .fallback(page::asset)
        .layer(axum::extract::DefaultBodyLimit::max(BODY_LIMIT))
        .layer(middleware::from_fn(edge::refuse_cross_site))
        .layer(middleware::map_response(edge::security_headers))
        .with_state(state)
}

/// Records may be larger than other bodies: [`crate::records::BODY_LIMIT`].
fn record_limit() -> axum::extract::DefaultBodyLimit {
    axum::extract::DefaultBodyLimit::max(crate::records::BODY_LIMIT)
}

async fn api_not_found() -> ApiError {
    ApiError::not_found("no such API endpoint (see docs/api.md)")
}

/// The rate limit of every API request, event streams included; an
/// event stream also takes one of its client's
/// [`crate::rate::MAX_STREAMS_PER_ADDRESS`] for as long as it lasts.
async fn rate_limit(State(state): State<AppState>, req: Request, next: Next) -> Response {
    use axum::response::IntoResponse as _;
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    let client = state.limiter().client(peer, req.headers());
    if let Err(e) = state.limiter().check(client) {
        return e.into_response();
    }
    if !edge::is_stream(req.uri().path()) {
        return next.run(req).await;
    }
    match state.limiter().open_stream(client) {
        Ok(slot) => edge::holding(next.run(req).await, slot),
        Err(e) => e.into_response(),
    }
}

/// The seat token of a request: the `X-Seat-Token` header, or the `seat`
/// query parameter (for `EventSource`, which cannot set headers).
#[must_use]
pub fn token(headers: &HeaderMap, query: Option<&str>) -> Option<String> {
    if let Some(t) = headers.get("x-seat-token").and_then(|v| v.to_str().ok()) {
        return Some(t.trim().to_string());
    }
    query?
        .split('&')
        .find_map(|kv| kv.strip_prefix("seat="))
        .map(str::to_string)
}

/// The seat a request's token holds in `game`.
#[must_use]
pub fn seat(game: &Game, headers: &HeaderMap, query: Option<&str>) -> Option<Seat> {
    game.seat_of(token(headers, query).as_deref())
}
