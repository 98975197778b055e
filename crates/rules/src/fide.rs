//! Orthodox chess (FIDE) as a [`Variant`]: the baseline every other game is
//! measured against, and the variant this crate's own examples use. The
//! `menagerie-games` crate registers it under the name `chess`.

use crate::geometry::Geometry;
use crate::piece::{Role, RoleSet};
use crate::variant::{
    CastlingNotation, CastlingRule, EndRule, PawnRule, PromotionRule, RuleOptions, Variant,
};
use std::sync::LazyLock;

/// Builds FIDE chess.
#[must_use]
pub fn build() -> Variant {
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
}

static CHESS: LazyLock<&'static Variant> = LazyLock::new(|| build().leak());

/// FIDE chess, built once.
#[must_use]
pub fn chess() -> &'static Variant {
    &CHESS
}
