//! The Terror Freeze (Carnage §5.8, §13).
//!
//! Rule text (docs/rules/wreckage-carnage.md §5.8):
//! > A queen slide, or a knight leap, to an empty square. It **never captures**.
//! > Every **enemy** piece on a square adjacent to a Terror Freeze is frozen.
//! > A frozen piece cannot move [...] cannot capture [...] **does not give
//! > check**, and so does not attack any square.
//! > Freezing is **recomputed from the current position** every time.
//!
//! Moves as a queen or a knight to empty squares; never captures. Every enemy
//! piece adjacent to it is frozen: it cannot move, capture (detonation and en
//! passant included) or castle, and gives no check, but it can be captured
//! and still blocks. Freezing is recomputed from the position every time; a
//! Freeze keeps freezing while frozen itself. With `freeze_affects_friendly`
//! a Freeze freezes its own side's neighbours as well.

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::square_set::SquareSet;

/// The Freeze's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, _color: Color, out: &mut MoveList) {
    quiet_queen_and_knight(pos, from, out);
}

/// Queen slides and knight leaps to empty squares only (Freeze, Detonator).
pub(crate) fn quiet_queen_and_knight(pos: &Position, from: Square, out: &mut MoveList) {
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
        let mut s = from;
        while let Some(t) = g.step(s, d) {
            if pos.board().get(t).is_some() {
                break;
            }
            out.push(Move::Normal {
                from,
                to: t,
                captured: SquareSet::EMPTY,
                promotion: None,
            });
            s = t;
        }
    }
}

/// `color`'s frozen pieces.
#[must_use]
pub fn frozen(pos: &Position, color: Color) -> SquareSet {
    let board = pos.board();
    let friendly = pos.variant().options.freeze_affects_friendly;
    let mut zone = SquareSet::EMPTY;
    for f in board.by_role(Role::Freeze) {
        if board.get(f).is_some_and(|p| p.color != color || friendly) {
            zone |= pos.variant().geometry.around(f);
        }
    }
    zone & board.by_color(color)
}
