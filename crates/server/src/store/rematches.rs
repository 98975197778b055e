//! The SQLite side of rematches: one `rematches` row per game over in
//! which a rematch was offered or started. Starting one is one conditional
//! upsert (`... WHERE rematch_id IS NULL`), so of two players who accept
//! at once exactly one starts it.

use super::{side_of, StoreError};
use crate::readable::color_name;
use menagerie_rules::Color;
use rusqlite::{params, Connection, OptionalExtension};

/// A game's rematch as stored: the pending offer, or the started rematch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RematchRow {
    /// The side that offered it (`None` once started, or when it started
    /// at once, as "play again" does).
    pub offered_by: Option<Color>,
    /// When it was offered or started, milliseconds since the Unix epoch.
    pub offered_ms: i64,
    /// The rematch, once started: its id and, by the side each player
    /// played in this game (White's, Black's), their seat token in it.
    pub game: Option<(String, [String; 2])>,
}

/// The schema step that adds the table (version 4, as PostgreSQL's).
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rematches (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    offered_by TEXT,
    offered_ms INTEGER NOT NULL,
    rematch_id TEXT,
    white_token TEXT,
    black_token TEXT
)";

/// Reads a row of `offered_by, offered_ms, rematch_id, white_token,
/// black_token`.
fn read_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RematchRow> {
    let offered_by: Option<String> = r.get(0)?;
    let offered_by = match offered_by {
        None => None,
        Some(s) => Some(side_of(&s).ok_or_else(|| super::bad_text(0, &s))?),
    };
    let id: Option<String> = r.get(2)?;
    let white: Option<String> = r.get(3)?;
    let black: Option<String> = r.get(4)?;
    Ok(RematchRow {
        offered_by,
        offered_ms: r.get(1)?,
        game: id.map(|id| (id, [white.unwrap_or_default(), black.unwrap_or_default()])),
    })
}

pub(super) fn load(conn: &Connection, id: &str) -> Result<Option<RematchRow>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT offered_by, offered_ms, rematch_id, white_token, black_token
             FROM rematches WHERE game_id = ?1",
            params![id],
            read_row,
        )
        .optional()?)
}

/// Records `side`'s offer unless a rematch has started or the other side
/// has offered: whether it did.
pub(super) fn offer(
    conn: &Connection,
    id: &str,
    side: Color,
    now_ms: i64,
) -> Result<bool, StoreError> {
    let n = conn.execute(
        "INSERT INTO rematches (game_id, offered_by, offered_ms) VALUES (?1, ?2, ?3)
         ON CONFLICT (game_id) DO UPDATE SET offered_by = excluded.offered_by,
            offered_ms = excluded.offered_ms
         WHERE rematches.rematch_id IS NULL
            AND (rematches.offered_by IS NULL OR rematches.offered_by = excluded.offered_by)",
        params![id, color_name(side), now_ms],
    )?;
    Ok(n == 1)
}

/// Starts the rematch `new` unless one has started: whether this call did.
pub(super) fn claim(
    conn: &Connection,
    id: &str,
    new: &str,
    tokens: &[String; 2],
    now_ms: i64,
) -> Result<bool, StoreError> {
    let n = conn.execute(
        "INSERT INTO rematches (game_id, offered_by, offered_ms, rematch_id, white_token,
            black_token) VALUES (?1, NULL, ?2, ?3, ?4, ?5)
         ON CONFLICT (game_id) DO UPDATE SET offered_by = NULL, rematch_id = excluded.rematch_id,
            white_token = excluded.white_token, black_token = excluded.black_token
         WHERE rematches.rematch_id IS NULL",
        params![id, now_ms, new, tokens[0], tokens[1]],
    )?;
    Ok(n == 1)
}

/// Undoes a claim of `new` whose game could not be made.
pub(super) fn release(conn: &Connection, id: &str, new: &str) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE rematches SET rematch_id = NULL, white_token = NULL, black_token = NULL
         WHERE game_id = ?1 AND rematch_id = ?2",
        params![id, new],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::tests::row;
    use super::super::{SqliteStore, Store};
    use menagerie_rules::Color;

    #[test]
    fn an_offer_is_kept_and_a_rematch_starts_once() {
        let s = SqliteStore::in_memory().unwrap();
        s.create_game(&row("g")).unwrap();
        assert_eq!(s.load_rematch("g").unwrap(), None);
        assert!(s.offer_rematch("g", Color::Black, 5).unwrap());
        assert!(s.offer_rematch("g", Color::Black, 5).unwrap(), "again");
        assert!(
            !s.offer_rematch("g", Color::White, 5).unwrap(),
            "Black's stands"
        );
        let r = s.load_rematch("g").unwrap().unwrap();
        assert_eq!(
            (r.offered_by, r.offered_ms, r.game),
            (Some(Color::Black), 5, None)
        );
        let tokens = ["w".to_string(), "b".to_string()];
        assert!(s.claim_rematch("g", "n1", &tokens, 6).unwrap());
        assert!(
            !s.claim_rematch("g", "n2", &tokens, 7).unwrap(),
            "only once"
        );
        assert!(!s.offer_rematch("g", Color::White, 8).unwrap());
        let r = s.load_rematch("g").unwrap().unwrap();
        assert_eq!(
            r.offered_by, None,
            "an offer after the start changes nothing"
        );
        assert_eq!(r.game, Some(("n1".to_string(), tokens.clone())));
        s.release_rematch("g", "n1").unwrap();
        assert!(s.claim_rematch("g", "n3", &tokens, 9).unwrap(), "released");
    }
}
