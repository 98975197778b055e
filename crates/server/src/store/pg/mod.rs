//! [`PgStore`]: the [`Store`] on PostgreSQL, for several servers sharing one
//! database.
//!
//! The client is `tokio-postgres` with the `deadpool-postgres` pool. The
//! [`Store`] trait is synchronous (the server calls it while it holds a
//! game's lock, as with SQLite), so the pool and its connections live on a
//! small runtime of their own, on its own threads: each call sends its work
//! there and waits for the answer, blocking the calling thread as a SQLite
//! call does.

use super::{
    ChallengeRow, Ending, GameRow, JobKind, JobRow, JobStore, MoveRow, RematchRow, ReviewPlyRow,
    ReviewRow, Seen, SetupRow, Store, StoreError,
};
use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime};
use menagerie_rules::Color;
use std::future::Future;
use std::time::Duration;
use tokio_postgres::error::SqlState;
use tokio_postgres::NoTls;

mod guarded;
mod import;
mod jobs;
mod lobby;
pub mod notify;
mod queries;
mod rematch;
mod reviews;
pub mod schema;

/// Connections the pool keeps at most.
pub const POOL_SIZE: usize = 16;

/// How long connecting, or waiting for a free connection, may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The PostgreSQL store: a connection pool on its own runtime.
pub struct PgStore {
    pool: Pool,
    rt: tokio::runtime::Handle,
    /// Dropping it ends the runtime's thread.
    _stop: tokio::sync::oneshot::Sender<()>,
    shown: String,
    /// This store's name in notifications (its own are not passed on).
    origin: String,
    /// The ids of games other servers changed.
    changes: tokio::sync::broadcast::Sender<String>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("at", &self.shown)
            .finish_non_exhaustive()
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> StoreError {
        match e.as_db_error() {
            Some(db) if *db.code() == SqlState::UNIQUE_VIOLATION => {
                StoreError::Conflict(db.message().to_string())
            }
            Some(db) => StoreError::Postgres(format!("{} ({})", db.message(), db.code().code())),
            None if e.is_closed() => StoreError::Unavailable(format!("connection closed: {e}")),
            None => StoreError::Postgres(full_message(&e)),
        }
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> StoreError {
        match e {
            deadpool_postgres::PoolError::Backend(e) => StoreError::Unavailable(full_message(&e)),
            e => StoreError::Unavailable(e.to_string()),
        }
    }
}

/// An error with its causes, `outer: inner: ...`.
fn full_message(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// A PostgreSQL URL with its password left out, to show.
#[must_use]
pub fn shown_url(config: &tokio_postgres::Config) -> String {
    use tokio_postgres::config::Host;
    let user = config.get_user().unwrap_or("");
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(h)) => h.clone(),
        Some(Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let db = config.get_dbname().unwrap_or(user);
    format!("postgres://{user}@{host}:{port}/{db}")
}

/// Parses a PostgreSQL URL (`postgres://user:password@host:port/db`).
///
/// # Errors
/// [`StoreError::BadAddress`] saying what does not parse.
pub fn parse_url(url: &str) -> Result<tokio_postgres::Config, StoreError> {
    let mut config: tokio_postgres::Config = url
        .parse()
        .map_err(|e: tokio_postgres::Error| StoreError::BadAddress(full_message(&e)))?;
    if config.get_hosts().is_empty() {
        return Err(StoreError::BadAddress(
            "the address names no host (postgres://USER:PASSWORD@HOST:PORT/DATABASE)".into(),
        ));
    }
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    config.application_name("menagerie");
    Ok(config)
}

/// The runtime the pool's connections run on, on a thread of its own
/// that ends when the returned sender is dropped.
fn start_runtime() -> Result<(tokio::runtime::Handle, tokio::sync::oneshot::Sender<()>), StoreError>
{
    let (handle_tx, handle_rx) = std::sync::mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    std::thread::Builder::new()
        .name("postgres-store".into())
        .spawn(move || {
            let rt = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("postgres-io")
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = handle_tx.send(Err(e.to_string()));
                    return;
                }
            };
            let _ = handle_tx.send(Ok(rt.handle().clone()));
            rt.block_on(async {
                let _ = stopped.await;
            });
        })
        .map_err(|e| StoreError::Unavailable(format!("cannot start a thread: {e}")))?;
    let handle = handle_rx
        .recv()
        .map_err(|_| StoreError::Unavailable("the store's runtime did not start".into()))?
        .map_err(|e| StoreError::Unavailable(format!("cannot start a runtime: {e}")))?;
    Ok((handle, stop))
}

