//! How a game ended.

use crate::color::Color;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check with no legal action.
    Checkmate,
    /// The side to move is not in check and has no legal action.
    Stalemate,
    /// Wounds: the side to move has no men left.
    NoMenLeft,
    /// 100 plies without capture, pawn move or drop.
    FiftyMoves,
    /// The same position for the third time.
    Repetition,
    /// Wounds: both sides passed in a row.
    TwoPasses,
}

/// A finished game's result.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// How.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Outcome {
    /// PGN-style result: `1-0`, `0-1` or `1/2-1/2`.
    #[must_use]
    pub fn result(&self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }
}
