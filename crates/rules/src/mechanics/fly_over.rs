//! Fly-over pieces: the Flying Bomber (Pick the Piece B.5.3; orthogonal) and
//! the Flying Guillotine (Wreckage §5.7; all eight directions).
//!
//! Rule text for the Guillotine (docs/rules/wreckage-carnage.md §5.7):
//! > **M2, hop over a friend:** if s1 holds a **friendly** piece and s2 is
//! > empty, the Guillotine may move to s2. Its range is limited to 2 when it hops.
//! > **C1, fly-over:** [...] s_k holds an enemy piece, and s(k+1) is on the
//! > board and **empty**. The Guillotine lands on s(k+1) and captures s_k.
//! > **C2, replacement at distance 2:** s2 holds an enemy piece and s1 is
//! > **empty or friendly**.
//! > **C3, double capture:** s1 and s2 both hold enemy pieces. The Guillotine
//! > lands on s2 and captures **both**.
//!
//! Along each direction, with s1, s2, ... the squares in order:
//! - M1: slide through empty squares;
//! - M2: hop over a friendly s1 onto an empty s2 (range exactly 2 then);
//! - C1: fly over the first piece met, an enemy at s_k, landing on s(k+1),
//!   which must be on the board and empty;
//! - C2: replace an enemy on s2 when s1 is empty or friendly;
//! - C3: enemies on s1 and s2 are both taken, landing on s2 (compulsory pair).

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::square_set::SquareSet;

/// The piece's pseudo-legal actions along `dirs`.
pub(crate) fn generate(
    pos: &Position,
    from: Square,
    color: Color,
    dirs: &[Dir],
    out: &mut MoveList,
) {
    for &d in dirs {
        along(pos, from, color, d, out);
    }
}

fn along(pos: &Position, from: Square, color: Color, d: Dir, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let quiet = |to| Move::Normal {
        from,
        to,
        captured: SquareSet::EMPTY,
        promotion: None,
    };
    let mut k = 0;
    let mut s = from;
    let (first, occupant) = loop {
        let Some(t) = g.step(s, d) else { return };
        k += 1;
        s = t;
        match board.get(t) {
            None => out.push(quiet(t)),
            Some(p) => break (t, p),
        }
    };
    let beyond = g.step(first, d);
    let beyond_piece = beyond.and_then(|b| board.get(b));
    if occupant.color == color {
        if k == 1 {
            match (beyond, beyond_piece) {
                (Some(b), None) => out.push(quiet(b)),
                (Some(b), Some(p)) if p.color != color => {
                    out.push(Move::Normal {
                        from,
                        to: b,
                        captured: pos.footprint(b),
                        promotion: None,
                    });
                }
                _ => {}
            }
        }
        return;
    }
    match (beyond, beyond_piece) {
        (Some(b), None) => out.push(Move::Normal {
            from,
            to: b,
            captured: pos.footprint(first),
            promotion: None,
        }),
        (Some(b), Some(p)) if p.color != color && k == 1 => {
            out.push(Move::Normal {
                from,
                to: b,
                captured: pos.footprint(first) | pos.footprint(b),
                promotion: None,
            });
        }
        _ => {}
    }
    if k == 2 {
        out.push(Move::Normal {
            from,
            to: first,
            captured: pos.footprint(first),
            promotion: None,
        });
    }
}

/// Whether a fly-over piece of `color` on `from`, moving along `dirs`, could
/// capture an enemy standing on `target` (Wreckage §11): adjacent, when the
/// square beyond is on the board and empty or holds another enemy (fly-over
/// or double capture); at distance 2, always (fly-over, replacement or double
/// capture, whatever stands between); farther, when the squares between are
/// empty and the square beyond is on the board and empty.
#[must_use]
pub fn attacks(pos: &Position, from: Square, color: Color, target: Square, dirs: &[Dir]) -> bool {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let df = i8::try_from(i16::from(target.file()) - i16::from(from.file())).unwrap_or(0);
    let dr = i8::try_from(i16::from(target.rank()) - i16::from(from.rank())).unwrap_or(0);
    let Some(d) = Dir::between(df, dr).filter(|d| dirs.contains(d)) else {
        return false;
    };
    let dist = df.unsigned_abs().max(dr.unsigned_abs());
    let beyond = g.step(target, d);
    let beyond_open = beyond.is_some_and(|b| board.get(b).is_none());
    match dist {
        1 => {
            beyond_open
                || beyond
                    .and_then(|b| board.get(b))
                    .is_some_and(|p| p.color != color)
        }
        2 => true,
        _ => {
            beyond_open && {
                let mut s = from;
                (1..dist).all(|_| {
                    s = g.step(s, d).unwrap_or(s);
                    board.get(s).is_none()
                })
            }
        }
    }
}
