//! The lobby in PostgreSQL: open challenges, games to watch, players'
//! display names and correspondence games, the same rows and answers as
//! SQLite's (see `store/challenges.rs`, `public.rs`, `names.rs`, `corr.rs`).
//! Accepting a challenge is one conditional `UPDATE ... WHERE state =
//! 'open' RETURNING`, so of many servers accepting it at once exactly one
//! wins. Rows stored at the same millisecond keep the order they were
//! stored in (`seq`), as SQLite's `rowid` does.

use super::notify::notify_sql;
use super::{to_i64, to_usize};
use crate::store::{ChallengeRow, ChallengeState, StoreError};
use tokio_postgres::{GenericClient, Row};

/// The columns read, in [`challenge_of`]'s order.
const COLUMNS: &str = "id, player, address, name, variant, options, start_fen, time_control,
    color, token, created_ms, seen_ms, state, game_id, public, lapse_ms";

fn challenge_of(r: &Row) -> Result<ChallengeRow, StoreError> {
    let state: String = r.try_get(12)?;
    Ok(ChallengeRow {
        id: r.try_get(0)?,
        player: r.try_get(1)?,
        address: r.try_get(2)?,
        name: r.try_get(3)?,
        variant: r.try_get(4)?,
        options_json: r.try_get(5)?,
        start_fen: r.try_get(6)?,
        time_control_json: r.try_get(7)?,
        color: r.try_get(8)?,
        token: r.try_get(9)?,
        created_ms: r.try_get(10)?,
        seen_ms: r.try_get(11)?,
        state: ChallengeState::from_name(&state).ok_or_else(|| {
            StoreError::Corrupt(format!("unexpected stored challenge state {state:?}"))
        })?,
        game_id: r.try_get(13)?,
        public: r.try_get(14)?,
        lapse_ms: r.try_get(15)?,
    })
}

pub(super) async fn create_challenge(
    c: &impl GenericClient,
    ch: &ChallengeRow,
) -> Result<(), StoreError> {
    c.execute(
        &format!(
            "INSERT INTO challenges ({COLUMNS})
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
        ),
        &[
            &ch.id,
            &ch.player,
            &ch.address,
            &ch.name,
            &ch.variant,
            &ch.options_json,
            &ch.start_fen,
            &ch.time_control_json,
            &ch.color,
            &ch.token,
            &ch.created_ms,
            &ch.seen_ms,
            &ch.state.name(),
            &ch.game_id,
            &ch.public,
            &ch.lapse_ms,
        ],
    )
    .await?;
    Ok(())
}

pub(super) async fn load_challenge(
    c: &impl GenericClient,
    id: &str,
) -> Result<Option<ChallengeRow>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM challenges WHERE id = $1");
    c.query_opt(&sql, &[&id])
        .await?
        .as_ref()
        .map(challenge_of)
        .transpose()
}

/// The page and the total as of one moment (one repeatable-read
/// transaction).
pub(super) async fn open_challenges(
    c: &mut deadpool_postgres::Object,
    offset: usize,
    limit: usize,
) -> Result<(Vec<ChallengeRow>, usize), StoreError> {
    let tx = c
        .build_transaction()
        .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?;
    let sql = format!(
        "SELECT {COLUMNS} FROM challenges WHERE state = 'open'
         ORDER BY created_ms DESC, seq DESC LIMIT $1 OFFSET $2"
    );
    let rows = tx.query(&sql, &[&to_i64(limit), &to_i64(offset)]).await?;
    let total: i64 = tx
        .query_one("SELECT COUNT(*) FROM challenges WHERE state = 'open'", &[])
        .await?
        .try_get(0)?;
    tx.commit().await?;
    let page = rows
        .iter()
        .map(challenge_of)
        .collect::<Result<Vec<_>, _>>()?;
    Ok((page, to_usize(total)))
}

pub(super) async fn count_open_challenges(
    c: &impl GenericClient,
    player: &str,
    address: &str,
) -> Result<(usize, usize), StoreError> {
    let r = c
        .query_one(
            "SELECT COUNT(*) FILTER (WHERE player = $1), COUNT(*) FILTER (WHERE address = $2)
             FROM challenges WHERE state = 'open'",
            &[&player, &address],
        )
        .await?;
    Ok((to_usize(r.try_get(0)?), to_usize(r.try_get(1)?)))
}

