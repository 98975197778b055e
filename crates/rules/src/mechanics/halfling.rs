//! The Changeling (Chess on a Longer Board, `docs/rules/longer-board.md` A.7).
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
use super::passes_over;
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

/// Whether the Changeling of `color` on `from`, moving along `dirs`, could
/// capture a piece on `target` (the same answer as generating its actions,
/// found geometrically): it could land on `target`, or on the other square
/// of the enemy Wall `target` belongs to.
pub(crate) fn attacks(
    pos: &Position,
    from: Square,
    color: Color,
    dirs: &[Dir],
    target: Square,
) -> bool {
    if !pos.board().get(target).is_some_and(|p| p.color != color) {
        return false;
    }
    pos.footprint(target)
        .into_iter()
        .any(|sq| lands_on(pos, from, color, dirs, sq))
}

/// Whether a slide along one of `dirs`, within the halfling range, reaches
/// `sq` with only empty squares (or the own passable Wall) before it.
fn lands_on(pos: &Position, from: Square, color: Color, dirs: &[Dir], sq: Square) -> bool {
    let (df, dr) = (
        i16::from(sq.file()) - i16::from(from.file()),
        i16::from(sq.rank()) - i16::from(from.rank()),
    );
    let Some(d) = dirs.iter().copied().find(|d| {
        let (sf, sr) = d.delta();
        let n = df.abs().max(dr.abs());
        n > 0 && df == i16::from(sf) * n && dr == i16::from(sr) * n
    }) else {
        return false;
    };
    let n = df.abs().max(dr.abs());
    if n > i16::from(range(pos, from, d)) {
        return false;
    }
    let g = &pos.variant().geometry;
    let mut s = from;
    for _ in 1..n {
        let Some(t) = g.step(s, d) else { return false };
        if let Some(p) = pos.board().get(t) {
            if !passes_over(pos, p, d, color) {
                return false;
            }
        }
        s = t;
    }
    true
}
