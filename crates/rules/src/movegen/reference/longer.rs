//! Naive reference versions of the Chess on a Longer Board pieces (Wall, Withdrawer, Changeling).
//!
//! Each function here re-derives a piece's actions from the rule text with
//! plain coordinate arithmetic, independently of `crate::mechanics`: every
//! square of the board is tried as a destination and kept only if the rule's
//! geometry allows it.
//!
//! - Wall (A.6): "forward or backward as a rook", every square both halves
//!   pass through empty, each destination empty or a capturable enemy (never
//!   a friendly piece, never the enemy Wall); or one square sideways.
//! - Withdrawer (A.5): queen lines to empty squares only; moving directly
//!   away from an adjacent enemy captures it (the whole Wall if it is one).
//! - Changeling (A.7): bishop lines (hB) or rook lines (hR) of at most
//!   `ceil(e / 2)` squares, `e` the distance to the edge on an empty board.
//! - A.4: a piece moving in a forward direction (straight or diagonal) may
//!   pass over its own Wall's squares, never stop on them.

use crate::color::Color;
use crate::geometry::Square;
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Appends the naive actions of `piece` on `from` and returns true, or
/// returns false if this module does not cover the piece.
pub(super) fn piece_moves(pos: &Position, from: Square, piece: Piece, out: &mut MoveList) -> bool {
    match piece.role {
        Role::Wall => wall_moves(pos, from, piece, out),
        Role::Withdrawer => withdrawer_moves(pos, from, piece.color, out),
        Role::ChangelingBishop => changeling_moves(pos, from, piece.color, true, out),
        Role::ChangelingRook => changeling_moves(pos, from, piece.color, false, out),
        _ => return false,
    }
    true
}

/// File and rank differences from `a` to `b`.
fn diff(a: Square, b: Square) -> (i8, i8) {
    (
        b.file() as i8 - a.file() as i8,
        b.rank() as i8 - a.rank() as i8,
    )
}

/// The square `df`, `dr` from `sq`, if it lies on this game's board.
fn at(pos: &Position, sq: Square, df: i8, dr: i8) -> Option<Square> {
    let t = sq.offset(df, dr)?;
    let g = &pos.variant().geometry;
    (t.file() < g.files() && t.rank() < g.ranks()).then_some(t)
}

/// Both squares of the Wall standing on `sq`: its partner is the horizontally
/// adjacent Wall square of the same colour (the left half has state 0).
fn wall_squares(pos: &Position, sq: Square, wall: Piece) -> SquareSet {
    let df = if wall.state == 0 { 1 } else { -1 };
    let mut set = SquareSet::from_square(sq);
    if let Some(p) = at(pos, sq, df, 0) {
        set.insert(p);
    }
    set
}

/// What a capture on `sq` removes: the piece there, or the whole Wall.
fn removed_by_capture(pos: &Position, sq: Square) -> SquareSet {
    match pos.board().get(sq) {
        Some(p) if p.role == Role::Wall => wall_squares(pos, sq, p),
        _ => SquareSet::from_square(sq),
    }
}

/// Whether a piece of `color` travelling with rank step `dr` (and file step
/// `df`) may pass over the piece on `sq`: its own Wall, on a forward line.
fn may_pass(pos: &Position, sq: Square, color: Color, df: i8, dr: i8) -> bool {
    let options = &pos.variant().options;
    let forward = match color {
        Color::White => dr > 0,
        Color::Black => dr < 0,
    };
    let diagonal_ok = df == 0 || !options.wall_pass_over_straight_only;
    pos.board()
        .get(sq)
        .is_some_and(|p| p.role == Role::Wall && p.color == color)
        && options.wall_pass_over
        && forward
        && diagonal_ok
}

/// The unit step and length of a straight or diagonal line from `a` to `b`.
fn line(a: Square, b: Square) -> Option<(i8, i8, i8)> {
    let (df, dr) = diff(a, b);
    let n = df.abs().max(dr.abs());
    let straight = (df == 0) != (dr == 0);
    let diagonal = df.abs() == dr.abs() && df != 0;
    (straight || diagonal).then_some((df.signum(), dr.signum(), n))
}

