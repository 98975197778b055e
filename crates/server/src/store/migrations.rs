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
const SQLITE_STEPS: &[SqliteStep] = &[sqlite_v1];

/// The newest SQLite schema version this build knows.
pub const SQLITE_VERSION: usize = SQLITE_STEPS.len();

/// Version 1: the tables as they were before versions were kept. A file
/// made before then may have them already (created "if not exists"), and
/// the oldest lack the `creator` column, which is added.
fn sqlite_v1(tx: &Transaction<'_>) -> Result<(), StoreError> {
    tx.execute_batch(super::SCHEMA)?;
    let mut stmt = tx.prepare("SELECT name FROM pragma_table_info('games')")?;
    let columns = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    if !columns.iter().any(|c| c == "creator") {
        tx.execute_batch("ALTER TABLE games ADD COLUMN creator TEXT")?;
    }
    Ok(())
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
}