impl PgStore {
    /// Connects to the database at `url`, and brings its schema up to date
    /// (see [`schema`]). Pooled connections are checked with a trivial
    /// query before each use, so one the database dropped (a restart) is
    /// replaced instead of failing a request.
    ///
    /// # Errors
    /// [`StoreError::BadAddress`] for a URL that does not parse,
    /// [`StoreError::Unavailable`] when the server cannot be reached,
    /// [`StoreError::SchemaTooNew`] for a database of a newer Menagerie.
    pub fn open(url: &str) -> Result<PgStore, StoreError> {
        let config = parse_url(url)?;
        let shown = shown_url(&config);
        let listener_config = config.clone();
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Verified,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(CONNECT_TIMEOUT))
            .create_timeout(Some(CONNECT_TIMEOUT))
            .recycle_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .map_err(|e| StoreError::BadAddress(e.to_string()))?;
        let (rt, stop) = start_runtime()?;
        let (changes, _) = tokio::sync::broadcast::channel(1024);
        let store = PgStore {
            pool,
            rt,
            _stop: stop,
            shown,
            origin: notify::new_origin(),
            changes,
        };
        store.call(|mut c| async move { schema::migrate(&mut c).await })?;
        store.rt.spawn(notify::listen(
            listener_config,
            store.origin.clone(),
            store.changes.clone(),
        ));
        Ok(store)
    }

    /// The database's address without its password.
    #[must_use]
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// Runs `work` on a pooled connection on the store's runtime and waits
    /// for its answer.
    fn call<T, F, Fut>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(Object) -> Fut + Send + 'static,
        Fut: Future<Output = Result<T, StoreError>> + Send,
    {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let pool = self.pool.clone();
        self.rt.spawn(async move {
            let answer = match pool.get().await {
                Ok(c) => work(c).await,
                Err(e) => Err(e.into()),
            };
            let _ = tx.send(answer);
        });
        rx.recv()
            .map_err(|_| StoreError::Unavailable("the store's runtime stopped".into()))?
    }
}

impl Store for PgStore {
    fn create_game(&self, game: &GameRow) -> Result<(), StoreError> {
        let game = game.clone();
        self.call(move |c| async move { queries::create_game(&**c, &game).await })
    }

    fn load_game(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let id = id.to_string();
        self.call(move |mut c| async move { queries::load_game(&mut c, &id).await })
    }

    fn append_move_declining(
        &self,
        id: &str,
        mv: &MoveRow,
        declined: Option<Color>,
    ) -> Result<(), StoreError> {
        let (origin, id, mv) = (self.origin.clone(), id.to_string(), mv.clone());
        self.call(move |mut c| async move {
            guarded::append_move(&mut c, &origin, &id, &mv, declined).await
        })
    }

    fn take_back(&self, id: &str, seen: &Seen, keep: usize) -> Result<(), StoreError> {
        let (origin, id, seen) = (self.origin.clone(), id.to_string(), *seen);
        self.call(
            move |mut c| async move { guarded::take_back(&mut c, &origin, &id, seen, keep).await },
        )
    }

    fn end_game(&self, id: &str, seen: &Seen, ending: &Ending) -> Result<(), StoreError> {
        let (origin, id, seen, ending) =
            (self.origin.clone(), id.to_string(), *seen, ending.clone());
        self.call(move |mut c| async move {
            guarded::end_game(&mut c, &origin, &id, seen, &ending).await
        })
    }

