//! Attack detection: could a piece of `by` remove a piece standing on
//! `target`? Orthodox attackers are found by looking outward from the target;
//! every other role asks its mechanic (a geometric fast path where one exists,
//! otherwise generation of that piece's actions). Frozen pieces attack nothing.

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::mechanics::{self, dragon, halfling, ninja_pawn, passes_over, withdrawer};
use crate::piece::{Role, RoleSet};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Roles handled by the per-piece path rather than the outward scan.
const EXOTIC: RoleSet = RoleSet::of(&[
    Role::Dragon,
    Role::Detonator,
    Role::Guillotine,
    Role::NinjaGuard,
    Role::Cannon,
    Role::Bomber,
    Role::Withdrawer,
    Role::Wall,
    Role::ChangelingBishop,
    Role::ChangelingRook,
]);

/// Whether a non-frozen piece of `by` attacks `target`.
#[must_use]
pub fn is_attacked(pos: &Position, target: Square, by: Color) -> bool {
    let board = pos.board();
    let active = board.by_color(by) - pos.frozen(by);
    if active.is_empty() {
        return false;
    }
    if pos.variant().prongs {
        return active.into_iter().any(|s| {
            board
                .get(s)
                .is_some_and(|p| mechanics::attacks_by_generation(pos, s, p, target))
        });
    }
    orthodox(pos, target, by, active) || exotic(pos, target, active)
}

fn orthodox(pos: &Position, target: Square, by: Color, active: SquareSet) -> bool {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let leapers = board.by_role(Role::Knight)
        | board.by_role(Role::WazirKnight)
        | board.by_role(Role::FerzKnight);
    if !(g.knight_leaps(target) & leapers & active).is_empty() {
        return true;
    }
    for d in Dir::ALL {
        if let Some(n) = g.step(target, d) {
            if active.contains(n) && adjacent_attacker(pos, n, d, target, by) {
                return true;
            }
        }
        if slider_on_ray(pos, target, d, by, active) {
            return true;
        }
    }
    false
}

/// Whether the piece on `n`, which is in direction `d` from the target, attacks it by a step.
fn adjacent_attacker(pos: &Position, n: Square, d: Dir, target: Square, by: Color) -> bool {
    let Some(p) = pos.board().get(n) else {
        return false;
    };
    match p.role {
        Role::King => true,
        Role::WazirKnight => d.is_orthogonal(),
        Role::FerzKnight => !d.is_orthogonal(),
        Role::Pawn => !d.is_orthogonal() && d.delta().1 == -by.forward(),
        Role::NinjaPawn => ninja_pawn::attacks(pos, n, by, target),
        _ => false,
    }
}

fn slider_on_ray(pos: &Position, target: Square, d: Dir, by: Color, active: SquareSet) -> bool {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let mut s = target;
    while let Some(t) = g.step(s, d) {
        s = t;
        let Some(p) = board.get(t) else { continue };
        if p.color == by && passes_over(pos, p, d.opposite(), by) {
            continue;
        }
        if !active.contains(t) {
            return false;
        }
        return match p.role {
            Role::Queen => true,
            Role::Rook => d.is_orthogonal(),
            Role::Bishop => !d.is_orthogonal(),
            _ => false,
        };
    }
    false
}

fn exotic(pos: &Position, target: Square, active: SquareSet) -> bool {
    let board = pos.board();
    let mut candidates = SquareSet::EMPTY;
    for r in EXOTIC.iter() {
        candidates |= board.by_role(r);
    }
    (candidates & active).any(|s| {
        let Some(p) = board.get(s) else { return false };
        match p.role {
            Role::Dragon => dragon::attacks(pos, s, p.color, target),
            Role::Detonator => {
                pos.variant().geometry.around(s).contains(target)
                    && !board.get(target).is_some_and(|t| t.role == Role::NinjaPawn)
            }
            Role::Withdrawer => withdrawer::attacks(pos, s, p.color, target),
            Role::ChangelingBishop => halfling::attacks(pos, s, p.color, &Dir::DIAGONAL, target),
            Role::ChangelingRook => halfling::attacks(pos, s, p.color, &Dir::ORTHOGONAL, target),
            _ => mechanics::attacks_by_generation(pos, s, p, target),
        }
    })
}
