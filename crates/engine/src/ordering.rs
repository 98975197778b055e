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
}

/// What the order of one node's moves may depend on beyond the position.
#[derive(Copy, Clone, Debug, Default)]
pub struct Context {
    /// Order captures that lose material by the one-step exchange test
    /// after the quiet moves.
    pub exchange: bool,
    /// The move that led to this node, whose refutation is tried early.
    pub previous: Option<Move>,
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
        }
    }
}

fn squares_index(m: &Move) -> usize {
    let from = m.from().map_or(0, |s| s.index());
    let to = m.to().map_or(0, |s| s.index());
    from * 100 + to
}

fn history_index(pos: &Position, m: &Move) -> usize {
    let c = pos.turn().index();
    let from = m.from().map_or(0, |s| s.index());
    let to = m.to().map_or(0, |s| s.index());
    (c * 100 + from) * 100 + to
}

impl Heuristics {
    /// Records a quiet move that caused a cut-off at `ply` with `depth` left.
    pub fn reward(&mut self, pos: &Position, m: &Move, ply: usize, depth: i32) {
        let key = move_key(m);
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != key {
                k[1] = k[0];
                k[0] = key;
            }
        }
        let bonus = (depth * depth).min(400);
        let h = &mut self.history[history_index(pos, m)];
        *h += bonus - *h * bonus / HISTORY_MAX;
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

    /// Lowers the history of a quiet move that was searched without a cut-off.
    pub fn punish(&mut self, pos: &Position, m: &Move, depth: i32) {
        let malus = (depth * depth).min(400);
        let h = &mut self.history[history_index(pos, m)];
        *h -= malus + *h * malus / HISTORY_MAX;
    }

    /// Ages history between searches.
    pub fn age(&mut self) {
        for h in &mut self.history {
            *h /= 8;
        }
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

/// Scores every move for the order of search: the table move, winning
/// captures and promotions, killers, the counter-move of `context`'s
/// previous move, quiet moves by history, then (with `context.exchange`)
/// captures that lose material by [`crate::exchange::losing`].
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
    let killers = h.killers.get(ply).copied().unwrap_or([0; 2]);
    let counter = context
        .previous
        .and_then(|p| h.counters.get(squares_index(&p)).copied())
        .unwrap_or(0);
    for m in moves {
        let key = move_key(m);
        let s = if key == tt_key {
            TT_MOVE
        } else if m.is_capture()
            || matches!(
                m,
                Move::Normal {
                    promotion: Some(_),
                    ..
                }
            )
        {
            let attacker = m
                .from()
                .and_then(|s| pos.board().get(s))
                .map_or(0, |p| w.piece[p.role.index()]);
            let base = if context.exchange && crate::exchange::losing(pos, w, m) {
                LOSING_CAPTURE
            } else {
                CAPTURE
            };
            base + gain(pos, w, m) * 16 - attacker / 16
        } else if key == killers[0] {
            KILLER + 1
        } else if key == killers[1] {
            KILLER
        } else if key == counter {
            KILLER - 1
        } else {
            h.history[history_index(pos, m)]
        };
        out.push(s);
    }
}

/// Moves the best-scored remaining move to index `i` (selection sort, lazy:
/// a cut-off leaves the rest unsorted).
pub fn pick(moves: &mut [Move], scores: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    scores.swap(i, best);
}
