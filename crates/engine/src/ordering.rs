//! Move ordering: the transposition-table move first, then captures by the
//! value they win (every victim counted: a Guillotine's double capture, a
//! detonation's whole ring, a Wall's two squares), promotions, killer moves,
//! and quiet moves by their history.

use crate::eval::{self, Weights};
use menagerie_rules::{Move, Position, Role};

/// A 32-bit fingerprint of a move, as stored in the transposition table.
/// Never 0; distinct for the distinct moves of one position in practice
/// (a collision can only reorder moves: the move is always found among the
/// legal ones before it is played).
#[must_use]
pub fn move_key(m: &Move) -> u32 {
    let sq = |s: menagerie_rules::Square| s.index() as u32;
    let (kind, a, b, extra): (u32, u32, u32, u64) = match *m {
        Move::Normal {
            from,
            to,
            captured,
            promotion,
        } => (
            1,
            sq(from),
            sq(to),
            (captured.bits() as u64 ^ (captured.bits() >> 64) as u64)
                ^ promotion.map_or(0, |r| r.index() as u64 + 1) << 59,
        ),
        Move::Drop { role, at, to } => (2, sq(at), sq(to), role.index() as u64),
        Move::Castle {
            king,
            king_to,
            rook,
            rook_to,
        } => (
            3,
            sq(king),
            sq(king_to),
            u64::from(sq(rook) << 8 | sq(rook_to)),
        ),
        Move::Detonate { at, .. } => (4, sq(at), sq(at), 0),
        Move::Wound { from, target } => (5, sq(from), sq(target), 0),
        Move::Rotate { at, clockwise } => (6, sq(at), sq(at), u64::from(clockwise)),
        Move::Pass => (7, 0, 0, 0),
    };
    let mixed = extra.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let hi = ((mixed >> 40) as u32) & 0xff;
    (kind << 24 | hi << 14 | a << 7 | b) | 1 << 31
}

/// Killer moves and history counters of one search thread.
#[derive(Clone, Debug)]
pub struct Heuristics {
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    /// The quiet move that last refuted each move (by its squares).
    counters: Vec<u32>,
    /// Continuation history: how a quiet move (side to move, role, target
    /// square) fared after a move one or two plies earlier (role, target
    /// square), allocated on first use.
    continuation: Vec<i16>,
    /// The static evaluation's learned errors by pawn structure.
    pub correction: crate::correction::Correction,
    /// How captures fared ([`crate::captures`]).
    pub captures: crate::captures::CaptureHistory,
}

/// A move's piece and target for the continuation history: the role's
/// place among the game's pieces × 100 + the canvas square, or
/// [`NO_PIECE_TO`].
pub type PieceTo = usize;
/// The [`PieceTo`] of a pass, or of a move that leaves nothing on its
/// target (a detonation).
pub const NO_PIECE_TO: PieceTo = usize::MAX;

/// How many [`PieceTo`] values the game of `pos` has (its pieces × the
/// canvas), so the continuation table fits the game.
fn piece_tos(pos: &Position) -> usize {
    pos.variant().roles.len() * 100
}

fn piece_to_of(pos: &Position, role: Role, to: menagerie_rules::Square) -> PieceTo {
    pos.variant()
        .roles
        .rank_of(role)
        .map_or(NO_PIECE_TO, |r| r * 100 + to.index())
}

/// What the order of one node's moves may depend on beyond the position.
#[derive(Copy, Clone, Debug)]
pub struct Context {
    /// Order captures that lose material by the one-step exchange test
    /// after the quiet moves.
    pub exchange: bool,
    /// Judge captures by their static exchange value where the board
    /// allows it ([`crate::exchange::losing_by_exchange`]).
    pub see: bool,
    /// Order captures of like value by their capture history.
    pub capture_history: bool,
    /// The move that led to this node, whose refutation is tried early.
    pub previous: Option<Move>,
    /// The [`PieceTo`] of the moves one and two plies before this node,
    /// with continuation history on ([`NO_PIECE_TO`] otherwise).
    pub continuation: [PieceTo; 2],
    /// Order a quiet move (not the table move, a killer or the counter)
    /// whose static exchange value loses material after the other quiet
    /// moves, tested when its turn comes
    /// ([`crate::pruning::Features::quiet_see`]).
    pub quiet_see: bool,
    /// Score the quiet moves ordered by history only when the first of
    /// them is picked ([`score_moves`], [`pick_judged`]).
    pub lazy_quiets: bool,
}

