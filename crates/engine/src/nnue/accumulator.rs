//! The hidden layer as two accumulators, one per perspective (indexed by
//! absolute colour), and their incremental update: the board and pockets
//! before and after a move are compared role by role, so every kind of
//! move (detonations, approach and withdrawal, fly-over and double
//! captures, Wall moves, promotions, Changeling phases, drops and pushes,
//! castling) is covered by construction; in a game with prongs the men
//! whose prongs changed (wounds, rotations) are compared too, and a move
//! that changes nothing (a pass) copies the parent. A perspective whose
//! own king changes its bucket or wing ([`super::kings`]) is refreshed.

use super::features::{self, POCKET_BUCKETS};
use super::net::Network;
use menagerie_rules::{Board, Color, Position, Role, RoleSet, SquareSet};

/// Feature changes of one move before the accumulators fall back to a
/// refresh.
const MAX_CHANGES: usize = 48;

/// The hidden layer's pre-activations from each side's perspective.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// White's perspective, then Black's.
    pub v: [Vec<i16>; 2],
}

/// The features a move adds and removes in one perspective.
struct Changes {
    add: [u16; MAX_CHANGES],
    adds: usize,
    sub: [u16; MAX_CHANGES],
    subs: usize,
}

impl Changes {
    fn new() -> Changes {
        Changes {
            add: [0; MAX_CHANGES],
            adds: 0,
            sub: [0; MAX_CHANGES],
            subs: 0,
        }
    }

    /// Forgets every change recorded.
    fn clear(&mut self) {
        self.adds = 0;
        self.subs = 0;
    }

    /// Records a change; false when there is no room left.
    fn push(&mut self, f: usize, added: bool) -> bool {
        let (list, n) = if added {
            (&mut self.add, &mut self.adds)
        } else {
            (&mut self.sub, &mut self.subs)
        };
        if *n == MAX_CHANGES {
            return false;
        }
        list[*n] = f as u16;
        *n += 1;
        true
    }
}

impl Accumulator {
    /// Zeroed accumulators for `net`.
    #[must_use]
    pub fn new(net: &Network) -> Accumulator {
        Accumulator {
            v: [vec![0; net.hidden], vec![0; net.hidden]],
        }
    }

    /// Recomputes both perspectives of `pos` from scratch.
    pub fn refresh(&mut self, net: &Network, pos: &Position) {
        for persp in Color::BOTH {
            self.refresh_side(net, pos, persp);
        }
    }

    /// Recomputes the perspective of `persp` from scratch.
    fn refresh_side(&mut self, net: &Network, pos: &Position, persp: Color) {
        let mut active = Vec::with_capacity(features::MAX_ACTIVE);
        features::active(pos, persp, &net.kings, &mut active);
        let v = &mut self.v[persp.index()];
        v.copy_from_slice(&net.b1);
        for &f in &active {
            add_row(v, net.row(usize::from(f)));
        }
    }

    /// Makes `self` the accumulators of `after`, given `parent`, those of
    /// `before`, where `after` follows `before` by one move.
    pub fn update(
        &mut self,
        parent: &Accumulator,
        net: &Network,
        before: &Position,
        after: &Position,
    ) {
        let moved = changed_squares(before.board(), after.board(), after.variant().roles);
        let mut c = Changes::new();
        for persp in Color::BOTH {
            let i = persp.index();
            c.clear();
            if changes(persp, net, before, after, moved, &mut c).is_none() {
                self.refresh_side(net, after, persp);
                continue;
            }
            apply(&mut self.v[i], &parent.v[i], net, &c);
        }
    }

    /// The net's output for `pos` (whose accumulators these are) from
    /// the side to move's view, in centipawns, from the output bucket of
    /// the men on its board.
    #[must_use]
    pub fn evaluate(&self, net: &Network, pos: &Position) -> i32 {
        let turn = pos.turn();
        let bucket = net.bucket(pos.board().occupied().len());
        net.output(&self.v[turn.index()], &self.v[(!turn).index()], bucket)
    }
}

