//! Engine work surviving the loss of a server (PostgreSQL, the server named
//! by `MENAGERIE_TEST_PG`; without it these tests are skipped with a
//! notice): two `menagerie serve` processes on one database with a short
//! job lease. The one running a review, or searching an engine reply, is
//! killed with SIGKILL; the other claims the job once the lease has run
//! out and finishes it: every position of the review judged, the engine's
//! move played once. A server stopped with SIGTERM hands its review back
//! at once (the lease is long there, so only the hand-back explains the
//! takeover).

use crate::client;
use crate::pg;

use client::{view_moves, Client};
use pg::{server_url, ScratchDb};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tokio_postgres::NoTls;

/// Plies of the reviewed game (some 30 positions at the default budget:
/// seconds of one core).
const PLIES: usize = 30;

/// The longest a review or a reply may take before the test fails.
const LIMIT: Duration = Duration::from_secs(60);

/// The longest a job may wait to be held by a server (after a kill: the
/// lease, then a claim) before the test fails.
const TAKEOVER_LIMIT: Duration = Duration::from_secs(20);

/// A `menagerie serve` process, killed when dropped.
struct Serve {
    child: Child,
    addr: SocketAddr,
}

impl Serve {
    /// Starts `menagerie serve` on `db` with a job lease of `lease_ms`.
    fn start(db: &str, lease_ms: u64) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .args(["serve", "--port", "0", "--db", db, "--job-lease-ms"])
            .arg(lease_ms.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("menagerie serve starts");
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        out.read_line(&mut line).expect("first line");
        std::thread::spawn(move || std::io::copy(&mut out, &mut std::io::sink()));
        let addr = line
            .trim()
            .strip_prefix("Menagerie is serving at http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .parse()
            .expect("an address");
        Serve { child, addr }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGKILL and waits for the process to end.
    fn kill_9(&mut self) {
        self.child.kill().expect("SIGKILL");
        let _ = self.child.wait();
    }

    /// Sends SIGTERM and waits (bounded) for the process to exit by itself.
    fn terminate(&mut self) -> Duration {
        let started = Instant::now();
        let sent = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status()
            .expect("kill -TERM");
        assert!(sent.success());
        while self.child.try_wait().expect("wait").is_none() {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the server did not stop within 20 s of SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        started.elapsed()
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A connection to the test's database, to watch the jobs table.
async fn connect(url: &str) -> tokio_postgres::Client {
    let (c, conn) = tokio_postgres::connect(url, NoTls)
        .await
        .expect("connect to the scratch database");
    tokio::spawn(conn);
    c
}

/// The process id in a job's owner (`HOST:PID:RANDOM`).
fn owner_pid(owner: &str) -> Option<u32> {
    owner.split(':').nth(1)?.parse().ok()
}

/// The owner of game `id`'s job of `kind`, if one is queued or held
/// (`Some(None)` for a queued one), and how many of its rows of `counted`
/// are stored (`review_plies` or `moves`).
async fn job_state(
    db: &tokio_postgres::Client,
    kind: &str,
    id: &str,
    counted: &str,
) -> (Option<Option<String>>, i64) {
    let row = db
        .query_one(
            &format!(
                "SELECT (SELECT ARRAY[owner] FROM jobs WHERE kind = $1 AND game_id = $2
                    ORDER BY id LIMIT 1),
                    (SELECT COUNT(*) FROM {counted} WHERE game_id = $2)"
            ),
            &[&kind, &id],
        )
        .await
        .expect("the jobs table");
    let owner: Option<Vec<Option<String>>> = row.get(0);
    (owner.map(|o| o.into_iter().next().flatten()), row.get(1))
}

/// Waits up to `limit` until game `id`'s job of `kind` is held by a server
/// and `ready` holds of the holder's process id and the count of `counted`;
/// the holder's process id and the count. A wait on the job's own progress
/// (rows stored) takes [`LIMIT`], as the job's work does on a loaded
/// machine; a wait on a takeover takes [`TAKEOVER_LIMIT`].
async fn wait_held(
    db: &tokio_postgres::Client,
    kind: &str,
    id: &str,
    counted: &str,
    limit: Duration,
    ready: impl Fn(u32, i64) -> bool,
) -> (u32, i64) {
    let started = Instant::now();
    loop {
        if let (Some(Some(owner)), n) = job_state(db, kind, id, counted).await {
            let pid = owner_pid(&owner).expect("a pid in the owner");
            if ready(pid, n) {
                return (pid, n);
            }
        }
        assert!(
            started.elapsed() < limit,
            "the {kind} job of {id} was not held by a server as wanted within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Waits until game `id`'s review has stored a few positions (its own
/// progress, so up to [`LIMIT`]); the holder's process id and the count.
async fn wait_review_stored(db: &tokio_postgres::Client, id: &str) -> (u32, i64) {
    wait_held(db, "review", id, "review_plies", LIMIT, |_, n| n >= 3).await
}

/// Waits until game `id`'s review is held by a server other than `pid`
/// (a takeover, so up to [`TAKEOVER_LIMIT`]); the new holder's process id.
async fn wait_review_taken_over(db: &tokio_postgres::Client, id: &str, pid: u32) -> u32 {
    let (taker, _) = wait_held(db, "review", id, "review_plies", TAKEOVER_LIMIT, |p, _| {
        p != pid
    })
    .await;
    taker
}

/// Plays `plies` plies of a chess game at one screen on `c` (each the
/// `(7 * i)`-th legal action); its id, token and plies played.
async fn local_game(c: &Client, plies: usize) -> (String, String, usize) {
    let body = json!({ "variant": "chess", "opponent": { "kind": "local" } });
    let a = c.expect(201, "POST", "/api/games", None, Some(&body)).await;
    let a = a.expect("a game");
    let id = a.json["id"].as_str().expect("id").to_string();
    let token = a.json["token"].as_str().expect("token").to_string();
    let mut view = c
        .expect(200, "GET", &format!("/api/games/{id}"), Some(&token), None)
        .await
        .expect("the game")
        .json;
    for i in 0..plies {
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        let Some(action) = legal.get(i * 7 % legal.len().max(1)) else {
            break;
        };
        let body = json!({ "move": action["text"] });
        let path = format!("/api/games/{id}/moves");
        view = c
            .expect(200, "POST", &path, Some(&token), Some(&body))
            .await
            .expect("a move")
            .json;
    }
    let played = view_moves(&view).len();
    (id, token, played)
}

/// Reads game `id`'s review on `c` until it is done; the review.
async fn review_done(c: &Client, id: &str, token: &str) -> Value {
    let started = Instant::now();
    let path = format!("/api/games/{id}/review");
    loop {
        let v = c
            .expect(200, "GET", &path, Some(token), None)
            .await
            .expect("the review")
            .json;
        if v["status"] == "done" {
            return v;
        }
        assert!(
            started.elapsed() < LIMIT,
            "the review was not finished after {LIMIT:?}: {v}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Every position of `plies` plies is in the review, each with an
/// evaluation and an expected score, each move after the start judged.
fn check_review(review: &Value, plies: usize) {
    assert_eq!(
        review["done_plies"].as_u64(),
        Some(plies as u64),
        "{review}"
    );
    assert_eq!(review["total_plies"].as_u64(), Some(plies as u64));
    let p = review["plies"].as_array().expect("plies");
    assert_eq!(p.len(), plies + 1, "the start and every ply");
    for (i, ply) in p.iter().enumerate() {
        assert_eq!(ply["ply"], i);
        assert!(ply["eval"].is_object(), "ply {i}: {ply}");
        assert!(
            ply["expected"]
                .as_f64()
                .is_some_and(|e| (0.0..=1.0).contains(&e)),
            "ply {i}: {ply}"
        );
        if i > 0 {
            assert!(
                ply["move"].is_string() && ply["loss"].is_number(),
                "ply {i}: {ply}"
            );
        }
    }
}

/// The two servers, and which is which by process id.
fn pick(servers: &mut [Serve; 2], pid: u32) -> (&mut Serve, &Serve) {
    let [a, b] = servers;
    if a.pid() == pid {
        (a, b)
    } else {
        assert_eq!(b.pid(), pid, "the job's owner is one of the two servers");
        (b, a)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_survives_kill_9_of_the_server_running_it() {
    let Some(server) = server_url("a_review_survives_kill_9_of_the_server_running_it") else {
        return;
    };
    let pg = ScratchDb::new(&server);
    let lease = Duration::from_millis(1500);
    let mut servers = [
        Serve::start(&pg.url, lease.as_millis() as u64),
        Serve::start(&pg.url, lease.as_millis() as u64),
    ];
    let db = connect(&pg.url).await;
    let c = Client::new(servers[0].addr);
    let (id, token, plies) = local_game(&c, PLIES).await;
    assert!(plies >= 20, "a game of {plies} plies is too short a review");
    let path = format!("/api/games/{id}/review");
    c.expect(202, "POST", &path, Some(&token), Some(&json!({})))
        .await
        .expect("the review starts");
    // Kill the server holding the job once it has stored a few positions.
    let (pid, stored) = wait_review_stored(&db, &id).await;
    let (running, other) = pick(&mut servers, pid);
    running.kill_9();
    let killed = Instant::now();
    assert!(
        (stored as usize) < plies + 1,
        "the review was complete before the kill"
    );
    let taker = wait_review_taken_over(&db, &id, pid).await;
    let taken = killed.elapsed();
    assert_eq!(taker, other.pid(), "the surviving server took the job over");
    let c = Client::from(other.addr, 2);
    let review = review_done(&c, &id, &token).await;
    check_review(&review, plies);
    let (job, rows) = job_state(&db, "review", &id, "review_plies").await;
    assert_eq!(
        (job, rows),
        (None, plies as i64 + 1),
        "done, its job deleted"
    );
    eprintln!(
        "review of {plies} plies: killed with {stored} positions stored, taken over {} ms \
         after the kill (lease {} ms), done {} ms after the kill",
        taken.as_millis(),
        lease.as_millis(),
        killed.elapsed().as_millis()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_reply_survives_kill_9_of_the_server_searching_it() {
    let Some(server) = server_url("an_engine_reply_survives_kill_9_of_the_server_searching_it")
    else {
        return;
    };
    let pg = ScratchDb::new(&server);
    let lease = Duration::from_millis(1500);
    let mut servers = [
        Serve::start(&pg.url, lease.as_millis() as u64),
        Serve::start(&pg.url, lease.as_millis() as u64),
    ];
    let db = connect(&pg.url).await;
    let c = Client::new(servers[0].addr);
    // Level 10 thinks about a second: time to kill the server mid-search.
    let body = json!({ "variant": "chess", "opponent": { "kind": "engine", "level": 10 },
        "color": "white" });
    let a = c.expect(201, "POST", "/api/games", None, Some(&body)).await;
    let a = a.expect("a game");
    let id = a.json["id"].as_str().expect("id").to_string();
    let token = a.json["token"].as_str().expect("token").to_string();
    let path = format!("/api/games/{id}/moves");
    c.expect(
        200,
        "POST",
        &path,
        Some(&token),
        Some(&json!({ "move": "e2e4" })),
    )
    .await
    .expect("White's move");
    let (pid, moves) = wait_held(&db, "reply", &id, "moves", TAKEOVER_LIMIT, |_, _| true).await;
    let (searching, other) = pick(&mut servers, pid);
    searching.kill_9();
    let killed = Instant::now();
    let (_, after_kill) = job_state(&db, "reply", &id, "moves").await;
    assert_eq!(
        (moves, after_kill),
        (1, 1),
        "the engine replied before its server was killed: nothing to take over"
    );
    let c = Client::from(other.addr, 2);
    let game = format!("/api/games/{id}");
    let view = loop {
        let v = c
            .expect(200, "GET", &game, Some(&token), None)
            .await
            .expect("the game")
            .json;
        if view_moves(&v).len() >= 2 {
            break v;
        }
        assert!(
            killed.elapsed() < LIMIT,
            "no reply {LIMIT:?} after the kill: moves {:?}",
            view_moves(&v)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let replied = killed.elapsed();
    assert_eq!(view_moves(&view).len(), 2, "one reply: {view}");
    assert_eq!(view_moves(&view)[0], "e2e4");
    // The job is gone and no second reply follows (the database holds 2 moves).
    let started = Instant::now();
    loop {
        let (job, moves) = job_state(&db, "reply", &id, "moves").await;
        assert_eq!(moves, 2, "exactly the move and its reply");
        if job.is_none() {
            break;
        }
        assert!(
            started.elapsed() < LIMIT,
            "the reply job was never finished"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    eprintln!(
        "engine reply: its server killed mid-search, the reply played by the other {} ms \
         after the kill (lease {} ms)",
        replied.as_millis(),
        lease.as_millis()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_stopped_with_sigterm_hands_its_review_back() {
    let Some(server) = server_url("a_server_stopped_with_sigterm_hands_its_review_back") else {
        return;
    };
    let pg = ScratchDb::new(&server);
    // A lease no test waits out: only a hand-back lets the other server in.
    let lease = Duration::from_secs(600);
    let mut servers = [
        Serve::start(&pg.url, lease.as_millis() as u64),
        Serve::start(&pg.url, lease.as_millis() as u64),
    ];
    let db = connect(&pg.url).await;
    let c = Client::new(servers[0].addr);
    let (id, token, plies) = local_game(&c, PLIES).await;
    let path = format!("/api/games/{id}/review");
    c.expect(202, "POST", &path, Some(&token), Some(&json!({})))
        .await
        .expect("the review starts");
    let (pid, stored) = wait_review_stored(&db, &id).await;
    let (running, other) = pick(&mut servers, pid);
    let stopped_in = running.terminate();
    let taker = wait_review_taken_over(&db, &id, pid).await;
    assert_eq!(
        taker,
        other.pid(),
        "the other server took the handed-back job"
    );
    let c = Client::from(other.addr, 2);
    check_review(&review_done(&c, &id, &token).await, plies);
    eprintln!(
        "SIGTERM with {stored} positions stored: stopped in {} ms, the review handed back \
         and finished by the other server",
        stopped_in.as_millis()
    );
}
