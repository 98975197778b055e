//! Quiet checks at the horizon (switch `qchecks`): at the first ply of
//! the quiescence search, on a board of the orthodox men alone, quiet
//! moves that check the enemy king directly are searched as well as the
//! captures. The reply, in check, searches every evasion, so a mating net
//! or a checking fork one move past the horizon is seen rather than
//! scored by the stand-pat evaluation.
//!
//! Direct checks only: a man whose move uncovers a slider is not found,
//! as finding it would need the pins of the enemy king. The squares are
//! those from which a Knight, Bishop, Rook, Queen or Pawn of the side to
//! move would attack the enemy king, found once per node.
//!
//! The same squares, with the men that screen one of the side's sliders
//! from the enemy king, tell the main search which moves certainly give no
//! check ([`certainly_no_check`], switch `no-precheck`): the quiet ones
//! futility and late-move pruning skip before playing them, and after the
//! others the king is not tested.

use super::{Searcher, MAX_PLY};
use crate::ordering::move_key;
use crate::{dead, exchange};
use menagerie_rules::movegen::{self, legality::Filter};
use menagerie_rules::{Dir, Move, Position, Role, Square, SquareSet};

/// The squares from which each orthodox role of the side to move gives
/// direct check to the enemy king.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CheckSquares {
    knight: SquareSet,
    diagonal: SquareSet,
    orthogonal: SquareSet,
    pawn: SquareSet,
    /// The side to move's men that stand first on a line out from the
    /// enemy king with one of its own sliders of that line next behind:
    /// moving one may uncover a check.
    discoverers: SquareSet,
}

impl CheckSquares {
    /// The check squares of `pos`, or `None` where the board holds any man
    /// besides the orthodox ones, a pocket holds a man, the game is not
    /// won by checkmate of a royal king or the enemy has no single King.
    #[must_use]
    pub fn new(pos: &Position) -> Option<CheckSquares> {
        if !dead::orthodox_board(pos) {
            return None;
        }
        let them = !pos.turn();
        let kings = pos.board().pieces(them, Role::King);
        if kings.len() != 1 {
            return None;
        }
        let king = kings.first()?;
        let g = &pos.variant().geometry;
        let board = pos.board();
        let occupied = board.occupied();
        let mut lines = [SquareSet::default(), SquareSet::default()];
        let mut discoverers = SquareSet::default();
        for d in Dir::ALL {
            let mut at = king;
            while let Some(next) = g.step(at, d).filter(|s| !occupied.contains(*s)) {
                lines[usize::from(d.is_orthogonal())].insert(next);
                at = next;
            }
            // The first man on the line: an enemy one may be captured
            // there by a checking slider; one of ours may screen.
            if let Some(blocker) = g.step(at, d) {
                lines[usize::from(d.is_orthogonal())].insert(blocker);
                if board.by_color(pos.turn()).contains(blocker) && slider_behind(pos, blocker, d) {
                    discoverers.insert(blocker);
                }
            }
        }
        let back = -pos.turn().forward();
        let pawn = [-1, 1]
            .into_iter()
            .filter_map(|df| g.offset(king, df, back))
            .collect();
        Some(CheckSquares {
            knight: g.knight_leaps(king),
            diagonal: lines[0],
            orthogonal: lines[1],
            pawn,
            discoverers,
        })
    }

    /// Whether the plain move of the side to move's `role` from `from` to
    /// `to` may give check: directly from `to`, or by uncovering a slider
    /// (any move of a man that screens one, whether or not it leaves the
    /// line). `false` is certain; `true` may be wrong.
    #[must_use]
    pub fn may_check(&self, role: Role, from: Square, to: Square) -> bool {
        self.discoverers.contains(from) || self.checks(role, to)
    }

    /// Whether a `role` of the side to move arriving on `to` checks the
    /// enemy king directly.
    #[must_use]
    pub fn checks(&self, role: Role, to: Square) -> bool {
        let set = match role {
            Role::Knight => self.knight,
            Role::Bishop => self.diagonal,
            Role::Rook => self.orthogonal,
            Role::Queen => self.diagonal | self.orthogonal,
            Role::Pawn => self.pawn,
            _ => return false,
        };
        set.contains(to)
    }
}

/// Whether the first man beyond `blocker`, walking on in direction `d`
/// (away from the enemy king), is a slider of the side to move that moves
/// along `d`: a Queen, or a Rook on a rank or file, a Bishop on a diagonal.
fn slider_behind(pos: &Position, blocker: Square, d: Dir) -> bool {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let mut at = blocker;
    while let Some(next) = g.step(at, d) {
        if let Some(p) = board.get(next) {
            let line = if d.is_orthogonal() {
                Role::Rook
            } else {
                Role::Bishop
            };
            return p.color == pos.turn() && (p.role == Role::Queen || p.role == line);
        }
        at = next;
    }
    false
}

