//! An efficiently updatable neural-network evaluation (NNUE): sparse
//! inputs ([`features`]), one hidden layer kept as two accumulators (one
//! per perspective, [`accumulator`]) updated as moves are made, squared
//! clipped ReLU and one output from the output layer of the position's
//! bucket (by the men on the board), all in integers ([`net`]). Net files are
//! data; the nets shipped in the binary are in [`builtin`]. Training data
//! ([`data`]) and the trainer ([`train`]) live beside them.

pub mod accumulator;
pub mod builtin;
pub mod choice;
pub mod data;
pub mod features;
pub mod kings;
pub mod net;
pub mod stack;
pub mod train;

#[cfg(test)]
mod tests;

pub use accumulator::Accumulator;
pub use choice::EvalChoice;
pub use net::{NetError, Network};

/// The net's evaluation of `pos` from the side to move's view, computed
/// from scratch (the search updates accumulators instead).
#[must_use]
pub fn evaluate(net: &Network, pos: &menagerie_rules::Position) -> i32 {
    let mut acc = Accumulator::new(net);
    acc.refresh(net, pos);
    acc.evaluate(net, pos)
}
