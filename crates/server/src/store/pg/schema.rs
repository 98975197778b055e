//! PostgreSQL's versioned schema: the steps, and [`migrate`], which applies
//! the missing ones at start under an advisory lock (two servers starting
//! at once do not both migrate).

use crate::store::migrations::{check_version, now_ms};
use crate::store::StoreError;
use deadpool_postgres::Object;

/// The steps in order (step `i` makes version `i + 1`), each run as one
/// batch inside the migration's transaction.
pub const STEPS: &[&str] = &[
    V1,
    V2,
    V3,
    super::rematch::SCHEMA,
    crate::store::migrations::TICKET_COLUMNS,
    crate::store::public::ADDRESS_COLUMN,
    V7,
];

/// The advisory lock key held while migrating ("menageri" in ASCII).
const LOCK_KEY: i64 = 0x6d65_6e61_6765_7269;

/// Version 1: the same tables as SQLite's version 1.
const V1: &str = "
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    start_fen TEXT NOT NULL,
    mode TEXT NOT NULL,
    white TEXT NOT NULL,
    black TEXT NOT NULL,
    white_token TEXT NOT NULL,
    black_token TEXT NOT NULL,
    time_control TEXT,
    result TEXT,
    reason TEXT,
    draw_offer TEXT,
    created_ms BIGINT NOT NULL,
    creator TEXT
);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply BIGINT NOT NULL,
    move TEXT NOT NULL,
    white_ms BIGINT,
    black_ms BIGINT,
    PRIMARY KEY (game_id, ply)
);
CREATE TABLE setups (
    name TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    saved_ms BIGINT NOT NULL
);
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    total_plies BIGINT NOT NULL,
    budget TEXT NOT NULL,
    complete BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE TABLE review_plies (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply BIGINT NOT NULL,
    fen TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
";

/// Version 2: the lobby (as SQLite's version 2): open challenges, games to
/// watch, players' display names, and when each move was played. `seq`
/// keeps the order rows were stored in, for rows of the same time.
const V2: &str = "
ALTER TABLE moves ADD COLUMN played_ms BIGINT;
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    address TEXT NOT NULL,
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    start_fen TEXT NOT NULL,
    time_control TEXT,
    color TEXT NOT NULL,
    token TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    seen_ms BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'open',
    game_id TEXT,
    public BOOLEAN NOT NULL DEFAULT TRUE,
    lapse_ms BIGINT NOT NULL,
    seq BIGSERIAL NOT NULL
);
CREATE INDEX challenges_by_state ON challenges(state, created_ms);
CREATE TABLE game_names (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    white TEXT NOT NULL,
    black TEXT NOT NULL
);
CREATE TABLE public_games (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    created_ms BIGINT NOT NULL,
    seq BIGSERIAL NOT NULL
);
";

/// Version 3: engine work as jobs (see `store/jobs.rs`): a job is queued
/// while `owner` is null, held while its lease (`expires_at`, the
/// database's clock) runs, claimable again once the lease ran out; its row
/// is deleted when it is finished. One row per (kind, game, ply).
const V3: &str = "
CREATE TABLE jobs (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games(id),
    ply BIGINT NOT NULL,
    owner TEXT,
    expires_at TIMESTAMPTZ,
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    UNIQUE (kind, game_id, ply)
);
CREATE INDEX jobs_by_kind ON jobs(kind, id);
";

/// Version 7 (as SQLite's): setups are kept per player key, keyed by
/// (owner, name); the setups already saved keep the empty owner
/// (`store::LEGACY_OWNER`).
const V7: &str = "
ALTER TABLE setups ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE setups DROP CONSTRAINT setups_pkey;
ALTER TABLE setups ADD PRIMARY KEY (owner, name);
";

/// The version the database is at (0 for an empty one).
///
/// # Errors
/// The database's error.
pub async fn version(c: &Object) -> Result<i64, StoreError> {
    let exists: bool = c
        .query_one("SELECT to_regclass('schema_version') IS NOT NULL", &[])
        .await?
        .try_get(0)?;
    if !exists {
        return Ok(0);
    }
    let row = c
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .await?;
    Ok(row.try_get(0)?)
}

/// Brings the database up to the newest version this build knows.
///
/// # Errors
/// [`StoreError::SchemaTooNew`] for a database of a newer Menagerie, or the
/// database's error.
pub async fn migrate(c: &mut Object) -> Result<(), StoreError> {
    let tx = c.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&LOCK_KEY])
        .await?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_version (
            version BIGINT PRIMARY KEY,
            applied_ms BIGINT NOT NULL
        )",
    )
    .await?;
    let found: i64 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .await?
        .try_get(0)?;
    let done = check_version(found, STEPS.len())?;
    for (i, step) in STEPS.iter().enumerate().skip(done) {
        tx.batch_execute(step).await?;
        let version = i64::try_from(i + 1).unwrap_or(i64::MAX);
        tx.execute(
            "INSERT INTO schema_version (version, applied_ms) VALUES ($1, $2)",
            &[&version, &now_ms()],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
