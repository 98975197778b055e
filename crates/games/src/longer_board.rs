//! Chess on a Longer Board with a few Pieces Added (David Howe, 2001), as
//! specified in `docs/rules/longer-board.md`: 8x10, Walls, Withdrawers,
//! Changelings, pawns on the 3rd rank promoting on the second-last rank,
//! FIDE castling.
//!
//! Our decisions on the document's ambiguities (A.11):
//! - A-1 The Wall is horizontal for the whole game; its left square names it.
//! - A-2 Every square both halves pass through must be empty; the Wall stops
//!   at (and may capture) the first enemy in either file.
//! - A-3 The Wall captures forward, backward and sideways.
//! - A-4 A Wall can neither capture nor pass through the enemy Wall.
//! - A-5 Both enemy pieces on a vertical move's destination squares are taken.
//! - The Wall gives check and can be pinned.
//! - A-8 Straight forward and both forward diagonals pass the own Wall
//!   (default); [`longer_board_straight_pass_over`] is the narrow reading.
//! - A-9 The pass-over counts for attacks, check and pins too.
//! - A-10 An enemy Wall is opaque to everything but Knights.
//! - A-11 The Withdrawer's capture is automatic.
//! - A-12 Withdrawing from either Wall square takes the whole Wall.
//! - A-13 Halfling range is `ceil(e / 2)`, `e` measured on the empty board.
//! - A-14 A Changeling starts (and is promoted) in its halfling-bishop state
//!   and switches after every move it makes.
//! - A-15 Promotion on rank 9 (White) / 2 (Black) to Q, R, B, N, U or Z.
//! - A-16 FIDE castling; Wall squares block it.
//! - A-17 En passant only when the skipped square is empty (the target is
//!   still written after a double step over the own Wall).
//! - A-18 The Knight's Camel first move is not implemented (an optional
//!   house rule, off by default).
//! - A-19 Stalemate, threefold repetition and the 50-move rule draw;
//!   insufficient material is not detected.

use menagerie_rules::geometry::Geometry;
use menagerie_rules::variant::{CastlingNotation, EndRule, PawnRule, PromotionRule, RuleOptions};
use menagerie_rules::{fide, Role, RoleSet, Variant, VariantRef};
use std::sync::LazyLock;

static LONGER_BOARD: LazyLock<Variant> = LazyLock::new(|| build(false).checked());

static LONGER_BOARD_NARROW: LazyLock<Variant> = LazyLock::new(|| build(true).checked());

/// The game; with `straight_only`, the narrow reading of ambiguity A-8 (only
/// straight-forward moves pass the own Wall, not the forward diagonals).
/// The FIDE army plus `extra` roles.
fn with_army(extra: &[Role]) -> RoleSet {
    let mut roles = RoleSet::of(&fide::ARMY);
    for &r in extra {
        roles.insert(r);
    }
    roles
}

fn build(straight_only: bool) -> Variant {
    Variant {
        key: "longer-board".into(),
        title: "Chess on a Longer Board".into(),
        geometry: Geometry::new(8, 10),
        roles: with_army(&[
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
            choices: [
                fide::PROMOTION_CHOICES.as_slice(),
                &[Role::Withdrawer, Role::ChangelingBishop],
            ]
            .concat(),
        },
        castling: fide::CASTLING,
        castling_notation: CastlingNotation::KingAndRook,
        drops: Vec::new(),
        end: EndRule::Checkmate,
        prongs: false,
        options: RuleOptions {
            wall_pass_over: true,
            wall_pass_over_straight_only: straight_only,
            ..RuleOptions::default()
        },
        origin: None,
    }
}

/// Chess on a Longer Board, with the default (broad) reading of ambiguity
/// straight-forward and diagonally-forward moves pass the own Wall.
#[must_use]
pub fn longer_board() -> VariantRef {
    VariantRef::builtin(&LONGER_BOARD)
}

/// Chess on a Longer Board under the narrow reading of ambiguity A-8: only
/// straight-forward moves pass the own Wall. Same protocol name; an option,
/// off by default.
#[must_use]
pub fn longer_board_straight_pass_over() -> VariantRef {
    VariantRef::builtin(&LONGER_BOARD_NARROW)
}
