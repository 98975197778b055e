//! The network's inputs: one feature per (colour relative to the
//! perspective, role, square) on the 10x10 canvas, the square mirrored
//! vertically within the game's ranks for Black's perspective, plus pocket
//! features: for each relative colour and role, one feature per piece in
//! hand up to [`POCKET_BUCKETS`] (a thermometer of the count). Everything is
//! derived from [`Role::ALL`], [`ROLE_COUNT`] and the canvas: no game is
//! named.

use menagerie_rules::geometry::{CANVAS, CANVAS_SQUARES};
use menagerie_rules::piece::ROLE_COUNT;
use menagerie_rules::{Color, Position, Role, Square};

/// Pocket counts distinguished per role (a count above it looks like it).
pub const POCKET_BUCKETS: usize = 4;
/// Board features: two relative colours, every role, every canvas square.
pub const BOARD_FEATURES: usize = 2 * ROLE_COUNT * CANVAS_SQUARES;
/// Pocket features: two relative colours, every role, each bucket.
pub const POCKET_FEATURES: usize = 2 * ROLE_COUNT * POCKET_BUCKETS;
/// Every input of the network.
pub const FEATURES: usize = BOARD_FEATURES + POCKET_FEATURES;
/// At most this many features are active in one perspective (a full
/// canvas and every pocket bucket).
pub const MAX_ACTIVE: usize = CANVAS_SQUARES + POCKET_FEATURES / 2;

/// The square as `persp` sees it: Black's view is mirrored vertically
/// within the game's `ranks`.
#[must_use]
#[inline]
pub fn oriented(persp: Color, sq: Square, ranks: u8) -> usize {
    match persp {
        Color::White => sq.index(),
        Color::Black => {
            let rank = ranks.saturating_sub(1).saturating_sub(sq.rank());
            usize::from(rank) * usize::from(CANVAS) + usize::from(sq.file())
        }
    }
}

/// 0 for `persp`'s own pieces, 1 for the opponent's.
#[inline]
fn relative(persp: Color, color: Color) -> usize {
    usize::from(persp != color)
}

/// The feature of a `color` `role` on `sq`, seen from `persp`.
#[must_use]
#[inline]
pub fn board(persp: Color, color: Color, role: Role, sq: Square, ranks: u8) -> usize {
    (relative(persp, color) * ROLE_COUNT + role.index()) * CANVAS_SQUARES
        + oriented(persp, sq, ranks)
}

/// The feature of `color` holding at least `k` (1-based, up to
/// [`POCKET_BUCKETS`]) pieces of `role`, seen from `persp`.
#[must_use]
#[inline]
pub fn pocket(persp: Color, color: Color, role: Role, k: usize) -> usize {
    let bucket = k.clamp(1, POCKET_BUCKETS) - 1;
    BOARD_FEATURES + (relative(persp, color) * ROLE_COUNT + role.index()) * POCKET_BUCKETS + bucket
}

/// Pocket features of `count` pieces of `role` (as many buckets as it fills).
pub fn pocket_count(persp: Color, color: Color, role: Role, count: u8, out: &mut Vec<u16>) {
    let n = usize::from(count).min(POCKET_BUCKETS);
    for k in 1..=n {
        out.push(pocket(persp, color, role, k) as u16);
    }
}

/// Every active feature of `pos` from `persp`, appended to `out`.
pub fn active(pos: &Position, persp: Color, out: &mut Vec<u16>) {
    let ranks = pos.variant().geometry.ranks();
    let board = pos.board();
    for sq in board.occupied() {
        if let Some(p) = board.get(sq) {
            out.push(board_feature(persp, p.color, p.role, sq, ranks));
        }
    }
    for color in Color::BOTH {
        let hand = pos.pocket(color);
        for role in Role::ALL {
            pocket_count(persp, color, role, hand.count(role), out);
        }
    }
}

#[inline]
fn board_feature(persp: Color, color: Color, role: Role, sq: Square, ranks: u8) -> u16 {
    board(persp, color, role, sq, ranks) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;

    #[test]
    fn the_start_position_looks_the_same_from_both_sides() {
        let pos = Position::start(fide::chess());
        let (mut w, mut b) = (Vec::new(), Vec::new());
        active(&pos, Color::White, &mut w);
        active(&pos, Color::Black, &mut b);
        w.sort_unstable();
        b.sort_unstable();
        assert_eq!(w, b);
        assert_eq!(w.len(), 32);
        assert!(w.iter().all(|&f| usize::from(f) < FEATURES));
    }

    #[test]
    fn pocket_features_stay_in_their_range() {
        let f = pocket(Color::Black, Color::White, Role::ALL[ROLE_COUNT - 1], 9);
        assert_eq!(f, FEATURES - 1);
    }
}
