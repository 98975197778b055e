//! [`Limits`]: when a search must stop, and how long a move may take on a clock.

use std::time::Duration;

/// In sudden death, the moves the time left is shared over (plus two)
/// when a search is not told otherwise ([`Limits::time_budget`]).
pub const SUDDEN_DEATH_MOVES: u32 = 30;

/// A player's clock as a GUI reports it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the mover's clock.
    pub time: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control (none: sudden death).
    pub moves_to_go: Option<u32>,
}

/// What bounds a search. Every field left empty is unbounded; with all of
/// them empty (or `infinite`), only the stop flag ends the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Node budget (all threads together).
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub movetime: Option<Duration>,
    /// The mover's clock; the engine budgets a share of it.
    pub clock: Option<Clock>,
    /// Stop once a mate in this many moves (or fewer) is found.
    pub mate: Option<u32>,
    /// Search until stopped, ignoring every other limit but `depth`'s cap.
    pub infinite: bool,
    /// Time the caller keeps for itself per move (GUI lag), taken off clock
    /// budgets.
    pub move_overhead: Duration,
    /// Only these root moves are considered (empty: all).
    pub searchmoves: Vec<menagerie_rules::Move>,
}

impl Limits {
    /// A search to a fixed depth.
    #[must_use]
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of a fixed duration.
    #[must_use]
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// A search of a fixed node budget.
    #[must_use]
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Soft and hard time budgets: the search starts no new iteration after
    /// the soft one and aborts at the hard one.
    #[must_use]
    pub fn time_budget(&self) -> Option<(Duration, Duration)> {
        self.time_budget_over(SUDDEN_DEATH_MOVES)
    }

    /// As [`Limits::time_budget`], sharing the time left in sudden death
    /// over `sudden_death` moves (plus two) instead of
    /// [`SUDDEN_DEATH_MOVES`].
    #[must_use]
    pub fn time_budget_over(&self, sudden_death: u32) -> Option<(Duration, Duration)> {
        if self.infinite {
            return None;
        }
        if let Some(t) = self.movetime {
            let t = t
                .saturating_sub(self.move_overhead)
                .max(Duration::from_millis(1));
            return Some((t, t));
        }
        let clock = self.clock?;
        let moves = clock.moves_to_go.unwrap_or(sudden_death).clamp(1, 50);
        Some(self.clock_budget(clock, moves + 2))
    }

    /// Like [`Limits::time_budget`], but in sudden death the share of the
    /// time left is spread over more moves early in the game, from 60 at
    /// the start to 35 from move 50 on (`fullmoves`, the game's move
    /// number), since a search overruns its soft budget by about half
    /// (the iteration that starts just before it runs on) and a clock
    /// shared over 32 moves left a tenth of a second a move by move 50
    /// (`Features::flat_time`, stop 56).
    #[must_use]
    pub fn flat_time_budget(&self, fullmoves: u32) -> Option<(Duration, Duration)> {
        let Some(clock) = self
            .clock
            .filter(|c| !self.infinite && self.movetime.is_none() && c.moves_to_go.is_none())
        else {
            return self.time_budget();
        };
        let horizon = 60u32.saturating_sub(fullmoves / 2).max(35);
        Some(self.clock_budget(clock, horizon))
    }

    /// The soft and hard budgets of `clock` shared over `moves` moves.
    fn clock_budget(&self, clock: Clock, moves: u32) -> (Duration, Duration) {
        let left = clock
            .time
            .saturating_sub(self.move_overhead)
            .max(Duration::from_millis(1));
        let share = left / moves + clock.increment * 3 / 4;
        let hard_cap = left * 2 / 5;
        let soft = share.min(hard_cap);
        let hard = (share * 4).min(hard_cap).max(soft);
        (soft, hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sudden death with `time` left and `increment` a move, in ms.
    fn sudden_death(time: u64, increment: u64) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(time),
                increment: Duration::from_millis(increment),
                moves_to_go: None,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn clock_budget_stays_within_the_time_left() {
        let l = sudden_death(1000, 0);
        let (soft, hard) = l.time_budget().unwrap();
        assert!(soft <= hard);
        assert!(hard <= Duration::from_millis(400));
        assert!(soft >= Duration::from_millis(20));
    }

    #[test]
    fn the_flat_budget_spreads_the_clock_over_more_moves_early() {
        let l = sudden_death(10_000, 100);
        let (old, _) = l.time_budget().unwrap();
        let (start, hard) = l.flat_time_budget(1).unwrap();
        let (late, _) = l.flat_time_budget(70).unwrap();
        // 10 s / 32 + 75 ms, 10 s / 60 + 75 ms, 10 s / 35 + 75 ms.
        assert_eq!(old, Duration::from_millis(387) + Duration::from_micros(500));
        assert_eq!(start, Duration::from_nanos(241_666_666));
        assert_eq!(late, Duration::from_nanos(360_714_285));
        assert_eq!(hard, start * 4);
        // A fixed move time or moves to go keep the plain budget.
        let mut fixed = l.clone();
        fixed.movetime = Some(Duration::from_millis(50));
        assert_eq!(fixed.flat_time_budget(1), fixed.time_budget());
    }

    #[test]
    fn sudden_death_shares_the_clock_over_the_moves_asked() {
        let l = sudden_death(10_000, 100);
        // 10 s / 22 + 75 ms against 10 s / 32 + 75 ms.
        let (soft, hard) = l.time_budget_over(20).unwrap();
        assert_eq!(soft, Duration::from_nanos(529_545_454));
        assert_eq!(hard, soft * 4);
        assert_eq!(l.time_budget_over(SUDDEN_DEATH_MOVES), l.time_budget());
        // Moves to go, where the GUI gives them, decide instead.
        let mut to_go = l.clone();
        to_go.clock.as_mut().unwrap().moves_to_go = Some(10);
        assert_eq!(to_go.time_budget_over(20), to_go.time_budget());
    }

    #[test]
    fn infinite_has_no_budget() {
        let l = Limits {
            infinite: true,
            movetime: Some(Duration::from_millis(5)),
            ..Limits::default()
        };
        assert_eq!(l.time_budget(), None);
    }
}
