//! Each pruning and reduction rule as a small named function, with the
//! conditions that keep it sound in these games. Which of them are on is a
//! [`Features`] value, so a match can measure each one's gain.

pub use crate::params::Params;
use menagerie_rules::{Move, Position, Role};

/// Switches for the selective parts of the search (on by default when a
/// match measured a gain: see `docs/engine.md`, "Switches", and the runs in
/// `docs/engine-log/`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // independent switches, one per technique
pub struct Features {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Futility pruning of quiet moves near the leaves, and reverse futility.
    pub futility: bool,
    /// Check extensions.
    pub check_extension: bool,
    /// Late-move pruning: quiet moves late in the order at shallow depth.
    pub late_move_pruning: bool,
    /// The one-step exchange test: losing replacement captures are ordered
    /// after the quiet moves and skipped in the quiescence search.
    pub exchange: bool,
    /// The full static exchange value ([`crate::exchange::value`]) judges
    /// captures in the order and in the quiescence search where the board
    /// allows it (every piece orthodox), instead of the one-step test.
    pub see: bool,
    /// Moves whose static exchange value loses more than a margin a ply
    /// are skipped near the leaves, outside the principal variation.
    pub see_pruning: bool,
    /// Captures of like value are ordered by how they fared before
    /// ([`crate::captures`]).
    pub capture_history: bool,
    /// The improving flag: a node whose static evaluation rose since the
    /// side's previous move cuts sooner by reverse futility.
    pub improving: bool,
    /// Internal iterative reduction: a node with no table move at depth 4
    /// or more is searched one ply shallower.
    pub iir: bool,
    /// Futility and late-move pruning decide before a move is played (so a
    /// pruned move costs nothing, but a quiet check may be pruned); without
    /// it they decide after, sparing moves that give check.
    pub early_pruning: bool,
    /// On a clock, the soft time budget stretches while the best move
    /// changes or the score falls, and shrinks once the choice is settled.
    pub stability: bool,
    /// The counter-move heuristic: the quiet move that last refuted the
    /// previous move is tried right after the killers.
    pub countermove: bool,
    /// Singular extensions: a table move that alone holds the position is
    /// searched one ply deeper.
    pub singular: bool,
    /// With [`Features::singular`], the singular test's search also cuts
    /// the node when a move besides the table's holds beta (multi-cut),
    /// and searches the table move a ply shallower when one holds the
    /// table's score and that score is at least beta.
    pub multi_cut: bool,
    /// Late-move reductions lessened for moves with a good history (with
    /// [`Features::continuation`], the continuation history counts too) and
    /// deepened for those with a bad one: a ply per 8000.
    pub history_lmr: bool,
    /// With helper threads, the move of the deepest iteration any thread
    /// completed is played, not only the main thread's (`smp::Deepest`).
    pub deepest: bool,
    /// In a game without draw rules, a repeated position is scored as a
    /// draw inside the search all the same, so that the side ahead makes
    /// progress rather than repeat moves.
    pub progress: bool,
    /// In a game won by capturing every man, the side far ahead is drawn
    /// toward the enemy men (`crate::hunt`).
    pub hunt: bool,
    /// Killers and histories are kept from one search of a game to the
    /// next (aged), not learned afresh for every move.
    pub keep_history: bool,
    /// Continuation history: quiet moves are also ordered by how they fared
    /// after the same earlier moves (the opponent's last, the side's own
    /// before it).
    pub continuation: bool,
    /// The static evaluation a node prunes by is corrected by the
    /// table's score where the stored bound says it is better: a lower
    /// bound above it or an upper bound below it (or an exact score).
    pub table_eval: bool,
    /// The static evaluation is corrected by what the search learned of its
    /// errors in the same pawn structure ([`crate::correction`]).
    pub correction: bool,
    /// Late-move reductions half a ply deeper, and one more ply where the
    /// side to move's evaluation is not rising.
    pub lmr_plus: bool,
    /// Quiet moves whose history is poor are skipped near the leaves.
    pub history_pruning: bool,
    /// Razoring: a node near the leaves whose evaluation lies far below
    /// alpha is settled by a quiescence search when that agrees.
    pub razoring: bool,
    /// Dead positions (a bare king against a king and at most one Knight
    /// or Bishop) scored as draws in the search and quiescence.
    pub dead: bool,
    /// History counters move sixteen times `depth (depth + 1)` a cut-off
    /// (at most 1600), not `depth` squared (at most 400)
    /// ([`crate::ordering::history_step`]).
    pub steep_history: bool,
    /// ProbCut: a capture that beats beta by a margin in a shallower search
    /// cuts the node (`search::probcut`).
    pub probcut: bool,
    /// Captures that lose by exchange (ordered after the quiet moves) are
    /// reduced like late quiet moves.
    pub capture_lmr: bool,
    /// Late-move reductions one ply deeper at an expected cut node (a
    /// null-window node reached by a reduced search, or the first child
    /// of an expected all node, and so on, alternating).
    pub cut_lmr: bool,
    /// Late-move reductions of quiet moves one ply deeper where the table
    /// move is a capture.
    pub tt_capture_lmr: bool,
    /// Late-move pruning keeps half as many quiet moves where the
    /// evaluation is not rising (stop 52, switch `lmpimp`).
    pub lmp_improving: bool,
    /// A singular table move whose every rival fails far below the test's
    /// bound is searched two plies deeper, off the principal variation and
    /// at most a few times a path (stop 52, switch `double`).
    pub double_extension: bool,
    /// The singular test is made from depth 6 instead of 7 (stop 53,
    /// switch `singular6`).
    pub shallow_singular: bool,
    /// With [`Features::check_extension`], a checking move is extended
    /// when it does not lose material by static exchange, instead of every
    /// node in check (stop 53, switch `safecheck`).
    pub safe_check_extension: bool,
    /// In a game with draw rules, the static evaluation shrinks as the
    /// 50-move count grows ([`toward_fifty`]), so the side ahead prefers
    /// the pawn moves and captures that make progress (stop 53, switch
    /// `fifty`).
    pub fifty_scale: bool,
    /// The static evaluation is scaled toward a draw in the orthodox
    /// endings the side ahead seldom wins ([`crate::drawish`], stop 54,
    /// switch `drawish`).
    pub drawish: bool,
    /// At the first ply of the quiescence search, on a board of orthodox
    /// men alone, quiet moves that check the enemy king directly are
    /// searched too (`search::checks`, switch `qchecks`).
    pub quiet_checks: bool,
    /// Futility and late-move pruning skip a quiet move before it is
    /// played where the board shows it cannot give check (the orthodox
    /// boards: `search::checks::certainly_no_check`), and the king is not
    /// tested after a move so shown; the search is the same and only
    /// faster (stop 56, switch `no-precheck`).
    pub precheck: bool,
    /// On a clock in sudden death, the time left is shared over 60 moves
    /// at the start down to 35 from move 50 on, not 32 throughout
    /// ([`crate::Limits::flat_time_budget`], stop 56, switch `flattime`).
    pub flat_time: bool,
    /// On a clock, the soft budget stretches when the best move took a
    /// small share of the root's nodes (the search doubts it) and shrinks
    /// when it took most of them ([`crate::stability::effort_scale`],
    /// stop 66, switch `effort`).
    pub effort: bool,
    /// On a clock in sudden death, the moves the time left is shared over
    /// (plus two; [`crate::Limits::time_budget_over`], switch `tm=N`).
    pub time_moves: u32,
    /// Plies of the quiescence search of captures at the leaves (0: the
    /// leaves are evaluated as they stand, so exchanges are misjudged, as a
    /// beginner misjudges them; `u32::MAX`: as deep as captures go). The
    /// lowest levels play with few or none.
    pub quiescence: u32,
    /// Whether a node was ever on a principal variation is kept in the
    /// table, and late moves of such a node, searched now with a null
    /// window, are reduced a ply less (stop 61, switch `ttpv`).
    pub tt_pv: bool,
    /// A late move whose reduced search beat alpha is searched again a ply
    /// deeper when it beat the best score by far, a ply shallower when
    /// barely ([`research_step`], stop 61, switch `deeper`).
    pub deeper: bool,
    /// When a node fails low, the quiet move that led to it earns a
    /// history bonus as if it had cut (stop 61, switch `prior`).
    pub prior: bool,
    /// A cut node with no table move from depth 8 is searched two plies
    /// shallower by internal iterative reduction, not one (stop 61,
    /// switch `cutiir`).
    pub cut_iir: bool,
    /// No null move where the table holds an upper bound below beta
    /// ([`table_denies_null`], stop 61, switch `nmpguard`).
    pub null_guard: bool,
    /// Quiet moves that lose material by static exchange are ordered
    /// after the other quiet moves (`ordering::Context::quiet_see`;
    /// stop 61, switch `quietsee`).
    pub quiet_see: bool,
    /// With [`Features::quiet_see`], a quiet move found to lose its man
    /// by static exchange is reduced a ply more (stop 61, switch
    /// `hanglmr`).
    pub hanging_lmr: bool,
    /// Quiet moves are scored by their history only when the first of them
    /// is about to be tried, after the table move, the captures, the
    /// killers and the counter-move, so a node cut before them never reads
    /// their counters (`ordering::Context::lazy_quiets`; stop 67, switch
    /// `lazyquiet`).
    pub lazy_quiets: bool,
    /// When the table names one of a node's moves, that move alone is
    /// scored and tried first; the others are scored, by the counters as
    /// they stand then, only if it does not cut (stop 72, switch
    /// `ttfirst`; on since stop 77, `no-ttfirst` turns it off).
    pub table_first: bool,
    /// Once every remaining quiet move is prunable before play, the quiet
    /// moves the loop would pass over unplayed are set aside at once
    /// instead of being picked one by one (`ordering::set_aside`; stop 72,
    /// switch `setaside`; on since stop 77, `no-setaside` turns it off):
    /// the same order of scores, ties aside.
    pub set_aside: bool,
    /// The numeric constants of the rules above ([`Params`]).
    pub params: Params,
}

