//! The standard pawn of every game but Wounds.
//!
//! Forward moves follow the game's [`crate::variant::PawnRule`]: FIDE (one
//! step, two from the start rank) or Charles Daniel's pawns (Wreckage §5.3,
//! Pick the Piece B.7: up to the middle rank on any turn, then 1, then up to
//! `beyond`). Captures are one square diagonally forward. Every square a
//! multi-step skips becomes an en-passant target (§6); only standard pawns
//! capture or are captured en passant. Promotion is compulsory in the zone.

use super::{passes_over, push_pawn_move};
use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square_set::SquareSet;

/// The pawn's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let v = pos.variant();
    let range = v.pawn.range(&v.geometry, color, from);
    advance(pos, from, color, range, out);
    captures(pos, from, color, out);
}

/// Straight-forward moves of up to `range` squares to an empty square, through
/// empty squares (or the own Wall where the game lets pieces pass it).
pub(crate) fn advance(pos: &Position, from: Square, color: Color, range: u8, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    let d = if color == Color::White {
        Dir::N
    } else {
        Dir::S
    };
    let mut s = from;
    for _ in 0..range {
        let Some(t) = g.step(s, d) else { break };
        s = t;
        match pos.board().get(t) {
            None => push_pawn_move(pos, from, t, color, SquareSet::EMPTY, out),
            Some(p) if passes_over(pos, p, d, color) => {}
            Some(_) => break,
        }
    }
}

fn captures(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    let diagonals = if color == Color::White {
        [Dir::NW, Dir::NE]
    } else {
        [Dir::SW, Dir::SE]
    };
    for d in diagonals {
        let Some(t) = g.step(from, d) else {
            continue;
        };
        match pos.board().get(t) {
            Some(p) if p.color != color => {
                push_pawn_move(pos, from, t, color, pos.footprint(t), out)
            }
            None => en_passant(pos, from, t, color, out),
            Some(_) => {}
        }
    }
}

fn en_passant(pos: &Position, from: Square, target: Square, color: Color, out: &mut MoveList) {
    let Some(ep) = pos.en_passant() else { return };
    if !ep.targets.contains(target) || color != pos.turn() {
        return;
    }
    out.push(Move::Normal {
        from,
        to: target,
        captured: SquareSet::from_square(ep.victim),
        promotion: None,
    });
}
