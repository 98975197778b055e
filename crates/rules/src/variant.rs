//! [`Variant`]: a whole game as data. The rules core never names a game; the
//! `menagerie-games` crate builds one `Variant` value per game from these
//! parts. Game-level choices are enums with named cases, not booleans, where
//! more than two answers are conceivable.

use crate::color::Color;
use crate::geometry::{Geometry, Square};
use crate::piece::{Role, RoleSet};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// How far a pawn (or ninja pawn) may advance straight forward.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PawnRule {
    /// FIDE: one square, or two from the given relative rank (zero-based:
    /// 1 is White's 2nd rank).
    Fide {
        /// Relative rank from which the double step is allowed.
        double_step_rank: u8,
    },
    /// Charles Daniel's pawns: in its own half, 1 to 3 squares but never past
    /// the middle rank, on any turn; from the middle rank exactly 1; beyond
    /// it, 1 up to `beyond` squares.
    ToMiddle {
        /// Range past the middle rank (2 in Wreckage and Carnage, 1 in Pick the Piece).
        beyond: u8,
    },
    /// A prong man (Wounds): moves only along its prongs, never by this rule.
    Prongs,
}

impl PawnRule {
    /// Maximum forward distance for a pawn of `color` on `sq`, before blockers
    /// and the board edge are considered.
    #[must_use]
    pub fn range(self, geometry: &Geometry, color: Color, sq: Square) -> u8 {
        let rel = relative_rank(geometry, color, sq);
        match self {
            PawnRule::Fide { double_step_rank } => {
                if rel == double_step_rank {
                    2
                } else {
                    1
                }
            }
            PawnRule::ToMiddle { beyond } => {
                let middle = middle_rank(geometry);
                if rel < middle {
                    (middle - rel).min(3)
                } else if rel == middle {
                    1
                } else {
                    beyond
                }
            }
            PawnRule::Prongs => 0,
        }
    }
}

/// Zero-based rank counted from `color`'s own back rank.
#[must_use]
#[inline]
pub fn relative_rank(geometry: &Geometry, color: Color, sq: Square) -> u8 {
    match color {
        Color::White => sq.rank(),
        Color::Black => geometry.ranks() - 1 - sq.rank(),
    }
}

/// Relative index of the middle rank: the furthest rank of a side's own half
/// (rank 5 of 10 for White).
#[must_use]
#[inline]
pub fn middle_rank(geometry: &Geometry) -> u8 {
    geometry.ranks() / 2 - 1
}

/// Whether `sq` lies in `color`'s enemy half (White ranks 6-10 on a 10-rank board).
#[must_use]
#[inline]
pub fn in_enemy_half(geometry: &Geometry, color: Color, sq: Square) -> bool {
    relative_rank(geometry, color, sq) > middle_rank(geometry)
}

/// Where and to what pawns promote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionRule {
    /// 0: the last rank; 1: the second-last rank (Chess on a Longer Board).
    pub ranks_from_end: u8,
    /// The roles a pawn or ninja pawn may become, in the order moves are listed.
    pub choices: Vec<Role>,
}

impl PromotionRule {
    /// Whether a pawn of `color` arriving on `sq` must promote.
    #[must_use]
    #[inline]
    pub fn zone_contains(&self, geometry: &Geometry, color: Color, sq: Square) -> bool {
        relative_rank(geometry, color, sq) + 1 + self.ranks_from_end >= geometry.ranks()
    }
}

/// Castling in a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingRule {
    /// No castling (Wounds).
    None,
    /// FIDE castling: the king goes to `king_to` and the rook to `rook_to`
    /// (index 0 queen-side, 1 king-side, by file).
    Fide {
        /// The king's starting file.
        king_file: u8,
        /// The rooks' starting files, queen-side then king-side.
        rook_files: [u8; 2],
        /// The king's destination files.
        king_to: [u8; 2],
        /// The rooks' destination files.
        rook_to: [u8; 2],
    },
    /// Charles Daniel's flexible castling: the king goes 1 or more squares
    /// toward the rook, up to the rook's own square, and the rook lands on the
    /// square just on the other side of the king.
    Flexible {
        /// The king's starting file.
        king_file: u8,
        /// The rooks' starting files, queen-side then king-side.
        rook_files: [u8; 2],
    },
}

