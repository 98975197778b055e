//! # menagerie-engine
//!
//! Search and evaluation for every Menagerie game: iterative deepening,
//! principal-variation alpha-beta with aspiration windows, a shared
//! transposition table, quiescence over every kind of capture, skill levels,
//! lazy SMP threads, and a classical or a network (NNUE) evaluation. It
//! reads and writes nothing and names no game: callers (the protocols, the
//! web server, the command line) hand it a [`menagerie_rules::GameRecord`]
//! and [`Limits`], a stop flag and a [`Listener`] for progress.
//!
//! ```
//! use menagerie_engine::{Engine, Limits, Silent};
//! use menagerie_rules::{fide, Position};
//! use std::sync::atomic::AtomicBool;
//!
//! let mut engine = Engine::default();
//! let pos = Position::start(fide::chess());
//! let result = engine.search_position(&pos, &Limits::depth(3), &AtomicBool::new(false), &mut Silent);
//! assert!(pos.legal_moves().contains(&result.best.unwrap()));
//! ```
#![deny(missing_docs)]

pub mod captures;
pub mod correction;
pub mod dead;
pub mod drawish;
pub mod engine;
pub mod eval;
pub mod exchange;
pub mod hunt;
pub mod level;
pub mod limits;
pub mod nnue;
pub mod ordering;
pub mod params;
pub mod pruning;
#[cfg(test)]
mod random_games;
pub mod report;
pub mod root;
pub mod score;
pub mod search;
pub mod smp;
pub mod stability;
pub mod tt;
pub mod tune;

pub use engine::{Engine, Options};
pub use limits::{Clock, Limits};
pub use nnue::EvalChoice;
pub use pruning::Features;
pub use report::{Info, Listener, SearchResult, Silent};
pub use score::Score;
