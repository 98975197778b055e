//! Correction history: how far the static evaluation has missed the search's
//! verdict in positions with the same pawns, learned as the search goes and
//! added to later evaluations of such positions. Pawns move rarely, so a
//! bias of the evaluation in one pawn structure (a blocked centre it
//! misjudges, a passed pawn it underrates) is seen many times in one search.
//!
//! Beside the pawns' table, two more (stop 60, off unless
//! [`Weights::pieces`] is above zero) learn the same errors keyed by where
//! one side's other men stand (its King among them): White's men in one,
//! Black's in the other. A King sheltered or exposed among its own pieces,
//! or an attacking formation of the other side's, repeats across a search
//! while the pawns and the rest change, and each table sees it.

use menagerie_rules::{Color, Position, Role};

/// Entries per side to move (a power of two).
const SLOTS: usize = 1 << 14;
/// Fixed-point scale of an entry: centipawns × `GRAIN`.
const GRAIN: i32 = 256;
/// An update at depth `d` moves an entry `min(d + 1, MAX_WEIGHT)` 256ths of
/// the way to the new error.
const MAX_WEIGHT: i32 = 16;

/// One thread's learned corrections: per side to move and pawn structure,
/// and, when weighed, per side to move and each side's other men, and per
/// side to move and the last two moves.
#[derive(Clone, Debug)]
pub struct Correction {
    /// The tables one after another, each `2 * SLOTS` entries: the pawns',
    /// White's men's, Black's men's, the last two moves'. Only the pawns'
    /// is allocated until another is taught; an entry not allocated is 0.
    table: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Correction {
        Correction {
            table: vec![0; 2 * SLOTS],
        }
    }
}

/// How the tables are combined, in 64ths: the pawns' table's entry times
/// `pawns`, plus each side's men's entry times `pieces`, plus the last two
/// moves' entry times `moves`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The pawns' table's weight (64: as before stop 60).
    pub pawns: i32,
    /// Each side's men's table's weight (0: neither is read or taught).
    pub pieces: i32,
    /// The last two moves' table's weight (0: neither read nor taught).
    pub moves: i32,
    /// The largest error an entry learns, in centipawns (96 before stop
    /// 60's tunable).
    pub limit: i32,
}

/// A hash of where `color`'s men other than pawns stand (its King too).
#[must_use]
pub fn men_key(pos: &Position, color: Color) -> u64 {
    let b = pos.board();
    let mut h = 0u64;
    for role in Role::ALL {
        if role.is_pawn_like() {
            continue;
        }
        let set = b.pieces(color, role);
        if set.is_empty() {
            continue;
        }
        // The canvas uses the low 100 bits; the role salts the high ones.
        let x = set.bits() ^ ((role.index() as u128 + 1) << 112);
        h ^= fold(x, 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835).wrapping_mul(0xff51_afd7_ed55_8ccd);
    }
    h
}

/// `x` times the odd constant `k`, its two halves folded into one.
fn fold(x: u128, k: u128) -> u64 {
    let y = x.wrapping_mul(k);
    (y >> 64) as u64 ^ y as u64
}

/// A hash of the pawns (pawns and ninja pawns) of both sides.
#[must_use]
pub fn pawn_key(pos: &Position) -> u64 {
    let b = pos.board();
    let pawns = |c: Color| (b.pieces(c, Role::Pawn) | b.pieces(c, Role::NinjaPawn)).bits();
    let h = fold(
        pawns(Color::White),
        0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835,
    ) ^ fold(
        pawns(Color::Black),
        0xc2b2_ae3d_27d4_eb4f_1656_67b1_9e37_79f9,
    );
    h.wrapping_mul(0xff51_afd7_ed55_8ccd)
}

impl Correction {
    /// Each weighed table's slot for `pos` reached by the moves `last`
    /// (the [`crate::ordering::PieceTo`] of the moves two plies and one
    /// ply before), with its weight; unweighed tables are left out.
    #[inline]
    fn reads(pos: &Position, w: Weights, last: [usize; 2]) -> impl Iterator<Item = (usize, i32)> {
        let at = |table: usize, key: u64| slot(pos, table, key);
        let pawns = (w.pawns > 0).then(|| (at(0, pawn_key(pos)), w.pawns));
        let men = (w.pieces > 0).then(|| {
            [Color::White, Color::Black].map(|c| (at(1 + c.index(), men_key(pos, c)), w.pieces))
        });
        let moves = (w.moves > 0).then(|| (at(3, moves_key(last)), w.moves));
        pawns
            .into_iter()
            .chain(men.into_iter().flatten())
            .chain(moves)
    }

