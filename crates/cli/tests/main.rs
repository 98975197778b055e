//! The integration tests of this crate, one test binary: each file below is
//! a module of its own, and the helpers they share are declared here once
//! (linking one binary instead of one per file keeps CI's build short).

#[path = "../../server/tests/support/client.rs"]
mod client;
mod common;
#[allow(dead_code)]
#[path = "../../server/tests/support/pg.rs"]
mod pg;

mod cli;
mod crash;
mod jobs;
mod match_clock;
mod rule_options;
mod serve;
mod train;