impl CastlingRule {
    /// The king's start file and the two rook files, if castling exists.
    #[must_use]
    pub fn files(self) -> Option<(u8, [u8; 2])> {
        match self {
            CastlingRule::None => None,
            CastlingRule::Fide {
                king_file,
                rook_files,
                ..
            }
            | CastlingRule::Flexible {
                king_file,
                rook_files,
            } => Some((king_file, rook_files)),
        }
    }
}

/// How castling is written in move strings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingNotation {
    /// King from and to (UCI chess).
    KingOnly,
    /// King from, king to, rook from, rook to.
    KingAndRook,
}

/// Where a pocket piece may enter.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DropZone {
    /// Any empty square of the own back rank.
    BackRank,
    /// Any empty square of the own 2nd rank.
    SecondRank,
}

/// One droppable role.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DropRule {
    /// What is dropped.
    pub role: Role,
    /// Where it enters.
    pub zone: DropZone,
    /// Whether the dropped piece may be pushed straight forward, through
    /// empty squares, up to the middle rank in the same turn.
    pub push_to_middle: bool,
}

/// How a game is won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// The king is royal: checkmate wins, stalemate is a draw.
    Checkmate,
    /// No check; a side with no men left loses; a side with no action passes.
    CaptureAll,
}

/// The configurable rule choices a rules document asks to expose as flags.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)] // each flag is an independent documented option
pub struct RuleOptions {
    /// A Terror Freeze also freezes its own side's neighbours (default false).
    pub freeze_affects_friendly: bool,
    /// A detonation also destroys the Detonator's own neighbours (default false).
    pub detonator_hits_friendly: bool,
    /// Drops reset the 50-move counter (default true).
    pub drops_reset_halfmove: bool,
    /// Pieces may pass over their own Wall on forward rays (Longer Board).
    pub wall_pass_over: bool,
    /// With `wall_pass_over`: only straight-forward rays pass the own Wall,
    /// not the forward diagonals (Longer Board ambiguity A-8, narrow reading;
    /// default false).
    pub wall_pass_over_straight_only: bool,
    /// Draw by threefold repetition and the 50-move rule (Wounds: optional).
    pub draw_rules: bool,
}

impl Default for RuleOptions {
    fn default() -> RuleOptions {
        RuleOptions {
            freeze_affects_friendly: false,
            detonator_hits_friendly: false,
            drops_reset_halfmove: true,
            wall_pass_over: false,
            wall_pass_over_straight_only: false,
            draw_rules: true,
        }
    }
}

/// A whole game.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Protocol name (`UCI_Variant` value), e.g. `wreckage`.
    pub key: String,
    /// Display title.
    pub title: String,
    /// Board shape.
    pub geometry: Geometry,
    /// The game's pieces: the roles that may stand on the board, closed
    /// under [`Role::phases`] (a game with either Changeling phase, `Z` or
    /// `Y`, has both, since every Changeling move turns one into the other).
    /// This one set is what the position reader accepts, so every position
    /// play reaches can be written and read back, and it is the list that
    /// anything naming a game's pieces shows ([`Variant::pieces`]). Build it
    /// with [`RoleSet::with_phases`]; [`Variant::checked`] refuses a set that is
    /// not closed.
    pub roles: RoleSet,
    /// Start position in the notation spec's FEN dialect.
    pub start_fen: String,
    /// The standard pawn's forward range.
    pub pawn: PawnRule,
    /// The ninja pawn's forward range.
    pub ninja: PawnRule,
    /// Promotion zone and choices.
    pub promotion: PromotionRule,
    /// Castling.
    pub castling: CastlingRule,
    /// How castling is written.
    pub castling_notation: CastlingNotation,
    /// Droppable roles (empty: the game has no pocket).
    pub drops: Vec<DropRule>,
    /// Win condition.
    pub end: EndRule,
    /// Every man moves along its prongs (Chess with Wounds).
    pub prongs: bool,
    /// Rule flags.
    pub options: RuleOptions,
    /// For a game built from another by turning rule options, that game and
    /// the options that differ; `None` for a game as its builder made it.
    pub origin: Option<Origin>,
}

impl Variant {
    /// The drop rule for `role`, if it can be dropped.
    #[must_use]
    pub fn drop_rule(&self, role: Role) -> Option<&DropRule> {
        self.drops.iter().find(|d| d.role == role)
    }

