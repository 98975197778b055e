//! Attack detection: could a piece of `by` remove a piece standing on
//! `target`? Orthodox attackers are found by looking outward from the target
//! (skipping lines with no slider of the right kind on them); every other role
//! asks its mechanic (a geometric fast path where one exists, otherwise
//! generation of that piece's actions). Frozen pieces attack nothing.

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::mechanics::{
    self, cannon, detonator, dragon, fly_over, halfling, ninja_guard, ninja_pawn, passes_over,
    withdrawer,
};
use crate::piece::{AttackClass, Role, RoleSet};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Roles handled by the per-piece path rather than the outward scan: the
/// catalogue's exotic attackers.
pub(crate) const EXOTIC: RoleSet = RoleSet::of_attack(AttackClass::Exotic);

/// Whether a non-frozen piece of `by` attacks `target`.
#[must_use]
pub fn is_attacked(pos: &Position, target: Square, by: Color) -> bool {
    is_attacked_through(pos, target, by, SquareSet::EMPTY)
}

/// [`is_attacked`] with the squares in `vacated` treated as empty by the
/// orthodox sliders' rays. Used to test a king's step without playing it,
/// which is only sound when every attacker of `by` is orthodox.
#[must_use]
pub fn is_attacked_through(pos: &Position, target: Square, by: Color, vacated: SquareSet) -> bool {
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
    orthodox(pos, target, by, active, vacated)
        || (pos.variant().roles.intersects(EXOTIC) && exotic(pos, target, active))
}

/// Both sides' active pieces sorted by how they attack, on a board where
/// every piece attacks in the orthodox way (king, queen, rook, bishop,
/// knight, the knight compounds, pawns, ninja pawns), no Wall or Terror
/// Freeze stands and men carry no prongs: only there is the set of
/// attackers of a square a property of the square alone. For static
/// exchange evaluation.
#[derive(Copy, Clone, Debug)]
pub struct OrthodoxAttackers {
    white: Attackers,
    black: Attackers,
}

impl OrthodoxAttackers {
    /// The attackers of `pos`, or `None` on any other board (the caller
    /// must judge it another way).
    #[must_use]
    pub fn new(pos: &Position) -> Option<OrthodoxAttackers> {
        if !OrthodoxAttackers::apply(pos) {
            return None;
        }
        Some(OrthodoxAttackers {
            white: Attackers::new(pos, Color::White),
            black: Attackers::new(pos, Color::Black),
        })
    }

    /// Whether `pos` is such a board (without sorting its pieces).
    #[must_use]
    pub fn apply(pos: &Position) -> bool {
        !pos.variant().prongs && crate::movegen::legality::exotic_pieces(pos).is_empty()
    }

    /// Every piece of `by` that attacks `target` when only the squares of
    /// `occupied` block the sliders, among the pieces still in `occupied`
    /// (so a piece taken off `occupied` neither attacks nor blocks, and
    /// the slider behind it shows: an x-ray).
    #[must_use]
    pub fn onto(
        &self,
        pos: &Position,
        target: Square,
        occupied: SquareSet,
        by: Color,
    ) -> SquareSet {
        let side = if by == Color::White {
            &self.white
        } else {
            &self.black
        };
        side.all_onto(pos, target, occupied) & occupied
    }

    /// The slider of either side that comes to attack `target` once the
    /// man on `removed`, an attacker of `target`, has left `occupied`: the
    /// next man on the line from `target` through `removed`, if it slides
    /// along that line (an x-ray). With [`OrthodoxAttackers::onto`] at the
    /// start of an exchange, this keeps every attacker of `target` known
    /// as the men capturing there leave one by one.
    #[must_use]
    pub fn behind(
        &self,
        pos: &Position,
        target: Square,
        occupied: SquareSet,
        removed: Square,
    ) -> SquareSet {
        let g = &pos.variant().geometry;
        let Some(d) = Dir::ALL
            .into_iter()
            .find(|&d| g.ray(target, d).contains(removed))
        else {
            return SquareSet::EMPTY;
        };
        let sliders = if d.is_orthogonal() {
            self.white.orthogonal | self.black.orthogonal
        } else {
            self.white.diagonal | self.black.diagonal
        };
        match nearest(g.ray(target, d) & occupied, d) {
            Some(s) if sliders.contains(s) => SquareSet::from_square(s),
            _ => SquareSet::EMPTY,
        }
    }
}

/// One side's active pieces, sorted by how they attack, for testing many
/// squares of one position. [`Attackers::attack`] and
/// [`Attackers::all_onto`] are only for boards without a Wall where that
/// side has orthodox pieces alone (see [`crate::movegen::legality`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Attackers {
    by: Color,
    leapers: SquareSet,
    steppers: SquareSet,
    orthogonal: SquareSet,
    diagonal: SquareSet,
    occupied: SquareSet,
}

