//! Game reviews in PostgreSQL: the same rows as SQLite's (see
//! `store/reviews.rs`).

use super::{to_i64, to_usize};
use crate::store::{ReviewPlyRow, ReviewRow, StoreError};
use deadpool_postgres::Object;
use tokio_postgres::Client;

pub(super) async fn load(c: &mut Object, id: &str) -> Result<Option<ReviewRow>, StoreError> {
    let tx = c
        .build_transaction()
        .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?;
    let head = tx
        .query_opt(
            "SELECT total_plies, budget, complete FROM reviews WHERE game_id = $1",
            &[&id],
        )
        .await?;
    let Some(head) = head else {
        return Ok(None);
    };
    let rows = tx
        .query(
            "SELECT ply, fen, data FROM review_plies WHERE game_id = $1 ORDER BY ply",
            &[&id],
        )
        .await?;
    tx.commit().await?;
    let plies = rows
        .iter()
        .map(|r| {
            Ok(ReviewPlyRow {
                ply: to_usize(r.try_get(0)?),
                fen: r.try_get(1)?,
                data_json: r.try_get(2)?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(Some(ReviewRow {
        game_id: id.to_string(),
        total_plies: to_usize(head.try_get(0)?),
        budget_json: head.try_get(1)?,
        complete: head.try_get(2)?,
        plies,
    }))
}

pub(super) async fn begin(
    c: &mut Object,
    id: &str,
    total_plies: usize,
    budget_json: &str,
    keep: usize,
) -> Result<(), StoreError> {
    let tx = c.transaction().await?;
    tx.execute(
        "INSERT INTO reviews (game_id, total_plies, budget, complete) VALUES ($1, $2, $3, FALSE)
         ON CONFLICT (game_id) DO UPDATE SET total_plies = excluded.total_plies,
            budget = excluded.budget, complete = FALSE",
        &[&id, &to_i64(total_plies), &budget_json],
    )
    .await?;
    tx.execute(
        "DELETE FROM review_plies WHERE game_id = $1 AND ply >= $2",
        &[&id, &to_i64(keep)],
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

pub(super) async fn save_ply(c: &Client, id: &str, row: &ReviewPlyRow) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO review_plies (game_id, ply, fen, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id, ply) DO UPDATE SET fen = excluded.fen, data = excluded.data",
        &[&id, &to_i64(row.ply), &row.fen, &row.data_json],
    )
    .await?;
    Ok(())
}

pub(super) async fn finish(c: &Client, id: &str) -> Result<(), StoreError> {
    c.execute(
        "UPDATE reviews SET complete = TRUE WHERE game_id = $1",
        &[&id],
    )
    .await?;
    Ok(())
}

pub(super) async fn unfinished(c: &Client) -> Result<Vec<String>, StoreError> {
    let rows = c
        .query(
            "SELECT game_id FROM reviews WHERE NOT complete ORDER BY game_id COLLATE \"C\"",
            &[],
        )
        .await?;
    rows.iter()
        .map(|r| r.try_get(0).map_err(StoreError::from))
        .collect()
}
