//! The integration tests of this crate, one test binary: each file below is
//! a module of its own, and the helpers they share are declared here once
//! (linking one binary instead of one per file keeps CI's build short). The
//! one exception is `cluster_restart`, in the binary `restart`: it stops the
//! whole PostgreSQL cluster, which would cut every other test's connections
//! if it ran beside them (cargo runs test binaries one after another).

mod support;

mod api;
mod board;
mod client_address;
mod cluster;
mod cluster_load;
mod cluster_lobby;
mod cluster_races;
mod contract;
mod correspondence;
mod edge;
mod engine_budget;
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
mod seats;
mod setups;
mod site_limits;
mod store;
mod store_rematch;
