//! Which squares an exotic enemy piece looks at when it attacks our king.
//!
//! For every active enemy piece whose attack on a square is not orthodox,
//! [`exotic_watch`] collects the squares whose contents the piece's own
//! `attacks` function reads to decide whether it attacks our king's square
//! (see [`crate::movegen::attacks`]). While none of those squares changes,
//! the enemy pieces stay where they are and no Terror Freeze moves or is
//! taken, each such piece attacks the king after our move exactly when it
//! did before. The sets are supersets where the exact set would cost more
//! to compute than it saves: a larger set only sends more moves to the
//! play-and-test path, never lets an illegal move through.
//!
//! Orthodox leapers, steppers, pawns, ninja pawns, Detonators and Ninja
//! Guards attack by geometry alone and look at nothing; orthodox sliders are
//! handled by the pin rays of [`crate::movegen::legality`].

use crate::color::Color;
use crate::geometry::{Dir, Geometry, Square};
use crate::mechanics::{is_forward, passes_over, wall};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::square_set::SquareSet;

/// The direction and distance from `a` to `b`, if they share a line.
#[must_use]
pub fn line(a: Square, b: Square) -> Option<(Dir, u8)> {
    let df = b.file() as i8 - a.file() as i8;
    let dr = b.rank() as i8 - a.rank() as i8;
    let d = Dir::between(df, dr)?;
    Some((d, df.unsigned_abs().max(dr.unsigned_abs())))
}

/// The squares strictly between `a` and `b`, which lie on `d` from `a`.
#[must_use]
#[inline]
pub fn between(g: &Geometry, a: Square, b: Square, d: Dir) -> SquareSet {
    g.ray(a, d) & g.ray(b, d.opposite())
}

/// What the enemy attackers of our king look at.
///
/// An attack that needs an empty path is recorded by its blockers: with one
/// blocker, touching that blocker is enough to change it (so it is
/// `watched`); with two or more, only a move that vacates two squares of
/// `multi` could open it. Squares whose any change matters are `watched`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Watch {
    /// Squares whose change (emptied, filled or replaced) may matter.
    pub watched: SquareSet,
    /// Blockers of paths with two or more of them.
    pub multi: SquareSet,
}

impl Watch {
    /// An attack needing `path` empty and reading the squares `others`.
    fn path(path: SquareSet, others: SquareSet, occupied: SquareSet) -> Watch {
        let blockers = path & occupied;
        match blockers.len() {
            0 => Watch {
                watched: others,
                multi: SquareSet::EMPTY,
            },
            1 => Watch {
                watched: blockers,
                multi: SquareSet::EMPTY,
            },
            _ => Watch {
                watched: SquareSet::EMPTY,
                multi: blockers,
            },
        }
    }

    /// An attack reading the squares `watched` in arbitrary ways.
    fn reads(watched: SquareSet) -> Watch {
        Watch {
            watched,
            multi: SquareSet::EMPTY,
        }
    }
}

/// What the enemy pieces on `attackers` watch when attacking `king`.
#[must_use]
pub fn exotic_watch(pos: &Position, king: Square, attackers: SquareSet) -> Watch {
    let board = pos.board();
    let mut all = Watch::default();
    for p in attackers {
        if let Some(piece) = board.get(p) {
            let w = watch(pos, p, piece, king);
            all.watched |= w.watched;
            all.multi |= w.multi;
        }
    }
    all
}

/// What the piece `piece` on `p` reads when attacking `king`.
fn watch(pos: &Position, p: Square, piece: Piece, king: Square) -> Watch {
    let g = &pos.variant().geometry;
    let occupied = pos.board().occupied();
    let Some((d, dist)) = line(p, king) else {
        return match piece.role {
            Role::Wall if piece.state == wall::WEST => wall_corridor(g, p, king, occupied),
            _ => Watch::default(),
        };
    };
    let path = between(g, p, king, d);
    match piece.role {
        Role::Dragon => dragon(g, p, piece.color, d, dist, path, occupied),
        Role::Guillotine => fly_over(g, king, d, dist, path, occupied),
        Role::Bomber if d.is_orthogonal() => fly_over(g, king, d, dist, path, occupied),
        Role::Cannon if d.is_orthogonal() => Watch::reads(path | g.ray(king, d)),
        Role::Withdrawer if dist == 1 => Watch::reads(g.ray(p, d.opposite())),
        Role::ChangelingBishop if !d.is_orthogonal() => halfling(pos, piece.color, d, path),
        Role::ChangelingRook if d.is_orthogonal() => halfling(pos, piece.color, d, path),
        Role::Wall if piece.state == wall::WEST => wall_corridor(g, p, king, occupied),
        _ => Watch::default(),
    }
}

/// Approach: the path to the king on a forward line; withdrawal: the square
/// the Dragon would retreat onto.
fn dragon(
    g: &Geometry,
    p: Square,
    color: Color,
    d: Dir,
    dist: u8,
    path: SquareSet,
    occupied: SquareSet,
) -> Watch {
    if dist == 1 {
        let away = d.opposite();
        return match g.step(p, away) {
            Some(b) if !is_forward(away, color) => Watch::reads(SquareSet::from_square(b)),
            _ => Watch::default(),
        };
    }
    if is_forward(d, color) {
        Watch::path(path, SquareSet::EMPTY, occupied)
    } else {
        Watch::default()
    }
}

/// The squares between and the square beyond the king (distance 2 attacks
/// whatever stands between).
fn fly_over(
    g: &Geometry,
    king: Square,
    d: Dir,
    dist: u8,
    path: SquareSet,
    occupied: SquareSet,
) -> Watch {
    if dist == 2 {
        return Watch::default();
    }
    let beyond = g
        .step(king, d)
        .map_or(SquareSet::EMPTY, SquareSet::from_square);
    Watch::path(path, beyond, occupied)
}

/// A Changeling's slide: its own Wall does not block where it passes over it.
fn halfling(pos: &Position, color: Color, d: Dir, path: SquareSet) -> Watch {
    let board = pos.board();
    let own_wall = Piece::new(color, Role::Wall);
    let mut occupied = board.occupied();
    if passes_over(pos, own_wall, d, color) {
        occupied = occupied - board.pieces(color, Role::Wall);
    }
    Watch::path(path, SquareSet::EMPTY, occupied)
}

/// A Wall (west half on `p`) sliding vertically onto the king: its path is
/// both files' squares strictly between its rank and the king's; on the
/// king's rank it reads both squares.
fn wall_corridor(g: &Geometry, p: Square, king: Square, occupied: SquareSet) -> Watch {
    let Some(east) = g.step(p, Dir::E) else {
        return Watch::default();
    };
    if king.rank() == p.rank() || (king.file() != p.file() && king.file() != east.file()) {
        return Watch::default();
    }
    let (low, high) = if king.rank() > p.rank() {
        (p.rank() + 1, king.rank())
    } else {
        (king.rank(), p.rank() - 1)
    };
    let mut corridor = SquareSet::EMPTY;
    for rank in low..=high {
        for file in [p.file(), east.file()] {
            if let Some(s) = Square::new(file, rank) {
                corridor.insert(s);
            }
        }
    }
    let row = corridor & rank_of(g, king);
    Watch::path(corridor - row, row, occupied)
}

/// The squares of `sq`'s rank.
fn rank_of(g: &Geometry, sq: Square) -> SquareSet {
    g.ray(sq, Dir::W) | g.ray(sq, Dir::E) | SquareSet::from_square(sq)
}
