//! Quiescence: at the leaves, captures (and promotions, and evasions when
//! in check for a few plies) are searched until the position is quiet.

use super::{table_cutoff, Searcher, MAX_PLY};
use crate::exchange;
use crate::ordering::{self, move_key};
use crate::score::{mated_in, INFINITY};
use menagerie_rules::movegen;
use menagerie_rules::Position;

impl Searcher<'_, '_> {
    /// Quiescence: stand pat, or search every capture (and every promotion;
    /// every evasion when in check, for a few plies).
    pub fn qsearch(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        let known_check = self.known_check[ply].take();
        if self.count_node() || self.dead(pos) {
            return 0;
        }
        if !pos.variant().has_royal_king() && pos.board().by_color(pos.turn()).is_empty() {
            return mated_in(ply);
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY || qply >= self.features.quiescence {
            return self.evaluate(pos, ply);
        }
        let in_check = qply < 4
            && known_check.unwrap_or_else(|| pos.variant().has_royal_king() && pos.is_check());
        let hash = pos.hash();
        let entry = self.shared.tt.probe(hash);
        if let Some(s) = entry.and_then(|e| table_cutoff(e, ply, alpha, beta)) {
            return s;
        }
        let stand = if in_check {
            -INFINITY
        } else {
            self.corrected_evaluate(pos, ply).1
        };
        if stand >= beta {
            return stand;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand);
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        if in_check {
            movegen::generate_pseudo(pos, &mut moves);
        } else {
            movegen::generate_tactical(pos, &mut moves);
        }
        ordering::score_moves(
            pos,
            self.weights,
            &moves,
            entry.map_or(0, |e| e.move_key),
            ply,
            &self.heuristics,
            &ordering::Context {
                capture_history: self.features.capture_history,
                ..ordering::Context::default()
            },
            &mut scores,
        );
        let mut filter = None;
        let mut best = stand;
        let mut best_key = 0;
        let mut legal = 0;
        for i in 0..moves.len() {
            ordering::pick(&mut moves, &mut scores, i);
            let m = moves[i];
            if !in_check
                && stand + ordering::gain(pos, self.weights, &m) + self.features.params.qs_delta
                    <= alpha
            {
                continue;
            }
            let judged = (!in_check && self.features.exchange && self.features.see)
                .then(|| exchange::loses(pos, self.weights, &m))
                .flatten();
            if judged == Some(true) {
                continue;
            }
            let risky = !in_check
                && judged.is_none()
                && self.features.exchange
                && exchange::risk(pos, self.weights, &m).is_some();
            let Some(child) = self.play_prefetched(pos, &m, &mut filter) else {
                continue;
            };
            legal += 1;
            if risky && exchange::recapturable(pos, &m, &child) {
                continue;
            }
            self.made(ply, pos, &child);
            let s = -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.shared.aborted() {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_key = move_key(&m);
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if self.features.quiet_checks
            && qply == 0
            && !in_check
            && best < beta
            && !self.shared.aborted()
        {
            self.search_quiet_checks(
                pos,
                &mut moves,
                &mut filter,
                (&mut alpha, beta),
                (&mut best, &mut best_key),
                ply,
            );
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        if in_check && legal == 0 {
            // Every pseudo-legal move was tried: mated.
            return mated_in(ply);
        }
        // A deeper result for this position stays: only a quiescence one is
        // replaced.
        if !self.shared.aborted() && !entry.is_some_and(|e| e.depth > 0) {
            let pv = beta - original_alpha > 1 || entry.is_some_and(|e| e.pv);
            self.store(hash, (best, original_alpha, beta), best_key, ply, 0, pv);
        }
        best
    }
}
