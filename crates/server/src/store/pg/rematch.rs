//! Rematches in PostgreSQL, the same rows as SQLite's (see
//! `store/rematches.rs`). Starting one is one conditional upsert (`...
//! WHERE rematch_id IS NULL`), so of many servers starting it at once
//! exactly one does. An offer is followed by the game's `NOTIFY`, a started
//! rematch by one once its game is stored ([`crate::Store::announce`]), so
//! the other servers reload the game and tell its players.

use super::notify::notify_sql;
use crate::readable::color_name;
use crate::store::{side_of, RematchRow, StoreError};
use menagerie_rules::Color;
use tokio_postgres::GenericClient;

/// Version 4: the rematches table.
pub const SCHEMA: &str = "
CREATE TABLE rematches (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    offered_by TEXT,
    offered_ms BIGINT NOT NULL,
    rematch_id TEXT,
    white_token TEXT,
    black_token TEXT
);
";

pub(super) async fn load(
    c: &impl GenericClient,
    id: &str,
) -> Result<Option<RematchRow>, StoreError> {
    let Some(r) = c
        .query_opt(
            "SELECT offered_by, offered_ms, rematch_id, white_token, black_token
             FROM rematches WHERE game_id = $1",
            &[&id],
        )
        .await?
    else {
        return Ok(None);
    };
    let offered_by: Option<String> = r.try_get(0)?;
    let offered_by =
        match offered_by {
            None => None,
            Some(s) => Some(side_of(&s).ok_or_else(|| {
                StoreError::Corrupt(format!("unexpected stored rematch side {s:?}"))
            })?),
        };
    let new: Option<String> = r.try_get(2)?;
    let white: Option<String> = r.try_get(3)?;
    let black: Option<String> = r.try_get(4)?;
    Ok(Some(RematchRow {
        offered_by,
        offered_ms: r.try_get(1)?,
        game: new.map(|n| (n, [white.unwrap_or_default(), black.unwrap_or_default()])),
    }))
}

pub(super) async fn offer(
    c: &impl GenericClient,
    origin: &str,
    id: &str,
    side: Color,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let sql = format!(
        "WITH w AS (INSERT INTO rematches (game_id, offered_by, offered_ms) VALUES ($1, $2, $3)
            ON CONFLICT (game_id) DO UPDATE SET offered_by = excluded.offered_by,
               offered_ms = excluded.offered_ms
            WHERE rematches.rematch_id IS NULL
               AND (rematches.offered_by IS NULL OR rematches.offered_by = excluded.offered_by)
            RETURNING game_id AS id) {}",
        notify_sql(4)
    );
    let kept = c
        .query_opt(&sql, &[&id, &color_name(side), &now_ms, &origin])
        .await?;
    Ok(kept.is_some())
}

/// Starts the rematch `new` unless one has started: whether this call did.
/// Not announced here: the caller does once the new game is stored.
pub(super) async fn claim(
    c: &impl GenericClient,
    id: &str,
    new: &str,
    tokens: &[String; 2],
    now_ms: i64,
) -> Result<bool, StoreError> {
    let won = c
        .query_opt(
            "INSERT INTO rematches (game_id, offered_by, offered_ms, rematch_id, white_token,
               black_token) VALUES ($1, NULL, $2, $3, $4, $5)
             ON CONFLICT (game_id) DO UPDATE SET offered_by = NULL,
               rematch_id = excluded.rematch_id, white_token = excluded.white_token,
               black_token = excluded.black_token
             WHERE rematches.rematch_id IS NULL
             RETURNING game_id",
            &[&id, &now_ms, &new, &tokens[0], &tokens[1]],
        )
        .await?;
    Ok(won.is_some())
}

pub(super) async fn release(
    c: &impl GenericClient,
    origin: &str,
    id: &str,
    new: &str,
) -> Result<(), StoreError> {
    let sql = format!(
        "WITH w AS (UPDATE rematches SET rematch_id = NULL, white_token = NULL,
               black_token = NULL
            WHERE game_id = $1 AND rematch_id = $2 RETURNING game_id AS id) {}",
        notify_sql(3)
    );
    c.execute(&sql, &[&id, &new, &origin]).await?;
    Ok(())
}
