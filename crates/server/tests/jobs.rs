//! The `jobs` table on PostgreSQL (the server named by `MENAGERIE_TEST_PG`;
//! without it these tests are skipped with a notice): a job is claimed by
//! exactly one of several servers claiming at once; a lease that runs out
//! makes the job claimable by another server, and the first one can then
//! neither renew nor finish it; a stopping server's jobs are handed back
//! and claimable at once; queuing is idempotent; a server's reply job for
//! a ply that already has its move ends without a move. SQLite has no jobs
//! table.

use crate::support;

use menagerie_server::game::{Mode, Player};
use menagerie_server::store::{GameRow, JobKind, JobStore, PgStore, SqliteStore, Store};
use menagerie_server::Config;
use serde_json::json;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::pg::{server_url, ScratchDb};
use support::{view_moves, Client, Server};

/// A lease no test waits for.
const LONG: Duration = Duration::from_secs(60);

fn game(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        variant: "chess".into(),
        options_json: "{}".into(),
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        mode: Mode::Engine,
        white: Player::Human,
        black: Player::Engine(3),
        white_token: "t".into(),
        black_token: String::new(),
        time_control_json: None,
        ending: None,
        draw_offer: None,
        created_ms: 1,
        creator: None,
        ticket: None,
    }
}

/// A store on a scratch database with `n` games `g0`, `g1`, ...
fn store_with_games(db: &ScratchDb, n: usize) -> PgStore {
    let store = PgStore::open(&db.url).expect("PostgreSQL store");
    for i in 0..n {
        store.create_game(&game(&format!("g{i}"))).expect("a game");
    }
    store
}

fn jobs(store: &PgStore) -> &dyn JobStore {
    store.jobs().expect("PostgreSQL has a jobs table")
}

#[test]
fn sqlite_has_no_jobs_table() {
    let s = SqliteStore::in_memory().unwrap();
    assert!(s.jobs().is_none(), "SQLite keeps its in-process queue");
}

#[test]
fn each_job_is_claimed_by_exactly_one_of_many_claimers() {
    let Some(server) = server_url("each_job_is_claimed_by_exactly_one_of_many_claimers") else {
        return;
    };
    let db = ScratchDb::new(&server);
    const JOBS: usize = 60;
    let first = Arc::new(store_with_games(&db, JOBS));
    for i in 0..JOBS {
        assert!(jobs(&first)
            .enqueue(JobKind::Reply, &format!("g{i}"), i)
            .unwrap());
    }
    // Two servers (stores), four claimers on each, claiming until none is left.
    let second = Arc::new(PgStore::open(&db.url).expect("a second store"));
    let claimers: Vec<_> = (0..8)
        .map(|k| {
            let store = if k % 2 == 0 { &first } else { &second }.clone();
            std::thread::spawn(move || {
                let owner = format!("claimer-{k}");
                let mut got = Vec::new();
                while let Some(job) = jobs(&store)
                    .claim(JobKind::Reply, &owner, LONG)
                    .expect("claim")
                {
                    assert_eq!(job.owner.as_deref(), Some(owner.as_str()));
                    assert_eq!(job.attempts, 1, "{job:?}");
                    got.push(job.id);
                }
                got
            })
        })
        .collect();
    let mut claims: HashMap<i64, usize> = HashMap::new();
    let mut claimers_with_work = 0;
    for c in claimers {
        let got = c.join().expect("a claimer");
        claimers_with_work += usize::from(!got.is_empty());
        for id in got {
            *claims.entry(id).or_default() += 1;
        }
    }
    assert_eq!(claims.len(), JOBS, "every job claimed");
    assert!(
        claims.values().all(|&n| n == 1),
        "a job claimed twice: {claims:?}"
    );
    eprintln!("{JOBS} jobs claimed once each by {claimers_with_work} of 8 claimers");
    assert!(jobs(&first)
        .claim(JobKind::Reply, "late", LONG)
        .unwrap()
        .is_none());
    assert!(
        jobs(&first)
            .claim(JobKind::Review, "late", LONG)
            .unwrap()
            .is_none(),
        "claims are by kind"
    );
}

