//! The legality filter: proven-safe moves are accepted without playing them.
//!
//! When the side to move is not in check, a move leaves its king attacked
//! only if it changes a square some enemy attack depends on. Once per
//! position the filter computes:
//!
//! - the *pin rays*: for each line from our king to the nearest active
//!   enemy orthodox slider that could move along it, the squares up to and
//!   including that slider, and the lone blocker of rays with exactly one
//!   (enemy Walls the slider passes over do not block);
//! - the *watched* squares of every active exotic enemy piece (Dragon,
//!   Guillotine, Bomber, Cannon, Withdrawer, Changeling, Wall), from
//!   [`crate::movegen::exposure`]. Detonators, Ninja Guards, leapers,
//!   steppers and pawns attack by geometry alone: as enemy pieces do not
//!   move on our turn, they cannot start attacking the king.
//!
//! A plain or exotic move of a non-king piece is then legal when it touches
//! no watched square, takes no slider on a pin ray, and leaves at least one
//! blocker on every pin ray. King moves are tested with the king's own
//! square treated as empty when every enemy piece is orthodox and no Wall
//! or Terror Freeze is on the board ("orthodox enemies"); so is the square
//! a castling king lands on, with the rook lifted too.
//!
//! While in check among orthodox enemies, the checkers are found once: a
//! move of an orthodox piece is legal exactly when it takes the lone checker
//! or stands between it and the king, and keeps every other pin ray
//! blocked; a drop, when it stands between.
//!
//! In games with orthodox roles only ("plain" games) two more verdicts are
//! certain: the lone blocker of a pin ray that leaves it exposes the king,
//! and en passant (which empties two squares) is judged by looking for
//! attackers of the king on the board as it will be.
//!
//! Everything else is played on a copy and tested, because no map above
//! covers it: moves while in check by exotic pieces, king moves among exotic
//! enemies (the attacks read the king's old square in mechanic-specific
//! ways), castling among exotic enemies, detonations, moves of our Terror
//! Freeze (they unfreeze enemy pieces), captures of a Terror Freeze, moves
//! of our exotic pieces while in check, and moves that vacate more than
//! one square of the pin rays (multi-captures) outside plain games.

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::mechanics::passes_over;
use crate::movegen::attacks::{self, nearest, Attackers};
use crate::movegen::exposure;
use crate::moves::Move;
use crate::piece::{AttackClass, Role, RoleSet};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Roles whose attacks are not orthodox: the attackers
/// [`attacks::is_attacked`] asks one by one, and the Terror Freeze. Every
/// role but the king, queen, rook, bishop, knight, the two knight-compounds,
/// pawn and ninja pawn.
const NON_ORTHODOX: RoleSet = attacks::EXOTIC.union(RoleSet::of_attack(AttackClass::Never));

/// Roles that look at squares other than their own and the target's.
const WATCHING: [Role; 8] = [
    Role::Dragon,
    Role::Guillotine,
    Role::Bomber,
    Role::Cannon,
    Role::Withdrawer,
    Role::ChangelingBishop,
    Role::ChangelingRook,
    Role::Wall,
];

/// Precomputed facts for filtering one position's moves.
pub struct Filter {
    /// Whether any move may skip play-and-test.
    fast: bool,
    /// `fast` and not in check: the one-test acceptance applies.
    quick: bool,
    /// Whether the game has only orthodox roles (no Wall, Freeze or
    /// watching piece can exist).
    plain: bool,
    /// Whether king steps may be tested with [`attacks::is_attacked_through`].
    orthodox_enemies: bool,
    king: Option<Square>,
    /// Squares exotic enemy pieces watch.
    watched: SquareSet,
    /// Blockers of exotic attack paths with two or more blockers.
    multi: SquareSet,
    /// Pin-ray squares, sliders included.
    rays: SquareSet,
    /// The nearest enemy slider of every pin ray.
    sliders: SquareSet,
    /// Lone blockers of pin rays.
    lone: SquareSet,
    /// Pin rays indexed by direction from the king (empty if not a pin ray).
    by_dir: [SquareSet; 8],
    /// Squares a plain move may not touch to be accepted at once: everything
    /// above, the king, every Terror Freeze and our Walls (whose moves touch
    /// squares besides `from` and `to`).
    danger: SquareSet,
    /// Whether the side to move is in check (`None` in games without a
    /// royal king on the board).
    check: Option<bool>,
    /// While in check among orthodox enemies: what answers the check.
    evasion: Option<Evasion>,
    /// The enemy's pieces by how they attack, among orthodox enemies.
    attackers: Option<Attackers>,
}

