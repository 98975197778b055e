//! Skill levels 1 to 10. Level 10 is full strength. Below it the engine
//! looks less deep and at fewer positions, and chooses at random among the
//! moves it finds nearly as good as its best, with a wider tolerance the
//! lower the level: it misses deeper tactics and sometimes prefers a
//! slightly worse move, as a person does, but never plays a move it sees
//! losing much more than that tolerance.

/// The full-strength level.
pub const MAX_LEVEL: u8 = 10;

/// What a level allows the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LevelLimits {
    /// Deepest iteration (none: unlimited).
    pub depth: Option<u32>,
    /// Node budget (none: unlimited).
    pub nodes: Option<u64>,
    /// Lines searched to choose among.
    pub lines: usize,
    /// A line within this many centipawns of the best may be chosen.
    pub tolerance: i32,
}

/// The limits of `level` (clamped to 1..=10).
#[must_use]
pub fn limits(level: u8) -> LevelLimits {
    let (depth, nodes, lines, tolerance) = match level.clamp(1, MAX_LEVEL) {
        1 => (Some(1), Some(400), 6, 300),
        2 => (Some(1), Some(1_000), 5, 200),
        3 => (Some(2), Some(2_000), 5, 140),
        4 => (Some(2), Some(5_000), 4, 100),
        5 => (Some(3), Some(12_000), 4, 70),
        6 => (Some(4), Some(30_000), 3, 45),
        7 => (Some(5), Some(80_000), 3, 30),
        8 => (Some(7), Some(250_000), 2, 15),
        9 => (None, Some(1_000_000), 2, 6),
        _ => (None, None, 1, 0),
    };
    LevelLimits {
        depth,
        nodes,
        lines,
        tolerance,
    }
}

/// A small deterministic random generator (xorshift64*), seeded per move so
/// that a level's games are reproducible from the seed.
#[derive(Copy, Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x2545_f491_4f6c_dd1d | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A value in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Chooses among lines scored `scores` (best first): each line within
/// `tolerance` of the best is a candidate, weighted toward the better ones.
#[must_use]
pub fn choose(scores: &[i32], tolerance: i32, rng: &mut Rng) -> usize {
    let Some(&best) = scores.first() else {
        return 0;
    };
    let weights: Vec<i64> = scores
        .iter()
        .map(|&s| {
            let loss = i64::from(best.saturating_sub(s));
            let tol = i64::from(tolerance);
            if loss > tol {
                0
            } else {
                1 + tol - loss
            }
        })
        .collect();
    let total: i64 = weights.iter().sum();
    if total <= 0 {
        return 0;
    }
    let mut r = (rng.next_u64() % total as u64) as i64;
    for (i, w) in weights.iter().enumerate() {
        if r < *w {
            return i;
        }
        r -= w;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_strength() {
        for l in 1..MAX_LEVEL {
            let (a, b) = (limits(l), limits(l + 1));
            assert!(a.tolerance >= b.tolerance);
            assert!(a.nodes.unwrap_or(u64::MAX) <= b.nodes.unwrap_or(u64::MAX));
        }
    }

    #[test]
    fn choose_never_picks_outside_the_tolerance() {
        let mut rng = Rng::new(7);
        for _ in 0..1000 {
            let i = choose(&[100, 80, -500], 50, &mut rng);
            assert!(i < 2);
        }
        assert_eq!(choose(&[10, 9], 0, &mut rng), 0);
    }
}
