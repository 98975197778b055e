//! Draws by the game's history inside the search: two passes in a row, the
//! 50-move rule and repetitions. In a game without draw rules a repetition
//! is scored as a draw all the same (`Features::progress`): a position
//! that comes back is one where the side that is ahead made no progress,
//! so the search steers it elsewhere instead of shuffling until the game
//! is stopped.

use super::{draw_rules, Searcher};
use menagerie_rules::Position;

impl Searcher<'_, '_> {
    /// Whether the position at the end of the path is drawn by its history:
    /// two passes in a row, the 50-move rule, or a repetition within the
    /// search path or of a game position (one earlier occurrence suffices
    /// inside the search). Without the game's draw rules only passes and,
    /// with `Features::progress`, repetitions count.
    pub(super) fn drawn_by_history(&self, pos: &Position) -> bool {
        let n = self.path.len();
        if n >= 2 && self.path[n - 1].1 && self.path[n - 2].1 {
            return true;
        }
        let rules = draw_rules(pos);
        if !rules && !self.features.progress {
            return false;
        }
        if rules && pos.halfmoves() >= 100 {
            return true;
        }
        let hash = pos.hash();
        let reach = (pos.halfmoves() as usize).min(n - 1);
        let mut i = n - 1;
        let stop = n - 1 - reach;
        while i >= stop + 2 {
            i -= 2;
            if self.path[i].0 == hash {
                // Within the search path one repetition is enough; against the
                // game's own positions it takes two earlier occurrences.
                if i >= self.root_len - 1 {
                    return true;
                }
                // The same side moves two plies apart: `i - 2`, `i - 4`, ...
                let earlier = self.path[..i]
                    .iter()
                    .rev()
                    .skip(1)
                    .step_by(2)
                    .filter(|e| e.0 == hash)
                    .count();
                if earlier >= 1 {
                    return true;
                }
            }
        }
        false
    }
}