impl Default for Context {
    fn default() -> Context {
        Context {
            exchange: false,
            see: false,
            capture_history: false,
            previous: None,
            continuation: [NO_PIECE_TO; 2],
            quiet_see: false,
            lazy_quiets: false,
        }
    }
}

const HISTORY_SIZE: usize = 2 * 100 * 100;
/// Saturation bound of a history counter.
const HISTORY_MAX: i32 = 1 << 14;

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: vec![[0; 2]; 256],
            history: vec![0; HISTORY_SIZE],
            counters: vec![0; 100 * 100],
            continuation: Vec::new(),
            correction: crate::correction::Correction::default(),
            captures: crate::captures::CaptureHistory::default(),
        }
    }
}

/// The [`PieceTo`] of `m` played from `pos`: the moving (or dropped) role
/// and its target square.
#[must_use]
pub fn piece_to(pos: &Position, m: &Move) -> PieceTo {
    let role = match m {
        Move::Drop { role, .. } => Some(*role),
        _ => m.from().and_then(|s| pos.board().get(s)).map(|p| p.role),
    };
    match (role, m.to()) {
        (Some(r), Some(to)) => piece_to_of(pos, r, to),
        _ => NO_PIECE_TO,
    }
}

/// The [`PieceTo`] of the move that reached `child`, read from the piece
/// now on its target.
#[must_use]
pub fn piece_to_after(child: &Position, m: &Move) -> PieceTo {
    m.to()
        .and_then(|to| {
            child
                .board()
                .get(to)
                .map(|p| piece_to_of(child, p.role, to))
        })
        .unwrap_or(NO_PIECE_TO)
}

/// How far one cut-off at `depth` moves a history counter: `depth`
/// squared up to 400, or, with `steep` ([`crate::pruning::Features::steep_history`]),
/// sixteen times `depth (depth + 1)` up to 1600, so a counter learns
/// from a few cut-offs rather than hundreds.
#[must_use]
pub fn history_step(depth: i32, steep: bool) -> i32 {
    if steep {
        (16 * depth * (depth + 1)).min(1600)
    } else {
        (depth * depth).min(400)
    }
}

/// Moves a history counter by `amount` (positive: a bonus, negative: a
/// malus), the step shrinking as the counter nears `±HISTORY_MAX`.
pub(crate) fn gravity(h: i32, amount: i32) -> i32 {
    h + amount - h * amount.abs() / HISTORY_MAX
}

fn squares_index(m: &Move) -> usize {
    let from = m.from().map_or(0, |s| s.index());
    let to = m.to().map_or(0, |s| s.index());
    from * 100 + to
}

fn history_index(pos: &Position, m: &Move) -> usize {
    history_slot(pos.turn().index(), m)
}

/// The history counter of `m` played by the side of index `c`.
fn history_slot(c: usize, m: &Move) -> usize {
    let from = m.from().map_or(0, |s| s.index());
    let to = m.to().map_or(0, |s| s.index());
    (c * 100 + from) * 100 + to
}

