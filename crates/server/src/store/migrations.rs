//! Versioned schemas. Each backend keeps a `schema_version` table with one
//! row per step applied; at start a server applies the steps it knows that
//! the database lacks, in one transaction, and refuses a database whose
//! version is newer than it knows (a newer Menagerie wrote it).

use super::StoreError;
use rusqlite::{Connection, Transaction, TransactionBehavior};

/// Checks a database's schema version against the `known` steps: the
/// number of steps already applied.
///
/// # Errors
/// [`StoreError::SchemaTooNew`] when `found` is past `known`;
/// [`StoreError::Corrupt`] when it is negative.
pub fn check_version(found: i64, known: usize) -> Result<usize, StoreError> {
    let found_steps = usize::try_from(found)
        .map_err(|_| StoreError::Corrupt(format!("schema version {found} is negative")))?;
    if found_steps > known {
        return Err(StoreError::SchemaTooNew {
            found,
            known: i64::try_from(known).unwrap_or(i64::MAX),
        });
    }
    Ok(found_steps)
}

/// One step of the SQLite schema, run inside the migration's transaction.
type SqliteStep = fn(&Transaction<'_>) -> Result<(), StoreError>;

/// The SQLite schema's steps, in order (step `i` makes version `i + 1`).
const SQLITE_STEPS: &[SqliteStep] = &[
    sqlite_v1, sqlite_v2, sqlite_v3, sqlite_v4, sqlite_v5, sqlite_v6, sqlite_v7,
];

/// The newest SQLite schema version this build knows.
pub const SQLITE_VERSION: usize = SQLITE_STEPS.len();

/// Version 1: the tables as they were before versions were kept. A file
/// made before then may have them already (created "if not exists"), and
/// the oldest lack the `creator` column, which is added.
fn sqlite_v1(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(super::SCHEMA)?;
    if !has_column(tx, "games", "creator")? {
        tx.execute_batch("ALTER TABLE games ADD COLUMN creator TEXT")?;
    }
    Ok(())
}

/// Version 2: the lobby's tables (`challenges`, `public_games`,
/// `game_names`) and the time each move was played (`moves.played_ms`). A
/// file a lobby build made before versions were kept has them already.
fn sqlite_v2(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(super::LOBBY_SCHEMA)?;
    if !has_column(tx, "moves", "played_ms")? {
        tx.execute_batch("ALTER TABLE moves ADD COLUMN played_ms INTEGER")?;
    }
    Ok(())
}

/// Version 3: nothing (PostgreSQL's version 3 is the `jobs` table, which
/// SQLite does without), so that each version is the same on both.
#[allow(clippy::unnecessary_wraps)]
fn sqlite_v3(_: &Transaction<'_>) -> Result<(), StoreError> {
    Ok(())
}

/// Version 4: rematch offers and started rematches (`rematches`), which
/// were kept in the server's memory before.
fn sqlite_v4(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(super::rematches::SCHEMA)?;
    Ok(())
}

/// Version 5: the claim ticket of a game over a link's invited seat
/// (`games.ticket`, `games.ticket_claimed_ms`), as PostgreSQL's version 5.
fn sqlite_v5(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(TICKET_COLUMNS)?;
    Ok(())
}

/// Version 6: the address each public game counts for
/// (`public_games.address`), as PostgreSQL's version 6.
fn sqlite_v6(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(super::public::ADDRESS_COLUMN)?;
    Ok(())
}

/// The columns of schema version 5 (the same statements on PostgreSQL,
/// where `INTEGER` holds the milliseconds as well).
pub const TICKET_COLUMNS: &str = "
ALTER TABLE games ADD COLUMN ticket TEXT;
ALTER TABLE games ADD COLUMN ticket_claimed_ms BIGINT;
";

/// Version 7: setups are kept per player key: `setups` gains an `owner`
/// and is keyed by (owner, name). The setups already saved keep the empty
/// owner ([`super::LEGACY_OWNER`]). SQLite cannot change a primary key in
/// place, so the table is copied.
fn sqlite_v7(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(
        "ALTER TABLE setups RENAME TO setups_v4;
         CREATE TABLE setups (
             owner TEXT NOT NULL DEFAULT '',
             name TEXT NOT NULL,
             spec TEXT NOT NULL,
             options TEXT NOT NULL DEFAULT '{}',
             saved_ms INTEGER NOT NULL,
             PRIMARY KEY (owner, name)
         );
         INSERT INTO setups (owner, name, spec, options, saved_ms)
             SELECT '', name, spec, options, saved_ms FROM setups_v4;
         DROP TABLE setups_v4;",
    )?;
    Ok(())
}

/// Whether `table` has the column `column`.
fn has_column(tx: &Transaction<'_>, table: &str, column: &str) -> Result<bool, StoreError> {
    let mut stmt = tx.prepare("SELECT name FROM pragma_table_info(?1)")?;
    let columns = stmt
        .query_map([table], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(columns.iter().any(|c| c == column))
}

/// Brings a SQLite database up to [`SQLITE_VERSION`] (one immediate
/// transaction, so two processes opening one file do not both migrate).
///
/// # Errors
/// [`StoreError::SchemaTooNew`] or the database's error.
pub fn migrate_sqlite(conn: &mut Connection) -> Result<(), StoreError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_version (
            version INTEGER PRIMARY KEY,
            applied_ms INTEGER NOT NULL
        )",
    )?;
    let found: i64 = tx.query_row(
        "SELECT COALESCE(MAX(version), 0) FROM schema_version",
        [],
        |r| r.get(0),
    )?;
    let done = check_version(found, SQLITE_VERSION)?;
    for (i, step) in SQLITE_STEPS.iter().enumerate().skip(done) {
        step(&tx)?;
        tx.execute(
            "INSERT INTO schema_version (version, applied_ms) VALUES (?1, ?2)",
            rusqlite::params![i64::try_from(i + 1).unwrap_or(i64::MAX), now_ms()],
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// Milliseconds since the Unix epoch (0 if the clock is before it).
pub(super) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_up_to_the_known_one_are_accepted() {
        assert_eq!(check_version(0, 1).unwrap(), 0);
        assert_eq!(check_version(1, 1).unwrap(), 1);
        assert!(matches!(
            check_version(2, 1),
            Err(StoreError::SchemaTooNew { found: 2, known: 1 })
        ));
        assert!(matches!(check_version(-1, 1), Err(StoreError::Corrupt(_))));
    }

    #[test]
    fn a_newer_sqlite_schema_is_refused_with_a_clear_message() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate_sqlite(&mut conn).unwrap();
        conn.execute(
            "INSERT INTO schema_version (version, applied_ms) VALUES (?1, 0)",
            [i64::try_from(SQLITE_VERSION + 1).unwrap()],
        )
        .unwrap();
        let err = migrate_sqlite(&mut conn).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("newer"), "{text}");
        assert!(matches!(err, StoreError::SchemaTooNew { .. }));
    }

    #[test]
    fn migrating_twice_applies_each_step_once() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate_sqlite(&mut conn).unwrap();
        migrate_sqlite(&mut conn).unwrap();
        let rows: i64 = conn
            .query_row("SELECT COUNT(*) FROM schema_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, i64::try_from(SQLITE_VERSION).unwrap());
    }

    #[test]
    fn a_version_1_file_gains_the_lobby() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(&format!(
            "{}
             CREATE TABLE schema_version (version INTEGER PRIMARY KEY,
                applied_ms INTEGER NOT NULL);
             INSERT INTO schema_version VALUES (1, 0);
             INSERT INTO games (id, variant, start_fen, mode, white, black, white_token,
                black_token, created_ms) VALUES ('old', 'chess', 'x', 'local', 'human',
                'human', 't', 't', 1);
             INSERT INTO moves (game_id, ply, move) VALUES ('old', 1, 'e2e4');",
            super::super::SCHEMA
        ))
        .unwrap();
        migrate_sqlite(&mut conn).unwrap();
        let (played, names): (Option<i64>, i64) = conn
            .query_row(
                "SELECT played_ms, (SELECT COUNT(*) FROM game_names) FROM moves",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!((played, names), (None, 0));
        let version: i64 = conn
            .query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, i64::try_from(SQLITE_VERSION).unwrap());
    }

    #[test]
    fn a_version_2_file_gains_rematches() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(&format!(
            "{}
             ALTER TABLE moves ADD COLUMN played_ms INTEGER;
             {}
             CREATE TABLE schema_version (version INTEGER PRIMARY KEY,
                applied_ms INTEGER NOT NULL);
             INSERT INTO schema_version VALUES (1, 0), (2, 0);",
            super::super::SCHEMA,
            super::super::LOBBY_SCHEMA
        ))
        .unwrap();
        assert!(conn.prepare("SELECT * FROM rematches").is_err());
        migrate_sqlite(&mut conn).unwrap();
        let rows: i64 = conn
            .query_row("SELECT COUNT(*) FROM rematches", [], |r| r.get(0))
            .unwrap();
        assert_eq!(rows, 0);
        let version: i64 = conn
            .query_row("SELECT MAX(version) FROM schema_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, i64::try_from(SQLITE_VERSION).unwrap());
    }

    #[test]
    fn a_version_4_file_keeps_its_setups_without_an_owner() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(&format!(
            "{}
             ALTER TABLE moves ADD COLUMN played_ms INTEGER;
             {}
             {};
             CREATE TABLE schema_version (version INTEGER PRIMARY KEY,
                applied_ms INTEGER NOT NULL);
             INSERT INTO schema_version VALUES (1, 0), (2, 0), (3, 0), (4, 0);
             INSERT INTO setups (name, spec, options, saved_ms)
                VALUES ('old', 'chess', '{{}}', 7);",
            super::super::SCHEMA,
            super::super::LOBBY_SCHEMA,
            super::super::rematches::SCHEMA
        ))
        .unwrap();
        migrate_sqlite(&mut conn).unwrap();
        let row: (String, String, i64) = conn
            .query_row("SELECT owner, name, saved_ms FROM setups", [], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })
            .unwrap();
        assert_eq!(
            row,
            (super::super::LEGACY_OWNER.to_string(), "old".into(), 7)
        );
        // a player's setup of the same name is another row
        conn.execute(
            "INSERT INTO setups (owner, name, spec, saved_ms) VALUES ('k', 'old', 'x', 8)",
            [],
        )
        .unwrap();
    }

    #[test]
    fn an_unversioned_lobby_file_is_taken_as_it_is() {
        // As a lobby build made it before versions were kept: every table,
        // played_ms included, and no schema_version.
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(super::super::SCHEMA).unwrap();
        conn.execute_batch("ALTER TABLE moves ADD COLUMN played_ms INTEGER")
            .unwrap();
        conn.execute_batch(super::super::LOBBY_SCHEMA).unwrap();
        conn.execute_batch(
            "INSERT INTO challenges (id, player, address, name, variant, start_fen, color,
                token, created_ms, seen_ms, lapse_ms)
             VALUES ('c', 'p', 'a', 'n', 'chess', 'x', 'white', 't', 1, 1, 1)",
        )
        .unwrap();
        migrate_sqlite(&mut conn).unwrap();
        let kept: i64 = conn
            .query_row("SELECT COUNT(*) FROM challenges", [], |r| r.get(0))
            .unwrap();
        assert_eq!(kept, 1);
        let steps: i64 = conn
            .query_row("SELECT COUNT(*) FROM schema_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(steps, i64::try_from(SQLITE_VERSION).unwrap());
    }
}
