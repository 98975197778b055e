//! The lobby's requests: open challenges listed, created, read, accepted and
//! cancelled (`/api/challenges`), and the lobby's event stream
//! (`/api/lobby/events`).

use super::games::{check_time_control, pick_color};
use crate::dto::{
    AcceptChallenge, ChallengeCreated, ChallengePage, ChallengeView, ColorChoice, CreateChallenge,
    Created, Links, LobbyQuery, OptionMap, PlayerRequest,
};
use crate::error::{ApiError, ApiJson, ErrorCode};
use crate::game::{Mode, NewGame, Player, Seat};
use crate::lobby::{self, LobbyEvent};
use crate::state::AppState;
use crate::store::{ChallengeRow, ChallengeState};
use crate::{ids, variants, view};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use menagerie_rules::{ByColor, Color, GameRecord};

pub mod events;

pub use crate::rate::ClientAddr;

/// The query of a lobby request, or `400 bad_query`.
///
/// # Errors
/// `400 bad_query` for a query that does not parse or a bad player key.
pub fn lobby_query(q: Result<Query<LobbyQuery>, QueryRejection>) -> Result<LobbyQuery, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::bad_request(ErrorCode::BadQuery, e.body_text()))?;
    if let Some(p) = &q.player {
        lobby::check_player(p)?;
    }
    Ok(q)
}

/// A stored challenge as `viewer` sees it: the game it became is shown
/// only to its creator, unless the game is public (a private game's id
/// would let anyone watch it).
#[must_use]
pub fn view_of(c: &ChallengeRow, viewer: Option<&str>) -> ChallengeView {
    let mine = viewer == Some(c.player.as_str());
    let options: OptionMap = serde_json::from_str(&c.options_json).unwrap_or_default();
    let title = variants::resolve(&c.variant, &options)
        .map_or_else(|_| c.variant.clone(), |(v, _)| v.title.clone());
    ChallengeView {
        id: c.id.clone(),
        name: c.name.clone(),
        variant: c.variant.clone(),
        title,
        options,
        time_control: c
            .time_control_json
            .as_deref()
            .and_then(|t| serde_json::from_str(t).ok()),
        color: c.color.clone(),
        created_ms: c.created_ms,
        state: c.state.name().into(),
        game: c.game_id.clone().filter(|_| mine || c.public),
        mine,
        public: c.public,
    }
}

/// The offset and limit of the page `q` asks for.
///
/// # Errors
/// `400 bad_query` for a limit outside 1 to 100.
pub fn page_bounds(q: &LobbyQuery) -> Result<(usize, usize), ApiError> {
    let limit = q.limit.unwrap_or(lobby::DEFAULT_PAGE);
    if !(1..=lobby::MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad_request(
            ErrorCode::BadQuery,
            format!("limit goes from 1 to {}", lobby::MAX_PAGE),
        ));
    }
    Ok((q.offset.unwrap_or(0), limit))
}

/// `rows` (of `total` open, from `offset`) as `viewer` sees them.
fn page_of(
    rows: &[ChallengeRow],
    total: usize,
    offset: usize,
    viewer: Option<&str>,
) -> ChallengePage {
    ChallengePage {
        challenges: rows.iter().map(|c| view_of(c, viewer)).collect(),
        total,
        offset,
    }
}

/// The page of open challenges `q` asks for, lapsed ones dropped first.
///
/// # Errors
/// `400 bad_query` for a limit outside 1 to 100; `500` if the store fails.
pub fn page(state: &AppState, q: &LobbyQuery) -> Result<ChallengePage, ApiError> {
    let (offset, limit) = page_bounds(q)?;
    lobby::sweep(state, ids::now_ms())?;
    let (rows, total) = state.store().open_challenges(offset, limit)?;
    Ok(page_of(&rows, total, offset, q.player.as_deref()))
}

/// The page `q` asks for, as [`page`], from the reading every lobby
/// stream shares ([`lobby::Lobby::shared_list`]).
///
/// # Errors
/// As [`page`].
pub async fn shared_page(state: &AppState, q: &LobbyQuery) -> Result<ChallengePage, ApiError> {
    let (offset, limit) = page_bounds(q)?;
    let list = state.lobby().shared_list(state, offset, limit).await?;
    Ok(page_of(&list.rows, list.total, offset, q.player.as_deref()))
}