impl Heuristics {
    /// Records a quiet move that caused a cut-off at `ply`, raising its
    /// history by `bonus` ([`history_step`]; in the continuation history
    /// too, when `context` names earlier moves).
    pub fn reward(&mut self, pos: &Position, m: &Move, ply: usize, bonus: i32, context: &Context) {
        let key = move_key(m);
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != key {
                k[1] = k[0];
                k[0] = key;
            }
        }
        let h = &mut self.history[history_index(pos, m)];
        *h = gravity(*h, bonus);
        self.update_continuation(pos, m, context, bonus);
    }

    /// Raises the history of the quiet move `m`, played from `pos`'s
    /// parent by the side not to move in `pos`, by `bonus`: the move left
    /// `pos` with no move beating alpha, so it was a good one.
    pub fn reward_prior(&mut self, pos: &Position, m: &Move, bonus: i32) {
        let mover = (!pos.turn()).index();
        if let Some(h) = self.history.get_mut(history_slot(mover, m)) {
            *h = gravity(*h, bonus);
        }
    }

    /// Records `reply` as the refutation of `previous`.
    pub fn counter(&mut self, previous: &Move, reply: &Move) {
        if let Some(c) = self.counters.get_mut(squares_index(previous)) {
            *c = move_key(reply);
        }
    }

    /// The history counter of a quiet move `m` from `pos`.
    #[must_use]
    pub fn history_of(&self, pos: &Position, m: &Move) -> i32 {
        self.history[history_index(pos, m)]
    }

    /// Lowers the history of a quiet move that was searched without a
    /// cut-off by `malus` ([`history_step`]; its continuation history too,
    /// when `context` names earlier moves).
    pub fn punish(&mut self, pos: &Position, m: &Move, malus: i32, context: &Context) {
        let h = &mut self.history[history_index(pos, m)];
        *h = gravity(*h, -malus);
        self.update_continuation(pos, m, context, -malus);
    }

    /// Where the side to move's counters after each of `context`'s earlier
    /// moves begin (`None`: no such move, or no table sized for this game),
    /// so a node finds them once for all its moves.
    fn continuation_bases(&self, pos: &Position, context: &Context) -> [Option<usize>; 2] {
        let side = pos.turn().index();
        let n = piece_tos(pos);
        let sized = self.continuation.len() == 2 * n * n;
        context
            .continuation
            .map(|prev| (prev != NO_PIECE_TO && sized).then(|| (side * n + prev) * n))
    }

    fn continuation_slots(
        &self,
        pos: &Position,
        m: &Move,
        context: &Context,
    ) -> [Option<usize>; 2] {
        let cur = piece_to(pos, m);
        if cur == NO_PIECE_TO {
            return [None; 2];
        }
        self.continuation_bases(pos, context)
            .map(|base| base.map(|b| b + cur))
    }

    /// The continuation counters of a move of [`PieceTo`] `cur` after the
    /// earlier moves whose counters begin at `bases`, summed.
    fn continuation_at(&self, bases: [Option<usize>; 2], cur: PieceTo) -> i32 {
        if cur == NO_PIECE_TO {
            return 0;
        }
        bases
            .into_iter()
            .flatten()
            .map(|b| i32::from(self.continuation[b + cur]))
            .sum()
    }

    /// The continuation-history part of a quiet move's order score.
    #[must_use]
    pub fn continuation_of(&self, pos: &Position, m: &Move, context: &Context) -> i32 {
        self.continuation_at(self.continuation_bases(pos, context), piece_to(pos, m))
    }

    /// Moves the continuation history of quiet move `m` by `amount` (a
    /// bonus when positive), when `context` names earlier moves.
    pub fn update_continuation(
        &mut self,
        pos: &Position,
        m: &Move,
        context: &Context,
        amount: i32,
    ) {
        if context.continuation == [NO_PIECE_TO; 2] {
            return;
        }
        let n = piece_tos(pos);
        if self.continuation.len() != 2 * n * n {
            // First use, or a search of another game: a table of its size.
            self.continuation = vec![0; 2 * n * n];
        }
        for i in self
            .continuation_slots(pos, m, context)
            .into_iter()
            .flatten()
        {
            let h = &mut self.continuation[i];
            *h = gravity(i32::from(*h), amount) as i16;
        }
    }

    /// Ages history between searches (halves every counter; forgets the
    /// killers, which belong to the plies of one search).
    pub fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
        for h in &mut self.continuation {
            *h /= 2;
        }
        self.captures.age();
        for k in &mut self.killers {
            *k = [0; 2];
        }
    }
}

/// Sort keys for the moves of one node.
pub const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 26;
/// Losing captures come after every quiet move (whose history is bounded by
/// `HISTORY_MAX`).
const LOSING_CAPTURE: i32 = -(1 << 24);

/// Quiet moves that lose material by static exchange come after the other
/// quiet moves and before the losing captures.
const HANGING_QUIET: i32 = -(1 << 20);

/// The score of a quiet move whose history is not read yet (with
/// `Context::lazy_quiets`): above every history score, below the
/// counter-move, so every such move is scored before the first of them
/// is tried.
const QUIET_UNSCORED: i32 = KILLER - 2;

/// Whether an order score from [`pick_judged`] is a quiet move's found to
/// lose material by static exchange (with `Context::quiet_see`).
#[must_use]
pub fn is_hanging_quiet(score: i32) -> bool {
    score <= HANGING_QUIET / 2 && score > LOSING_CAPTURE / 2
}

/// Whether an order score from [`score_moves`] is a quiet move's ordered
/// by its history, not yet found to lose material (history and
/// continuation counters stay far inside `HANGING_QUIET / 2`).
fn is_quiet_untested(score: i32) -> bool {
    score > HANGING_QUIET / 2 && score < KILLER - 1
}

/// Whether an order score from [`score_moves`] is a losing capture's
/// (ordered after every quiet move).
#[must_use]
pub fn is_losing_capture(score: i32) -> bool {
    score < LOSING_CAPTURE / 2
}

/// Whether an order score from [`score_moves`] is a capture's or a
/// promotion's not yet found losing (the table move's is not).
fn is_capture_untested(score: i32) -> bool {
    score > KILLER + 1 && score < TT_MOVE
}

