//! Words for players: the one-paragraph summary of a piece as it plays in a
//! given game. Most pieces read their catalogue row ([`PieceEntry::summary`]);
//! pawns and ninja pawns follow their game's [`PawnRule`] and promotion rank,
//! and in a prong game (Chess with Wounds) every man moves by its prongs.
//!
//! [`PieceEntry::summary`]: crate::piece::PieceEntry::summary

use crate::piece::Role;
use crate::variant::{PawnRule, Variant};

/// The summary of `role` as it plays in `v`.
#[must_use]
pub fn summary(role: Role, v: &Variant) -> &'static str {
    if v.prongs {
        return prong_man(role);
    }
    match role {
        Role::Pawn => pawn(v.pawn, v.promotion.ranks_from_end),
        Role::NinjaPawn => ninja(v.ninja),
        _ => role.entry().summary,
    }
}

fn pawn(rule: PawnRule, ranks_from_end: u8) -> &'static str {
    match (rule, ranks_from_end) {
        (PawnRule::ToMiddle { beyond: 2 }, _) => "Moves straight forward without capturing: in its own half 1 to 3 squares but never past the middle rank, on any turn; from the middle rank exactly one square; in the enemy half 1 or 2 squares. It captures one square diagonally forward, and after any 2- or 3-square move it may be taken en passant on each skipped square. It must promote on the last rank.",
        (PawnRule::ToMiddle { .. }, _) => "Moves one square straight forward, or, from its 2nd to 4th rank, straight forward through empty squares up to the middle rank on any turn. It captures one square diagonally forward, and after any 2- or 3-square move it may be taken en passant on each skipped square. It must promote on the last rank.",
        (_, 1) => "Moves one square straight forward, or two from its starting rank (it may pass over its own Wall), and captures one square diagonally forward, en passant too when the skipped square is empty. It must promote on the second-last rank.",
        _ => "Moves one square straight forward, or two from its starting rank, and captures one square diagonally forward, en passant too. It must promote on the last rank.",
    }
}

fn ninja(rule: PawnRule) -> &'static str {
    match rule {
        PawnRule::ToMiddle { beyond: 2 } => "Enters only by a drop on your 2nd rank, optionally pushed straight forward to your middle rank in the same turn. It moves forward like a pawn (1 to 3 squares up to the middle rank, 1 from it, 1 or 2 beyond) or one square sideways to an empty square; it captures one square diagonally forward, and also one square sideways while in the enemy half. Detonations cannot harm it; it takes no part in en passant and must promote on the last rank.",
        _ => "Enters only by a drop on your 2nd rank, optionally pushed straight forward to your middle rank in the same turn. It moves one square forward or sideways to an empty square, or from its first four ranks straight forward up to the middle rank; it captures one square diagonally forward, and also one square sideways while in the enemy half. It takes no part in en passant and must promote on the last rank.",
    }
}

fn prong_man(role: Role) -> &'static str {
    match role {
        Role::King => "Starts with 8 short prongs: one step in any direction. In Chess with Wounds it is an ordinary man: there is no check, and it may be captured. Attacked along a direction where it has a prong pointing back, it is wounded (that prong weakens) instead of captured.",
        Role::Queen => "Starts with 8 long prongs: slides in any direction. It moves and attacks only along its prongs; an attack on a man with a prong pointing back wounds it (long becomes short, short disappears) and both stay put; otherwise, or on the last prong, the man is captured.",
        Role::Rook => "Starts with 4 long prongs, north, east, south and west. It moves and attacks only along its prongs; a wounded man other than a knight may spend a turn rotating 45 degrees either way.",
        Role::Bishop => "Starts with 4 long diagonal prongs. It moves and attacks only along its prongs; a wounded man other than a knight may spend a turn rotating 45 degrees either way.",
        Role::Knight => "Starts with 8 knight prongs: a knight's leap over anything. Only a knight can wound a knight (a wound removes the prong pointing back), any other attack on it captures it, and a knight never rotates.",
        Role::Pawn => "Starts with 3 short forward prongs: one step straight or diagonally forward, to move or to attack. No double step, en passant or promotion. Once wounded it may rotate, and then moves along its new prong directions.",
        _ => role.entry().summary,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_has_a_summary_in_its_catalogue_row() {
        for r in Role::ALL {
            assert!(r.entry().summary.len() > 40, "{r:?}");
        }
    }

    #[test]
    fn the_orthodox_pawn_reads_its_catalogue_row() {
        let v = crate::fide::chess();
        assert_eq!(summary(Role::Pawn, &v), Role::Pawn.entry().summary);
        assert_eq!(summary(Role::Dragon, &v), Role::Dragon.entry().summary);
    }
}
