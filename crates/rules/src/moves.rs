//! [`Move`]: every action of every game, saying everything it does.

use crate::geometry::Square;
use crate::piece::Role;
use crate::square_set::SquareSet;

/// One legal action. `captured` lists every square emptied of an enemy by the
/// action, so playing a move never needs to re-derive what it removes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece travels `from` -> `to` (for a Wall: its left square). Covers
    /// replacement, approach, withdrawal, fly-over, cannon and Wall captures
    /// and en passant (where `captured` is not `to`).
    Normal {
        /// Start square.
        from: Square,
        /// Destination square.
        to: Square,
        /// Every square whose piece the move removes.
        captured: SquareSet,
        /// The role a pawn becomes.
        promotion: Option<Role>,
    },
    /// A pocket piece enters at `at` and, for a pushed ninja pawn, continues
    /// straight forward to `to` (`to == at` without a push).
    Drop {
        /// What is dropped.
        role: Role,
        /// Entry square.
        at: Square,
        /// Final square.
        to: Square,
    },
    /// Castling with explicit destinations for king and rook.
    Castle {
        /// King's square.
        king: Square,
        /// King's destination.
        king_to: Square,
        /// Rook's square.
        rook: Square,
        /// Rook's destination.
        rook_to: Square,
    },
    /// A Detonator removes its neighbours without moving.
    Detonate {
        /// The Detonator's square.
        at: Square,
        /// The removed pieces' squares.
        captured: SquareSet,
    },
    /// Wounds: an attack that only wounds; both men stay where they are.
    Wound {
        /// Attacker's square.
        from: Square,
        /// Defender's square.
        target: Square,
    },
    /// Wounds: a wounded man turns in place by 45 degrees.
    Rotate {
        /// The man's square.
        at: Square,
        /// Clockwise (`r`) or counter-clockwise (`l`).
        clockwise: bool,
    },
    /// Wounds: the only action of a side with men but nothing else to do.
    Pass,
}

impl Move {
    /// Squares emptied of enemy pieces by this move.
    #[must_use]
    #[inline]
    pub fn captured(&self) -> SquareSet {
        match *self {
            Move::Normal { captured, .. } | Move::Detonate { captured, .. } => captured,
            _ => SquareSet::EMPTY,
        }
    }

    /// Whether the move removes or wounds an enemy piece.
    #[must_use]
    #[inline]
    pub fn is_capture(&self) -> bool {
        !self.captured().is_empty() || matches!(self, Move::Wound { .. })
    }

    /// Whether the move removes or wounds something ([`Move::is_capture`])
    /// or promotes: quiescence's moves.
    #[must_use]
    pub fn is_tactical(&self) -> bool {
        self.is_capture()
            || matches!(
                self,
                Move::Normal {
                    promotion: Some(_),
                    ..
                }
            )
    }

    /// The square the acting piece starts from (drops: the entry square).
    #[must_use]
    pub fn from(&self) -> Option<Square> {
        match *self {
            Move::Normal { from, .. } | Move::Wound { from, .. } => Some(from),
            Move::Drop { at, .. } | Move::Detonate { at, .. } | Move::Rotate { at, .. } => Some(at),
            Move::Castle { king, .. } => Some(king),
            Move::Pass => None,
        }
    }

    /// The square the acting piece ends on.
    #[must_use]
    pub fn to(&self) -> Option<Square> {
        match *self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => Some(to),
            Move::Castle { king_to, .. } => Some(king_to),
            Move::Detonate { at, .. } | Move::Rotate { at, .. } => Some(at),
            Move::Wound { from, .. } => Some(from),
            Move::Pass => None,
        }
    }
}

/// A growable list of moves.
pub type MoveList = Vec<Move>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_size_is_a_decision() {
        assert_eq!(std::mem::size_of::<Move>(), 32);
    }
}
