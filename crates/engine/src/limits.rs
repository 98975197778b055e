//! [`Limits`]: when a search must stop, and how long a move may take on a clock.

use std::time::Duration;

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
        let left = clock
            .time
            .saturating_sub(self.move_overhead)
            .max(Duration::from_millis(1));
        let moves = clock.moves_to_go.unwrap_or(30).clamp(1, 50);
        let share = left / (moves + 2) + clock.increment * 3 / 4;
        let hard_cap = left * 2 / 5;
        let soft = share.min(hard_cap);
        let hard = (share * 4).min(hard_cap).max(soft);
        Some((soft, hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_stays_within_the_time_left() {
        let l = Limits {
            clock: Some(Clock {
                time: Duration::from_millis(1000),
                increment: Duration::from_millis(0),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        let (soft, hard) = l.time_budget().unwrap();
        assert!(soft <= hard);
        assert!(hard <= Duration::from_millis(400));
        assert!(soft >= Duration::from_millis(20));
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
