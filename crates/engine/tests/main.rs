//! The integration tests of this crate, one test binary: each file below is
//! a module of its own, and the helpers they share are declared here once
//! (linking one binary instead of one per file keeps CI's build short).

mod tactics_support;

mod dead;
mod repetition;
mod robustness;
mod tactics;
