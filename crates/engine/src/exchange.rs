//! A one-step static exchange test for replacement captures: a capture whose
//! capturer is worth clearly more than its victim, landing on a square the
//! opponent attacks, loses material if the opponent recaptures. Used to
//! order such captures after the quiet moves and to skip them in the
//! quiescence search.
//!
//! Only replacement captures (the capturer lands on its single victim's
//! square) are judged: approach, withdrawal, fly-over, detonation, cannon
//! and Wall captures are never called losing, since the recapture square is
//! not the victim's. The test asks the rules core whether the opponent
//! attacks the landing square after the capture, so every piece of every
//! game counts as a defender, frozen pieces excepted.

use crate::eval::{self, Weights};
use menagerie_rules::{Move, Position};

/// Centipawns a capturer may outweigh its victim before a defended landing
/// square makes the capture losing (a bishop for a knight is an even trade).
const EVEN_TRADE: i32 = 50;

/// What a replacement capture `m` risks beyond its victim: the capturer's
/// value minus the victim's, if that is more than an even trade; `None` for
/// any other move.
#[must_use]
pub fn risk(pos: &Position, w: &Weights, m: &Move) -> Option<i32> {
    let Move::Normal {
        from,
        to,
        captured,
        promotion: None,
    } = *m
    else {
        return None;
    };
    if captured.len() != 1 || !captured.contains(to) {
        return None;
    }
    let loss = eval::piece_value(pos, w, from) - eval::piece_value(pos, w, to);
    (loss > EVEN_TRADE).then_some(loss)
}

/// Whether `child`, the position after the replacement capture `m` from
/// `pos`, lets the opponent recapture on the landing square.
#[must_use]
pub fn recapturable(pos: &Position, m: &Move, child: &Position) -> bool {
    m.to().is_some_and(|to| child.is_attacked(to, !pos.turn()))
}

/// Whether the capture `m` loses material by the one-step exchange test.
#[must_use]
pub fn losing(pos: &Position, w: &Weights, m: &Move) -> bool {
    if risk(pos, w, m).is_none() {
        return false;
    }
    let mut child = pos.clone();
    child.play_unchecked(m);
    recapturable(pos, m, &child)
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::{fide, Position};

    fn capture(fen: &str, text: &str) -> (Position, Move) {
        let pos = Position::from_fen(fide::chess(), fen).unwrap();
        let m = menagerie_rules::notation::parse(&pos, text)
            .unwrap_or_else(|e| panic!("{text} in {fen}: {e}"));
        (pos, m)
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses() {
        let (pos, m) = capture("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(losing(&pos, &Weights::default(), &m));
    }

    #[test]
    fn a_queen_taking_a_loose_pawn_does_not() {
        let (pos, m) = capture("4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert!(!losing(&pos, &Weights::default(), &m));
    }

    #[test]
    fn taking_a_worth_as_much_or_more_is_never_losing() {
        let (pos, m) = capture("4k3/8/2p5/3q4/8/8/3Q4/4K3 w - - 0 1", "d2d5");
        assert_eq!(risk(&pos, &Weights::default(), &m), None);
        assert!(!losing(&pos, &Weights::default(), &m));
    }
}
