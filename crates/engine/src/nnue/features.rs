//! The network's inputs: one feature per (colour relative to the
//! perspective, role, square) on the 10x10 canvas, the square mirrored
//! vertically within the game's ranks for Black's perspective, plus pocket
//! features: for each relative colour and role, one feature per piece in
//! hand up to [`POCKET_BUCKETS`] (a thermometer of the count), plus prong
//! features for men that carry prongs (`mechanics::prongs`): one per
//! (relative colour, prong kind, direction, square), the direction mirrored
//! with the square for Black's perspective, so that a wounded or turned man
//! looks different from a whole one. Everything is derived from
//! [`Role::ALL`], [`ROLE_COUNT`], the prong encoding and the canvas: no game
//! is named.

use super::kings::KingBuckets;
use menagerie_rules::geometry::{Dir, KNIGHT_OFFSETS};
use menagerie_rules::geometry::{CANVAS, CANVAS_SQUARES};
use menagerie_rules::mechanics::prongs;
use menagerie_rules::piece::ROLE_COUNT;
use menagerie_rules::{Color, Piece, Position, Role, Square};

/// Pocket counts distinguished per role (a count above it looks like it).
pub const POCKET_BUCKETS: usize = 4;
/// Board features: two relative colours, every role, every canvas square.
pub const BOARD_FEATURES: usize = 2 * ROLE_COUNT * CANVAS_SQUARES;
/// Pocket features: two relative colours, every role, each bucket.
pub const POCKET_FEATURES: usize = 2 * ROLE_COUNT * POCKET_BUCKETS;
/// Prong kinds told apart: short, long and knight.
pub const PRONG_KINDS: usize = 3;
/// Prong features: two relative colours, each kind, eight directions (or
/// knight offsets), every canvas square.
pub const PRONG_FEATURES: usize = 2 * PRONG_KINDS * 8 * CANVAS_SQUARES;
/// The inputs of nets made before prong features (their files are read
/// with those rows zero).
pub const FEATURES_WITHOUT_PRONGS: usize = BOARD_FEATURES + POCKET_FEATURES;
/// Every input of the network.
pub const FEATURES: usize = FEATURES_WITHOUT_PRONGS + PRONG_FEATURES;
/// At most this many features are active in one perspective (a full
/// canvas, every pocket bucket and eight prongs per man).
pub const MAX_ACTIVE: usize = 9 * CANVAS_SQUARES + POCKET_FEATURES / 2;

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

/// The feature of a prong of `kind` (0 short, 1 long, 2 knight) in
/// direction or knight offset `dir` (0..8) of a `color` man on `sq`, seen
/// from `persp`.
#[must_use]
#[inline]
pub fn prong(persp: Color, color: Color, kind: usize, dir: usize, sq: Square, ranks: u8) -> usize {
    let dir = match persp {
        Color::White => dir,
        Color::Black if kind == 2 => mirrored_knight(dir),
        Color::Black => (12 - dir) % 8,
    };
    FEATURES_WITHOUT_PRONGS
        + ((relative(persp, color) * PRONG_KINDS + kind) * 8 + dir) * CANVAS_SQUARES
        + oriented(persp, sq, ranks)
}

/// The knight offset that is offset `i` seen upside down.
fn mirrored_knight(i: usize) -> usize {
    let (df, dr) = KNIGHT_OFFSETS[i % 8];
    KNIGHT_OFFSETS
        .iter()
        .position(|&o| o == (df, -dr))
        .unwrap_or(i)
}

/// Hands each prong feature of man `p` on `sq` to `each` (none for a
/// piece whose state is not prongs: a Wall's halves, or any piece of a game
/// without prongs). A callback, so the accumulator's update needs no buffer.
pub fn for_each_prong(persp: Color, p: Piece, sq: Square, ranks: u8, mut each: impl FnMut(u16)) {
    if p.state == 0 || p.role == Role::Wall {
        return;
    }
    let mut emit = |kind, dir| each(prong(persp, p.color, kind, dir, sq, ranks) as u16);
    if p.role == Role::Knight {
        for i in (0..8).filter(|i| p.state >> i & 1 != 0) {
            emit(2, i);
        }
        return;
    }
    for d in Dir::ALL {
        match prongs::prong(p.state, d) {
            prongs::SHORT => emit(0, d.index()),
            prongs::LONG => emit(1, d.index()),
            _ => {}
        }
    }
}

/// The prong features of man `p` on `sq`, appended to `out`.
pub fn prongs_of(persp: Color, p: Piece, sq: Square, ranks: u8, out: &mut Vec<u16>) {
    for_each_prong(persp, p, sq, ranks, |f| out.push(f));
}

/// Pocket features of `count` pieces of `role` (as many buckets as it fills).
pub fn pocket_count(persp: Color, color: Color, role: Role, count: u8, out: &mut Vec<u16>) {
    let n = usize::from(count).min(POCKET_BUCKETS);
    for k in 1..=n {
        out.push(pocket(persp, color, role, k) as u16);
    }
}

