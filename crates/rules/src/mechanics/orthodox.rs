//! Orthodox movement: steps, knight leaps and slides with replacement
//! capture. Sliders pass over their own Wall on forward rays where the game
//! allows it (Chess on a Longer Board, A.4), and a capture on either square
//! of an enemy Wall takes the whole Wall.

use super::{passes_over, push_step};
use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::movegen::attacks::nearest;
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Role};
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

/// Appends only the captures of an orthodox mover on `from` (king, queen,
/// rook, bishop, knight and the knight compounds), in the order [`steps`],
/// [`leaps`] and [`slides`] would list them among all its moves; returns
/// false, appending nothing, for any other role. Not for boards where a
/// slider passes over its own Wall, nor for men with prongs.
pub(crate) fn captures(pos: &Position, from: Square, piece: Piece, out: &mut MoveList) -> bool {
    let color = piece.color;
    match piece.role {
        Role::King => step_captures(pos, from, color, &Dir::ALL, out),
        Role::Queen => slide_captures(pos, from, color, &Dir::ALL, out),
        Role::Rook => slide_captures(pos, from, color, &Dir::ORTHOGONAL, out),
        Role::Bishop => slide_captures(pos, from, color, &Dir::DIAGONAL, out),
        Role::Knight => leap_captures(pos, from, color, out),
        Role::WazirKnight => {
            leap_captures(pos, from, color, out);
            step_captures(pos, from, color, &Dir::ORTHOGONAL, out);
        }
        Role::FerzKnight => {
            leap_captures(pos, from, color, out);
            step_captures(pos, from, color, &Dir::DIAGONAL, out);
        }
        _ => return false,
    }
    true
}

/// A replacement capture of the enemy on `to`.
fn capture(pos: &Position, from: Square, to: Square) -> Move {
    Move::Normal {
        from,
        to,
        captured: pos.footprint(to),
        promotion: None,
    }
}

/// The captures among [`steps`].
fn step_captures(pos: &Position, from: Square, color: Color, dirs: &[Dir], out: &mut MoveList) {
    let g = &pos.variant().geometry;
    let enemies = pos.board().by_color(!color);
    for &d in dirs {
        if let Some(to) = g.step(from, d).filter(|t| enemies.contains(*t)) {
            out.push(capture(pos, from, to));
        }
    }
}

/// The captures among [`leaps`].
fn leap_captures(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    for to in pos.variant().geometry.knight_leaps(from) & pos.board().by_color(!color) {
        out.push(capture(pos, from, to));
    }
}

/// The captures among [`slides`] (without passing over Walls).
fn slide_captures(pos: &Position, from: Square, color: Color, dirs: &[Dir], out: &mut MoveList) {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let occupied = board.occupied();
    let enemies = board.by_color(!color);
    for &d in dirs {
        let ray = g.ray(from, d);
        if let Some(b) = nearest(ray & occupied, d).filter(|b| enemies.contains(*b)) {
            out.push(capture(pos, from, b));
        }
    }
}
