//! A FIDE chess [`Variant`] for this crate's own doctests and unit tests.
//! The real game definitions live in `menagerie-games`.

use crate::geometry::Geometry;
use crate::piece::{Role, RoleSet};
use crate::variant::{
    CastlingNotation, CastlingRule, EndRule, PawnRule, PromotionRule, RuleOptions, Variant,
};
use std::sync::LazyLock;

static CHESS: LazyLock<&'static Variant> = LazyLock::new(|| {
    Variant {
        key: "chess".into(),
        title: "Chess".into(),
        geometry: Geometry::new(8, 8),
        roles: RoleSet::of(&[
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        pawn: PawnRule::Fide {
            double_step_rank: 1,
        },
        ninja: PawnRule::Fide {
            double_step_rank: 1,
        },
        promotion: PromotionRule {
            ranks_from_end: 0,
            choices: vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
        },
        castling: CastlingRule::Fide {
            king_file: 4,
            rook_files: [0, 7],
            king_to: [2, 6],
            rook_to: [3, 5],
        },
        castling_notation: CastlingNotation::KingOnly,
        drops: Vec::new(),
        end: EndRule::Checkmate,
        prongs: false,
        options: RuleOptions::default(),
    }
    .leak()
});

/// FIDE chess, built from the core's parts.
#[must_use]
pub fn chess() -> &'static Variant {
    &CHESS
}
