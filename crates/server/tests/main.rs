//! The integration tests of this crate, one test binary: each file below is
//! a module of its own, and the helpers they share are declared here once
//! (linking one binary instead of one per file keeps CI's build short).

mod support;

mod api;
mod board;
mod client_address;
mod cluster;
mod cluster_load;
mod cluster_lobby;
mod cluster_races;
mod cluster_restart;
mod contract;
mod correspondence;
mod flood;
mod health;
mod jobs;
mod load;
mod lobby;
mod nginx;
mod records;
mod rematch;
mod rematch_stored;
mod review;
mod store;
mod store_rematch;