/// The value of what a move removes: every captured square's piece. A Wall
/// square carries half the Wall's value, so taking both squares counts both.
#[must_use]
pub fn gain(pos: &Position, w: &Weights, m: &Move) -> i32 {
    let mut v: i32 = m
        .captured()
        .into_iter()
        .map(|sq| eval::piece_value(pos, w, sq))
        .sum();
    if let Move::Normal {
        promotion: Some(r), ..
    } = m
    {
        v += w.piece[r.index()] - w.piece[Role::Pawn.index()];
    }
    if let Move::Wound { target, .. } = m {
        v += eval::piece_value(pos, w, *target) / 4;
    }
    v
}

/// Scores every move for the order of search: the table move, captures
/// and promotions, killers, the counter-move of `context`'s previous move,
/// then quiet moves by history. Every capture is scored as if it won
/// material: with `context.exchange`, [`pick_judged`] tests a capture when
/// its turn comes and moves one that loses after the quiet moves, so the
/// captures a cut-off leaves untried are never tested.
#[allow(clippy::too_many_arguments)]
pub fn score_moves(
    pos: &Position,
    w: &Weights,
    moves: &[Move],
    tt_key: u32,
    ply: usize,
    h: &Heuristics,
    context: &Context,
    out: &mut Vec<i32>,
) {
    out.clear();
    out.resize(moves.len(), 0);
    score_from(pos, w, moves, (tt_key, ply), h, context, out, 0);
}

/// Scores the table move (the moves whose key is `tt_key`) above every
/// other move, and leaves the others below every score [`score_moves`]
/// gives, for [`score_from`] to score once the table move has been tried.
/// Returns whether any move is the table move (if none, `out` is of no use).
pub fn score_table_move(moves: &[Move], tt_key: u32, out: &mut Vec<i32>) -> bool {
    out.clear();
    out.extend(moves.iter().map(|m| {
        if move_key(m) == tt_key {
            TT_MOVE
        } else {
            UNSCORED
        }
    }));
    out.contains(&TT_MOVE)
}

/// A move [`score_table_move`] left unscored: below every score.
const UNSCORED: i32 = i32::MIN / 2;

/// Scores the moves from index `from` on as [`score_moves`] scores them,
/// by the counters as they stand now; `key` is the table move's key and
/// the node's ply.
#[allow(clippy::too_many_arguments)]
pub fn score_from(
    pos: &Position,
    w: &Weights,
    moves: &[Move],
    key: (u32, usize),
    h: &Heuristics,
    context: &Context,
    out: &mut [i32],
    from: usize,
) {
    let (tt_key, ply) = key;
    let killers = h.killers.get(ply).copied().unwrap_or([0; 2]);
    let counter = context
        .previous
        .and_then(|p| h.counters.get(squares_index(&p)).copied())
        .unwrap_or(0);
    let bases = h.continuation_bases(pos, context);
    for (m, out) in moves.iter().zip(out.iter_mut()).skip(from) {
        let key = move_key(m);
        let s = if key == tt_key {
            TT_MOVE
        } else if m.is_tactical() {
            let attacker = m
                .from()
                .and_then(|s| pos.board().get(s))
                .map_or(0, |p| w.piece[p.role.index()]);
            let proven = if context.capture_history {
                h.captures.of(pos, m) / 8
            } else {
                0
            };
            CAPTURE + gain(pos, w, m) * 16 - attacker / 16 + proven
        } else if key == killers[0] {
            KILLER + 1
        } else if key == killers[1] {
            KILLER
        } else if key == counter {
            KILLER - 1
        } else if context.lazy_quiets {
            QUIET_UNSCORED
        } else {
            h.quiet_score(pos, m, bases)
        };
        *out = s;
    }
}

impl Heuristics {
    /// A quiet move's order score: its history and continuation counters.
    fn quiet_score(&self, pos: &Position, m: &Move, bases: [Option<usize>; 2]) -> i32 {
        let continuation = if bases == [None; 2] {
            0
        } else {
            self.continuation_at(bases, piece_to(pos, m))
        };
        self.history[history_index(pos, m)] + continuation
    }

    /// Scores, from `i` on, every quiet move [`score_moves`] left
    /// unscored, by the counters as they stand now.
    fn score_quiets(
        &self,
        pos: &Position,
        context: &Context,
        moves: &[Move],
        scores: &mut [i32],
        i: usize,
    ) {
        let bases = self.continuation_bases(pos, context);
        for (m, s) in moves.iter().zip(scores.iter_mut()).skip(i) {
            if *s == QUIET_UNSCORED {
                *s = self.quiet_score(pos, m, bases);
            }
        }
    }
}

