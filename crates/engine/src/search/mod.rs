//! The search proper: negamax principal-variation alpha-beta with a
//! transposition table, check extensions, null move, late-move reductions,
//! futility pruning and a quiescence search over every kind of capture.
//! Legality is tested when a move is played (a pseudo-legal move that leaves
//! the own king attacked is skipped), so moves never reached by a cut-off
//! cost nothing.

use crate::eval::{self, Weights};
use crate::exchange;
use crate::nnue::{stack::Stack, Network};
use crate::ordering::{self, move_key, Heuristics};
use crate::pruning::{self, Features};
use crate::score::{self, mated_in, INFINITY};
use crate::tt::{Bound, Entry, Table};
use menagerie_rules::movegen::{self, legality::Filter};

mod checks;
mod probcut;
mod quiescence;
mod repetition;
mod singular;
use menagerie_rules::{Move, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Deepest ply the search goes to.
pub const MAX_PLY: usize = 120;

/// State shared by every thread of one search.
#[derive(Debug)]
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a Table,
    /// The caller's stop request.
    pub stop: &'a AtomicBool,
    /// Set when any limit is reached; every thread then unwinds.
    pub abort: AtomicBool,
    /// Nodes of all threads, flushed in batches.
    pub nodes: AtomicU64,
    /// Node budget, if any.
    pub node_limit: Option<u64>,
    /// When the search must end, if ever.
    pub hard_deadline: Option<Instant>,
}

impl Shared<'_> {
    /// Whether the search must unwind now.
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.abort.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed)
    }
}

/// One searching thread.
pub struct Searcher<'a, 's> {
    /// Shared state.
    pub shared: &'s Shared<'a>,
    /// Evaluation weights.
    pub weights: &'s Weights,
    /// Which selective techniques are on.
    pub features: Features,
    /// Killers and history.
    pub heuristics: Heuristics,
    /// Nodes not yet flushed to the shared count.
    local_nodes: u64,
    /// Nodes searched by this thread.
    pub nodes: u64,
    /// Deepest ply reached in this iteration.
    pub seldepth: usize,
    /// Hashes of the game's positions and of the current path (for
    /// repetitions), with whether the move leading to each was a pass.
    path: Vec<(u64, bool)>,
    /// The move excluded from each ply's node by a singular-extension
    /// test (its key; 0: none).
    excluded: Vec<u32>,
    /// How many double singular extensions the path to each ply's node
    /// holds.
    doubles: Vec<u8>,
    /// The moves of the current path from the root (a null move as a pass).
    line: Vec<Move>,
    /// The [`ordering::PieceTo`] of each move of `line`.
    piece_tos: Vec<ordering::PieceTo>,
    /// Length of `path` at the root.
    root_len: usize,
    scores: Vec<Vec<i32>>,
    moves: Vec<Vec<Move>>,
    /// The static evaluation of the node at each ply of the path
    /// (`-INFINITY` when that node was in check).
    evals: Vec<i32>,
    /// The network's accumulators along the path, when a net evaluates.
    nnue: Option<Stack<'s>>,
    /// Whether the node at each ply is expected to cut (set by its
    /// parent before searching it; never at the root or a PV node).
    cut_nodes: Vec<bool>,
    /// Whether the node at each ply is in check, when the move that led to
    /// it (or the search handing it to the quiescence search) already found
    /// out; taken at the node's entry, like `cut_nodes`.
    known_check: Vec<Option<bool>>,
}

/// Whether repetition draws and the 50-move rule apply.
fn draw_rules(pos: &Position) -> bool {
    pos.variant().options.draw_rules
}

