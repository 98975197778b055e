//! Move strings (notation spec, section 4): rendering, and parsing by
//! matching the rendered legal actions.

use crate::error::MoveError;
use crate::moves::Move;
use crate::position::Position;
use crate::variant::CastlingNotation;

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

/// The legal action whose canonical string is `text` (or, for castling, the
/// king's from-to squares when that is unambiguous and not itself canonical).
///
/// # Errors
/// [`MoveError`] if the string is malformed, names no legal action, or is an
/// ambiguous castling shorthand.
pub fn parse(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if !looks_like_a_move(text) {
        return Err(MoveError::Malformed(text.to_string()));
    }
    let legal = pos.legal_moves();
    if let Some(m) = legal.iter().find(|m| render(pos, m) == text) {
        return Ok(*m);
    }
    let castlings: Vec<&Move> = legal
        .iter()
        .filter(|m| matches!(m, Move::Castle { king, king_to, .. } if format!("{king}{king_to}") == text))
        .collect();
    match castlings.as_slice() {
        [m] => Ok(**m),
        [] => Err(MoveError::Illegal(text.to_string())),
        _ => Err(MoveError::Ambiguous(text.to_string())),
    }
}
