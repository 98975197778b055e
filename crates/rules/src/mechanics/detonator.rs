//! The Detonator (Wreckage and Carnage §5.6).
//!
//! Rule text (docs/rules/wreckage-carnage.md §5.6):
//! > A queen slide, or a knight leap, to an **empty** square. It never
//! > captures by moving, and never by replacement.
//! > It removes **all** capturable enemy pieces on the 8 adjacent squares, at
//! > once. There is no choosing: it is all or nothing.
//! > **Ninja pawns are immune.** Standard pawns are **not** immune.
//! > A detonation is legal only if at least one capturable enemy piece is
//! > adjacent.
//!
//! Moves as a queen or a knight to empty squares only; never captures by
//! moving. As a whole turn it may detonate in place, removing every
//! capturable enemy on the eight adjacent squares at once (all or none).
//! Ninja pawns are immune; friendly pieces are spared unless the
//! `detonator_hits_friendly` flag is set (then a detonation that would
//! destroy its own king is not offered). At least one capturable enemy must
//! be adjacent, otherwise detonating would be a pass.

use crate::color::Color;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::square_set::SquareSet;

/// The Detonator's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    super::freeze::quiet_queen_and_knight(pos, from, out);
    if let Some(captured) = blast(pos, from, color) {
        out.push(Move::Detonate { at: from, captured });
    }
}

/// Whether a Detonator of `color` on `from` could remove a piece of the other
/// side standing on `target` by detonating.
#[must_use]
pub fn attacks(pos: &Position, from: Square, color: Color, target: Square) -> bool {
    pos.variant().geometry.around(from).contains(target)
        && blast(pos, from, color).is_some_and(|c| c.contains(target))
}

/// What a detonation on `at` removes, if it is allowed.
#[must_use]
pub fn blast(pos: &Position, at: Square, color: Color) -> Option<SquareSet> {
    let board = pos.board();
    let around = pos.variant().geometry.around(at) - board.by_role(Role::NinjaPawn);
    let enemies = around & board.by_color(!color);
    if enemies.is_empty() {
        return None;
    }
    let mut captured = SquareSet::EMPTY;
    for sq in enemies {
        captured |= pos.footprint(sq);
    }
    if pos.variant().options.detonator_hits_friendly {
        let friends = around & board.by_color(color);
        if !(friends & board.by_role(Role::King)).is_empty() {
            return None;
        }
        for sq in friends {
            captured |= pos.footprint(sq);
        }
    }
    Some(captured)
}
