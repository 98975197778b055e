//! Prongs (Chess with Wounds, `docs/rules/wounds.md` C.3-C.6).
//!
//! Rule sentences implemented here:
//!
//! - "Each man carries a set of prongs. Each prong has a direction and a
//!   kind: long (slides any distance in that compass direction until
//!   blocked); short (exactly one square in that compass direction); knight
//!   (jumps to the square at that offset, ignoring everything in between)."
//! - "A man can move, and attack, only along its prongs." (C.3 gives the
//!   initial sets: see [`initial`].)
//! - "A long prong slides through empty squares. It may stop on any empty
//!   square, or on the first enemy-occupied square it reaches; that is an
//!   attack. It may not pass any piece."
//! - "The defender defends if it has a prong whose direction is exactly -v:
//!   if the defending prong is long, it becomes short; if it is short, or a
//!   knight prong, it is removed. If that removal leaves the defender with
//!   no prongs, the defender is captured. The attacker then moves onto the
//!   square." "After a wound, the defender stays where it is and the
//!   attacker stays on its original square." "If the defender has no prong
//!   in direction -v, it is captured normally."
//! - "Knights can only be wounded by Knights, and can only wound Knights."
//!   (This follows from the geometry: no compass vector is a knight offset.)
//! - "Only wounded men may rotate. Knights may never rotate." "Rotate Right
//!   turns the man clockwise and Rotate Left counter-clockwise, by 45 degrees,
//!   one compass point. Every prong turns together and keeps its kind."
//! - "A man is wounded once it has suffered at least one wound, and the status
//!   is permanent." We test "prongs differ from the initial set" (notation
//!   spec, section 3). In play the two agree: a wound lowers the sum of prong
//!   strengths (long 2, short 1) and a rotation keeps it, so a wounded man can
//!   never get its initial set back.
//!
//! State encoding (this module only): for every man but the Knight, two bits
//! per compass direction (index `i` of N, NE, ..., NW at bits `2i..2i+2`):
//! 0 none, 1 short, 2 long. For the Knight, bit `i` is the knight offset `i`
//! of [`KNIGHT_OFFSETS`].

use crate::color::Color;
use crate::geometry::{Dir, Square, KNIGHT_OFFSETS};
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, PieceState, Role};
use crate::position::Position;
use crate::square_set::SquareSet;

/// No prong in a direction.
pub const NONE: u16 = 0;
/// A short prong (one square).
pub const SHORT: u16 = 1;
/// A long prong (any distance).
pub const LONG: u16 = 2;
/// Compass points turned by one rotation (C.6: 45 degrees; C.8.8 asks for
/// the step size to be a constant).
pub const ROTATION_STEP: u32 = 1;

fn all(kind: u16, dirs: &[Dir]) -> PieceState {
    dirs.iter().fold(0, |s, d| s | kind << (2 * d.index()))
}

/// The initial, unwounded prong set of a man.
#[must_use]
pub fn initial(color: Color, role: Role) -> PieceState {
    match role {
        Role::King => all(SHORT, &Dir::ALL),
        Role::Queen => all(LONG, &Dir::ALL),
        Role::Rook => all(LONG, &Dir::ORTHOGONAL),
        Role::Bishop => all(LONG, &Dir::DIAGONAL),
        Role::Knight => 0xFF,
        Role::Pawn if color == Color::White => all(SHORT, &[Dir::N, Dir::NE, Dir::NW]),
        Role::Pawn => all(SHORT, &[Dir::S, Dir::SE, Dir::SW]),
        _ => 0,
    }
}

/// The prong in direction `d` (for men other than Knights).
#[must_use]
#[inline]
pub fn prong(state: PieceState, d: Dir) -> u16 {
    state >> (2 * d.index()) & 3
}

/// Parses the 8 digits of a prong list (notation spec, section 3).
#[must_use]
pub fn parse(role: Role, digits: &str) -> Option<PieceState> {
    let bytes = digits.as_bytes();
    if bytes.len() != 8 {
        return None;
    }
    let max = if role == Role::Knight { b'1' } else { b'2' };
    let mut state = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !(b'0'..=max).contains(&b) {
            return None;
        }
        let v = u16::from(b - b'0');
        state |= if role == Role::Knight {
            v << i
        } else {
            v << (2 * i)
        };
    }
    (state != 0).then_some(state)
}

/// Writes a prong list as 8 digits.
#[must_use]
pub fn write(role: Role, state: PieceState) -> String {
    (0..8)
        .map(|i| {
            let v = if role == Role::Knight {
                state >> i & 1
            } else {
                state >> (2 * i) & 3
            };
            char::from(b'0' + v as u8)
        })
        .collect()
}

/// Whether the man has suffered a wound (its prongs differ from its initial set).
#[must_use]
pub fn is_wounded(p: Piece) -> bool {
    p.state != initial(p.color, p.role)
}

