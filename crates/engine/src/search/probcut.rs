//! ProbCut: at a node well above the leaves, a capture that beats beta by
//! a margin in a quiescence search and then in a search a few plies
//! shallower is taken as proof that the full search would cut too.

use super::Searcher;
use crate::exchange;
use crate::ordering::{self, move_key};
use crate::score;
use menagerie_rules::{movegen, Move, Position};

/// How far above beta a capture must score for ProbCut to trust it.
pub(crate) const MARGIN: i32 = 200;
/// How many plies shallower than the node the proving search goes.
pub(crate) const REDUCTION: i32 = 4;
/// The shallowest node ProbCut is tried at.
pub(crate) const MIN_DEPTH: i32 = 5;

/// Whether capture (or promotion) `m` could reach `needed` above the
/// static evaluation: by its exchange value where the board has one,
/// else by what it takes.
fn promising(pos: &Position, w: &crate::eval::Weights, m: &Move, needed: i32) -> bool {
    match exchange::value_below(pos, w, m, needed) {
        Some(below) => !below,
        None => ordering::gain(pos, w, m) >= needed,
    }
}

impl Searcher<'_, '_> {
    /// ProbCut at `pos` (searched at `ply` with `depth` left against
    /// `beta`, statically evaluated at `eval`): the score of a capture
    /// proven to beat `beta + MARGIN`, stored in the table as a lower
    /// bound, or `None`.
    pub(super) fn probcut(
        &mut self,
        pos: &Position,
        depth: i32,
        beta: i32,
        ply: usize,
        eval: i32,
    ) -> Option<i32> {
        let raised = beta + MARGIN;
        if score::is_mate(beta) || score::is_mate(raised) {
            return None;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        movegen::generate_tactical(pos, &mut moves);
        moves.sort_by_cached_key(|m| -ordering::gain(pos, self.weights, m));
        let mut filter = None;
        let mut found = None;
        let mut pv = Vec::new();
        for m in &moves {
            if !promising(pos, self.weights, m, raised - eval) {
                continue;
            }
            let Some(child) = self.play_prefetched(pos, m, &mut filter) else {
                continue;
            };
            self.push(&child, m);
            self.made(ply, pos, &child);
            let mut s = -self.qsearch(&child, -raised, -raised + 1, ply + 1, 0);
            if s >= raised && !self.shared.aborted() {
                let d = depth - 1 - REDUCTION;
                s = -self.search(&child, d, -raised, -raised + 1, ply + 1, &mut pv, true);
            }
            self.pop();
            if self.shared.aborted() {
                break;
            }
            if s >= raised {
                let d = (depth - REDUCTION).clamp(0, 255) as u8;
                self.store(
                    pos.hash(),
                    (s, raised - 1, raised),
                    move_key(m),
                    ply,
                    d,
                    false,
                );
                found = Some(s);
                break;
            }
        }
        self.moves[ply] = moves;
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pruning::Features;
    use crate::search::with_searcher;

    /// ProbCut's verdict on the chess position `fen` at depth 6 against
    /// `beta`, with the static evaluation `eval`.
    fn verdict(fen: &str, beta: i32, eval: i32) -> Option<i32> {
        let features = Features {
            probcut: true,
            ..Features::default()
        };
        with_searcher(fen, features, |searcher, pos| {
            searcher.probcut(pos, 6, beta, 1, eval)
        })
    }

    /// The rook on d1 takes a loose queen on d8.
    const LOOSE_QUEEN: &str = "3q2k1/5pp1/7p/8/8/8/5PPP/3R2K1 w - - 0 1";
    /// The queen on d8 is guarded by the king: the rook's capture is an
    /// even trade at best, and nothing else takes.
    const GUARDED_QUEEN: &str = "3qk3/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1";

    #[test]
    fn a_capture_far_above_beta_cuts() {
        let s = verdict(LOOSE_QUEEN, 0, 0).expect("the queen falls");
        assert!(s >= MARGIN, "{s}");
    }

    #[test]
    fn no_cut_when_the_capture_cannot_reach_the_raised_beta() {
        assert_eq!(verdict(LOOSE_QUEEN, 1500, 0), None);
    }

    #[test]
    fn no_cut_from_an_even_trade() {
        assert_eq!(verdict(GUARDED_QUEEN, 0, 0), None);
    }
}
