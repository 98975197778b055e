//! Move strings (`docs/notation-contract.md`, section 4): rendering, and
//! parsing by reading the string's shape ([`MoveText`]) and matching the
//! rendered legal actions of that shape.

use crate::error::MoveError;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::CastlingNotation;
use crate::Square;

/// The canonical string of `m` in `pos`.
#[must_use]
pub fn render(pos: &Position, m: &Move) -> String {
    match *m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => match promotion {
            Some(r) => format!("{from}{to}{}", r.letter().to_ascii_lowercase()),
            None => format!("{from}{to}"),
        },
        Move::Drop { role, to, .. } => format!("{}@{to}", role.letter()),
        Move::Castle {
            king,
            king_to,
            rook,
            rook_to,
        } => match pos.variant().castling_notation {
            CastlingNotation::KingOnly => format!("{king}{king_to}"),
            CastlingNotation::KingAndRook => format!("{king}{king_to}{rook}{rook_to}"),
        },
        Move::Detonate { at, .. } => format!("{at}{at}"),
        Move::Wound { from, target } => format!("{from}{target}"),
        Move::Rotate { at, clockwise } => format!("{at}{}", if clockwise { 'r' } else { 'l' }),
        Move::Pass => "0000".to_string(),
    }
}

fn looks_like_a_move(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 16
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '@')
}

/// What a move string says before the board is looked at: enough to pick
/// the few legal actions it can name, so that parsing renders only those.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `0000`.
    Pass,
    /// `X@square`: a drop of the piece with that letter, ending on the square.
    Drop {
        /// The upper-case letter.
        letter: char,
        /// The square the piece ends on.
        to: Square,
    },
    /// Anything else starts with the square of the acting piece (a move,
    /// capture, promotion, castling, detonation, wound or rotation).
    From(Square),
}

impl MoveText {
    /// Reads the shape of `text` on `pos`'s board, if it has one.
    #[must_use]
    pub fn read(pos: &Position, text: &str) -> Option<MoveText> {
        let g = &pos.variant().geometry;
        if text == "0000" {
            return Some(MoveText::Pass);
        }
        if let Some((letter, to)) = text.split_once('@') {
            let mut chars = letter.chars();
            let (Some(letter), None) = (chars.next(), chars.next()) else {
                return None;
            };
            return Some(MoveText::Drop {
                letter,
                to: g.parse_square(to)?,
            });
        }
        // the longest square name that opens the text (`a10` before `a1`)
        (2..=3)
            .rev()
            .filter_map(|n| text.get(..n).and_then(|s| g.parse_square(s)))
            .next()
            .map(MoveText::From)
    }

    /// Whether `m` could be written this way.
    #[must_use]
    pub fn admits(self, m: &Move) -> bool {
        match (self, m) {
            (MoveText::Pass, Move::Pass) => true,
            (MoveText::Drop { letter, to }, Move::Drop { role, to: t, .. }) => {
                role.letter() == letter && *t == to
            }
            (MoveText::From(s), m) => !matches!(m, Move::Drop { .. }) && m.from() == Some(s),
            _ => false,
        }
    }
}

/// The legal action whose canonical string is `text` (or, for castling, the
/// king's from-to squares when that is unambiguous and not itself canonical).
/// Only the legal actions of the string's shape ([`MoveText`]) are rendered.
///
/// # Errors
/// [`MoveError`] if the string is malformed, names no legal action, or is an
/// ambiguous castling shorthand.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if !looks_like_a_move(text) {
        return Err(MoveError::Malformed(text.to_string()));
    }
    let Some(shape) = MoveText::read(pos, text) else {
        return Err(MoveError::Illegal(text.to_string()));
    };
    let legal = pos.legal_moves();
    let mut candidates = legal.iter().filter(|m| shape.admits(m));
    if let Some(m) = candidates.clone().find(|m| render(pos, m) == text) {
        return Ok(*m);
    }
    let castlings: Vec<&Move> = candidates
        .by_ref()
        .filter(|m| matches!(m, Move::Castle { king, king_to, .. } if format!("{king}{king_to}") == text))
        .collect();
    match castlings.as_slice() {
        [m] => Ok(**m),
        [] => Err(MoveError::Illegal(text.to_string())),
        _ => Err(MoveError::Ambiguous(text.to_string())),
    }
}
