//! Correction history: how far the static evaluation has missed the search's
//! verdict in positions with the same pawns, learned as the search goes and
//! added to later evaluations of such positions. Pawns move rarely, so a
//! bias of the evaluation in one pawn structure (a blocked centre it
//! misjudges, a passed pawn it underrates) is seen many times in one search.

use menagerie_rules::{Color, Position, Role};

/// Entries per side to move (a power of two).
const SLOTS: usize = 1 << 14;
/// Fixed-point scale of an entry: centipawns × `GRAIN`.
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const LIMIT: i32 = 96;
/// An update at depth `d` moves an entry `min(d + 1, MAX_WEIGHT)` 256ths of
/// the way to the new error.
const MAX_WEIGHT: i32 = 16;

/// One thread's learned corrections, per side to move and pawn structure.
#[derive(Clone, Debug)]
pub struct Correction {
    table: Vec<i32>,
}

impl Default for Correction {
    fn default() -> Correction {
        Correction {
            table: vec![0; 2 * SLOTS],
        }
    }
}

/// A hash of the pawns (pawns and ninja pawns) of both sides.
#[must_use]
pub fn pawn_key(pos: &Position) -> u64 {
    let b = pos.board();
    let pawns = |c: Color| (b.pieces(c, Role::Pawn) | b.pieces(c, Role::NinjaPawn)).bits();
    let mix = |x: u128, k: u128| {
        let y = x.wrapping_mul(k);
        (y >> 64) as u64 ^ y as u64
    };
    let h = mix(
        pawns(Color::White),
        0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835,
    ) ^ mix(
        pawns(Color::Black),
        0xc2b2_ae3d_27d4_eb4f_1656_67b1_9e37_79f9,
    );
    h.wrapping_mul(0xff51_afd7_ed55_8ccd)
}

impl Correction {
    fn slot(pos: &Position) -> usize {
        let key = (pawn_key(pos) >> 32) as usize & (SLOTS - 1);
        pos.turn().index() * SLOTS + key
    }

    /// The correction for `pos`, in centipawns.
    #[must_use]
    pub fn of(&self, pos: &Position) -> i32 {
        self.table[Self::slot(pos)] / GRAIN
    }

    /// Learns from a node of `pos` searched to `depth` whose raw static
    /// evaluation was `raw` and whose search found `error` centipawns more
    /// than it (negative: less).
    pub fn learn(&mut self, pos: &Position, depth: i32, error: i32) {
        let weight = (depth + 1).clamp(1, MAX_WEIGHT);
        let target = error.clamp(-LIMIT, LIMIT) * GRAIN;
        let e = &mut self.table[Self::slot(pos)];
        *e += (target - *e) * weight / 256;
    }
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

    #[test]
    fn errors_are_learned_bounded_and_per_side() {
        let white = chess("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let black = chess("4k3/pp6/8/8/8/8/PP6/4K3 b - - 0 1");
        let mut c = Correction::default();
        assert_eq!(c.of(&white), 0);
        for _ in 0..2000 {
            c.learn(&white, 12, 500);
        }
        // The integer average settles within a centipawn of its target.
        assert!(
            (LIMIT - 1..=LIMIT).contains(&c.of(&white)),
            "{}",
            c.of(&white)
        );
        assert_eq!(c.of(&black), 0);
        for _ in 0..2000 {
            c.learn(&white, 12, -40);
        }
        assert!((c.of(&white) + 40).abs() <= 1, "{}", c.of(&white));
    }
}
