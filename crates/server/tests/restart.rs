//! The test that stops and starts the whole PostgreSQL cluster, in a test
//! binary of its own: cargo runs test binaries one after another, so no
//! other test's connections are cut while the cluster is down (in the
//! shared binary it once ran beside `cluster_races`, whose request was
//! refused with 503 while the cluster was stopped).

mod support;

mod cluster_restart;