pub(super) async fn claim_challenge(
    c: &impl GenericClient,
    id: &str,
    game_id: &str,
) -> Result<bool, StoreError> {
    let won = c
        .query_opt(
            "UPDATE challenges SET state = 'accepted', game_id = $2
             WHERE id = $1 AND state = 'open' RETURNING id",
            &[&id, &game_id],
        )
        .await?;
    Ok(won.is_some())
}

pub(super) async fn cancel_challenge(
    c: &impl GenericClient,
    id: &str,
    player: &str,
) -> Result<bool, StoreError> {
    let n = c
        .execute(
            "UPDATE challenges SET state = 'cancelled'
             WHERE id = $1 AND player = $2 AND state = 'open'",
            &[&id, &player],
        )
        .await?;
    Ok(n == 1)
}

pub(super) async fn touch_challenges(
    c: &impl GenericClient,
    player: &str,
    now_ms: i64,
) -> Result<(), StoreError> {
    c.execute(
        "UPDATE challenges SET seen_ms = $2 WHERE player = $1 AND state = 'open'",
        &[&player, &now_ms],
    )
    .await?;
    Ok(())
}

pub(super) async fn lapse_challenges(
    c: &impl GenericClient,
    now_ms: i64,
) -> Result<usize, StoreError> {
    let n = c
        .execute(
            "UPDATE challenges SET state = 'lapsed'
             WHERE state = 'open' AND seen_ms + lapse_ms < $1",
            &[&now_ms],
        )
        .await?;
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

pub(super) async fn set_public(
    c: &impl GenericClient,
    id: &str,
    created_ms: i64,
    address: Option<&str>,
) -> Result<(), StoreError> {
    c.execute(
        "INSERT INTO public_games (game_id, created_ms, address) VALUES ($1, $2, $3)
         ON CONFLICT (game_id) DO NOTHING",
        &[&id, &created_ms, &address],
    )
    .await?;
    Ok(())
}

pub(super) async fn live_public_games(
    c: &impl GenericClient,
    address: &str,
) -> Result<Vec<String>, StoreError> {
    let rows = c
        .query(
            "SELECT p.game_id FROM public_games p JOIN games g ON g.id = p.game_id
             WHERE p.address = $1 AND g.result IS NULL ORDER BY p.created_ms DESC, p.seq DESC",
            &[&address],
        )
        .await?;
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}

pub(super) async fn release_public(c: &impl GenericClient, id: &str) -> Result<(), StoreError> {
    c.execute(
        "UPDATE public_games SET address = NULL WHERE game_id = $1",
        &[&id],
    )
    .await?;
    Ok(())
}

pub(super) async fn public_games(
    c: &impl GenericClient,
    offset: usize,
    limit: usize,
) -> Result<Vec<String>, StoreError> {
    let rows = c
        .query(
            "SELECT p.game_id FROM public_games p JOIN games g ON g.id = p.game_id
             WHERE g.result IS NULL ORDER BY p.created_ms DESC, p.seq DESC
             LIMIT $1 OFFSET $2",
            &[&to_i64(limit), &to_i64(offset)],
        )
        .await?;
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}

pub(super) async fn unfinished_correspondence(
    c: &impl GenericClient,
) -> Result<Vec<String>, StoreError> {
    let rows = c
        .query(
            "SELECT id FROM games WHERE result IS NULL AND time_control LIKE '%days_per_move%'
             ORDER BY created_ms, id",
            &[],
        )
        .await?;
    rows.iter().map(|r| Ok(r.try_get(0)?)).collect()
}

/// Keeps a game's display names, and tells the other servers, which show
/// them with the game.
pub(super) async fn set_game_names(
    c: &impl GenericClient,
    origin: &str,
    id: &str,
    white: &str,
    black: &str,
) -> Result<(), StoreError> {
    let sql = format!(
        "WITH w AS (INSERT INTO game_names (game_id, white, black) VALUES ($1, $2, $3)
            ON CONFLICT (game_id) DO UPDATE SET white = excluded.white, black = excluded.black
            RETURNING game_id AS id) {}",
        notify_sql(4)
    );
    c.execute(&sql, &[&id, &white, &black, &origin]).await?;
    Ok(())
}

pub(super) async fn game_names(
    c: &impl GenericClient,
    id: &str,
) -> Result<Option<(String, String)>, StoreError> {
    let row = c
        .query_opt(
            "SELECT white, black FROM game_names WHERE game_id = $1",
            &[&id],
        )
        .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
}
