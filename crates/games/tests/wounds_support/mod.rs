//! Helpers shared by the Chess with Wounds tests: positions from strings,
//! action lists in canonical notation, and playing actions.
#![allow(dead_code)]

use menagerie_games::wounds::wounds;
use menagerie_rules::{notation, Move, Position};

/// A wounds position from a position string.
pub fn at(fen: &str) -> Position {
    Position::from_fen(wounds(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The canonical strings of every legal action, sorted.
pub fn actions(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| notation::render(pos, m))
        .collect();
    v.sort();
    v
}

/// The legal actions whose string starts with `prefix`, sorted.
pub fn actions_from(pos: &Position, prefix: &str) -> Vec<String> {
    actions(pos)
        .into_iter()
        .filter(|s| s.starts_with(prefix))
        .collect()
}

/// Sorted owned strings.
pub fn list(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| (*s).to_string()).collect();
    v.sort();
    v
}

/// The parsed legal action `text`.
pub fn action(pos: &Position, text: &str) -> Move {
    notation::parse(pos, text).unwrap_or_else(|e| panic!("{text} at {}: {e}", pos.fen()))
}

/// The position after the legal action `text`.
pub fn after(pos: &Position, text: &str) -> Position {
    let mut next = pos.clone();
    next.play(&action(pos, text)).unwrap();
    assert_eq!(next.hash(), next.hash_recomputed(), "hash after {text}");
    next
}

pub fn is_wound(m: Move) -> bool {
    matches!(m, Move::Wound { .. })
}
