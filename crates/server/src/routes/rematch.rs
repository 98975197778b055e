//! `POST /api/games/{id}/rematch`: once a game is over, the same game again.
//! Between two people over links it is offered by one and started when the
//! other asks too (colours swapped); against the engine or at one screen it
//! starts at once ("play again", same colours). Both players learn of it
//! from the game's event stream, each view carrying the viewer's own seat
//! link in the new game.

use super::seated::SeatedGame;
use crate::dto::GameView;
use crate::error::{ApiError, ErrorCode};
use crate::game::{Game, Mode, NewGame, Seat};
use crate::state::{lock, AppState, GameRef};
use crate::{ids, view};
use axum::extract::State;
use axum::Json;
use menagerie_rules::{ByColor, Color, GameRecord};

/// `POST /api/games/{id}/rematch` → the game's view for the seat, with
/// `rematch` saying who offered it or, once started, the new game and the
/// seat's link in it.
///
/// # Errors
/// `403 not_your_seat` for spectators; `409 game_not_over` before the end.
pub async fn rematch(
    State(state): State<AppState>,
    SeatedGame { game: g, seat }: SeatedGame,
) -> Result<Json<GameView>, ApiError> {
    let Some(seat) = seat else {
        return Err(ApiError::forbidden(
            ErrorCode::NotYourSeat,
            "only the players of a game may ask for a rematch",
        ));
    };
    let start = decide(&g, seat)?;
    if let Some(new) = start {
        let names = lock(&g).names.clone();
        let swap = new.mode == Mode::Link;
        let made = state.insert_new(new).and_then(|g2| match names {
            Some(ByColor([w, b])) if swap => state.name_players(&g2, ByColor([b, w])),
            Some(n) => state.name_players(&g2, n),
            None => Ok(()),
        });
        if let Err(e) = made {
            lock(&g).rematch_game = None;
            return Err(e);
        }
    }
    lock(&g).version += 1;
    state.broadcast(&g);
    Ok(Json(view::for_seat(state.view(&g), Some(seat))))
}

/// Records the offer, or (holding the game's lock, so that it happens once)
/// reserves the rematch and returns the game to create.
fn decide(g: &GameRef, seat: Seat) -> Result<Option<NewGame>, ApiError> {
    let mut game = lock(g);
    if !game.is_over() {
        return Err(ApiError::conflict(
            ErrorCode::GameNotOver,
            "a rematch can be asked for once the game is over",
        ));
    }
    if game.rematch_game.is_some() {
        return Ok(None);
    }
    let side = game.acting_side(seat);
    if game.mode == Mode::Link && (game.rematch_offer.is_none() || game.rematch_offer == Some(side))
    {
        game.rematch_offer = Some(side);
        return Ok(None);
    }
    let (new, tokens) = next_game(&game)?;
    game.rematch_game = Some((new.id.clone(), tokens));
    game.rematch_offer = None;
    Ok(Some(new))
}

/// The rematch of `game`, and each player's token in it by the side they
/// played in `game`.
fn next_game(game: &Game) -> Result<(NewGame, ByColor<String>), ApiError> {
    let swap = game.mode == Mode::Link;
    let white = new_token(&game.tokens[Color::White])?;
    let black = if game.tokens[Color::Black] == game.tokens[Color::White] {
        white.clone()
    } else {
        new_token(&game.tokens[Color::Black])?
    };
    let by_old = ByColor([white, black]);
    let new_side = |c: Color| if swap { !c } else { c };
    let mut tokens = ByColor([String::new(), String::new()]);
    let mut players = game.players;
    for c in Color::BOTH {
        tokens[new_side(c)] = by_old[c].clone();
        players[new_side(c)] = game.players[c];
    }
    let new = NewGame {
        id: ids::game_id()?,
        spec: game.spec.clone(),
        options: game.options.clone(),
        record: GameRecord::new(game.record.start().clone()),
        mode: game.mode,
        players,
        tokens,
        time_control: game.time_control,
        created_ms: ids::now_ms(),
        creator: None,
    };
    Ok((new, by_old))
}

/// A new token for a seat that has one (the engine's stays empty).
fn new_token(old: &str) -> Result<String, ApiError> {
    if old.is_empty() {
        Ok(String::new())
    } else {
        ids::token()
    }
}