/// Whether every square strictly between `a` and `b` is empty or a square of
/// `color`'s own Wall that this line may pass.
fn between_clear(pos: &Position, a: Square, b: Square, color: Color) -> bool {
    let Some((sf, sr, n)) = line(a, b) else {
        return false;
    };
    (1..n).all(|i| {
        let Some(s) = a.offset(sf * i, sr * i) else {
            return false;
        };
        pos.board().get(s).is_none() || may_pass(pos, s, color, sf, sr)
    })
}

fn push(out: &mut MoveList, from: Square, to: Square, captured: SquareSet) {
    out.push(Move::Normal {
        from,
        to,
        captured,
        promotion: None,
    });
}

/// May a Wall of `color` enter `sq`? `Some(captured)` if so.
fn wall_may_enter(pos: &Position, sq: Square, color: Color) -> Option<SquareSet> {
    match pos.board().get(sq) {
        None => Some(SquareSet::EMPTY),
        Some(p) if p.color != color && p.role != Role::Wall => Some(SquareSet::from_square(sq)),
        Some(_) => None,
    }
}

fn wall_moves(pos: &Position, from: Square, wall: Piece, out: &mut MoveList) {
    if wall.state != 0 {
        return;
    }
    for to in pos.variant().geometry.squares() {
        let (df, dr) = diff(from, to);
        let Some(to_right) = at(pos, to, 1, 0) else {
            continue;
        };
        if df == 0 && dr != 0 {
            let path_clear = (1..dr.abs()).all(|k| {
                [0, 1].iter().all(|&f| {
                    at(pos, from, f, k * dr.signum()).is_some_and(|s| pos.board().get(s).is_none())
                })
            });
            let left = wall_may_enter(pos, to, wall.color);
            let right = wall_may_enter(pos, to_right, wall.color);
            if let (true, Some(l), Some(r)) = (path_clear, left, right) {
                push(out, from, to, l | r);
            }
        } else if dr == 0 && df.abs() == 1 {
            let entered = if df < 0 { to } else { to_right };
            if let Some(c) = wall_may_enter(pos, entered, wall.color) {
                push(out, from, to, c);
            }
        }
    }
}

fn withdrawer_moves(pos: &Position, from: Square, color: Color, out: &mut MoveList) {
    for to in pos.variant().geometry.squares() {
        let Some((sf, sr, _)) = line(from, to) else {
            continue;
        };
        if pos.board().get(to).is_some() || !between_clear(pos, from, to, color) {
            continue;
        }
        let captured = match at(pos, from, -sf, -sr) {
            Some(behind) if pos.board().get(behind).is_some_and(|p| p.color != color) => {
                removed_by_capture(pos, behind)
            }
            _ => SquareSet::EMPTY,
        };
        push(out, from, to, captured);
    }
}

/// Squares from `sq` to the board edge along (`sf`, `sr`) on an empty board.
fn to_edge(pos: &Position, sq: Square, sf: i8, sr: i8) -> i8 {
    let g = &pos.variant().geometry;
    let files = match sf {
        1 => g.files() as i8 - 1 - sq.file() as i8,
        -1 => sq.file() as i8,
        _ => i8::MAX,
    };
    let ranks = match sr {
        1 => g.ranks() as i8 - 1 - sq.rank() as i8,
        -1 => sq.rank() as i8,
        _ => i8::MAX,
    };
    files.min(ranks)
}

fn changeling_moves(pos: &Position, from: Square, color: Color, bishop: bool, out: &mut MoveList) {
    for to in pos.variant().geometry.squares() {
        let Some((sf, sr, n)) = line(from, to) else {
            continue;
        };
        if (sf != 0 && sr != 0) != bishop {
            continue;
        }
        let e = to_edge(pos, from, sf, sr);
        let halfling_range = (e + 1) / 2;
        if n > halfling_range || !between_clear(pos, from, to, color) {
            continue;
        }
        match pos.board().get(to) {
            None => push(out, from, to, SquareSet::EMPTY),
            Some(p) if p.color != color => push(out, from, to, removed_by_capture(pos, to)),
            Some(_) => {}
        }
    }
}
