//! Static evaluation, one function for every game: material on the board
//! and in the pockets, mobility and placement, pawn structure, king safety
//! and, in Chess with Wounds, men valued by their prongs. Games differ only
//! through the pieces they contain and the rule data of their `Variant`; the
//! evaluation names no game.

pub mod shape;
pub mod values;
pub mod wounds;

use menagerie_rules::mechanics::prongs;
use menagerie_rules::variant::relative_rank;
use menagerie_rules::{Color, Geometry, Position, Role, Square, SquareSet};
pub use values::{Weights, DEFAULT};

/// The evaluation of `pos` from the side to move's view, in centipawns.
#[must_use]
pub fn evaluate(pos: &Position, w: &Weights) -> i32 {
    let us = pos.turn();
    side(pos, w, us) - side(pos, w, !us) + w.tempo
}

/// Material only (board and pockets) for `color`, as the search's move
/// ordering and pruning margins see it.
#[must_use]
pub fn material(pos: &Position, w: &Weights, color: Color) -> i32 {
    let board = pos.board();
    let mut v = 0;
    for role in pos.variant().roles.iter() {
        v += board.pieces(color, role).len() as i32 * w.piece[role.index()];
    }
    let pocket = pos.pocket(color);
    for d in &pos.variant().drops {
        v += i32::from(pocket.count(d.role)) * w.pocket[d.role.index()];
    }
    v
}

/// The value of the piece on `sq` for capture ordering (0 if empty).
#[must_use]
pub fn piece_value(pos: &Position, w: &Weights, sq: Square) -> i32 {
    pos.board().get(sq).map_or(0, |p| {
        if pos.variant().prongs {
            // A wounded man is worth less; its prong count says how much.
            let n = prongs::count(p.role, p.state) as i32;
            if p.role == Role::Knight {
                n * w.prong_knight
            } else {
                n * w.prong_short.max(w.prong_long / 2)
            }
        } else {
            w.piece[p.role.index()]
        }
    })
}

fn side(pos: &Position, w: &Weights, color: Color) -> i32 {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let occupied = board.occupied();
    let prongs = pos.variant().prongs;
    let mut v = 0;
    for sq in board.by_color(color) {
        let Some(p) = board.get(sq) else { continue };
        let r = p.role.index();
        if prongs {
            v += wounds::man_value(w, g, occupied, sq, p);
        } else {
            v += w.piece[r] + reach(g, occupied, sq, p.role) * w.mobility[r];
        }
        v += closeness(g, sq) * w.centre[r];
        if p.role.is_pawn_like() && !prongs {
            let adv = i32::from(relative_rank(g, color, sq));
            v += adv * adv * w.pawn_advance / 2;
        }
    }
    let pocket = pos.pocket(color);
    for d in &pos.variant().drops {
        v += i32::from(pocket.count(d.role)) * w.pocket[d.role.index()];
    }
    v -= pos.frozen(color).len() as i32 * w.frozen;
    v -= doubled_pawns(g, board.pieces(color, Role::Pawn)) * w.doubled_pawn;
    if pos.variant().has_royal_king() {
        v += king_safety(pos, w, color);
    }
    v
}

/// Squares a piece of `role` on `sq` reaches through empty squares.
fn reach(g: &Geometry, occupied: SquareSet, sq: Square, role: Role) -> i32 {
    let s = shape::of(role);
    let mut n = 0;
    for &d in s.slides {
        let mut at = sq;
        while let Some(t) = g.step(at, d) {
            n += 1;
            if occupied.contains(t) {
                break;
            }
            at = t;
        }
    }
    for &d in s.steps {
        n += i32::from(g.step(sq, d).is_some());
    }
    if s.knight {
        n += g.knight_leaps(sq).len() as i32;
    }
    n
}

/// How close `sq` is to the board's centre: 0 on the rim, larger inside.
fn closeness(g: &Geometry, sq: Square) -> i32 {
    let f = i32::from(sq.file());
    let r = i32::from(sq.rank());
    let df = (2 * f - (i32::from(g.files()) - 1)).abs();
    let dr = (2 * r - (i32::from(g.ranks()) - 1)).abs();
    let max = i32::from(g.files().max(g.ranks())) - 1;
    (max - df.max(dr)) / 2
}

fn doubled_pawns(g: &Geometry, pawns: SquareSet) -> i32 {
    let mut files = [0u8; 10];
    for sq in pawns {
        files[usize::from(sq.file())] += 1;
    }
    files[..usize::from(g.files())]
        .iter()
        .map(|&n| i32::from(n.saturating_sub(1)))
        .sum()
}

/// Shelter from own pieces next to the king, danger from enemies within two
/// squares weighted by what they can do there (a Detonator or Dragon near
/// the king is worth far more than a rook), and pocket pieces that could be
/// dropped beside a king on its back rank.
fn king_safety(pos: &Position, w: &Weights, color: Color) -> i32 {
    let Some(k) = pos.king(color) else { return 0 };
    let g = &pos.variant().geometry;
    let board = pos.board();
    let around = g.around(k);
    let shield = (around & board.by_color(color)).len().min(3) as i32;
    let mut danger = 0;
    let mut attackers = 0;
    for sq in board.by_color(!color) - pos.frozen(!color) {
        if sq.file().abs_diff(k.file()) > 2 || sq.rank().abs_diff(k.rank()) > 2 {
            continue;
        }
        if let Some(p) = board.get(sq) {
            danger += w.king_danger[p.role.index()];
            attackers += 1;
        }
    }
    let droppable = pos.variant().has_pockets()
        && pos.pocket(color).total() > 0
        && relative_rank(g, color, k) <= 1;
    let drop_cover = i32::from(droppable) * w.king_shield;
    shield * w.king_shield + drop_cover - danger * (attackers + 1) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;

    #[test]
    fn start_position_is_balanced_but_for_the_tempo() {
        let pos = Position::start(fide::chess());
        assert_eq!(evaluate(&pos, &DEFAULT), DEFAULT.tempo);
    }

    #[test]
    fn a_queen_up_is_clearly_better() {
        let pos = Position::from_fen(
            fide::chess(),
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        )
        .unwrap();
        assert!(evaluate(&pos, &DEFAULT) > 800);
    }
}
