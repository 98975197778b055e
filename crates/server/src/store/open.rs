//! [`open`]: the store a `--db` value names: a PostgreSQL URL
//! (`postgres://` or `postgresql://`) or else a SQLite file.

use super::{PgStore, SqliteStore, Store};
use std::path::Path;
use std::sync::Arc;

/// Whether a `--db` value is a PostgreSQL URL.
#[must_use]
pub fn is_postgres_url(db: &Path) -> bool {
    db.to_str()
        .is_some_and(|s| s.starts_with("postgres://") || s.starts_with("postgresql://"))
}

/// Where the games are kept, to show (a URL without its password).
#[must_use]
pub fn shown_location(db: &Path) -> String {
    match db.to_str() {
        Some(url) if is_postgres_url(db) => super::pg::parse_url(url).map_or_else(
            |_| "(a PostgreSQL address that does not parse)".to_string(),
            |c| super::pg::shown_url(&c),
        ),
        _ => db.display().to_string(),
    }
}

/// Opens the store `db` names, its schema brought up to date.
///
/// # Errors
/// A sentence naming the database (without its password) and the failure.
pub fn open(db: &Path) -> Result<Arc<dyn Store>, String> {
    let shown = shown_location(db);
    let failed = |e: super::StoreError| format!("cannot open the database {shown}: {e}");
    match db.to_str() {
        Some(url) if is_postgres_url(db) => Ok(Arc::new(PgStore::open(url).map_err(failed)?)),
        _ => Ok(Arc::new(SqliteStore::open(db).map_err(failed)?)),
    }
}