impl Default for Features {
    fn default() -> Features {
        Features {
            null_move: true,
            lmr: true,
            futility: true,
            check_extension: true,
            late_move_pruning: true,
            exchange: true,
            see: true,
            see_pruning: true,
            capture_history: true,
            improving: false,
            iir: true,
            history_lmr: false,
            deepest: true,
            progress: false,
            hunt: false,
            early_pruning: false,
            stability: false,
            countermove: false,
            singular: true,
            multi_cut: false,
            continuation: true,
            keep_history: true,
            table_eval: true,
            correction: true,
            lmr_plus: true,
            history_pruning: false,
            razoring: false,
            dead: true,
            steep_history: false,
            probcut: false,
            capture_lmr: false,
            cut_lmr: false,
            tt_capture_lmr: false,
            lmp_improving: false,
            double_extension: false,
            shallow_singular: false,
            safe_check_extension: false,
            fifty_scale: false,
            drawish: false,
            quiet_checks: false,
            precheck: true,
            flat_time: false,
            effort: false,
            time_moves: crate::limits::SUDDEN_DEATH_MOVES,
            quiescence: u32::MAX,
            tt_pv: false,
            deeper: false,
            prior: false,
            cut_iir: false,
            null_guard: false,
            quiet_see: false,
            hanging_lmr: false,
            lazy_quiets: false,
            table_first: true,
            set_aside: true,
            params: Params::default(),
        }
    }
}

