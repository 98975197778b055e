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
