//! Hunting down the last men: in a game won by capturing every enemy man,
//! a side far ahead gains a little for each of its men that stands close
//! to an enemy man, so that the search has a direction when the capture
//! that wins is beyond its horizon (`Features::hunt`).

use menagerie_rules::variant::EndRule;
use menagerie_rules::{Color, Position, Square};

/// The static evaluation (side to move's view) from which the side ahead
/// hunts.
pub const FROM: i32 = 300;

/// Centipawns for each step closer, per man of the side ahead.
pub const STEP: i32 = 4;

/// Steps between two squares, a King's way.
fn steps(a: Square, b: Square) -> i32 {
    i32::from(a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank())))
}

/// The hunting bonus to add to `eval` (side to move's view) in `pos`:
/// positive when the side to move is ahead and its men are near the enemy
/// men, negative when the other side is ahead and near; zero in games won
/// otherwise or when neither side is `FROM` ahead.
#[must_use]
pub fn bonus(pos: &Position, eval: i32) -> i32 {
    if eval.abs() < FROM || pos.variant().end != EndRule::CaptureAll {
        return 0;
    }
    let hunter = if eval > 0 { pos.turn() } else { !pos.turn() };
    let near = closeness(pos, hunter);
    if hunter == pos.turn() {
        near
    } else {
        -near
    }
}

/// `STEP` for every step each of `hunter`'s men is closer to its nearest
/// enemy man than the board's width (nothing when no enemy man is left).
fn closeness(pos: &Position, hunter: Color) -> i32 {
    let board = pos.board();
    let prey = board.by_color(!hunter);
    let width = i32::from(
        pos.variant()
            .geometry
            .files()
            .max(pos.variant().geometry.ranks()),
    );
    board
        .by_color(hunter)
        .into_iter()
        .map(|h| {
            let nearest = prey.into_iter().map(|p| steps(h, p)).min().unwrap_or(width);
            STEP * (width - nearest).max(0)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::{bonus, FROM, STEP};
    use menagerie_rules::fide;
    use menagerie_rules::Position;

    fn wounds(fen: &str) -> Position {
        let v = menagerie_games::by_name("wounds").expect("the game");
        Position::from_fen(v, fen).expect("a position")
    }

    #[test]
    fn the_side_far_ahead_is_drawn_toward_the_enemy_men() {
        // White: Rook a1, King h1; Black: one Pawn h8 (a-file and h-file
        // apart: the Rook is 7 steps away, the King 7).
        let far = wounds("7p/8/8/8/8/8/8/R6K w - - 0 1");
        let near = wounds("7p/8/8/8/8/8/6R1/7K w - - 0 1");
        assert_eq!(bonus(&far, FROM - 1), 0, "not far enough ahead");
        let (b_far, b_near) = (bonus(&far, 500), bonus(&near, 500));
        assert_eq!(b_far, 2 * STEP);
        assert!(
            b_near > b_far,
            "closer men hunt better: {b_near} vs {b_far}"
        );
        // Black to move and behind: the same bonus counts against it.
        let black = wounds("7p/8/8/8/8/8/6R1/7K b - - 0 1");
        assert_eq!(bonus(&black, -500), -b_near);
        // No prey left: nothing to hunt.
        let alone = wounds("8/8/8/8/8/8/6R1/7K b - - 0 1");
        assert_eq!(bonus(&alone, -500), 0);
    }

    #[test]
    fn games_won_otherwise_never_hunt() {
        let pos = Position::from_fen(fide::chess(), "7k/8/8/8/8/8/8/R6K w - - 0 1").unwrap();
        assert_eq!(bonus(&pos, 900), 0);
    }
}
