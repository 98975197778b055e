//! Move strings at the protocol edge.
//!
//! UCI speaks our own notation (`docs/notation-contract.md`, section 4)
//! unchanged.
//! XBoard differs in four ways, translated here in both directions:
//!
//! - on boards of more than 9 ranks XBoard numbers ranks from 0, so our
//!   `e10` is its `e9` and our `a1` its `a0`;
//! - castling is the king's from and to squares only (XBoard moves the
//!   nearest piece between the king and the edge, on the side it goes, to
//!   the square next to the king's destination, which is where our rook
//!   lands);
//! - a capture that takes one man off the landing square (a Dragon's
//!   approach or withdrawal, a Guillotine's fly-over or double capture, a
//!   Withdrawer's withdrawal, the second square of a Wall) or a detonation
//!   of a single man is written as XBoard's two-leg move through that
//!   man's square, `from kill,kill to` (`a0c2,c2d3`; a detonation on e4
//!   of the man on e5 is `e4e5,e5e4`);
//! - the Wounds pass `0000` is XBoard's null move `@@@@`.
//!
//! Incoming strings are parsed by matching our rendered legal actions, as
//! everywhere else. Which actions XBoard can carry at all is decided by
//! playing the string on XBoard's picture of the board
//! ([`crate::xboard::mirror`]).

use crate::xboard::mirror::{Context, Grid};
use menagerie_rules::{notation, Move, MoveError, Position, Square, SquareSet};

/// Whether XBoard numbers this position's ranks from 0.
#[must_use]
pub fn zero_based_ranks(pos: &Position) -> bool {
    pos.variant().geometry.ranks() > 9
}

/// Shifts every square name in `text` by `delta` ranks (`-1`: ours to
/// XBoard's 0-based numbering, `+1`: back). Letters not followed by digits
/// (piece letters, promotion letters) are copied unchanged.
#[must_use]
pub fn shift_ranks(text: &str, delta: i32) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let take = if delta < 0 {
            digits.min(2)
        } else {
            digits.min(1)
        };
        if c.is_ascii_lowercase() && take > 0 {
            let number: i32 = text[i + 1..i + 1 + take].parse().unwrap_or(0);
            out.push(c as char);
            out.push_str(&(number + delta).to_string());
            i += 1 + take;
        } else {
            out.push(c as char);
            i += 1;
        }
    }
    out
}

/// The string XBoard understands for `m` in `pos`.
#[must_use]
pub fn to_xboard(pos: &Position, m: &Move) -> String {
    let ours = match *m {
        Move::Castle { king, king_to, .. } => format!("{king}{king_to}"),
        Move::Pass => return "@@@@".to_string(),
        Move::Normal {
            from,
            to,
            captured,
            promotion,
        } => match lone_kill(captured, to) {
            Some(k) => {
                let promo = promotion.map_or_else(
                    || new_letter(pos, m, from, to, promotion),
                    |r| r.letter().to_ascii_lowercase().to_string(),
                );
                format!("{from}{k},{k}{to}{promo}")
            }
            None => notation::render(pos, m) + &new_letter(pos, m, from, to, promotion),
        },
        Move::Detonate { at, captured } => match lone_kill(captured, at) {
            Some(k) => format!("{at}{k},{k}{at}"),
            None => notation::render(pos, m),
        },
        _ => notation::render(pos, m),
    };
    if zero_based_ranks(pos) {
        shift_ranks(&ours, -1)
    } else {
        ours
    }
}

/// A man that changes its kind by moving (the Changeling) tells XBoard its
/// new letter as a promotion suffix, which XBoard believes without testing
/// legality: `c4d5y`.
fn new_letter(
    pos: &Position,
    m: &Move,
    from: Square,
    to: Square,
    promotion: Option<menagerie_rules::Role>,
) -> String {
    let before = pos.board().get(from).map(|p| p.role);
    if promotion.is_some() || !before.is_some_and(is_changeling) {
        return String::new();
    }
    let mut after = pos.clone();
    if after.play(m).is_err() {
        return String::new();
    }
    match after.board().get(to).map(|p| p.role) {
        Some(r) if Some(r) != before => r.letter().to_ascii_lowercase().to_string(),
        _ => String::new(),
    }
}

fn is_changeling(r: menagerie_rules::Role) -> bool {
    matches!(
        r,
        menagerie_rules::Role::ChangelingBishop | menagerie_rules::Role::ChangelingRook
    )
}

/// The one square other than `landing` that `captured` empties, if there
/// is exactly one.
fn lone_kill(captured: SquareSet, landing: Square) -> Option<Square> {
    let mut others = captured;
    others.remove(landing);
    (others.len() == 1).then(|| others.first()).flatten()
}

/// The legal action an XBoard move string names in `pos`.
///
/// # Errors
/// [`MoveError`] when the string names no legal action (or several).
pub fn from_xboard(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text == "@@@@" || text == "pass" {
        return notation::parse(pos, "0000");
    }
    let ours = if text.contains(',') {
        Err(MoveError::Illegal(text.to_string()))
    } else {
        from_our_notation(pos, text)
    };
    ours.or_else(|e| {
        pos.legal_moves()
            .into_iter()
            .find(|m| to_xboard(pos, m) == text)
            .ok_or(e)
    })
}

/// Our own move string, with XBoard's rank numbering.
fn from_our_notation(pos: &Position, text: &str) -> Result<Move, MoveError> {
    if zero_based_ranks(pos) {
        if !text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '@' || c == '=')
        {
            return Err(MoveError::Malformed(text.to_string()));
        }
        notation::parse(pos, &shift_ranks(text, 1))
    } else {
        notation::parse(pos, text)
    }
}

