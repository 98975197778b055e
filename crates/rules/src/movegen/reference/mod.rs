//! A deliberately naive reference generator, used only to check the fast one.
//!
//! It shares nothing with the fast path for the orthodox pieces, pawns,
//! ninja pawns, castling and drops: every candidate destination square is
//! tested against the rule's geometry with plain coordinate arithmetic, and
//! check is "some enemy pseudo-legal action removes the king", found by
//! generating all of the enemy's actions. Exotic pieces use their mechanic
//! modules unless one of the per-game submodules below covers them.

mod daniel;
mod longer;
mod pick;
mod wounds;

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::mechanics;
use crate::moves::{Move, MoveList};
use crate::piece::{Piece, Role};
use crate::position::Position;
use crate::setup::castling_bit;
use crate::square_set::SquareSet;
use crate::variant::{middle_rank, relative_rank, CastlingRule, DropZone};

/// Every legal action, computed the slow way.
#[must_use]
pub fn legal_moves(pos: &Position) -> MoveList {
    let us = pos.turn();
    let mut moves = pseudo_moves(pos, us, true);
    if pos.variant().has_royal_king() {
        moves.retain(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            !king_attacked(&after, us)
        });
    } else if moves.is_empty() && !pos.board().by_color(us).is_empty() {
        moves.push(Move::Pass);
    }
    moves
}

/// Whether `color`'s king can be removed by some pseudo-legal enemy action.
#[must_use]
pub fn king_attacked(pos: &Position, color: Color) -> bool {
    let Some(k) = pos.board().pieces(color, Role::King).first() else {
        return false;
    };
    square_attacked(pos, k, !color)
}

fn square_attacked(pos: &Position, sq: Square, by: Color) -> bool {
    pseudo_moves(pos, by, false)
        .iter()
        .any(|m| m.captured().contains(sq))
}

fn frozen(pos: &Position, sq: Square, color: Color) -> bool {
    let friendly = pos.variant().options.freeze_affects_friendly;
    (-1..=1).any(|df| {
        (-1..=1).any(|dr| {
            (df, dr) != (0, 0)
                && pos
                    .variant()
                    .geometry
                    .offset(sq, df, dr)
                    .and_then(|n| pos.board().get(n))
                    .is_some_and(|p| p.role == Role::Freeze && (p.color != color || friendly))
        })
    })
}

fn pseudo_moves(pos: &Position, color: Color, with_castling_and_drops: bool) -> MoveList {
    let mut out = MoveList::new();
    for sq in pos.variant().geometry.squares() {
        let Some(p) = pos.board().get(sq) else {
            continue;
        };
        if p.color != color || frozen(pos, sq, color) {
            continue;
        }
        if daniel::piece_moves(pos, sq, p, &mut out)
            || pick::piece_moves(pos, sq, p, &mut out)
            || longer::piece_moves(pos, sq, p, &mut out)
            || wounds::piece_moves(pos, sq, p, &mut out)
        {
            continue;
        }
        if pos.variant().prongs {
            mechanics::generate(pos, sq, p, &mut out);
            continue;
        }
        match p.role {
            Role::King
            | Role::Queen
            | Role::Rook
            | Role::Bishop
            | Role::Knight
            | Role::WazirKnight
            | Role::FerzKnight => {
                piece_moves(pos, sq, p, &mut out);
            }
            Role::Pawn => pawn_moves(pos, sq, p, &mut out),
            Role::NinjaPawn => ninja_moves(pos, sq, p, &mut out),
            _ => mechanics::generate(pos, sq, p, &mut out),
        }
    }
    if with_castling_and_drops {
        castlings(pos, &mut out);
        drops(pos, &mut out);
    }
    out
}