impl Attackers {
    /// Sorts `by`'s active pieces in `pos`.
    pub(crate) fn new(pos: &Position, by: Color) -> Attackers {
        Attackers::of_active(pos, by, pos.board().by_color(by) - pos.frozen(by))
    }

    /// Sorts `active`, the active pieces of `by`.
    #[inline]
    fn of_active(pos: &Position, by: Color, active: SquareSet) -> Attackers {
        let board = pos.board();
        let (orthogonal, diagonal) = sliders(pos, active);
        let leapers = board.by_role(Role::Knight)
            | board.by_role(Role::WazirKnight)
            | board.by_role(Role::FerzKnight);
        Attackers {
            by,
            leapers: leapers & active,
            steppers: active - orthogonal - diagonal - board.by_role(Role::Knight),
            orthogonal,
            diagonal,
            occupied: board.occupied(),
        }
    }

    /// Whether one of the pieces attacks `target`, with the squares in
    /// `vacated` treated as empty.
    #[inline]
    pub(crate) fn attack(&self, pos: &Position, target: Square, vacated: SquareSet) -> bool {
        if self.leaps_or_steps_onto(pos, target) {
            return true;
        }
        let g = &pos.variant().geometry;
        let orthogonal = self.orthogonal & g.lines(target, true);
        let diagonal = self.diagonal & g.lines(target, false);
        if orthogonal.is_empty() && diagonal.is_empty() {
            return false;
        }
        let occupied = self.occupied - vacated;
        Dir::ALL.into_iter().any(|d| {
            let candidates = if d.is_orthogonal() {
                orthogonal
            } else {
                diagonal
            };
            let ray = g.ray(target, d);
            // No piece can be passed over: the nearest occupied square decides.
            !(ray & candidates).is_empty()
                && nearest(ray & occupied, d).is_some_and(|s| candidates.contains(s))
        })
    }

    /// Every one of the pieces attacking `target`, with the squares in
    /// `occupied` blocking the sliders; used to answer a check and to judge
    /// en passant.
    pub(crate) fn all_onto(
        &self,
        pos: &Position,
        target: Square,
        occupied: SquareSet,
    ) -> SquareSet {
        let g = &pos.variant().geometry;
        let mut found = g.knight_leaps(target) & self.leapers;
        let near = g.around(target) & self.steppers;
        if !near.is_empty() {
            for d in Dir::ALL {
                if let Some(n) = g.step(target, d).filter(|n| near.contains(*n)) {
                    if adjacent_attacker(pos, n, d, target, self.by) {
                        found.insert(n);
                    }
                }
            }
        }
        let orthogonal = self.orthogonal & g.lines(target, true);
        let diagonal = self.diagonal & g.lines(target, false);
        if orthogonal.is_empty() && diagonal.is_empty() {
            return found;
        }
        for d in Dir::ALL {
            let candidates = if d.is_orthogonal() {
                orthogonal
            } else {
                diagonal
            };
            let ray = g.ray(target, d);
            if (ray & candidates).is_empty() {
                continue;
            }
            if let Some(s) = nearest(ray & occupied, d) {
                if candidates.contains(s) {
                    found.insert(s);
                }
            }
        }
        found
    }

    /// Whether a leaper or a stepper attacks `target`.
    #[inline(always)]
    fn leaps_or_steps_onto(&self, pos: &Position, target: Square) -> bool {
        let g = &pos.variant().geometry;
        if !(g.knight_leaps(target) & self.leapers).is_empty() {
            return true;
        }
        let near = g.around(target) & self.steppers;
        !near.is_empty() && adjacent(pos, target, self.by, near)
    }
}

/// `by`'s active pieces that slide along orthogonal and along diagonal lines.
fn sliders(pos: &Position, active: SquareSet) -> (SquareSet, SquareSet) {
    let board = pos.board();
    let queens = board.by_role(Role::Queen);
    (
        (board.by_role(Role::Rook) | queens) & active,
        (board.by_role(Role::Bishop) | queens) & active,
    )
}

/// The orthodox attacks on `target`; where a Wall stands, sliders walk
/// their lines to pass over their own Wall.
fn orthodox(
    pos: &Position,
    target: Square,
    by: Color,
    active: SquareSet,
    vacated: SquareSet,
) -> bool {
    let attackers = Attackers::of_active(pos, by, active);
    if pos.board().by_role(Role::Wall).is_empty() {
        return attackers.attack(pos, target, vacated);
    }
    let g = &pos.variant().geometry;
    attackers.leaps_or_steps_onto(pos, target)
        || Dir::ALL.into_iter().any(|d| {
            let candidates = if d.is_orthogonal() {
                attackers.orthogonal
            } else {
                attackers.diagonal
            };
            !(g.ray(target, d) & candidates).is_empty()
                && slider_on_ray(pos, target, d, by, active, vacated)
        })
}