/// Every active feature of `pos` from `persp` (its board features seen
/// through `kings`), appended to `out`.
pub fn active(pos: &Position, persp: Color, kings: &KingBuckets, out: &mut Vec<u16>) {
    let geometry = &pos.variant().geometry;
    let ranks = geometry.ranks();
    let board = pos.board();
    let view = kings.view_of(persp, board, geometry.files(), ranks);
    for sq in board.occupied() {
        if let Some(p) = board.get(sq) {
            out.push(view.board(persp, p.color, p.role, sq, ranks) as u16);
            prongs_of(persp, p, sq, ranks, out);
        }
    }
    for color in Color::BOTH {
        let hand = pos.pocket(color);
        for role in Role::ALL {
            pocket_count(persp, color, role, hand.count(role), out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;

    #[test]
    fn the_start_position_looks_the_same_from_both_sides() {
        let pos = Position::start(fide::chess());
        let (mut w, mut b) = (Vec::new(), Vec::new());
        active(&pos, Color::White, &KingBuckets::NONE, &mut w);
        active(&pos, Color::Black, &KingBuckets::NONE, &mut b);
        w.sort_unstable();
        b.sort_unstable();
        assert_eq!(w, b);
        assert_eq!(w.len(), 32);
        assert!(w.iter().all(|&f| usize::from(f) < FEATURES));
    }

    #[test]
    fn pocket_and_prong_features_stay_in_their_ranges() {
        let f = pocket(Color::Black, Color::White, Role::ALL[ROLE_COUNT - 1], 9);
        assert_eq!(f, FEATURES_WITHOUT_PRONGS - 1);
        let corner = Square::new(CANVAS - 1, CANVAS - 1).unwrap();
        let last = prong(Color::White, Color::Black, 2, 7, corner, CANVAS);
        assert_eq!(last, FEATURES - 1);
        assert!(FEATURES <= usize::from(u16::MAX));
    }

    #[test]
    fn prongs_mirror_with_the_board_for_black() {
        let sq = Square::new(3, 1).unwrap();
        let seen = |persp, dir, kind| prong(persp, Color::White, kind, dir, sq, 8);
        // A short prong pointing north (0) from d2, seen by Black, is a
        // prong pointing south (4) from d7; north-east (1) becomes
        // south-east (3); east (2) stays east.
        let d7 = Square::new(3, 6).unwrap();
        let black = |dir, kind| prong(Color::White, Color::Black, kind, dir, d7, 8);
        assert_eq!(seen(Color::Black, 0, 0), black(4, 0));
        assert_eq!(seen(Color::Black, 1, 1), black(3, 1));
        assert_eq!(seen(Color::Black, 2, 0), black(2, 0));
        // Knight offset (1, 2) seen upside down is (1, -2).
        let up = KNIGHT_OFFSETS.iter().position(|&o| o == (1, 2)).unwrap();
        let down = KNIGHT_OFFSETS.iter().position(|&o| o == (1, -2)).unwrap();
        assert_eq!(seen(Color::Black, up, 2), black(down, 2));
    }

    #[test]
    fn men_show_their_prongs_and_a_wound_or_turn_changes_them() {
        let pos = Position::start(menagerie_games::wounds::wounds());
        let mut white = Vec::new();
        active(&pos, Color::White, &KingBuckets::NONE, &mut white);
        // 32 men; prongs: 16 pawns x 3, 4 rooks and 4 bishops x 4,
        // 4 knights x 8, 2 queens and 2 kings x 8.
        assert_eq!(white.len(), 32 + 48 + 32 + 32 + 32);
        // A game without prongs has none.
        let mut chess = Vec::new();
        active(
            &Position::start(fide::chess()),
            Color::White,
            &KingBuckets::NONE,
            &mut chess,
        );
        assert_eq!(chess.len(), 32);
        // Play until a move changes some man's prongs but no square's
        // colour or role (a wound or a rotation): the features change.
        let mut rng = crate::level::Rng::new(3);
        let mut pos = pos;
        for _ in 0..400 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mut child = pos.clone();
            child.play_unchecked(&legal[rng.below(legal.len())]);
            let kinds = |p: &Position| {
                let b = p.board();
                b.occupied()
                    .into_iter()
                    .map(|sq| b.get(sq).map(|m| (sq, m.color, m.role)))
                    .collect::<Vec<_>>()
            };
            if kinds(&pos) == kinds(&child) && pos.board() != child.board() {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                active(&pos, Color::White, &KingBuckets::NONE, &mut a);
                active(&child, Color::White, &KingBuckets::NONE, &mut b);
                a.sort_unstable();
                b.sort_unstable();
                assert_ne!(a, b);
                return;
            }
            pos = child;
        }
        panic!("no wound or rotation in 400 random plies");
    }
}
