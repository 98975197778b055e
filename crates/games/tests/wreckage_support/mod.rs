//! Helpers shared by the Wreckage and Carnage test files: small positions
//! written as piece lists, and move lists as sorted strings.
#![allow(dead_code)]

use menagerie_games::wreckage::{self, Flags};
use menagerie_rules::{notation, Move, Position, Square, VariantRef};

/// A position string built from a piece list such as `"Ka1 Dd4 kj10"`
/// (upper case White, lower case Black), a pocket (without brackets) and
/// the side to move; no castling rights, no en passant, clocks 0 1.
pub fn fen(pieces: &str, pocket: &str, side: char) -> String {
    fen_with(pieces, pocket, side, "-")
}

/// Like [`fen`] with explicit castling rights.
pub fn fen_with(pieces: &str, pocket: &str, side: char, castling: &str) -> String {
    let mut grid = [[None::<char>; 10]; 10];
    for token in pieces.split_whitespace() {
        let mut chars = token.chars();
        let letter = chars.next().expect("piece letter");
        let sq = Square::parse(chars.as_str()).unwrap_or_else(|| panic!("bad square in {token}"));
        let cell = &mut grid[sq.rank() as usize][sq.file() as usize];
        assert!(cell.is_none(), "{token}: square used twice");
        *cell = Some(letter);
    }
    let mut ranks = Vec::new();
    for rank in (0..10).rev() {
        let mut text = String::new();
        let mut run = 0;
        for cell in grid[rank] {
            match cell {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        text += &run.to_string();
                        run = 0;
                    }
                    text.push(c);
                }
            }
        }
        if run > 0 {
            text += &run.to_string();
        }
        ranks.push(text);
    }
    format!("{}[{pocket}] {side} {castling} - 0 1", ranks.join("/"))
}

/// Wreckage with default flags.
pub fn wreckage() -> VariantRef {
    wreckage::wreckage()
}

/// Carnage with default flags.
pub fn carnage() -> VariantRef {
    wreckage::carnage()
}

/// A game with non-default flags.
pub fn flagged(carnage: bool, flags: Flags) -> VariantRef {
    wreckage::build(carnage, flags).shared()
}

/// A Wreckage position from a piece list (see [`fen`]).
pub fn w(pieces: &str, pocket: &str, side: char) -> Position {
    at(&wreckage(), &fen(pieces, pocket, side))
}

/// A Carnage position from a piece list (see [`fen`]).
pub fn c(pieces: &str, pocket: &str, side: char) -> Position {
    at(&carnage(), &fen(pieces, pocket, side))
}

/// Parses a position string, panicking with the reason.
pub fn at(v: &VariantRef, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A square by name.
pub fn sq(name: &str) -> Square {
    Square::parse(name).expect("square name")
}

/// Every legal action's string, sorted.
pub fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(pos, m))
        .collect();
    v.sort();
    v
}

/// The destinations (with promotion letters) of the legal non-castling moves
/// and detonations of the piece on `from`, sorted.
pub fn dests(pos: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Normal { .. } | Move::Detonate { .. }))
        .filter(|m| m.from() == Some(sq(from)))
        .map(|m| notation::render(pos, m)[from.len()..].to_string())
        .collect();
    v.sort();
    v
}

/// The drop strings among the legal actions, sorted.
pub fn drops(pos: &Position) -> Vec<String> {
    moves(pos).into_iter().filter(|m| m.contains('@')).collect()
}

/// The castling strings among the legal actions, sorted.
pub fn castlings(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Castle { .. }))
        .map(|m| notation::render(pos, m))
        .collect();
    v.sort();
    v
}

/// Whether `text` is a legal action.
pub fn legal(pos: &Position, text: &str) -> bool {
    notation::parse(pos, text).is_ok()
}

/// The squares the legal action `text` empties of pieces, sorted by name.
pub fn captures(pos: &Position, text: &str) -> Vec<String> {
    let m = notation::parse(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut v: Vec<String> = m.captured().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The position after the legal action `text`.
pub fn after(pos: &Position, text: &str) -> Position {
    let m = notation::parse(pos, text).unwrap_or_else(|e| panic!("{text} at {}: {e}", pos.fen()));
    let mut next = pos.clone();
    next.play(&m).expect("legal");
    next
}

/// The position after a sequence of legal actions.
pub fn after_all(pos: &Position, texts: &[&str]) -> Position {
    texts.iter().fold(pos.clone(), |p, t| after(&p, t))
}

/// Owned strings from literals, sorted.
pub fn list(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| (*s).to_string()).collect();
    v.sort();
    v
}
