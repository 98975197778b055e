//! Skill levels 1 to 10. Level 10 is full strength. Below it the engine
//! looks less deep and at fewer positions, and chooses at random among the
//! moves it finds nearly as good as its best, with a wider tolerance the
//! lower the level: it misses deeper tactics and sometimes prefers a
//! slightly worse move, as a person does, but never plays a move it sees
//! losing much more than that tolerance.

use crate::pruning::Features;

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
    /// Plies of captures searched at the leaves (0: exchanges are judged
    /// by the position as it stands; `u32::MAX`: to the end).
    pub quiescence: u32,
    /// Percent of the legal moves the level does not see on a move (each
    /// move overlooked at random; at least one is always seen).
    pub overlook: u32,
}

/// Quiescence to the end.
const Q: u32 = u32::MAX;

/// The search switches of the levels below full strength: `features`
/// without the techniques added after their ladder was measured (the
/// table-corrected evaluation and the kept and continuation histories of
/// stop 40, the correction history and deeper reductions of stop 42, the
/// static exchange value, its pruning and the capture history of stop
/// 44, ProbCut of stop 45, singular extensions of stop 51, the search
/// constants tuned in stop 58), so that each level plays as measured.
#[must_use]
pub fn ladder_features(features: Features) -> Features {
    Features {
        table_eval: false,
        keep_history: false,
        continuation: false,
        correction: false,
        lmr_plus: false,
        see: false,
        see_pruning: false,
        capture_history: false,
        probcut: false,
        singular: false,
        params: crate::params::Params::HAND_SET,
        ..features
    }
}

/// The limits of `level` (clamped to 1..=10).
#[must_use]
pub fn limits(level: u8) -> LevelLimits {
    let (depth, nodes, lines, tolerance, quiescence, overlook) = match level.clamp(1, MAX_LEVEL) {
        1 => (Some(1), Some(400), 8, 200, 0, 39),
        2 => (Some(1), Some(1_000), 6, 150, 0, 20),
        3 => (Some(2), Some(2_000), 5, 140, 0, 25),
        4 => (Some(2), Some(3_000), 5, 120, 0, 18),
        5 => (Some(2), Some(4_000), 4, 110, 1, 40),
        6 => (Some(2), Some(8_000), 4, 90, 2, 15),
        7 => (Some(3), Some(20_000), 3, 60, 3, 15),
        8 => (Some(4), Some(60_000), 3, 45, Q, 5),
        9 => (Some(6), Some(250_000), 2, 20, Q, 0),
        _ => (None, None, 1, 0, Q, 0),
    };
    LevelLimits {
        depth,
        nodes,
        lines,
        tolerance,
        quiescence,
        overlook,
    }
}

/// One rung of the level ladder as players see it: its name and the
/// strength it measured (`scripts/ladder.sh`: each level against the one
/// below, level 1 against `greedy`, 40 games a step at 100 ms a move; the
/// figures and their margins are in `docs/engine.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    /// 1 to 10.
    pub level: u8,
    /// A word for players.
    pub name: &'static str,
    /// Elo over `greedy` (the one-move capture grabber) in Wreckage (none:
    /// not measured yet).
    pub wreckage: Option<i32>,
    /// Elo over `greedy` in chess.
    pub chess: Option<i32>,
}

/// The measured ladder, weakest first.
pub const LADDER: [Rung; MAX_LEVEL as usize] = [
    rung(1, "Beginner", Some(-154), Some(-154)),
    rung(2, "Novice", Some(-17), Some(74)),
    rung(3, "Casual", Some(141), Some(510)),
    rung(4, "Learner", Some(278), Some(627)),
    rung(5, "Improver", Some(878), Some(707)),
    rung(6, "Club player", Some(1285), Some(976)),
    rung(7, "Strong club player", Some(1921), Some(1335)),
    rung(8, "Expert", Some(2357), Some(1847)),
    rung(9, "Master", Some(2525), Some(2206)),
    rung(10, "Full strength", None, Some(2409)),
];

const fn rung(level: u8, name: &'static str, wreckage: Option<i32>, chess: Option<i32>) -> Rung {
    Rung {
        level,
        name,
        wreckage,
        chess,
    }
}

/// A small deterministic random generator (xorshift64*), seeded per move so
/// that a level's games are reproducible from the seed.
#[derive(Copy, Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value). The seed is mixed first
    /// (SplitMix64's finaliser), so seeds that differ in one bit start far
    /// apart; the state is never zero.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        Rng(if z == 0 { 0x2545_f491_4f6c_dd1d } else { z })
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

/// Which of `n` moves the level sees this move: each is overlooked with
/// `overlook` percent chance, and at least one is always seen.
#[must_use]
pub fn seen(n: usize, overlook: u32, rng: &mut Rng) -> Vec<bool> {
    let mut seen: Vec<bool> = (0..n)
        .map(|_| overlook == 0 || rng.below(100) >= overlook as usize)
        .collect();
    if n > 0 && !seen.contains(&true) {
        seen[rng.below(n)] = true;
    }
    seen
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
    fn seeds_one_bit_apart_give_different_streams() {
        for seed in [0u64, 2, 100, 1 << 40] {
            let (mut a, mut b) = (Rng::new(seed), Rng::new(seed ^ 1));
            let (x, y): (Vec<u64>, Vec<u64>) = (0..4).map(|_| (a.next_u64(), b.next_u64())).unzip();
            assert_ne!(x, y, "seed {seed}");
        }
    }

    #[test]
    fn levels_grow_in_strength() {
        for l in 1..MAX_LEVEL {
            let (a, b) = (limits(l), limits(l + 1));
            assert!(a.tolerance >= b.tolerance);
            assert!(a.nodes.unwrap_or(u64::MAX) <= b.nodes.unwrap_or(u64::MAX));
        }
    }

    #[test]
    fn the_ladder_names_every_level_in_order_and_rises_in_chess() {
        for (i, r) in LADDER.iter().enumerate() {
            assert_eq!(usize::from(r.level), i + 1);
            assert!(!r.name.is_empty());
        }
        let chess: Vec<i32> = LADDER.iter().filter_map(|r| r.chess).collect();
        assert_eq!(chess.len(), LADDER.len());
        assert!(chess.windows(2).all(|w| w[0] < w[1]), "{chess:?}");
    }

    #[test]
    fn a_level_always_sees_a_move_and_overlooks_about_its_share() {
        let mut rng = Rng::new(3);
        assert!(seen(20, 0, &mut rng).iter().all(|&s| s));
        let mut total = 0;
        for _ in 0..200 {
            let s = seen(20, 50, &mut rng);
            total += s.iter().filter(|&&x| x).count();
            assert!(s.contains(&true));
        }
        assert!((1700..2300).contains(&total), "{total} of 4000 seen at 50%");
        assert!(seen(5, 100, &mut rng).contains(&true));
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
