//! Pseudo-legal generation and the legality filter.
//!
//! Legality is "play it on a copy and test whether our king is attacked",
//! which is right for every mechanic (approach, withdrawal, explosions,
//! freezes, screens). A fast path skips the copy for moves that provably
//! cannot expose the king: see [`legality`].

pub mod attacks;
pub mod exposure;
pub mod legality;
pub mod reference;

use crate::mechanics;
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Appends every pseudo-legal action of the side to move.
pub fn generate_pseudo(pos: &Position, out: &mut MoveList) {
    generate_moves(pos, None, out);
}

/// Appends every pseudo-legal action of the side to move that removes or
/// wounds something or promotes, in the order [`generate_pseudo`] lists
/// them: the same moves as generating all and keeping those (quiescence's
/// list), but the orthodox movers (king, queen, rook, bishop, knight and
/// the knight compounds, where no Wall is passed over and no man carries
/// prongs) list only their captures, never their quiet moves.
pub fn generate_tactical(pos: &Position, out: &mut MoveList) {
    let us = pos.turn();
    let movers = pos.board().by_color(us) - pos.frozen(us);
    let orthodox_fast = !pos.variant().prongs && !pos.variant().options.wall_pass_over;
    for from in movers {
        let Some(piece) = pos.board().get(from) else {
            continue;
        };
        if orthodox_fast && mechanics::orthodox::captures(pos, from, piece, out) {
            continue;
        }
        let start = out.len();
        mechanics::generate(pos, from, piece, out);
        keep_tactical(out, start);
    }
    // Castling is never tactical; a drop never captures or promotes.
}

/// Keeps, from `start` on, only the moves that capture, wound or promote,
/// in their order.
fn keep_tactical(out: &mut MoveList, start: usize) {
    let mut kept = start;
    for i in start..out.len() {
        if out[i].is_tactical() {
            out.swap(kept, i);
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// [`generate_pseudo`], told whether the side to move is in check where
/// that is already known (castling needs it).
fn generate_moves(pos: &Position, in_check: Option<bool>, out: &mut MoveList) {
    let us = pos.turn();
    let movers = pos.board().by_color(us) - pos.frozen(us);
    for from in movers {
        if let Some(piece) = pos.board().get(from) {
            mechanics::generate(pos, from, piece, out);
        }
    }
    mechanics::castling::generate(pos, in_check, out);
    mechanics::drops::generate(pos, out);
}

/// Appends every legal action of the side to move.
pub fn generate_legal(pos: &Position, out: &mut MoveList) {
    let start = out.len();
    if pos.variant().has_royal_king() {
        let filter = legality::Filter::new(pos);
        generate_moves(pos, filter.in_check(), out);
        let mut i = start;
        while i < out.len() {
            if filter.is_legal(pos, &out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
        return;
    }
    generate_pseudo(pos, out);
    if out.len() == start && !pos.board().by_color(pos.turn()).is_empty() {
        out.push(Move::Pass);
    }
}
