//! Drawish endings: material with which the side ahead seldom wins,
//! whatever its evaluation says. The search scales the static evaluation
//! of such positions toward a draw (switch `drawish`), so that a side
//! ahead keeps the pieces it can win with instead of trading into an
//! ending it cannot.
//!
//! The facts are the classical ones of the orthodox endings, so they are
//! applied only where they hold: a game won by checkmate with a royal
//! king, nothing in either pocket, and nothing on the board but the
//! catalogue's orthodox men (King, Queen, Rook, Bishop, Knight, Pawn),
//! which move alike in every game. The strong side is the one the
//! evaluation favours:
//!
//! - without pawns it needs more than a minor piece's worth of pieces
//!   over the opponent's (a Rook against a minor piece, or a minor piece
//!   more in pieces, seldom wins), and two Knights alone cannot force
//!   mate on a bare king;
//! - with pawns on one edge file only and no pieces but Bishops that
//!   never stand on the colour of that file's promotion square, it
//!   cannot win once the weak king stands next to that square or on it
//!   (the wrong Bishop);
//! - Bishops of opposite colours as the only pieces halve a lead, and
//!   more;
//! - in an ending (each side's pieces worth a Queen or less), one pawn
//!   more with equal pieces is far less than a pawn more in the
//!   middlegame.

use crate::dead;
use menagerie_rules::{Color, Position, Role, Square};

/// The scale of a position that is not drawish: a scale is in sixteenths.
pub const FULL: i32 = 16;

/// Pieces worth, in pawns, as far as these endings care.
const WORTH: [(Role, i32); 4] = [
    (Role::Knight, 3),
    (Role::Bishop, 3),
    (Role::Rook, 5),
    (Role::Queen, 9),
];

/// The most the strong side's pieces are worth (in pawns, [`WORTH`]) in
/// the endings with pawns that are scaled: a Queen, or a Rook and a minor
/// piece. Above it (every middlegame) the scale is full at the cost of a
/// few counts.
const ENDING: i32 = 9;

/// `eval`, the static evaluation of `pos` from its side to move, scaled
/// toward a draw where the side it favours has a drawish ending.
#[must_use]
#[inline]
pub fn scaled(pos: &Position, eval: i32) -> i32 {
    if eval == 0 {
        return 0;
    }
    let strong = if eval > 0 { pos.turn() } else { !pos.turn() };
    match scale(pos, strong) {
        FULL => eval,
        s => eval * s / FULL,
    }
}

/// How much of its lead `strong` keeps in `pos`, in sixteenths
/// ([`FULL`] where the ending is not drawish or the facts do not apply).
#[must_use]
pub fn scale(pos: &Position, strong: Color) -> i32 {
    if !dead::orthodox_board(pos) {
        return FULL;
    }
    let board = pos.board();
    let weak = !strong;
    let worth = |c: Color| -> i32 {
        WORTH
            .iter()
            .map(|&(r, v)| v * board.pieces(c, r).len() as i32)
            .sum()
    };
    let pawns = |c: Color| board.pieces(c, Role::Pawn).len() as i32;
    let (ws, ww) = (worth(strong), worth(weak));
    if pawns(strong) == 0 {
        return without_pawns(pos, strong, ws, ww);
    }
    if ws > ENDING {
        return FULL;
    }
    if wrong_corner(pos, strong) {
        return 1;
    }
    if opposite_bishops(pos) {
        return 6;
    }
    if ws == ww && ws > 0 && pawns(strong) == pawns(weak) + 1 {
        return 10;
    }
    FULL
}

/// The scale for a strong side without pawns, with pieces worth `ws`
/// against the weak side's `ww`.
fn without_pawns(pos: &Position, strong: Color, ws: i32, ww: i32) -> i32 {
    let board = pos.board();
    let knights_only = board.by_color(strong) - board.pieces(strong, Role::King)
        == board.pieces(strong, Role::Knight);
    if knights_only && board.pieces(strong, Role::Knight).len() == 2 && dead::bare(pos, !strong) {
        return 1;
    }
    if ws - ww < 4 {
        return 2;
    }
    FULL
}

/// The colour of a square: 0 or 1, alike for squares a Bishop can reach
/// from each other.
fn colour(sq: Square) -> u8 {
    (sq.file() + sq.rank()) % 2
}

/// The wrong Bishop: `strong`'s pawns all on one edge file, its other men
/// Bishops off the colour of that file's promotion square (or none), and
/// the weak king on that square or next to it.
fn wrong_corner(pos: &Position, strong: Color) -> bool {
    let board = pos.board();
    let pawns = board.pieces(strong, Role::Pawn);
    let bishops = board.pieces(strong, Role::Bishop);
    if board.by_color(strong) != pawns | bishops | board.pieces(strong, Role::King) {
        return false;
    }
    let Some(first) = pawns.first() else {
        return false;
    };
    let geometry = &pos.variant().geometry;
    let file = first.file();
    if (file != 0 && file + 1 != geometry.files()) || pawns.into_iter().any(|p| p.file() != file) {
        return false;
    }
    let Some(corner) = Square::new(file, pos.back_rank(!strong)) else {
        return false;
    };
    let Some(king) = pos.king(!strong) else {
        return false;
    };
    let near = king.file().abs_diff(corner.file()) <= 1 && king.rank().abs_diff(corner.rank()) <= 1;
    near && bishops.into_iter().all(|b| colour(b) != colour(corner))
}

