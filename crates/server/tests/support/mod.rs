//! Helpers of the server's tests: the client side ([`client`]), the router
//! in this process ([`router`]) and
//! the server on a real loopback port in this process.
#![allow(dead_code, unused_imports)]

pub mod client;
pub mod cluster;
pub mod pg;
pub mod router;
pub mod sse;

pub use client::*;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The server on a real loopback port in this process; it stops when
/// dropped.
pub struct Server {
    /// Where it listens.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Serves `db` (a file) with `config`'s limits on 127.0.0.1, any port.
    #[must_use]
    pub fn start(db: &Path, config: &menagerie_server::Config) -> Server {
        let store = Arc::new(menagerie_server::SqliteStore::open(db).expect("database"));
        Server::with_store(store, config)
    }

    /// Serves `store` with `config`'s limits on 127.0.0.1, any port.
    #[must_use]
    pub fn with_store(
        store: Arc<dyn menagerie_server::Store>,
        config: &menagerie_server::Config,
    ) -> Server {
        let config = config.clone();
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                let app = menagerie_server::app(store, &config);
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind");
                addr_tx
                    .send(listener.local_addr().expect("address"))
                    .expect("send");
                // As `menagerie serve` serves (its timeouts included).
                menagerie_server::serving::serve_until(listener, app, config.timeouts, async {
                    let _ = stopped.await;
                })
                .await
                .expect("serve");
            });
            rt.shutdown_timeout(Duration::from_secs(5));
        });
        let addr = addr_rx.recv().expect("the server starts");
        Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
