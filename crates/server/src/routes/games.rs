//! Creating and reading games: `POST /api/games`, `GET /api/games/{id}`,
//! its record and its event stream.

use super::seated::SeatedGame;
use crate::dto::{
    ClaimSeat, Claimed, ColorChoice, CreateGame, Created, Links, Opponent, RecordQuery, TimeControl,
};
use crate::error::{ApiError, ApiJson, ErrorCode};
use crate::game::{GameEvent, Mode, NewGame, Player, Seat};
use crate::rate::ClientAddr;
use crate::review::{self, Snapshot};
use crate::state::{lock, AppState};
use crate::store::SeatTicket;
use crate::{ids, pgn, variants, view};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream::Stream;
use menagerie_rules::{ByColor, Color, GameRecord};
use std::convert::Infallible;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The longest time control accepted: a day.
pub const MAX_INITIAL_MS: u64 = 86_400_000;
/// The longest increment accepted: ten minutes.
pub const MAX_INCREMENT_MS: u64 = 600_000;

/// `POST /api/games` → `201` with the creator's seat, token, links and the game.
///
/// # Errors
/// `400` for a bad variant, option, position, level or time control; `429
/// too_many_public_games` for a public game past
/// [`super::watch::MAX_PUBLIC_GAMES_PER_ADDRESS`]; `429
/// too_many_engine_games` for a game against the engine when the address
/// has [`crate::budget::MAX_ENGINE_GAMES_PER_ADDRESS`] in progress.
pub async fn create(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    ApiJson(req): ApiJson<CreateGame>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let (variant, options, start) =
        variants::start_position(&req.variant, req.options.as_ref(), req.fen.as_deref())?;
    let opponent = req.opponent.unwrap_or(Opponent::Engine { level: 5 });
    if let Opponent::Engine { level } = opponent {
        if !(1..=10).contains(&level) {
            return Err(ApiError::bad_request(
                ErrorCode::BadLevel,
                format!("the engine's level goes from 1 to 10, not {level}"),
            ));
        }
    }
    check_time_control(req.time_control.as_ref())?;
    let public = req.public == Some(true);
    if public {
        super::watch::check_public_room(&state, &address)?;
    }
    let color = pick_color(req.color.unwrap_or(ColorChoice::White))?;
    let id = ids::game_id()?;
    let mine = ids::token()?;
    let (mode, players, tokens, seat) = match opponent {
        Opponent::Engine { level } => {
            let mut players = ByColor([Player::Engine(level), Player::Engine(level)]);
            players[color] = Player::Human;
            let mut tokens = ByColor([String::new(), String::new()]);
            tokens[color] = mine.clone();
            (Mode::Engine, players, tokens, Seat::Side(color))
        }
        Opponent::Local {} => (
            Mode::Local,
            ByColor([Player::Human, Player::Human]),
            ByColor([mine.clone(), mine.clone()]),
            Seat::Both,
        ),
        Opponent::Link {} => {
            let mut tokens = ByColor([ids::token()?, ids::token()?]);
            tokens[color] = mine.clone();
            (
                Mode::Link,
                ByColor([Player::Human, Player::Human]),
                tokens,
                Seat::Side(color),
            )
        }
    };
    let ticket = match mode {
        Mode::Link => Some(SeatTicket {
            secret: ids::token()?,
            claimed_ms: None,
        }),
        _ => None,
    };
    let link = |t: &str| (!t.is_empty()).then(|| format!("/play/{id}?seat={t}"));
    let own_links = Links {
        white: link(&tokens[Color::White]),
        black: link(&tokens[Color::Black]),
        watch: format!("/play/{id}"),
    };
    if mode == Mode::Engine {
        admit_engine_game(&state, &address, &id)?;
    }
    let g = state
        .insert_new(NewGame {
            id: id.clone(),
            spec: variant.key.clone(),
            options,
            record: GameRecord::new(start),
            mode,
            players,
            tokens,
            time_control: req.time_control,
            created_ms: ids::now_ms(),
            creator: (mode == Mode::Link).then_some(color),
            ticket,
        })
        .inspect_err(|_| state.budget().forget_engine_game(&id))?;
    let links = match mode {
        Mode::Link => view::links_of(&lock(&g)),
        _ => own_links,
    };
    if public {
        state
            .store()
            .set_public_from(&id, ids::now_ms(), Some(&address))?;
    }
    let game = view::for_seat(state.view(&g), Some(seat));
    Ok((
        StatusCode::CREATED,
        Json(Created {
            id,
            seat: seat.name().into(),
            token: mine,
            links,
            game,
        }),
    ))
}

/// `POST /api/games/{id}/claim` with `{"ticket": T}` → `200` with the
/// invited seat of a game over a link, its token and the game: once per
/// game (the invitation link's ticket is used up).
///
/// # Errors
/// `404` if there is no such game; `403 bad_ticket` for a ticket that is
/// not the game's; `409 seat_taken` once the seat has been claimed.
pub async fn claim(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<ClaimSeat>,
) -> Result<Json<Claimed>, ApiError> {
    let g = state.game(&id)?;
    let (side, token) = state.claim(&g, req.ticket.trim())?;
    let seat = Seat::Side(side);
    let game = view::for_seat(state.view(&g), Some(seat));
    Ok(Json(Claimed {
        id: game.id.clone(),
        seat: seat.name().into(),
        token,
        game,
    }))
}