fn delta(from: Square, to: Square) -> (i8, i8) {
    (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

/// Whether every square strictly between `from` and `to` (on a line) is
/// empty, or is the mover's own Wall on a forward line where allowed.
fn line_clear(pos: &Position, from: Square, to: Square, color: Color) -> bool {
    let (df, dr) = delta(from, to);
    let Some(d) = Dir::between(df, dr) else {
        return false;
    };
    let n = df.abs().max(dr.abs());
    (1..n).all(|i| {
        let (sf, sr) = d.delta();
        match from.offset(sf * i, sr * i).and_then(|s| pos.board().get(s)) {
            None => true,
            Some(p) => mechanics::passes_over(pos, p, d, color),
        }
    })
}

fn reaches(role: Role, df: i8, dr: i8) -> (bool, bool) {
    let (a, b) = (df.abs(), dr.abs());
    let knight = (a == 1 && b == 2) || (a == 2 && b == 1);
    let line = (a == 0) != (b == 0);
    let diag = a == b && a > 0;
    match role {
        Role::King => (a <= 1 && b <= 1 && a + b > 0, false),
        Role::Knight => (knight, false),
        Role::WazirKnight => (knight || a + b == 1, false),
        Role::FerzKnight => (knight || (a == 1 && b == 1), false),
        Role::Rook => (line, true),
        Role::Bishop => (diag, true),
        Role::Queen => (line || diag, true),
        _ => (false, false),
    }
}

fn piece_moves(pos: &Position, from: Square, p: Piece, out: &mut MoveList) {
    for to in pos.variant().geometry.squares() {
        let (df, dr) = delta(from, to);
        let (ok, slider) = reaches(p.role, df, dr);
        if !ok || (slider && !line_clear(pos, from, to, p.color)) {
            continue;
        }
        match pos.board().get(to) {
            None => out.push(Move::Normal {
                from,
                to,
                captured: SquareSet::EMPTY,
                promotion: None,
            }),
            Some(q) if q.color != p.color => out.push(Move::Normal {
                from,
                to,
                captured: pos.footprint(to),
                promotion: None,
            }),
            Some(_) => {}
        }
    }
}

fn push_maybe_promoting(
    pos: &Position,
    from: Square,
    to: Square,
    captured: SquareSet,
    color: Color,
    out: &mut MoveList,
) {
    let v = pos.variant();
    let rel = relative_rank(&v.geometry, color, to);
    if rel + 1 + v.promotion.ranks_from_end >= v.geometry.ranks() {
        out.extend(v.promotion.choices.iter().map(|&r| Move::Normal {
            from,
            to,
            captured,
            promotion: Some(r),
        }));
    } else {
        out.push(Move::Normal {
            from,
            to,
            captured,
            promotion: None,
        });
    }
}

fn forward_moves(pos: &Position, from: Square, color: Color, range: u8, out: &mut MoveList) {
    for k in 1..=range as i8 {
        let Some(to) = pos.variant().geometry.offset(from, 0, k * color.forward()) else {
            break;
        };
        if pos.board().get(to).is_some() || !line_clear(pos, from, to, color) {
            continue;
        }
        push_maybe_promoting(pos, from, to, SquareSet::EMPTY, color, out);
    }
}

fn pawn_moves(pos: &Position, from: Square, p: Piece, out: &mut MoveList) {
    let v = pos.variant();
    forward_moves(
        pos,
        from,
        p.color,
        v.pawn.range(&v.geometry, p.color, from),
        out,
    );
    for df in [-1, 1] {
        let Some(to) = v.geometry.offset(from, df, p.color.forward()) else {
            continue;
        };
        match pos.board().get(to) {
            Some(q) if q.color != p.color => {
                push_maybe_promoting(pos, from, to, pos.footprint(to), p.color, out)
            }
            None => {
                if let Some(ep) = pos
                    .en_passant()
                    .filter(|e| e.targets.contains(to) && pos.turn() == p.color)
                {
                    out.push(Move::Normal {
                        from,
                        to,
                        captured: SquareSet::from_square(ep.victim),
                        promotion: None,
                    });
                }
            }
            Some(_) => {}
        }
    }
}

fn ninja_moves(pos: &Position, from: Square, p: Piece, out: &mut MoveList) {
    let v = pos.variant();
    let g = &v.geometry;
    forward_moves(pos, from, p.color, v.ninja.range(g, p.color, from), out);
    let enemy_half = relative_rank(g, p.color, from) > middle_rank(g);
    for (df, dr, may_move, may_capture) in [
        (-1, 0, true, enemy_half),
        (1, 0, true, enemy_half),
        (-1, p.color.forward(), false, true),
        (1, p.color.forward(), false, true),
    ] {
        let Some(to) = g.offset(from, df, dr) else {
            continue;
        };
        match pos.board().get(to) {
            None if may_move => push_maybe_promoting(pos, from, to, SquareSet::EMPTY, p.color, out),
            Some(q) if q.color != p.color && may_capture => {
                push_maybe_promoting(pos, from, to, pos.footprint(to), p.color, out)
            }
            _ => {}
        }
    }
}

fn castlings(pos: &Position, out: &mut MoveList) {
    let us = pos.turn();
    let v = pos.variant();
    let Some((king_file, rook_files)) = v.castling.files() else {
        return;
    };
    let rank = pos.back_rank(us);
    let Some(king) = Square::new(king_file, rank) else {
        return;
    };
    if frozen(pos, king, us) || king_attacked(pos, us) {
        return;
    }
    for (side, rook_file) in rook_files.into_iter().enumerate() {
        let Some(rook) = Square::new(rook_file, rank) else {
            continue;
        };
        if pos.castling_rights() & castling_bit(us, side == 1) == 0 || frozen(pos, rook, us) {
            continue;
        }
        let options: Vec<(u8, u8)> = match v.castling {
            CastlingRule::None => vec![],
            CastlingRule::Fide {
                king_to, rook_to, ..
            } => vec![(king_to[side], rook_to[side])],
            CastlingRule::Flexible { .. } => {
                let files: Vec<u8> = if rook_file > king_file {
                    (king_file + 1..=rook_file).collect()
                } else {
                    (rook_file..king_file).rev().collect()
                };
                files
                    .into_iter()
                    .map(|kt| {
                        (
                            kt,
                            if rook_file > king_file {
                                kt - 1
                            } else {
                                kt + 1
                            },
                        )
                    })
                    .collect()
            }
        };
        for (kt, rt) in options {
            let (Some(king_to), Some(rook_to)) = (Square::new(kt, rank), Square::new(rt, rank))
            else {
                continue;
            };
            let lo = king_file.min(kt).min(rook_file).min(rt);
            let hi = king_file.max(kt).max(rook_file).max(rt);
            let in_paths = |f: u8| {
                (f >= king_file.min(kt) && f <= king_file.max(kt))
                    || (f >= rook_file.min(rt) && f <= rook_file.max(rt))
            };
            let empty = (lo..=hi)
                .filter(|&f| in_paths(f) && f != king_file && f != rook_file)
                .all(|f| Square::new(f, rank).is_some_and(|s| pos.board().get(s).is_none()));
            let through: Vec<u8> = if kt > king_file {
                (king_file + 1..=kt).collect()
            } else {
                (kt..king_file).collect()
            };
            let safe = through.into_iter().all(|f| {
                let Some(s) = Square::new(f, rank) else {
                    return false;
                };
                let mut probe = pos.clone();
                if let Some(k) = probe.take_piece(king) {
                    probe.put_piece(s, k);
                }
                !king_attacked(&probe, us)
            });
            if empty && safe {
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

fn drops(pos: &Position, out: &mut MoveList) {
    let us = pos.turn();
    let g = &pos.variant().geometry;
    for rule in &pos.variant().drops {
        if pos.pocket(us).count(rule.role) == 0 {
            continue;
        }
        let zone_rel = if rule.zone == DropZone::BackRank {
            0
        } else {
            1
        };
        for to in g.squares() {
            let rel = relative_rank(g, us, to);
            if pos.board().get(to).is_some()
                || rel < zone_rel
                || (rel > zone_rel && !rule.push_to_middle)
                || rel > middle_rank(g).max(zone_rel)
            {
                continue;
            }
            let entry_rank = if us == Color::White {
                zone_rel
            } else {
                g.ranks() - 1 - zone_rel
            };
            let Some(at) = Square::new(to.file(), entry_rank) else {
                continue;
            };
            let path_clear = (0..=rel - zone_rel).all(|k| {
                g.offset(at, 0, k as i8 * us.forward())
                    .is_some_and(|s| pos.board().get(s).is_none())
            });
            if path_clear {
                out.push(Move::Drop {
                    role: rule.role,
                    at,
                    to,
                });
            }
        }
    }
}
