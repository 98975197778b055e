//! Wreckage and Carnage (Charles Daniel), as specified in
//! `docs/rules/wreckage-carnage.md` (the players' guide and rules reference).
//!
//! The two games share everything but the droppable piece: a Flying
//! Guillotine in Wreckage, a Terror Freeze in Carnage (§3). Pawns go 1-3
//! squares up to the middle rank on any turn, 1 from it and 1-2 beyond
//! (§5.3); ninja pawns use the same schedule (§5.4, A22); castling is
//! flexible with seven destinations per side (§8); promotion is to Q, R, B,
//! Wazir-Knight, Ferz-Knight, Dragon or Detonator (§7, A25); drops reset the
//! 50-move counter (§10).

use menagerie_rules::geometry::Geometry;
use menagerie_rules::variant::{
    CastlingNotation, CastlingRule, DropRule, DropZone, EndRule, PawnRule, PromotionRule,
    RuleOptions,
};
use menagerie_rules::{Role, RoleSet, Variant, VariantRef};
use std::sync::LazyLock;

/// The documented rule flags of these two games (rules §16), with defaults.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct Flags {
    /// `freeze_affects_friendly` (default false).
    pub freeze_affects_friendly: bool,
    /// `detonator_hits_friendly` (default false).
    pub detonator_hits_friendly: bool,
    /// `promote_to_drop_piece` (default false).
    pub promote_to_drop_piece: bool,
    /// `drops_reset_50_move` (default true).
    pub drops_reset_50_move: bool,
}

impl Default for Flags {
    fn default() -> Flags {
        Flags {
            freeze_affects_friendly: false,
            detonator_hits_friendly: false,
            promote_to_drop_piece: false,
            drops_reset_50_move: true,
        }
    }
}

/// Builds Wreckage (`carnage = false`) or Carnage with the given flags.
#[must_use]
pub fn build(carnage: bool, flags: Flags) -> Variant {
    let special = if carnage {
        Role::Freeze
    } else {
        Role::Guillotine
    };
    let mut choices = vec![
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::WazirKnight,
        Role::FerzKnight,
        Role::Dragon,
        Role::Detonator,
    ];
    if flags.promote_to_drop_piece {
        choices.push(special);
    }
    let (key, title, letter) = if carnage {
        ("carnage", "Carnage", 'T')
    } else {
        ("wreckage", "Wreckage", 'G')
    };
    Variant {
        key: key.into(),
        title: title.into(),
        geometry: Geometry::new(10, 10),
        roles: RoleSet::of(&[
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Pawn,
            Role::WazirKnight,
            Role::FerzKnight,
            Role::Dragon,
            Role::Detonator,
            Role::NinjaPawn,
            special,
        ]),
        start_fen: format!(
            "xrwbqkbfrd/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/XRWBQKBFRD[{letter}JJJJJ{}jjjjj] w KQkq - 0 1",
            letter.to_ascii_lowercase()
        ),
        pawn: PawnRule::ToMiddle { beyond: 2 },
        ninja: PawnRule::ToMiddle { beyond: 2 },
        promotion: PromotionRule { ranks_from_end: 0, choices },
        castling: CastlingRule::Flexible { king_file: 5, rook_files: [1, 8] },
        castling_notation: CastlingNotation::KingAndRook,
        drops: vec![
            DropRule { role: special, zone: DropZone::BackRank, push_to_middle: false },
            DropRule { role: Role::NinjaPawn, zone: DropZone::SecondRank, push_to_middle: true },
        ],
        end: EndRule::Checkmate,
        prongs: false,
        options: RuleOptions {
            freeze_affects_friendly: flags.freeze_affects_friendly,
            detonator_hits_friendly: flags.detonator_hits_friendly,
            drops_reset_halfmove: flags.drops_reset_50_move,
            ..RuleOptions::default()
        },
        origin: None,
    }
}

static WRECKAGE: LazyLock<Variant> = LazyLock::new(|| build(false, Flags::default()).checked());
static CARNAGE: LazyLock<Variant> = LazyLock::new(|| build(true, Flags::default()).checked());

/// Wreckage with the default flags.
#[must_use]
pub fn wreckage() -> VariantRef {
    VariantRef::builtin(&WRECKAGE)
}

/// Carnage with the default flags.
#[must_use]
pub fn carnage() -> VariantRef {
    VariantRef::builtin(&CARNAGE)
}
