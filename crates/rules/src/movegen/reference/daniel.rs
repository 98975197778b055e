//! Naive reference versions of Charles Daniel's Wreckage and Carnage pieces
//! (Dragon, Detonator, Flying Guillotine, Terror Freeze).
//!
//! Each function here re-derives a piece's actions from the rule text with
//! plain coordinate arithmetic, independently of `crate::mechanics`: every
//! square of the board is a candidate destination, and the rule's conditions
//! are tested on the squares between, before and beyond it by offsets.

use crate::color::Color;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Appends the naive actions of `piece` on `from` and returns true, or
/// returns false if this module does not cover the piece.
pub(super) fn piece_moves(pos: &Position, from: Square, piece: Piece, out: &mut MoveList) -> bool {
    match piece.role {
        Role::Dragon => dragon(pos, from, piece.color, out),
        Role::Detonator => {
            quiet_queen_or_knight(pos, from, out);
            detonation(pos, from, piece.color, out);
        }
        Role::Guillotine => guillotine(pos, from, piece.color, out),
        Role::Freeze => quiet_queen_or_knight(pos, from, out),
        _ => return false,
    }
    true
}

/// The square `i` steps of (df, dr) away from `from`, if on the board.
fn at(pos: &Position, from: Square, (df, dr): (i8, i8), i: i8) -> Option<Square> {
    pos.variant().geometry.offset(from, df * i, dr * i)
}

fn occupant(pos: &Position, sq: Option<Square>) -> Option<Piece> {
    sq.and_then(|s| pos.board().get(s))
}

fn is_empty(pos: &Position, sq: Option<Square>) -> bool {
    sq.is_some() && occupant(pos, sq).is_none()
}

/// Offset from `from` to `to` as (unit direction, distance) if they share a
/// rank, file or diagonal.
fn line(from: Square, to: Square) -> Option<((i8, i8), i8)> {
    let df = to.file() as i8 - from.file() as i8;
    let dr = to.rank() as i8 - from.rank() as i8;
    let straight = (df == 0) != (dr == 0);
    let diagonal = df != 0 && df.abs() == dr.abs();
    (straight || diagonal).then(|| ((df.signum(), dr.signum()), df.abs().max(dr.abs())))
}

fn is_knight_leap(from: Square, to: Square) -> bool {
    let df = (to.file() as i8 - from.file() as i8).abs();
    let dr = (to.rank() as i8 - from.rank() as i8).abs();
    (df, dr) == (1, 2) || (df, dr) == (2, 1)
}

/// Whether the first `n` squares from `from` along `d` are empty.
fn clear(pos: &Position, from: Square, d: (i8, i8), n: i8) -> bool {
    (1..=n).all(|i| is_empty(pos, at(pos, from, d, i)))
}

fn quiet(from: Square, to: Square) -> Move {
    Move::Normal {
        from,
        to,
        captured: SquareSet::EMPTY,
        promotion: None,
    }
}

fn taking(from: Square, to: Square, captured: SquareSet) -> Move {
    Move::Normal {
        from,
        to,
        captured,
        promotion: None,
    }
}

/// Queen slides through empty squares and knight leaps, to empty squares only.
fn quiet_queen_or_knight(pos: &Position, from: Square, out: &mut MoveList) {
    for to in pos.variant().geometry.squares() {
        if pos.board().get(to).is_some() {
            continue;
        }
        let slide = line(from, to).is_some_and(|(d, n)| clear(pos, from, d, n));
        if slide || is_knight_leap(from, to) {
            out.push(quiet(from, to));
        }
    }
}

/// "The Dragon cannot capture pawns": an enemy piece other than a pawn of
/// either kind.
fn dragon_prey(pos: &Position, sq: Option<Square>, color: Color) -> SquareSet {
    match (sq, occupant(pos, sq)) {
        (Some(s), Some(p))
            if p.color != color && p.role != Role::Pawn && p.role != Role::NinjaPawn =>
        {
            pos.footprint(s)
        }
        _ => SquareSet::EMPTY,
    }
}

