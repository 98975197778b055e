//! The integration tests of this crate, one test binary: each file below is
//! a module of its own, and the helpers they share are declared here once
//! (linking one binary instead of one per file keeps CI's build short).

mod common;

mod fuzz_regressions;
mod no_panic;
mod pgn_roundtrip;
mod pgn_variations;
mod uci_transcripts;
mod xboard_transcripts;
