//! How settled the search's choice is, iteration by iteration: on a clock,
//! a best move that keeps changing or a score that falls earns more of the
//! soft time budget, and a choice unchanged for several iterations less.

use menagerie_rules::Move;

/// The root's best move and score over the completed iterations.
#[derive(Clone, Debug, Default)]
pub struct Stability {
    best: Option<Move>,
    /// Iterations in a row that ended with the same best move.
    settled: u32,
    last_score: Option<i32>,
    /// How far the score fell in the last iteration (centipawns).
    fall: i32,
}

impl Stability {
    /// Records an iteration that ended with `best` scoring `score`
    /// (centipawns, the mover's view).
    pub fn update(&mut self, best: Move, score: i32) {
        if self.best == Some(best) {
            self.settled += 1;
        } else {
            self.best = Some(best);
            self.settled = 0;
        }
        self.fall = self.last_score.map_or(0, |s| s - score);
        self.last_score = Some(score);
    }

    /// The share of the soft budget the search may use after the iterations
    /// recorded so far (1 before any).
    #[must_use]
    pub fn scale(&self) -> f64 {
        if self.best.is_none() {
            return 1.0;
        }
        scale(self.settled, self.fall)
    }
}

/// The soft budget's multiplier for a best move unchanged for `settled`
/// iterations and a score that fell by `fall` centipawns in the last one.
#[must_use]
pub fn scale(settled: u32, fall: i32) -> f64 {
    let settledness = match settled {
        0 => 1.4,
        1 => 1.15,
        2 => 1.0,
        3 => 0.85,
        _ => 0.7,
    };
    let falling = if fall > 60 {
        1.35
    } else if fall > 25 {
        1.15
    } else {
        1.0
    };
    settledness * falling
}

/// The soft budget's multiplier when the best move's subtree took
/// `share` (0 to 1) of the root's nodes over the search so far: from 2.0
/// for a best move that took none of them down to 0.675 for one that took
/// them all, 1 at about three quarters. A best move that takes most of
/// the effort has seen its rivals refuted quickly; one that takes little
/// has just overtaken them, or is about to be overtaken.
#[must_use]
pub fn effort_scale(share: f64) -> f64 {
    (1.5 - share.clamp(0.0, 1.0)) * 1.35
}

/// The share of `nodes` spent below the best of root moves whose subtrees
/// took `nodes` (best first), 1 when nothing was counted.
#[must_use]
pub fn best_share(nodes: &[u64]) -> f64 {
    let total: u64 = nodes.iter().sum();
    match nodes.first() {
        Some(&best) if total > 0 => best as f64 / total as f64,
        _ => 1.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use menagerie_rules::Move;

    #[test]
    fn a_settled_choice_uses_less_and_a_changing_one_more() {
        let mut s = Stability::default();
        let a = Move::Pass;
        s.update(a, 10);
        assert!(s.scale() > 1.0, "the first iteration is unsettled");
        for _ in 0..5 {
            s.update(a, 10);
        }
        assert!(
            s.scale() < 1.0,
            "a choice kept for six iterations is settled"
        );
    }

    #[test]
    fn a_falling_score_earns_more_time() {
        assert!(scale(4, 100) > scale(4, 0));
        assert!(scale(0, 0) > scale(4, 0));
        assert!((scale(2, 0) - 1.0).abs() < f64::EPSILON);
    }

    #[test]
    fn a_best_move_that_took_little_of_the_effort_earns_more_time() {
        assert!((best_share(&[30, 10]) - 0.75).abs() < 1e-9);
        assert!((best_share(&[]) - 1.0).abs() < f64::EPSILON);
        assert!((best_share(&[0, 0]) - 1.0).abs() < f64::EPSILON);
        assert!(effort_scale(best_share(&[10, 90])) > 1.5);
        assert!(effort_scale(best_share(&[95, 5])) < 0.8);
        assert!((effort_scale(2.0) - effort_scale(1.0)).abs() < f64::EPSILON);
    }
}
