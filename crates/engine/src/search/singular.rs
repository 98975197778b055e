//! Singular extensions: a table move that alone holds the position is
//! searched one ply deeper. With [`crate::pruning::Features::multi_cut`],
//! the same test also cuts a node where other moves hold beta too, and
//! searches a table move that is not alone one ply shallower.

use super::Searcher;
use crate::score;
use crate::tt::{Bound, Entry};
use menagerie_rules::Position;

/// What the singular test found about a node's table move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// No test was made, or it settled nothing.
    None,
    /// The table move (its key) alone holds: searched this many plies
    /// deeper (one; two when it holds by a wide margin, with
    /// [`crate::pruning::Features::double_extension`]).
    Extend(u32, i32),
    /// Another move holds the table's score too, which was at least beta:
    /// the table move (its key) is searched one ply shallower.
    Reduce(u32),
    /// Another move holds a bound at or above beta: the node cuts with it.
    Cut(i32),
}

impl Verdict {
    /// The plies the move with `key` is extended (negative: reduced).
    pub(super) fn extension(self, key: u32) -> i32 {
        match self {
            Verdict::Extend(k, plies) if k == key => plies,
            Verdict::Reduce(k) if k == key => -1,
            _ => 0,
        }
    }
}

/// How far below the test's bound every other move must fail for a
/// double extension (centipawns).
const DOUBLE_MARGIN: i32 = 20;

/// The most double extensions on one path from the root.
pub(super) const MAX_DOUBLES: u8 = 5;

