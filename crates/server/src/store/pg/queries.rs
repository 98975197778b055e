//! Games, moves and setups in PostgreSQL: the same rows as SQLite's. Each
//! change to a game notifies the other servers in the same statement (see
//! [`super::notify`]).

use super::notify::notify_sql;
use super::{to_i64, to_usize};
use crate::game::{Mode, Player};
use crate::readable::color_name;
use crate::store::{side_of, Ending, GameRow, MoveRow, SeatTicket, SetupRow, StoreError};
use deadpool_postgres::Object;
use menagerie_rules::Color;
use tokio_postgres::{GenericClient, IsolationLevel, Row};

pub(super) async fn create_game(c: &impl GenericClient, g: &GameRow) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO games (id, variant, options, start_fen, mode, white, black, white_token,
            black_token, time_control, result, reason, draw_offer, created_ms, creator, ticket,
            ticket_claimed_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
        &[
            &g.id,
            &g.variant,
            &g.options_json,
            &g.start_fen,
            &g.mode.name(),
            &g.white.stored(),
            &g.black.stored(),
            &g.white_token,
            &g.black_token,
            &g.time_control_json,
            &g.ending.as_ref().map(|e| e.result.clone()),
            &g.ending.as_ref().map(|e| e.reason.clone()),
            &g.draw_offer.map(color_name),
            &g.created_ms,
            &g.creator.map(color_name),
            &g.ticket.as_ref().map(|t| t.secret.clone()),
            &g.ticket.as_ref().and_then(|t| t.claimed_ms),
        ],
    )
    .await?;
    Ok(())
}

/// A stored text read back into its type.
fn parsed<T>(row: &Row, i: usize, parse: fn(&str) -> Option<T>) -> Result<T, StoreError> {
    let text: String = row.try_get(i)?;
    parse(&text).ok_or_else(|| StoreError::Corrupt(format!("unexpected stored value {text:?}")))
}

/// An optional stored side.
fn side(row: &Row, i: usize) -> Result<Option<Color>, StoreError> {
    let text: Option<String> = row.try_get(i)?;
    text.map(|s| {
        side_of(&s).ok_or_else(|| StoreError::Corrupt(format!("unexpected stored side {s:?}")))
    })
    .transpose()
}

fn game_of(r: &Row) -> Result<GameRow, StoreError> {
    let result: Option<String> = r.try_get(10)?;
    let reason: Option<String> = r.try_get(11)?;
    Ok(GameRow {
        id: r.try_get(0)?,
        variant: r.try_get(1)?,
        options_json: r.try_get(2)?,
        start_fen: r.try_get(3)?,
        mode: parsed(r, 4, Mode::from_name)?,
        white: parsed(r, 5, Player::from_stored)?,
        black: parsed(r, 6, Player::from_stored)?,
        white_token: r.try_get(7)?,
        black_token: r.try_get(8)?,
        time_control_json: r.try_get(9)?,
        ending: result.map(|result| Ending {
            result,
            reason: reason.unwrap_or_default(),
        }),
        draw_offer: side(r, 12)?,
        created_ms: r.try_get(13)?,
        creator: side(r, 14)?,
        ticket: r
            .try_get::<_, Option<String>>(15)?
            .map(|secret| -> Result<SeatTicket, StoreError> {
                Ok(SeatTicket {
                    secret,
                    claimed_ms: r.try_get(16)?,
                })
            })
            .transpose()?,
    })
}

/// The game and its moves as of one moment (one repeatable-read
/// transaction: a move landing meanwhile is either in both or in neither).
pub(super) async fn load_game(
    c: &mut Object,
    id: &str,
) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
    let tx = c
        .build_transaction()
        .isolation_level(IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?;
    let row = tx
        .query_opt(
            "SELECT id, variant, options, start_fen, mode, white, black, white_token,
                black_token, time_control, result, reason, draw_offer, created_ms, creator,
                ticket, ticket_claimed_ms
             FROM games WHERE id = $1",
            &[&id],
        )
        .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let game = game_of(&row)?;
    let rows = tx
        .query(
            "SELECT ply, move, white_ms, black_ms, played_ms FROM moves WHERE game_id = $1
             ORDER BY ply",
            &[&id],
        )
        .await?;
    tx.commit().await?;
    let mut moves = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let m = MoveRow {
            ply: to_usize(r.try_get(0)?),
            text: r.try_get(1)?,
            white_ms: r.try_get(2)?,
            black_ms: r.try_get(3)?,
            played_ms: r.try_get(4)?,
        };
        if m.ply != i + 1 {
            return Err(StoreError::Corrupt(format!(
                "game {id}: ply {} stored where {} was expected",
                m.ply,
                i + 1
            )));
        }
        moves.push(m);
    }
    Ok(Some((game, moves)))
}

