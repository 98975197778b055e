//! Castling: FIDE (fixed destinations) and Charles Daniel's flexible castling
//! (Wreckage §8, Pick the Piece B.8: the king goes 1 or more squares toward an
//! unmoved rook, up to the rook's square, and the rook lands just on the other
//! side of it). Conditions: king and rook unmoved (the right), every square
//! on the king's and rook's paths empty but for the two of them, the king not
//! in check and not passing over or landing on an attacked square, where
//! "attacked" means the king placed there (all else unchanged) would be in
//! check. Frozen kings and rooks cannot castle.

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::movegen::{attacks, legality};
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::setup::castling_bit;
use crate::square_set::SquareSet;
use crate::variant::CastlingRule;

/// Appends every castling of the side to move; `in_check` says whether it
/// is in check, where the caller knows.
pub(crate) fn generate(pos: &Position, in_check: Option<bool>, out: &mut MoveList) {
    let us = pos.turn();
    let rights = pos.castling_rights() & (castling_bit(us, true) | castling_bit(us, false));
    if rights == 0 {
        return;
    }
    let Some((king_file, rook_files)) = pos.variant().castling.files() else {
        return;
    };
    let rank = pos.back_rank(us);
    let Some(king) = Square::new(king_file, rank) else {
        return;
    };
    let frozen = pos.frozen(us);
    if frozen.contains(king) || pos.board().get(king) != Some(Piece::new(us, Role::King)) {
        return;
    }
    let mut in_check = in_check;
    for (side, rook_file) in rook_files.into_iter().enumerate() {
        if rights & castling_bit(us, side == 1) == 0 {
            continue;
        }
        let Some(rook) = Square::new(rook_file, rank) else {
            continue;
        };
        if frozen.contains(rook) || pos.board().get(rook) != Some(Piece::new(us, Role::Rook)) {
            continue;
        }
        let rule = pos.variant().castling;
        for k in 0..destination_count(rule, king_file, rook_file) {
            let (king_to, rook_to) = destination(rule, side, king_file, rook_file, k);
            let (Some(king_to), Some(rook_to)) =
                (Square::new(king_to, rank), Square::new(rook_to, rank))
            else {
                continue;
            };
            if !paths_clear(pos, king, king_to, rook, rook_to) {
                continue;
            }
            if *in_check.get_or_insert_with(|| pos.is_attacked(king, !us)) {
                return;
            }
            if king_path_safe(pos, us, king, king_to) {
                out.push(Move::Castle {
                    king,
                    king_to,
                    rook,
                    rook_to,
                });
            }
        }
    }
}

/// How many destinations castling with the rook on `rook_file` has.
fn destination_count(rule: CastlingRule, king_file: u8, rook_file: u8) -> u8 {
    match rule {
        CastlingRule::None => 0,
        CastlingRule::Fide { .. } => 1,
        CastlingRule::Flexible { .. } => rook_file.abs_diff(king_file),
    }
}

/// The `k`-th (king destination file, rook destination file) pair for one
/// side: the fixed pair, or the king `k + 1` squares toward the rook with
/// the rook just on its other side.
fn destination(rule: CastlingRule, side: usize, king_file: u8, rook_file: u8, k: u8) -> (u8, u8) {
    match rule {
        CastlingRule::Fide {
            king_to, rook_to, ..
        } => (king_to[side], rook_to[side]),
        _ => {
            let step = k + 1;
            if rook_file > king_file {
                (king_file + step, king_file + step - 1)
            } else {
                (king_file - step, king_file - step + 1)
            }
        }
    }
}

/// The squares of one rank from `a` to `b`, both included.
fn span(pos: &Position, a: Square, b: Square) -> SquareSet {
    let g = &pos.variant().geometry;
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    SquareSet::from_square(lo) | (g.ray(lo, Dir::E) - g.ray(hi, Dir::E))
}

fn paths_clear(
    pos: &Position,
    king: Square,
    king_to: Square,
    rook: Square,
    rook_to: Square,
) -> bool {
    let path = span(pos, king, king_to) | span(pos, rook, rook_to);
    let others =
        pos.board().occupied() - SquareSet::from_square(king) - SquareSet::from_square(rook);
    (path & others).is_empty()
}

/// Whether the king passes over and lands on no attacked square. Among
/// orthodox enemies the landing square is left to the legality test every
/// action gets: the rook's new square, next to it on the side the king came
/// from, can only block a line that also passes the king's old square, so
/// that test agrees with the rule.
fn king_path_safe(pos: &Position, us: Color, king: Square, king_to: Square) -> bool {
    let mut path = span(pos, king, king_to) - SquareSet::from_square(king);
    let orthodox_enemy = !legality::enemy_exotic(pos, !us);
    if orthodox_enemy {
        path.remove(king_to);
    }
    path.all(|s| !king_would_be_attacked(pos, us, king, s, orthodox_enemy))
}

/// Whether `us`'s king, moved hypothetically from `king` to `sq`, is attacked.
/// Orthodox attacks on `sq` depend only on the other squares, so when every
/// enemy piece is orthodox (`orthodox_enemy`) it is enough to treat the
/// king's square as empty; otherwise the king is really moved on a copy.
fn king_would_be_attacked(
    pos: &Position,
    us: Color,
    king: Square,
    sq: Square,
    orthodox_enemy: bool,
) -> bool {
    if orthodox_enemy {
        return attacks::is_attacked_through(pos, sq, !us, SquareSet::from_square(king));
    }
    let mut probe = pos.clone();
    if let Some(k) = probe.take_piece(king) {
        probe.put_piece(sq, k);
    }
    probe.is_attacked(sq, !us)
}