    fn set_draw_offer(&self, id: &str, seen: &Seen, side: Option<Color>) -> Result<(), StoreError> {
        let (origin, id, seen) = (self.origin.clone(), id.to_string(), *seen);
        self.call(move |mut c| async move {
            guarded::set_draw_offer(&mut c, &origin, &id, seen, side).await
        })
    }

    fn ping(&self) -> Result<(), StoreError> {
        self.call(|c| async move {
            c.execute("SELECT 1", &[]).await?;
            Ok(())
        })
    }

    fn announce(&self, note: &str) -> Result<(), StoreError> {
        let (origin, note) = (self.origin.clone(), note.to_string());
        self.call(move |c| async move {
            c.execute(
                "SELECT pg_notify($1::text, $2::text || ' ' || $3::text)",
                &[&notify::CHANNEL, &origin, &note],
            )
            .await?;
            Ok(())
        })
    }

    fn changes(&self) -> Option<tokio::sync::broadcast::Receiver<String>> {
        Some(self.changes.subscribe())
    }

    fn jobs(&self) -> Option<&dyn JobStore> {
        Some(self)
    }

    fn save_setup(&self, setup: &SetupRow) -> Result<(), StoreError> {
        let setup = setup.clone();
        self.call(move |c| async move { queries::save_setup(&**c, &setup).await })
    }

    fn list_setups(&self) -> Result<Vec<SetupRow>, StoreError> {
        self.call(|c| async move {
            queries::setups_where(
                &c,
                "TRUE ORDER BY owner COLLATE \"C\", name COLLATE \"C\"",
                &[],
            )
            .await
        })
    }

    fn player_setups(&self, owner: &str) -> Result<Vec<SetupRow>, StoreError> {
        let owner = owner.to_string();
        self.call(move |c| async move {
            queries::setups_where(&c, "owner = $1 ORDER BY name COLLATE \"C\"", &[&owner]).await
        })
    }

    fn find_setup(&self, owner: &str, name: &str) -> Result<Option<SetupRow>, StoreError> {
        let (owner, name) = (owner.to_string(), name.to_string());
        self.call(move |c| async move {
            let mut rows =
                queries::setups_where(&c, "owner = $1 AND name = $2", &[&owner, &name]).await?;
            Ok(rows.pop())
        })
    }

    fn count_setups(&self) -> Result<u64, StoreError> {
        self.call(|c| async move { queries::count_setups(&c).await })
    }

    fn delete_setup(&self, owner: &str, name: &str) -> Result<bool, StoreError> {
        let (owner, name) = (owner.to_string(), name.to_string());
        self.call(move |c| async move { queries::delete_setup(&c, &owner, &name).await })
    }

    fn load_review(&self, id: &str) -> Result<Option<ReviewRow>, StoreError> {
        let id = id.to_string();
        self.call(move |mut c| async move { reviews::load(&mut c, &id).await })
    }

    fn begin_review(
        &self,
        id: &str,
        total_plies: usize,
        budget_json: &str,
        keep: usize,
    ) -> Result<(), StoreError> {
        let (id, budget) = (id.to_string(), budget_json.to_string());
        self.call(move |mut c| async move {
            reviews::begin(&mut c, &id, total_plies, &budget, keep).await
        })
    }

    fn save_review_ply(&self, id: &str, row: &ReviewPlyRow) -> Result<(), StoreError> {
        let (id, row) = (id.to_string(), row.clone());
        self.call(move |c| async move { reviews::save_ply(&c, &id, &row).await })
    }

    fn finish_review(&self, id: &str) -> Result<(), StoreError> {
        let id = id.to_string();
        self.call(move |c| async move { reviews::finish(&c, &id).await })
    }

    fn unfinished_reviews(&self) -> Result<Vec<String>, StoreError> {
        self.call(|c| async move { reviews::unfinished(&c).await })
    }