/// Whether the move `m` of `pos` certainly gives no check, so that
/// futility and late-move pruning may skip a quiet one before it is played
/// and the search need not test the king after any other: `checks` are
/// `pos`'s check squares (none off the orthodox boards, where nothing is
/// certain). Castling is never certain (its Rook may check), nor a
/// promotion (the new man may check through the square the Pawn left), nor
/// a capture off the landing square (en passant may uncover a line).
#[must_use]
pub fn certainly_no_check(pos: &Position, checks: Option<&CheckSquares>, m: &Move) -> bool {
    let (
        Some(sq),
        Move::Normal {
            from,
            to,
            captured,
            promotion,
        },
    ) = (checks, m)
    else {
        return false;
    };
    if promotion.is_some() || !(*captured - SquareSet::from_square(*to)).is_empty() {
        return false;
    }
    pos.board()
        .get(*from)
        .is_some_and(|p| !sq.may_check(p.role, *from, *to))
}

/// The quiet moves of `pos` that give direct check and do not lose
/// material by static exchange, written into `out` (cleared first).
fn quiet_checks(
    pos: &Position,
    w: &crate::eval::Weights,
    squares: &CheckSquares,
    out: &mut Vec<Move>,
) {
    out.clear();
    movegen::generate_pseudo(pos, out);
    out.retain(|m| {
        matches!(m, Move::Normal { captured, promotion: None, .. } if captured.is_empty())
            && m.from().zip(m.to()).is_some_and(|(from, to)| {
                pos.board()
                    .get(from)
                    .is_some_and(|p| squares.checks(p.role, to))
            })
            && exchange::value_below(pos, w, m, 0) != Some(true)
    });
}