/// The square of `set` nearest to the origin of a ray in direction `d`.
#[inline]
pub(crate) fn nearest(set: SquareSet, d: Dir) -> Option<Square> {
    if d.ascending() {
        set.first()
    } else {
        set.last()
    }
}

/// Whether one of `near`, the active pieces of `by` next to `target`,
/// attacks it by a step.
fn adjacent(pos: &Position, target: Square, by: Color, near: SquareSet) -> bool {
    let board = pos.board();
    if !(near & board.by_role(Role::King)).is_empty() {
        return true;
    }
    let g = &pos.variant().geometry;
    let pawns = near & board.by_role(Role::Pawn);
    if !pawns.is_empty() {
        let behind = if by == Color::White {
            [Dir::SW, Dir::SE]
        } else {
            [Dir::NW, Dir::NE]
        };
        if behind
            .into_iter()
            .any(|d| g.step(target, d).is_some_and(|s| pawns.contains(s)))
        {
            return true;
        }
    }
    let others = board.by_role(Role::WazirKnight)
        | board.by_role(Role::FerzKnight)
        | board.by_role(Role::NinjaPawn);
    if (near & others).is_empty() {
        return false;
    }
    Dir::ALL.into_iter().any(|d| {
        g.step(target, d).is_some_and(|n| {
            (near & others).contains(n) && adjacent_attacker(pos, n, d, target, by)
        })
    })
}

/// Whether the piece on `n`, which is in direction `d` from the target,
/// attacks it by a step.
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

fn slider_on_ray(
    pos: &Position,
    target: Square,
    d: Dir,
    by: Color,
    active: SquareSet,
    vacated: SquareSet,
) -> bool {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let mut s = target;
    while let Some(t) = g.step(s, d) {
        s = t;
        if vacated.contains(t) {
            continue;
        }
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
            Role::Detonator => detonator::attacks(pos, s, p.color, target),
            Role::Guillotine => fly_over::attacks(pos, s, p.color, target, &Dir::ALL),
            Role::Bomber => fly_over::attacks(pos, s, p.color, target, &Dir::ORTHOGONAL),
            Role::NinjaGuard => ninja_guard::attacks(pos, s, p.color, target),
            Role::Cannon => cannon::attacks(pos, s, p.color, target),
            Role::Withdrawer => withdrawer::attacks(pos, s, p.color, target),
            Role::ChangelingBishop => halfling::attacks(pos, s, p.color, &Dir::DIAGONAL, target),
            Role::ChangelingRook => halfling::attacks(pos, s, p.color, &Dir::ORTHOGONAL, target),
            _ => mechanics::attacks_by_generation(pos, s, p, target),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fide;

    fn chess(fen: &str) -> Position {
        Position::from_fen(fide::chess(), fen).expect("fen")
    }

    #[test]
    fn the_attackers_of_every_square_agree_with_the_attack_test() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let pos = chess(fen);
            let occupied = pos.board().occupied();
            for target in pos.variant().geometry.squares() {
                let sides = OrthodoxAttackers::new(&pos).expect("orthodox");
                for by in [Color::White, Color::Black] {
                    let ours = sides.onto(&pos, target, occupied, by);
                    assert_eq!(
                        !ours.is_empty(),
                        is_attacked(&pos, target, by),
                        "{fen} {target:?} {by:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_slider_behind_an_attacker_shows_once_the_attacker_is_gone() {
        let pos = chess("4k3/4r3/8/4p3/8/8/4R3/4R1K1 w - - 0 1");
        let sq = |name: &str| pos.variant().geometry.parse_square(name).expect("square");
        let e5 = sq("e5");
        let occupied = pos.board().occupied();
        let sides = OrthodoxAttackers::new(&pos).expect("orthodox");
        let both = |occupied| {
            sides.onto(&pos, e5, occupied, Color::White)
                | sides.onto(&pos, e5, occupied, Color::Black)
        };
        let first = both(occupied);
        assert_eq!(
            first,
            SquareSet::from_square(sq("e2")) | SquareSet::from_square(sq("e7"))
        );
        let mut without = occupied;
        without.remove(sq("e2"));
        let second = both(without);
        assert_eq!(
            second,
            SquareSet::from_square(sq("e1")) | SquareSet::from_square(sq("e7"))
        );
    }
}