    fn create_challenge(&self, ch: &ChallengeRow) -> Result<(), StoreError> {
        let ch = ch.clone();
        self.call(move |c| async move { lobby::create_challenge(&**c, &ch).await })
    }

    fn load_challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> {
        let id = id.to_string();
        self.call(move |c| async move { lobby::load_challenge(&**c, &id).await })
    }

    fn open_challenges(
        &self,
        offset: usize,
        limit: usize,
    ) -> Result<(Vec<ChallengeRow>, usize), StoreError> {
        self.call(move |mut c| async move { lobby::open_challenges(&mut c, offset, limit).await })
    }

    fn count_open_challenges(
        &self,
        player: &str,
        address: &str,
    ) -> Result<(usize, usize), StoreError> {
        let (player, address) = (player.to_string(), address.to_string());
        self.call(
            move |c| async move { lobby::count_open_challenges(&**c, &player, &address).await },
        )
    }

    fn claim_challenge(&self, id: &str, game_id: &str) -> Result<bool, StoreError> {
        let (id, game_id) = (id.to_string(), game_id.to_string());
        self.call(move |c| async move { lobby::claim_challenge(&**c, &id, &game_id).await })
    }

    fn cancel_challenge(&self, id: &str, player: &str) -> Result<bool, StoreError> {
        let (id, player) = (id.to_string(), player.to_string());
        self.call(move |c| async move { lobby::cancel_challenge(&**c, &id, &player).await })
    }

    fn touch_challenges(&self, player: &str, now_ms: i64) -> Result<(), StoreError> {
        let player = player.to_string();
        self.call(move |c| async move { lobby::touch_challenges(&**c, &player, now_ms).await })
    }

    fn lapse_challenges(&self, now_ms: i64) -> Result<usize, StoreError> {
        self.call(move |c| async move { lobby::lapse_challenges(&**c, now_ms).await })
    }

    fn set_public_from(
        &self,
        id: &str,
        created_ms: i64,
        address: Option<&str>,
    ) -> Result<(), StoreError> {
        let (id, address) = (id.to_string(), address.map(str::to_string));
        self.call(move |c| async move {
            lobby::set_public(&**c, &id, created_ms, address.as_deref()).await
        })
    }

    fn live_public_games(&self, address: &str) -> Result<Vec<String>, StoreError> {
        let address = address.to_string();
        self.call(move |c| async move { lobby::live_public_games(&**c, &address).await })
    }

    fn release_public(&self, id: &str) -> Result<(), StoreError> {
        let id = id.to_string();
        self.call(move |c| async move { lobby::release_public(&**c, &id).await })
    }

    fn public_games(&self, offset: usize, limit: usize) -> Result<Vec<String>, StoreError> {
        self.call(move |c| async move { lobby::public_games(&**c, offset, limit).await })
    }

    fn unfinished_correspondence(&self) -> Result<Vec<String>, StoreError> {
        self.call(|c| async move { lobby::unfinished_correspondence(&**c).await })
    }

    fn claim_ticket(&self, id: &str, now_ms: i64) -> Result<bool, StoreError> {
        let (origin, id) = (self.origin.clone(), id.to_string());
        self.call(move |c| async move { queries::claim_ticket(&**c, &origin, &id, now_ms).await })
    }

    fn set_game_names(&self, id: &str, white: &str, black: &str) -> Result<(), StoreError> {
        let (origin, id) = (self.origin.clone(), id.to_string());
        let (white, black) = (white.to_string(), black.to_string());
        self.call(move |c| async move {
            lobby::set_game_names(&**c, &origin, &id, &white, &black).await
        })
    }

    fn game_names(&self, id: &str) -> Result<Option<(String, String)>, StoreError> {
        let id = id.to_string();
        self.call(move |c| async move { lobby::game_names(&**c, &id).await })
    }

    fn load_rematch(&self, id: &str) -> Result<Option<RematchRow>, StoreError> {
        let id = id.to_string();
        self.call(move |c| async move { rematch::load(&**c, &id).await })
    }