/// The defender's state after an attack from `from` on `target`: the prong
/// pointing back at the attacker shortened or removed; unchanged if there is
/// no such prong (a capture), and 0 if its last prong went (also a capture).
#[must_use]
pub fn wounded(role: Role, state: PieceState, from: Square, target: Square) -> PieceState {
    let df = target.file() as i8 - from.file() as i8;
    let dr = target.rank() as i8 - from.rank() as i8;
    if role == Role::Knight {
        return match KNIGHT_OFFSETS.iter().position(|&o| o == (-df, -dr)) {
            Some(i) => wounded_at(role, state, i),
            None => state,
        };
    }
    let Some(d) = Dir::between(df, dr) else {
        return state;
    };
    wounded_in(state, d.opposite())
}

/// The state after a wound to prong `i`: for a Knight the knight offset
/// [`KNIGHT_OFFSETS`]`[i]`, for any other man the compass direction of
/// index `i` (unchanged if there is no such prong).
#[must_use]
pub fn wounded_at(role: Role, state: PieceState, i: usize) -> PieceState {
    if role == Role::Knight {
        state & !(1 << i)
    } else {
        wounded_in(state, Dir::ALL[i])
    }
}

/// A man's prong strength, the sum over his prongs of long 2, short and
/// knight 1: a wound lowers it by one and a rotation keeps it.
#[must_use]
pub fn strength(role: Role, state: PieceState) -> u32 {
    if role == Role::Knight {
        u32::from(state & 0xFF).count_ones()
    } else {
        Dir::ALL.iter().map(|&d| u32::from(prong(state, d))).sum()
    }
}

/// How many prongs a man has, whatever their length (a Knight's are its
/// knight offsets).
#[must_use]
pub fn count(role: Role, state: PieceState) -> u32 {
    if role == Role::Knight {
        strength(role, state)
    } else {
        Dir::ALL.iter().filter(|&&d| prong(state, d) != 0).count() as u32
    }
}

/// The state (of a man other than a Knight) after a wound to its prong in
/// direction `d`: a long prong becomes short, a short one is removed (and
/// nothing changes if there is none).
#[must_use]
#[inline]
pub fn wounded_in(state: PieceState, d: Dir) -> PieceState {
    let shift = 2 * d.index();
    match prong(state, d) {
        LONG => state & !(3 << shift) | SHORT << shift,
        _ => state & !(3 << shift),
    }
}

/// The state after turning [`ROTATION_STEP`] compass points (45 degrees)
/// clockwise or counter-clockwise; a Knight's state never turns.
#[must_use]
pub fn rotated(role: Role, state: PieceState, clockwise: bool) -> PieceState {
    if role == Role::Knight {
        return state;
    }
    if clockwise {
        state.rotate_left(2 * ROTATION_STEP)
    } else {
        state.rotate_right(2 * ROTATION_STEP)
    }
}

/// The man's pseudo-legal actions: moves and attacks along its prongs, and
/// rotations if it is wounded and not a Knight.
pub(crate) fn generate(pos: &Position, from: Square, piece: Piece, out: &mut MoveList) {
    let g = &pos.variant().geometry;
    if piece.role == Role::Knight {
        for (i, (df, dr)) in KNIGHT_OFFSETS.into_iter().enumerate() {
            if piece.state >> i & 1 == 0 {
                continue;
            }
            if let Some(t) = g.offset(from, df, dr) {
                reach(pos, from, t, piece, out);
            }
        }
        return;
    }
    for d in Dir::ALL {
        let kind = prong(piece.state, d);
        let mut s = from;
        for _ in 0..if kind == LONG { u8::MAX } else { kind as u8 } {
            let Some(t) = g.step(s, d) else { break };
            s = t;
            if !reach(pos, from, t, piece, out) {
                break;
            }
        }
    }
    if is_wounded(piece) {
        out.push(Move::Rotate {
            at: from,
            clockwise: true,
        });
        out.push(Move::Rotate {
            at: from,
            clockwise: false,
        });
    }
}

/// Adds the move or attack onto `t`; returns whether `t` was empty.
fn reach(pos: &Position, from: Square, t: Square, attacker: Piece, out: &mut MoveList) -> bool {
    match pos.board().get(t) {
        None => {
            out.push(Move::Normal {
                from,
                to: t,
                captured: SquareSet::EMPTY,
                promotion: None,
            });
            true
        }
        Some(def) if def.color != attacker.color => {
            let after = wounded(def.role, def.state, from, t);
            if after == def.state || after == 0 {
                out.push(Move::Normal {
                    from,
                    to: t,
                    captured: SquareSet::from_square(t),
                    promotion: None,
                });
            } else {
                out.push(Move::Wound { from, target: t });
            }
            false
        }
        Some(_) => false,
    }
}
