//! # menagerie-server
//!
//! `menagerie serve`: a JSON API over the rules and the engine (see
//! `docs/api.md`), SQLite storage of every game and action, live updates by
//! server-sent events, and the browser page built into the binary. All rules
//! stay here; the page shows what the server says is legal.
//!
//! ```no_run
//! let config = menagerie_server::Config::default();
//! menagerie_server::run(&config).unwrap();
//! ```
#![deny(missing_docs)]

pub mod assets;
pub mod board;
pub mod budget;
pub mod draws;
pub mod dto;
pub mod engine_queue;
pub mod error;
pub mod explain;
pub mod follow;
pub mod game;
pub mod ids;
pub mod jobs;
pub mod lobby;
pub mod pgn;
pub mod rate;
pub mod readable;
pub mod records;
pub mod review;
pub mod routes;
pub mod serving;
pub mod state;
pub mod store;
pub mod variants;
pub mod view;

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use routes::router;
pub use state::AppState;
pub use store::{PgStore, SqliteStore, Store};

/// How to run the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Address to listen on.
    pub host: String,
    /// Port to listen on (0: any free port).
    pub port: u16,
    /// The database: a SQLite file (created on first run), or a
    /// PostgreSQL URL (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`).
    pub db: PathBuf,
    /// Engine searches at once (default: the number of cores).
    pub engine_workers: usize,
    /// Requests a client may make at once before the rate limit applies.
    pub rate_burst: u32,
    /// Requests per second a client regains.
    pub rate_per_second: u32,
    /// Nodes searched per position of a game review (`docs/review.md`).
    pub review_nodes: u64,
    /// How long a job claimed on PostgreSQL stays with this server without
    /// a renewal (see [`jobs`]).
    pub job_lease: std::time::Duration,
    /// Reverse proxies believed about their clients' addresses
    /// (`X-Real-IP`, `X-Forwarded-For`) for the rate limit and the
    /// lobby's limits; empty (the default): the headers are ignored.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// How long a connection may take to send a request's head, and may
    /// sit with nothing moving (see [`serving`]).
    pub timeouts: serving::Timeouts,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: "127.0.0.1".into(),
            port: 8080,
            db: PathBuf::from("menagerie.db"),
            engine_workers: std::thread::available_parallelism().map_or(2, usize::from),
            rate_burst: 120,
            rate_per_second: 20,
            review_nodes: review::REVIEW_NODES,
            job_lease: jobs::DEFAULT_LEASE,
            trusted_proxies: Vec::new(),
            timeouts: serving::Timeouts::default(),
        }
    }
}

/// The application over `store` with `config`'s limits. Inside a Tokio
/// runtime, the reviews a previous process left unfinished start again,
/// and the changes other servers make to the same database are followed.
pub fn app(store: Arc<dyn Store>, config: &Config) -> axum::Router {
    router(started(store, config))
}

/// The state over `store` with `config`'s limits, its background work
/// started (inside a Tokio runtime): unfinished reviews resumed, other
/// servers' changes followed, the lobby swept, and on PostgreSQL the job
/// workers.
pub fn started(store: Arc<dyn Store>, config: &Config) -> AppState {
    let state = AppState::from_config(store, config);
    jobs::start(&state);
    review::resume_all(&state);
    follow::start(&state);
    lobby::spawn_sweeper(&state);
    state
}

/// Opens the database, binds the address, prints where to open the page
/// and serves until the process ends.
///
/// # Errors
/// A sentence saying what failed (the database, the address).
pub async fn serve(config: &Config) -> Result<(), String> {
    let store = store::open(&config.db)?;
    let state = started(store, config);
    let app = router(state.clone());
    let addr = format!("{}:{}", config.host, config.port);
    let listener = tokio::net::TcpListener::bind(&addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("cannot read the bound address: {e}"))?;
    let shown = if local.ip().is_unspecified() {
        SocketAddr::from(([127, 0, 0, 1], local.port()))
    } else {
        local
    };
    // A closed standard output (`menagerie serve | head -1`) must not stop
    // the server, so these lines ignore write errors.
    let mut out = std::io::stdout();
    let _ = writeln!(out, "Menagerie is serving at http://{shown}/");
    let _ = writeln!(
        out,
        "Games are kept in {}",
        store::shown_location(&config.db)
    );
    let _ = out.flush();
    let (stopping, mut stop_seen) = tokio::sync::watch::channel(false);
    let server = serving::serve_until(listener, app, config.timeouts, {
        let jobs = state.jobs().clone();
        async move {
            shutdown_signal().await;
            jobs.begin_stopping();
            let _ = stopping.send(true);
        }
    });
    // Event streams stay open until their browsers leave, so after the
    // signal the requests under way get [`SHUTDOWN_GRACE`], then it stops.
    let grace = async move {
        let _ = stop_seen.wait_for(|s| *s).await;
        tokio::time::sleep(SHUTDOWN_GRACE).await;
    };
    let served = tokio::select! {
        done = server => done.map_err(|e| format!("the server stopped: {e}")),
        () = grace => Ok(()),
    };
    let handed = jobs::hand_back(&state, JOBS_GRACE).await;
    if handed > 0 {
        let _ = writeln!(
            std::io::stdout(),
            "Handed back {handed} engine jobs for the other servers"
        );
    }
    served
}

/// How long a stopping server lets its engine jobs end (replies finish,
/// reviews stop after their current position) before it hands back the
/// ones still running.
pub const JOBS_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// How long a stopping server lets the requests under way finish.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Resolves on Ctrl-C or (on Unix) SIGTERM: new connections are refused
/// from then on.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    let _ = writeln!(
        std::io::stdout(),
        "Stopping: finishing the requests under way"
    );
}

/// [`serve`] on a new multi-threaded runtime (for the command line).
///
/// # Errors
/// As [`serve`].
pub fn run(config: &Config) -> Result<(), String> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?
        .block_on(serve(config))
}
