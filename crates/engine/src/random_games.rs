//! Positions of random chess games, for the tests that check a shortcut
//! against the plain computation move by move.

use crate::level::Rng;
use menagerie_rules::{fide, Position};

/// Every position of `games` random games of chess, each `plies` long at
/// most (a game ends early at mate or stalemate), from `seed`.
#[must_use]
pub fn chess_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start(fide::chess());
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(pos.clone());
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }
    out
}
