//! Drops (Wreckage §9, Pick the Piece B.6): one pocket piece per turn onto an
//! empty square of its zone (back rank or 2nd rank); a ninja pawn may be
//! pushed straight forward through empty squares up to the middle rank in the
//! same turn, written as one placement on its final square.

use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::variant::{middle_rank, relative_rank, DropZone};

/// Appends every drop of the side to move.
pub(crate) fn generate(pos: &Position, out: &mut MoveList) {
    let v = pos.variant();
    let g = &v.geometry;
    let us = pos.turn();
    let fwd = if us == crate::color::Color::White {
        Dir::N
    } else {
        Dir::S
    };
    for rule in &v.drops {
        if pos.pocket(us).count(rule.role) == 0 {
            continue;
        }
        let rel = match rule.zone {
            DropZone::BackRank => 0,
            DropZone::SecondRank => 1,
        };
        let rank = if us == crate::color::Color::White {
            rel
        } else {
            g.ranks() - 1 - rel
        };
        for file in 0..g.files() {
            let Some(at) = Square::new(file, rank) else {
                continue;
            };
            if pos.board().get(at).is_some() {
                continue;
            }
            out.push(Move::Drop {
                role: rule.role,
                at,
                to: at,
            });
            if !rule.push_to_middle {
                continue;
            }
            let mut s = at;
            while let Some(t) = g.step(s, fwd) {
                if pos.board().get(t).is_some() || relative_rank(g, us, t) > middle_rank(g) {
                    break;
                }
                out.push(Move::Drop {
                    role: rule.role,
                    at,
                    to: t,
                });
                s = t;
            }
        }
    }
}
