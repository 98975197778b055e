//! The SQLite side of game reviews: a `reviews` row per reviewed game (its
//! plies, budget and whether it is complete) and a `review_plies` row per
//! evaluated position, written as each one is done so a restart loses at
//! most the position in progress.

use super::StoreError;
use rusqlite::{params, Connection, OptionalExtension};

/// A game's stored review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewRow {
    /// The game's id.
    pub game_id: String,
    /// The plies the review covers (or covers once complete).
    pub total_plies: usize,
    /// The search budget, as JSON.
    pub budget_json: String,
    /// Whether every position up to `total_plies` is stored.
    pub complete: bool,
    /// The positions stored, in ply order.
    pub plies: Vec<ReviewPlyRow>,
}

/// One stored position of a review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewPlyRow {
    /// Plies played to reach it (0: the start).
    pub ply: usize,
    /// Its position string (to check it still is the game's position at
    /// that ply: an undo may have changed the game since).
    pub fen: String,
    /// What the review found, as JSON.
    pub data_json: String,
}

fn to_usize(v: i64) -> usize {
    usize::try_from(v).unwrap_or(0)
}

fn to_i64(v: usize) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

pub(super) fn load(conn: &Connection, id: &str) -> Result<Option<ReviewRow>, StoreError> {
    let head = conn
        .query_row(
            "SELECT total_plies, budget, complete FROM reviews WHERE game_id = ?1",
            params![id],
            |r| {
                Ok((
                    to_usize(r.get::<_, i64>(0)?),
                    r.get::<_, String>(1)?,
                    r.get::<_, bool>(2)?,
                ))
            },
        )
        .optional()?;
    let Some((total_plies, budget_json, complete)) = head else {
        return Ok(None);
    };
    let mut stmt =
        conn.prepare("SELECT ply, fen, data FROM review_plies WHERE game_id = ?1 ORDER BY ply")?;
    let plies = stmt
        .query_map(params![id], |r| {
            Ok(ReviewPlyRow {
                ply: to_usize(r.get(0)?),
                fen: r.get(1)?,
                data_json: r.get(2)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(ReviewRow {
        game_id: id.to_string(),
        total_plies,
        budget_json,
        complete,
        plies,
    }))
}

pub(super) fn begin(
    conn: &mut Connection,
    id: &str,
    total_plies: usize,
    budget_json: &str,
    keep: usize,
) -> Result<(), StoreError> {
    let tx = conn.transaction()?;
    tx.execute(
        "INSERT INTO reviews (game_id, total_plies, budget, complete) VALUES (?1, ?2, ?3, 0)
         ON CONFLICT(game_id) DO UPDATE SET total_plies = excluded.total_plies,
            budget = excluded.budget, complete = 0",
        params![id, to_i64(total_plies), budget_json],
    )?;
    tx.execute(
        "DELETE FROM review_plies WHERE game_id = ?1 AND ply >= ?2",
        params![id, to_i64(keep)],
    )?;
    tx.commit()?;
    Ok(())
}

pub(super) fn save_ply(conn: &Connection, id: &str, row: &ReviewPlyRow) -> Result<(), StoreError> {
    conn.execute(
        "INSERT OR REPLACE INTO review_plies (game_id, ply, fen, data) VALUES (?1, ?2, ?3, ?4)",
        params![id, to_i64(row.ply), row.fen, row.data_json],
    )?;
    Ok(())
}

pub(super) fn finish(conn: &Connection, id: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE reviews SET complete = 1 WHERE game_id = ?1",
        params![id],
    )?;
    Ok(())
}

pub(super) fn unfinished(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut stmt =
        conn.prepare("SELECT game_id FROM reviews WHERE complete = 0 ORDER BY game_id")?;
    let ids = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::super::tests::row;
    use super::super::{SqliteStore, Store};
    use super::*;

    fn ply(n: usize) -> ReviewPlyRow {
        ReviewPlyRow {
            ply: n,
            fen: format!("fen{n}"),
            data_json: "{}".into(),
        }
    }

    #[test]
    fn reviews_round_trip_and_resume() {
        let s = SqliteStore::in_memory().unwrap();
        s.create_game(&row("g1")).unwrap();
        assert!(s.load_review("g1").unwrap().is_none());
        s.begin_review("g1", 3, r#"{"nodes":1}"#, 0).unwrap();
        for n in 0..3 {
            s.save_review_ply("g1", &ply(n)).unwrap();
        }
        assert_eq!(s.unfinished_reviews().unwrap(), vec!["g1".to_string()]);
        s.begin_review("g1", 4, r#"{"nodes":1}"#, 2).unwrap();
        let r = s.load_review("g1").unwrap().unwrap();
        assert_eq!((r.total_plies, r.complete), (4, false));
        assert_eq!(r.plies, vec![ply(0), ply(1)]);
        s.finish_review("g1").unwrap();
        assert!(s.load_review("g1").unwrap().unwrap().complete);
        assert!(s.unfinished_reviews().unwrap().is_empty());
    }
}
