//! Helpers shared by the Air and Trench Warfare tests: positions from piece
//! lists, move lists in canonical notation, and playing moves.
#![allow(dead_code)]

use menagerie_games::pick_the_piece::air_and_trench;
use menagerie_rules::{notation, Position, Square};

/// A position string from a list of (square, letter) pairs.
pub fn fen_of(pieces: &[(&str, char)], side: char, castling: &str, pocket: &str) -> String {
    let mut board = [[None::<char>; 10]; 10];
    for &(sq, c) in pieces {
        let s = Square::parse(sq).unwrap_or_else(|| panic!("bad square {sq}"));
        board[s.rank() as usize][s.file() as usize] = Some(c);
    }
    let ranks: Vec<String> = (0..10)
        .rev()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in board[r] {
                match cell {
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{}[{pocket}] {side} {castling} - 0 1", ranks.join("/"))
}

pub fn pos(fen: &str) -> Position {
    Position::from_fen(air_and_trench(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Sorted canonical strings of every legal action.
pub fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| notation::render(p, m))
        .collect();
    v.sort();
    v
}

/// The legal actions of the piece on `from` (sorted).
pub fn from(p: &Position, sq: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| {
            m.strip_prefix(sq)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()))
        })
        .collect()
}

/// The legal actions of the piece on `from` that land on the same file
/// further north (the d-file tables of P4 and P5).
pub fn north(p: &Position, sq: &str) -> Vec<String> {
    let origin = Square::parse(sq).unwrap();
    from(p, sq)
        .into_iter()
        .filter(|m| {
            let to = Square::parse(&m[sq.len()..]).unwrap();
            to.file() == origin.file() && to.rank() > origin.rank()
        })
        .collect()
}

pub fn strs(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| (*s).to_string()).collect();
    v.sort();
    v
}

pub fn after(p: &Position, mv: &str) -> Position {
    let mut q = p.clone();
    let m = notation::parse(p, mv).unwrap_or_else(|e| panic!("{mv} at {}: {e:?}", p.fen()));
    q.play(&m).unwrap_or_else(|e| panic!("{mv}: {e:?}"));
    q
}

/// The squares a legal move empties of enemy pieces (its `captured` set).
pub fn captured(p: &Position, mv: &str) -> Vec<String> {
    let m = notation::parse(p, mv).unwrap_or_else(|e| panic!("{mv}: {e:?}"));
    let mut v: Vec<String> = m.captured().into_iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}
