//! Chess clocks for `menagerie match --tc BASE+INC`: the time control, both
//! sides' remaining time, and the rule that a move arriving after the
//! mover's time (plus a grace margin) has run out loses the game on time.

use menagerie_rules::Color;
use std::time::Duration;

/// The longest base time or increment accepted (a week), so that sums and
/// products of clock times cannot overflow.
const LONGEST: Duration = Duration::from_secs(7 * 24 * 3600);

/// A time control: each side starts with `base` and gains `increment`
/// after each of its moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time on each clock at the start of a game.
    pub base: Duration,
    /// Time added to the mover's clock after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `BASE+INC` (or just `BASE`), both in decimal seconds, e.g.
    /// `10+0.1` or `60`.
    ///
    /// # Errors
    /// A message naming the bad text.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad =
            |why: &str| format!("--tc takes BASE+INC in seconds (e.g. 10+0.1): {text:?} {why}");
        let (base, inc) = match text.trim().split_once('+') {
            Some((b, i)) => (b, i),
            None => (text.trim(), "0"),
        };
        let base = seconds(base).ok_or_else(|| bad("has a bad base time"))?;
        let increment = seconds(inc).ok_or_else(|| bad("has a bad increment"))?;
        if base.is_zero() {
            return Err(bad("has no base time"));
        }
        Ok(TimeControl { base, increment })
    }

    /// The PGN `TimeControl` tag value: `BASE+INC` in seconds.
    #[must_use]
    pub fn tag(&self) -> String {
        format!(
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

/// A non-negative, finite number of seconds no longer than [`LONGEST`].
fn seconds(text: &str) -> Option<Duration> {
    let t = text.trim();
    if t.is_empty() || t.starts_with('+') || t.starts_with('-') {
        return None;
    }
    let value: f64 = t.parse().ok()?;
    Duration::try_from_secs_f64(value)
        .ok()
        .filter(|d| *d <= LONGEST)
}

/// Both clocks of one game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// White's remaining time.
    pub white: Duration,
    /// Black's remaining time.
    pub black: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

impl Clocks {
    /// Both clocks at the start of a game under `tc`.
    #[must_use]
    pub fn start(tc: TimeControl) -> Clocks {
        Clocks {
            white: tc.base,
            black: tc.base,
            increment: tc.increment,
        }
    }

    /// The time left to `side`.
    #[must_use]
    pub fn left(&self, side: Color) -> Duration {
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Charges `side` for a move that took `elapsed`. Within the time left
    /// plus `margin`, the clock keeps what was left (never below zero) plus
    /// the increment and this returns `true`; past it, the clock is left
    /// as it was and this returns `false`: `side` lost on time.
    pub fn charge(&mut self, side: Color, elapsed: Duration, margin: Duration) -> bool {
        let left = self.left(side);
        if elapsed > left + margin {
            return false;
        }
        let after = left.saturating_sub(elapsed) + self.increment;
        match side {
            Color::White => self.white = after,
            Color::Black => self.black = after,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_base_and_increment() {
        assert_eq!(
            TimeControl::parse("10+0.1"),
            Ok(TimeControl {
                base: ms(10_000),
                increment: ms(100)
            })
        );
        assert_eq!(
            TimeControl::parse("0.5"),
            Ok(TimeControl {
                base: ms(500),
                increment: ms(0)
            })
        );
        assert_eq!(
            TimeControl::parse("10+0.1").map(|t| t.tag()),
            Ok("10+0.1".into())
        );
    }

    #[test]
    fn rejects_bad_time_controls() {
        for bad in [
            "", "+", "abc", "10+x", "-1+0", "0+1", "10+-1", "NaN", "inf+0", "1e30",
        ] {
            let e = TimeControl::parse(bad).expect_err(bad);
            assert!(e.contains("--tc"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_move_within_the_margin_is_charged_and_gains_the_increment() {
        let mut c = Clocks::start(TimeControl {
            base: ms(1000),
            increment: ms(100),
        });
        assert!(c.charge(Color::White, ms(300), ms(50)));
        assert_eq!(c.white, ms(800));
        assert_eq!(c.black, ms(1000));
        assert!(c.charge(Color::Black, ms(1040), ms(50)));
        assert_eq!(c.black, ms(100));
    }

    #[test]
    fn a_move_past_the_margin_loses_on_time() {
        let mut c = Clocks::start(TimeControl {
            base: ms(1000),
            increment: ms(0),
        });
        assert!(!c.charge(Color::Black, ms(1051), ms(50)));
        assert_eq!(c.black, ms(1000));
    }
}
