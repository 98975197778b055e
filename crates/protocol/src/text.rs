//! Move strings at the protocol edge.
//!
//! UCI speaks our own notation (`../spec/notation.md`, section 4) unchanged.
//! XBoard differs in three ways, translated here in both directions:
//!
//! - on boards of more than 9 ranks XBoard numbers ranks from 0, so our
//!   `e10` is its `e9` and our `a1` its `a0`;
//! - castling is the king's from and to squares only (XBoard moves the
//!   nearest piece beyond the king's destination next to it, on the other
//!   side, which is where our rook lands);
//! - the Wounds pass `0000` is XBoard's null move `@@@@`.
//!
//! Incoming strings are parsed by matching our rendered legal actions, as
//! everywhere else.

use menagerie_rules::{notation, Move, MoveError, Position};

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
        _ => notation::render(pos, m),
    };
    if zero_based_ranks(pos) {
        shift_ranks(&ours, -1)
    } else {
        ours
    }
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
/// action. (A one-square flexible castling is written like the king's
/// step, so it cannot.)
#[must_use]
pub fn xboard_can_carry(pos: &Position, m: &Move) -> bool {
    from_xboard(pos, &to_xboard(pos, m)).is_ok_and(|back| back == *m)
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
}
