//! The Ninja Guard (Pick the Piece B.5.1): a diagonal step (move or
//! replacement capture), or a leap of exactly two squares diagonally that
//! captures an enemy it jumps and/or an enemy on the landing square; the
//! landing square may not hold a friend.

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square_set::SquareSet;

/// The Ninja Guard's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    for d in Dir::DIAGONAL {
        let Some(s1) = g.step(from, d) else { continue };
        super::push_step(pos, from, s1, color, out);
        let Some(s2) = g.step(s1, d) else { continue };
        let mut captured = SquareSet::EMPTY;
        match pos.board().get(s2) {
            Some(p) if p.color == color => continue,
            Some(_) => captured |= pos.footprint(s2),
            None => {}
        }
        if pos.board().get(s1).is_some_and(|p| p.color != color) {
            captured |= pos.footprint(s1);
        }
        out.push(Move::Normal {
            from,
            to: s2,
            captured,
            promotion: None,
        });
    }
}