#[test]
fn a_lapsed_lease_passes_the_job_to_another_server() {
    let Some(server) = server_url("a_lapsed_lease_passes_the_job_to_another_server") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let store = store_with_games(&db, 1);
    let j = jobs(&store);
    j.enqueue(JobKind::Review, "g0", 0).unwrap();
    let lease = Duration::from_millis(400);
    let claimed = Instant::now();
    let a = j
        .claim(JobKind::Review, "a", lease)
        .unwrap()
        .expect("a claims");
    assert!(
        j.claim(JobKind::Review, "b", lease).unwrap().is_none(),
        "held by a"
    );
    assert!(j.renew(a.id, "a", lease).unwrap(), "a renews its own lease");
    assert!(
        !j.renew(a.id, "b", lease).unwrap(),
        "b cannot renew a's lease"
    );
    let b = loop {
        if let Some(b) = j.claim(JobKind::Review, "b", lease).unwrap() {
            break b;
        }
        assert!(
            claimed.elapsed() < Duration::from_secs(10),
            "the lapsed job was never claimable again"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        claimed.elapsed() >= lease,
        "taken over after {:?}, before the lease of {lease:?} (renewed once) ran out",
        claimed.elapsed()
    );
    assert_eq!((b.id, b.attempts, b.owner.as_deref()), (a.id, 2, Some("b")));
    assert!(!j.renew(a.id, "a", lease).unwrap(), "a lost it");
    assert!(!j.finish(a.id, "a").unwrap(), "a cannot finish b's job");
    assert!(!j.release(a.id, "a").unwrap(), "nor hand it back");
    assert!(j.has_job(JobKind::Review, "g0").unwrap());
    assert!(j.finish(b.id, "b").unwrap());
    assert!(!j.has_job(JobKind::Review, "g0").unwrap());
    assert!(j.list_jobs().unwrap().is_empty());
}

#[test]
fn a_stopping_server_hands_its_jobs_back_at_once() {
    let Some(server) = server_url("a_stopping_server_hands_its_jobs_back_at_once") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let store = store_with_games(&db, 3);
    let j = jobs(&store);
    for i in 0..3 {
        j.enqueue(JobKind::Reply, &format!("g{i}"), 1).unwrap();
    }
    let held: Vec<_> = (0..3)
        .map(|_| j.claim(JobKind::Reply, "a", LONG).unwrap().expect("a job"))
        .collect();
    assert!(j.claim(JobKind::Reply, "b", LONG).unwrap().is_none());
    assert!(j.release(held[0].id, "a").unwrap(), "one handed back");
    assert_eq!(j.release_all("a").unwrap(), 2, "the other two");
    assert_eq!(j.release_all("a").unwrap(), 0);
    let mut taken: Vec<_> = (0..3)
        .map(|_| {
            j.claim(JobKind::Reply, "b", LONG)
                .unwrap()
                .expect("claimable at once")
                .id
        })
        .collect();
    taken.sort_unstable();
    let mut ids: Vec<_> = held.iter().map(|h| h.id).collect();
    ids.sort_unstable();
    assert_eq!(taken, ids);
    let listed = j.list_jobs().unwrap();
    assert!(listed.iter().all(|r| r.owner.as_deref() == Some("b")));
}

#[test]
fn queuing_a_job_twice_keeps_one_row() {
    let Some(server) = server_url("queuing_a_job_twice_keeps_one_row") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let store = store_with_games(&db, 1);
    let j = jobs(&store);
    assert!(j.enqueue(JobKind::Reply, "g0", 4).unwrap());
    assert!(
        !j.enqueue(JobKind::Reply, "g0", 4).unwrap(),
        "the same reply"
    );
    assert!(j.enqueue(JobKind::Reply, "g0", 6).unwrap(), "another ply");
    assert!(j.enqueue(JobKind::Review, "g0", 0).unwrap());
    let held = j.claim(JobKind::Review, "a", LONG).unwrap().unwrap();
    assert!(
        !j.enqueue(JobKind::Review, "g0", 0).unwrap(),
        "a held review is not queued again"
    );
    let kinds: Vec<_> = j
        .list_jobs()
        .unwrap()
        .iter()
        .map(|r| (r.kind, r.ply))
        .collect();
    assert_eq!(
        kinds,
        [
            (JobKind::Reply, 4),
            (JobKind::Reply, 6),
            (JobKind::Review, 0)
        ]
    );
    assert_eq!(held.game_id, "g0");
    assert!(
        j.enqueue(JobKind::Reply, "no-such-game", 1).is_err(),
        "a job names a stored game"
    );
}

/// Waits (10 s at most) until `what` holds of the jobs table.
fn until_jobs(j: &dyn JobStore, what: &str, done: impl Fn(usize) -> bool) {
    let started = Instant::now();
    loop {
        let n = j.list_jobs().expect("the jobs table").len();
        if done(n) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{what}: {n} jobs"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_job_for_an_answered_ply_adds_no_move() {
    let Some(server) = server_url("a_reply_job_for_an_answered_ply_adds_no_move") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let config = Config {
        engine_workers: 1,
        job_lease: Duration::from_millis(400),
        ..Config::default()
    };
    let store = Arc::new(PgStore::open(&db.url).expect("PostgreSQL"));
    let watcher = PgStore::open(&db.url).expect("PostgreSQL");
    let s = Server::with_store(store, &config);
    let c = Client::new(s.addr);
    let body = json!({ "variant": "chess", "opponent": { "kind": "engine", "level": 1 },
        "color": "white" });
    let a = c.expect(201, "POST", "/api/games", None, Some(&body)).await;
    let a = a.unwrap();
    let id = a.json["id"].as_str().unwrap().to_string();
    let token = a.json["token"].as_str().unwrap().to_string();
    let moves = format!("/api/games/{id}/moves");
    c.expect(
        200,
        "POST",
        &moves,
        Some(&token),
        Some(&json!({ "move": "e2e4" })),
    )
    .await
    .unwrap();
    let j = jobs(&watcher);
    until_jobs(j, "the engine's reply job is finished", |n| n == 0);
    let game = format!("/api/games/{id}");
    let before = c
        .expect(200, "GET", &game, Some(&token), None)
        .await
        .unwrap();
    assert_eq!(view_moves(&before.json).len(), 2, "e2e4 and the reply");
    // Jobs for plies already answered (as after a takeover that came late):
    // the server claims them, notices, and ends them without a move.
    assert!(j.enqueue(JobKind::Reply, &id, 1).unwrap());
    assert!(j.enqueue(JobKind::Reply, &id, 0).unwrap());
    until_jobs(j, "the stale reply jobs are finished", |n| n == 0);
    let (_, stored) = watcher.load_game(&id).unwrap().unwrap();
    assert_eq!(stored.len(), 2, "no move added by a stale job");
    let after = c
        .expect(200, "GET", &game, Some(&token), None)
        .await
        .unwrap();
    assert_eq!(view_moves(&after.json), view_moves(&before.json));
    assert_eq!(after.json["turn"], "white");
}
