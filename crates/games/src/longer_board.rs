//! Chess on a Longer Board with a few Pieces Added (David Howe), as specified
//! in `shared/rules/longer-board.md`: 8x10, Walls, Withdrawers, Changelings,
//! pawns on the 3rd rank promoting on the second-last rank, FIDE castling,
//! pieces passing their own Wall on forward rays (A.4, ambiguity 8).

use menagerie_rules::geometry::Geometry;
use menagerie_rules::variant::{
    CastlingNotation, CastlingRule, EndRule, PawnRule, PromotionRule, RuleOptions,
};
use menagerie_rules::{Role, RoleSet, Variant};
use std::sync::LazyLock;

static LONGER_BOARD: LazyLock<&'static Variant> = LazyLock::new(|| build(false).leak());

static LONGER_BOARD_NARROW: LazyLock<&'static Variant> = LazyLock::new(|| build(true).leak());

/// The game; with `straight_only`, the narrow reading of ambiguity A-8 (only
/// straight-forward moves pass the own Wall, not the forward diagonals).
fn build(straight_only: bool) -> Variant {
    Variant {
        key: "longer-board".into(),
        title: "Chess on a Longer Board".into(),
        geometry: Geometry::new(8, 10),
        roles: RoleSet::of(&[
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
            Role::Withdrawer,
            Role::Wall,
            Role::ChangelingBishop,
            Role::ChangelingRook,
        ]),
        start_fen: "rnbqkbnr/zu1ll1uz/pppppppp/8/8/8/8/PPPPPPPP/ZU1LL1UZ/RNBQKBNR w KQkq - 0 1"
            .into(),
        pawn: PawnRule::Fide {
            double_step_rank: 2,
        },
        ninja: PawnRule::Fide {
            double_step_rank: 2,
        },
        promotion: PromotionRule {
            ranks_from_end: 1,
            choices: vec![
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Withdrawer,
                Role::ChangelingBishop,
            ],
        },
        castling: CastlingRule::Fide {
            king_file: 4,
            rook_files: [0, 7],
            king_to: [2, 6],
            rook_to: [3, 5],
        },
        castling_notation: CastlingNotation::KingAndRook,
        drops: Vec::new(),
        end: EndRule::Checkmate,
        prongs: false,
        options: RuleOptions {
            wall_pass_over: true,
            wall_pass_over_straight_only: straight_only,
            ..RuleOptions::default()
        },
    }
}

/// Chess on a Longer Board, with the default (broad) reading of ambiguity
/// straight-forward and diagonally-forward moves pass the own Wall.
#[must_use]
pub fn longer_board() -> &'static Variant {
    &LONGER_BOARD
}

/// Chess on a Longer Board under the narrow reading of ambiguity A-8: only
/// straight-forward moves pass the own Wall. Same protocol name; an option,
/// off by default.
#[must_use]
pub fn longer_board_straight_pass_over() -> &'static Variant {
    &LONGER_BOARD_NARROW
}