/// The evaluation `eval` after `halfmoves` reversible moves, shrunk
/// linearly toward half its size when the 50-move draw is due (100).
#[must_use]
pub fn toward_fifty(eval: i32, halfmoves: u32) -> i32 {
    let left = 200 - i32::try_from(halfmoves.min(100)).unwrap_or(100);
    eval * left / 200
}

/// Whether the side to move has something besides king and pawns on the
/// board or in hand: without it, zugzwang makes a null move unsound.
#[must_use]
pub fn has_pieces(pos: &Position) -> bool {
    let us = pos.turn();
    let b = pos.board();
    let pawnish =
        b.pieces(us, Role::King) | b.pieces(us, Role::Pawn) | b.pieces(us, Role::NinjaPawn);
    !(b.by_color(us) - pawnish).is_empty() || pos.pocket(us).total() > 0
}

/// Null move: allowed in games with check (a null move is a free pass, which
/// is not an action of any of these games but Wounds, whose real pass makes
/// a null move's result meaningless), when not in check, with pieces to move
/// and a static evaluation at or above beta.
#[must_use]
pub fn null_move_allowed(
    pos: &Position,
    f: Features,
    depth: i32,
    in_check: bool,
    eval: i32,
    beta: i32,
) -> bool {
    f.null_move
        && depth >= 3
        && !in_check
        && eval >= beta
        && pos.variant().has_royal_king()
        && has_pieces(pos)
}

