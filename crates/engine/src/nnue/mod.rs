//! An efficiently updatable neural-network evaluation (NNUE): sparse
//! inputs ([`features`]), one hidden layer kept as two accumulators (one
//! per perspective) updated as moves are made, and one output, all in
//! integers. Net files are data ([`net`]); training data and the trainer
//! live beside them ([`data`], [`train`]).

pub mod data;
pub mod features;