/// The ways a check by orthodox pieces is answered by a non-king move.
#[derive(Copy, Clone)]
struct Evasion {
    /// The enemy pieces giving check.
    checkers: SquareSet,
    /// The squares between the king and a lone checking slider.
    block: SquareSet,
}

/// Our roles whose moves answer a check only by taking the checker on the
/// square they land on (or en passant) or by standing between: the
/// orthodox roles but the king.
const PLAIN_MOVERS: RoleSet = RoleSet::ALL
    .without(NON_ORTHODOX)
    .without(RoleSet::of(&[Role::King]));

impl Filter {
    /// Prepares the filter for `pos`.
    #[must_use]
    pub fn new(pos: &Position) -> Filter {
        let us = pos.turn();
        let king = pos.king(us);
        let mut f = Filter {
            fast: false,
            quick: false,
            plain: false,
            orthodox_enemies: false,
            king,
            watched: SquareSet::EMPTY,
            multi: SquareSet::EMPTY,
            rays: SquareSet::EMPTY,
            sliders: SquareSet::EMPTY,
            lone: SquareSet::EMPTY,
            by_dir: [SquareSet::EMPTY; 8],
            danger: SquareSet::EMPTY,
            check: None,
            evasion: None,
            attackers: None,
        };
        let Some(k) = king else { return f };
        if pos.variant().prongs {
            return f;
        }
        let them = !us;
        let board = pos.board();
        let active = board.by_color(them) - pos.frozen(them);
        let exotic_game = pos.variant().roles.intersects(NON_ORTHODOX);
        f.plain = !exotic_game;
        f.orthodox_enemies = !exotic_game || {
            let exotic_on_board =
                !(board.by_role(Role::Freeze) | board.by_role(Role::Wall)).is_empty();
            !exotic_on_board && !enemy_exotic(pos, them)
        };
        f.attackers = f.orthodox_enemies.then(|| Attackers::new(pos, them));
        let check = match &f.attackers {
            Some(attackers) => attackers.attack(pos, k, SquareSet::EMPTY),
            None => pos.is_check(),
        };
        f.check = Some(check);
        if check {
            if let Some(attackers) = &f.attackers {
                f.evasion = Some(evasion(pos, k, attackers));
                f.fast = f.pin_rays(pos, k, them, active);
            }
            return f;
        }
        f.fast = f.pin_rays(pos, k, them, active);
        f.quick = f.fast;
        if exotic_game {
            let mut watching = SquareSet::EMPTY;
            for r in WATCHING {
                watching |= board.by_role(r);
            }
            let watch = exposure::exotic_watch(pos, k, active & watching);
            f.watched = watch.watched;
            f.multi = watch.multi;
        }
        f.danger = f.watched
            | f.multi
            | f.rays
            | SquareSet::from_square(k)
            | board.by_role(Role::Freeze)
            | board.pieces(us, Role::Wall);
        f
    }

    /// Whether the side to move is in check, where the game has a royal
    /// king on the board (computed once by [`Filter::new`]).
    #[must_use]
    pub fn in_check(&self) -> Option<bool> {
        self.check
    }

    /// Finds the pin rays; false if some ray has no blocker (never when the
    /// king is not in check, but then play-and-test decides).
    fn pin_rays(&mut self, pos: &Position, king: Square, them: Color, active: SquareSet) -> bool {
        let g = &pos.variant().geometry;
        let board = pos.board();
        let queens = board.by_role(Role::Queen);
        let orthogonal = (board.by_role(Role::Rook) | queens) & active & g.lines(king, true);
        let diagonal = (board.by_role(Role::Bishop) | queens) & active & g.lines(king, false);
        if orthogonal.is_empty() && diagonal.is_empty() {
            return true;
        }
        let walls = board.by_role(Role::Wall);
        let occupied = board.occupied();
        for d in Dir::ALL {
            let sliders = if d.is_orthogonal() {
                orthogonal
            } else {
                diagonal
            };
            if (g.ray(king, d) & sliders).is_empty() {
                continue;
            }
            let (ray, blockers) = if walls.is_empty() {
                // Nothing is passed over: the nearest slider ends the ray.
                let full = g.ray(king, d);
                let Some(slider) = nearest(full & sliders, d) else {
                    continue;
                };
                let ray = full - g.ray(slider, d);
                self.sliders.insert(slider);
                (ray, (ray & occupied) - SquareSet::from_square(slider))
            } else {
                self.walk_pin_ray(pos, king, d, them, sliders)
            };
            match blockers.len() {
                // The checking line, answered through `evasion`.
                0 if self.evasion.is_some() => continue,
                0 => return false,
                1 => self.lone |= blockers,
                _ => {}
            }
            self.rays |= ray;
            self.by_dir[d.index()] = ray;
        }
        true
    }

