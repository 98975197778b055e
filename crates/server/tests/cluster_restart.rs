//! The whole PostgreSQL cluster stopped and started again in the middle of
//! a game played through two servers (the cluster named by
//! `MENAGERIE_TEST_PG`, stopped and started with `MENAGERIE_TEST_PG_CTL`
//! on the data folder `MENAGERIE_TEST_PG_DATA`, as `.ci/pg-cluster.sh`
//! exports them; without them the test is skipped with a notice): a move
//! sent while the database is down is refused, not acknowledged; after
//! the start both servers reconnect (pool and `LISTEN` follower), every
//! acknowledged move is still there, play goes on through both servers,
//! and each server's event stream sees the other's moves.

use crate::support;

use serde_json::json;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use support::cluster::{first_legal, link_game, plies, stored_moves, two_servers};
use support::pg::{server_url, ScratchDb};
use support::sse::Events;
use support::{view_moves, Client};

/// How long a server may take to see the other's move after the restart
/// (its follower reconnects with a backoff of at most 2 s).
const AFTER_RESTART_LIMIT: Duration = Duration::from_secs(6);

/// How to run `pg_ctl` on the test cluster: the command and the data folder.
#[derive(Clone)]
struct PgCtl {
    command: Vec<String>,
    data: PathBuf,
}

impl PgCtl {
    /// From the environment, or `None` after printing why the test is skipped.
    fn from_env(what: &str) -> Option<PgCtl> {
        let command = std::env::var("MENAGERIE_TEST_PG_CTL").unwrap_or_default();
        let data = std::env::var("MENAGERIE_TEST_PG_DATA").unwrap_or_default();
        if command.trim().is_empty() || data.is_empty() {
            eprintln!(
                "note: MENAGERIE_TEST_PG_CTL and MENAGERIE_TEST_PG_DATA are not both set \
                 (source .ci/pg-cluster.sh and run pg_cluster_start), so {what} is skipped"
            );
            return None;
        }
        let command = command.split_whitespace().map(str::to_string).collect();
        Some(PgCtl {
            command,
            data: PathBuf::from(data),
        })
    }

    /// Runs `pg_ctl ACTION` on the cluster and waits for it to finish.
    fn run(&self, action: &str) {
        let log = self
            .data
            .parent()
            .map_or_else(|| self.data.join("restart.log"), |p| p.join("server.log"));
        let status = std::process::Command::new(&self.command[0])
            .args(&self.command[1..])
            .arg("-D")
            .arg(&self.data)
            .arg("-l")
            .arg(&log)
            .args(["-m", "fast", "-w", "-t", "30", action])
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("run pg_ctl");
        assert!(status.success(), "pg_ctl {action}: {status}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_goes_on_after_the_postgresql_cluster_restarts() {
    let what = "play_goes_on_after_the_postgresql_cluster_restarts";
    let Some(server) = server_url(what) else {
        return;
    };
    let Some(pg_ctl) = PgCtl::from_env(what) else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    let (id, wt, bt) = link_game(&ca).await;
    let mut white_a = Events::open(a.addr, &format!("/api/games/{id}/events?seat={wt}"))
        .await
        .unwrap();
    let mut black_b = Events::open(b.addr, &format!("/api/games/{id}/events?seat={bt}"))
        .await
        .unwrap();
    let path = format!("/api/games/{id}/moves");
    let mut acknowledged = Vec::new();
    for ply in 1..=10 {
        let (mover, token, other) = if ply % 2 == 1 {
            (&ca, &wt, &mut black_b)
        } else {
            (&cb, &bt, &mut white_a)
        };
        let view = mover
            .expect(200, "GET", &format!("/api/games/{id}"), Some(token), None)
            .await
            .unwrap()
            .json;
        assert_eq!(
            view_moves(&view),
            acknowledged,
            "ply {ply}: the mover's server"
        );
        let text = first_legal(&view);
        let body = json!({ "move": text });
        if ply == 5 {
            // The cluster goes down: the move is refused, not acknowledged.
            tokio::task::spawn_blocking({
                let c = pg_ctl.clone();
                move || c.run("stop")
            })
            .await
            .unwrap();
            let refused = mover.send("POST", &path, Some(token), Some(&body)).await;
            // Started again before anything is checked, so that a failure
            // here leaves the cluster up for the other tests.
            tokio::task::spawn_blocking({
                let c = pg_ctl.clone();
                move || c.run("start")
            })
            .await
            .unwrap();
            let refused = refused.unwrap();
            assert_eq!(
                refused.status, 503,
                "a move while the database is down: {}",
                refused.json
            );
            assert_eq!(
                refused.json["error"], "database_unavailable",
                "{}",
                refused.json
            );
        }
        let sent = Instant::now();
        mover
            .expect(200, "POST", &path, Some(token), Some(&body))
            .await
            .unwrap_or_else(|e| panic!("ply {ply} after {:?}: {e}", sent.elapsed()));
        acknowledged.push(text);
        let (_, there) = other
            .until(AFTER_RESTART_LIMIT, plies(ply))
            .await
            .unwrap_or_else(|e| panic!("ply {ply} on the other server's stream: {e}"));
        assert_eq!(view_moves(&there), acknowledged, "ply {ply}");
    }
    assert_eq!(
        stored_moves(&db, &id),
        acknowledged,
        "every acknowledged move, once"
    );
}
