//! Match statistics: the Elo difference with its 95% error margin, and the
//! sequential probability ratio test (GSPRT, trinomial model) that stops a
//! match once it has decided between two Elo hypotheses.

/// Wins, losses and draws of the first player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first player won.
    pub wins: u32,
    /// Games the first player lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

impl Tally {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The first player's score fraction (0.5 with no games).
    #[must_use]
    pub fn fraction(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// Elo difference and its 95% margin (infinite at a 0% or 100% score).
    #[must_use]
    pub fn elo(&self) -> (f64, f64) {
        let n = f64::from(self.games().max(1));
        let p = self.fraction();
        let var = (f64::from(self.wins) * (1.0 - p).powi(2)
            + f64::from(self.losses) * p.powi(2)
            + f64::from(self.draws) * (0.5 - p).powi(2))
            / n;
        let margin = 1.959_964 * (var / n).sqrt();
        // Clamped so that a near-perfect score still gets a finite margin.
        let lo = elo_of((p - margin).max(0.001));
        let hi = elo_of((p + margin).min(0.999));
        (elo_of(p), (hi - lo) / 2.0)
    }

    /// The log-likelihood ratio of H1 (`elo1`) against H0 (`elo0`).
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = f64::from(self.games());
        if self.wins == 0 || self.losses == 0 {
            return 0.0;
        }
        let w = f64::from(self.wins) / n;
        let d = f64::from(self.draws) / n;
        let s = w + d / 2.0;
        let var = (w + d / 4.0 - s * s) / n;
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of(elo0), score_of(elo1));
        (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    }
}

/// Bounds of the SPRT's log-likelihood ratio for error rates alpha and beta.
#[must_use]
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / p - 1.0).log10()
}

fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The two result lines a tournament tool prints: the Elo line, then
/// `Score of A vs B: W - L - D  [fraction]  N`.
#[must_use]
pub fn summary(a: &str, b: &str, t: &Tally) -> String {
    let (elo, margin) = t.elo();
    let elo_text = if elo.is_finite() {
        format!("{elo:.1} +/- {margin:.1}")
    } else if elo > 0.0 {
        "+inf (every game won)".to_string()
    } else if elo < 0.0 {
        "-inf (every game lost)".to_string()
    } else {
        format!("{elo:.1} +/- inf")
    };
    format!(
        "Elo difference: {elo_text}\nScore of {a} vs {b}: {} - {} - {}  [{:.3}]  {}",
        t.wins,
        t.losses,
        t.draws,
        t.fraction(),
        t.games()
    )
}

/// The line of a clocked match that counts each player's losses on time:
/// `Time losses: A 0, B 2`.
#[must_use]
pub fn time_losses(a: &str, b: &str, a_losses: u32, b_losses: u32) -> String {
    format!("Time losses: {a} {a_losses}, {b} {b_losses}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 10,
            losses: 10,
            draws: 5,
        };
        let (e, m) = t.elo();
        assert!(e.abs() < 1e-9);
        assert!(m > 50.0 && m < 200.0, "{m}");
    }

    #[test]
    fn known_fraction() {
        // 75% is about +191 Elo.
        let t = Tally {
            wins: 75,
            losses: 25,
            draws: 0,
        };
        assert!((t.elo().0 - 190.8).abs() < 0.5);
    }

    #[test]
    fn a_near_perfect_score_has_a_finite_margin() {
        let t = Tally {
            wins: 18,
            losses: 1,
            draws: 1,
        };
        let (e, m) = t.elo();
        assert!(e.is_finite() && m.is_finite() && e > 300.0, "{e} {m}");
        assert!(summary("a", "b", &t).starts_with("Elo difference: 4"));
    }

    #[test]
    fn llr_signs() {
        let good = Tally {
            wins: 600,
            losses: 400,
            draws: 200,
        };
        assert!(good.llr(0.0, 10.0) > 0.0);
        let bad = Tally {
            wins: 400,
            losses: 600,
            draws: 200,
        };
        assert!(bad.llr(0.0, 10.0) < 0.0);
        let (lo, hi) = sprt_bounds(0.05, 0.05);
        assert!((hi - 2.944).abs() < 0.01 && (lo + 2.944).abs() < 0.01);
    }

    #[test]
    fn summary_line_format() {
        let t = Tally {
            wins: 3,
            losses: 1,
            draws: 1,
        };
        let s = summary("engine", "random", &t);
        assert!(
            s.ends_with("Score of engine vs random: 3 - 1 - 1  [0.700]  5"),
            "{s}"
        );
        assert_eq!(
            time_losses("engine", "random", 0, 2),
            "Time losses: engine 0, random 2"
        );
    }
}