/// Sets `v` to `parent` with the rows of `c` added and taken away, in one
/// pass over the accumulator for the common moves (a quiet move: one row
/// in, one out; a capture: one in, two out), row by row otherwise. The
/// arithmetic wraps, so the order of the rows never changes the sum.
fn apply(v: &mut [i16], parent: &[i16], net: &Network, c: &Changes) {
    let row = |f: u16| net.row(usize::from(f));
    match (&c.add[..c.adds], &c.sub[..c.subs]) {
        (&[a], &[s]) => {
            let (a, s) = (row(a), row(s));
            for (((v, &p), &a), &s) in v.iter_mut().zip(parent).zip(a).zip(s) {
                *v = p.wrapping_add(a).wrapping_sub(s);
            }
        }
        (&[a], &[s, t]) => {
            let (a, s, t) = (row(a), row(s), row(t));
            for ((((v, &p), &a), &s), &t) in v.iter_mut().zip(parent).zip(a).zip(s).zip(t) {
                *v = p.wrapping_add(a).wrapping_sub(s).wrapping_sub(t);
            }
        }
        (adds, subs) => {
            v.copy_from_slice(parent);
            for &f in adds {
                add_row(v, row(f));
            }
            for &f in subs {
                sub_row(v, row(f));
            }
        }
    }
}

#[inline]
fn add_row(v: &mut [i16], row: &[i16]) {
    for (a, &w) in v.iter_mut().zip(row) {
        *a = a.wrapping_add(w);
    }
}

#[inline]
fn sub_row(v: &mut [i16], row: &[i16]) {
    for (a, &w) in v.iter_mut().zip(row) {
        *a = a.wrapping_sub(w);
    }
}

/// The squares whose man differs in colour or role (or is there on one
/// board only) between `b` and `a`, boards of a game whose pieces are
/// `roles` (no other role stands on them: [`menagerie_rules::Variant::roles`]):
/// the same for both perspectives, so it is found once a move.
fn changed_squares(b: &Board, a: &Board, roles: RoleSet) -> SquareSet {
    let mut moved = SquareSet::EMPTY;
    for color in Color::BOTH {
        moved |= b.by_color(color) ^ a.by_color(color);
    }
    for role in roles.iter() {
        moved |= b.by_role(role) ^ a.by_role(role);
    }
    moved
}

/// Lists in `c` (empty) the features that differ between `before` and
/// `after` from `persp`, given the squares whose man `moved`
/// ([`changed_squares`]); `None` if there are too many to list or the
/// perspective's own king changed its bucket or wing (every board feature
/// changes).
fn changes(
    persp: Color,
    net: &Network,
    before: &Position,
    after: &Position,
    moved: SquareSet,
    c: &mut Changes,
) -> Option<()> {
    let geometry = &after.variant().geometry;
    let (files, ranks) = (geometry.files(), geometry.ranks());
    let (b, a) = (before.board(), after.board());
    let view = net.kings.view_of(persp, a, files, ranks);
    if net.kings.bucketed() && view != net.kings.view_of(persp, b, files, ranks) {
        return None;
    }
    for sq in moved {
        for (man, added) in [(b.get(sq), false), (a.get(sq), true)] {
            if let Some(p) = man {
                c.push(view.board(persp, p.color, p.role, sq, ranks), added)
                    .then_some(())?;
            }
        }
    }
    if after.variant().has_pockets() {
        pocket_changes(persp, before, after, c)?;
    }
    if after.variant().prongs {
        prong_changes(persp, before, after, c)?;
    }
    Some(())
}

/// The prong features of every square whose man changed (moved, captured,
/// wounded or turned).
fn prong_changes(persp: Color, before: &Position, after: &Position, c: &mut Changes) -> Option<()> {
    let ranks = after.variant().geometry.ranks();
    let (b, a) = (before.board(), after.board());
    let mut room = true;
    for sq in b.occupied() | a.occupied() {
        let (was, is) = (b.get(sq), a.get(sq));
        if was == is {
            continue;
        }
        for (p, added) in [(was, false), (is, true)] {
            if let Some(p) = p {
                features::for_each_prong(persp, p, sq, ranks, |f| {
                    room &= c.push(usize::from(f), added);
                });
            }
        }
    }
    room.then_some(())
}

fn pocket_changes(
    persp: Color,
    before: &Position,
    after: &Position,
    c: &mut Changes,
) -> Option<()> {
    for color in Color::BOTH {
        let (was, is) = (before.pocket(color), after.pocket(color));
        for role in Role::ALL {
            let (n0, n1) = (usize::from(was.count(role)), usize::from(is.count(role)));
            let (lo, hi) = (
                n0.min(n1).min(POCKET_BUCKETS),
                n0.max(n1).min(POCKET_BUCKETS),
            );
            for k in lo + 1..=hi {
                c.push(features::pocket(persp, color, role, k), n1 > n0)
                    .then_some(())?;
            }
        }
    }
    Some(())
}
