//! One module per rule mechanic. Each exposes `generate` (pseudo-legal
//! actions of one piece, whose colour is read from the board, never from the
//! side to move) and, where the generic fallback is too slow, `attacks`.

pub mod cannon;
pub mod castling;
pub mod detonator;
pub mod dragon;
pub mod drops;
pub mod fly_over;
pub mod freeze;
pub mod halfling;
pub mod ninja_guard;
pub mod ninja_pawn;
pub mod orthodox;
pub mod pawn;
pub mod prongs;
pub mod wall;
pub mod withdrawer;

use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Appends the pseudo-legal actions of the piece on `from`.
pub(crate) fn generate(pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
    if pos.variant().prongs {
        prongs::generate(pos, from, piece, out);
        return;
    }
    match piece.role {
        Role::King => orthodox::steps(pos, from, piece.color, &Dir::ALL, out),
        Role::Queen => orthodox::slides(pos, from, piece.color, &Dir::ALL, out),
        Role::Rook => orthodox::slides(pos, from, piece.color, &Dir::ORTHOGONAL, out),
        Role::Bishop => orthodox::slides(pos, from, piece.color, &Dir::DIAGONAL, out),
        Role::Knight => orthodox::leaps(pos, from, piece.color, out),
        Role::WazirKnight => {
            orthodox::leaps(pos, from, piece.color, out);
            orthodox::steps(pos, from, piece.color, &Dir::ORTHOGONAL, out);
        }
        Role::FerzKnight => {
            orthodox::leaps(pos, from, piece.color, out);
            orthodox::steps(pos, from, piece.color, &Dir::DIAGONAL, out);
        }
        Role::Pawn => pawn::generate(pos, from, piece.color, out),
        Role::NinjaPawn => ninja_pawn::generate(pos, from, piece.color, out),
        Role::Dragon => dragon::generate(pos, from, piece.color, out),
        Role::Detonator => detonator::generate(pos, from, piece.color, out),
        Role::Guillotine => fly_over::generate(pos, from, piece.color, &Dir::ALL, out),
        Role::Bomber => fly_over::generate(pos, from, piece.color, &Dir::ORTHOGONAL, out),
        Role::Freeze => freeze::generate(pos, from, piece.color, out),
        Role::NinjaGuard => ninja_guard::generate(pos, from, piece.color, out),
        Role::Cannon => cannon::generate(pos, from, piece.color, out),
        Role::Withdrawer => withdrawer::generate(pos, from, piece.color, out),
        Role::Wall => wall::generate(pos, from, piece, out),
        Role::ChangelingBishop => halfling::generate(pos, from, piece.color, &Dir::DIAGONAL, out),
        Role::ChangelingRook => halfling::generate(pos, from, piece.color, &Dir::ORTHOGONAL, out),
    }
}

/// Whether the piece on `from` could remove a piece standing on `target`,
/// by generating its actions: the slow, obviously-right definition.
pub(crate) fn attacks_by_generation(
    pos: &Position,
    from: Square,
    piece: Piece,
    target: Square,
) -> bool {
    let mut buf = MoveList::new();
    generate(pos, from, piece, &mut buf);
    buf.iter().any(|m| {
        m.captured().contains(target) || matches!(m, Move::Wound { target: t, .. } if *t == target)
    })
}

/// Whether `d` is one of `color`'s forward directions (N, NE, NW for White).
#[must_use]
#[inline]
pub fn is_forward(d: Dir, color: crate::color::Color) -> bool {
    d.delta().1 * color.forward() > 0
}

/// Appends a move of a `color` pawn-like piece, expanding promotions when
/// it lands in the promotion zone.
pub(crate) fn push_pawn_move(
    pos: &Position,
    from: Square,
    to: Square,
    color: crate::color::Color,
    captured: SquareSet,
    out: &mut MoveList,
) {
    let v = pos.variant();
    let in_zone =
        !v.promotion.choices.is_empty() && v.promotion.zone_contains(&v.geometry, color, to);
    if in_zone {
        for &role in &v.promotion.choices {
            out.push(Move::Normal {
                from,
                to,
                captured,
                promotion: Some(role),
            });
        }
    } else {
        out.push(Move::Normal {
            from,
            to,
            captured,
            promotion: None,
        });
    }
}

/// Appends a plain move or a replacement capture onto `to`, if `to` is empty
/// or holds an enemy. Returns whether `to` was empty.
#[inline(always)]
pub(crate) fn push_step(
    pos: &Position,
    from: Square,
    to: Square,
    color: crate::color::Color,
    out: &mut MoveList,
) -> bool {
    match pos.board().get(to) {
        None => {
            out.push(Move::Normal {
                from,
                to,
                captured: SquareSet::EMPTY,
                promotion: None,
            });
            true
        }
        Some(p) if p.color != color => {
            out.push(Move::Normal {
                from,
                to,
                captured: pos.footprint(to),
                promotion: None,
            });
            false
        }
        Some(_) => false,
    }
}

/// Whether a piece of `color` moving along `d` may pass over `occupant`:
/// only its own Wall, on a forward ray (straight forward only under
/// `wall_pass_over_straight_only`), where the game allows it.
#[must_use]
#[inline]
pub fn passes_over(pos: &Position, occupant: Piece, d: Dir, color: crate::color::Color) -> bool {
    let options = &pos.variant().options;
    occupant.role == Role::Wall
        && occupant.color == color
        && options.wall_pass_over
        && is_forward(d, color)
        && (d.is_orthogonal() || !options.wall_pass_over_straight_only)
}