    /// The pin ray from `king` along `d` up to the nearest of `sliders`, and
    /// its blockers, walked square by square (a slider passes over its own
    /// Wall, which then does not block).
    fn walk_pin_ray(
        &mut self,
        pos: &Position,
        king: Square,
        d: Dir,
        them: Color,
        sliders: SquareSet,
    ) -> (SquareSet, SquareSet) {
        let g = &pos.variant().geometry;
        let board = pos.board();
        let mut ray = SquareSet::EMPTY;
        let mut blockers = SquareSet::EMPTY;
        let mut s = king;
        while let Some(t) = g.step(s, d) {
            s = t;
            ray.insert(t);
            if sliders.contains(t) {
                self.sliders.insert(t);
                break;
            }
            match board.get(t) {
                Some(p) if !passes_over(pos, p, d.opposite(), them) => {
                    blockers.insert(t);
                }
                _ => {}
            }
        }
        (ray, blockers)
    }

    /// Whether the pseudo-legal `m` is legal in `pos`.
    #[must_use]
    #[inline]
    pub fn is_legal(&self, pos: &Position, m: &Move) -> bool {
        self.verdict(pos, m).unwrap_or_else(|| pos.is_safe_after(m))
    }

    /// Whether the pseudo-legal `m` is legal in `pos`, where that is proven
    /// without playing it; `None` where only play-and-test can tell (the
    /// search, which plays every move it tries anyway, then tests the
    /// child).
    #[must_use]
    #[inline]
    pub fn verdict(&self, pos: &Position, m: &Move) -> Option<bool> {
        if self.quick {
            if let Move::Normal {
                from, to, captured, ..
            } = *m
            {
                let touched = captured | SquareSet::from_square(from) | SquareSet::from_square(to);
                if (touched & self.danger).is_empty() {
                    return Some(true);
                }
            }
            return self.quick_verdict(pos, m);
        }
        match self.evasion {
            Some(evasion) if self.fast => self.evasion_verdict(pos, m, evasion),
            _ => None,
        }
    }

    /// The verdict on `m` while in check by orthodox pieces: a king step is
    /// tested with the king lifted; a plain piece's move must take the lone
    /// checker or stand between, and keep every pin ray blocked.
    fn evasion_verdict(&self, pos: &Position, m: &Move, evasion: Evasion) -> Option<bool> {
        let single = evasion.checkers.len() == 1;
        match *m {
            Move::Normal {
                from, to, captured, ..
            } => {
                if Some(from) == self.king {
                    return self.king_step(pos, from, to, captured);
                }
                if !PLAIN_MOVERS.contains(pos.board().get(from)?.role) {
                    return None;
                }
                let to_set = SquareSet::from_square(to);
                if !single && !(captured - to_set).is_empty() {
                    return None;
                }
                let answers = single
                    && (!(captured & evasion.checkers).is_empty() || evasion.block.contains(to));
                if !answers {
                    return Some(false);
                }
                let vacated = (SquareSet::from_square(from) | captured) - to_set;
                self.pins(vacated, to_set)
            }
            Move::Drop { role, to, .. } if role != Role::Freeze => {
                Some(single && evasion.block.contains(to))
            }
            _ => None,
        }
    }