/// Dragon: knight leaps and queen slides to empty squares; a slide toward the
/// enemy (forward for its owner) takes the piece just beyond where it stops;
/// any other slide takes the piece it leaves behind, adjacent on the far side.
fn dragon(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    for to in pos.variant().geometry.squares() {
        if pos.board().get(to).is_some() {
            continue;
        }
        if is_knight_leap(from, to) {
            out.push(quiet(from, to));
            continue;
        }
        let Some((d, n)) = line(from, to) else {
            continue;
        };
        if !clear(pos, from, d, n) {
            continue;
        }
        let toward_enemy = d.1 * color.forward() > 0;
        let victim = if toward_enemy {
            at(pos, from, d, n + 1)
        } else {
            at(pos, from, d, -1)
        };
        out.push(taking(from, to, dragon_prey(pos, victim, color)));
    }
}

/// Detonation: every enemy neighbour but ninja pawns goes at once (and, with
/// `detonator_hits_friendly`, every friendly neighbour, unless that would
/// include the own king); there must be at least one enemy victim.
fn detonation(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let hits_friends = pos.variant().options.detonator_hits_friendly;
    let mut enemies = SquareSet::EMPTY;
    let mut friends = SquareSet::EMPTY;
    for df in -1..=1 {
        for dr in -1..=1 {
            let sq = pos.variant().geometry.offset(from, df, dr);
            let (Some(s), Some(p)) = (sq, occupant(pos, sq)) else {
                continue;
            };
            if (df, dr) == (0, 0) || p.role == Role::NinjaPawn {
                continue;
            }
            if p.color != color {
                enemies |= pos.footprint(s);
            } else if hits_friends {
                if p.role == Role::King {
                    return;
                }
                friends |= pos.footprint(s);
            }
        }
    }
    if !enemies.is_empty() {
        out.push(Move::Detonate {
            at: from,
            captured: enemies | friends,
        });
    }
}

fn is_enemy(pos: &Position, sq: Option<Square>, color: Color) -> bool {
    occupant(pos, sq).is_some_and(|p| p.color != color)
}

fn is_friend(pos: &Position, sq: Option<Square>, color: Color) -> bool {
    occupant(pos, sq).is_some_and(|p| p.color == color)
}

/// Flying Guillotine: for a destination n squares away on a queen line with
/// s1..sn the squares up to it, exactly one of these applies or none:
/// M1 all empty; M2 (n = 2) s1 friendly, s2 empty; C1 s1..s(n-2) empty,
/// s(n-1) enemy, sn empty; C2 (n = 2) s2 enemy, s1 empty or friendly;
/// C3 (n = 2) s1 and s2 both enemies.
fn guillotine(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    for to in pos.variant().geometry.squares() {
        let Some((d, n)) = line(from, to) else {
            continue;
        };
        if is_friend(pos, Some(to), color) {
            continue;
        }
        let s = |i: i8| at(pos, from, d, i);
        let dest_empty = is_empty(pos, Some(to));
        let sq = |i: i8| s(i).map_or(SquareSet::EMPTY, |x| pos.footprint(x));
        let m1 = clear(pos, from, d, n);
        let m2 = n == 2 && is_friend(pos, s(1), color);
        if dest_empty && (m1 || m2) {
            out.push(quiet(from, to));
        } else if dest_empty
            && n >= 2
            && clear(pos, from, d, n - 2)
            && is_enemy(pos, s(n - 1), color)
        {
            out.push(taking(from, to, sq(n - 1)));
        } else if n == 2 && is_enemy(pos, s(2), color) && !is_enemy(pos, s(1), color) {
            out.push(taking(from, to, sq(2)));
        } else if n == 2 && is_enemy(pos, s(2), color) && is_enemy(pos, s(1), color) {
            out.push(taking(from, to, sq(1) | sq(2)));
        }
    }
}
