//! The Ninja Guard (Pick the Piece B.5.1).
//!
//! > Diagonal-only and therefore colour-bound. Two move types, both along one
//! > diagonal:
//! > - **Step** one square diagonally, to an empty square or onto an enemy
//! >   piece (capture by replacement).
//! > - **Leap** exactly two squares diagonally. The jumped-over square may be:
//! >   empty; a friendly piece, which is jumped and left alone; an enemy
//! >   piece, which is **captured by being jumped**. The landing square must
//! >   be empty or hold an enemy piece (captured by replacement). It may not
//! >   hold a friendly piece.
//! >
//! > So a leap can capture 0, 1 or 2 pieces. The leap cannot be blocked.
//!
//! Attacks (B.9): "all four diagonal neighbours and the diagonal squares at
//! distance 2 (leap, whatever is in between)".

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

/// Whether a Ninja Guard of `color` on `from` could remove the piece on
/// `target`: an enemy one or two diagonal steps away (the step and the leap
/// both take it, whatever stands between).
#[must_use]
pub fn attacks(pos: &Position, from: Square, color: Color, target: Square) -> bool {
    let df = i16::from(target.file()) - i16::from(from.file());
    let dr = i16::from(target.rank()) - i16::from(from.rank());
    df.abs() == dr.abs()
        && (1..=2).contains(&df.abs())
        && pos.board().get(target).is_some_and(|p| p.color != color)
}
