//! Chess with Wounds, as specified in `docs/rules/wounds.md`: 8x8, standard setup, every man moves
//! and attacks only along its prongs, an attack on a man with a prong
//! pointing back at the attacker wounds it (both men stay put), otherwise or
//! when its last prong goes it is captured; wounded men other than Knights
//! may rotate 45 degrees either way as a whole turn. No check, castling,
//! promotion or en passant; the King is an ordinary man; a side that loses
//! every man loses; a side with men but no action passes (`0000`) and two
//! passes in a row draw.
//!
//! Decisions on the rules document's ambiguities (C.8), all as resolved
//! there: standard setup; pawns carry three short forward prongs; the
//! defending prong is the one opposite to the attacker's movement; the
//! attacker's prong kind is irrelevant; after a wound the attacker stays on
//! its square; removing the last prong captures and the attacker moves in;
//! rotation is one compass point, never for unwounded men or Knights, and
//! both ways are legal even when they change nothing. "Wounded" means "prongs
//! differ from the initial set" (notation spec, section 3). Repetition and
//! no-progress draws are not in the source: they are optional and off by
//! default ([`build`] with `draw_rules`).

use menagerie_rules::geometry::Geometry;
use menagerie_rules::variant::{
    CastlingNotation, CastlingRule, EndRule, PawnRule, PromotionRule, RuleOptions,
};
use menagerie_rules::{fide, RoleSet, Variant, VariantRef};
use std::sync::LazyLock;

/// Builds Wounds; `draw_rules` turns on the optional threefold-repetition
/// and no-progress (100 plies without capture or wound) draws. The two-pass
/// draw is always on.
#[must_use]
pub fn build(draw_rules: bool) -> Variant {
    Variant {
        key: "wounds".into(),
        title: "Chess with Wounds".into(),
        geometry: Geometry::new(8, 8),
        roles: RoleSet::of(&fide::ARMY),
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
        origin: None,
    }
}

static WOUNDS: LazyLock<Variant> = LazyLock::new(|| build(false).checked());

/// Chess with Wounds, optional draws off.
#[must_use]
pub fn wounds() -> VariantRef {
    VariantRef::builtin(&WOUNDS)
}
