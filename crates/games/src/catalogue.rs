//! The catalogue of built-in games: one row per game with what a player is
//! told before choosing it. The rules themselves are each game's module; the
//! rule options are [`crate::options`]; custom Pick the Piece setups are
//! described by their own pieces (see [`GameEntry::custom`]).

use crate::{chess, longer_board, pick_the_piece, wounds, wreckage};
use menagerie_rules::VariantRef;

/// A built-in game as the catalogue lists it.
#[derive(Clone, Copy, Debug)]
pub struct GameEntry {
    /// Its protocol name (`--variant`, `UCI_Variant`, the API's `variant`).
    pub key: &'static str,
    /// One line for the game chooser.
    pub blurb: &'static str,
    /// The game it is another with one change, if any (Carnage is Wreckage
    /// with a Terror Freeze instead of the Guillotine).
    pub parent: Option<&'static str>,
    /// Short notes for players on its rules page.
    pub notes: &'static [&'static str],
    /// Builds (once) and returns its rules.
    pub variant: fn() -> VariantRef,
}

/// Every built-in game, in the order the page and protocols list them.
pub const GAMES: [GameEntry; 6] = [
    GameEntry {
        key: "chess",
        blurb: "Orthodox chess.",
        parent: None,
        notes: &["Orthodox chess (FIDE rules): checkmate wins; stalemate, threefold repetition and the 50-move rule draw."],
        variant: chess::chess,
    },
    GameEntry {
        key: "wreckage",
        blurb: "Dragons, Detonators and Ninja Pawns; a Flying Guillotine in hand.",
        parent: None,
        notes: &[
            "10×10 board. Each side holds five Ninja Pawns and one Flying Guillotine in hand: dropping one is a whole turn.",
            "A Ninja Pawn enters on your 2nd rank and may be pushed straight on to your middle rank in the same turn (click the pocket piece, then the drop square, then where it ends).",
            "Pawns go 1–3 squares in your own half on any turn, then 1–2; every 2- or 3-square move can be taken en passant.",
            "Flexible castling: the King moves 1 or more squares towards an unmoved Rook and the Rook jumps to its other side — seven castlings per side.",
            "The Detonator detonates instead of moving: click it, then click its square again, and choose \"detonate\".",
        ],
        variant: wreckage::wreckage,
    },
    GameEntry {
        key: "carnage",
        blurb: "Wreckage with a Terror Freeze that freezes its neighbours.",
        parent: Some("wreckage"),
        notes: &[
            "As Wreckage, but the hand piece is the Terror Freeze: enemy pieces next to it are frozen (marked with ice) and cannot move, capture or give check.",
            "Each side holds five Ninja Pawns and one Terror Freeze in hand.",
            "Flexible castling: seven castlings per side; a frozen King or Rook cannot castle.",
        ],
        variant: wreckage::carnage,
    },
    GameEntry {
        key: "air-and-trench",
        blurb: "Ninja Guards; drop a Super Cannon, a Flying Bomber, Ninja Pawns.",
        parent: None,
        notes: &[
            "10×10 board, the recommended game of Pick the Piece Big Chess: Ninja Guards in the corners, a Super Cannon, a Flying Bomber and three Ninja Pawns in hand.",
            "Cannon and Bomber are dropped on an empty square of your back rank; Ninja Pawns on your 2nd rank, optionally pushed to your middle rank.",
            "Pawns may run to the middle rank on any turn; en passant after any 2- or 3-square pawn move.",
            "Check includes side-effect captures (a King used as a Cannon screen is in check). Seven castlings per side.",
        ],
        variant: pick_the_piece::air_and_trench,
    },
    GameEntry {
        key: "longer-board",
        blurb: "Walls, Withdrawers and Changelings on 8×10.",
        parent: None,
        notes: &[
            "8 files × 10 ranks. Each side has a Wall: one piece on two squares side by side. It slides forward/back or steps sideways, capturing what it moves onto.",
            "Your pieces may pass over your own Wall moving forward; the enemy Wall blocks everything but Knights.",
            "Withdrawers capture by moving straight away from an adjacent enemy; Changelings alternate between halfling bishop and halfling rook after every move.",
            "Pawns promote on the second-last rank.",
        ],
        variant: longer_board::longer_board,
    },
    GameEntry {
        key: "wounds",
        blurb: "Pieces move along prongs that get wounded and rotate.",
        parent: None,
        notes: &[
            "Every man moves and attacks only along its prongs: a long prong (bar with an arrowhead) slides, a short prong (short stub) steps one square, a Knight's dots are its jumps.",
            "Attacking a man that has a prong pointing back at the attacker only wounds it: that prong gets shorter or disappears, and both men stay put.",
            "A wounded man (red dot) may spend a turn rotating by 45°: select it and use the ↻ / ↺ buttons.",
            "There is no check; you win by removing all enemy men. If you have no other action you pass; two passes in a row draw.",
        ],
        variant: wounds::wounds,
    },
];

impl GameEntry {
    /// The entry for a built-in game's key.
    #[must_use]
    pub fn find(key: &str) -> Option<&'static GameEntry> {
        GAMES.iter().find(|g| g.key == key)
    }

    /// What the catalogue says of a custom Pick the Piece setup.
    #[must_use]
    pub fn custom() -> (&'static str, &'static [&'static str]) {
        (
            "Your own Pick the Piece setup: the corner pieces and what may be dropped.",
            &["A Pick the Piece Big Chess setup of your own: the players chose the pieces for the corner slots and the pieces in hand; everything else follows Air and Trench Warfare."],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_builds_its_game_under_its_key() {
        for g in GAMES {
            assert_eq!((g.variant)().key, g.key);
            assert!(!g.blurb.is_empty() && !g.notes.is_empty(), "{}", g.key);
            if let Some(parent) = g.parent {
                assert!(
                    GameEntry::find(parent).is_some(),
                    "{} has parent {parent}",
                    g.key
                );
            }
        }
    }
}
