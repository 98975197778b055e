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
    /// One paragraph for players on how it moves and captures, as in the
    /// games' rules pages. A game whose own rule changes the piece (pawns,
    /// ninja pawns, every man of a prong game) words it in
    /// [`crate::summary::summary`].
    pub summary: &'static str,
}

/// Declares the catalogue once: the [`Role`] enum, [`Role::ALL`] and
/// [`PIECES`] come from one list, one row per piece.
macro_rules! catalogue {
    ($($(#[$doc:meta])* $role:ident = $letter:literal, $name:literal, $attack:ident, $pick:ident,
        [$($word:literal),*], $xboard:expr, $summary:literal;)*) => {
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
            summary: $summary,
        }),*];

        impl Role {
            /// Every role, in catalogue order.
            pub const ALL: [Role; ROLE_COUNT] = [$(Role::$role),*];
        }
    };
}

catalogue! {
    /// King (royal in every game but Wounds).
    King = b'K', "King", Orthodox, No, ["king"], None,
        "Steps one square in any direction and castles as its game allows. It may never stand in check; checkmate wins. Check counts every way an enemy piece could remove it, side-effect captures included.";
    /// Queen.
    Queen = b'Q', "Queen", Orthodox, SlotOrDrop, ["queen"], Some(4),
        "Moves any distance along ranks, files and diagonals through empty squares and captures by landing on an enemy piece.";
    /// Rook.
    Rook = b'R', "Rook", Orthodox, SlotOrDrop, ["rook"], Some(3),
        "Moves any distance along ranks and files through empty squares and captures by landing on an enemy piece. It castles with its king.";
    /// Bishop.
    Bishop = b'B', "Bishop", Orthodox, SlotOrDrop, ["bishop"], Some(2),
        "Moves any distance diagonally through empty squares and captures by landing on an enemy piece.";
    /// Knight.
    Knight = b'N', "Knight", Orthodox, SlotOrDrop, ["knight"], Some(1),
        "Leaps to the far corner of a 2x3 rectangle, over anything in between, and captures by landing on an enemy piece.";
    /// Pawn, with the game's own pawn rule.
    Pawn = b'P', "Pawn", Orthodox, No, ["pawn"], Some(0),
        "Moves one square straight forward, or two from its starting rank, and captures one square diagonally forward, en passant too. It must promote on the last rank.";
    /// Knight leap or one orthogonal step.
    WazirKnight = b'W', "Wazir-Knight", Orthodox, SlotOrDrop, ["wazir-knight"], Some(9),
        "Leaps like a knight or steps one square straight (up, down, left or right); it captures on any square it can move to.";
    /// Knight leap or one diagonal step.
    FerzKnight = b'F', "Ferz-Knight", Orthodox, SlotOrDrop, ["ferz-knight"], Some(5),
        "Leaps like a knight or steps one square diagonally; it captures on any square it can move to.";
    /// Queen/knight mover capturing by approach (forward) and withdrawal.
    Dragon = b'D', "Dragon", Exotic, SlotOrDrop, ["dragon"], Some(14),
        "Moves like a queen or leaps like a knight, always to an empty square, and never captures where it lands. A forward slide captures by approach (the enemy on the next square beyond where it stops); a backward or sideways slide captures by withdrawal (the enemy it touched on the opposite side). One capture per slide, automatic; it can never capture pawns or ninja pawns, and knight leaps never capture.";
    /// Queen/knight mover that captures by detonating in place.
    Detonator = b'X', "Detonator", Exotic, SlotOrDrop, ["detonator"], Some(16),
        "Moves like a queen or leaps like a knight, only to empty squares. Instead of moving it may detonate in place: every enemy piece on the eight squares around it is removed at once, except ninja pawns, and the Detonator stays. A detonation must remove at least one enemy and may not leave your king in check; a king next to an enemy Detonator is in check.";
    /// Flying Guillotine: the Flying Bomber in all eight directions.
    Guillotine = b'G', "Flying Guillotine", Exotic, SlotOrDrop,
        ["flying-guillotine", "guillotine"], Some(15),
        "Dropped once on an empty square of your back rank. It moves like a queen through empty squares and, in each of the eight directions, may hop over an adjacent friend to the empty square behind it, fly over the first enemy it meets onto the empty square just beyond (capturing it), capture an enemy exactly two squares away when the square between is empty or friendly, or take two adjacent enemies at once by landing on the second. It never captures an adjacent piece by landing on it, and nothing is immune to it.";
    /// Terror Freeze: never captures, freezes adjacent enemies.
    Freeze = b'T', "Terror Freeze", Never, SlotOrDrop, ["terror-freeze", "freeze"], Some(20),
        "Dropped once on an empty square of your back rank. It moves like a queen or leaps like a knight, to empty squares only, and never captures. Every enemy piece next to it is frozen: it cannot move, capture or give check, though it can be captured and still blocks lines. Freezing is worked out afresh every move.";
    /// Ninja pawn, with the game's own ninja rule.
    NinjaPawn = b'J', "Ninja Pawn", Orthodox, DropOnly, ["ninja-pawn", "ninja"], Some(18),
        "Enters only by a drop on your 2nd rank, optionally pushed straight forward to your middle rank in the same turn. It moves one square forward or sideways to an empty square, or from its first four ranks straight forward up to the middle rank; it captures one square diagonally forward, and also one square sideways while in the enemy half. It takes no part in en passant and must promote on the last rank.";
    /// Ninja Guard: diagonal step, or diagonal leap taking what it jumps.
    NinjaGuard = b'A', "Ninja Guard", Exotic, SlotOrDrop, ["ninja-guard", "guard"], Some(10),
        "Moves only diagonally. It steps one square diagonally to an empty square or onto an enemy, or leaps exactly two squares diagonally: a jumped enemy is captured, a jumped friend is left alone, and the landing square must be empty or hold an enemy, which is captured too.";
    /// Super Cannon: rook moves, friendly hop, screen captures.
    Cannon = b'C', "Super Cannon", Exotic, SlotOrDrop, ["super-cannon", "cannon"], Some(11),
        "Dropped on an empty square of your back rank. It slides like a rook without capturing, may hop over an adjacent friend onto the empty square behind it, and captures like a xiangqi cannon: over exactly one piece of either colour onto the first enemy behind it, taking the screen too when the screen is an enemy. It never captures the first piece on its line directly.";
    /// Flying Bomber: rook moves, hop, fly-over and distance-2 captures.
    Bomber = b'O', "Flying Bomber", Exotic, SlotOrDrop, ["flying-bomber", "bomber"], Some(17),
        "Moves only along ranks and files. It slides like a rook to empty squares; with a piece on the adjacent square it lands two squares away, jumping a friend or capturing an enemy there, and also capturing an enemy on the landing square; it may capture an enemy two squares away across an empty square; and it may fly along an empty line over the first enemy it meets onto the empty square just beyond, capturing it.";
    /// Withdrawer: queen moves to empty squares, captures by withdrawal.
    Withdrawer = b'U', "Withdrawer", Exotic, SlotOrDrop, ["withdrawer"], Some(7),
        "Moves like a queen, only to empty squares. It captures by moving directly away from an adjacent enemy piece, which is removed; the capture is automatic, and it cannot capture by landing on a piece.";
    /// One square of a two-square Wall.
    Wall = b'L', "Wall", Exotic, No, ["wall"], Some(6),
        "One piece covering two side-by-side squares of a rank. It slides straight forward or backward any distance through empty squares, or steps one square sideways, capturing every enemy on the squares it moves into (up to two at once), but never the enemy Wall. Capturing either of its squares removes the whole Wall. Your own pieces may pass over your Wall when moving forward; the enemy Wall blocks everything but knights.";
    /// Changeling in its halfling-bishop phase.
    ChangelingBishop = b'Z', "Changeling (halfling bishop)", Exotic, SlotOrDrop,
        ["changeling", "changeling-bishop", "halfling-bishop"], Some(13),
        "A Changeling in its halfling-bishop phase: it moves and captures diagonally, at most half the distance to the board's edge in each direction (rounded up), and becomes a halfling rook after every move it makes.";
    /// Changeling in its halfling-rook phase.
    ChangelingRook = b'Y', "Changeling (halfling rook)", Exotic, SlotOrDrop,
        ["changeling-rook", "halfling-rook"], Some(8),
        "A Changeling in its halfling-rook phase: it moves and captures along ranks and files, at most half the distance to the board's edge in each direction (rounded up), and becomes a halfling bishop after every move it makes.";
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

    /// How many roles the set holds.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no role.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `r`'s place among the set's roles in catalogue order (0 for the
    /// first), or `None` if the set lacks it: a dense index for tables
    /// sized to one game's pieces.
    #[must_use]
    pub fn rank_of(self, r: Role) -> Option<usize> {
        let bit = 1u32 << r as u32;
        (self.0 & bit != 0).then(|| (self.0 & (bit - 1)).count_ones() as usize)
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