    /// The verdict without playing `m`, where one is proven.
    fn quick_verdict(&self, pos: &Position, m: &Move) -> Option<bool> {
        if let (
            true,
            Move::Normal {
                from, to, captured, ..
            },
        ) = (self.plain, *m)
        {
            // Only pins and the king's own safety can matter.
            if Some(from) == self.king {
                return self.king_step(pos, from, to, captured);
            }
            let to_set = SquareSet::from_square(to);
            let vacated = (SquareSet::from_square(from) | captured) - to_set;
            if let Some(legal) = self.pins(vacated, to_set) {
                return Some(legal);
            }
            // En passant empties two squares: look for attackers of the
            // king on the board as it will be.
            return match (self.king, &self.attackers) {
                (Some(k), Some(attackers)) if vacated.len() > 1 => {
                    let occupied = (pos.board().occupied() - vacated) | to_set;
                    Some((attackers.all_onto(pos, k, occupied) - captured).is_empty())
                }
                _ => None,
            };
        }
        let board = pos.board();
        let (vacated, filled) = match *m {
            Move::Normal {
                from, to, captured, ..
            } => {
                let mover = board.get(from)?;
                if Some(from) == self.king {
                    return self.king_step(pos, from, to, captured);
                }
                if mover.role == Role::Freeze
                    || !(captured & board.by_role(Role::Freeze)).is_empty()
                {
                    return None;
                }
                let (from_set, to_set) = if mover.role == Role::Wall {
                    (pos.footprint(from), wall_at(to))
                } else {
                    (SquareSet::from_square(from), SquareSet::from_square(to))
                };
                ((from_set | captured) - to_set, to_set)
            }
            Move::Drop { role, to, .. } if role != Role::Freeze => {
                (SquareSet::EMPTY, SquareSet::from_square(to))
            }
            Move::Castle {
                king,
                king_to,
                rook,
                ..
            } => return self.castle(pos, king, king_to, rook),
            _ => return None,
        };
        if !((vacated | filled) & self.watched).is_empty() || (vacated & self.multi).len() > 1 {
            return None;
        }
        self.pins(vacated, filled).filter(|&legal| legal)
    }

    /// Whether every pin ray keeps a blocker and its slider: `Some(true)`
    /// if so; `Some(false)` where, in a plain game, the lone blocker of a
    /// ray leaves it (its slider then attacks the king); `None` where only
    /// play-and-test can tell.
    fn pins(&self, vacated: SquareSet, filled: SquareSet) -> Option<bool> {
        let hit = vacated & self.rays;
        if hit.is_empty() {
            return Some(true);
        }
        if hit.len() > 1 || !(hit & self.sliders).is_empty() {
            return None;
        }
        if (hit & self.lone).is_empty() {
            return Some(true);
        }
        let stays = self
            .by_dir
            .iter()
            .find(|ray| !(**ray & hit).is_empty())
            .is_some_and(|ray| !(*ray & filled).is_empty());
        (stays || self.plain).then_some(stays)
    }

    /// A castling among orthodox enemies: generation has tested the king's
    /// path with the king lifted; the landing square is tested again with
    /// the rook lifted too. The rook's new square can only block attacks,
    /// so an attack found here is left to play-and-test.
    fn castle(&self, pos: &Position, king: Square, king_to: Square, rook: Square) -> Option<bool> {
        let lifted = SquareSet::from_square(king) | SquareSet::from_square(rook);
        let attackers = self.attackers?;
        (!attackers.attack(pos, king_to, lifted)).then_some(true)
    }

    /// A king step, decided without playing it only among orthodox enemies.
    fn king_step(
        &self,
        pos: &Position,
        from: Square,
        to: Square,
        captured: SquareSet,
    ) -> Option<bool> {
        let plain = captured.is_empty() || captured == SquareSet::from_square(to);
        let attackers = self.attackers.filter(|_| plain)?;
        Some(!attackers.attack(pos, to, SquareSet::from_square(from)))
    }
}

/// The checkers of the king on `king` and, for a lone checking slider, the
/// squares between it and the king.
fn evasion(pos: &Position, king: Square, attackers: &Attackers) -> Evasion {
    let checkers = attackers.all_onto(pos, king, pos.board().occupied());
    let g = &pos.variant().geometry;
    let mut block = SquareSet::EMPTY;
    if let (1, Some(c)) = (checkers.len(), checkers.first()) {
        if let Some(d) = Dir::ALL.into_iter().find(|&d| g.ray(king, d).contains(c)) {
            block = g.ray(king, d) - g.ray(c, d) - checkers;
        }
    }
    Evasion { checkers, block }
}

/// Both squares of a Wall whose west half stands on `sq`.
fn wall_at(sq: Square) -> SquareSet {
    crate::mechanics::wall::squares(sq, crate::mechanics::wall::WEST)
}

/// Whether `them` has a piece whose attacks are not orthodox.
pub(crate) fn enemy_exotic(pos: &Position, them: Color) -> bool {
    !(exotic_pieces(pos) & pos.board().by_color(them)).is_empty()
}