/// Whether XBoard can carry `m`: its XBoard string reads back as the same
/// action, and XBoard, playing that string on its own picture of the board,
/// gets the board we get. (A one-square flexible castling is written like
/// the king's step, a sliding Wall moves two men, a wound leaves both men
/// standing, a detonation of several men has no XBoard string: none of
/// these can be carried.)
#[must_use]
pub fn xboard_can_carry(pos: &Position, m: &Move) -> bool {
    let text = to_xboard(pos, m);
    if !from_xboard(pos, &text).is_ok_and(|back| back == *m) {
        return false;
    }
    let mut after = pos.clone();
    if after.play(m).is_err() {
        return false;
    }
    let mut grid = Grid::of(pos);
    grid.play(&text, &Context::of(pos)) && grid == Grid::of(&after)
}

/// The legal actions in `pos` that XBoard can carry.
#[must_use]
pub fn xboard_moves(pos: &Position) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| xboard_can_carry(pos, m))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(name: &str) -> Position {
        Position::start(menagerie_games::by_name(name).unwrap())
    }

    #[test]
    fn ranks_shift_both_ways() {
        assert_eq!(shift_ranks("e9e10q", -1), "e8e9q");
        assert_eq!(shift_ranks("e8e9q", 1), "e9e10q");
        assert_eq!(shift_ranks("J@e5", -1), "J@e4");
        assert_eq!(shift_ranks("a0j9", 1), "a1j10");
        assert_eq!(shift_ranks("f1h1i1g1", -1), "f0h0i0g0");
    }

    #[test]
    fn every_start_move_of_every_game_round_trips_or_is_named() {
        for name in menagerie_games::NAMES {
            let pos = start(name);
            for m in pos.legal_moves() {
                let x = to_xboard(&pos, &m);
                if xboard_can_carry(&pos, &m) {
                    assert_eq!(from_xboard(&pos, &x).unwrap(), m, "{name} {x}");
                }
            }
            assert!(!xboard_moves(&pos).is_empty(), "{name}");
        }
    }

    #[test]
    fn ten_rank_moves_use_zero_based_ranks() {
        let pos = start("wreckage");
        let m = notation::parse(&pos, "e2e5").unwrap();
        assert_eq!(to_xboard(&pos, &m), "e1e4");
        assert_eq!(from_xboard(&pos, "e1e4").unwrap(), m);
        let chess = start("chess");
        let e4 = notation::parse(&chess, "e2e4").unwrap();
        assert_eq!(to_xboard(&chess, &e4), "e2e4");
    }

    fn at(name: &str, fen: &str) -> Position {
        Position::from_fen(menagerie_games::by_name(name).unwrap(), fen).unwrap()
    }

    fn carried(pos: &Position, ours: &str) -> (String, bool) {
        let m = notation::parse(pos, ours).unwrap();
        let x = to_xboard(pos, &m);
        let can = xboard_can_carry(pos, &m);
        assert_eq!(can, xboard_moves(pos).contains(&m), "{ours}");
        if can {
            assert_eq!(from_xboard(pos, &x).unwrap(), m, "{x}");
        }
        (x, can)
    }

    #[test]
    fn what_xboard_can_and_cannot_carry() {
        let w = "1rwb2b1rd/1p6pj/1j1p1k2f1/j3p1p2p/p2p1j4/P2P5q/1P2X1FPP1/4P4G/Q1P1BPP2P/1R2WKB1R1[JJJJJgj] w KQ - 4 30";
        assert_eq!(
            carried(&at("wreckage", w), "j3j6"),
            ("j2j4,j4j5".into(), true)
        );
        let c = "1rwbqkb1r1/1pp1p2fpp/1d7x/j4j4/pX3p1p2/2pP5P/5p4/2P3P1F1/PPJWPT1PPJ/2RBQKR2D[JJJtjjj] w kq - 2 21";
        assert!(!carried(&at("carnage", c), "b6b6").1, "two men blown up");
        let one = "1r3kbfr1/p1pp2pp1p/10/3xbq4/1p1P4p1/1P3P2P1/6B3/2X2T4/P1P3PP1P/1RW2KBFR1[JJJJjjjjj] b KQkq - 0 20";
        assert_eq!(
            carried(&at("carnage", one), "d7d7"),
            ("d6d5,d5d6".into(), true)
        );
        let castle = "1rwb2b1rd/1pp1k2fp1/1j7D/j3p1pq1p/p2p1j1F2/P2P6/1P2X2PP1/Q3PW4/2P1BPP2P/1R3KBGR1[JJJJJgjj] w KQ - 0 25";
        assert!(
            !carried(&at("wreckage", castle), "f1e1b1f1").1,
            "a one-square castling"
        );
        let l =
            "rnbqkbnr/zu1ll1uz/1pppp1pp/p7/8/3P1p2/1P3P2/P1P1P1PP/ZU1LL1UZ/RNBQKBNR w KQkq - 0 4";
        assert_eq!(
            carried(&at("longer-board", l), "a2b3"),
            ("a1b2y".into(), true)
        );
        assert!(!carried(&at("longer-board", l), "d2c2").1, "a sliding Wall");
        let wound = "rnbqkbnr/ppppppp1/6p1/8/8/N2P4/PPP1PPPP/R1BQKBNR b - - 3 2";
        assert!(!carried(&at("wounds", wound), "h8h2").1, "a wound");
        let turn = "rnbqkbnr/p1ppppp1/p5p1/8/8/N1PP4/PP2PPPP(01000001)/R1BQKBNR w - - 0 4";
        assert!(!carried(&at("wounds", turn), "h2r").1, "a rotation");
    }
}
