//! Naive reference version of prong movement (Chess with Wounds).
//!
//! Each function here re-derives a piece's actions from the rule text with
//! plain coordinate arithmetic, independently of `crate::mechanics`:
//!
//! - "A man can move, and attack, only along its prongs."
//! - "A long prong slides through empty squares. It may stop on any empty
//!   square, or on the first enemy-occupied square it reaches."
//! - "A short prong goes to the neighbouring square in its direction."
//! - "A knight prong jumps to its target square."
//! - "The defender defends if it has a prong whose direction is exactly -v":
//!   long becomes short, short or knight prong is removed, and both men stay;
//!   with no such prong, or with no prong left, the defender is captured.
//! - "Only wounded men may rotate. Knights may never rotate."
//!
//! Every candidate square of the board is tested; prong lists are decoded
//! into plain arrays of digits (the notation spec's 0/1/2 per direction).

use crate::color::Color;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Compass directions (file, rank) in the notation's clockwise order N..NW.
const COMPASS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Knight offsets (file, rank) in the notation's order.
const LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// A man's prongs as 8 digits: for Knights 0/1 per leap, otherwise 0 none,
/// 1 short, 2 long per compass direction.
type Digits = [u8; 8];

fn digits_of(p: Piece) -> Digits {
    let mut d = [0; 8];
    for (i, v) in d.iter_mut().enumerate() {
        *v = if p.role == Role::Knight {
            (p.state >> i & 1) as u8
        } else {
            (p.state >> (2 * i) & 3) as u8
        };
    }
    d
}

/// The unwounded prong set of C.3, as digits.
fn initial_digits(color: Color, role: Role) -> Digits {
    match (role, color) {
        (Role::King, _) => [1; 8],
        (Role::Queen, _) => [2; 8],
        (Role::Rook, _) => [2, 0, 2, 0, 2, 0, 2, 0],
        (Role::Bishop, _) => [0, 2, 0, 2, 0, 2, 0, 2],
        (Role::Knight, _) => [1; 8],
        (Role::Pawn, Color::White) => [1, 1, 0, 0, 0, 0, 0, 1],
        (Role::Pawn, Color::Black) => [0, 0, 0, 1, 1, 1, 0, 0],
        _ => [0; 8],
    }
}

/// Which prong (index into the digits) carries a man from `from` to `to`,
/// ignoring blockers; `None` if no prong points that way or reaches so far.
fn prong_towards(role: Role, d: &Digits, df: i8, dr: i8) -> Option<usize> {
    if role == Role::Knight {
        return LEAPS
            .iter()
            .position(|&o| o == (df, dr))
            .filter(|&i| d[i] == 1);
    }
    let n = df.abs().max(dr.abs());
    if n == 0 || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
        return None;
    }
    let i = COMPASS.iter().position(|&u| u == (df / n, dr / n))?;
    match d[i] {
        2 => Some(i),
        1 if n == 1 => Some(i),
        _ => None,
    }
}

/// Whether every square strictly between `from` and `to` is empty.
fn path_empty(pos: &Position, from: Square, df: i8, dr: i8) -> bool {
    let n = df.abs().max(dr.abs());
    (1..n).all(|k| {
        from.offset(df / n * k, dr / n * k)
            .is_some_and(|s| pos.board().get(s).is_none())
    })
}

/// The defender's digits after being attacked along the vector `(df, dr)`
/// (the full displacement from attacker to defender).
fn after_attack(def: Piece, df: i8, dr: i8) -> Digits {
    let mut d = digits_of(def);
    let back = if def.role == Role::Knight {
        LEAPS.iter().position(|&o| o == (-df, -dr))
    } else {
        let n = df.abs().max(dr.abs());
        COMPASS.iter().position(|&u| u == (-df / n, -dr / n))
    };
    if let Some(i) = back {
        d[i] = match d[i] {
            2 => 1,
            _ => 0,
        };
    }
    d
}

/// Appends the naive actions of `piece` on `from` and returns true, or
/// returns false if this module does not cover the piece.
pub(super) fn piece_moves(pos: &Position, from: Square, piece: Piece, out: &mut MoveList) -> bool {
    if !pos.variant().prongs {
        return false;
    }
    let mine = digits_of(piece);
    for to in pos.variant().geometry.squares() {
        let df = to.file() as i8 - from.file() as i8;
        let dr = to.rank() as i8 - from.rank() as i8;
        if prong_towards(piece.role, &mine, df, dr).is_none()
            || (piece.role != Role::Knight && !path_empty(pos, from, df, dr))
        {
            continue;
        }
        match pos.board().get(to) {
            None => out.push(Move::Normal {
                from,
                to,
                captured: SquareSet::EMPTY,
                promotion: None,
            }),
            Some(def) if def.color != piece.color => {
                let before = digits_of(def);
                let after = after_attack(def, df, dr);
                if after == before || after == [0; 8] {
                    out.push(Move::Normal {
                        from,
                        to,
                        captured: SquareSet::from_square(to),
                        promotion: None,
                    });
                } else {
                    out.push(Move::Wound { from, target: to });
                }
            }
            Some(_) => {}
        }
    }
    if piece.role != Role::Knight && mine != initial_digits(piece.color, piece.role) {
        for clockwise in [true, false] {
            out.push(Move::Rotate {
                at: from,
                clockwise,
            });
        }
    }
    true
}