    /// Whether the game has pockets.
    #[must_use]
    pub fn has_pockets(&self) -> bool {
        !self.drops.is_empty()
    }

    /// Whether the king is royal.
    #[must_use]
    pub fn has_royal_king(&self) -> bool {
        self.end == EndRule::Checkmate
    }

    /// The game's pieces in catalogue order, every phase of a piece
    /// included: the one list the position reader checks letters against
    /// and that piece lists (the engine protocols' `piece` commands, the web
    /// board's legend) show.
    pub fn pieces(&self) -> impl Iterator<Item = Role> {
        self.roles.iter()
    }

    /// This value after checking that [`Variant::roles`] is closed under
    /// [`Role::phases`]: what every game's builder returns through before
    /// it becomes a [`VariantRef`].
    ///
    /// # Panics
    /// If [`Variant::roles`] lacks a phase of one of its pieces (a program
    /// error in the game's definition: positions its own play reaches could
    /// not be read back).
    #[must_use]
    pub fn checked(self) -> Variant {
        assert_eq!(
            self.roles,
            self.roles.with_phases(),
            "{}: the role set must hold every phase of its pieces",
            self.key
        );
        self
    }

    /// Turns this value into a shared handle ([`Variant::checked`] first):
    /// the form positions hold for games built at run time (players' own
    /// setups, games with rule options), freed when the last position or
    /// cache entry holding it goes.
    ///
    /// # Panics
    /// As [`Variant::checked`].
    #[must_use]
    pub fn shared(self) -> VariantRef {
        VariantRef(Handle::Shared(Arc::new(self.checked())))
    }

    /// Whether `self` and `other` are the same game: the same value, or two
    /// builds of the same game (same key, title, rule options and option
    /// origin), as when a cache rebuilt a setup it had evicted.
    #[must_use]
    pub fn same_game(&self, other: &Variant) -> bool {
        std::ptr::eq(self, other)
            || (self.key == other.key
                && self.title == other.title
                && self.options == other.options
                && self.origin.as_ref().map(|o| &o.changed)
                    == other.origin.as_ref().map(|o| &o.changed))
    }
}

/// Where a game built by turning rule options came from.
#[derive(Clone, Debug)]
pub struct Origin {
    /// The game the options were applied to.
    pub base: VariantRef,
    /// The option values that differ from `base`'s, by option name.
    pub changed: BTreeMap<String, bool>,
}

/// A handle on a [`Variant`], what a [`crate::Position`] holds: cheap to
/// clone and dereferencing to the game. Built-in games are `static` values
/// ([`VariantRef::builtin`], a copy of a reference to clone); games built at
/// run time are reference-counted ([`Variant::shared`]), so a game dropped
/// from every cache lives exactly as long as the positions that play it.
#[derive(Clone)]
pub struct VariantRef(Handle);

#[derive(Clone)]
enum Handle {
    Builtin(&'static Variant),
    Shared(Arc<Variant>),
}

impl VariantRef {
    /// The handle on a game kept in a `static` for the program's life (a
    /// built-in game, built once through [`Variant::checked`]).
    #[must_use]
    pub const fn builtin(v: &'static Variant) -> VariantRef {
        VariantRef(Handle::Builtin(v))
    }

    /// Whether both handles hold the very same value (not merely the same
    /// game: see [`Variant::same_game`]).
    #[must_use]
    pub fn ptr_eq(a: &VariantRef, b: &VariantRef) -> bool {
        std::ptr::eq(&**a, &**b)
    }

    /// Whether this handle's game was built at run time (reference-counted)
    /// rather than kept in a `static`.
    #[must_use]
    pub fn is_shared(&self) -> bool {
        matches!(self.0, Handle::Shared(_))
    }
}

impl Deref for VariantRef {
    type Target = Variant;

    #[inline]
    fn deref(&self) -> &Variant {
        match &self.0 {
            Handle::Builtin(v) => v,
            Handle::Shared(v) => v,
        }
    }
}

impl AsRef<Variant> for VariantRef {
    fn as_ref(&self) -> &Variant {
        self
    }
}

impl fmt::Debug for VariantRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VariantRef({:?})", self.key)
    }
}

impl From<&VariantRef> for VariantRef {
    fn from(v: &VariantRef) -> VariantRef {
        v.clone()
    }
}
