//! The Dragon (Wreckage and Carnage §5.5).
//!
//! Rule text (docs/rules/wreckage-carnage.md §5.5, §11):
//! > The Dragon **never captures by replacement** and **never captures with a
//! > knight leap**.
//! > Capture by approach. The move direction *d* must be one of the Dragon
//! > owner's **forward** directions: N, NE or NW. [...] If the square directly
//! > beyond the destination (t + d) holds an enemy piece, that piece is captured.
//! > Capture by withdrawal. The move direction *d* must be one of S, SE, SW, E
//! > or W [...] The adjacent enemy piece is captured. The distance moved does
//! > not matter.
//! > The Dragon **cannot capture pawns or ninja pawns** under any circumstance.
//! > A king adjacent at S, SE or SW is **not** attacked.
//!
//! Moves as a queen (slides) or a knight (leaps), always to an empty square;
//! never captures by replacement or with a leap. A slide in one of its
//! owner's forward directions (N, NE, NW for White) captures the enemy just
//! beyond the destination (approach); a slide backward or sideways captures
//! the enemy adjacent to the start square on the opposite side (withdrawal).
//! Pawns and ninja pawns are immune. The capture is automatic: a qualifying
//! slide always takes its victim, and at most one piece is taken per move.

use super::is_forward;
use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square_set::SquareSet;

/// The Dragon's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    for to in g.knight_leaps(from) {
        if pos.board().get(to).is_none() {
            out.push(Move::Normal {
                from,
                to,
                captured: SquareSet::EMPTY,
                promotion: None,
            });
        }
    }
    for d in Dir::ALL {
        let withdrawal = if is_forward(d, color) {
            SquareSet::EMPTY
        } else {
            victim(pos, g.step(from, d.opposite()), color)
        };
        let mut s = from;
        while let Some(t) = g.step(s, d) {
            if pos.board().get(t).is_some() {
                break;
            }
            let captured = if is_forward(d, color) {
                victim(pos, g.step(t, d), color)
            } else {
                withdrawal
            };
            out.push(Move::Normal {
                from,
                to: t,
                captured,
                promotion: None,
            });
            s = t;
        }
    }
}

/// The footprint of a Dragon-capturable enemy on `sq`, or nothing.
fn victim(pos: &Position, sq: Option<Square>, color: Color) -> SquareSet {
    match sq.and_then(|s| pos.board().get(s).map(|p| (s, p))) {
        Some((s, p)) if p.color != color && !p.role.is_pawn_like() => pos.footprint(s),
        _ => SquareSet::EMPTY,
    }
}

/// Whether a Dragon of `color` on `from` attacks `target` (§11 geometry):
/// by approach, `target` lies on a forward line at distance 2 or more with
/// the squares before it empty; by withdrawal, `target` is adjacent in any
/// direction but straight or diagonally backward, and the square on the
/// Dragon's other side is on the board and empty. Immunity is not tested:
/// callers ask about kings.
#[must_use]
pub fn attacks(pos: &Position, from: Square, color: Color, target: Square) -> bool {
    let df = i8::try_from(i16::from(target.file()) - i16::from(from.file())).unwrap_or(0);
    let dr = i8::try_from(i16::from(target.rank()) - i16::from(from.rank())).unwrap_or(0);
    let Some(d) = Dir::between(df, dr) else {
        return false;
    };
    let dist = df.unsigned_abs().max(dr.unsigned_abs());
    if dist == 1 {
        return withdraws_from(pos, from, color, d);
    }
    is_forward(d, color) && path_empty(pos, from, d, dist - 1)
}

/// Whether the Dragon can withdraw from a victim in direction `toward`: it
/// must move the opposite way, which may not be forward, onto an empty square.
fn withdraws_from(pos: &Position, from: Square, color: Color, toward: Dir) -> bool {
    let away = toward.opposite();
    !is_forward(away, color)
        && pos
            .variant()
            .geometry
            .step(from, away)
            .is_some_and(|b| pos.board().get(b).is_none())
}

/// Whether the `n` squares after `from` along `d` are on the board and empty.
fn path_empty(pos: &Position, from: Square, d: Dir, n: u8) -> bool {
    let g = &pos.variant().geometry;
    let mut s = from;
    for _ in 0..n {
        match g.step(s, d) {
            Some(t) if pos.board().get(t).is_none() => s = t,
            _ => return false,
        }
    }
    true
}
