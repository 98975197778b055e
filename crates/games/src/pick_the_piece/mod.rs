//! Pick the Piece Big Chess (Charles Daniel), as specified in
//! `docs/rules/air-and-trench.md` (the players' guide and rules reference):
//! the recommended game "Air and Trench
//! Warfare" (Ninja Guards on a1/j1 and a10/j10; Super Cannon, Flying Bomber
//! and three ninja pawns in hand), and any other member of the family that a
//! player names (see [`custom`] and `docs/pick-the-piece-custom.md`).
//!
//! Pawns go to the middle rank on any turn and then one square at a time
//! (B.7); ninja pawns are the slow version (B.5.4); castling is flexible with
//! seven destinations (B.8); promotion to Q, R, B, N and the game's added
//! pieces (B.7, ambiguity 9). A Super Cannon or Flying Bomber (or any other
//! non-pawn piece) is dropped on an empty square of its own back rank, a ninja
//! pawn on an empty square of its own 2nd rank with an optional push to the
//! middle (B.6, ambiguity 4).

pub mod custom;

use menagerie_rules::geometry::Geometry;
use menagerie_rules::variant::{
    CastlingNotation, CastlingRule, DropRule, DropZone, EndRule, PawnRule, PromotionRule,
    RuleOptions,
};
use menagerie_rules::{fide, Role, RoleSet, Variant, VariantRef};
use std::sync::LazyLock;

pub use custom::{parse_inline, parse_toml, FileError, SetupError, SetupProblem};

/// A member of the Pick the Piece family: the slot pieces and the pocket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// Protocol name.
    pub key: String,
    /// Display title.
    pub title: String,
    /// The piece on a1 (and a10).
    pub left_slot: Role,
    /// The piece on j1 (and j10).
    pub right_slot: Role,
    /// Droppable pieces and how many of each side has, in pocket order.
    pub pocket: Vec<(Role, u8)>,
}

/// Builds the variant for a family member. Validation of user choices is the
/// job of [`custom`], which only ever hands valid families here.
///
/// The game's pieces are the FIDE army and every picked piece in all its
/// phases ([`RoleSet::with_phases`]): a setup that picks a Changeling in one
/// phase (`Z` or `Y`) has the other too, because the Changeling changes
/// phase each time it moves. What is picked decides only how a piece
/// enters the game: on its slot, from the pocket and by promotion it enters
/// in the phase picked (`docs/pick-the-piece-custom.md`).
#[must_use]
pub fn build(f: &Family) -> Variant {
    let mut roles = RoleSet::of(&fide::ARMY);
    let mut added = vec![f.left_slot, f.right_slot];
    added.extend(f.pocket.iter().map(|&(r, _)| r));
    for &r in &added {
        roles.insert(r);
    }
    let roles = roles.with_phases();
    Variant {
        key: f.key.clone(),
        title: f.title.clone(),
        geometry: Geometry::new(10, 10),
        roles,
        start_fen: start_fen(f),
        pawn: PawnRule::ToMiddle { beyond: 1 },
        ninja: PawnRule::ToMiddle { beyond: 1 },
        promotion: PromotionRule {
            ranks_from_end: 0,
            choices: promotion_choices(&added),
        },
        castling: CastlingRule::Flexible {
            king_file: 5,
            rook_files: [1, 8],
        },
        castling_notation: CastlingNotation::KingAndRook,
        drops: f.pocket.iter().map(|&(role, _)| drop_rule(role)).collect(),
        end: EndRule::Checkmate,
        prongs: false,
        options: RuleOptions::default(),
        origin: None,
    }
}

/// Q, R, B, N and then every added piece but pawns and the King, each once
/// (B.7 "or to new pieces decided by players", ambiguity 9). A Changeling
/// is offered in the phase(s) picked, not in every phase: `slots=Z,Q`
/// promotes to `z`, `slots=Y,Q` to `y`, `slots=Z,Y` to either.
fn promotion_choices(added: &[Role]) -> Vec<Role> {
    let mut choices = fide::PROMOTION_CHOICES.to_vec();
    for &r in added {
        if !matches!(r, Role::King | Role::Pawn | Role::NinjaPawn) && !choices.contains(&r) {
            choices.push(r);
        }
    }
    choices
}

/// A ninja pawn enters on the 2nd rank and may be pushed; every other piece
/// enters on the back rank (B.6).
fn drop_rule(role: Role) -> DropRule {
    let ninja = role == Role::NinjaPawn;
    DropRule {
        role,
        zone: if ninja {
            DropZone::SecondRank
        } else {
            DropZone::BackRank
        },
        push_to_middle: ninja,
    }
}

/// The start position: the FIDE army with the King on f1, the slot pieces on
/// a1/j1, Black mirrored across the midline (B.3), and the pockets (none at
/// all when nothing may be dropped).
fn start_fen(f: &Family) -> String {
    let letter = |r: Role, white: bool| {
        if white {
            r.letter()
        } else {
            r.letter().to_ascii_lowercase()
        }
    };
    let mut pocket = String::new();
    for white in [true, false] {
        for &(r, n) in &f.pocket {
            for _ in 0..n {
                pocket.push(letter(r, white));
            }
        }
    }
    let pocket = if f.pocket.is_empty() {
        String::new()
    } else {
        format!("[{pocket}]")
    };
    let (l, r) = (f.left_slot, f.right_slot);
    format!(
        "{}rnbqkbnr{}/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/{}RNBQKBNR{}{pocket} w KQkq - 0 1",
        letter(l, false),
        letter(r, false),
        letter(l, true),
        letter(r, true)
    )
}

/// The recommended game's choices.
#[must_use]
pub fn air_and_trench_family() -> Family {
    Family {
        key: "air-and-trench".into(),
        title: "Pick the Piece: Air and Trench Warfare".into(),
        left_slot: Role::NinjaGuard,
        right_slot: Role::NinjaGuard,
        pocket: vec![(Role::Cannon, 1), (Role::Bomber, 1), (Role::NinjaPawn, 3)],
    }
}

static AIR_AND_TRENCH: LazyLock<Variant> =
    LazyLock::new(|| build(&air_and_trench_family()).checked());

/// Air and Trench Warfare.
#[must_use]
pub fn air_and_trench() -> VariantRef {
    VariantRef::builtin(&AIR_AND_TRENCH)
}
