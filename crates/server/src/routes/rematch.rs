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
use crate::rate::ClientAddr;
use crate::state::{lock, AppState, GameRef};
use crate::{ids, view};
use axum::extract::State;
use axum::Json;
use menagerie_rules::{ByColor, Color, GameRecord};

/// `POST /api/games/{id}/rematch` → the game's view for the seat, with
/// `rematch` saying who offered it or, once started, the new game and the
/// seat's link in it. Offers and started rematches are stored
/// (`rematches`), so they outlive a restart and reach the other servers.
///
/// # Errors
/// `403 not_your_seat` for spectators; `409 game_not_over` before the end;
/// `409 concurrent_change` when another request (through this server or
/// another) started the rematch first; `429 too_many_engine_games` for
/// "play again" against the engine when the address has as many other
/// games against it in progress as allowed.
pub async fn rematch(
    State(state): State<AppState>,
    ClientAddr(address): ClientAddr,
    SeatedGame { game: g, seat }: SeatedGame,
) -> Result<Json<GameView>, ApiError> {
    let Some(seat) = seat else {
        return Err(ApiError::forbidden(
            ErrorCode::NotYourSeat,
            "only the players of a game may ask for a rematch",
        ));
    };
    if !lock(&g).is_over() {
        // The game may have ended through another server a moment ago,
        // before this one heard of it: read it afresh before refusing.
        state.reload(&g);
    }
    if let Some(new) = decide(&state, &g, seat)? {
        start(&state, &g, new, &address)?;
    }
    lock(&g).version += 1;
    state.broadcast(&g);
    Ok(Json(view::for_seat(state.view(&g), Some(seat))))
}

/// Makes the rematch the store let this request start (a game against
/// the engine counted among `address`'s); on failure the claim is undone.
fn start(state: &AppState, g: &GameRef, new: NewGame, address: &str) -> Result<(), ApiError> {
    let (id, names) = {
        let game = lock(g);
        (game.id.clone(), game.names.clone())
    };
    let new_id = new.id.clone();
    let swap = new.mode == Mode::Link;
    let engine = new.mode == Mode::Engine;
    let admitted = if engine {
        super::games::admit_engine_game(state, address, &new_id)
    } else {
        Ok(())
    };
    let made = admitted
        .and_then(|()| state.insert_new(new))
        .and_then(|g2| match names {
            Some(ByColor([w, b])) if swap => state.name_players(&g2, ByColor([b, w])),
            Some(n) => state.name_players(&g2, n),
            None => Ok(()),
        });
    if let Err(e) = made {
        if engine {
            state.budget().forget_engine_game(&new_id);
        }
        let _ = state.store().release_rematch(&id, &new_id);
        lock(g).rematch_game = None;
        return Err(e);
    }
    // The rematch is started whatever this says; should it fail, the other
    // servers show it when they next reload the game.
    let _ = state.store().announce(&id);
    Ok(())
}

/// Records the offer, or (decided once by the store) reserves the rematch
/// and returns the game to create. Holds the game's lock throughout, with
/// its stored rematch read afresh first (another server may have changed
/// it).
fn decide(state: &AppState, g: &GameRef, seat: Seat) -> Result<Option<NewGame>, ApiError> {
    let mut game = lock(g);
    if !game.is_over() {
        return Err(ApiError::conflict(
            ErrorCode::GameNotOver,
            "a rematch can be asked for once the game is over",
        ));
    }
    let store = state.store();
    let stored = store.load_rematch(&game.id)?;
    game.restore_rematch(stored);
    if game.rematch_game.is_some() {
        return Ok(None);
    }
    let side = game.acting_side(seat);
    if game.mode == Mode::Link && game.rematch_offer != Some(!side) {
        if store.offer_rematch(&game.id, side, ids::now_ms())? {
            game.rematch_offer = Some(side);
            return Ok(None);
        }
        // The other side offered (or a rematch started) meanwhile.
        let stored = store.load_rematch(&game.id)?;
        game.restore_rematch(stored);
        if game.rematch_game.is_some() || game.rematch_offer != Some(!side) {
            return Ok(None);
        }
    }
    let (new, tokens) = next_game(&game)?;
    let by_old = [tokens[Color::White].clone(), tokens[Color::Black].clone()];
    if !store.claim_rematch(&game.id, &new.id, &by_old, ids::now_ms())? {
        if let Ok(row) = store.load_rematch(&game.id) {
            game.restore_rematch(row);
        }
        return Err(ApiError::conflict(
            ErrorCode::ConcurrentChange,
            "the rematch was started by another request first",
        ));
    }
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
        ticket: None,
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