/// Each side's only piece is one Bishop, and the two stand on squares of
/// different colours.
fn opposite_bishops(pos: &Position) -> bool {
    let board = pos.board();
    let lone_bishop = |c: Color| {
        let men = board.by_color(c) - board.pieces(c, Role::King) - board.pieces(c, Role::Pawn);
        (men.len() == 1 && men == board.pieces(c, Role::Bishop))
            .then(|| men.first())
            .flatten()
    };
    match (lone_bishop(Color::White), lone_bishop(Color::Black)) {
        (Some(w), Some(b)) => colour(w) != colour(b),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;

    fn chess(fen: &str) -> Position {
        Position::from_fen(fide::chess(), fen).unwrap()
    }

    /// Each (position, strong side, scale) of a table.
    fn check(cases: &[(&str, Color, i32)]) {
        for &(fen, strong, want) in cases {
            assert_eq!(scale(&chess(fen), strong), want, "{fen}");
        }
    }

    #[test]
    fn the_wrong_bishop_draws_once_the_king_reaches_the_corner() {
        use Color::{Black, White};
        check(&[
            // h-pawn, dark-squared Bishop, h1 light: the black king beside h1.
            ("8/8/8/8/7p/4b1k1/8/7K b - - 0 1", Black, 1),
            // The right Bishop (light squares) wins.
            ("8/8/8/8/7p/4b1k1/4b3/7K b - - 0 1", Black, FULL),
            ("8/8/8/8/7p/6k1/4b3/7K b - - 0 1", Black, FULL),
            // The king far from the corner: still to be decided by the search.
            ("8/8/8/8/7p/4b1k1/8/3K4 b - - 0 1", Black, FULL),
            // A lone rook's pawn against a king in front of it.
            ("k7/8/K7/P7/8/8/8/8 w - - 0 1", White, 1),
            // Pawns on two files are not a rook's pawn ending.
            ("k7/8/K7/P7/1P6/8/8/8 w - - 0 1", White, FULL),
        ]);
    }

    #[test]
    fn without_pawns_a_minor_piece_more_seldom_wins() {
        use Color::White;
        check(&[
            ("8/8/4k3/8/8/2KR4/8/6b1 w - - 0 1", White, 2),
            ("8/8/4k3/8/8/2KR4/8/8 w - - 0 1", White, FULL),
            ("8/8/4k3/8/8/2KQ4/8/3r4 w - - 0 1", White, FULL),
            ("8/8/4k3/8/8/2KNN3/8/8 w - - 0 1", White, 1),
            ("8/8/4k3/8/8/2KNB3/8/8 w - - 0 1", White, FULL),
            // Two Knights against pawns can win.
            ("8/8/4k3/p7/8/2KNN3/8/8 w - - 0 1", White, FULL),
        ]);
    }

    #[test]
    fn opposite_bishops_and_a_single_extra_pawn_are_scaled() {
        use Color::{Black, White};
        let rooks = "8/5k2/3r2p1/8/5P2/2R1P3/5K2/8 w - - 0 1";
        check(&[
            // Opposite Bishops, then Bishops of one colour.
            ("8/5k2/4b1p1/8/5P2/2B1P3/5K2/8 w - - 0 1", White, 6),
            ("8/5k2/3b2p1/8/5P2/2B1P3/5K2/8 w - - 0 1", White, 10),
            (rooks, White, 10),
            (rooks, Black, FULL),
            // A pawn ending, a middlegame, queens.
            ("8/5k2/6p1/8/5P2/4P3/5K2/8 w - - 0 1", White, FULL),
            (
                "r1bqkb1r/ppp2ppp/2n2n2/8/3P4/5N2/PPP2PPP/RNBQKB1R w - - 0 1",
                White,
                FULL,
            ),
            ("6k1/5p2/6p1/8/8/6P1/5PPK/3Q2q1 w - - 0 1", White, 10),
        ]);
    }

    #[test]
    fn the_evaluation_shrinks_for_the_side_it_favours_only() {
        let pos = chess("8/5k2/3r2p1/8/5P2/2R1P3/5K2/8 w - - 0 1");
        assert_eq!(scaled(&pos, 160), 100);
        assert_eq!(scaled(&pos, -160), -160);
        assert_eq!(scaled(&pos, 0), 0);
        assert_eq!(scaled(&Position::start(fide::chess()), 30), 30);
    }

    #[test]
    fn exotic_men_or_pockets_keep_the_full_scale() {
        let wreckage = menagerie_games::by_name("wreckage").expect("wreckage");
        let pos = Position::start(wreckage);
        assert_eq!(scale(&pos, Color::White), FULL);
    }
}