/// `GET /api/challenges?offset=&limit=&player=`: open challenges, newest first.
///
/// # Errors
/// `400 bad_query` or `bad_player_key`.
pub async fn list(
    State(state): State<AppState>,
    q: Result<Query<LobbyQuery>, QueryRejection>,
) -> Result<Json<ChallengePage>, ApiError> {
    Ok(Json(page(&state, &lobby_query(q)?)?))
}

/// `POST /api/challenges` → `201` with the challenge and the creator's
/// future seat token.
///
/// # Errors
/// `400` for a bad player key, name, variant, option, position or time
/// control; `429 too_many_challenges` past the limits.
pub async fn create(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    ApiJson(req): ApiJson<CreateChallenge>,
) -> Result<(StatusCode, Json<ChallengeCreated>), ApiError> {
    lobby::check_player(&req.player)?;
    let name = lobby::check_name(&req.name)?;
    let (variant, options, start) =
        variants::start_position(&req.variant, req.options.as_ref(), req.fen.as_deref())?;
    check_time_control(req.time_control.as_ref())?;
    let now = ids::now_ms();
    lobby::sweep(&state, now)?;
    let (mine, here) = state.store().count_open_challenges(&req.player, &address)?;
    if mine >= lobby::MAX_OPEN_PER_PLAYER || here >= lobby::MAX_OPEN_PER_ADDRESS {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::TooManyChallenges,
            format!(
                "at most {} open challenges per player and {} per address: cancel one first",
                lobby::MAX_OPEN_PER_PLAYER,
                lobby::MAX_OPEN_PER_ADDRESS
            ),
        ));
    }
    let color = match req.color.unwrap_or(ColorChoice::Random) {
        ColorChoice::White => "white",
        ColorChoice::Black => "black",
        ColorChoice::Random => "random",
    };
    let row = ChallengeRow {
        id: ids::game_id()?,
        player: req.player.clone(),
        address,
        name,
        variant: variant.key.clone(),
        options_json: serde_json::to_string(&options).unwrap_or_else(|_| "{}".into()),
        start_fen: start.fen(),
        time_control_json: req
            .time_control
            .and_then(|t| serde_json::to_string(&t).ok()),
        color: color.into(),
        token: ids::token()?,
        created_ms: now,
        seen_ms: now,
        state: ChallengeState::Open,
        game_id: None,
        public: req.public.unwrap_or(true),
        lapse_ms: match req.time_control {
            Some(tc) if tc.days_per_move.is_none() => lobby::LAPSE_MS,
            _ => lobby::SLOW_LAPSE_MS,
        },
    };
    state.store().create_challenge(&row)?;
    lobby::publish(&state, LobbyEvent::Changed);
    let challenge = view_of(&row, Some(&req.player));
    Ok((
        StatusCode::CREATED,
        Json(ChallengeCreated {
            challenge,
            token: row.token,
        }),
    ))
}

fn find(state: &AppState, id: &str) -> Result<ChallengeRow, ApiError> {
    state
        .store()
        .load_challenge(id)?
        .ok_or_else(|| ApiError::not_found(format!("no challenge {id}")))
}

/// `GET /api/challenges/{id}?player=`: one challenge in any state.
///
/// # Errors
/// `404` if there is no such challenge.
pub async fn one(
    State(state): State<AppState>,
    Path(id): Path<String>,
    q: Result<Query<LobbyQuery>, QueryRejection>,
) -> Result<Json<ChallengeView>, ApiError> {
    let q = lobby_query(q)?;
    lobby::sweep(&state, ids::now_ms())?;
    Ok(Json(view_of(&find(&state, &id)?, q.player.as_deref())))
}

/// `POST /api/challenges/{id}/cancel`: the creator withdraws an open challenge.
///
/// # Errors
/// `404` if there is no such challenge; `403 not_your_seat` for another
/// player's; `409 challenge_taken` if it is no longer open.
pub async fn cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<PlayerRequest>,
) -> Result<Json<ChallengeView>, ApiError> {
    lobby::check_player(&req.player)?;
    let c = find(&state, &id)?;
    if c.player != req.player {
        return Err(ApiError::forbidden(
            ErrorCode::NotYourSeat,
            "only the player who opened a challenge may cancel it",
        ));
    }
    if !state.store().cancel_challenge(&id, &req.player)? {
        return Err(taken());
    }
    lobby::publish(&state, LobbyEvent::Changed);
    Ok(Json(view_of(&find(&state, &id)?, Some(&req.player))))
}

