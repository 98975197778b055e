//! One-paragraph rules summaries of every piece, keyed by [`Role`], from the
//! rules pages in `docs/rules/`. Pawns, ninja pawns and every man of Chess
//! with Wounds move by their game's own rules, so their text depends on the
//! game.

use menagerie_rules::variant::PawnRule;
use menagerie_rules::{Role, Variant};

/// The summary of `role` as it plays in `v`.
#[must_use]
pub fn summary(role: Role, v: &Variant) -> &'static str {
    if v.prongs {
        return wounds(role);
    }
    match role {
        Role::Pawn => pawn(v.pawn, v.promotion.ranks_from_end),
        Role::NinjaPawn => ninja(v.ninja),
        _ => piece(role),
    }
}

fn piece(role: Role) -> &'static str {
    match role {
        Role::King => "Steps one square in any direction and castles as its game allows. It may never stand in check; checkmate wins. Check counts every way an enemy piece could remove it, side-effect captures included.",
        Role::Queen => "Moves any distance along ranks, files and diagonals through empty squares and captures by landing on an enemy piece.",
        Role::Rook => "Moves any distance along ranks and files through empty squares and captures by landing on an enemy piece. It castles with its king.",
        Role::Bishop => "Moves any distance diagonally through empty squares and captures by landing on an enemy piece.",
        Role::Knight => "Leaps to the far corner of a 2x3 rectangle, over anything in between, and captures by landing on an enemy piece.",
        Role::WazirKnight => "Leaps like a knight or steps one square straight (up, down, left or right); it captures on any square it can move to.",
        Role::FerzKnight => "Leaps like a knight or steps one square diagonally; it captures on any square it can move to.",
        Role::Dragon => "Moves like a queen or leaps like a knight, always to an empty square, and never captures where it lands. A forward slide captures by approach (the enemy on the next square beyond where it stops); a backward or sideways slide captures by withdrawal (the enemy it touched on the opposite side). One capture per slide, automatic; it can never capture pawns or ninja pawns, and knight leaps never capture.",
        Role::Detonator => "Moves like a queen or leaps like a knight, only to empty squares. Instead of moving it may detonate in place: every enemy piece on the eight squares around it is removed at once, except ninja pawns, and the Detonator stays. A detonation must remove at least one enemy and may not leave your king in check; a king next to an enemy Detonator is in check.",
        Role::Guillotine => "Dropped once on an empty square of your back rank. It moves like a queen through empty squares and, in each of the eight directions, may hop over an adjacent friend to the empty square behind it, fly over the first enemy it meets onto the empty square just beyond (capturing it), capture an enemy exactly two squares away when the square between is empty or friendly, or take two adjacent enemies at once by landing on the second. It never captures an adjacent piece by landing on it, and nothing is immune to it.",
        Role::Freeze => "Dropped once on an empty square of your back rank. It moves like a queen or leaps like a knight, to empty squares only, and never captures. Every enemy piece next to it is frozen: it cannot move, capture or give check, though it can be captured and still blocks lines. Freezing is worked out afresh every move.",
        Role::NinjaGuard => "Moves only diagonally. It steps one square diagonally to an empty square or onto an enemy, or leaps exactly two squares diagonally: a jumped enemy is captured, a jumped friend is left alone, and the landing square must be empty or hold an enemy, which is captured too.",
        Role::Cannon => "Dropped on an empty square of your back rank. It slides like a rook without capturing, may hop over an adjacent friend onto the empty square behind it, and captures like a xiangqi cannon: over exactly one piece of either colour onto the first enemy behind it, taking the screen too when the screen is an enemy. It never captures the first piece on its line directly.",
        Role::Bomber => "Moves only along ranks and files. It slides like a rook to empty squares; with a piece on the adjacent square it lands two squares away, jumping a friend or capturing an enemy there, and also capturing an enemy on the landing square; it may capture an enemy two squares away across an empty square; and it may fly along an empty line over the first enemy it meets onto the empty square just beyond, capturing it.",
        Role::Withdrawer => "Moves like a queen, only to empty squares. It captures by moving directly away from an adjacent enemy piece, which is removed; the capture is automatic, and it cannot capture by landing on a piece.",
        Role::Wall => "One piece covering two side-by-side squares of a rank. It slides straight forward or backward any distance through empty squares, or steps one square sideways, capturing every enemy on the squares it moves into (up to two at once), but never the enemy Wall. Capturing either of its squares removes the whole Wall. Your own pieces may pass over your Wall when moving forward; the enemy Wall blocks everything but knights.",
        Role::ChangelingBishop => "A Changeling in its halfling-bishop phase: it moves and captures diagonally, at most half the distance to the board's edge in each direction (rounded up), and becomes a halfling rook after every move it makes.",
        Role::ChangelingRook => "A Changeling in its halfling-rook phase: it moves and captures along ranks and files, at most half the distance to the board's edge in each direction (rounded up), and becomes a halfling bishop after every move it makes.",
        Role::Pawn | Role::NinjaPawn => "",
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

fn wounds(role: Role) -> &'static str {
    match role {
        Role::King => "Starts with 8 short prongs: one step in any direction. In Chess with Wounds it is an ordinary man: there is no check, and it may be captured. Attacked along a direction where it has a prong pointing back, it is wounded (that prong weakens) instead of captured.",
        Role::Queen => "Starts with 8 long prongs: slides in any direction. It moves and attacks only along its prongs; an attack on a man with a prong pointing back wounds it (long becomes short, short disappears) and both stay put; otherwise, or on the last prong, the man is captured.",
        Role::Rook => "Starts with 4 long prongs, north, east, south and west. It moves and attacks only along its prongs; a wounded man other than a knight may spend a turn rotating 45 degrees either way.",
        Role::Bishop => "Starts with 4 long diagonal prongs. It moves and attacks only along its prongs; a wounded man other than a knight may spend a turn rotating 45 degrees either way.",
        Role::Knight => "Starts with 8 knight prongs: a knight's leap over anything. Only a knight can wound a knight (a wound removes the prong pointing back), any other attack on it captures it, and a knight never rotates.",
        Role::Pawn => "Starts with 3 short forward prongs: one step straight or diagonally forward, to move or to attack. No double step, en passant or promotion. Once wounded it may rotate, and then moves along its new prong directions.",
        _ => "Moves and attacks only along its prongs.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_of_every_game_has_a_summary() {
        for v in menagerie_games::all() {
            for r in crate::variants::roles(v) {
                assert!(summary(r, v).len() > 40, "{} {:?}", v.key, r);
            }
        }
    }
}
