//! The Withdrawer (Chess on a Longer Board, `docs/rules/longer-board.md` A.5).
//!
//! > "Non-capturing movement: like a Queen, any distance in any of the 8
//! > directions, through empty squares. The friendly-Wall pass-over of A.4
//! > applies. It may **only land on an empty square**."
//! >
//! > "Capture (withdrawal): at the start of its move the Withdrawer stands
//! > next to an enemy piece [...] in direction `d` from the Withdrawer. It
//! > then moves any legal distance of at least 1 in the exact opposite
//! > direction `−d`. The enemy piece on the neighbouring square is captured."
//! >
//! > "The capture is automatic." "The Withdrawer may withdraw from either
//! > square of an enemy Wall. Doing so captures the whole Wall."

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

/// Whether the Withdrawer of `color` on `from` could capture a piece on
/// `target` (the same answer as generating its actions, found geometrically):
/// `target` holds an enemy, and the enemy's square (or, for a Wall, one of its
/// two squares) is a neighbour from which the Withdrawer can move straight away.
pub(crate) fn attacks(pos: &Position, from: Square, color: Color, target: Square) -> bool {
    if !pos.board().get(target).is_some_and(|p| p.color != color) {
        return false;
    }
    let g = &pos.variant().geometry;
    let near = g.around(from);
    pos.footprint(target)
        .into_iter()
        .filter(|v| near.contains(*v))
        .any(|v| {
            Dir::ALL
                .into_iter()
                .find(|&d| g.step(from, d) == Some(v))
                .is_some_and(|d| can_retreat(pos, from, color, d.opposite()))
        })
}

/// Whether the Withdrawer can move at least one square along `d`: the first
/// square that is not its own passable Wall is on the board and empty.
fn can_retreat(pos: &Position, from: Square, color: Color, d: Dir) -> bool {
    let g = &pos.variant().geometry;
    let mut s = from;
    while let Some(t) = g.step(s, d) {
        match pos.board().get(t) {
            None => return true,
            Some(p) if passes_over(pos, p, d, color) => s = t,
            Some(_) => return false,
        }
    }
    false
}