    fn offer_rematch(&self, id: &str, side: Color, now_ms: i64) -> Result<bool, StoreError> {
        let (origin, id) = (self.origin.clone(), id.to_string());
        self.call(move |c| async move { rematch::offer(&**c, &origin, &id, side, now_ms).await })
    }

    fn claim_rematch(
        &self,
        id: &str,
        new: &str,
        tokens: &[String; 2],
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let (id, new, tokens) = (id.to_string(), new.to_string(), tokens.clone());
        self.call(move |c| async move { rematch::claim(&**c, &id, &new, &tokens, now_ms).await })
    }

    fn release_rematch(&self, id: &str, new: &str) -> Result<(), StoreError> {
        let (origin, id, new) = (self.origin.clone(), id.to_string(), new.to_string());
        self.call(move |c| async move { rematch::release(&**c, &origin, &id, &new).await })
    }
}

impl JobStore for PgStore {
    fn enqueue(&self, kind: JobKind, game_id: &str, ply: usize) -> Result<bool, StoreError> {
        let game_id = game_id.to_string();
        self.call(move |c| async move { jobs::enqueue(&c, kind, &game_id, ply).await })
    }

    fn claim(
        &self,
        kind: JobKind,
        owner: &str,
        lease: Duration,
    ) -> Result<Option<JobRow>, StoreError> {
        let owner = owner.to_string();
        self.call(move |c| async move { jobs::claim(&c, kind, &owner, lease).await })
    }

    fn renew(&self, id: i64, owner: &str, lease: Duration) -> Result<bool, StoreError> {
        let owner = owner.to_string();
        self.call(move |c| async move { jobs::renew(&c, id, &owner, lease).await })
    }

    fn finish(&self, id: i64, owner: &str) -> Result<bool, StoreError> {
        let owner = owner.to_string();
        self.call(move |c| async move { jobs::finish(&c, id, &owner).await })
    }

    fn release(&self, id: i64, owner: &str) -> Result<bool, StoreError> {
        let owner = owner.to_string();
        self.call(move |c| async move { jobs::release(&c, id, &owner).await })
    }

    fn release_all(&self, owner: &str) -> Result<usize, StoreError> {
        let owner = owner.to_string();
        self.call(move |c| async move { jobs::release_all(&c, &owner).await })
    }

    fn has_job(&self, kind: JobKind, game_id: &str) -> Result<bool, StoreError> {
        let game_id = game_id.to_string();
        self.call(move |c| async move { jobs::has_job(&c, kind, &game_id).await })
    }

    fn list_jobs(&self) -> Result<Vec<JobRow>, StoreError> {
        self.call(|c| async move { jobs::list(&c).await })
    }
}

/// A count or ply as PostgreSQL's `BIGINT`.
fn to_i64(v: usize) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// A stored `BIGINT` count or ply (negative ones read as 0).
fn to_usize(v: i64) -> usize {
    usize::try_from(v).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_urls_are_refused_with_a_reason() {
        for url in [
            "postgres://",
            "postgres://host:notaport/db",
            "postgres://[::1",
        ] {
            let err = parse_url(url).unwrap_err();
            assert!(matches!(err, StoreError::BadAddress(_)), "{url}: {err}");
        }
    }

    #[test]
    fn the_shown_url_leaves_the_password_out() {
        let c = parse_url("postgres://me:secret@db.example:6543/games").unwrap();
        assert_eq!(shown_url(&c), "postgres://me@db.example:6543/games");
    }

    #[test]
    fn an_unreachable_server_is_an_error_not_a_hang() {
        // Port 1 on loopback: nothing listens there.
        let started = std::time::Instant::now();
        let err = PgStore::open("postgres://me@127.0.0.1:1/x").unwrap_err();
        assert!(matches!(err, StoreError::Unavailable(_)), "{err}");
        assert!(started.elapsed() < CONNECT_TIMEOUT * 3);
    }
}
