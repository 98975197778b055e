//! Orthodox chess (FIDE) as a [`Variant`]: the baseline every other game is
//! measured against, and the variant this crate's own examples use. The
//! `menagerie-games` crate registers it under the name `chess`.

use crate::geometry::Geometry;
use crate::piece::{Role, RoleSet};
use crate::variant::{
    CastlingNotation, CastlingRule, EndRule, PawnRule, PromotionRule, RuleOptions, Variant,
    VariantRef,
};
use std::sync::LazyLock;

/// The FIDE army's roles: the pieces every chess-like game here starts from.
pub const ARMY: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The FIDE promotion choices.
pub const PROMOTION_CHOICES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// FIDE castling on an 8-file board: king e to g or c, rook h to f or a to d.
pub const CASTLING: CastlingRule = CastlingRule::Fide {
    king_file: 4,
    rook_files: [0, 7],
    king_to: [2, 6],
    rook_to: [3, 5],
};

/// Builds FIDE chess.
#[must_use]
pub fn build() -> Variant {
    Variant {
        key: "chess".into(),
        title: "Chess".into(),
        geometry: Geometry::new(8, 8),
        roles: RoleSet::of(&ARMY),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        pawn: PawnRule::Fide {
            double_step_rank: 1,
        },
        ninja: PawnRule::Fide {
            double_step_rank: 1,
        },
        promotion: PromotionRule {
            ranks_from_end: 0,
            choices: PROMOTION_CHOICES.to_vec(),
        },
        castling: CASTLING,
        castling_notation: CastlingNotation::KingOnly,
        drops: Vec::new(),
        end: EndRule::Checkmate,
        prongs: false,
        options: RuleOptions::default(),
        origin: None,
    }
}

static CHESS: LazyLock<Variant> = LazyLock::new(|| build().checked());

/// FIDE chess, built once.
#[must_use]
pub fn chess() -> VariantRef {
    VariantRef::builtin(&CHESS)
}
