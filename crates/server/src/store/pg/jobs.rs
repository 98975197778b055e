//! The `jobs` table in PostgreSQL (schema version 3; see
//! [`crate::store::JobStore`]). Leases are kept in the database's own
//! clock (`now()`), so the servers' clocks need not agree.

use super::{to_i64, to_usize};
use crate::store::{JobKind, JobRow, StoreError};
use std::time::Duration;
use tokio_postgres::{Client, Row};

/// The columns of a [`JobRow`], in [`job_of`]'s order.
const COLUMNS: &str = "id, kind, game_id, ply, owner, attempts";

/// A lease as whole milliseconds (at least 1).
fn lease_ms(lease: Duration) -> i64 {
    i64::try_from(lease.as_millis()).unwrap_or(i64::MAX).max(1)
}

fn job_of(r: &Row) -> Result<JobRow, StoreError> {
    let kind: String = r.try_get(1)?;
    let attempts: i32 = r.try_get(5)?;
    Ok(JobRow {
        id: r.try_get(0)?,
        kind: JobKind::from_name(&kind)
            .ok_or_else(|| StoreError::Corrupt(format!("unknown job kind {kind:?}")))?,
        game_id: r.try_get(2)?,
        ply: to_usize(r.try_get(3)?),
        owner: r.try_get(4)?,
        attempts: u32::try_from(attempts).unwrap_or(0),
    })
}

pub(super) async fn enqueue(
    c: &Client,
    kind: JobKind,
    game_id: &str,
    ply: usize,
) -> Result<bool, StoreError> {
    let n = c
        .execute(
            "INSERT INTO jobs (kind, game_id, ply) VALUES ($1, $2, $3)
             ON CONFLICT (kind, game_id, ply) DO NOTHING",
            &[&kind.name(), &game_id, &to_i64(ply)],
        )
        .await?;
    Ok(n == 1)
}

/// One statement: the row is locked by the inner `SELECT` (rows another
/// transaction is claiming are skipped, not waited for) and taken by the
/// `UPDATE`, so a job is claimed by one server at a time.
pub(super) async fn claim(
    c: &Client,
    kind: JobKind,
    owner: &str,
    lease: Duration,
) -> Result<Option<JobRow>, StoreError> {
    let row = c
        .query_opt(
            &format!(
                "UPDATE jobs SET owner = $2,
                    expires_at = now() + $3::bigint * interval '1 millisecond',
                    attempts = attempts + 1
                 WHERE id = (
                    SELECT id FROM jobs
                    WHERE kind = $1 AND (owner IS NULL OR expires_at < now())
                    ORDER BY id LIMIT 1
                    FOR UPDATE SKIP LOCKED)
                 RETURNING {COLUMNS}"
            ),
            &[&kind.name(), &owner, &lease_ms(lease)],
        )
        .await?;
    row.as_ref().map(job_of).transpose()
}

pub(super) async fn renew(
    c: &Client,
    id: i64,
    owner: &str,
    lease: Duration,
) -> Result<bool, StoreError> {
    let n = c
        .execute(
            "UPDATE jobs SET expires_at = now() + $3::bigint * interval '1 millisecond'
             WHERE id = $1 AND owner = $2",
            &[&id, &owner, &lease_ms(lease)],
        )
        .await?;
    Ok(n == 1)
}

pub(super) async fn finish(c: &Client, id: i64, owner: &str) -> Result<bool, StoreError> {
    let n = c
        .execute(
            "DELETE FROM jobs WHERE id = $1 AND owner = $2",
            &[&id, &owner],
        )
        .await?;
    Ok(n == 1)
}

pub(super) async fn release(c: &Client, id: i64, owner: &str) -> Result<bool, StoreError> {
    let n = c
        .execute(
            "UPDATE jobs SET owner = NULL, expires_at = NULL WHERE id = $1 AND owner = $2",
            &[&id, &owner],
        )
        .await?;
    Ok(n == 1)
}

pub(super) async fn release_all(c: &Client, owner: &str) -> Result<usize, StoreError> {
    let n = c
        .execute(
            "UPDATE jobs SET owner = NULL, expires_at = NULL WHERE owner = $1",
            &[&owner],
        )
        .await?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

pub(super) async fn has_job(c: &Client, kind: JobKind, game_id: &str) -> Result<bool, StoreError> {
    let row = c
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM jobs WHERE kind = $1 AND game_id = $2)",
            &[&kind.name(), &game_id],
        )
        .await?;
    Ok(row.try_get(0)?)
}

pub(super) async fn list(c: &Client) -> Result<Vec<JobRow>, StoreError> {
    let rows = c
        .query(&format!("SELECT {COLUMNS} FROM jobs ORDER BY id"), &[])
        .await?;
    rows.iter().map(job_of).collect()
}
