//! Why a move string is refused: the rule that forbids it, in words.

use crate::error::{ApiError, ErrorCode};
use menagerie_rules::movegen;
use menagerie_rules::{notation, Move, MoveError, Position, Role, Square};

/// The legal action `text` names in `pos`, or a `400`/`422` error saying why
/// there is none.
///
/// # Errors
/// `400 malformed_move` for a string of no move shape, `422 illegal_action`
/// with the reason otherwise.
pub fn parse(pos: &Position, text: &str) -> Result<Move, ApiError> {
    let result = match notation::parse(pos, text) {
        Err(MoveError::Illegal(t)) if !has_move_shape(&t) => Err(MoveError::Malformed(t)),
        other => other,
    };
    match result {
        Ok(m) => Ok(m),
        Err(MoveError::Malformed(t)) => Err(ApiError::bad_request(
            ErrorCode::MalformedMove,
            format!(
                "{t:?} is not a move string: write squares such as e2e4, a drop such as J@e2, \
                 a promotion such as e9e10q, a rotation such as e5r, or 0000 for a pass"
            ),
        )),
        Err(MoveError::Ambiguous(t)) => Err(ApiError::illegal(format!(
            "{t:?} matches several castlings: write the king's and the rook's squares, e.g. f1h1i1g1"
        ))),
        Err(MoveError::Illegal(t)) => Err(ApiError::illegal(reason(pos, &t))),
    }
}

/// Whether `text` has the shape of a move string on some board, whatever
/// the position (docs/notation-contract.md, section 4): `0000`, a drop
/// `X@e5`, or one to four squares (a letter and a one- or two-digit rank)
/// from the acting piece's square, with a promotion letter after two
/// squares or a rotation's `r`/`l` after one. `hello` and `zz` have no such
/// shape (`400 malformed_move`); `e2e9` has, even on a board without `e9`
/// (`422 illegal_action`, naming the square).
#[must_use]
pub fn has_move_shape(text: &str) -> bool {
    /// The length of the square name that opens `s`, if one does.
    fn square_len(s: &[u8]) -> Option<usize> {
        let digits = s.iter().skip(1).take_while(|b| b.is_ascii_digit()).count();
        (s.first()?.is_ascii_lowercase() && (1..=2).contains(&digits)).then_some(1 + digits)
    }
    let bytes = text.as_bytes();
    if text == "0000" {
        return true;
    }
    if let [letter, b'@', rest @ ..] = bytes {
        return letter.is_ascii_alphabetic() && square_len(rest) == Some(rest.len());
    }
    let mut at = 0;
    let mut squares = 0;
    while let Some(n) = square_len(&bytes[at..]) {
        at += n;
        squares += 1;
    }
    let rest = &bytes[at..];
    match (squares, rest) {
        (1, [b'r' | b'l']) | (2 | 4, []) => true,
        (2, [p]) => p.is_ascii_alphabetic(),
        _ => false,
    }
}

fn square(pos: &Position, s: &str) -> Option<Square> {
    pos.variant().geometry.parse_square(s)
}

/// Splits `e2e4q`-like text into from, to and the rest.
fn squares(pos: &Position, text: &str) -> Option<(Square, Square, String)> {
    let bytes = text.as_bytes();
    for i in 2..=3.min(text.len()) {
        let Some(from) = text.get(..i).and_then(|s| square(pos, s)) else {
            continue;
        };
        for j in (i + 2)..=(i + 3).min(text.len()) {
            if let Some(to) = text.get(i..j).and_then(|s| square(pos, s)) {
                if j == text.len() || !bytes[j].is_ascii_digit() {
                    return Some((from, to, text[j..].to_string()));
                }
            }
        }
    }
    None
}

