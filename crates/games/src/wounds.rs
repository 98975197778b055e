//! Chess with Wounds, as specified in `shared/rules/wounds.md`: 8x8, every
//! man moves along its prongs, attacks wound or capture, wounded men rotate,
//! no check, castling, promotion or en passant; a side with no men loses.
//! Repetition and no-progress draws are optional and off by default (C.7).

use menagerie_rules::geometry::Geometry;
use menagerie_rules::variant::{
    CastlingNotation, CastlingRule, EndRule, PawnRule, PromotionRule, RuleOptions,
};
use menagerie_rules::{Role, RoleSet, Variant};
use std::sync::LazyLock;

/// Builds Wounds; `draw_rules` turns on the optional repetition and
/// no-progress draws.
#[must_use]
pub fn build(draw_rules: bool) -> Variant {
    Variant {
        key: "wounds".into(),
        title: "Chess with Wounds".into(),
        geometry: Geometry::new(8, 8),
        roles: RoleSet::of(&[
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1".into(),
        pawn: PawnRule::Prongs,
        ninja: PawnRule::Prongs,
        promotion: PromotionRule {
            ranks_from_end: 0,
            choices: Vec::new(),
        },
        castling: CastlingRule::None,
        castling_notation: CastlingNotation::KingAndRook,
        drops: Vec::new(),
        end: EndRule::CaptureAll,
        prongs: true,
        options: RuleOptions {
            draw_rules,
            ..RuleOptions::default()
        },
    }
}

static WOUNDS: LazyLock<&'static Variant> = LazyLock::new(|| build(false).leak());

/// Chess with Wounds, optional draws off.
#[must_use]
pub fn wounds() -> &'static Variant {
    &WOUNDS
}
