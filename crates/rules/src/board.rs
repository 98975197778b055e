//! [`Board`]: the mailbox of pieces, with derived square sets kept in step.

use crate::color::{ByColor, Color};
use crate::geometry::{Square, CANVAS_SQUARES};
use crate::piece::{Piece, Role, ROLE_COUNT};
use crate::square_set::SquareSet;

/// Piece placement. The mailbox is the source of truth (pieces carry state);
/// the colour and role sets are derived and updated by [`Board::put`] and
/// [`Board::take`] only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Option<Piece>; CANVAS_SQUARES],
    by_color: ByColor<SquareSet>,
    by_role: [SquareSet; ROLE_COUNT],
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub fn empty() -> Board {
        Board {
            cells: [None; CANVAS_SQUARES],
            by_color: ByColor::default(),
            by_role: [SquareSet::EMPTY; ROLE_COUNT],
        }
    }

    /// The piece on `sq`.
    #[must_use]
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()]
    }

    /// Puts `piece` on `sq`, replacing whatever stood there.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.take(sq);
        self.cells[sq.index()] = Some(piece);
        self.by_color[piece.color].insert(sq);
        self.by_role[piece.role.index()].insert(sq);
    }

    /// Removes and returns the piece on `sq`.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Option<Piece> {
        let p = self.cells[sq.index()].take()?;
        self.by_color[p.color].remove(sq);
        self.by_role[p.role.index()].remove(sq);
        Some(p)
    }

    /// Squares holding pieces of `color`.
    #[must_use]
    #[inline]
    pub fn by_color(&self, color: Color) -> SquareSet {
        self.by_color[color]
    }

    /// Squares holding pieces of `role` (either colour).
    #[must_use]
    #[inline]
    pub fn by_role(&self, role: Role) -> SquareSet {
        self.by_role[role.index()]
    }

    /// Squares holding `color`'s pieces of `role`.
    #[must_use]
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> SquareSet {
        self.by_color[color] & self.by_role[role.index()]
    }

    /// All occupied squares.
    #[must_use]
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.by_color[Color::White] | self.by_color[Color::Black]
    }

    /// Checks that the derived sets agree with the mailbox.
    #[must_use]
    pub fn invariants_hold(&self) -> bool {
        let mut by_color = ByColor::<SquareSet>::default();
        let mut by_role = [SquareSet::EMPTY; ROLE_COUNT];
        for (i, cell) in self.cells.iter().enumerate() {
            if let (Some(p), Some(sq)) = (cell, Square::from_index(i)) {
                by_color[p.color].insert(sq);
                by_role[p.role.index()].insert(sq);
            }
        }
        by_color == self.by_color && by_role == self.by_role
    }
}
