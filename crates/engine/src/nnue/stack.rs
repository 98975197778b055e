//! The accumulators along the search path: entry `ply` belongs to the
//! position searched at that ply. A child's entry is derived from its
//! parent's when the move is made; unmaking a move is simply going back
//! one entry.

use super::accumulator::Accumulator;
use super::net::Network;
use menagerie_rules::Position;

/// One accumulator per ply of the search.
#[derive(Debug)]
pub struct Stack<'n> {
    net: &'n Network,
    plies: Vec<Accumulator>,
}

impl<'n> Stack<'n> {
    /// A stack for searches up to `max_ply` plies deep.
    #[must_use]
    pub fn new(net: &'n Network, max_ply: usize) -> Stack<'n> {
        Stack {
            net,
            plies: (0..=max_ply + 1).map(|_| Accumulator::new(net)).collect(),
        }
    }

    /// Sets the entry of `ply` from scratch (a root move's child).
    pub fn refresh(&mut self, ply: usize, pos: &Position) {
        if let Some(a) = self.plies.get_mut(ply) {
            a.refresh(self.net, pos);
        }
    }

    /// Derives the entry of `ply + 1` for `child`, which follows `parent`
    /// (the position of `ply`) by one move.
    pub fn made(&mut self, ply: usize, parent: &Position, child: &Position) {
        if ply + 1 >= self.plies.len() {
            return;
        }
        let (done, next) = self.plies.split_at_mut(ply + 1);
        next[0].update(&done[ply], self.net, parent, child);
    }

    /// The net's evaluation of `pos`, the position of `ply`.
    #[must_use]
    pub fn evaluate(&self, ply: usize, pos: &Position) -> i32 {
        let v = match self.plies.get(ply) {
            Some(a) => a.evaluate(self.net, pos),
            None => super::evaluate(self.net, pos),
        };
        // The engine's own tests check every evaluation of the search
        // against a refresh, so a missed update cannot go unnoticed.
        #[cfg(test)]
        assert_eq!(v, super::evaluate(self.net, pos), "stale accumulator");
        v
    }
}