impl Searcher<'_, '_> {
    /// Singular extension: whether every move of `pos` (searched at `ply`
    /// with `depth` left, in a window whose upper end is `beta`) but the
    /// table's fails low against a bound a little under the table's score,
    /// searched at half the depth (so the table move alone holds the
    /// position and earns one more ply); with multi-cut on, whether another
    /// move holds beta as well (the node cuts) or the table's score at
    /// least (the table move is searched a ply shallower).
    pub(super) fn singular(
        &mut self,
        pos: &Position,
        entry: Option<Entry>,
        (depth, ply): (i32, usize),
        (beta, pv_node): (i32, bool),
    ) -> Verdict {
        let Some(e) = entry else {
            return Verdict::None;
        };
        if !self.features.singular
            || self.excluded[ply] != 0
            || ply == 0
            || depth
                < self.features.params.singular_depth - i32::from(self.features.shallow_singular)
            || e.move_key == 0
            || e.bound == Bound::Upper
            || i32::from(e.depth) < depth - self.features.params.singular_tt_depth
        {
            return Verdict::None;
        }
        let table_score = score::from_tt(e.score, ply);
        if score::is_mate(table_score) {
            return Verdict::None;
        }
        let bound = table_score - self.features.params.singular_margin * depth;
        self.excluded[ply] = e.move_key;
        let mut pv = Vec::new();
        let s = self.search(pos, (depth - 1) / 2, bound - 1, bound, ply, &mut pv, false);
        self.excluded[ply] = 0;
        if self.shared.aborted() {
            Verdict::None
        } else if s < bound {
            let double = self.features.double_extension
                && !pv_node
                && s < bound - DOUBLE_MARGIN
                && self.doubles[ply] < MAX_DOUBLES;
            Verdict::Extend(e.move_key, if double { 2 } else { 1 })
        } else if !self.features.multi_cut {
            Verdict::None
        } else if bound >= beta && !pv_node {
            Verdict::Cut(bound)
        } else if table_score >= beta {
            Verdict::Reduce(e.move_key)
        } else {
            Verdict::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ordering::move_key;
    use crate::pruning::Features;
    use crate::search::with_searcher;
    use menagerie_rules::notation;

    /// The singular test's verdict on the chess position `fen` at depth 8
    /// and ply 1, the table holding `uci` as a lower bound of `score`
    /// searched 8 deep, with multi-cut on.
    fn verdict(fen: &str, uci: &str, score: i32, (beta, pv_node): (i32, bool)) -> (Verdict, u32) {
        let features = Features {
            singular: true,
            multi_cut: true,
            ..Features::default()
        };
        with_searcher(fen, features, |searcher, pos| {
            let m = notation::parse(pos, uci).expect("the table move is legal");
            let key = move_key(&m);
            let entry = Entry {
                move_key: key,
                score,
                depth: 8,
                bound: Bound::Lower,
                pv: false,
            };
            let v = searcher.singular(pos, Some(entry), (8, 1), (beta, pv_node));
            (v, key)
        })
    }

    /// The queen on d2 attacks the rook on d1 (with mate behind it): only
    /// taking it holds.
    const RECAPTURE: &str = "6k1/5ppp/8/8/8/8/3q1PPP/3R2K1 w - - 0 1";
    /// A queen ahead: almost any move keeps the lead.
    const QUEEN_AHEAD: &str = "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1";

    #[test]
    fn a_move_that_alone_holds_is_extended() {
        let (v, key) = verdict(RECAPTURE, "d1d2", 450, (0, false));
        assert_eq!(v, Verdict::Extend(key, 1));
        assert_eq!(v.extension(key), 1);
        assert_eq!(v.extension(key ^ 1), 0);
    }

    /// The plies `RECAPTURE`'s table move d1d2 (a lower bound of 450
    /// searched 8 deep) is extended by at `depth` and ply 1, with
    /// `features` and `doubles` double extensions on the path so far.
    fn recapture_extension(features: Features, depth: i32, pv_node: bool, doubles: u8) -> i32 {
        with_searcher(RECAPTURE, features, |searcher, pos| {
            let m = notation::parse(pos, "d1d2").expect("legal");
            let entry = Entry {
                move_key: move_key(&m),
                score: 450,
                depth: 8,
                bound: Bound::Lower,
                pv: false,
            };
            searcher.doubles[1] = doubles;
            searcher
                .singular(pos, Some(entry), (depth, 1), (0, pv_node))
                .extension(move_key(&m))
        })
    }

    #[test]
    fn a_move_that_alone_holds_by_far_is_extended_twice_off_the_pv_only() {
        let features = Features {
            singular: true,
            double_extension: true,
            ..Features::default()
        };
        let double = |pv_node, doubles| recapture_extension(features, 8, pv_node, doubles);
        assert_eq!(double(false, 0), 2);
        assert_eq!(double(true, 0), 1, "never twice on the PV");
        assert_eq!(
            double(false, MAX_DOUBLES),
            1,
            "at most MAX_DOUBLES on a path"
        );
    }

    #[test]
    fn at_depth_six_the_test_is_made_only_when_shallow() {
        let at_six = |shallow_singular| {
            let features = Features {
                singular: true,
                shallow_singular,
                ..Features::default()
            };
            recapture_extension(features, 6, false, 0)
        };
        assert_eq!(at_six(false), 0, "depth 6 is below the usual test");
        assert_eq!(at_six(true), 1);
    }

    #[test]
    fn other_moves_above_beta_cut_the_node_off_the_pv() {
        let (v, _) = verdict(QUEEN_AHEAD, "d1d2", 600, (300, false));
        // The bound: the table's score less the margin a ply, 8 plies deep.
        let margin = Features::default().params.singular_margin;
        assert_eq!(v, Verdict::Cut(600 - margin * 8));
    }

    #[test]
    fn on_the_pv_a_table_move_not_alone_is_reduced_instead() {
        let (v, key) = verdict(QUEEN_AHEAD, "d1d2", 600, (300, true));
        assert_eq!(v, Verdict::Reduce(key));
        assert_eq!(v.extension(key), -1);
    }

    #[test]
    fn below_beta_a_table_move_not_alone_is_left_alone() {
        let (v, _) = verdict(QUEEN_AHEAD, "d1d2", 600, (2000, false));
        assert_eq!(v, Verdict::None);
    }
}