/// Gives new game `id` against the engine a place among `address`'s games
/// in progress (see [`crate::budget::Budget::admit_engine_game`]).
///
/// # Errors
/// `429 too_many_engine_games`.
pub fn admit_engine_game(state: &AppState, address: &str, id: &str) -> Result<(), ApiError> {
    state
        .budget()
        .admit_engine_game(address, id, |g| engine_game_live(state, g))
}

/// Whether game `id` is still in progress (a game that cannot be read
/// counts as in progress; one that is gone, as ended).
fn engine_game_live(state: &AppState, id: &str) -> bool {
    match state.game(id) {
        Ok(g) => !lock(&g).is_over(),
        Err(e) => e.status != StatusCode::NOT_FOUND,
    }
}

/// Checks a time control's bounds ([`MAX_INITIAL_MS`], [`MAX_INCREMENT_MS`]).
///
/// # Errors
/// `400 bad_time_control`.
pub fn check_time_control(tc: Option<&TimeControl>) -> Result<(), ApiError> {
    match tc {
        Some(tc) if tc.days_per_move.is_some() => {
            let ok = matches!(tc.days_per_move, Some(1 | 3 | 7))
                && tc.initial_ms == 0
                && tc.increment_ms == 0;
            if ok {
                Ok(())
            } else {
                Err(ApiError::bad_request(
                    ErrorCode::BadTimeControl,
                    "days_per_move is 1, 3 or 7, with no initial_ms or increment_ms",
                ))
            }
        }
        Some(tc)
            if tc.initial_ms < 1000
                || tc.initial_ms > MAX_INITIAL_MS
                || tc.increment_ms > MAX_INCREMENT_MS =>
        {
            Err(ApiError::bad_request(
                ErrorCode::BadTimeControl,
                "initial_ms must be from 1000 (1 s) to 86400000 (a day), increment_ms at most 600000",
            ))
        }
        _ => Ok(()),
    }
}

/// The side a colour choice gives (a coin toss for `random`).
///
/// # Errors
/// `500` if the system has no randomness.
pub fn pick_color(choice: ColorChoice) -> Result<Color, ApiError> {
    Ok(match choice {
        ColorChoice::White => Color::White,
        ColorChoice::Black => Color::Black,
        ColorChoice::Random => {
            if ids::coin()? {
                Color::White
            } else {
                Color::Black
            }
        }
    })
}

/// `GET /api/games/{id}`: the game as the token's holder (or a spectator) sees it.
///
/// # Errors
/// `404` if there is no such game.
pub async fn read(
    State(state): State<AppState>,
    SeatedGame { game: g, seat }: SeatedGame,
) -> Result<Json<crate::dto::GameView>, ApiError> {
    state.check_flag(&g);
    state.schedule_engine(&g);
    Ok(Json(view::for_seat(state.view(&g), seat)))
}

/// `GET /api/games/{id}/record`: the game as PGN text; with
/// `?annotated=true`, with its review's evaluations, judgements and better
/// lines (as far as the game is reviewed).
///
/// # Errors
/// `404` if there is no such game; `400 bad_query` for an `annotated` value
/// that is not true or false.
pub async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
    query: Result<Query<RecordQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let bad_query = |m: String| ApiError::bad_request(ErrorCode::BadQuery, m);
    let Query(q) = query.map_err(|e| bad_query(e.body_text()))?;
    let annotated = match q.annotated.as_deref().map(str::trim) {
        None | Some("") => false,
        Some(v) => menagerie_games::options::parse_switch(v)
            .ok_or_else(|| bad_query(format!("annotated is true or false, not {v:?}")))?,
    };
    let g = state.game(&id)?;
    let text = if annotated {
        let snap = Snapshot::of(&lock(&g));
        let review = review::view(&state, &snap)?;
        pgn::write_annotated(&lock(&g), &review)
    } else {
        pgn::write(&lock(&g))
    };
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"menagerie-{id}.pgn\""),
            ),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/games/{id}/events`: server-sent events, `event: game` with the
/// view now and after every change, and `event: review` with the progress
/// of a review of the game (now, if one runs, and as it goes).
///
/// # Errors
/// `404` if there is no such game.
pub async fn events(
    State(state): State<AppState>,
    SeatedGame { game: g, seat }: SeatedGame,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (rx, id) = {
        let game = lock(&g);
        (game.events.subscribe(), game.id.clone())
    };
    let mut first = vec![GameEvent::View(Arc::new(state.view(&g)))];
    first.extend(state.reviews().progress(&id).map(GameEvent::Review));
    first.reverse();
    let stream = futures_util::stream::unfold((rx, first), move |(mut rx, mut first)| async move {
        if let Some(e) = first.pop() {
            return Some((Ok(event(e, seat)), (rx, first)));
        }
        loop {
            match rx.recv().await {
                Ok(e) => return Some((Ok(event(e, seat)), (rx, first))),
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => return None,
            }
        }
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

fn event(e: GameEvent, seat: Option<Seat>) -> Event {
    let made = match e {
        GameEvent::View(v) => Event::default()
            .event("game")
            .json_data(view::for_seat((*v).clone(), seat)),
        GameEvent::Review(p) => Event::default().event("review").json_data(p),
    };
    made.unwrap_or_else(|_| Event::default().event("error").data("{}"))
}
