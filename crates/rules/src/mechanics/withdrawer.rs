//! The Withdrawer (Chess on a Longer Board A.5).
//!
//! Moves like a queen, only to empty squares (passing its own Wall on forward
//! rays). Moving directly away from an adjacent enemy captures it,
//! automatically, whatever the distance; withdrawing from either square of an
//! enemy Wall takes the whole Wall.

use super::passes_over;
use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square_set::SquareSet;

/// The Withdrawer's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    let board = pos.board();
    for d in Dir::ALL {
        let captured = match g.step(from, d.opposite()) {
            Some(v) if board.get(v).is_some_and(|p| p.color != color) => pos.footprint(v),
            _ => SquareSet::EMPTY,
        };
        let mut s = from;
        while let Some(t) = g.step(s, d) {
            s = t;
            match board.get(t) {
                None => out.push(Move::Normal {
                    from,
                    to: t,
                    captured,
                    promotion: None,
                }),
                Some(p) if passes_over(pos, p, d, color) => {}
                Some(_) => break,
            }
        }
    }
}
