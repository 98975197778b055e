//! Actions on a game: moves, undo, resignation, draws and analysis. Each
//! answers with the new view.

use super::seated::SeatedGame;
use crate::dto::{Analysis, AnalysisRequest, DrawRequest, GameView, MoveRequest, ScoreView};
use crate::engine_queue::{Job, MAX_ANALYSIS, MIN_ANALYSIS};
use crate::error::{ApiError, ApiJson, ErrorCode, OptionalJson};
use crate::game::{Mode, Seat};
use crate::rate::ClientAddr;
use crate::state::{lock, AppState, GameRef};
use crate::{readable, view};
use axum::extract::State;
use axum::Json;
use menagerie_engine::Score;
use menagerie_rules::{notation, GameRecord};
use std::time::Duration;

fn answer(state: &AppState, g: &GameRef, seat: Option<Seat>) -> Json<GameView> {
    Json(view::for_seat(state.view(g), seat))
}

/// `POST /api/games/{id}/moves` with `{"move": "e2e5"}`.
///
/// # Errors
/// `403 not_your_seat`, `409 not_your_turn`/`game_over`, `400 malformed_move`,
/// `422 illegal_action` with the reason; `503 busy` against the engine when
/// [`crate::engine_queue::MAX_QUEUED_REPLIES_PER_SLOT`] replies per engine
/// slot already wait (the move is not played).
pub async fn play(
    State(state): State<AppState>,
    SeatedGame { game: g, seat }: SeatedGame,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    if lock(&g).mode == Mode::Engine {
        state.engine().reply_room()?;
    }
    let v = state.play(&g, seat, &req.text)?;
    Ok(Json(view::for_seat(v, seat)))
}

/// `POST /api/games/{id}/undo`.
///
/// # Errors
/// `403`, or `409` when there is nothing to take back or undo is not allowed.
pub async fn undo(
    State(state): State<AppState>,
    SeatedGame { game: g, seat }: SeatedGame,
) -> Result<Json<GameView>, ApiError> {
    let v = state.undo(&g, seat)?;
    Ok(Json(view::for_seat(v, seat)))
}

/// `POST /api/games/{id}/resign`.
///
/// # Errors
/// `403`, or `409` if the game is over.
pub async fn resign(
    State(state): State<AppState>,
    SeatedGame { game: g, seat }: SeatedGame,
) -> Result<Json<GameView>, ApiError> {
    state.resign(&g, seat)?;
    Ok(answer(&state, &g, seat))
}

/// `POST /api/games/{id}/draw` with `{"action": "offer"|"accept"|"decline"}`.
///
/// # Errors
/// `403`, or `409` (`no_draw_offer`, `draw_declined`, `game_over`).
pub async fn draw(
    State(state): State<AppState>,
    SeatedGame { game: g, seat }: SeatedGame,
    ApiJson(req): ApiJson<DrawRequest>,
) -> Result<Json<GameView>, ApiError> {
    state.draw(&g, seat, req.action)?;
    Ok(answer(&state, &g, seat))
}

/// `POST /api/games/{id}/analysis` with `{"ply", "movetime_ms"}` (both optional).
///
/// # Errors
/// `400 bad_ply`, `409 analysis_not_available` (a live game over a link),
/// `429 analysis_busy` when the address has an analysis running and one
/// waiting, `503 busy` when the engine queue is full.
pub async fn analysis(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    SeatedGame { game: g, seat }: SeatedGame,
    OptionalJson(req): OptionalJson<AnalysisRequest>,
) -> Result<Json<Analysis>, ApiError> {
    let (record, ply) = {
        let game = lock(&g);
        if !game.is_over() && (game.mode == Mode::Link || seat.is_none()) {
            return Err(ApiError::conflict(
                ErrorCode::AnalysisNotAvailable,
                "analysis of a game in progress is only for its players, and not in a game over a link",
            ));
        }
        let n = game.record.moves().len();
        let ply = req.ply.unwrap_or(n);
        if ply > n {
            return Err(ApiError::bad_request(
                ErrorCode::BadPly,
                format!("the game has {n} plies; ply {ply} does not exist"),
            ));
        }
        let mut record = GameRecord::new(game.record.start().clone());
        for m in &game.record.moves()[..ply] {
            record
                .play(m)
                .map_err(|e| ApiError::internal(e.to_string()))?;
        }
        (record, ply)
    };
    let pos = record.position().clone();
    let movetime =
        Duration::from_millis(req.movetime_ms.unwrap_or(1000)).clamp(MIN_ANALYSIS, MAX_ANALYSIS);
    let result = if pos.legal_moves().is_empty() {
        None
    } else {
        Some(
            state
                .engine()
                .try_search(
                    &address,
                    Job {
                        record,
                        level: 10,
                        movetime,
                        seed: 1,
                    },
                )
                .await?,
        )
    };
    let (score, depth, nodes, pv) = match result {
        Some(r) => (r.score, r.depth, r.nodes, r.pv),
        None => (
            if pos.is_check() {
                Score::Mate(0)
            } else {
                Score::Cp(0)
            },
            0,
            0,
            Vec::new(),
        ),
    };
    let mut p = pos.clone();
    let mut best = Vec::new();
    for m in &pv {
        best.push(notation::render(&p, m));
        if p.play(m).is_err() {
            break;
        }
    }
    Ok(Json(Analysis {
        ply,
        fen: pos.fen(),
        score: match score {
            Score::Cp(cp) => ScoreView::Cp { cp },
            Score::Mate(mate) => ScoreView::Mate { mate },
        },
        depth,
        nodes,
        labels: readable::line(&pos, &pv[..best.len()]),
        best,
    }))
}
