//! The Super Cannon (Pick the Piece B.5.2).
//!
//! > - **Non-capturing:** (a) slides like a Rook through empty squares;
//! >   (b) may **jump over an orthogonally adjacent friendly piece** and land
//! >   on the empty square directly behind it (2 squares away). It may not
//! >   jump an enemy piece this way.
//! > - **Capture (Xiangqi-cannon style), along a rank or file:** there must
//! >   be exactly one piece, the "screen" (any colour), between the Cannon
//! >   and an enemy target; every other square between them must be empty;
//! >   the Cannon lands on the target's square and captures it. **If the
//! >   screen is friendly**, only the target is captured. **If the screen is
//! >   an enemy piece**, both the screen and the target are captured.
//! > - The Cannon never captures the first piece on a line directly.
//!
//! Attacks (B.9): "(i) the target behind exactly one screen on a rank or
//! file; (ii) **the screen itself**, when the screen is an enemy piece and
//! the next piece behind it (after empty squares) is also an enemy piece."

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square_set::SquareSet;

/// The Cannon's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let board = pos.board();
    for d in Dir::ORTHOGONAL {
        let (screen_sq, k) = slide(pos, from, d, out);
        let Some(screen_sq) = screen_sq else { continue };
        let Some(screen) = board.get(screen_sq) else {
            continue;
        };
        if k == 1 && screen.color == color {
            hop(pos, from, screen_sq, d, out);
        }
        let Some(t) = first_piece(pos, screen_sq, d) else {
            continue;
        };
        if board.get(t).is_some_and(|p| p.color != color) {
            let mut captured = pos.footprint(t);
            if screen.color != color {
                captured |= pos.footprint(screen_sq);
            }
            out.push(Move::Normal {
                from,
                to: t,
                captured,
                promotion: None,
            });
        }
    }
}

/// Rook slides along `d`; returns the first occupied square (the screen), if
/// any, and its distance.
fn slide(pos: &Position, from: Square, d: Dir, out: &mut MoveList) -> (Option<Square>, u8) {
    let g = &pos.variant().geometry;
    let mut s = from;
    let mut k = 0;
    while let Some(t) = g.step(s, d) {
        k += 1;
        s = t;
        if pos.board().get(t).is_some() {
            return (Some(t), k);
        }
        out.push(Move::Normal {
            from,
            to: t,
            captured: SquareSet::EMPTY,
            promotion: None,
        });
    }
    (None, k)
}

/// The hop over an adjacent friend onto the empty square behind it.
fn hop(pos: &Position, from: Square, screen: Square, d: Dir, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    if let Some(b) = g.step(screen, d).filter(|b| pos.board().get(*b).is_none()) {
        out.push(Move::Normal {
            from,
            to: b,
            captured: SquareSet::EMPTY,
            promotion: None,
        });
    }
}

/// The first occupied square beyond `from` along `d`.
fn first_piece(pos: &Position, from: Square, d: Dir) -> Option<Square> {
    let g = &pos.variant().geometry;
    let mut s = from;
    while let Some(t) = g.step(s, d) {
        if pos.board().get(t).is_some() {
            return Some(t);
        }
        s = t;
    }
    None
}

/// Whether a Cannon of `color` on `from` could remove the piece on `target`:
/// an enemy behind exactly one screen, or an enemy screen with another enemy
/// as the next piece behind it.
#[must_use]
pub fn attacks(pos: &Position, from: Square, color: Color, target: Square) -> bool {
    let board = pos.board();
    if !board.get(target).is_some_and(|p| p.color != color) {
        return false;
    }
    let df = i16::from(target.file()) - i16::from(from.file());
    let dr = i16::from(target.rank()) - i16::from(from.rank());
    let d = match (df.signum(), dr.signum()) {
        (0, 1) => Dir::N,
        (0, -1) => Dir::S,
        (1, 0) => Dir::E,
        (-1, 0) => Dir::W,
        _ => return false,
    };
    let Some(screen) = first_piece(pos, from, d) else {
        return false;
    };
    if screen == target {
        return first_piece(pos, screen, d)
            .and_then(|b| board.get(b))
            .is_some_and(|p| p.color != color);
    }
    first_piece(pos, screen, d) == Some(target)
}
