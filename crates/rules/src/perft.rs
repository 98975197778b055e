//! Perft: the number of legal action sequences of a given length.

use crate::moves::MoveList;
use crate::notation;
use crate::position::Position;

/// Counts the leaf nodes at `depth` (bulk-counted at the last ply).
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers: Vec<MoveList> = (0..depth).map(|_| MoveList::with_capacity(256)).collect();
    count(pos, depth, &mut buffers)
}

fn count(pos: &Position, depth: u32, buffers: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((list, rest)) = buffers.split_first_mut() else {
        return 1;
    };
    list.clear();
    pos.generate_legal(list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut total = 0;
    for m in list.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += count(&child, depth - 1, rest);
    }
    total
}

/// Perft split by root action: `(move string, count)` in byte order of the strings.
#[must_use]
pub fn divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (
                notation::render(pos, m),
                perft(&child, depth.saturating_sub(1)),
            )
        })
        .collect();
    out.sort();
    out
}

/// Perft with the naive reference generator (slow; for tests).
#[must_use]
pub fn perft_reference(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    crate::movegen::reference::legal_moves(pos)
        .iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            perft_reference(&child, depth - 1)
        })
        .sum()
}
