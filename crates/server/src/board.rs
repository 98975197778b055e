//! The analysis board's positions: any position of any game (a position
//! string and moves from it), not tied to a stored game, with what the page
//! needs to draw it and to play on with its usual move input.

use crate::dto::{BoardPosition, OptionMap};
use crate::error::{ApiError, ErrorCode};
use crate::{explain, readable, view};
use menagerie_rules::{notation, GameRecord, Position, VariantRef};

/// The most moves a position request may carry.
pub const MAX_MOVES: usize = 1000;
/// The longest move string.
pub const MAX_MOVE_LEN: usize = 32;

/// Moves played from a start: the record, the normalised move strings and
/// their readable labels.
#[derive(Clone, Debug)]
pub struct Played {
    /// Start and moves.
    pub record: GameRecord,
    /// The move strings as the server writes them.
    pub texts: Vec<String>,
    /// Their readable labels.
    pub labels: Vec<String>,
}

/// Plays `moves` from `start`, each checked by the rules.
///
/// # Errors
/// `400 too_many_moves`, `400 malformed_move` or `422 illegal_action` (the
/// message names the move by its number), `422 illegal_action` for a move
/// after the game ended.
pub fn replay(start: Position, moves: &[String]) -> Result<Played, ApiError> {
    if moves.len() > MAX_MOVES {
        return Err(ApiError::bad_request(
            ErrorCode::TooManyMoves,
            format!("at most {MAX_MOVES} moves are accepted"),
        ));
    }
    let mut p = Played {
        record: GameRecord::new(start),
        texts: Vec::with_capacity(moves.len()),
        labels: Vec::with_capacity(moves.len()),
    };
    for (i, text) in moves.iter().enumerate() {
        let named = |mut e: ApiError| {
            e.message = format!("move {} ({text:?}): {}", i + 1, e.message);
            e
        };
        if let Some(o) = p.record.outcome() {
            let why = format!("the game is over ({})", o.result());
            return Err(named(ApiError::illegal(why)));
        }
        if text.len() > MAX_MOVE_LEN {
            let why = format!("a move string has at most {MAX_MOVE_LEN} characters");
            return Err(named(ApiError::bad_request(ErrorCode::MalformedMove, why)));
        }
        let pos = p.record.position();
        let m = explain::parse(pos, text.trim()).map_err(named)?;
        p.texts.push(notation::render(pos, &m));
        p.labels.push(readable::label(pos, &m));
        p.record
            .play(&m)
            .map_err(|e| named(ApiError::illegal(e.to_string())))?;
    }
    Ok(p)
}

/// The position after `played`, as the analysis board draws it.
#[must_use]
pub fn position(variant: &VariantRef, options: OptionMap, played: Played) -> BoardPosition {
    let record = &played.record;
    let pos = record.position();
    let outcome = record.outcome();
    let last_move = record.moves().last().map(|m| {
        let i = record.moves().len() - 1;
        view::last_move_of(m, played.texts[i].clone(), played.labels[i].clone())
    });
    BoardPosition {
        variant: variant.key.clone(),
        title: variant.title.clone(),
        options,
        files: variant.geometry.files(),
        ranks: variant.geometry.ranks(),
        start_fen: record.start().fen(),
        fen: pos.fen(),
        turn: pos.turn().into(),
        board: view::board(pos),
        pockets: view::pockets(pos),
        frozen: view::frozen(pos),
        check: pos.is_check(),
        last_move,
        legal: if outcome.is_some() {
            Vec::new()
        } else {
            view::legal(pos)
        },
        outcome: outcome.map(view::outcome_of),
        moves: played.texts,
        labels: played.labels,
    }
}
