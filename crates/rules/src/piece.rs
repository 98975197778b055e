//! The piece catalogue ([`Role`]) and pieces on the board ([`Piece`]).
//!
//! One letter per piece type across every game (notation spec, section 2),
//! so the catalogue is a single closed enum. How a role moves may still
//! depend on the game: pawns and ninja pawns follow the variant's own
//! [`crate::variant::PawnRule`].

use crate::color::Color;

/// A piece type from the catalogue shared by all games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// King (royal in every game but Wounds).
    King,
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
    /// Pawn, with the game's own pawn rule.
    Pawn,
    /// Knight leap or one orthogonal step.
    WazirKnight,
    /// Knight leap or one diagonal step.
    FerzKnight,
    /// Queen/knight mover capturing by approach (forward) and withdrawal.
    Dragon,
    /// Queen/knight mover that captures by detonating in place.
    Detonator,
    /// Flying Guillotine: the Flying Bomber in all eight directions.
    Guillotine,
    /// Terror Freeze: never captures, freezes adjacent enemies.
    Freeze,
    /// Ninja pawn, with the game's own ninja rule.
    NinjaPawn,
    /// Ninja Guard: diagonal step, or diagonal leap taking what it jumps.
    NinjaGuard,
    /// Super Cannon: rook moves, friendly hop, screen captures.
    Cannon,
    /// Flying Bomber: rook moves, hop, fly-over and distance-2 captures.
    Bomber,
    /// Withdrawer: queen moves to empty squares, captures by withdrawal.
    Withdrawer,
    /// One square of a two-square Wall.
    Wall,
    /// Changeling in its halfling-bishop phase.
    ChangelingBishop,
    /// Changeling in its halfling-rook phase.
    ChangelingRook,
}

/// Number of roles in the catalogue.
pub const ROLE_COUNT: usize = 20;

impl Role {
    /// Every role, in catalogue order.
    pub const ALL: [Role; ROLE_COUNT] = [
        Role::King,
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
        Role::WazirKnight,
        Role::FerzKnight,
        Role::Dragon,
        Role::Detonator,
        Role::Guillotine,
        Role::Freeze,
        Role::NinjaPawn,
        Role::NinjaGuard,
        Role::Cannon,
        Role::Bomber,
        Role::Withdrawer,
        Role::Wall,
        Role::ChangelingBishop,
        Role::ChangelingRook,
    ];

    const LETTERS: [u8; ROLE_COUNT] = *b"KQRBNPWFDXGTJACOULZY";
    const NAMES: [&'static str; ROLE_COUNT] = [
        "King",
        "Queen",
        "Rook",
        "Bishop",
        "Knight",
        "Pawn",
        "Wazir-Knight",
        "Ferz-Knight",
        "Dragon",
        "Detonator",
        "Flying Guillotine",
        "Terror Freeze",
        "Ninja Pawn",
        "Ninja Guard",
        "Super Cannon",
        "Flying Bomber",
        "Withdrawer",
        "Wall",
        "Changeling (halfling bishop)",
        "Changeling (halfling rook)",
    ];

    /// Catalogue index.
    #[must_use]
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter (White's letter).
    #[must_use]
    pub fn letter(self) -> char {
        Role::LETTERS[self.index()] as char
    }

    /// The role for a letter of either case.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Role> {
        let up = c.to_ascii_uppercase() as u32;
        Role::LETTERS
            .iter()
            .position(|&l| u32::from(l) == up)
            .map(|i| Role::ALL[i])
    }

    /// Human name.
    #[must_use]
    pub fn name(self) -> &'static str {
        Role::NAMES[self.index()]
    }

    /// The phases of this role: every role a piece of it can turn into by
    /// its own moves, itself included (promotion is a different piece and
    /// does not count).
    ///
    /// A piece whose changing state has letters of its own is one piece with
    /// several roles: the Changeling is `Z` in its halfling-bishop phase and
    /// `Y` in its halfling-rook phase, and each of its moves turns one into
    /// the other (`longer-board.md` A.7). Every other piece is a single
    /// role: a Wall's two halves and a Wounds man's prongs are
    /// [`PieceState`] within one role and one letter.
    ///
    /// A game that has any phase of a piece has all of them: see
    /// [`RoleSet::with_phases`] and [`crate::Variant::roles`].
    ///
    /// ```
    /// use menagerie_rules::{Role, RoleSet};
    /// let changeling = RoleSet::of(&[Role::ChangelingBishop, Role::ChangelingRook]);
    /// assert_eq!(Role::ChangelingRook.phases(), changeling);
    /// assert_eq!(Role::Wall.phases(), RoleSet::of(&[Role::Wall]));
    /// ```
    #[must_use]
    pub const fn phases(self) -> RoleSet {
        match self {
            Role::ChangelingBishop | Role::ChangelingRook => {
                RoleSet::of(&[Role::ChangelingBishop, Role::ChangelingRook])
            }
            r => RoleSet::of(&[r]),
        }
    }

    /// Whether this role is a pawn of either kind.
    #[must_use]
    #[inline]
    pub fn is_pawn_like(self) -> bool {
        matches!(self, Role::Pawn | Role::NinjaPawn)
    }
}