pub(super) async fn append_move(
    c: &impl GenericClient,
    origin: &str,
    id: &str,
    mv: &MoveRow,
) -> Result<(), StoreError> {
    let sql = format!(
        "WITH w AS (INSERT INTO moves (game_id, ply, move, white_ms, black_ms, played_ms)
            VALUES ($1, $2, $3, $4, $5, $6) RETURNING game_id AS id) {}",
        notify_sql(7)
    );
    let done = c
        .execute(
            &sql,
            &[
                &id,
                &to_i64(mv.ply),
                &mv.text,
                &mv.white_ms,
                &mv.black_ms,
                &mv.played_ms,
                &origin,
            ],
        )
        .await;
    match done.map_err(StoreError::from) {
        Ok(_) => Ok(()),
        Err(StoreError::Conflict(_)) => Err(StoreError::Conflict(format!(
            "game {id} already has ply {}",
            mv.ply
        ))),
        Err(e) => Err(e),
    }
}

pub(super) async fn save_setup(c: &impl GenericClient, s: &SetupRow) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO setups (owner, name, spec, options, saved_ms) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (owner, name) DO UPDATE SET spec = excluded.spec,
            options = excluded.options, saved_ms = excluded.saved_ms",
        &[&s.owner, &s.name, &s.spec, &s.options_json, &s.saved_ms],
    )
    .await?;
    Ok(())
}

/// The setups matching `filter` (an SQL condition with its order; names
/// sort by bytes, as SQLite sorts them).
pub(super) async fn setups_where(
    c: &tokio_postgres::Client,
    filter: &str,
    args: &[&(dyn tokio_postgres::types::ToSql + Sync)],
) -> Result<Vec<SetupRow>, StoreError> {
    let rows = c
        .query(
            &format!("SELECT owner, name, spec, options, saved_ms FROM setups WHERE {filter}"),
            args,
        )
        .await?;
    rows.iter()
        .map(|r| {
            Ok(SetupRow {
                owner: r.try_get(0)?,
                name: r.try_get(1)?,
                spec: r.try_get(2)?,
                options_json: r.try_get(3)?,
                saved_ms: r.try_get(4)?,
            })
        })
        .collect()
}

pub(super) async fn count_setups(c: &tokio_postgres::Client) -> Result<u64, StoreError> {
    let n: i64 = c
        .query_one("SELECT COUNT(*) FROM setups", &[])
        .await?
        .try_get(0)?;
    Ok(u64::try_from(n).unwrap_or(0))
}

pub(super) async fn delete_setup(
    c: &tokio_postgres::Client,
    owner: &str,
    name: &str,
) -> Result<bool, StoreError> {
    let n = c
        .execute(
            "DELETE FROM setups WHERE owner = $1 AND name = $2",
            &[&owner, &name],
        )
        .await?;
    Ok(n > 0)
}

/// Marks game `id`'s ticket claimed at `now_ms` unless it is (or it has
/// none), and tells the other servers: whether this call claimed it.
pub(super) async fn claim_ticket(
    c: &impl GenericClient,
    origin: &str,
    id: &str,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let sql = format!(
        "WITH w AS (UPDATE games SET ticket_claimed_ms = $2
            WHERE id = $1 AND ticket IS NOT NULL AND ticket_claimed_ms IS NULL
            RETURNING id) {}",
        notify_sql(3)
    );
    Ok(c.query_opt(&sql, &[&id, &now_ms, &origin]).await?.is_some())
}