    /// The correction for `pos`, reached by the moves `last`, in
    /// centipawns.
    #[must_use]
    pub fn of(&self, pos: &Position, w: Weights, last: [usize; 2]) -> i32 {
        if w.pieces <= 0 && w.moves <= 0 {
            // The pawns' table alone (the default): one slot, always
            // allocated, read directly.
            if w.pawns <= 0 {
                return 0;
            }
            let entry = self.table[slot(pos, 0, pawn_key(pos))];
            return (i64::from(entry) * i64::from(w.pawns) / (64 * i64::from(GRAIN))) as i32;
        }
        let sum: i64 = Self::reads(pos, w, last)
            .map(|(slot, weight)| {
                i64::from(self.table.get(slot).copied().unwrap_or(0)) * i64::from(weight)
            })
            .sum();
        // Entries of at most 512 cp x 256, four tables, weights of at most
        // 128: far inside an i64, and the quotient inside an i32.
        (sum / (64 * i64::from(GRAIN))) as i32
    }

    /// Learns from a node of `pos`, reached by the moves `last`, searched
    /// to `depth`, whose search found `error` centipawns more than its raw
    /// static evaluation (negative: less): every table read with weights
    /// `w` moves toward it.
    pub fn learn(&mut self, pos: &Position, depth: i32, error: i32, w: Weights, last: [usize; 2]) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = error.clamp(-w.limit, w.limit) * GRAIN;
        for (slot, _) in Self::reads(pos, w, last) {
            if slot >= self.table.len() {
                self.table.resize(4 * 2 * SLOTS, 0);
            }
            let e = &mut self.table[slot];
            *e += (target - *e) * weight / 256;
        }
    }
}

/// The slot of `pos`'s side to move in table number `table` (0 the
/// pawns') for the hash `key`.
#[inline]
fn slot(pos: &Position, table: usize, key: u64) -> usize {
    table * 2 * SLOTS + pos.turn().index() * SLOTS + ((key >> 32) as usize & (SLOTS - 1))
}

