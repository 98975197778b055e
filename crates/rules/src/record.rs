//! [`GameRecord`]: the moves of a game from its start position, with the
//! history-based draw rules (threefold repetition, the 50-move rule, two
//! passes in a row) that a history-free [`Position`] cannot see.

use crate::error::MoveError;
use crate::moves::Move;
use crate::notation;
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;

/// A game: start position, moves played, and the position after each.
#[derive(Clone, Debug)]
pub struct GameRecord {
    start: Position,
    moves: Vec<Move>,
    positions: Vec<Position>,
}

impl GameRecord {
    /// A game starting from `start`.
    #[must_use]
    pub fn new(start: Position) -> GameRecord {
        GameRecord {
            start: start.clone(),
            moves: Vec::new(),
            positions: vec![start],
        }
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The position before the first move and after each move, in order.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] if it is not legal now.
    pub fn play(&mut self, m: &Move) -> Result<(), MoveError> {
        let mut next = self.position().clone();
        next.play(m)?;
        self.moves.push(*m);
        self.positions.push(next);
        Ok(())
    }

    /// Plays a move given as a move string.
    ///
    /// # Errors
    /// [`MoveError`] if the string names no legal action.
    pub fn play_str(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = notation::parse(self.position(), text)?;
        self.play(&m)?;
        Ok(m)
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// How many times the current position has occurred (same placement,
    /// pockets, side, castling rights and en-passant targets).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == now.hash() && p.same_identity(now))
            .count()
    }

    /// The result, if the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        let n = self.moves.len();
        if n >= 2 && self.moves[n - 1] == Move::Pass && self.moves[n - 2] == Move::Pass {
            return Some(Outcome::Draw {
                reason: EndReason::TwoPasses,
            });
        }
        if pos.variant().options.draw_rules {
            if pos.halfmoves() >= 100 {
                return Some(Outcome::Draw {
                    reason: EndReason::FiftyMoves,
                });
            }
            if self.repetitions() >= 3 {
                return Some(Outcome::Draw {
                    reason: EndReason::Repetition,
                });
            }
        }
        None
    }
}