/// Moves the moves for which `skipped` is false, with their scores, to the
/// front of `moves` and `scores`, in their order, and returns how many
/// there are; the skipped ones follow in some order. Picking from the front
/// part then gives the kept moves by their scores, as picking from all of
/// them and passing over the skipped ones would (ties aside: [`pick`]
/// takes the first of equal scores, and the skipped moves' places change
/// which comes first).
pub fn set_aside(
    moves: &mut [Move],
    scores: &mut [i32],
    mut skipped: impl FnMut(&Move) -> bool,
) -> usize {
    let mut kept = 0;
    for j in 0..moves.len() {
        if !skipped(&moves[j]) {
            moves.swap(kept, j);
            scores.swap(kept, j);
            kept += 1;
        }
    }
    kept
}

/// Moves the best-scored remaining move to index `i` (selection sort, lazy:
/// a cut-off leaves the rest unsorted).
pub fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    if let Some(best) = first_best(scores, i) {
        moves.swap(i, best);
        scores.swap(i, best);
    }
}

/// Like [`pick`], for scores from [`score_moves`] with `context.exchange`:
/// a capture whose turn comes is first tested
/// ([`crate::exchange::losing_by_exchange`], or the one-step
/// [`crate::exchange::losing`] without `context.see`); one that loses
/// material is scored among the losing captures, after every quiet move,
/// and the pick is made again. Since a capture's score only ever falls,
/// the moves come in the order they would if every capture had been
/// tested first, and the captures after a cut-off are never tested.
/// With `context.lazy_quiets`, the quiet moves `score_moves` left unscored
/// are scored by `h` when the first of them would be picked.
pub fn pick_judged(
    pos: &Position,
    w: &Weights,
    h: &Heuristics,
    context: &Context,
    moves: &mut [Move],
    scores: &mut [i32],
    i: usize,
) {
    while let Some(best) = first_best(scores, i) {
        if scores[best] == QUIET_UNSCORED {
            h.score_quiets(pos, context, moves, scores, i);
            continue;
        }
        let untested = is_capture_untested(scores[best]);
        if context.exchange && untested && losing(pos, w, context, &moves[best]) {
            scores[best] += LOSING_CAPTURE - CAPTURE;
            continue;
        }
        if context.quiet_see
            && is_quiet_untested(scores[best])
            && crate::exchange::value_below(pos, w, &moves[best], 0) == Some(true)
        {
            scores[best] += HANGING_QUIET;
            continue;
        }
        moves.swap(i, best);
        scores.swap(i, best);
        return;
    }
}

/// Whether the capture `m` loses material, by the static exchange value
/// with `context.see`, else by the one-step test.
fn losing(pos: &Position, w: &Weights, context: &Context, m: &Move) -> bool {
    if context.see {
        crate::exchange::losing_by_exchange(pos, w, m)
    } else {
        crate::exchange::losing(pos, w, m)
    }
}

