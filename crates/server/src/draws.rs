//! Draw offers: made, accepted and declined through [`AppState::draw`].
//! Each is stored only if the game is as this server saw it (same plies,
//! same standing offer; see [`crate::store::guarded`]), so an acceptance
//! racing a move or a decline through another server is decided once.

use crate::dto::DrawAction;
use crate::error::{ApiError, ErrorCode};
use crate::game::{Game, Player, Seat};
use crate::state::{live_seat, lock, AppState, GameRef};
use crate::store::{Ending, StoreError};
use menagerie_rules::{Color, Position};

/// The agreed draw.
fn agreement() -> Ending {
    Ending {
        result: "1/2-1/2".into(),
        reason: "agreement".into(),
    }
}

impl AppState {
    /// Offers, accepts or declines a draw.
    ///
    /// # Errors
    /// `403`/`409` when the action does not fit the game;
    /// `409 concurrent_change` when another server changed the game first.
    pub fn draw(
        &self,
        g: &GameRef,
        seat: Option<Seat>,
        action: DrawAction,
    ) -> Result<(), ApiError> {
        let stored = {
            let mut game = lock(g);
            let seat = live_seat(&game, seat)?;
            match action {
                DrawAction::Offer => self.offer(&mut game, seat)?,
                DrawAction::Accept => self.answer(&mut game, seat, true)?,
                DrawAction::Decline => self.answer(&mut game, seat, false)?,
            }
        };
        self.settle(g, stored)?;
        self.broadcast(g);
        Ok(())
    }

    /// A draw offered by `seat`: an engine answers at once, a person later.
    fn offer(&self, game: &mut Game, seat: Seat) -> Result<Result<(), StoreError>, ApiError> {
        let side = game.acting_side(seat);
        if let Player::Engine(_) = game.players[!side] {
            if !engine_accepts_draw(game.record.position(), !side) {
                return Err(ApiError::conflict(
                    ErrorCode::DrawDeclined,
                    "the engine declines the draw",
                ));
            }
            let stored = self.store().end_game(&game.id, &game.seen(), &agreement());
            if stored.is_ok() {
                game.end(agreement());
            }
            return Ok(stored);
        }
        let offerer = if seat == Seat::Both {
            game.draw_offer.map_or(side, |c| c)
        } else {
            side
        };
        let stored = self
            .store()
            .set_draw_offer(&game.id, &game.seen(), Some(offerer));
        if stored.is_ok() {
            game.draw_offer = Some(offerer);
            game.version += 1;
        }
        Ok(stored)
    }

    /// The standing offer accepted or declined by `seat`.
    fn answer(
        &self,
        game: &mut Game,
        seat: Seat,
        accept: bool,
    ) -> Result<Result<(), StoreError>, ApiError> {
        let Some(offerer) = game.draw_offer else {
            return Err(ApiError::conflict(
                ErrorCode::NoDrawOffer,
                "no draw is offered",
            ));
        };
        if !seat.plays(!offerer) {
            let what = if accept {
                "you cannot accept your own draw offer"
            } else {
                "only the other side can decline a draw offer"
            };
            return Err(ApiError::conflict(ErrorCode::NoDrawOffer, what));
        }
        let seen = game.seen();
        let stored = if accept {
            self.store().end_game(&game.id, &seen, &agreement())
        } else {
            self.store().set_draw_offer(&game.id, &seen, None)
        };
        if stored.is_ok() {
            if accept {
                game.end(agreement());
            } else {
                game.draw_offer = None;
                game.version += 1;
            }
        }
        Ok(stored)
    }
}

/// Whether the engine playing `engine_side` accepts a draw in `pos`: when
/// it stands clearly worse.
fn engine_accepts_draw(pos: &Position, engine_side: Color) -> bool {
    let e = menagerie_engine::Engine::new(menagerie_engine::Options {
        hash_mb: 1,
        ..menagerie_engine::Options::default()
    });
    let v = e.evaluate(pos);
    let for_engine = if pos.turn() == engine_side { v } else { -v };
    for_engine < -150
}
