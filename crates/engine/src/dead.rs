//! Dead positions: material with which neither side can ever checkmate,
//! whatever is played. Chess's rules call such a position drawn (FIDE
//! 5.2.2); in every game won by checkmate the result is the same in
//! practice, since the game can only end by a draw rule or the move limit.
//! The search scores them as draws, like a repetition, so that a side ahead
//! does not trade into a lone minor piece against a bare king believing it
//! still wins (the net scored such endings +2.5 to +3.5).
//!
//! Only the certain case is known: one side has nothing but its king, the
//! other its king and at most one Knight or one Bishop (the catalogue's
//! orthodox pieces, which move alike in every game), no man in either
//! pocket, in a game whose king is royal.

use menagerie_rules::variant::EndRule;
use menagerie_rules::{fide, Color, Position, Role, SquareSet};

/// Whether `pos` is dead: neither side can ever checkmate.
#[must_use]
#[inline]
pub fn is_dead(pos: &Position) -> bool {
    let board = pos.board();
    // The common case costs one count.
    if board.occupied().len() > 3 || !checkmate_without_drops(pos) {
        return false;
    }
    let lone_minor = |c: Color| {
        let men = board.by_color(c) - board.pieces(c, Role::King);
        men.len() <= 1 && men == (men & (board.by_role(Role::Knight) | board.by_role(Role::Bishop)))
    };
    (bare(pos, Color::White) && lone_minor(Color::Black))
        || (bare(pos, Color::Black) && lone_minor(Color::White))
}

/// Whether the facts of the orthodox endings can hold in `pos`: its game
/// is won by checkmate of a royal king and neither pocket holds a man
/// (what is on the board is the caller's to judge). Shared with
/// [`crate::drawish`].
#[must_use]
pub fn checkmate_without_drops(pos: &Position) -> bool {
    pos.variant().end == EndRule::Checkmate
        && pos.variant().has_royal_king()
        && pos.pocket(Color::White).total() == 0
        && pos.pocket(Color::Black).total() == 0
}

/// Whether `color` has nothing on the board but its king.
#[must_use]
pub fn bare(pos: &Position, color: Color) -> bool {
    pos.board().by_color(color) == pos.board().pieces(color, Role::King)
}

/// Whether `pos` is a board of the orthodox endings and attacks: every
/// man on it is one of the orthodox army's (King, Queen, Rook, Bishop,
/// Knight, Pawn), which move alike in every game, and
/// [`checkmate_without_drops`] holds. Shared with [`crate::drawish`] and
/// the quiescence search's checks.
#[must_use]
pub fn orthodox_board(pos: &Position) -> bool {
    let board = pos.board();
    let orthodox = fide::ARMY
        .iter()
        .fold(SquareSet::default(), |s, &r| s | board.by_role(r));
    board.occupied() == orthodox && checkmate_without_drops(pos)
}