fn taken() -> ApiError {
    ApiError::conflict(
        ErrorCode::ChallengeTaken,
        "this challenge is no longer open: someone accepted it first, or it was cancelled or lapsed",
    )
}

/// `POST /api/challenges/{id}/accept` → `201` with the accepting player's
/// seat in the new game (as `POST /api/games` answers); the creator learns
/// of it from the lobby's event stream.
///
/// # Errors
/// `404` if there is no such challenge; `409 own_challenge` for one's own;
/// `409 challenge_taken` if it is no longer open (of two players accepting
/// at once, one gets the game and the other this).
pub async fn accept(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<AcceptChallenge>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    lobby::check_player(&req.player)?;
    let name = match &req.name {
        Some(n) => lobby::check_name(n)?,
        None => "guest".into(),
    };
    lobby::sweep(&state, ids::now_ms())?;
    let c = find(&state, &id)?;
    if c.player == req.player {
        return Err(ApiError::conflict(
            ErrorCode::OwnChallenge,
            "this is your own challenge: wait for someone to accept it, or cancel it",
        ));
    }
    let game_id = ids::game_id()?;
    if !state.store().claim_challenge(&id, &game_id)? {
        return Err(taken());
    }
    let created = start_game(&state, &c, game_id, name)?;
    lobby::publish(
        &state,
        LobbyEvent::Accepted {
            challenge: id,
            game: created.id.clone(),
            only_for: (!c.public).then(|| c.player.clone()),
        },
    );
    lobby::publish(&state, LobbyEvent::Changed);
    Ok((StatusCode::CREATED, Json(created)))
}

/// Creates the game of an accepted challenge: the creator's seat holds the
/// token it was given, the accepting player gets a new one.
fn start_game(
    state: &AppState,
    c: &ChallengeRow,
    id: String,
    name: String,
) -> Result<Created, ApiError> {
    let options: OptionMap = serde_json::from_str(&c.options_json).unwrap_or_default();
    let (_, options, start) =
        variants::start_position(&c.variant, Some(&options), Some(&c.start_fen))?;
    let creator = match c.color.as_str() {
        "white" => Color::White,
        "black" => Color::Black,
        _ => pick_color(ColorChoice::Random)?,
    };
    let theirs = ids::token()?;
    let mut tokens = ByColor([theirs.clone(), theirs.clone()]);
    tokens[creator] = c.token.clone();
    let g = state.insert_new(NewGame {
        id: id.clone(),
        spec: c.variant.clone(),
        options,
        record: GameRecord::new(start),
        mode: Mode::Link,
        players: ByColor([Player::Human, Player::Human]),
        tokens,
        time_control: c
            .time_control_json
            .as_deref()
            .and_then(|t| serde_json::from_str(t).ok()),
        created_ms: ids::now_ms(),
        creator: None,
        ticket: None,
    })?;
    // Past the creator's address's cap the game is played, just not listed
    // (the one accepting is not to blame).
    if c.public
        && super::watch::live_public_count(state, &c.address)?
            < super::watch::MAX_PUBLIC_GAMES_PER_ADDRESS
    {
        state
            .store()
            .set_public_from(&id, ids::now_ms(), Some(&c.address))?;
    }
    let mut names = ByColor([name.clone(), name]);
    names[creator] = c.name.clone();
    state.name_players(&g, names)?;
    let side = !creator;
    let seat = Seat::Side(side);
    let link = Some(format!("/play/{id}?seat={theirs}"));
    let links = Links {
        white: if side == Color::White {
            link.clone()
        } else {
            None
        },
        black: if side == Color::Black { link } else { None },
        watch: format!("/play/{id}"),
    };
    Ok(Created {
        id,
        seat: seat.name().into(),
        token: theirs,
        links,
        game: view::for_seat(state.view(&g), Some(seat)),
    })
}
