//! The Changeling (Chess on a Longer Board, `shared/rules/longer-board.md` A.7).
//!
//! > "For each of its directions (4 diagonals in hB state, 4 orthogonals in
//! > hR state): let `e` = the number of squares from the current square to
//! > the board edge in that direction, counted as on an empty board; the
//! > range is `ceil(e / 2)`. The piece then moves like a normal bishop or
//! > rook in that direction, up to that range: blocked by pieces, capturing
//! > by displacement on the square where it stops, able to capture a Wall
//! > square, and using the friendly-Wall forward pass-over."
//! >
//! > "After every move it makes, captures included, it switches state:
//! > hB → hR → hB …"
//!
//! The two states are two roles (`Z`, `Y`); the switch happens in
//! `Position::play_unchecked`. Own-Wall squares passed count toward the range.

use super::orthodox::slide;
use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::MoveList;
use crate::position::Position;

/// The Changeling's pseudo-legal actions in its current phase's directions.
pub(crate) fn generate(
    pos: &Position,
    from: Square,
    color: Color,
    dirs: &[Dir],
    out: &mut MoveList,
) {
    for &d in dirs {
        slide(pos, from, color, d, range(pos, from, d), true, out);
    }
}

/// Halfling range in direction `d`: half the distance to the edge, rounded up.
#[must_use]
pub fn range(pos: &Position, from: Square, d: Dir) -> u8 {
    pos.variant().geometry.distance_to_edge(from, d).div_ceil(2)
}
