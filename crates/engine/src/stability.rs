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
}
