//! The Super Cannon (Pick the Piece B.5.2).
//!
//! Non-capturing: rook slides through empty squares, or a hop over an
//! orthogonally adjacent friend onto the empty square behind it. Capturing,
//! along a rank or file: over exactly one screen (any colour, anywhere in
//! between) onto the first piece beyond it, which must be an enemy; when the
//! screen is an enemy too, both are captured. It never takes the first piece
//! on a line directly.

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square_set::SquareSet;

/// The Cannon's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    let board = pos.board();
    for d in Dir::ORTHOGONAL {
        let mut s = from;
        let mut k = 0;
        let screen = loop {
            let Some(t) = g.step(s, d) else { break None };
            k += 1;
            s = t;
            match board.get(t) {
                None => out.push(Move::Normal {
                    from,
                    to: t,
                    captured: SquareSet::EMPTY,
                    promotion: None,
                }),
                Some(p) => break Some((t, p)),
            }
        };
        let Some((screen_sq, screen)) = screen else {
            continue;
        };
        if k == 1 && screen.color == color {
            if let Some(b) = g.step(screen_sq, d).filter(|b| board.get(*b).is_none()) {
                out.push(Move::Normal {
                    from,
                    to: b,
                    captured: SquareSet::EMPTY,
                    promotion: None,
                });
            }
        }
        let mut s = screen_sq;
        while let Some(t) = g.step(s, d) {
            s = t;
            let Some(p) = board.get(t) else { continue };
            if p.color != color {
                let mut captured = pos.footprint(t);
                if screen.color != color {
                    captured |= pos.footprint(screen_sq);
                }
                out.push(Move::Normal {
                    from,
                    to: t,
                    captured,
                    promotion: None,
                });
            }
            break;
        }
    }
}