/// The reason no legal action has the string `text`.
#[must_use]
pub fn reason(pos: &Position, text: &str) -> String {
    let us = pos.turn();
    if text == "0000" {
        return "passing is allowed only when no other action exists".into();
    }
    if let Some((letter, at)) = text.split_once('@') {
        return drop_reason(pos, letter, at);
    }
    let Some((from, to, rest)) = squares(pos, text) else {
        return format!(
            "{text:?} names no square of this {}x{} board",
            pos.variant().geometry.files(),
            pos.variant().geometry.ranks()
        );
    };
    let Some(piece) = pos.board().get(from) else {
        return format!("there is no piece on {from}");
    };
    let name = piece.role.name();
    if piece.color != us {
        return format!(
            "the {name} on {from} is not yours: it is {}'s turn",
            crate::readable::color_name(us)
        );
    }
    if pos.frozen(us).contains(from) {
        return format!("the {name} on {from} is frozen by an enemy Terror Freeze and cannot act");
    }
    let mut pseudo = Vec::new();
    movegen::generate_pseudo(pos, &mut pseudo);
    let same = |m: &Move| notation::render(pos, m) == text;
    if pseudo.iter().any(same) {
        return if pos.variant().has_royal_king() {
            if pos.is_check() {
                "that move is not legal here: your king is in check and stays in check after it"
                    .into()
            } else {
                "that move is not legal here: it would leave your king in check".into()
            }
        } else {
            "that move is not legal here".into()
        };
    }
    let from_to = |m: &Move| m.from() == Some(from) && m.to() == Some(to);
    let legal = pos.legal_moves();
    if legal.iter().any(|m| {
        from_to(m)
            && matches!(
                m,
                Move::Normal {
                    promotion: Some(_),
                    ..
                }
            )
    }) {
        let choices: Vec<String> = pos
            .variant()
            .promotion
            .choices
            .iter()
            .map(|r| r.letter().to_ascii_lowercase().to_string())
            .collect();
        return format!(
            "a pawn reaching {to} must promote: add one of {} (e.g. {from}{to}{})",
            choices.join(", "),
            choices.first().cloned().unwrap_or_default()
        );
    }
    if !rest.is_empty() {
        return format!("{text:?}: the {name} on {from} cannot promote or act like that here");
    }
    if from == to {
        return if piece.role == Role::Detonator {
            "a detonation must remove at least one enemy piece (ninja pawns are immune)".into()
        } else {
            format!("a {name} cannot act without moving")
        };
    }
    if pos.board().get(to).is_some_and(|p| p.color == us) && !legal.iter().any(from_to) {
        if piece.role == Role::King
            && matches!(pos.board().get(to), Some(p) if p.role == Role::Rook)
        {
            return "castling is written king from, king to, rook from, rook to (e.g. f1h1i1g1), and needs both unmoved, empty squares between and no attacked square on the king's path".into();
        }
        return format!("{to} holds one of your own pieces");
    }
    format!("a {name} on {from} cannot move to {to} in this position")
}

fn drop_reason(pos: &Position, letter: &str, at: &str) -> String {
    let us = pos.turn();
    let Some(role) = letter.chars().next().and_then(Role::from_letter) else {
        return format!("{letter:?} is no piece letter");
    };
    let Some(rule) = pos.variant().drop_rule(role) else {
        return format!("a {} cannot be dropped in this game", role.name());
    };
    if pos.pocket(us).count(role) == 0 {
        return format!("you have no {} left in hand", role.name());
    }
    let Some(sq) = square(pos, at) else {
        return format!("{at:?} is not a square of this board");
    };
    if pos.board().get(sq).is_some() {
        return format!("{sq} is not empty");
    }
    let zone = match rule.zone {
        menagerie_rules::variant::DropZone::BackRank => "your back rank",
        menagerie_rules::variant::DropZone::SecondRank => "your second rank",
    };
    if rule.push_to_middle {
        format!(
            "a {} enters on an empty square of {zone} and may be pushed straight forward through empty squares up to your middle rank; that drop is not possible here (or it would leave your king in check)",
            role.name()
        )
    } else {
        format!(
            "a {} enters on an empty square of {zone}; that drop is not possible here (or it would leave your king in check)",
            role.name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(game: &str) -> Position {
        Position::start(menagerie_games::by_name(game).unwrap())
    }

    #[test]
    fn reasons_name_the_rule() {
        let p = start("chess");
        assert_eq!(
            parse(&p, "e2-e4").unwrap_err().code.as_str(),
            "malformed_move"
        );
        assert!(reason(&p, "e3e4").contains("no piece"));
        assert!(reason(&p, "e7e5").contains("not yours"));
        assert!(reason(&p, "e1e2").contains("own pieces"));
        assert!(reason(&p, "e2e5").contains("cannot move"));
        for text in [
            "hello", "zz", "e2", "e2e4e5", "e2e4qq", "@e4", "Jj@e4", "e2-e4",
        ] {
            assert!(!has_move_shape(text), "{text}");
        }
        for text in [
            "e2e4", "e9e10q", "a10a9", "J@e2", "e5r", "f1h1i1g1", "0000", "e2e9",
        ] {
            assert!(has_move_shape(text), "{text}");
        }
        assert_eq!(
            parse(&p, "hello").unwrap_err().code.as_str(),
            "malformed_move"
        );
        assert_eq!(
            parse(&p, "e2e9").unwrap_err().code.as_str(),
            "illegal_action"
        );
        let pinned = Position::from_fen(
            menagerie_games::by_name("chess").unwrap(),
            "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
        )
        .unwrap();
        assert!(reason(&pinned, "e2d3").contains("king in check"));
        let w = start("wreckage");
        assert!(reason(&w, "G@c1").contains("not empty"));
        assert!(reason(&w, "N@c1").contains("cannot be dropped"));
    }
}