impl<'a, 's> Searcher<'a, 's> {
    /// A thread searching from a game whose earlier positions hashed to
    /// `history` (oldest first, the root last), each with whether the move
    /// that reached it was a pass; `net`, if any, evaluates instead of the
    /// classical evaluation.
    #[must_use]
    pub fn new(
        shared: &'s Shared<'a>,
        weights: &'s Weights,
        features: Features,
        history: Vec<(u64, bool)>,
        net: Option<&'s Network>,
    ) -> Searcher<'a, 's> {
        let root_len = history.len();
        Searcher {
            shared,
            weights,
            features,
            heuristics: Heuristics::default(),
            local_nodes: 0,
            nodes: 0,
            seldepth: 0,
            path: history,
            line: Vec::with_capacity(MAX_PLY + 2),
            piece_tos: Vec::with_capacity(MAX_PLY + 2),
            excluded: vec![0; MAX_PLY + 2],
            doubles: vec![0; MAX_PLY + 2],
            root_len,
            scores: vec![Vec::new(); MAX_PLY + 2],
            moves: vec![Vec::new(); MAX_PLY + 2],
            evals: vec![-INFINITY; MAX_PLY + 2],
            nnue: net.map(|n| Stack::new(n, MAX_PLY + 1)),
            cut_nodes: vec![false; MAX_PLY + 2],
            known_check: vec![None; MAX_PLY + 2],
        }
    }

    /// The static evaluation of `pos`, the position searched at `ply`.
    #[inline]
    fn evaluate(&self, pos: &Position, ply: usize) -> i32 {
        let v = match &self.nnue {
            Some(stack) => stack.evaluate(ply, pos),
            None => eval::evaluate(pos, self.weights),
        };
        let v = if self.features.hunt {
            v + crate::hunt::bonus(pos, v)
        } else {
            v
        };
        let v = if self.features.drawish {
            crate::drawish::scaled(pos, v)
        } else {
            v
        };
        if self.features.fifty_scale && draw_rules(pos) {
            pruning::toward_fifty(v, pos.halfmoves())
        } else {
            v
        }
    }

    /// The static evaluation of `pos` at `ply` as it stands and as the
    /// correction history (when on) corrects it.
    #[inline]
    fn corrected_evaluate(&self, pos: &Position, ply: usize) -> (i32, i32) {
        let plain = self.evaluate(pos, ply);
        if self.features.correction {
            (
                plain,
                plain
                    + self.heuristics.correction.of(
                        pos,
                        self.features.params.correction(),
                        self.last_moves(),
                    ),
            )
        } else {
            (plain, plain)
        }
    }

    /// Prepares the evaluation of `child`, searched at `ply + 1`, made
    /// from `parent`, searched at `ply`.
    #[inline]
    fn made(&mut self, ply: usize, parent: &Position, child: &Position) {
        if let Some(stack) = &mut self.nnue {
            stack.made(ply, parent, child);
        }
    }

