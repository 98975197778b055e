//! [`Score`]: centipawns, or mate in a number of plies, from the side to move's view.

/// The score of a lost position at the root (mated now).
pub const MATE: i32 = 32_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Larger than any score.
pub const INFINITY: i32 = MATE + 1;

/// A search score as reported to a user: centipawns or a mate distance.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's view.
    Cp(i32),
    /// Mate in this many moves (positive: the side to move mates; negative:
    /// it is mated).
    Mate(i32),
}

impl Score {
    /// The report form of an internal score.
    #[must_use]
    pub fn from_internal(v: i32) -> Score {
        if v > MATE_BOUND {
            Score::Mate((MATE - v + 1) / 2)
        } else if v < -MATE_BOUND {
            Score::Mate(-((MATE + v) / 2))
        } else {
            Score::Cp(v)
        }
    }

    /// Centipawns, with mates mapped to large values (for evaluation bars).
    #[must_use]
    pub fn centipawns(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(n) if n > 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }
}

/// The internal score of being mated `ply` plies from the root.
#[must_use]
#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Whether an internal score is a mate score.
#[must_use]
#[inline]
pub fn is_mate(v: i32) -> bool {
    v.abs() > MATE_BOUND
}

/// Converts a score relative to the root into one relative to `ply` for
/// storage in the transposition table.
#[must_use]
#[inline]
pub fn to_tt(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v + ply as i32
    } else if v < -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

/// The inverse of [`to_tt`].
#[must_use]
#[inline]
pub fn from_tt(v: i32, ply: usize) -> i32 {
    if v > MATE_BOUND {
        v - ply as i32
    } else if v < -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_internal(35), Score::Cp(35));
    }

    #[test]
    fn tt_round_trip() {
        for v in [MATE - 5, -MATE + 7, 120, -40] {
            assert_eq!(from_tt(to_tt(v, 9), 9), v);
        }
    }
}
