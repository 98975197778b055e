//! The legality filter with a proven-safe fast path.
//!
//! A move is certainly legal, without playing it, when all of these hold:
//! the side to move is not in check; every enemy piece attacks only like the
//! orthodox pieces do (king, queen, rook, bishop, knight, the two
//! knight-compounds, pawns, ninja pawns: their attacks depend only on the
//! squares between them and the target); no Terror Freeze or Wall is on the
//! board; the move is a plain step of a non-king piece whose captures are at
//! most its destination; and the moving piece does not stand on a line from
//! our king to an enemy slider with nothing else between (it is not pinned).
//! Under the same conditions a king's plain step is legal exactly when its
//! destination is not attacked with the king's own square treated as empty.
//! Everything else is played on a copy and tested.

use crate::color::Color;
use crate::geometry::{Dir, Square};
use crate::movegen::attacks;
use crate::moves::Move;
use crate::piece::{Role, RoleSet};
use crate::position::Position;
use crate::square_set::SquareSet;

/// Roles whose attacks are orthodox in the sense above.
const ORTHODOX: RoleSet = RoleSet::of(&[
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::WazirKnight,
    Role::FerzKnight,
    Role::Pawn,
    Role::NinjaPawn,
]);

/// Precomputed facts for filtering one position's moves.
pub struct Filter {
    fast: bool,
    king: Option<Square>,
    pinned: SquareSet,
}

impl Filter {
    /// Prepares the filter for `pos`.
    #[must_use]
    pub fn new(pos: &Position) -> Filter {
        let us = pos.turn();
        let king = pos.king(us);
        let board = pos.board();
        let exotic_on_board = !(board.by_role(Role::Freeze) | board.by_role(Role::Wall)).is_empty();
        let fast = king.is_some() && !exotic_on_board && !enemy_exotic(pos, !us) && !pos.is_check();
        let pinned = match (fast, king) {
            (true, Some(k)) => pinned(pos, k, us),
            _ => SquareSet::EMPTY,
        };
        Filter { fast, king, pinned }
    }

    /// Whether the pseudo-legal `m` is legal in `pos`.
    #[must_use]
    pub fn is_legal(&self, pos: &Position, m: &Move) -> bool {
        if self.fast {
            if let Move::Normal {
                from, to, captured, ..
            } = *m
            {
                let plain = captured.is_empty() || captured == SquareSet::from_square(to);
                if plain && Some(from) == self.king {
                    return !attacks::is_attacked_through(
                        pos,
                        to,
                        !pos.turn(),
                        SquareSet::from_square(from),
                    );
                }
                if plain && !self.pinned.contains(from) {
                    return true;
                }
            }
        }
        pos.is_safe_after(m)
    }
}

/// Whether `them` has a piece whose attacks are not orthodox.
pub(crate) fn enemy_exotic(pos: &Position, them: Color) -> bool {
    let board = pos.board();
    let mut exotic = SquareSet::EMPTY;
    for role in Role::ALL {
        if !ORTHODOX.contains(role) {
            exotic |= board.by_role(role);
        }
    }
    !(exotic & board.by_color(them)).is_empty()
}

/// Our pieces that stand alone between our king and an enemy slider.
fn pinned(pos: &Position, king: Square, us: Color) -> SquareSet {
    let g = &pos.variant().geometry;
    let board = pos.board();
    let queens = board.by_role(Role::Queen);
    let orthogonal = (board.by_role(Role::Rook) | queens) & board.by_color(!us);
    let diagonal = (board.by_role(Role::Bishop) | queens) & board.by_color(!us);
    let mut out = SquareSet::EMPTY;
    for d in Dir::ALL {
        let sliders = if d.is_orthogonal() {
            orthogonal
        } else {
            diagonal
        };
        if (g.ray(king, d) & sliders).is_empty() {
            continue;
        }
        if let Some(b) = lone_blocker(pos, king, d, us, sliders) {
            out.insert(b);
        }
    }
    out
}

/// Walking from the king along `d`: our only piece before an enemy slider.
fn lone_blocker(
    pos: &Position,
    king: Square,
    d: Dir,
    us: Color,
    sliders: SquareSet,
) -> Option<Square> {
    let g = &pos.variant().geometry;
    let mut s = king;
    let mut blocker = None;
    while let Some(t) = g.step(s, d) {
        s = t;
        let Some(p) = pos.board().get(t) else {
            continue;
        };
        if p.color != us {
            return if sliders.contains(t) { blocker } else { None };
        }
        if blocker.is_some() {
            return None;
        }
        blocker = Some(t);
    }
    None
}
