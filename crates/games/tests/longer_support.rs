//! Helpers shared by the Chess on a Longer Board test files (included with
//! `#[path]`; as a test target of its own it holds no tests).
#![allow(dead_code)]

use menagerie_games::longer_board::longer_board;
use menagerie_rules::{notation, Position, VariantRef};

/// A position string from a piece list such as `"Kh1 Ld4 Le4 kd8"` (upper
/// case White, lower case Black; Wall halves are `L`/`l` on both squares).
pub fn fen(pieces: &str, side: &str) -> String {
    fen_with(pieces, side, "-")
}

/// [`fen`] with castling rights.
pub fn fen_with(pieces: &str, side: &str, castling: &str) -> String {
    let mut grid = [[None::<char>; 8]; 10];
    for item in pieces.split_whitespace() {
        let letter = item.chars().next().unwrap();
        let file = (item.as_bytes()[1] - b'a') as usize;
        let rank: usize = item[2..].parse().unwrap();
        grid[rank - 1][file] = Some(letter);
    }
    let ranks: Vec<String> = (0..10)
        .rev()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in grid[r] {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {side} {castling} - 0 1", ranks.join("/"))
}

/// The position of [`fen`] in `variant`.
pub fn pos_in(variant: &VariantRef, pieces: &str, side: &str) -> Position {
    let text = fen(pieces, side);
    Position::from_fen(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position of [`fen`] in the default game.
pub fn pos(pieces: &str, side: &str) -> Position {
    pos_in(&longer_board(), pieces, side)
}

/// `v`, sorted.
pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// A space-separated list, sorted.
pub fn strings(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

/// Every legal move string.
pub fn moves(p: &Position) -> Vec<String> {
    sorted(
        p.legal_moves()
            .iter()
            .map(|m| notation::render(p, m))
            .collect(),
    )
}

/// Legal move strings of the piece on `sq`.
pub fn moves_from(p: &Position, sq: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| m.starts_with(sq) && !m[sq.len()..].starts_with(char::is_numeric))
        .collect()
}

/// Destination squares of the piece on `sq`.
pub fn dests(p: &Position, sq: &str) -> Vec<String> {
    sorted(
        moves_from(p, sq)
            .into_iter()
            .map(|m| m[sq.len()..].to_string())
            .collect(),
    )
}

/// Squares the legal move `mv` empties of enemy pieces.
pub fn captured(p: &Position, mv: &str) -> Vec<String> {
    let m = notation::parse(p, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    sorted(m.captured().into_iter().map(|s| s.to_string()).collect())
}

/// The position after the legal move `mv`.
pub fn after(p: &Position, mv: &str) -> Position {
    let mut next = p.clone();
    next.play(&notation::parse(p, mv).unwrap_or_else(|e| panic!("{mv}: {e}")))
        .unwrap();
    next
}
