//! Orthodox movement: steps, knight leaps and slides with replacement
//! capture. Sliders pass over their own Wall on forward rays where the game
//! allows it (Chess on a Longer Board, A.4), and a capture on either square
//! of an enemy Wall takes the whole Wall.

use super::{passes_over, push_step};
use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::movegen::attacks::nearest;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square_set::SquareSet;

/// One-square steps in `dirs`.
pub(crate) fn steps(pos: &Position, from: Square, color: Color, dirs: &[Dir], out: &mut MoveList) {
    let g = &pos.variant().geometry;
    let own = pos.board().by_color(color);
    for &d in dirs {
        if let Some(to) = g.step(from, d).filter(|t| !own.contains(*t)) {
            push_step(pos, from, to, color, out);
        }
    }
}

/// Knight leaps.
pub(crate) fn leaps(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    for to in pos.variant().geometry.knight_leaps(from) - pos.board().by_color(color) {
        push_step(pos, from, to, color, out);
    }
}

/// Unlimited slides in `dirs`.
pub(crate) fn slides(pos: &Position, from: Square, color: Color, dirs: &[Dir], out: &mut MoveList) {
    if pos.variant().options.wall_pass_over {
        for &d in dirs {
            slide(pos, from, color, d, u8::MAX, true, out);
        }
        return;
    }
    let g = &pos.variant().geometry;
    let board = pos.board();
    let occupied = board.occupied();
    let enemies = board.by_color(!color);
    for &d in dirs {
        // Most rays end at once, at the edge or at a piece of our own.
        match g.step(from, d).map(|s| board.get(s)) {
            None => continue,
            Some(Some(p)) if p.color == color => continue,
            _ => {}
        }
        let ray = g.ray(from, d);
        let blocker = nearest(ray & occupied, d);
        let reach = match blocker {
            Some(b) => ray - g.ray(b, d),
            None => ray,
        };
        for to in reach - occupied {
            out.push(Move::Normal {
                from,
                to,
                captured: SquareSet::EMPTY,
                promotion: None,
            });
        }
        if let Some(b) = blocker.filter(|b| enemies.contains(*b)) {
            out.push(Move::Normal {
                from,
                to: b,
                captured: pos.footprint(b),
                promotion: None,
            });
        }
    }
}

/// A slide of at most `max` squares along `d`; with `capture`, it may end by
/// replacing the first enemy met.
pub(crate) fn slide(
    pos: &Position,
    from: Square,
    color: Color,
    d: Dir,
    max: u8,
    capture: bool,
    out: &mut MoveList,
) {
    let g = &pos.variant().geometry;
    let mut s = from;
    let mut n = 0;
    while n < max {
        let Some(t) = g.step(s, d) else { break };
        n += 1;
        s = t;
        match pos.board().get(t) {
            None => out.push(Move::Normal {
                from,
                to: t,
                captured: SquareSet::EMPTY,
                promotion: None,
            }),
            Some(p) if p.color == color => {
                if !passes_over(pos, p, d, color) {
                    break;
                }
            }
            Some(_) => {
                if capture {
                    out.push(Move::Normal {
                        from,
                        to: t,
                        captured: pos.footprint(t),
                        promotion: None,
                    });
                }
                break;
            }
        }
    }
}
