//! The SQLite side of correspondence clocks: which games have days per move
//! and no ending stored, for the server to check their deadlines.

use super::StoreError;
use rusqlite::Connection;

pub(super) fn unfinished(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT id FROM games WHERE result IS NULL AND time_control LIKE '%days_per_move%'
         ORDER BY created_ms",
    )?;
    let ids = stmt
        .query_map([], |r| r.get(0))?
        .collect::<Result<Vec<String>, _>>()?;
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::super::tests::row;
    use super::super::{MoveRow, SqliteStore, Store};
    use rusqlite::Connection;

    #[test]
    fn an_older_database_gains_played_ms_and_correspondence_games_are_found() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE moves (game_id TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL,
                white_ms INTEGER, black_ms INTEGER, PRIMARY KEY (game_id, ply));",
        )
        .unwrap();
        let s = SqliteStore::init(conn).unwrap();
        let mut corr = row("corr");
        corr.time_control_json =
            Some(r#"{"initial_ms":0,"increment_ms":0,"days_per_move":3}"#.into());
        s.create_game(&corr).unwrap();
        s.create_game(&row("plain")).unwrap();
        let mv = MoveRow {
            ply: 1,
            text: "e2e4".into(),
            white_ms: None,
            black_ms: None,
            played_ms: Some(42),
        };
        s.append_move("corr", &mv).unwrap();
        assert_eq!(s.load_game("corr").unwrap().unwrap().1, vec![mv]);
        assert_eq!(s.unfinished_correspondence().unwrap(), ["corr"]);
    }
}