/// With [`Features::null_guard`], whether the table's entry `tt` for a
/// node at `ply` says the node is already known to fail low against
/// `beta` (an upper bound below it), so a null move would waste its search.
#[must_use]
pub fn table_denies_null(f: Features, tt: Option<crate::tt::Entry>, ply: usize, beta: i32) -> bool {
    f.null_guard
        && tt.is_some_and(|e| {
            e.bound == crate::tt::Bound::Upper && crate::score::from_tt(e.score, ply) < beta
        })
}

/// The null move's depth reduction ([`Params::nmp_base`] + depth /
/// [`Params::nmp_div`], plus a ply per 200 cp of lead over beta up to
/// [`Params::nmp_eval_max`]), with the static evaluation `eval`
/// of a node searched against `beta`.
#[must_use]
pub fn null_move_reduction(f: Features, depth: i32, eval: i32, beta: i32) -> i32 {
    let p = f.params;
    let by_eval = ((eval - beta) / 200).clamp(0, p.nmp_eval_max);
    p.nmp_base + depth / p.nmp_div + by_eval
}

/// Reverse futility: to depth [`Params::rfp_depth`], a quiet node whose
/// evaluation beats beta by [`Params::rfp_margin`] a ply is cut at once;
/// the margin is one ply smaller when the node is improving.
#[must_use]
pub fn reverse_futility(
    f: Features,
    depth: i32,
    in_check: bool,
    eval: i32,
    beta: i32,
    improving: bool,
) -> bool {
    let (max_depth, margin) = (f.params.rfp_depth, f.params.rfp_margin);
    f.futility
        && depth <= max_depth
        && !in_check
        && eval - margin * (depth - i32::from(improving)) >= beta
}

/// Futility: to depth [`Params::fut_depth`], a quiet move from a position
/// more than `fut_base + fut_margin * depth` below alpha is skipped unless
/// it gives check.
#[must_use]
pub fn futile(f: Features, depth: i32, in_check: bool, eval: i32, alpha: i32) -> bool {
    let p = f.params;
    let max_depth = p.fut_depth;
    f.futility
        && depth <= max_depth
        && !in_check
        && eval + p.fut_margin * depth + p.fut_base <= alpha
}

/// The static evaluation `eval` corrected by a table entry's score `tt`
/// and bound ([`Features::table_eval`]): a lower bound above the
/// evaluation or an upper bound below it is the better estimate, as is
/// an exact score. Mate scores are never taken.
#[must_use]
pub fn table_corrected(f: Features, eval: i32, tt: Option<(i32, crate::tt::Bound)>) -> i32 {
    use crate::tt::Bound;
    let Some((s, bound)) = tt.filter(|_| f.table_eval) else {
        return eval;
    };
    if crate::score::is_mate(s) {
        return eval;
    }
    match bound {
        Bound::Exact => s,
        Bound::Lower if s > eval => s,
        Bound::Upper if s < eval => s,
        _ => eval,
    }
}

