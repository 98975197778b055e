//! [`SquareSet`]: a set of canvas squares in one 128-bit word.

use crate::geometry::{Square, CANVAS_SQUARES};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

/// Bits 0 to 99: the squares of the canvas.
const CANVAS_BITS: u128 = (1u128 << CANVAS_SQUARES) - 1;

/// The one-square sets, by canvas index: a load is cheaper than a 128-bit
/// shift by a variable amount. Indexed by any `u8` so that no bounds check
/// is needed (squares only use the first 100 entries).
static SINGLES: [SquareSet; 256] = {
    let mut t = [SquareSet(0); 256];
    let mut i = 0;
    while i < CANVAS_SQUARES {
        t[i] = SquareSet(1u128 << i);
        i += 1;
    }
    t
};

/// A set of squares of the 10x10 canvas.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set holding just `sq`.
    #[must_use]
    #[inline]
    pub fn from_square(sq: Square) -> SquareSet {
        SINGLES[usize::from(sq.byte())]
    }

    /// Whether `sq` is in the set.
    #[must_use]
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        self.0 & SINGLES[usize::from(sq.byte())].0 != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= SINGLES[usize::from(sq.byte())].0;
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !SINGLES[usize::from(sq.byte())].0;
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of squares.
    #[must_use]
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest-indexed square, if any.
    #[must_use]
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_set_bit(self.0.trailing_zeros()))
        }
    }

    /// The highest-indexed square, if any.
    #[must_use]
    #[inline]
    pub fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_set_bit(127 - self.0.leading_zeros()))
        }
    }

    /// The set whose bit `i` stands for canvas index `i` (bits 100 and up
    /// name no square and are dropped).
    #[must_use]
    #[inline]
    pub const fn from_bits(bits: u128) -> SquareSet {
        SquareSet(bits & CANVAS_BITS)
    }

    /// The raw bits (bit `i` is canvas index `i`), for hashing and compact keys.
    #[must_use]
    #[inline]
    pub fn bits(self) -> u128 {
        self.0
    }
}

impl Iterator for SquareSet {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let s = self.first()?;
        self.0 &= self.0 - 1;
        Some(s)
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitor(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 | o.0)
    }
}
impl BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, o: SquareSet) {
        self.0 |= o.0;
    }
}
impl BitAnd for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitand(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 & o.0)
    }
}
impl BitAndAssign for SquareSet {
    #[inline]
    fn bitand_assign(&mut self, o: SquareSet) {
        self.0 &= o.0;
    }
}
/// The symmetric difference: squares in exactly one of the two sets.
impl BitXor for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitxor(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 ^ o.0)
    }
}
impl Sub for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn sub(self, o: SquareSet) -> SquareSet {
        SquareSet(self.0 & !o.0)
    }
}
impl Not for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & CANVAS_BITS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let a = Square::parse("a1").unwrap();
        let j10 = Square::parse("j10").unwrap();
        let mut s = SquareSet::EMPTY;
        s.insert(a);
        s.insert(j10);
        assert_eq!(s.len(), 2);
        assert_eq!(s.collect::<Vec<_>>(), vec![a, j10]);
        s.remove(a);
        assert!(!s.contains(a) && s.contains(j10));
        assert_eq!((s - SquareSet::from_square(j10)), SquareSet::EMPTY);
        let (one, both) = (
            SquareSet::from_square(a),
            SquareSet::from_square(a) | SquareSet::from_square(j10),
        );
        assert_eq!(one ^ both, SquareSet::from_square(j10));
        assert_eq!(both ^ both, SquareSet::EMPTY);
    }
}
