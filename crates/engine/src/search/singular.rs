//! Singular extensions: a table move that alone holds the position is
//! searched one ply deeper.

use super::Searcher;
use crate::score;
use crate::tt::{Bound, Entry};
use menagerie_rules::Position;

impl Searcher<'_, '_> {
    /// Singular extension: the key of the table move of `pos` (searched at
    /// `ply` with `depth` left) if every other move fails low against a
    /// bound a little under the table's score, searched at half the depth
    /// (so the table move alone holds the position and earns one more ply);
    /// 0 otherwise.
    pub(super) fn singular(
        &mut self,
        pos: &Position,
        entry: Option<Entry>,
        depth: i32,
        ply: usize,
    ) -> u32 {
        let Some(e) = entry else {
            return 0;
        };
        if !self.features.singular
            || self.excluded[ply] != 0
            || ply == 0
            || depth < 7
            || e.move_key == 0
            || e.bound == Bound::Upper
            || i32::from(e.depth) < depth - 3
        {
            return 0;
        }
        let table_score = score::from_tt(e.score, ply);
        if score::is_mate(table_score) {
            return 0;
        }
        let bound = table_score - 2 * depth;
        self.excluded[ply] = e.move_key;
        let mut pv = Vec::new();
        let s = self.search(pos, (depth - 1) / 2, bound - 1, bound, ply, &mut pv, false);
        self.excluded[ply] = 0;
        if s < bound && !self.shared.aborted() {
            e.move_key
        } else {
            0
        }
    }
}
