//! [`Setup`]: an unvalidated position, as parsed from a position string.
//! Only [`crate::Position::from_setup`] turns one into a [`crate::Position`].

use crate::board::Board;
use crate::color::{ByColor, Color};
use crate::geometry::Square;
use crate::piece::{Role, ROLE_COUNT};

/// The pieces a side still has in hand, counted per role.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pocket([u8; ROLE_COUNT]);

impl Pocket {
    /// How many `role` pieces are in hand.
    #[must_use]
    #[inline]
    pub fn count(&self, role: Role) -> u8 {
        self.0[role.index()]
    }

    /// Sets the count of `role`.
    pub fn set(&mut self, role: Role, n: u8) {
        self.0[role.index()] = n;
    }

    /// Total pieces in hand.
    #[must_use]
    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }
}

/// Castling-right bit for `color` and side (0 queen-side, 1 king-side).
#[must_use]
#[inline]
pub fn castling_bit(color: Color, king_side: bool) -> u8 {
    1 << (color.index() * 2 + usize::from(!king_side))
}

/// An unvalidated position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Piece placement.
    pub board: Board,
    /// Pieces in hand.
    pub pockets: ByColor<Pocket>,
    /// Side to move.
    pub turn: Color,
    /// Castling rights, bits from [`castling_bit`].
    pub castling: u8,
    /// En-passant targets in the order the pawn passed them.
    pub en_passant: Vec<Square>,
    /// Plies since the last capture, pawn move or drop.
    pub halfmoves: u32,
    /// Move number, from 1.
    pub fullmoves: u32,
}
