//! The Wall (Chess on a Longer Board, `docs/rules/longer-board.md` A.6).
//!
//! > "a single piece of one colour that occupies two **horizontally** adjacent
//! > squares on one rank"
//! >
//! > "Vertical slide ("forward or backward as a rook"). Pick N or S and a
//! > distance `k ≥ 1` that keeps both halves on the board. Every square the
//! > two halves pass through before arriving [...] must be **empty**. Each of
//! > the two destination squares must be empty or hold a capturable enemy
//! > piece. Neither may hold a friendly piece or a square of the enemy Wall."
//! >
//! > "Sideways step. Exactly one file left or right on the same rank. [...]
//! > The newly entered square must be empty or hold a capturable enemy piece
//! > (not friendly, not part of the enemy Wall)."
//! >
//! > "On a vertical move both destination squares can hold enemies, and then
//! > **both are captured in one move**."
//! >
//! > "The whole Wall is removed when an enemy piece captures by displacement
//! > onto either of its squares [...], or when an enemy Withdrawer withdraws
//! > from either square."
//!
//! Each square holds a `Wall` piece whose state says which half it is; the
//! left (west) half stands for the whole Wall in moves (`d2d4`, `d2e2`).
//! Capture of the whole Wall is [`crate::position::Position::footprint`];
//! moving both halves is `relocate`. Check and pins need nothing special:
//! attacks are found by generating the Wall's moves, and legality is tested
//! by playing the move.

use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, PieceState, Role};
use crate::position::Position;
use crate::square_set::SquareSet;

/// State of the left (west) square of a Wall.
pub const WEST: PieceState = 0;
/// State of the right (east) square of a Wall.
pub const EAST: PieceState = 1;

/// Both squares of the Wall one of whose halves stands on `sq`.
#[must_use]
pub fn squares(sq: Square, state: PieceState) -> SquareSet {
    let partner = if state == EAST {
        sq.offset(-1, 0)
    } else {
        sq.offset(1, 0)
    };
    let mut set = SquareSet::from_square(sq);
    if let Some(p) = partner {
        set.insert(p);
    }
    set
}

/// Moves the Wall whose left square is `from` so that its left square is `to`.
pub(crate) fn relocate(pos: &mut Position, from: Square, to: Square) {
    let (Some(east_from), Some(east_to)) = (from.offset(1, 0), to.offset(1, 0)) else {
        return;
    };
    let west = pos.take_piece(from);
    let east = pos.take_piece(east_from);
    if let (Some(w), Some(e)) = (west, east) {
        pos.put_piece(to, w);
        pos.put_piece(east_to, e);
    }
}

/// Whether every Wall half has its partner beside it.
#[must_use]
pub fn all_paired(pos: &Position) -> bool {
    pos.board().by_role(Role::Wall).all(|sq| {
        let Some(p) = pos.board().get(sq) else {
            return false;
        };
        let partner = if p.state == EAST {
            sq.offset(-1, 0)
        } else {
            sq.offset(1, 0)
        };
        let want = Piece {
            state: if p.state == EAST { WEST } else { EAST },
            ..p
        };
        partner.and_then(|s| pos.board().get(s)) == Some(want)
    })
}

/// What a Wall of the mover's colour may do with a destination square:
/// `Some(empty)` if it may enter, `None` if the square is forbidden.
fn entry(pos: &Position, sq: Square, mover: Piece) -> Option<SquareSet> {
    match pos.board().get(sq) {
        None => Some(SquareSet::EMPTY),
        Some(p) if p.color != mover.color && p.role != Role::Wall => {
            Some(SquareSet::from_square(sq))
        }
        Some(_) => None,
    }
}

/// The Wall's pseudo-legal actions (generated from its west half only).
pub(crate) fn generate(pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
    if piece.state != WEST {
        return;
    }
    let g = &pos.variant().geometry;
    let Some(east) = g.step(from, Dir::E) else {
        return;
    };
    for d in [Dir::N, Dir::S] {
        let (mut l, mut r) = (from, east);
        while let (Some(nl), Some(nr)) = (g.step(l, d), g.step(r, d)) {
            let (Some(cl), Some(cr)) = (entry(pos, nl, piece), entry(pos, nr, piece)) else {
                break;
            };
            let captured = cl | cr;
            out.push(Move::Normal {
                from,
                to: nl,
                captured,
                promotion: None,
            });
            if !captured.is_empty() {
                break;
            }
            (l, r) = (nl, nr);
        }
    }
    if let Some(w) = g.step(from, Dir::W) {
        if let Some(c) = entry(pos, w, piece) {
            out.push(Move::Normal {
                from,
                to: w,
                captured: c,
                promotion: None,
            });
        }
    }
    if let Some(e2) = g.step(east, Dir::E) {
        if let Some(c) = entry(pos, e2, piece) {
            out.push(Move::Normal {
                from,
                to: east,
                captured: c,
                promotion: None,
            });
        }
    }
}
