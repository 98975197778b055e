//! How far each piece reaches, for the mobility and king-danger terms: a
//! coarse picture of every role's movement (slides, steps, leaps), read from
//! the rules' movement descriptions. It is a measure, not move generation:
//! it ignores capture details (a Dragon's approach, a Cannon's screen).

use menagerie_rules::geometry::Dir;
use menagerie_rules::Role;

/// A role's movement in outline.
#[derive(Copy, Clone, Debug)]
pub struct Shape {
    /// Directions it slides along (any distance through empty squares).
    pub slides: &'static [Dir],
    /// Directions it steps one square in.
    pub steps: &'static [Dir],
    /// Whether it leaps like a knight.
    pub knight: bool,
}

const NONE: &[Dir] = &[];

/// The outline of `role`'s movement on the board (Wounds men move by their
/// prongs instead: see [`super::wounds`]).
#[must_use]
pub fn of(role: Role) -> Shape {
    let (slides, steps, knight) = match role {
        Role::Queen | Role::Guillotine | Role::Withdrawer => (&Dir::ALL[..], NONE, false),
        Role::Dragon | Role::Detonator | Role::Freeze => (&Dir::ALL[..], NONE, true),
        Role::Rook | Role::Cannon | Role::Bomber | Role::ChangelingRook => {
            (&Dir::ORTHOGONAL[..], NONE, false)
        }
        Role::Bishop | Role::ChangelingBishop => (&Dir::DIAGONAL[..], NONE, false),
        Role::Knight => (NONE, NONE, true),
        Role::WazirKnight => (NONE, &Dir::ORTHOGONAL[..], true),
        Role::FerzKnight | Role::NinjaGuard => (NONE, &Dir::DIAGONAL[..], true),
        Role::King => (NONE, &Dir::ALL[..], false),
        Role::Wall => (&[Dir::N, Dir::S][..], &[Dir::E, Dir::W][..], false),
        Role::Pawn | Role::NinjaPawn => (NONE, NONE, false),
    };
    Shape {
        slides,
        steps,
        knight,
    }
}