/// A compact set of roles.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RoleSet(u32);

impl RoleSet {
    /// No roles.
    pub const EMPTY: RoleSet = RoleSet(0);

    /// Every role of the catalogue.
    pub const ALL: RoleSet = RoleSet::of(&Role::ALL);

    /// The set of the given roles.
    #[must_use]
    pub const fn of(roles: &[Role]) -> RoleSet {
        let mut bits = 0u32;
        let mut i = 0;
        while i < roles.len() {
            bits |= 1 << roles[i] as u32;
            i += 1;
        }
        RoleSet(bits)
    }

    /// Whether `r` is in the set.
    #[must_use]
    #[inline]
    pub fn contains(self, r: Role) -> bool {
        self.0 >> r as u32 & 1 != 0
    }

    /// Whether the two sets share a role.
    #[must_use]
    #[inline]
    pub const fn intersects(self, other: RoleSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The roles in either set.
    #[must_use]
    pub const fn union(self, other: RoleSet) -> RoleSet {
        RoleSet(self.0 | other.0)
    }

    /// The roles of this set that are not in `other`.
    #[must_use]
    pub const fn without(self, other: RoleSet) -> RoleSet {
        RoleSet(self.0 & !other.0)
    }

    /// Adds `r`.
    pub fn insert(&mut self, r: Role) {
        self.0 |= 1 << r as u32;
    }

    /// This set with every phase of each of its roles added (see
    /// [`Role::phases`]): the pieces a game holding these roles can have on
    /// the board. `{Z}` becomes `{Z, Y}`; a set without a Changeling is
    /// returned unchanged.
    #[must_use]
    pub fn with_phases(self) -> RoleSet {
        let mut out = self;
        for r in self.iter() {
            out.0 |= r.phases().0;
        }
        out
    }

    /// The roles, in catalogue order.
    pub fn iter(self) -> impl Iterator<Item = Role> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            Role::ALL.get(i).copied()
        })
    }
}

/// Per-piece state bits. Their meaning belongs to one mechanic: the Wall's half
/// (see [`crate::mechanics::wall`]) or a Wounds man's prongs (see
/// [`crate::mechanics::prongs`]). Zero for every other piece.
pub type PieceState = u16;

/// A piece on the board: colour, role and mechanic state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Type.
    pub role: Role,
    /// Mechanic-owned state (0 for ordinary pieces).
    pub state: PieceState,
}

impl Piece {
    /// A piece with no state.
    #[must_use]
    #[inline]
    pub fn new(color: Color, role: Role) -> Piece {
        Piece {
            color,
            role,
            state: 0,
        }
    }

    /// FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub fn letter(self) -> char {
        let l = self.role.letter();
        match self.color {
            Color::White => l,
            Color::Black => l.to_ascii_lowercase(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for r in Role::ALL {
            assert_eq!(Role::from_letter(r.letter()), Some(r));
            assert_eq!(Role::from_letter(r.letter().to_ascii_lowercase()), Some(r));
        }
        assert_eq!(Role::from_letter('E'), None);
        assert_eq!(Role::from_letter('é'), None);
    }

    #[test]
    fn phases_are_closed_and_contain_the_role() {
        for r in Role::ALL {
            let phases = r.phases();
            assert!(phases.contains(r), "{r:?}");
            for q in phases.iter() {
                assert_eq!(q.phases(), phases, "{r:?} and {q:?} are one piece");
            }
        }
        let only_z = RoleSet::of(&[Role::King, Role::ChangelingBishop]);
        assert!(only_z.with_phases().contains(Role::ChangelingRook));
        let plain = RoleSet::of(&[Role::King, Role::Wall, Role::Queen]);
        assert_eq!(plain.with_phases(), plain);
    }
}
