//! PostgreSQL for the tests: the server named by `MENAGERIE_TEST_PG` (CI
//! starts a throwaway cluster and sets it), and a scratch database on it
//! per test, dropped afterwards.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The environment variable naming the test server's URL.
pub const PG_ENV: &str = "MENAGERIE_TEST_PG";

/// The test server's URL, or `None` after printing that the PostgreSQL
/// test `what` is skipped.
#[must_use]
pub fn server_url(what: &str) -> Option<String> {
    match std::env::var(PG_ENV) {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            eprintln!("note: {PG_ENV} is not set, so the PostgreSQL test {what} is skipped");
            None
        }
    }
}

/// A database of its own on the test server, dropped with this.
pub struct ScratchDb {
    /// Its URL.
    pub url: String,
    server: String,
    name: String,
}

/// `url` with its database name replaced by `db`.
#[must_use]
pub fn with_db(url: &str, db: &str) -> String {
    let (head, query) = url.split_once('?').map_or((url, ""), |(h, q)| (h, q));
    let scheme_end = head.find("://").map_or(0, |i| i + 3);
    let authority_end = head[scheme_end..]
        .find('/')
        .map_or(head.len(), |i| scheme_end + i);
    let query = if query.is_empty() {
        String::new()
    } else {
        format!("?{query}")
    };
    format!("{}/{db}{query}", &head[..authority_end])
}

/// Runs SQL on the database at `server`, on a thread of its own (so it
/// may be called inside or outside a Tokio runtime).
fn admin(server: &str, sql: &str) -> Result<(), String> {
    let (server, sql) = (server.to_string(), sql.to_string());
    std::thread::spawn(move || admin_here(&server, &sql))
        .join()
        .map_err(|_| "the SQL thread panicked".to_string())?
}

fn admin_here(server: &str, sql: &str) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(async {
        let (client, conn) = tokio_postgres::connect(server, tokio_postgres::NoTls)
            .await
            .map_err(|e| format!("cannot connect to {PG_ENV}: {e}"))?;
        let task = tokio::spawn(conn);
        let done = client.batch_execute(sql).await.map_err(|e| e.to_string());
        drop(client);
        let _ = task.await;
        done
    })
}

impl ScratchDb {
    /// A new empty database on the server at `server`.
    ///
    /// # Panics
    /// If it cannot be made (the test fails).
    #[must_use]
    pub fn new(server: &str) -> ScratchDb {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let name = format!(
            "menagerie_test_{}_{}_{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos())
        );
        admin(server, &format!("CREATE DATABASE {name}")).expect("create a scratch database");
        ScratchDb {
            url: with_db(server, &name),
            server: server.to_string(),
            name,
        }
    }

    /// Runs SQL on this database.
    ///
    /// # Panics
    /// If it fails.
    pub fn execute(&self, sql: &str) {
        admin(&self.url, sql).expect("SQL on the scratch database");
    }
}

impl Drop for ScratchDb {
    fn drop(&mut self) {
        let _ = admin(
            &self.server,
            &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
        );
    }
}
