//! Fitting the evaluation's piece values to game results (the "Texel"
//! method): each sample is a quiet position and the result of the game it
//! came from; the loss is the mean squared difference between the result
//! and a logistic function of the evaluation, and the piece and pocket
//! values are adjusted one at a time, in fixed steps, while the loss falls.
//! The samples come from self-play (`menagerie tune`), so the whole process
//! is reproducible from its seed.

use crate::eval::{self, Weights};
use menagerie_rules::{Color, Position, Role};

/// One training position.
#[derive(Clone, Debug)]
pub struct Sample {
    /// A quiet position from a game.
    pub position: Position,
    /// The game's result for White: 1, 0.5 or 0.
    pub white_score: f64,
}

/// Scale of the logistic: an evaluation of `K` centipawns means a score of
/// about 0.76 (as in chess, where a pawn is worth about 64% at this scale).
const K: f64 = 400.0;

fn sigmoid(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / K))
}

/// Mean squared error of the predictions of `w` on `samples`.
#[must_use]
pub fn loss(samples: &[Sample], w: &Weights) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let e = f64::from(eval::evaluate(&s.position, w));
            let white = if s.position.turn() == Color::White {
                e
            } else {
                -e
            };
            (s.white_score - sigmoid(white)).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The roles whose values the samples can say something about: those that
/// stand on the board or in a pocket in at least `min` samples.
#[must_use]
pub fn roles_seen(samples: &[Sample], min: usize) -> Vec<Role> {
    Role::ALL
        .into_iter()
        .filter(|&r| r != Role::King)
        .filter(|&r| {
            samples
                .iter()
                .filter(|s| {
                    !s.position.board().by_role(r).is_empty()
                        || Color::BOTH
                            .iter()
                            .any(|&c| s.position.pocket(c).count(r) > 0)
                })
                .count()
                >= min
        })
        .collect()
}

/// Coordinate descent over the board and pocket values of `roles`, in steps
/// of `step` centipawns, for at most `rounds` rounds. The pawn stays fixed
/// at its value so that the scale stays centipawns. Returns the fitted
/// weights and the loss before and after.
#[must_use]
pub fn fit(
    samples: &[Sample],
    start: &Weights,
    roles: &[Role],
    step: i32,
    rounds: usize,
) -> (Weights, f64, f64) {
    let mut w = start.clone();
    let before = loss(samples, &w);
    let mut best = before;
    for _ in 0..rounds {
        let mut improved = false;
        for &r in roles {
            if r == Role::Pawn {
                continue;
            }
            for table in [0usize, 1] {
                for delta in [step, -step] {
                    let mut trial = w.clone();
                    let v = if table == 0 {
                        &mut trial.piece[r.index()]
                    } else {
                        &mut trial.pocket[r.index()]
                    };
                    *v = (*v + delta).max(0);
                    let l = loss(samples, &trial);
                    if l < best {
                        best = l;
                        w = trial;
                        improved = true;
                        break;
                    }
                }
            }
        }
        if !improved {
            break;
        }
    }
    (w, before, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::DEFAULT;
    use menagerie_rules::fide;

    #[test]
    fn fitting_never_raises_the_loss() {
        let win = Position::from_fen(fide::chess(), "4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        let draw = Position::from_fen(fide::chess(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let samples = vec![
            Sample {
                position: win,
                white_score: 1.0,
            },
            Sample {
                position: draw,
                white_score: 0.5,
            },
        ];
        let (w, before, after) = fit(&samples, &DEFAULT, &[Role::Queen], 50, 5);
        assert!(after <= before);
        assert!(w.piece[Role::Queen.index()] >= DEFAULT.piece[Role::Queen.index()]);
    }
}
