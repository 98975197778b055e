//! The root of the search: the legal moves, each searched with its own
//! window, MultiPV by excluding lines already found, and iterative
//! deepening with aspiration windows.

use crate::score::{self, INFINITY};
use crate::search::Searcher;
use menagerie_rules::{Move, Position};

/// One legal root move and what the last iteration found for it.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The move.
    pub m: Move,
    /// The position after it.
    pub child: Position,
    /// Score of the last iteration that searched it fully (or -INFINITY).
    pub score: i32,
    /// Score in the previous iteration (ordering).
    pub previous: i32,
    /// Its principal variation, starting with `m`.
    pub pv: Vec<Move>,
    /// Nodes this thread has searched below it, over every iteration.
    pub nodes: u64,
}

/// The legal root moves of `pos`, optionally restricted to `only`.
#[must_use]
pub fn root_moves(pos: &Position, only: &[Move]) -> Vec<RootMove> {
    let mut legal = pos.legal_moves();
    if !only.is_empty() {
        legal.retain(|m| only.contains(m));
    }
    legal
        .into_iter()
        .filter_map(|m| {
            Searcher::play(pos, &m).map(|child| RootMove {
                m,
                child,
                score: -INFINITY,
                previous: -INFINITY,
                pv: vec![m],
                nodes: 0,
            })
        })
        .collect()
}

impl Searcher<'_, '_> {
    /// Searches root moves `from..` at `depth` in the window; returns the
    /// best score. Moves are kept sorted best first (stable, so ties keep
    /// their order). Returns `None` if the search was aborted before the
    /// first move of the range finished.
    #[allow(clippy::needless_range_loop)] // the index is also the line number
    pub fn search_root(
        &mut self,
        moves: &mut [RootMove],
        from: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let mut best = -INFINITY;
        let mut child_pv = Vec::new();
        for i in from..moves.len() {
            let (child, m) = (moves[i].child.clone(), moves[i].m);
            let nodes_before = self.nodes;
            self.push(&child, &m);
            self.root_child(&child);
            let s = if i == from {
                -self.search(&child, depth - 1, -beta, -alpha, 1, &mut child_pv, true)
            } else {
                let mut s = -self.search(
                    &child,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    1,
                    &mut child_pv,
                    true,
                );
                if s > alpha && s < beta {
                    s = -self.search(&child, depth - 1, -beta, -alpha, 1, &mut child_pv, true);
                }
                s
            };
            self.pop();
            moves[i].nodes += self.nodes - nodes_before;
            if self.shared.aborted() {
                return (i > from).then_some(best);
            }
            let rm = &mut moves[i];
            if i == from || s > alpha {
                rm.score = s;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&child_pv);
            } else {
                rm.score = -INFINITY;
            }
            if s > best {
                best = s;
            }
            if s > alpha {
                alpha = s;
                if s >= beta {
                    break;
                }
            }
        }
        moves[from..].sort_by_key(|r| std::cmp::Reverse(r.score));
        Some(best)
    }

    /// Searches one MultiPV line (`from` is the number of lines already
    /// found this iteration) with an aspiration window around `guess`.
    pub fn aspirate(
        &mut self,
        moves: &mut [RootMove],
        from: usize,
        depth: i32,
        guess: i32,
    ) -> Option<i32> {
        let mut delta = self.features.params.aspiration;
        let (mut alpha, mut beta) = if depth >= 5 && !score::is_mate(guess) {
            (guess - delta, guess + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let s = self.search_root(moves, from, depth, alpha, beta)?;
            if s <= alpha && alpha > -INFINITY {
                beta = (alpha + beta) / 2;
                alpha = (s - delta).max(-INFINITY);
            } else if s >= beta && beta < INFINITY {
                beta = (s + delta).min(INFINITY);
            } else {
                return Some(s);
            }
            delta += delta;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }
}