impl Searcher<'_, '_> {
    /// After the captures of a first quiescence ply have not cut: each
    /// quiet direct check of `pos` (none off the orthodox boards) searched
    /// by the quiescence search, its reply in check. Raises `best` (and
    /// `alpha`, `best_key`) as the capture loop does; stops at beta. The
    /// node's legality `filter` is the capture loop's (built once).
    pub(super) fn search_quiet_checks(
        &mut self,
        pos: &Position,
        moves: &mut Vec<Move>,
        filter: &mut Option<Filter>,
        bounds: (&mut i32, i32),
        best: (&mut i32, &mut u32),
        ply: usize,
    ) {
        let (alpha, beta) = bounds;
        let (best, best_key) = best;
        if ply + 1 >= MAX_PLY {
            return;
        }
        let Some(squares) = CheckSquares::new(pos) else {
            return;
        };
        quiet_checks(pos, self.weights, &squares, moves);
        for &m in moves.iter() {
            let Some(child) = self.play_prefetched(pos, &m, filter) else {
                continue;
            };
            self.made(ply, pos, &child);
            let s = -self.qsearch(&child, -beta, -*alpha, ply + 1, 1);
            if self.shared.aborted() {
                return;
            }
            if s > *best {
                *best = s;
                if s > *alpha {
                    *alpha = s;
                    *best_key = move_key(&m);
                    if s >= beta {
                        return;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;

    fn position(fen: &str) -> Position {
        Position::from_fen(menagerie_rules::fide::chess(), fen).unwrap()
    }

    fn checking(fen: &str) -> Vec<String> {
        let pos = position(fen);
        let mut out = Vec::new();
        match CheckSquares::new(&pos) {
            Some(sq) => quiet_checks(&pos, &crate::eval::Weights::default(), &sq, &mut out),
            None => return vec!["none".into()],
        }
        let mut names: Vec<String> = out
            .iter()
            .filter(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                !child.is_check_for(pos.turn())
            })
            .map(|m| menagerie_rules::notation::render(&pos, m))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn every_direct_quiet_check_is_found_and_nothing_else() {
        // Every quiet move found gives check, and every quiet direct check
        // that keeps its material is found: compared with playing every
        // legal move.
        let mut total = 0;
        for fen in [
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3",
            "6k1/5ppp/8/8/8/8/1B3PPP/3R2K1 w - - 0 1",
            "8/8/4k3/8/3P4/1N6/8/4K3 w - - 0 1",
            "4k3/8/q7/8/8/8/8/R3K3 b Q - 0 1",
            "r3k2r/ppp2ppp/2n1b3/3qp3/8/5N2/PPP2PPP/R2QKB1R b KQkq - 0 1",
        ] {
            let pos = position(fen);
            let sq = CheckSquares::new(&pos).unwrap();
            let before = total;
            let mut found = Vec::new();
            quiet_checks(&pos, &crate::eval::Weights::default(), &sq, &mut found);
            for m in pos.legal_moves().iter() {
                total += usize::from(found.contains(m));
                let mut child = pos.clone();
                child.play_unchecked(m);
                let quiet_direct = matches!(m, Move::Normal { captured, promotion: None, from, .. }
                    if captured.is_empty()
                        && pos.board().get(*from).is_some_and(|p| p.role != Role::King))
                    && child.is_check()
                    && checks_by_itself(&pos, m);
                let keeps = exchange::value_below(&pos, &crate::eval::Weights::default(), m, 0)
                    != Some(true);
                assert_eq!(found.contains(m), quiet_direct && keeps, "{fen}: {m:?}");
            }
            assert!(total > before, "{fen}: some quiet check is found");
        }
    }

    /// Whether, after `m` from `pos`, the man that moved checks the enemy
    /// king by itself: its own moves walked out from where it landed.
    fn checks_by_itself(pos: &Position, m: &Move) -> bool {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let to = m.to().unwrap();
        let role = child.board().get(to).unwrap().role;
        let king = child.king(child.turn()).unwrap();
        let occupied = child.board().occupied();
        let leaps: &[(i8, i8)] = match role {
            Role::Knight => &menagerie_rules::geometry::KNIGHT_OFFSETS,
            Role::Pawn if pos.turn() == menagerie_rules::Color::White => &[(-1, 1), (1, 1)],
            Role::Pawn => &[(-1, -1), (1, -1)],
            _ => &[],
        };
        let slides: &[(i8, i8)] = match role {
            Role::Bishop => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
            Role::Rook => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            Role::Queen => &[
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
            ],
            _ => &[],
        };
        let on_board = |s: &Square| s.file() < 8 && s.rank() < 8;
        if leaps
            .iter()
            .any(|&(f, r)| to.offset(f, r).filter(on_board) == Some(king))
        {
            return true;
        }
        slides.iter().any(|&(f, r)| {
            let mut at = to;
            while let Some(next) = at.offset(f, r).filter(on_board) {
                if next == king {
                    return true;
                }
                if occupied.contains(next) {
                    return false;
                }
                at = next;
            }
            false
        })
    }

    #[test]
    fn no_move_called_certainly_checkless_gives_check() {
        // Random games of chess: every move `certainly_no_check` passes
        // (captures and promotions too) is played and must leave the enemy
        // king out of check, and the test must pass a good share of the
        // moves and see checks it refused (so it can fail both ways).
        let (mut passed, mut refused_checks, mut quiet) = (0, 0, 0);
        let (mut captures, mut captures_passed) = (0, 0);
        for pos in crate::random_games::chess_positions(56, 40, 120) {
            let squares = CheckSquares::new(&pos);
            for m in &pos.legal_moves() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let certain = certainly_no_check(&pos, squares.as_ref(), m);
                assert!(!(certain && child.is_check()), "{}: {m:?}", pos.fen());
                if crate::pruning::is_quiet(m) {
                    quiet += 1;
                    passed += usize::from(certain);
                    refused_checks += usize::from(!certain && child.is_check());
                } else {
                    captures += 1;
                    captures_passed += usize::from(certain);
                }
            }
        }
        assert!(
            passed * 10 > quiet * 8,
            "{passed} of {quiet} quiet moves passed"
        );
        assert!(refused_checks > 100, "{refused_checks} checks refused");
        assert!(
            captures_passed * 10 > captures * 6,
            "{captures_passed} of {captures} other moves passed"
        );
    }

    #[test]
    fn a_discovered_check_is_never_certainly_checkless() {
        // The Knight on d3 screens the Queen on c2 from the King on h7;
        // every move of it uncovers check, and the Rook's lift checks
        // directly; the Pawn's moves give none.
        let pos = position("8/7k/8/8/8/3N4/1PQ5/R6K w - - 0 1");
        let sq = CheckSquares::new(&pos).unwrap();
        for m in pos.legal_moves().iter() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            if child.is_check() {
                assert!(!certainly_no_check(&pos, Some(&sq), m), "{m:?}");
            }
        }
        let from = |name| {
            let at = Square::parse(name);
            move |m: &&Move| m.from() == at
        };
        let knight: Vec<Move> = pos
            .legal_moves()
            .iter()
            .filter(from("d3"))
            .copied()
            .collect();
        assert_eq!(knight.len(), 7);
        assert!(knight
            .iter()
            .all(|m| !certainly_no_check(&pos, Some(&sq), m)));
        assert!(pos
            .legal_moves()
            .iter()
            .filter(from("b2"))
            .all(|m| certainly_no_check(&pos, Some(&sq), m)));
    }

    #[test]
    fn a_rook_lift_to_the_back_rank_is_a_check() {
        assert_eq!(checking("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1"), ["d1d8"]);
    }

    #[test]
    fn only_boards_of_orthodox_men() {
        let wreckage = menagerie_games::by_name("wreckage").expect("wreckage");
        assert_eq!(CheckSquares::new(&Position::start(wreckage)), None);
        assert!(CheckSquares::new(&Position::start(fide::chess())).is_some());
    }
}
