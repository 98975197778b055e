//! What a search tells its caller: one [`Info`] per finished iteration (and
//! per principal variation with MultiPV), and a [`SearchResult`] at the end.

use crate::score::Score;
use menagerie_rules::Move;
use std::time::Duration;

/// One finished iteration of one principal variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Nominal depth in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// 1-based index of this line among the MultiPV lines.
    pub multipv: usize,
    /// Score from the side to move's view.
    pub score: Score,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table use, in permille.
    pub hashfull: u32,
    /// The principal variation, starting with the move to play.
    pub pv: Vec<Move>,
}

/// Receives search progress. Called from the searching thread.
pub trait Listener {
    /// One line of one finished iteration.
    fn iteration(&mut self, info: &Info);
}

/// A listener that ignores everything.
#[derive(Copy, Clone, Debug, Default)]
pub struct Silent;

impl Listener for Silent {
    fn iteration(&mut self, _info: &Info) {}
}

impl<F: FnMut(&Info)> Listener for F {
    fn iteration(&mut self, info: &Info) {
        self(info);
    }
}

/// The end of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play: always legal, present whenever a legal move exists.
    pub best: Option<Move>,
    /// The expected reply, if known.
    pub ponder: Option<Move>,
    /// Score of `best` from the side to move's view.
    pub score: Score,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched (all threads).
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation of the best line.
    pub pv: Vec<Move>,
    /// Every MultiPV line of the last completed iteration, best first.
    pub lines: Vec<Info>,
}