/// The pieces of either side on the board whose roles are not orthodox
/// ([`NON_ORTHODOX`]).
pub(crate) fn exotic_pieces(pos: &Position) -> SquareSet {
    if !pos.variant().roles.intersects(NON_ORTHODOX) {
        return SquareSet::EMPTY;
    }
    let board = pos.board();
    let mut exotic = SquareSet::EMPTY;
    for role in NON_ORTHODOX.iter() {
        exotic |= board.by_role(role);
    }
    exotic
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::ROLE_COUNT;

    /// Checks every verdict on the pseudo-legal moves of `fen` (chess)
    /// against play-and-test; returns the moves with a verdict, each with
    /// whether it is legal, and the number left to play-and-test.
    fn verdicts(fen: &str) -> (Vec<(String, bool)>, usize) {
        let pos = Position::from_fen(crate::fide::chess(), fen).unwrap();
        let filter = Filter::new(&pos);
        let mut pseudo = Vec::new();
        crate::movegen::generate_pseudo(&pos, &mut pseudo);
        let mut decided = Vec::new();
        let mut open = 0;
        for m in &pseudo {
            let truth = pos.is_safe_after(m);
            match filter.verdict(&pos, m) {
                Some(v) => {
                    let name = crate::notation::render(&pos, m);
                    assert_eq!(v, truth, "{fen}: {name}");
                    decided.push((name, v));
                }
                None => open += 1,
            }
        }
        (decided, open)
    }

    fn verdict_of(decided: &[(String, bool)], name: &str) -> Option<bool> {
        decided.iter().find(|(n, _)| n == name).map(|&(_, v)| v)
    }

    #[test]
    fn a_check_by_a_slider_is_answered_without_playing() {
        let (decided, open) = verdicts("4r2k/8/8/1B6/8/R7/8/4K1N1 w - - 0 1");
        assert_eq!(open, 0);
        assert_eq!(verdict_of(&decided, "a3e3"), Some(true));
        assert_eq!(verdict_of(&decided, "b5e8"), Some(true));
        assert_eq!(verdict_of(&decided, "g1e2"), Some(true));
        assert_eq!(verdict_of(&decided, "a3a4"), Some(false));
        assert_eq!(verdict_of(&decided, "e1e2"), Some(false));
        assert_eq!(verdict_of(&decided, "e1d2"), Some(true));
    }

    #[test]
    fn only_the_king_answers_a_double_check() {
        let (decided, open) = verdicts("4r2k/8/8/8/1b6/8/8/4K1N1 w - - 0 1");
        assert_eq!(open, 0);
        assert_eq!(verdict_of(&decided, "g1e2"), Some(false));
        assert_eq!(verdict_of(&decided, "e1f2"), Some(true));
        assert_eq!(verdict_of(&decided, "e1d2"), Some(false));
    }

    #[test]
    fn a_lone_blocker_leaving_its_pin_ray_is_illegal_at_once() {
        let (decided, open) = verdicts("4r2k/8/8/8/8/8/4N3/4K3 w - - 0 1");
        assert_eq!(open, 0);
        for (name, legal) in &decided {
            assert_eq!(*legal, !name.starts_with("e2"), "{name}");
        }
    }

    #[test]
    fn en_passant_that_opens_the_rank_is_judged_without_playing() {
        let (decided, open) = verdicts("7k/8/8/KPp4r/8/8/8/8 w - c6 0 2");
        assert_eq!(open, 0);
        assert_eq!(verdict_of(&decided, "b5c6"), Some(false));
        assert_eq!(verdict_of(&decided, "b5b6"), Some(true));
        let (decided, _) = verdicts("7k/8/8/K1pP3r/8/8/8/8 w - c6 0 2");
        assert_eq!(verdict_of(&decided, "d5c6"), Some(false));
    }

    #[test]
    fn castling_onto_an_attacked_square_is_refused() {
        let pos =
            Position::from_fen(crate::fide::chess(), "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert!(!pos
            .legal_moves()
            .iter()
            .any(|m| matches!(m, Move::Castle { .. })));
        let (decided, _) = verdicts("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(verdict_of(&decided, "e1g1"), Some(true));
    }

    #[test]
    fn non_orthodox_roles_are_the_exotic_ones() {
        let orthodox = [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::WazirKnight,
            Role::FerzKnight,
            Role::Pawn,
            Role::NinjaPawn,
        ];
        assert_eq!(orthodox.len() + NON_ORTHODOX.iter().count(), ROLE_COUNT);
        for r in orthodox {
            assert!(!NON_ORTHODOX.contains(r), "{r:?}");
            assert_eq!(PLAIN_MOVERS.contains(r), r != Role::King, "{r:?}");
        }
        assert_eq!(PLAIN_MOVERS.iter().count(), orthodox.len() - 1);
    }
}
