//! The integration tests of this crate, one test binary: each file below is
//! a module of its own, and the helpers they share are declared here once
//! (linking one binary instead of one per file keeps CI's build short).

mod common;
mod longer_support;
mod pick_support;
mod wounds_support;
mod wreckage_support;

mod audit_longer;
mod audit_pick;
mod audit_wounds;
mod audit_wreckage;
mod chess;
mod diagrams;
mod fuzz_parsers;
mod invariants;
mod longer_examples;
mod longer_perft;
mod longer_rules;
mod move_text;
mod option_perft;
mod pick_custom;
mod pick_perft;
mod pick_rules;
mod round_trip;
mod setup_cache;
mod tactical_moves;
mod wounds_fen;
mod wounds_perft;
mod wounds_rules;
mod wreckage_carnage;
mod wreckage_fen;
mod wreckage_perft;
mod wreckage_rules;