/// Whether a move is quiet for the reductions and futility: it removes and
/// wounds nothing, promotes nothing, and is not a drop (a drop beside a king
/// or a pushed ninja pawn is often the whole point of a position).
#[must_use]
pub fn is_quiet(m: &Move) -> bool {
    match m {
        Move::Normal {
            captured,
            promotion,
            ..
        } => captured.is_empty() && promotion.is_none(),
        Move::Castle { .. } | Move::Rotate { .. } => true,
        Move::Drop { .. } | Move::Detonate { .. } | Move::Wound { .. } | Move::Pass => false,
    }
}

/// Late-move reduction in plies for the `index`-th move (0-based) at `depth`,
/// a move whose history counter is `history` (with [`Features::history_lmr`],
/// a good history reduces less and a bad one more; with
/// [`Features::lmr_plus`], a node whose evaluation is not `rising` reduces
/// more), plus `extra` plies where a reduction applies at all
/// ([`Features::cut_lmr`], [`Features::tt_capture_lmr`]).
#[must_use]
pub fn lmr_reduction(
    f: Features,
    depth: i32,
    index: usize,
    pv_node: bool,
    history: i32,
    rising: bool,
    extra: i32,
) -> i32 {
    if !f.lmr || depth < 3 || index < 3 {
        return 0;
    }
    let p = f.params;
    let base = f64::from(depth).ln() * (index as f64).ln() / (f64::from(p.lmr_div) / 100.0);
    let r = if f.lmr_plus {
        (base + f64::from(p.lmr_base) / 100.0) as i32 + i32::from(!rising)
    } else {
        base as i32
    };
    let by_history = if f.history_lmr { history / 8000 } else { 0 };
    (r + extra - i32::from(pv_node) - by_history).clamp(0, depth - 2)
}

/// With [`Features::deeper`], the change of depth for the full search of a
/// late move whose reduced search scored `score` (above alpha) at a node
/// whose best score so far is `best`, the full depth being `depth`: a ply
/// more when `score` beats `best` by more than `64 + 11 * depth`, a ply
/// less when by less than `depth`; 0 otherwise or without the switch.
#[must_use]
pub fn research_step(f: Features, score: i32, best: i32, depth: i32) -> i32 {
    if !f.deeper {
        return 0;
    }
    if score > best + 64 + 11 * depth {
        1
    } else if score < best + depth {
        -1
    } else {
        0
    }
}

/// Late-move pruning: to depth [`Params::lmp_depth`] outside the principal
/// variation, a quiet move after the first `lmp_base + depth * depth`
/// legal ones is skipped (drops are never quiet, so never skipped).
///
/// With [`Features::lmp_improving`], a node whose evaluation is not
/// `rising` (above the same side's two plies before) keeps only half as
/// many.
#[must_use]
pub fn late_move_prunable(
    f: Features,
    depth: i32,
    legal: usize,
    pv_node: bool,
    rising: bool,
) -> bool {
    let max_depth = f.params.lmp_depth;
    let all = f.params.lmp_base + depth * depth;
    let kept = if f.lmp_improving && !rising {
        all / 2
    } else {
        all
    };
    f.late_move_pruning && !pv_node && depth <= max_depth && legal > kept as usize
}

/// Exchange pruning: to depth [`Params::see_depth`] outside the principal variation,
/// a move whose static exchange value loses more than
/// [`Params::see_capture`] a ply (a capture) or [`Params::see_quiet`]
/// times the depth squared (a quiet move) is skipped.
/// `below(t)` says whether the value is below `t` (`None`: the board
/// has none); it is asked only within those depths.
#[must_use]
pub fn exchange_prunable(
    f: Features,
    depth: i32,
    pv_node: bool,
    quiet: bool,
    below: impl FnOnce(i32) -> Option<bool>,
) -> bool {
    if !f.see_pruning || pv_node || depth > f.params.see_depth {
        return false;
    }
    let margin = if quiet {
        f.params.see_quiet * depth * depth
    } else {
        f.params.see_capture * depth
    };
    below(-margin) == Some(true)
}

