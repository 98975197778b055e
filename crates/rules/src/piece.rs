//! The piece catalogue ([`Role`]) and pieces on the board ([`Piece`]).
//!
//! One letter per piece type across every game (notation spec, section 2),
//! so the catalogue is a single closed enum. How a role moves may still
//! depend on the game: pawns and ninja pawns follow the variant's own
//! [`crate::variant::PawnRule`].

use crate::color::Color;

/// How a piece attacks, as the attack and legality code sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AttackClass {
    /// King, queen, rook, bishop, knight, the two knight compounds and both
    /// pawns: attacks found set-wise from the target square.
    Orthodox,
    /// Attacks found by its own mechanic, one piece at a time (side-effect
    /// captures, hops, screens, two-square pieces, halfling ranges).
    Exotic,
    /// Never attacks (the Terror Freeze).
    Never,
}

/// Whether a player's own Pick the Piece setup may choose a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Never (its words in [`PieceEntry::words`] only explain why).
    No,
    /// As a piece in hand, not for a corner slot.
    DropOnly,
    /// For a corner slot or in hand.
    SlotOrDrop,
}

/// One row of the piece catalogue: everything about a piece that is data.
/// How it moves is its mechanic (`crate::mechanics`).
#[derive(Copy, Clone, Debug)]
pub struct PieceEntry {
    /// The role.
    pub role: Role,
    /// White's letter (upper case).
    pub letter: u8,
    /// Its name.
    pub name: &'static str,
    /// How the attack code finds its attacks.
    pub attack: AttackClass,
    /// Whether a Pick the Piece setup may choose it.
    pub pick: Pick,
    /// Names a setup may write instead of the letter (lower case, dashes).
    pub words: &'static [&'static str],
    /// The slot of XBoard's piece images whose picture it borrows (`None`:
    /// the King, which XBoard always has).
    pub xboard: Option<u8>,
}

