//! The Changeling (Chess on a Longer Board A.7): an absolute halfling bishop
//! or halfling rook. In each of its four directions its range is
//! `ceil(e / 2)`, where `e` is the distance to the board edge on an empty
//! board; within that range it moves and captures like a bishop or rook. It
//! switches phase after every move it makes (see `Position::play_unchecked`).

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
