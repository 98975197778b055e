//! Typed errors for position strings and move strings.

use std::fmt;
use thiserror::Error;

/// The FEN field an error is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The string as a whole (wrong number of fields).
    Whole,
    /// Piece placement.
    Board,
    /// The bracketed pocket after the board.
    Pocket,
    /// Side to move.
    Side,
    /// Castling rights.
    Castling,
    /// En-passant targets.
    EnPassant,
    /// Halfmove clock.
    Halfmove,
    /// Fullmove number.
    Fullmove,
    /// The position as a whole (kings, check).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Whole => "position string",
            FenField::Board => "board field",
            FenField::Pocket => "pocket",
            FenField::Side => "side-to-move field",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en-passant field",
            FenField::Halfmove => "halfmove field",
            FenField::Fullmove => "fullmove field",
            FenField::Position => "position",
        })
    }
}

/// What is wrong with a position string: the field and the problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid {field}: {problem}")]
pub struct FenError {
    /// Where.
    pub field: FenField,
    /// What.
    pub problem: String,
}

impl FenError {
    /// An error in `field` described by `problem`.
    #[must_use]
    pub fn new(field: FenField, problem: impl Into<String>) -> FenError {
        FenError {
            field,
            problem: problem.into(),
        }
    }
}

/// A move string that does not name a legal action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not shaped like any move string of the notation spec.
    #[error("malformed move string {0:?}")]
    Malformed(String),
    /// Well-formed, but no legal action has this string.
    #[error("{0:?} is not a legal action in this position")]
    Illegal(String),
    /// A castling written king-from-to matches several castlings.
    #[error("{0:?} is ambiguous: write the king's and the rook's squares")]
    Ambiguous(String),
}
