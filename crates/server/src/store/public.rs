//! The SQLite side of games to watch: a `public_games` row for each game
//! its creator made public (games are private unless the creator says so).

use super::StoreError;
use rusqlite::{params, Connection};

/// The schema step that adds the address a public game counts for
/// (version 6, the same statements as PostgreSQL's): set while the game is
/// live, cleared once it is seen over on the board.
pub const ADDRESS_COLUMN: &str = "
ALTER TABLE public_games ADD COLUMN address TEXT;
CREATE INDEX public_games_by_address ON public_games(address);
";

pub(super) fn set(
    conn: &Connection,
    id: &str,
    created_ms: i64,
    address: Option<&str>,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT OR IGNORE INTO public_games (game_id, created_ms, address) VALUES (?1, ?2, ?3)",
        params![id, created_ms, address],
    )?;
    Ok(())
}

pub(super) fn live_from(conn: &Connection, address: &str) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT p.game_id FROM public_games p JOIN games g ON g.id = p.game_id
         WHERE p.address = ?1 AND g.result IS NULL ORDER BY p.created_ms DESC, p.rowid DESC",
    )?;
    let ids = stmt
        .query_map(params![address], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(ids)
}

pub(super) fn release(conn: &Connection, id: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE public_games SET address = NULL WHERE game_id = ?1",
        params![id],
    )?;
    Ok(())
}

pub(super) fn page(
    conn: &Connection,
    offset: usize,
    limit: usize,
) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT p.game_id FROM public_games p JOIN games g ON g.id = p.game_id
         WHERE g.result IS NULL ORDER BY p.created_ms DESC, p.rowid DESC LIMIT ?1 OFFSET ?2",
    )?;
    let to_i64 = |v: usize| i64::try_from(v).unwrap_or(i64::MAX);
    let ids = stmt
        .query_map(params![to_i64(limit), to_i64(offset)], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::super::tests::row;
    use super::super::{Ending, SqliteStore, Store};

    #[test]
    fn only_public_games_without_an_ending_are_listed_newest_first() {
        let s = SqliteStore::in_memory().unwrap();
        for (i, id) in ["a", "b", "c", "d"].iter().enumerate() {
            s.create_game(&row(id)).unwrap();
            if *id != "b" {
                s.set_public(id, i64::try_from(i).unwrap()).unwrap();
            }
        }
        let end = Ending {
            result: "1-0".into(),
            reason: "resignation".into(),
        };
        s.end_game(
            "c",
            &crate::store::Seen {
                plies: 0,
                draw_offer: None,
            },
            &end,
        )
        .unwrap();
        assert_eq!(s.public_games(0, 10).unwrap(), ["d", "a"]);
        assert_eq!(s.public_games(1, 10).unwrap(), ["a"]);
    }
}