    /// Prepares the evaluation of a root move's `child` (searched at ply 1).
    pub(crate) fn root_child(&mut self, child: &Position) {
        if let Some(stack) = &mut self.nnue {
            stack.refresh(1, child);
        }
    }

    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        self.local_nodes += 1;
        if self.local_nodes >= 512 {
            let total = self
                .shared
                .nodes
                .fetch_add(self.local_nodes, Ordering::Relaxed)
                + self.local_nodes;
            self.local_nodes = 0;
            let over_nodes = self.shared.node_limit.is_some_and(|n| total >= n);
            let over_time = self
                .shared
                .hard_deadline
                .is_some_and(|d| Instant::now() >= d);
            if over_nodes || over_time {
                self.shared.abort.store(true, Ordering::Relaxed);
            }
        }
        self.shared.aborted()
    }

    /// Flushes this thread's uncounted nodes.
    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.local_nodes, Ordering::Relaxed);
        self.local_nodes = 0;
    }

    /// The child of `pos` after `m`, or `None` if `m` leaves the mover's king
    /// attacked.
    #[inline]
    pub fn play(pos: &Position, m: &Move) -> Option<Position> {
        let mut child = pos.clone();
        child.play_unchecked(m);
        if pos.variant().has_royal_king() && child.is_check_for(pos.turn()) {
            return None;
        }
        Some(child)
    }

    /// [`Searcher::play_filtered`], then the child's table bucket is
    /// prefetched, so that its probe, after the evaluation's update, finds
    /// the bucket in the cache.
    #[inline]
    fn play_prefetched(
        &self,
        pos: &Position,
        m: &Move,
        filter: &mut Option<Filter>,
    ) -> Option<Position> {
        let child = Self::play_filtered(pos, m, filter)?;
        self.shared.tt.prefetch(child.hash());
        Some(child)
    }

    /// Like [`Searcher::play`], but legality is first asked of `filter`
    /// (built for `pos` on first use, so nodes cut before their first move
    /// never build it): a move it proves legal skips the king test, one it
    /// proves illegal is not even played.
    #[inline]
    fn play_filtered(pos: &Position, m: &Move, filter: &mut Option<Filter>) -> Option<Position> {
        if !pos.variant().has_royal_king() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            return Some(child);
        }
        let verdict = filter
            .get_or_insert_with(|| Filter::new(pos))
            .verdict(pos, m);
        if verdict == Some(false) {
            return None;
        }
        let mut child = pos.clone();
        child.play_unchecked(m);
        if verdict.is_none() && child.is_check_for(pos.turn()) {
            return None;
        }
        Some(child)
    }

    pub(crate) fn push(&mut self, child: &Position, m: &Move) {
        self.path.push((child.hash(), *m == Move::Pass));
        self.line.push(*m);
        self.piece_tos.push(ordering::piece_to_after(child, m));
    }

    pub(crate) fn pop(&mut self) {
        self.path.pop();
        self.line.pop();
        self.piece_tos.pop();
    }

    /// The [`ordering::PieceTo`] of the moves one and two plies before the
    /// current node, when [`Features::continuation`] is on.
    fn continuation_context(&self) -> [ordering::PieceTo; 2] {
        if !self.features.continuation {
            return [ordering::NO_PIECE_TO; 2];
        }
        let [two, one] = self.last_moves();
        [one, two]
    }

    /// The [`ordering::PieceTo`] of the moves two plies and one ply before
    /// the current node ([`ordering::NO_PIECE_TO`] before the game's
    /// first), for the correction history.
    fn last_moves(&self) -> [ordering::PieceTo; 2] {
        let n = self.piece_tos.len();
        let back = |k: usize| {
            n.checked_sub(k)
                .map_or(ordering::NO_PIECE_TO, |i| self.piece_tos[i])
        };
        [back(2), back(1)]
    }

    /// The move that led to the current node, if the node is not the root
    /// and [`Features::countermove`] is on.
    fn previous_move(&self) -> Option<Move> {
        self.features
            .countermove
            .then(|| self.line.last().copied())
            .flatten()
    }

    /// Whether `pos` is dead (no side can ever mate) and
    /// [`Features::dead`] scores it as a draw.
    #[inline]
    fn dead(&self, pos: &Position) -> bool {
        self.features.dead && crate::dead::is_dead(pos)
    }

    /// The score of the side to move when it has no legal action.
    fn no_moves_score(pos: &Position, in_check: bool, ply: usize) -> i32 {
        if pos.variant().has_royal_king() && in_check {
            mated_in(ply)
        } else {
            0
        }
    }

    /// The legal-action generator for a node: pseudo-legal moves, plus the
    /// Wounds pass when a side with men has nothing else.
    fn generate(pos: &Position, out: &mut Vec<Move>) {
        out.clear();
        movegen::generate_pseudo(pos, out);
        if out.is_empty()
            && !pos.variant().has_royal_king()
            && !pos.board().by_color(pos.turn()).is_empty()
        {
            out.push(Move::Pass);
        }
    }

    /// Alpha-beta search of `pos` with `depth` plies left; fills `pv`.
    #[allow(clippy::too_many_arguments, clippy::too_many_lines)]
    pub fn search(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
        null_ok: bool,
    ) -> i32 {
        pv.clear();
        let pv_node = beta - alpha > 1;
        // Taken at every node, so a flag never outlives the search it was
        // set for.
        let flagged = std::mem::take(&mut self.cut_nodes[ply]);
        let cut_node = !pv_node && flagged;
        let known_check = self.known_check[ply].take();
        if ply > 0 {
            if self.count_node() {
                return 0;
            }
            if self.drawn_by_history(pos) || self.dead(pos) {
                return 0;
            }
            // Mate-distance pruning.
            let (a, b) = (alpha.max(mated_in(ply)), beta.min(-mated_in(ply + 1)));
            if a >= b {
                return a;
            }
        }
        if !pos.variant().has_royal_king() && pos.board().by_color(pos.turn()).is_empty() {
            return mated_in(ply);
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return self.evaluate(pos, ply);
        }
        let in_check =
            known_check.unwrap_or_else(|| pos.variant().has_royal_king() && pos.is_check());
        let mut depth =
            if in_check && self.checks_extended(ply) && !self.features.safe_check_extension {
                depth + 1
            } else {
                depth
            };
        if depth <= 0 {
            self.known_check[ply] = Some(in_check);
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        let hash = pos.hash();
        let entry = self.shared.tt.probe(hash);
        let tt_key = entry.map_or(0, |e| e.move_key);
        // On a principal variation now or when the table's entry was made.
        let tt_pv = self.features.tt_pv && (pv_node || entry.is_some_and(|e| e.pv));
        let excluded = self.excluded[ply];
        // A node searched without its table move must not take the table's
        // verdict on the whole node.
        let verdict = entry.filter(|_| excluded == 0);
        if let Some(e) = verdict {
            if !pv_node && ply > 0 && i32::from(e.depth) >= depth {
                if let Some(s) = table_cutoff(e, ply, alpha, beta) {
                    return s;
                }
            }
        }
        let (plain_eval, corrected_eval) = if in_check {
            (-INFINITY, -INFINITY)
        } else {
            self.corrected_evaluate(pos, ply)
        };
        let static_eval = if in_check {
            -INFINITY
        } else {
            let table = verdict.map(|e| (score::from_tt(e.score, ply), e.bound));
            pruning::table_corrected(self.features, corrected_eval, table)
        };
        self.evals[ply] = static_eval;
        self.doubles[ply + 1] = self.doubles[ply];
        let improving = self.improving(ply, in_check);
        if self.features.iir && depth >= self.features.params.iir_depth && tt_key == 0 && !in_check
        {
            depth -= 1 + i32::from(self.features.cut_iir && cut_node && depth >= 8);
        }
        if !pv_node && ply > 0 && excluded == 0 {
            if pruning::razor(self.features, depth, in_check, static_eval, alpha) {
                let s = self.qsearch(pos, alpha - 1, alpha, ply, 0);
                if s < alpha {
                    return s;
                }
            }
            if pruning::reverse_futility(
                self.features,
                depth,
                in_check,
                static_eval,
                beta,
                improving,
            ) && !score::is_mate(beta)
            {
                return static_eval;
            }
            if null_ok
                && !pruning::table_denies_null(self.features, verdict, ply, beta)
                && pruning::null_move_allowed(
                    pos,
                    self.features,
                    depth,
                    in_check,
                    static_eval,
                    beta,
                )
            {
                let mut child = pos.clone();
                child.play_unchecked(&Move::Pass);
                self.path.push((child.hash(), false));
                self.line.push(Move::Pass);
                self.piece_tos.push(ordering::NO_PIECE_TO);
                self.made(ply, pos, &child);
                let r = pruning::null_move_reduction(self.features, depth, static_eval, beta);
                let mut child_pv = Vec::new();
                self.cut_nodes[ply + 1] = !cut_node;
                let s = -self.search(
                    &child,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    &mut child_pv,
                    false,
                );
                self.path.pop();
                self.line.pop();
                self.piece_tos.pop();
                if self.shared.aborted() {
                    return 0;
                }
                if s >= beta {
                    return if score::is_mate(s) { beta } else { s };
                }
            }
        }
        if self.features.probcut
            && !pv_node
            && ply > 0
            && excluded == 0
            && !in_check
            && depth >= probcut::MIN_DEPTH
        {
            if let Some(s) = self.probcut(pos, depth, beta, ply, static_eval) {
                return s;
            }
            if self.shared.aborted() {
                return 0;
            }
        }
        let singular = self.singular(pos, entry, (depth, ply), (beta, pv_node));
        if let singular::Verdict::Cut(s) = singular {
            return s;
        }
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        Self::generate(pos, &mut moves);
        let context = ordering::Context {
            exchange: self.features.exchange,
            see: self.features.see,
            capture_history: self.features.capture_history,
            previous: self.previous_move(),
            continuation: self.continuation_context(),
            quiet_see: self.features.quiet_see,
            lazy_quiets: self.features.lazy_quiets,
        };
        let table_first = self.features.table_first
            && tt_key != 0
            && ordering::score_table_move(&moves, tt_key, &mut scores);
        if !table_first {
            ordering::score_moves(
                pos,
                self.weights,
                &moves,
                tt_key,
                ply,
                &self.heuristics,
                &context,
                &mut scores,
            );
        }
        let futile =
            !pv_node && pruning::futile(self.features, depth, in_check, static_eval, alpha);
        let tt_capture = self.features.tt_capture_lmr
            && tt_key != 0
            && moves
                .iter()
                .any(|m| move_key(m) == tt_key && !pruning::is_quiet(m));
        let extra_reduction =
            i32::from(self.features.cut_lmr && cut_node) - i32::from(tt_pv && !pv_node);
        let mut filter = None;
        let mut check_squares = None;
        let mut best = -INFINITY;
        let mut best_key = 0;
        let mut best_quiet = false;
        let mut legal = 0usize;
        let mut child_pv = Vec::new();
        let mut quiets_tried: Vec<Move> = Vec::new();
        let mut captures_tried: Vec<Move> = Vec::new();
        let original_alpha = alpha;
        // Once every remaining quiet move is prunable (futility or late-move
        // pruning, which only grow more certain as the loop goes on), the
        // moves the loop would skip unplayed are set aside at once
        // (`settle_quiets`), so they are no longer picked one by one.
        let mut end = moves.len();
        let mut quiets_settled = false;
        for i in 0..moves.len() {
            if i >= end {
                break;
            }
            if table_first && i == 1 {
                ordering::score_from(
                    pos,
                    self.weights,
                    &moves[..end],
                    (tt_key, ply),
                    &self.heuristics,
                    &context,
                    &mut scores[..end],
                    1,
                );
            }
            ordering::pick_judged(
                pos,
                self.weights,
                &self.heuristics,
                &context,
                &mut moves[..end],
                &mut scores[..end],
                i,
            );
            let m = moves[i];
            let key = move_key(&m);
            if excluded != 0 && key == excluded {
                continue;
            }
            let extension = singular.extension(key);
            let new_depth = depth - 1 + extension;
            self.doubles[ply + 1] = self.doubles[ply] + u8::from(extension >= 2);
            let quiet = pruning::is_quiet(&m);
            let reducible =
                quiet || self.features.capture_lmr && ordering::is_losing_capture(scores[i]);
            // Only history pruning and history-driven reductions read it.
            let history = if quiet && (self.features.history_pruning || self.features.history_lmr) {
                self.heuristics.history_of(pos, &m)
                    + self.heuristics.continuation_of(pos, &m, &context)
            } else {
                0
            };
            // Futility and late-move pruning skip a quiet move once some
            // move has been searched: before it is played (checks too), or,
            // without `early_pruning`, after it (sparing checks).
            let skippable = quiet && !in_check && legal > 0;
            let settled = skippable
                && (futile
                    || pruning::late_move_prunable(
                        self.features,
                        depth,
                        legal + 1,
                        pv_node,
                        self.rising(ply, in_check),
                    ));
            let prunable = settled
                || skippable && pruning::history_prunable(self.features, depth, history, pv_node);
            if self.features.set_aside
                && settled
                && !quiets_settled
                && !context.lazy_quiets
                && !context.quiet_see
            {
                quiets_settled = true;
                end = i
                    + 1
                    + self.settle_quiets(
                        pos,
                        &mut moves[i + 1..end],
                        &mut scores[i + 1..end],
                        &mut check_squares,
                    );
            }
            if prunable
                && (self.features.early_pruning
                    || self.certainly_no_check(pos, &m, &mut check_squares))
            {
                continue;
            }
            if !in_check
                && legal > 0
                && key != tt_key
                && pruning::exchange_prunable(self.features, depth, pv_node, quiet, |t| {
                    exchange::value_below(pos, self.weights, &m, t)
                })
            {
                continue;
            }
            let Some(child) = self.play_prefetched(pos, &m, &mut filter) else {
                continue;
            };
            legal += 1;
            let gives_check = self.gives_check(pos, &m, &child, &mut check_squares);
            let new_depth = new_depth
                + i32::from(gives_check && extension == 0 && self.safe_check(pos, &m, ply));
            if prunable && !gives_check {
                continue;
            }
            self.push(&child, &m);
            self.made(ply, pos, &child);
            let s = if legal == 1 {
                self.known_check[ply + 1] = Some(gives_check);
                self.cut_nodes[ply + 1] = !cut_node;
                self.child_score(&child, new_depth, alpha, beta, ply, &mut child_pv)
            } else {
                let r = if reducible && !in_check && !gives_check {
                    pruning::lmr_reduction(
                        self.features,
                        depth,
                        legal - 1,
                        pv_node,
                        history,
                        self.rising(ply, in_check),
                        extra_reduction
                            + i32::from(quiet && tt_capture)
                            + i32::from(
                                self.features.hanging_lmr && ordering::is_hanging_quiet(scores[i]),
                            ),
                    )
                } else {
                    0
                };
                let (a, b) = (alpha, alpha + 1);
                self.cut_nodes[ply + 1] = true;
                self.known_check[ply + 1] = Some(gives_check);
                let reduced = new_depth - r;
                let mut s = self.child_score(&child, reduced, a, b, ply, &mut child_pv);
                let mut new_depth = new_depth;
                if s > alpha && r > 0 {
                    new_depth += pruning::research_step(self.features, s, best, new_depth);
                    // Without `deeper` the step is 0, so this always holds.
                    if new_depth > reduced {
                        self.cut_nodes[ply + 1] = !cut_node;
                        self.known_check[ply + 1] = Some(gives_check);
                        s = self.child_score(&child, new_depth, a, b, ply, &mut child_pv);
                    }
                }
                if s > alpha && s < beta {
                    self.known_check[ply + 1] = Some(gives_check);
                    s = self.child_score(&child, new_depth, alpha, beta, ply, &mut child_pv);
                }
                s
            };
            self.pop();
            if self.shared.aborted() {
                self.moves[ply] = moves;
                self.scores[ply] = scores;
                return 0;
            }
            if s > best {
                best = s;
                best_key = key;
                best_quiet = quiet;
                if s > alpha {
                    alpha = s;
                    pv.clear();
                    pv.push(m);
                    pv.extend_from_slice(&child_pv);
                    if s >= beta {
                        if context.capture_history {
                            self.learn_captures(pos, &m, &captures_tried, depth);
                        }
                        if quiet {
                            let step = ordering::history_step(depth, self.features.steep_history);
                            self.heuristics.reward(pos, &m, ply, step, &context);
                            if let Some(p) = self.previous_move() {
                                self.heuristics.counter(&p, &m);
                            }
                            for q in &quiets_tried {
                                self.heuristics.punish(pos, q, step, &context);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(m);
            } else if context.capture_history && m.is_capture() {
                captures_tried.push(m);
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        if legal == 0 {
            // With the table move excluded, no other move is no verdict.
            return if excluded != 0 {
                alpha
            } else {
                Self::no_moves_score(pos, in_check, ply)
            };
        }
        if best == -INFINITY {
            // Every legal move was pruned as futile: the static bound stands.
            return alpha;
        }
        if excluded == 0 {
            self.store(
                hash,
                (best, original_alpha, beta),
                best_key,
                ply,
                depth.clamp(0, 255) as u8,
                tt_pv,
            );
            let failed_low = best <= original_alpha;
            if self.features.prior && failed_low && ply > 0 {
                self.reward_prior(pos, depth);
            }
            if self.features.correction && !in_check && (failed_low || best_quiet) {
                let window = (original_alpha, beta);
                self.learn_correction(pos, depth, best, (plain_eval, corrected_eval), window);
            }
        }
        best
    }

    /// Sets aside the quiet moves among `moves` (with their `scores`) that
    /// the move loop would skip without playing them once every quiet move
    /// is prunable: all of them with [`Features::early_pruning`], else those
    /// that certainly give no check. The rest keep their order at the front;
    /// returns how many. Since picking a quiet move changes no score (without
    /// lazily scored quiets or `quiet_see`), the kept moves are then picked
    /// in the order of scores they would have been (ties aside:
    /// [`ordering::set_aside`]).
    fn settle_quiets(
        &self,
        pos: &Position,
        moves: &mut [Move],
        scores: &mut [i32],
        squares: &mut Option<Option<checks::CheckSquares>>,
    ) -> usize {
        ordering::set_aside(moves, scores, |m| {
            pruning::is_quiet(m)
                && (self.features.early_pruning || self.certainly_no_check(pos, m, squares))
        })
    }

    /// Whether `m` of `pos` certainly gives no check
    /// ([`checks::certainly_no_check`], with [`Features::precheck`]); the
    /// node's check `squares` are found on first use.
    fn certainly_no_check(
        &self,
        pos: &Position,
        m: &Move,
        squares: &mut Option<Option<checks::CheckSquares>>,
    ) -> bool {
        self.features.precheck
            && checks::certainly_no_check(
                pos,
                squares
                    .get_or_insert_with(|| checks::CheckSquares::new(pos))
                    .as_ref(),
                m,
            )
    }

    /// Whether `child`, reached by `m` from `pos`, is in check: the king is
    /// tested unless the check `squares` prove it is not.
    fn gives_check(
        &self,
        pos: &Position,
        m: &Move,
        child: &Position,
        squares: &mut Option<Option<checks::CheckSquares>>,
    ) -> bool {
        child.variant().has_royal_king()
            && !self.certainly_no_check(pos, m, squares)
            && child.is_check()
    }

    /// Whether the check `m` of `pos` at `ply` is extended by
    /// [`Features::safe_check_extension`]: it does not lose material by
    /// static exchange (or the board has no exchange value).
    fn safe_check(&self, pos: &Position, m: &Move, ply: usize) -> bool {
        self.features.safe_check_extension
            && self.checks_extended(ply)
            && exchange::value_below(pos, self.weights, m, 0) != Some(true)
    }

    /// Whether checks at `ply` earn a ply ([`Features::check_extension`]),
    /// at the node in check or, with [`Features::safe_check_extension`],
    /// at the checking move: not in the last third of the deepest path,
    /// so check sequences cannot run the path out.
    fn checks_extended(&self, ply: usize) -> bool {
        self.features.check_extension && ply < 2 * MAX_PLY / 3
    }

    /// The score, from the mover's view at `ply`, of `child` searched with
    /// `depth` left in the window `alpha..beta`; fills `pv` with its line.
    fn child_score(
        &mut self,
        child: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        pv: &mut Vec<Move>,
    ) -> i32 {
        -self.search(child, depth, -beta, -alpha, ply + 1, pv, true)
    }

    /// After a node of `pos` searched to `depth` failed low, raises the
    /// history of the quiet move that led to it ([`Features::prior`]).
    fn reward_prior(&mut self, pos: &Position, depth: i32) {
        let Some(m) = self.line.last().copied() else {
            return;
        };
        // A pass (the null move) is never quiet.
        if pruning::is_quiet(&m) {
            let step = ordering::history_step(depth, self.features.steep_history);
            self.heuristics.reward_prior(pos, &m, step);
        }
    }

    /// Teaches the capture history a cut-off at `depth` by `cut` (rewarded
    /// if a capture) after the captures `tried` before it (punished).
    fn learn_captures(&mut self, pos: &Position, cut: &Move, tried: &[Move], depth: i32) {
        let step = ordering::history_step(depth, self.features.steep_history);
        if cut.is_capture() {
            self.heuristics.captures.update(pos, cut, step, true);
        }
        for m in tried {
            self.heuristics.captures.update(pos, m, step, false);
        }
    }

    /// Teaches the correction history what a node of `pos` searched to
    /// `depth` found (`best`, searched in the window `alpha..beta`) against
    /// its evaluation (before and after correction): an exact score always,
    /// a bound only when it lies beyond the corrected evaluation on its own
    /// side. Mate scores teach nothing.
    fn learn_correction(
        &mut self,
        pos: &Position,
        depth: i32,
        best: i32,
        (plain, corrected): (i32, i32),
        (alpha, beta): (i32, i32),
    ) {
        if score::is_mate(best) {
            return;
        }
        let informative = if best >= beta {
            best > corrected
        } else if best <= alpha {
            best < corrected
        } else {
            true
        };
        if informative {
            let weights = self.features.params.correction();
            let last = self.last_moves();
            self.heuristics
                .correction
                .learn(pos, depth, best - plain, weights, last);
        }
    }

    /// Whether the node at `ply` evaluates better than the same side's node
    /// two plies before, whatever [`Features::improving`] says.
    fn rising(&self, ply: usize, in_check: bool) -> bool {
        !in_check && ply >= 2 && self.evals[ply] > self.evals[ply - 2]
    }

    /// Whether the node at `ply` evaluates better than the same side's node
    /// two plies before (always, when that one was in check; never when this
    /// one is).
    fn improving(&self, ply: usize, in_check: bool) -> bool {
        self.features.improving && !in_check && ply >= 2 && self.evals[ply] > self.evals[ply - 2]
    }

    /// Keeps a node's result in the table: its bound from the window
    /// `alpha..beta` it was searched with, its best move (none for an
    /// upper bound), the depth it was searched to (0: quiescence) and
    /// whether it is a principal-variation node (`pv`, kept only with
    /// [`Features::tt_pv`]).
    #[allow(clippy::too_many_arguments)]
    fn store(
        &self,
        hash: u64,
        (best, alpha, beta): (i32, i32, i32),
        key: u32,
        ply: usize,
        depth: u8,
        pv: bool,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared.tt.store(
            hash,
            Entry {
                move_key: if bound == Bound::Upper { 0 } else { key },
                score: score::to_tt(best, ply),
                depth,
                bound,
                pv: pv && self.features.tt_pv,
            },
        );
    }
}

/// Runs `f` with a fresh one-thread searcher of the chess position `fen`
/// (classical evaluation, a 1 MB table, no limits) for the tests of the
/// search's parts.
#[cfg(test)]
pub(crate) fn with_searcher<R>(
    fen: &str,
    features: Features,
    f: impl FnOnce(&mut Searcher<'_, '_>, &Position) -> R,
) -> R {
    let pos = Position::from_fen(menagerie_rules::fide::chess(), fen).expect("fen");
    let tt = Table::new(1);
    let stop = AtomicBool::new(false);
    let shared = Shared {
        tt: &tt,
        stop: &stop,
        abort: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        node_limit: None,
        hard_deadline: None,
    };
    let weights = eval::Weights::default();
    let mut searcher = Searcher::new(&shared, &weights, features, vec![(pos.hash(), false)], None);
    f(&mut searcher, &pos)
}

/// The stored score when `e`'s bound settles the window `alpha..beta` at
/// `ply`.
fn table_cutoff(e: Entry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = score::from_tt(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

#[cfg(test)]
mod fifty_tests {
    use super::*;

    /// The static evaluation of a pawn-up ending after `halfmoves`
    /// reversible ones, with the switch `fifty_scale`.
    fn eval_after(halfmoves: u32, fifty_scale: bool) -> i32 {
        let fen = format!("4k3/8/8/8/8/8/4P3/4K3 w - - {halfmoves} 60");
        let features = Features {
            fifty_scale,
            ..Features::default()
        };
        with_searcher(&fen, features, |searcher, pos| searcher.evaluate(pos, 0))
    }

    #[test]
    fn the_evaluation_shrinks_toward_the_fifty_move_draw() {
        let fresh = eval_after(0, true);
        assert!(fresh > 0);
        assert_eq!(fresh, eval_after(0, false), "a fresh count changes nothing");
        assert_eq!(eval_after(60, false), fresh, "off, the count is ignored");
        assert_eq!(eval_after(60, true), fresh * 140 / 200);
        assert_eq!(eval_after(99, true), fresh * 101 / 200);
    }
}

#[cfg(test)]
mod check_tests {
    use super::*;
    use menagerie_rules::notation;

    /// Whether `uci` from `fen` is extended as a check at ply 1.
    fn extended(fen: &str, uci: &str, safe_check_extension: bool) -> bool {
        let features = Features {
            safe_check_extension,
            ..Features::default()
        };
        with_searcher(fen, features, |searcher, pos| {
            let m = notation::parse(pos, uci).expect("legal");
            searcher.safe_check(pos, &m, 1)
        })
    }

    /// The queen on d2 can check from e2 (safe) or d7 (the king takes it).
    const QUEEN_CHECKS: &str = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1";

    #[test]
    fn only_a_check_that_keeps_its_material_is_extended() {
        assert!(extended(QUEEN_CHECKS, "d2e2", true));
        assert!(!extended(QUEEN_CHECKS, "d2d7", true), "the king takes");
        assert!(
            !extended(QUEEN_CHECKS, "d2e2", false),
            "off, checks are extended at the node in check instead"
        );
    }
}