/// The index of the first of the highest scores from `i` on.
fn first_best(scores: &[i32], i: usize) -> Option<usize> {
    // The highest score first, then the first move holding it: the same
    // move as a scan for the first strict maximum. Both passes are written
    // so the compiler does them four scores at a time (a fold of `max`, and
    // a mask of the equal scores of each eight), with no branch per score.
    let rest = scores.get(i..).filter(|r| !r.is_empty())?;
    let top = rest.iter().fold(i32::MIN, |m, &s| m.max(s));
    let mut start = i;
    for eight in rest.chunks(8) {
        let equal = eight
            .iter()
            .enumerate()
            .fold(0u32, |mask, (k, &s)| mask | u32::from(s == top) << k);
        if equal != 0 {
            return Some(start + equal.trailing_zeros() as usize);
        }
        start += eight.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::{fide, notation};

    fn chess_move(pos: &Position, text: &str) -> Move {
        notation::parse(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn the_first_best_score_is_the_first_strict_maximum() {
        // Many ties (scores from a small range), every length up to 70 and
        // every start: the same index as scanning for the first score
        // above all before it.
        let mut rng = crate::level::Rng::new(60);
        for n in 0..70 {
            let scores: Vec<i32> = (0..n).map(|_| rng.below(16) as i32 - 8).collect();
            for i in 0..=n {
                let mut scan: Option<usize> = None;
                for (j, &s) in scores.iter().enumerate().skip(i) {
                    if scan.map_or(true, |b| s > scores[b]) {
                        scan = Some(j);
                    }
                }
                assert_eq!(first_best(&scores, i), scan, "{scores:?} from {i}");
            }
        }
    }

    #[test]
    fn a_prior_move_is_rewarded_as_its_mover_would_play_it() {
        let parent =
            Position::from_fen(fide::chess(), "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").expect("fen");
        let m = chess_move(&parent, "g1f3");
        let mut child = parent.clone();
        child.play_unchecked(&m);
        let mut h = Heuristics::default();
        h.reward_prior(&child, &m, 9);
        assert_eq!(h.history_of(&parent, &m), 9, "White's history rises");
        let other = chess_move(&parent, "e1d2");
        assert_eq!(h.history_of(&parent, &other), 0);
        h.reward_prior(&child, &m, 9);
        assert!(h.history_of(&parent, &m) > 9, "a second bonus adds");
    }

    #[test]
    fn a_quiet_move_that_hangs_its_man_comes_after_the_safe_ones() {
        // The black pawn on c3 takes a queen on d2; c2 is safe.
        let pos =
            Position::from_fen(fide::chess(), "4k3/8/8/8/8/2p5/8/3QK3 w - - 0 1").expect("fen");
        let moves = [chess_move(&pos, "d1d2"), chess_move(&pos, "d1c2")];
        let mut h = Heuristics::default();
        h.reward(&pos, &moves[0], 0, 400, &Context::default());
        let w = Weights::default();
        let first = |quiet_see| {
            let context = Context {
                quiet_see,
                ..Context::default()
            };
            let mut scores = Vec::new();
            score_moves(&pos, &w, &moves, 0, 5, &h, &context, &mut scores);
            let mut ordered = moves;
            pick_judged(&pos, &w, &h, &context, &mut ordered, &mut scores, 0);
            (
                ordered[0],
                is_losing_capture(scores[1]),
                is_hanging_quiet(scores[1]),
            )
        };
        assert_eq!(first(false), (moves[0], false, false), "by history alone");
        assert_eq!(
            first(true),
            (moves[1], false, true),
            "the hanging move waits"
        );
    }

    #[test]
    fn steep_history_steps_are_larger_and_capped() {
        assert_eq!(history_step(3, false), 9);
        assert_eq!(history_step(30, false), 400);
        assert_eq!(history_step(3, true), 192);
        assert_eq!(history_step(30, true), 1600);
        for d in 1..20 {
            assert!(history_step(d, true) > history_step(d, false));
        }
    }

    #[test]
    fn a_capture_losing_by_exchange_is_told_from_quiet_moves() {
        // The queen takes a pawn guarded by a pawn; the knight steps quietly.
        let pos = Position::from_fen(fide::chess(), "4k3/8/2p5/3p4/8/8/3Q4/4K1N1 w - - 0 1")
            .expect("fen");
        let moves = [chess_move(&pos, "d2d5"), chess_move(&pos, "g1f3")];
        let context = Context {
            exchange: true,
            see: true,
            ..Context::default()
        };
        let mut scores = Vec::new();
        let h = Heuristics::default();
        let w = Weights::default();
        score_moves(&pos, &w, &moves, 0, 0, &h, &context, &mut scores);
        let mut ordered = moves;
        for i in 0..ordered.len() {
            pick_judged(&pos, &w, &h, &context, &mut ordered, &mut scores, i);
        }
        assert_eq!(ordered, [moves[1], moves[0]]);
        assert!(!is_losing_capture(scores[0]));
        assert!(is_losing_capture(scores[1]));
    }

    #[test]
    fn captures_tested_when_picked_come_in_the_order_of_testing_them_all_first() {
        // Random games of chess, history made up: at every position the
        // order of `pick_judged` equals the order of picking after every
        // capture's test, and enough captures were losing to tell.
        let w = Weights::default();
        let context = Context {
            exchange: true,
            see: true,
            ..Context::default()
        };
        let mut h = Heuristics::default();
        let mut rng = crate::level::Rng::new(58);
        let mut demoted = 0;
        for pos in crate::random_games::chess_positions(58, 20, 100) {
            let mut moves = Vec::new();
            menagerie_rules::movegen::generate_pseudo(&pos, &mut moves);
            for m in moves.iter().filter(|m| !m.is_tactical()).take(6) {
                h.reward(&pos, m, 0, rng.below(40) as i32, &context);
            }
            let tt_key = move_key(&moves[rng.below(moves.len())]);
            let mut lazy = Vec::new();
            score_moves(&pos, &w, &moves, tt_key, 0, &h, &context, &mut lazy);
            let mut eager = lazy.clone();
            for (m, s) in moves.iter().zip(eager.iter_mut()) {
                if is_capture_untested(*s) && losing(&pos, &w, &context, m) {
                    *s += LOSING_CAPTURE - CAPTURE;
                    demoted += 1;
                }
            }
            let (mut a, mut b) = (moves.clone(), moves.clone());
            for i in 0..moves.len() {
                pick_judged(&pos, &w, &h, &context, &mut a, &mut lazy, i);
                pick(&mut b, &mut eager, i);
            }
            assert_eq!(a, b, "{}", pos.fen());
            assert_eq!(lazy, eager, "{}", pos.fen());
        }
        assert!(demoted > 200, "{demoted} losing captures");
    }

    #[test]
    fn quiet_moves_scored_when_first_picked_come_in_the_order_of_scoring_them_at_once() {
        // Random games of chess, history and continuation counters made
        // up, a table move, killers and a counter-move: with the counters
        // unchanged, scoring the quiet moves lazily picks every move in
        // the same order, with the same final scores.
        let w = Weights::default();
        let mut lazily_scored = 0;
        for (pos, moves, tt_key, eager, h) in scored_positions(67) {
            let lazy = Context {
                lazy_quiets: true,
                ..eager
            };
            let (mut a, mut b) = (moves.clone(), moves.clone());
            let (mut sa, mut sb) = (Vec::new(), Vec::new());
            score_moves(&pos, &w, &moves, tt_key, 0, &h, &lazy, &mut sa);
            score_moves(&pos, &w, &moves, tt_key, 0, &h, &eager, &mut sb);
            lazily_scored += sa.iter().filter(|&&s| s == QUIET_UNSCORED).count();
            for i in 0..moves.len() {
                pick_judged(&pos, &w, &h, &lazy, &mut a, &mut sa, i);
                pick_judged(&pos, &w, &h, &eager, &mut b, &mut sb, i);
            }
            assert_eq!(a, b, "{}", pos.fen());
            assert_eq!(sa, sb, "{}", pos.fen());
        }
        assert!(
            lazily_scored > 500,
            "{lazily_scored} quiet moves scored lazily"
        );
    }

    /// Random chess positions with made-up counters (history, continuation,
    /// killers at plies 0-2), each with its moves, a table move's key and a
    /// context, for the order tests.
    fn scored_positions(seed: u64) -> Vec<(Position, Vec<Move>, u32, Context, Heuristics)> {
        let mut rng = crate::level::Rng::new(seed);
        let mut out = Vec::new();
        for pos in crate::random_games::chess_positions(seed, 20, 100) {
            let mut moves = Vec::new();
            menagerie_rules::movegen::generate_pseudo(&pos, &mut moves);
            let context = Context {
                exchange: true,
                see: true,
                capture_history: true,
                previous: moves.first().copied(),
                continuation: [rng.below(600), rng.below(600)],
                ..Context::default()
            };
            let mut h = Heuristics::default();
            for m in moves.iter().filter(|m| !m.is_tactical()).take(8) {
                let ply = rng.below(3);
                h.reward(&pos, m, ply, rng.below(400) as i32 - 100, &context);
            }
            let tt_key = move_key(&moves[rng.below(moves.len())]);
            out.push((pos, moves, tt_key, context, h));
        }
        out
    }

    #[test]
    fn the_table_move_tried_alone_then_the_rest_scored_picks_the_same_order() {
        // With the counters unchanged between the two steps, scoring the
        // table move alone and the rest after its pick gives every move in
        // the order, and with the scores, of scoring them all at once.
        let w = Weights::default();
        for (pos, moves, tt_key, context, h) in scored_positions(72) {
            let (mut a, mut b) = (moves.clone(), moves.clone());
            let (mut sa, mut sb) = (Vec::new(), Vec::new());
            assert!(score_table_move(&moves, tt_key, &mut sa));
            score_moves(&pos, &w, &moves, tt_key, 0, &h, &context, &mut sb);
            for i in 0..moves.len() {
                if i == 1 {
                    score_from(&pos, &w, &a, (tt_key, 0), &h, &context, &mut sa, 1);
                }
                pick_judged(&pos, &w, &h, &context, &mut a, &mut sa, i);
                pick_judged(&pos, &w, &h, &context, &mut b, &mut sb, i);
                if i == 0 {
                    assert_eq!(move_key(&a[0]), tt_key, "{}", pos.fen());
                }
            }
            assert_eq!(a, b, "{}", pos.fen());
            assert_eq!(sa, sb, "{}", pos.fen());
        }
    }

    #[test]
    fn moves_set_aside_leave_the_others_picked_by_the_same_scores() {
        // After a few picks, the quiet moves are set aside: the moves still
        // picked are the others, with the scores in the order that picking
        // everything and passing over the quiet moves gives.
        let w = Weights::default();
        let mut set_aside_moves = 0;
        for (pos, moves, tt_key, context, h) in scored_positions(73) {
            let (mut a, mut b) = (moves.clone(), moves.clone());
            let (mut sa, mut sb) = (Vec::new(), Vec::new());
            score_moves(&pos, &w, &moves, tt_key, 0, &h, &context, &mut sa);
            score_moves(&pos, &w, &moves, tt_key, 0, &h, &context, &mut sb);
            let start = 3.min(moves.len());
            for i in 0..start {
                pick_judged(&pos, &w, &h, &context, &mut a, &mut sa, i);
                pick_judged(&pos, &w, &h, &context, &mut b, &mut sb, i);
            }
            let kept = start
                + set_aside(&mut a[start..], &mut sa[start..], |m| {
                    crate::pruning::is_quiet(m)
                });
            set_aside_moves += moves.len() - kept;
            let mut picked = Vec::new();
            for i in start..kept {
                pick_judged(&pos, &w, &h, &context, &mut a[..kept], &mut sa[..kept], i);
                picked.push((sa[i], a[i]));
            }
            let mut passed = Vec::new();
            for i in start..moves.len() {
                pick_judged(&pos, &w, &h, &context, &mut b, &mut sb, i);
                if !crate::pruning::is_quiet(&b[i]) {
                    passed.push((sb[i], b[i]));
                }
            }
            let scores = |v: &[(i32, Move)]| v.iter().map(|p| p.0).collect::<Vec<_>>();
            assert_eq!(scores(&picked), scores(&passed), "{}", pos.fen());
            let key = |p: &(i32, Move)| (p.0, move_key(&p.1));
            picked.sort_by_key(key);
            passed.sort_by_key(key);
            assert_eq!(picked, passed, "{}", pos.fen());
        }
        assert!(set_aside_moves > 500, "{set_aside_moves} moves set aside");
    }

    #[test]
    fn piece_to_names_the_mover_and_its_target_before_and_after() {
        let pos = Position::start(fide::chess());
        let m = chess_move(&pos, "g1f3");
        let mut child = pos.clone();
        child.play_unchecked(&m);
        let knight = piece_to(&pos, &m);
        assert_ne!(knight, NO_PIECE_TO);
        assert_eq!(knight, piece_to_after(&child, &m));
        assert_ne!(knight, piece_to(&pos, &chess_move(&pos, "b1c3")));
        assert_eq!(piece_to(&pos, &Move::Pass), NO_PIECE_TO);
    }

    #[test]
    fn a_continuation_bonus_raises_the_move_only_after_the_same_move() {
        let pos = Position::start(fide::chess());
        let (good, other) = (chess_move(&pos, "g1f3"), chess_move(&pos, "b1c3"));
        let after = |prev| Context {
            continuation: [prev, NO_PIECE_TO],
            ..Context::default()
        };
        let mut h = Heuristics::default();
        assert_eq!(h.continuation_of(&pos, &good, &after(7)), 0);
        h.update_continuation(&pos, &good, &after(7), 400);
        h.update_continuation(&pos, &other, &after(7), -400);
        assert_eq!(h.continuation_of(&pos, &good, &after(7)), 400);
        assert_eq!(h.continuation_of(&pos, &other, &after(7)), -400);
        assert_eq!(h.continuation_of(&pos, &good, &after(8)), 0);
        let mut scores = Vec::new();
        let moves = [other, good];
        score_moves(
            &pos,
            &Weights::default(),
            &moves,
            0,
            0,
            &h,
            &after(7),
            &mut scores,
        );
        assert!(scores[1] > scores[0]);
        h.age();
        assert_eq!(h.continuation_of(&pos, &good, &after(7)), 200);
    }

    #[test]
    fn continuation_counters_stay_bounded() {
        let pos = Position::start(fide::chess());
        let m = chess_move(&pos, "e2e4");
        let ctx = Context {
            continuation: [3, 5],
            ..Context::default()
        };
        let mut h = Heuristics::default();
        for _ in 0..10_000 {
            h.update_continuation(&pos, &m, &ctx, 400);
        }
        assert!(h.continuation_of(&pos, &m, &ctx) <= 2 * HISTORY_MAX);
        for _ in 0..10_000 {
            h.update_continuation(&pos, &m, &ctx, -400);
        }
        assert!(h.continuation_of(&pos, &m, &ctx) >= -2 * HISTORY_MAX);
    }
}
