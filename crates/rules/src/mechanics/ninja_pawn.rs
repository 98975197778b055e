//! The Ninja Pawn (Wreckage §5.4, Pick the Piece B.5.4).
//!
//! Forward like the game's ninja rule (to the middle rank on any turn, then 1,
//! then up to `beyond`), one square sideways to an empty square anywhere;
//! captures one square diagonally forward anywhere, and one square sideways
//! while it stands in the enemy half. No en passant either way. Promotion is
//! compulsory on the last rank.

use super::push_pawn_move;
use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::MoveList;
use crate::position::Position;
use crate::square_set::SquareSet;
use crate::variant::in_enemy_half;

/// The ninja pawn's pseudo-legal actions.
pub(crate) fn generate(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    let v = pos.variant();
    let g = &v.geometry;
    let d = if color == Color::White {
        Dir::N
    } else {
        Dir::S
    };
    let mut s = from;
    for _ in 0..v.ninja.range(g, color, from) {
        let Some(t) = g.step(s, d) else { break };
        if pos.board().get(t).is_some() {
            break;
        }
        push_pawn_move(pos, from, t, color, SquareSet::EMPTY, out);
        s = t;
    }
    let sideways_capture = in_enemy_half(g, color, from);
    for side in [Dir::E, Dir::W] {
        let Some(t) = g.step(from, side) else {
            continue;
        };
        match pos.board().get(t) {
            None => push_pawn_move(pos, from, t, color, SquareSet::EMPTY, out),
            Some(p) if p.color != color && sideways_capture => {
                push_pawn_move(pos, from, t, color, pos.footprint(t), out)
            }
            Some(_) => {}
        }
    }
    for df in [-1, 1] {
        let Some(t) = g.offset(from, df, color.forward()) else {
            continue;
        };
        if pos.board().get(t).is_some_and(|p| p.color != color) {
            push_pawn_move(pos, from, t, color, pos.footprint(t), out);
        }
    }
}

/// Whether a ninja pawn of `color` on `from` attacks `target`.
#[must_use]
pub fn attacks(pos: &Position, from: Square, color: Color, target: Square) -> bool {
    let df = i16::from(target.file()) - i16::from(from.file());
    let dr = i16::from(target.rank()) - i16::from(from.rank());
    (df.abs() == 1 && dr == i16::from(color.forward()))
        || (df.abs() == 1 && dr == 0 && in_enemy_half(&pos.variant().geometry, color, from))
}