/// A hash of the last two moves' [`crate::ordering::PieceTo`].
fn moves_key(last: [usize; 2]) -> u64 {
    let x = (last[0] as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ (last[1] as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    (x ^ (x >> 29)).wrapping_mul(0xff51_afd7_ed55_8ccd)
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::fide;

    fn chess(fen: &str) -> Position {
        Position::from_fen(fide::chess(), fen).unwrap()
    }

    #[test]
    fn the_pawn_key_sees_pawns_only() {
        let a = chess("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let moved_king = chess("3k4/pp6/8/8/8/8/PP6/3K4 w - - 0 1");
        let moved_pawn = chess("4k3/p7/1p6/8/8/8/PP6/4K3 w - - 0 1");
        assert_eq!(pawn_key(&a), pawn_key(&moved_king));
        assert_ne!(pawn_key(&a), pawn_key(&moved_pawn));
    }

    const LIMIT: i32 = 96;
    const PAWNS: Weights = Weights {
        pawns: 64,
        pieces: 0,
        moves: 0,
        limit: LIMIT,
    };
    const NO_MOVES: [usize; 2] = [usize::MAX; 2];

    #[test]
    fn the_direct_read_of_the_pawns_table_is_the_summed_read() {
        // Taught with the pawns' table alone, the other tables stay empty,
        // so reading all four (the summed path) gives what the direct read
        // of the pawns' table gives, at every weight of the pawns.
        let mut c = Correction::default();
        let pos = chess("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        for error in [37, -80, 500, 3] {
            c.learn(&pos, 9, error, PAWNS, NO_MOVES);
            for pawns in [0, 1, 64, 100] {
                let alone = Weights { pawns, ..PAWNS };
                let all = Weights {
                    pawns,
                    pieces: 64,
                    moves: 64,
                    limit: LIMIT,
                };
                assert_eq!(c.of(&pos, alone, [3, 4]), c.of(&pos, all, [3, 4]));
            }
        }
        assert_ne!(c.of(&pos, PAWNS, NO_MOVES), 0, "something was learned");
    }

    #[test]
    fn errors_are_learned_bounded_and_per_side() {
        let white = chess("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let black = chess("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1");
        let mut c = Correction::default();
        assert_eq!(c.of(&white, PAWNS, NO_MOVES), 0);
        for _ in 0..2000 {
            c.learn(&white, 12, 500, PAWNS, NO_MOVES);
        }
        // The integer average settles within a centipawn of its target.
        assert!(
            (LIMIT - 1..=LIMIT).contains(&c.of(&white, PAWNS, NO_MOVES)),
            "{}",
            c.of(&white, PAWNS, NO_MOVES)
        );
        assert_eq!(c.of(&black, PAWNS, NO_MOVES), 0);
        for _ in 0..2000 {
            c.learn(&white, 12, -40, PAWNS, NO_MOVES);
        }
        assert!(
            (c.of(&white, PAWNS, NO_MOVES) + 40).abs() <= 1,
            "{}",
            c.of(&white, PAWNS, NO_MOVES)
        );
    }

    #[test]
    fn the_men_key_sees_one_sides_men_other_than_pawns() {
        let a = chess("r3k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1");
        let white_pawn = chess("r3k3/pp6/8/8/8/P7/1P6/4K2R w - - 0 1");
        let white_rook = chess("r3k3/pp6/8/8/8/8/PP6/4K1R1 w - - 0 1");
        let black_king = chess("r2k4/pp6/8/8/8/8/PP6/4K2R w - - 0 1");
        let rook_as_queen = chess("r3k3/pp6/8/8/8/8/PP6/4K2Q w - - 0 1");
        assert_eq!(
            men_key(&a, Color::White),
            men_key(&white_pawn, Color::White)
        );
        assert_ne!(
            men_key(&a, Color::White),
            men_key(&white_rook, Color::White)
        );
        assert_eq!(
            men_key(&a, Color::White),
            men_key(&black_king, Color::White)
        );
        assert_ne!(
            men_key(&a, Color::Black),
            men_key(&black_king, Color::Black)
        );
        assert_ne!(
            men_key(&a, Color::White),
            men_key(&rook_as_queen, Color::White)
        );
    }

    #[test]
    fn the_men_tables_are_read_and_taught_only_when_weighed() {
        let a = chess("4k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1");
        // The same men, other pawns: only the men's tables carry over.
        let other_pawns = chess("4k3/p7/1p6/8/8/8/PP6/4K2R w - - 0 1");
        let both = Weights {
            pieces: 32,
            ..PAWNS
        };
        let mut c = Correction::default();
        for _ in 0..2000 {
            c.learn(&a, 12, 80, PAWNS, NO_MOVES);
        }
        assert_eq!(
            c.of(&other_pawns, both, NO_MOVES),
            0,
            "unweighed tables learn nothing"
        );
        for _ in 0..2000 {
            c.learn(&a, 12, 80, both, NO_MOVES);
        }
        // 80 (pawns) + 2 x 80 / 2 (men), within rounding.
        assert!(
            (c.of(&a, both, NO_MOVES) - 160).abs() <= 2,
            "{}",
            c.of(&a, both, NO_MOVES)
        );
        assert!(
            (c.of(&a, PAWNS, NO_MOVES) - 80).abs() <= 1,
            "{}",
            c.of(&a, PAWNS, NO_MOVES)
        );
        assert!(
            (c.of(&other_pawns, both, NO_MOVES) - 80).abs() <= 2,
            "{}",
            c.of(&other_pawns, both, NO_MOVES)
        );
    }

    #[test]
    fn the_moves_table_tells_the_moves_that_reached_a_position() {
        let a = chess("4k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1");
        let moves = Weights {
            pawns: 0,
            moves: 64,
            ..PAWNS
        };
        let mut c = Correction::default();
        for _ in 0..2000 {
            c.learn(&a, 12, -60, moves, [3, 7]);
        }
        assert!(
            (c.of(&a, moves, [3, 7]) + 60).abs() <= 1,
            "{}",
            c.of(&a, moves, [3, 7])
        );
        assert_eq!(c.of(&a, moves, [7, 3]), 0, "the order of the moves counts");
        assert_eq!(
            c.of(&a, PAWNS, [3, 7]),
            0,
            "the pawns' table was not taught"
        );
    }
}
