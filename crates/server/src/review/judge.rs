//! From evaluations to judgements (`docs/review.md`): White's expected score
//! of an evaluation, the loss in expected score of each move, and the
//! thresholds of an inaccuracy, a mistake and a blunder.

use crate::dto::{Judgement, JudgementCounts, ReviewCounts, ScoreView};

/// The slope of the logistic from centipawns to expected score: the one
/// Lichess fitted to its players' results (`1 / (1 + e^(-K·cp))`, so +100 cp
/// is an expected 0.59, +300 cp 0.75, +1000 cp 0.98).
pub const LOGISTIC_K: f64 = 0.003_682_08;
/// Centipawns are clamped to this before the logistic.
pub const CP_CLAMP: i32 = 2000;
/// The least loss in expected score judged an inaccuracy.
pub const INACCURACY: f64 = 0.10;
/// The least loss judged a mistake.
pub const MISTAKE: f64 = 0.20;
/// The least loss judged a blunder.
pub const BLUNDER: f64 = 0.30;

/// White's expected score (0 to 1) of an evaluation from White's view, or of
/// a result (`1-0`, `0-1`, `1/2-1/2`) when the position ends the game.
#[must_use]
pub fn expected(eval: ScoreView, result: Option<&str>) -> f64 {
    match (result, eval) {
        (Some("1-0"), _) => 1.0,
        (Some("0-1"), _) => 0.0,
        (Some(_), _) => 0.5,
        (None, ScoreView::Mate { mate }) if mate > 0 => 1.0,
        (None, ScoreView::Mate { mate }) if mate < 0 => 0.0,
        (None, ScoreView::Mate { .. }) => 0.5,
        (None, ScoreView::Cp { cp }) => {
            let cp = f64::from(cp.clamp(-CP_CLAMP, CP_CLAMP));
            1.0 / (1.0 + (-LOGISTIC_K * cp).exp())
        }
    }
}

/// What a move lost in expected score for the side that played it, from
/// White's expected score before and after it (never below 0).
#[must_use]
pub fn loss(white_moved: bool, before: f64, after: f64) -> f64 {
    let lost = if white_moved {
        before - after
    } else {
        after - before
    };
    lost.max(0.0)
}

/// The judgement of a loss in expected score, if it reaches a threshold.
#[must_use]
pub fn judge(loss: f64) -> Option<Judgement> {
    if loss >= BLUNDER {
        Some(Judgement::Blunder)
    } else if loss >= MISTAKE {
        Some(Judgement::Mistake)
    } else if loss >= INACCURACY {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// Adds one judgement of a side's move to its counts.
pub fn count(counts: &mut ReviewCounts, white: bool, j: Judgement) {
    let side: &mut JudgementCounts = if white {
        &mut counts.white
    } else {
        &mut counts.black
    };
    match j {
        Judgement::Inaccuracy => side.inaccuracies += 1,
        Judgement::Mistake => side.mistakes += 1,
        Judgement::Blunder => side.blunders += 1,
    }
}

/// A value rounded to three decimals (what the API shows).
#[must_use]
pub fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_logistic_is_even_and_bounded() {
        let e = |cp| expected(ScoreView::Cp { cp }, None);
        assert!((e(0) - 0.5).abs() < 1e-9);
        assert!((e(100) + e(-100) - 1.0).abs() < 1e-9);
        assert!((e(100) - 0.592).abs() < 0.001);
        assert!(e(100_000) < 1.0 && e(100_000) > 0.99);
        assert_eq!(expected(ScoreView::Mate { mate: 3 }, None), 1.0);
        assert_eq!(expected(ScoreView::Mate { mate: -1 }, None), 0.0);
        assert_eq!(expected(ScoreView::Mate { mate: 0 }, Some("0-1")), 0.0);
        assert_eq!(expected(ScoreView::Cp { cp: 0 }, Some("1/2-1/2")), 0.5);
    }

    #[test]
    fn losses_are_judged_by_the_thresholds() {
        assert_eq!(loss(true, 0.6, 0.7), 0.0);
        assert!((loss(false, 0.4, 0.75) - 0.35).abs() < 1e-9);
        assert_eq!(judge(0.05), None);
        assert_eq!(judge(0.10), Some(Judgement::Inaccuracy));
        assert_eq!(judge(0.25), Some(Judgement::Mistake));
        assert_eq!(judge(0.9), Some(Judgement::Blunder));
    }
}
