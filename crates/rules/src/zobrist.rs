//! Zobrist keys: piece-on-square (with mechanic state), pockets, castling
//! rights, en-passant targets and the side to move. Keys come from SplitMix64
//! with a fixed seed, so hashes are stable across runs.

use crate::color::Color;
use crate::geometry::{Square, CANVAS_SQUARES};
use crate::piece::{Piece, Role, ROLE_COUNT};
use std::sync::LazyLock;

/// Pocket counts above this share keys with smaller counts modulo it.
const POCKET_SLOTS: usize = 16;

struct Keys {
    piece: Vec<u64>,
    pocket: Vec<u64>,
    castling: [u64; 16],
    ep: [u64; CANVAS_SQUARES],
    side: u64,
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut s = 0x4D65_6E61_6765_7269; // "Menageri"
    let mut next = || splitmix(&mut s);
    Keys {
        piece: (0..2 * ROLE_COUNT * CANVAS_SQUARES)
            .map(|_| next())
            .collect(),
        pocket: (0..2 * ROLE_COUNT * POCKET_SLOTS).map(|_| next()).collect(),
        castling: std::array::from_fn(|_| next()),
        ep: std::array::from_fn(|_| next()),
        side: next(),
    }
});

/// Key of `piece` standing on `sq`, its state included.
#[must_use]
#[inline]
pub fn piece(sq: Square, p: Piece) -> u64 {
    let base =
        KEYS.piece[(p.color.index() * ROLE_COUNT + p.role.index()) * CANVAS_SQUARES + sq.index()];
    if p.state == 0 {
        base
    } else {
        let mut s = base ^ u64::from(p.state);
        base ^ splitmix(&mut s)
    }
}

/// Key of `color` holding `count` pieces of `role` in its pocket (0 for none).
#[must_use]
#[inline]
pub fn pocket(color: Color, role: Role, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        KEYS.pocket[(color.index() * ROLE_COUNT + role.index()) * POCKET_SLOTS
            + count as usize % POCKET_SLOTS]
    }
}

/// Key of a castling-rights mask (4 bits).
#[must_use]
#[inline]
pub fn castling(rights: u8) -> u64 {
    KEYS.castling[rights as usize & 15]
}

/// Key of an en-passant target square.
#[must_use]
#[inline]
pub fn en_passant(sq: Square) -> u64 {
    KEYS.ep[sq.index()]
}

/// Key toggled when Black is to move.
#[must_use]
#[inline]
pub fn side() -> u64 {
    KEYS.side
}