/// Declares the catalogue once: the [`Role`] enum, [`Role::ALL`] and
/// [`PIECES`] come from one list, one row per piece.
macro_rules! catalogue {
    ($($(#[$doc:meta])* $role:ident = $letter:literal, $name:literal, $attack:ident, $pick:ident,
        [$($word:literal),*], $xboard:expr;)*) => {
        /// A piece type from the catalogue shared by all games.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Role {
            $($(#[$doc])* $role,)*
        }

        /// Number of roles in the catalogue.
        pub const ROLE_COUNT: usize = [$($letter),*].len();

        /// The piece catalogue, in [`Role`] order.
        pub const PIECES: [PieceEntry; ROLE_COUNT] = [$(PieceEntry {
            role: Role::$role,
            letter: $letter,
            name: $name,
            attack: AttackClass::$attack,
            pick: Pick::$pick,
            words: &[$($word),*],
            xboard: $xboard,
        }),*];

        impl Role {
            /// Every role, in catalogue order.
            pub const ALL: [Role; ROLE_COUNT] = [$(Role::$role),*];
        }
    };
}

catalogue! {
    /// King (royal in every game but Wounds).
    King = b'K', "King", Orthodox, No, ["king"], None;
    /// Queen.
    Queen = b'Q', "Queen", Orthodox, SlotOrDrop, ["queen"], Some(4);
    /// Rook.
    Rook = b'R', "Rook", Orthodox, SlotOrDrop, ["rook"], Some(3);
    /// Bishop.
    Bishop = b'B', "Bishop", Orthodox, SlotOrDrop, ["bishop"], Some(2);
    /// Knight.
    Knight = b'N', "Knight", Orthodox, SlotOrDrop, ["knight"], Some(1);
    /// Pawn, with the game's own pawn rule.
    Pawn = b'P', "Pawn", Orthodox, No, ["pawn"], Some(0);
    /// Knight leap or one orthogonal step.
    WazirKnight = b'W', "Wazir-Knight", Orthodox, SlotOrDrop, ["wazir-knight"], Some(9);
    /// Knight leap or one diagonal step.
    FerzKnight = b'F', "Ferz-Knight", Orthodox, SlotOrDrop, ["ferz-knight"], Some(5);
    /// Queen/knight mover capturing by approach (forward) and withdrawal.
    Dragon = b'D', "Dragon", Exotic, SlotOrDrop, ["dragon"], Some(14);
    /// Queen/knight mover that captures by detonating in place.
    Detonator = b'X', "Detonator", Exotic, SlotOrDrop, ["detonator"], Some(16);
    /// Flying Guillotine: the Flying Bomber in all eight directions.
    Guillotine = b'G', "Flying Guillotine", Exotic, SlotOrDrop,
        ["flying-guillotine", "guillotine"], Some(15);
    /// Terror Freeze: never captures, freezes adjacent enemies.
    Freeze = b'T', "Terror Freeze", Never, SlotOrDrop, ["terror-freeze", "freeze"], Some(20);
    /// Ninja pawn, with the game's own ninja rule.
    NinjaPawn = b'J', "Ninja Pawn", Orthodox, DropOnly, ["ninja-pawn", "ninja"], Some(18);
    /// Ninja Guard: diagonal step, or diagonal leap taking what it jumps.
    NinjaGuard = b'A', "Ninja Guard", Exotic, SlotOrDrop, ["ninja-guard", "guard"], Some(10);
    /// Super Cannon: rook moves, friendly hop, screen captures.
    Cannon = b'C', "Super Cannon", Exotic, SlotOrDrop, ["super-cannon", "cannon"], Some(11);
    /// Flying Bomber: rook moves, hop, fly-over and distance-2 captures.
    Bomber = b'O', "Flying Bomber", Exotic, SlotOrDrop, ["flying-bomber", "bomber"], Some(17);
    /// Withdrawer: queen moves to empty squares, captures by withdrawal.
    Withdrawer = b'U', "Withdrawer", Exotic, SlotOrDrop, ["withdrawer"], Some(7);
    /// One square of a two-square Wall.
    Wall = b'L', "Wall", Exotic, No, ["wall"], Some(6);
    /// Changeling in its halfling-bishop phase.
    ChangelingBishop = b'Z', "Changeling (halfling bishop)", Exotic, SlotOrDrop,
        ["changeling", "changeling-bishop", "halfling-bishop"], Some(13);
    /// Changeling in its halfling-rook phase.
    ChangelingRook = b'Y', "Changeling (halfling rook)", Exotic, SlotOrDrop,
        ["changeling-rook", "halfling-rook"], Some(8);
}

impl Role {
    /// This role's row of the catalogue.
    #[must_use]
    #[inline]
    pub fn entry(self) -> &'static PieceEntry {
        &PIECES[self.index()]
    }

    /// Catalogue index.
    #[must_use]
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter (White's letter).
    #[must_use]
    pub fn letter(self) -> char {
        PIECES[self.index()].letter as char
    }

    /// The role for a letter of either case.
    #[must_use]
    pub fn from_letter(c: char) -> Option<Role> {
        let up = c.to_ascii_uppercase() as u32;
        PIECES
            .iter()
            .find(|p| u32::from(p.letter) == up)
            .map(|p| p.role)
    }

    /// Human name.
    #[must_use]
    pub fn name(self) -> &'static str {
        PIECES[self.index()].name
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

    /// The roles of one attack class in the catalogue.
    #[must_use]
    pub const fn of_attack(class: AttackClass) -> RoleSet {
        let mut bits = 0u32;
        let mut i = 0;
        while i < PIECES.len() {
            if PIECES[i].attack as u8 == class as u8 {
                bits |= 1 << PIECES[i].role as u32;
            }
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
    fn the_catalogue_rows_follow_the_enum_and_keep_the_attack_classes() {
        for (i, p) in PIECES.iter().enumerate() {
            assert_eq!(p.role, Role::ALL[i]);
            assert_eq!(Role::from_letter(p.letter as char), Some(p.role));
        }
        let exotic = RoleSet::of(&[
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
        assert_eq!(RoleSet::of_attack(AttackClass::Exotic), exotic);
        assert_eq!(
            RoleSet::of_attack(AttackClass::Never),
            RoleSet::of(&[Role::Freeze])
        );
    }

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
