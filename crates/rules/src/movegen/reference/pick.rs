//! Naive reference versions of the Pick the Piece pieces (Ninja Guard, Super Cannon, Flying Bomber).
//!
//! Each function here re-derives a piece's actions from the rule text with
//! plain coordinate arithmetic, independently of `crate::mechanics`: every
//! square of the board is a candidate destination, and the squares strictly
//! between the piece and the candidate are inspected one by one.

use crate::color::Color;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Appends the naive actions of `piece` on `from` and returns true, or
/// returns false if this module does not cover the piece.
pub(super) fn piece_moves(pos: &Position, from: Square, piece: Piece, out: &mut MoveList) -> bool {
    let rule: fn(&Position, Square, Square, Color) -> Option<SquareSet> = match piece.role {
        Role::NinjaGuard => ninja_guard,
        Role::Cannon => super_cannon,
        Role::Bomber => flying_bomber,
        _ => return false,
    };
    for to in pos.variant().geometry.squares() {
        if let Some(captured) = rule(pos, from, to, piece.color) {
            out.push(Move::Normal {
                from,
                to,
                captured,
                promotion: None,
            });
        }
    }
    true
}

/// What stands on a square, as the mover of `color` sees it.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Seen {
    Empty,
    Friend,
    Enemy,
}

fn seen(pos: &Position, sq: Square, color: Color) -> Seen {
    match pos.board().get(sq) {
        None => Seen::Empty,
        Some(p) if p.color == color => Seen::Friend,
        Some(_) => Seen::Enemy,
    }
}

/// File and rank differences from `from` to `to`.
fn delta(from: Square, to: Square) -> (i16, i16) {
    (
        i16::from(to.file()) - i16::from(from.file()),
        i16::from(to.rank()) - i16::from(from.rank()),
    )
}

/// The square `i` steps of `(sf, sr)` away from `from`.
fn square_at(from: Square, sf: i16, sr: i16, i: i16) -> Option<Square> {
    let f = u8::try_from(i16::from(from.file()) + sf * i).ok()?;
    let r = u8::try_from(i16::from(from.rank()) + sr * i).ok()?;
    Square::new(f, r)
}

/// The squares strictly between `from` and `to` on a rank or file, nearest
/// first, or `None` when the two are not on one rank or file.
fn orthogonal_between(from: Square, to: Square) -> Option<Vec<Square>> {
    let (df, dr) = delta(from, to);
    if (df == 0) == (dr == 0) {
        return None;
    }
    let n = df.abs().max(dr.abs());
    (1..n)
        .map(|i| square_at(from, df.signum(), dr.signum(), i))
        .collect()
}

/// The occupied squares among `squares`, in order.
fn occupied(pos: &Position, squares: &[Square]) -> Vec<Square> {
    squares
        .iter()
        .copied()
        .filter(|&s| pos.board().get(s).is_some())
        .collect()
}

/// B.5.1: "Step one square diagonally, to an empty square or onto an enemy
/// piece. Leap exactly two squares diagonally ... a jumped enemy is captured;
/// the landing square must be empty or hold an enemy."
fn ninja_guard(pos: &Position, from: Square, to: Square, color: Color) -> Option<SquareSet> {
    let (df, dr) = delta(from, to);
    if df.abs() != dr.abs() || !(1..=2).contains(&df.abs()) {
        return None;
    }
    let mut captured = SquareSet::EMPTY;
    match seen(pos, to, color) {
        Seen::Friend => return None,
        Seen::Enemy => captured |= pos.footprint(to),
        Seen::Empty => {}
    }
    if df.abs() == 2 {
        let jumped = square_at(from, df.signum(), dr.signum(), 1)?;
        if seen(pos, jumped, color) == Seen::Enemy {
            captured |= pos.footprint(jumped);
        }
    }
    Some(captured)
}

/// B.5.2: rook moves through empty squares; a jump over an orthogonally
/// adjacent friend onto the empty square behind it; a capture over exactly
/// one screen of any colour, taking the screen too when it is an enemy.
fn super_cannon(pos: &Position, from: Square, to: Square, color: Color) -> Option<SquareSet> {
    let between = orthogonal_between(from, to)?;
    let pieces = occupied(pos, &between);
    match (seen(pos, to, color), pieces.as_slice()) {
        (Seen::Empty, []) => Some(SquareSet::EMPTY),
        (Seen::Empty, [screen])
            if between.len() == 1 && seen(pos, *screen, color) == Seen::Friend =>
        {
            Some(SquareSet::EMPTY)
        }
        (Seen::Enemy, [screen]) => {
            let mut captured = pos.footprint(to);
            if seen(pos, *screen, color) == Seen::Enemy {
                captured |= pos.footprint(*screen);
            }
            Some(captured)
        }
        _ => None,
    }
}

/// B.5.3: rook moves to empty squares only; with s1 occupied, a jump to s2
/// (s1 captured if an enemy; s2 empty, or an enemy taken by replacement); an
/// enemy on s2 taken by replacement whatever stands on s1; the first piece
/// met, if an enemy, flown over onto the empty square immediately behind it.
fn flying_bomber(pos: &Position, from: Square, to: Square, color: Color) -> Option<SquareSet> {
    let between = orthogonal_between(from, to)?;
    let target = seen(pos, to, color);
    if target == Seen::Friend {
        return None;
    }
    if let [s1] = between.as_slice() {
        return Some(distance_two(pos, *s1, to, target, color));
    }
    let pieces = occupied(pos, &between);
    match (target, pieces.as_slice()) {
        (Seen::Empty, []) => Some(SquareSet::EMPTY),
        (Seen::Empty, [victim])
            if between.last() == Some(victim) && seen(pos, *victim, color) == Seen::Enemy =>
        {
            Some(pos.footprint(*victim))
        }
        _ => None,
    }
}

/// The Bomber's landing on s2 (`to`, not friendly): every enemy on s1 and s2
/// is removed; s1 may be anything.
fn distance_two(pos: &Position, s1: Square, to: Square, target: Seen, color: Color) -> SquareSet {
    let mut captured = SquareSet::EMPTY;
    if target == Seen::Enemy {
        captured |= pos.footprint(to);
    }
    if seen(pos, s1, color) == Seen::Enemy {
        captured |= pos.footprint(s1);
    }
    captured
}