/// Razoring: at depth 3 or less outside the principal variation, a node
/// whose evaluation is more than `100 + 200 * depth` below `alpha` is
/// looked at by a quiescence search first.
#[must_use]
pub fn razor(f: Features, depth: i32, in_check: bool, eval: i32, alpha: i32) -> bool {
    f.razoring && !in_check && depth <= 3 && eval + 100 + 200 * depth < alpha
}

/// History pruning: at depth 3 or less outside the principal variation, a
/// quiet move whose history counters sum to `history` is skipped when they
/// say it has failed often.
#[must_use]
pub fn history_prunable(f: Features, depth: i32, history: i32, pv_node: bool) -> bool {
    f.history_pruning && !pv_node && depth <= 3 && history < -3000 * depth
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tt::Bound;

    #[test]
    fn a_research_goes_deeper_only_past_the_best_by_far() {
        let on = Features {
            deeper: true,
            ..Features::default()
        };
        // Depth 5: deeper beyond 64 + 55 = 119 over the best, shallower
        // within 5 of it.
        assert_eq!(research_step(on, 220, 100, 5), 1);
        assert_eq!(research_step(on, 219, 100, 5), 0);
        assert_eq!(research_step(on, 105, 100, 5), 0);
        assert_eq!(research_step(on, 104, 100, 5), -1);
        assert_eq!(research_step(Features::default(), 900, 100, 5), 0);
        assert_eq!(research_step(Features::default(), 100, 100, 5), 0);
    }

    #[test]
    fn an_upper_bound_below_beta_denies_the_null_move() {
        use crate::tt::Entry;
        let on = Features {
            null_guard: true,
            ..Features::default()
        };
        let entry = |score, bound| {
            Some(Entry {
                move_key: 0,
                score,
                depth: 3,
                bound,
                pv: false,
            })
        };
        assert!(table_denies_null(on, entry(40, Bound::Upper), 2, 50));
        assert!(!table_denies_null(on, entry(50, Bound::Upper), 2, 50));
        assert!(!table_denies_null(on, entry(40, Bound::Lower), 2, 50));
        assert!(!table_denies_null(on, entry(40, Bound::Exact), 2, 50));
        assert!(!table_denies_null(on, None, 2, 50));
        let off = Features::default();
        assert!(!table_denies_null(off, entry(40, Bound::Upper), 2, 50));
    }

    /// The default switches with the hand-set constants these tests name.
    fn hand_set() -> Features {
        Features {
            params: Params::HAND_SET,
            ..Features::default()
        }
    }

    #[test]
    fn the_table_corrects_the_evaluation_only_where_its_bound_says_better() {
        let on = Features {
            table_eval: true,
            ..hand_set()
        };
        assert_eq!(table_corrected(on, 50, Some((120, Bound::Lower))), 120);
        assert_eq!(table_corrected(on, 50, Some((20, Bound::Lower))), 50);
        assert_eq!(table_corrected(on, 50, Some((20, Bound::Upper))), 20);
        assert_eq!(table_corrected(on, 50, Some((120, Bound::Upper))), 50);
        assert_eq!(table_corrected(on, 50, Some((-30, Bound::Exact))), -30);
        assert_eq!(table_corrected(on, 50, None), 50);
        let mate = crate::score::MATE - 10;
        assert_eq!(table_corrected(on, 50, Some((mate, Bound::Lower))), 50);
        let off = Features {
            table_eval: false,
            ..hand_set()
        };
        assert_eq!(table_corrected(off, 50, Some((120, Bound::Lower))), 50);
    }

    #[test]
    fn late_move_pruning_keeps_half_as_many_where_the_evaluation_is_not_rising() {
        let plain = hand_set();
        let halved = Features {
            lmp_improving: true,
            ..plain
        };
        // Depth 3 keeps 3 + 9 = 12 quiet moves, or 6 where not rising.
        for rising in [false, true] {
            assert!(!late_move_prunable(plain, 3, 7, false, rising));
            assert!(late_move_prunable(plain, 3, 13, false, rising));
        }
        assert!(late_move_prunable(halved, 3, 7, false, false));
        assert!(!late_move_prunable(halved, 3, 6, false, false));
        assert!(!late_move_prunable(halved, 3, 7, false, true));
        assert!(
            !late_move_prunable(halved, 3, 7, true, false),
            "never on the PV"
        );
        assert!(
            !late_move_prunable(halved, 4, 30, false, false),
            "never deeper than 3"
        );
    }

    #[test]
    fn lmr_plus_reduces_more_and_most_where_the_evaluation_falls() {
        let plain = Features {
            lmr_plus: false,
            ..hand_set()
        };
        let plus = Features {
            lmr_plus: true,
            ..plain
        };
        for (depth, index) in [(3, 3), (6, 8), (12, 30)] {
            let before = lmr_reduction(plain, depth, index, false, 0, true, 0);
            let rising = lmr_reduction(plus, depth, index, false, 0, true, 0);
            let falling = lmr_reduction(plus, depth, index, false, 0, false, 0);
            assert!(before <= rising && rising <= falling, "{depth} {index}");
            assert!(falling <= depth - 2);
        }
        assert_eq!(lmr_reduction(plus, 8, 2, false, 0, false, 0), 0);
        assert!(
            lmr_reduction(plus, 12, 30, false, 0, false, 0)
                > lmr_reduction(plain, 12, 30, false, 0, false, 0)
        );
    }

    #[test]
    fn exchange_pruning_needs_a_clear_loss_near_the_leaves_off_the_pv() {
        let on = Features {
            see_pruning: true,
            ..hand_set()
        };
        // A capture may lose 120 cp a ply, a quiet move 30 cp times depth squared.
        assert!(exchange_prunable(on, 2, false, false, |t| Some(-241 < t)));
        assert!(!exchange_prunable(on, 2, false, false, |t| Some(-240 < t)));
        assert!(exchange_prunable(on, 2, false, true, |t| Some(-121 < t)));
        assert!(!exchange_prunable(on, 2, false, true, |t| Some(-120 < t)));
        assert!(!exchange_prunable(on, 2, true, true, |t| Some(-900 < t)));
        assert!(!exchange_prunable(on, 7, false, true, |t| Some(-9000 < t)));
        assert!(!exchange_prunable(on, 1, false, true, |_| None));
        let off = Features {
            see_pruning: false,
            ..hand_set()
        };
        assert!(!exchange_prunable(off, 1, false, true, |t| Some(-900 < t)));
        // Too deep, the exchange is never even asked for.
        assert!(!exchange_prunable(on, 7, false, true, |_| unreachable!()));
    }

    #[test]
    fn razoring_needs_a_node_far_below_alpha_near_the_leaves() {
        let on = Features {
            razoring: true,
            ..hand_set()
        };
        assert!(razor(on, 1, false, -301, 0));
        assert!(!razor(on, 1, false, -300, 0));
        assert!(!razor(on, 1, true, -3000, 0));
        assert!(!razor(on, 4, false, -3000, 0));
        assert!(!razor(hand_set(), 1, false, -3000, 0));
    }

    #[test]
    fn history_pruning_needs_a_poor_history_near_the_leaves() {
        let on = Features {
            history_pruning: true,
            ..hand_set()
        };
        assert!(history_prunable(on, 2, -7000, false));
        assert!(!history_prunable(on, 2, -5000, false));
        assert!(!history_prunable(on, 2, -7000, true));
        assert!(!history_prunable(on, 4, -50_000, false));
        assert!(!history_prunable(hand_set(), 2, -7000, false));
    }
}
