//! PostgreSQL's side of [`crate::store::guarded`]: each change to a game in
//! play is one transaction that first locks the game's row
//! (`SELECT ... FOR UPDATE`, so changes to one game through any server
//! queue up), then counts its plies (a statement of its own, so it sees
//! every change committed before the lock was granted), checks them against
//! what the server saw, and makes the change with its `NOTIFY`, sent at
//! commit.

use super::notify::notify_sql;
use super::{queries, to_i64, to_usize};
use crate::readable::color_name;
use crate::store::guarded::{Seen, Stored};
use crate::store::{side_of, Ending, MoveRow, StoreError};
use deadpool_postgres::{Object, Transaction};
use menagerie_rules::Color;

/// Game `id`'s stored state, its row locked until the transaction ends.
async fn stored(tx: &Transaction<'_>, id: &str) -> Result<Stored, StoreError> {
    let row = tx
        .query_opt(
            "SELECT result IS NOT NULL, draw_offer FROM games WHERE id = $1 FOR UPDATE",
            &[&id],
        )
        .await?
        .ok_or_else(|| StoreError::NoSuchGame(id.to_string()))?;
    let over: bool = row.try_get(0)?;
    let offer: Option<String> = row.try_get(1)?;
    let draw_offer = offer
        .map(|s| {
            side_of(&s).ok_or_else(|| StoreError::Corrupt(format!("unexpected stored side {s:?}")))
        })
        .transpose()?;
    let plies: i64 = tx
        .query_one("SELECT count(*) FROM moves WHERE game_id = $1", &[&id])
        .await?
        .try_get(0)?;
    Ok(Stored {
        over,
        draw_offer,
        plies: to_usize(plies),
    })
}

/// Adds move `mv` to game `id` (see [`Stored::allows_move`]) and, in the
/// same transaction, withdraws a draw offer standing from `declines`.
pub(super) async fn append_move(
    c: &mut Object,
    origin: &str,
    id: &str,
    mv: &MoveRow,
    declines: Option<Color>,
) -> Result<(), StoreError> {
    let tx = c.transaction().await?;
    stored(&tx, id).await?.allows_move(id, mv.ply)?;
    queries::append_move(&*tx, origin, id, mv).await?;
    if let Some(offerer) = declines {
        let offerer = color_name(offerer);
        tx.execute(
            "UPDATE games SET draw_offer = NULL WHERE id = $1 AND draw_offer = $2",
            &[&id, &offerer],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Keeps the first `keep` plies of game `id` and clears its draw offer.
pub(super) async fn take_back(
    c: &mut Object,
    origin: &str,
    id: &str,
    seen: Seen,
    keep: usize,
) -> Result<(), StoreError> {
    let tx = c.transaction().await?;
    stored(&tx, id).await?.allows(id, &seen)?;
    tx.execute(
        "DELETE FROM moves WHERE game_id = $1 AND ply > $2",
        &[&id, &to_i64(keep)],
    )
    .await?;
    update_game(&tx, origin, id, "draw_offer = NULL", &[]).await?;
    tx.commit().await?;
    Ok(())
}

/// Ends game `id` off the board, clearing its draw offer.
pub(super) async fn end_game(
    c: &mut Object,
    origin: &str,
    id: &str,
    seen: Seen,
    ending: &Ending,
) -> Result<(), StoreError> {
    let tx = c.transaction().await?;
    stored(&tx, id).await?.allows(id, &seen)?;
    update_game(
        &tx,
        origin,
        id,
        "result = $3, reason = $4, draw_offer = NULL",
        &[&ending.result, &ending.reason],
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Makes or clears game `id`'s draw offer.
pub(super) async fn set_draw_offer(
    c: &mut Object,
    origin: &str,
    id: &str,
    seen: Seen,
    side: Option<Color>,
) -> Result<(), StoreError> {
    let tx = c.transaction().await?;
    stored(&tx, id).await?.allows(id, &seen)?;
    let side = side.map(color_name);
    update_game(&tx, origin, id, "draw_offer = $3", &[&side]).await?;
    tx.commit().await?;
    Ok(())
}

/// `UPDATE games SET {set} WHERE id = $1` with its `NOTIFY` (the origin is
/// `$2`; `set`'s own parameters start at `$3`).
async fn update_game(
    tx: &Transaction<'_>,
    origin: &str,
    id: &str,
    set: &str,
    more: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<(), StoreError> {
    let sql = format!(
        "WITH w AS (UPDATE games SET {set} WHERE id = $1 RETURNING id) {}",
        notify_sql(2)
    );
    let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = vec![&id, &origin];
    params.extend_from_slice(more);
    tx.execute(&sql, &params).await?;
    Ok(())
}
