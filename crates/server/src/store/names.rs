//! The SQLite side of players' display names in a game (games from the
//! lobby and their rematches): one `game_names` row per such game.

use super::StoreError;
use rusqlite::{params, Connection, OptionalExtension};

pub(super) fn set(conn: &Connection, id: &str, white: &str, black: &str) -> Result<(), StoreError> {
    conn.execute(
        "INSERT OR REPLACE INTO game_names (game_id, white, black) VALUES (?1, ?2, ?3)",
        params![id, white, black],
    )?;
    Ok(())
}

pub(super) fn get(conn: &Connection, id: &str) -> Result<Option<(String, String)>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT white, black FROM game_names WHERE game_id = ?1",
            params![id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?)
}

#[cfg(test)]
mod tests {
    use super::super::tests::row;
    use super::super::{SqliteStore, Store};

    #[test]
    fn names_round_trip() {
        let s = SqliteStore::in_memory().unwrap();
        s.create_game(&row("g")).unwrap();
        assert_eq!(s.game_names("g").unwrap(), None);
        s.set_game_names("g", "Ann", "Bob").unwrap();
        assert_eq!(
            s.game_names("g").unwrap(),
            Some(("Ann".into(), "Bob".into()))
        );
    }
}
