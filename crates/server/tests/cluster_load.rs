//! Load across two servers on one PostgreSQL database (the server named by
//! `MENAGERIE_TEST_PG`; without it the test is skipped with a notice),
//! loopback only, bounded in games, plies and time: games over a link with
//! White on one server and Black on the other, and games at one screen,
//! created on both servers at once. Afterwards every game is read back from
//! the database and from the server that did not create it: every move
//! acknowledged to a client is there, at its ply (lost moves: zero), and
//! the moves replay to the reported position. Prints requests per second
//! and latencies (figures in docs/reliability.md).
//!
//! `cargo test -p menagerie-server --release --test cluster_load -- --nocapture`
//! (sizes from `MENAGERIE_LOAD_GAMES`, `MENAGERIE_LOAD_PLIES`,
//! `MENAGERIE_LOAD_SECONDS`).

use crate::support;

use menagerie_server::{SqliteStore, Store};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::cluster::{link_game_with, stored_moves, two_servers};
use support::pg::{server_url, ScratchDb};
use support::{check_view, percentiles, view_moves, Client};

/// Latencies by request kind.
#[derive(Default)]
struct Stats(Mutex<BTreeMap<&'static str, Vec<Duration>>>);

impl Stats {
    fn add(&self, kind: &'static str, took: Duration) {
        let mut m = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        m.entry(kind).or_default().push(took);
    }
}

/// The size of a run.
#[derive(Clone, Copy, Debug)]
struct Load {
    /// Games in all (half over a link across the servers, half at one screen).
    games: usize,
    /// Plies per game at most.
    plies: usize,
    /// When every client stops, whatever it was doing.
    deadline: Duration,
}

/// A game at the end of the run: its id, the server that created it, and
/// the moves acknowledged to its clients with their plies.
struct Played {
    id: String,
    creator: usize,
    acknowledged: Vec<(usize, String)>,
}

/// A legal action of `view` chosen by the xorshift `seed`.
fn pick(view: &Value, seed: &mut u64) -> Option<String> {
    let legal = view["legal"].as_array().filter(|l| !l.is_empty())?;
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    legal[(*seed % legal.len() as u64) as usize]["text"]
        .as_str()
        .map(str::to_string)
}

async fn get(c: &Client, stats: &Stats, id: &str, token: Option<&str>) -> Result<Value, String> {
    let a = c
        .expect(200, "GET", &format!("/api/games/{id}"), token, None)
        .await?;
    stats.add("get", a.took);
    Ok(a.json)
}

async fn play(
    c: &Client,
    stats: &Stats,
    id: &str,
    token: &str,
    text: &str,
) -> Result<Value, String> {
    let body = json!({ "move": text });
    let path = format!("/api/games/{id}/moves");
    let a = c
        .expect(200, "POST", &path, Some(token), Some(&body))
        .await?;
    stats.add("move", a.took);
    Ok(a.json)
}

/// One side of a game over a link, on its own server: waits until that
/// server shows its turn, then moves.
async fn link_side(
    c: Client,
    stats: Arc<Stats>,
    (id, token, me): (String, String, &'static str),
    load: Load,
    end: Instant,
) -> Result<Vec<(usize, String)>, String> {
    let mut seed = id.bytes().fold(u64::from(me.len() as u8) | 1, |s, b| {
        s.rotate_left(5) ^ u64::from(b)
    });
    let mut mine = Vec::new();
    while Instant::now() < end {
        let view = get(&c, &stats, &id, Some(&token)).await?;
        let ply = view_moves(&view).len();
        if ply >= load.plies || view["outcome"].is_object() {
            break;
        }
        if view["turn"].as_str() != Some(me) {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        let Some(text) = pick(&view, &mut seed) else {
            break;
        };
        play(&c, &stats, &id, &token, &text).await?;
        mine.push((ply, text));
    }
    Ok(mine)
}

/// A game over a link created on server `n % 2`: White plays there, Black
/// on the other server.
async fn link_game(
    n: usize,
    addrs: [SocketAddr; 2],
    stats: Arc<Stats>,
    load: Load,
    end: Instant,
) -> Result<Played, String> {
    let creator = n % 2;
    let white = Client::from(addrs[creator], 10 + (n % 100) as u8);
    let black = Client::from(addrs[1 - creator], 110 + (n % 100) as u8);
    let started = Instant::now();
    let (id, wt, bt) = link_game_with(&white, json!({})).await;
    stats.add("create", started.elapsed());
    let w = tokio::spawn(link_side(
        white,
        stats.clone(),
        (id.clone(), wt, "white"),
        load,
        end,
    ));
    let b = tokio::spawn(link_side(
        black,
        stats,
        (id.clone(), bt, "black"),
        load,
        end,
    ));
    let mut acknowledged = w.await.map_err(|e| e.to_string())??;
    acknowledged.extend(b.await.map_err(|e| e.to_string())??);
    acknowledged.sort();
    Ok(Played {
        id,
        creator,
        acknowledged,
    })
}

/// A game at one screen, created and played on server `n % 2`.
async fn local_game(
    n: usize,
    addrs: [SocketAddr; 2],
    stats: Arc<Stats>,
    load: Load,
    end: Instant,
) -> Result<Played, String> {
    let creator = n % 2;
    let c = Client::from(addrs[creator], 2);
    let body = json!({ "variant": "chess", "opponent": { "kind": "local" } });
    let a = c
        .expect(201, "POST", "/api/games", None, Some(&body))
        .await?;
    stats.add("create", a.took);
    let id = a.json["id"].as_str().ok_or("id")?.to_string();
    let token = a.json["token"].as_str().ok_or("token")?.to_string();
    let mut view = a.json["game"].clone();
    let mut seed = 0x9E37_79B9_7F4A_7C15 ^ n as u64;
    let mut acknowledged = Vec::new();
    while acknowledged.len() < load.plies && Instant::now() < end {
        let Some(text) = pick(&view, &mut seed) else {
            break;
        };
        view = play(&c, &stats, &id, &token, &text).await?;
        acknowledged.push((acknowledged.len(), text));
    }
    Ok(Played {
        id,
        creator,
        acknowledged,
    })
}

/// Moves acknowledged to a client but missing at their ply in `moves`.
fn lost(p: &Played, moves: &[String]) -> usize {
    p.acknowledged
        .iter()
        .filter(|(ply, text)| moves.get(*ply) != Some(text))
        .count()
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn report(label: &str, stats: &Stats, played: &[Played], elapsed: Duration, lost_moves: usize) {
    let m = stats
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let total: usize = m.values().map(Vec::len).sum();
    let moves: usize = played.iter().map(|p| p.acknowledged.len()).sum();
    println!(
        "{label}: {} games, {moves} acknowledged moves, {total} requests in {:.1} s: {:.0} requests/s, lost moves: {lost_moves}",
        played.len(),
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64()
    );
    for (kind, v) in m.iter() {
        let (p50, p90, p99, max) = percentiles(v.clone());
        println!("  {kind:>7}: {:>6} requests, p50 {p50:.1} ms, p90 {p90:.1} ms, p99 {p99:.1} ms, max {max:.1} ms", v.len());
    }
}

/// How far behind the database a server's copy of a game may be: a move
/// made through the other server reaches it by `NOTIFY` (docs/deploy.md,
/// "Live updates between servers": milliseconds, the aim 200 ms).
const FOLLOW_LIMIT: Duration = Duration::from_millis(200);

/// Game `id` as the server of `c` shows it, read again until it shows the
/// `stored` moves or [`FOLLOW_LIMIT`] has passed (a move acknowledged by
/// the other server just before the run ended may still be on its way).
async fn settled_view(c: &Client, id: &str, stored: &[String]) -> Value {
    let since = Instant::now();
    loop {
        let view = get(c, &Stats::default(), id, None).await.unwrap();
        if view_moves(&view) == stored || since.elapsed() > FOLLOW_LIMIT {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Runs the load against `addrs` (two servers, or one given twice), checks
/// every game against the server that did not create it and against
/// `stored` (the moves the database holds for a game), and prints the
/// figures under `label`.
async fn run(addrs: [SocketAddr; 2], stored: &dyn Fn(&str) -> Vec<String>, label: &str) {
    let load = Load {
        games: env("MENAGERIE_LOAD_GAMES", 40),
        plies: env("MENAGERIE_LOAD_PLIES", 40),
        deadline: Duration::from_secs(env("MENAGERIE_LOAD_SECONDS", 5) as u64),
    };
    let stats = Arc::new(Stats::default());
    let started = Instant::now();
    let end = started + load.deadline;
    let tasks: Vec<_> = (0..load.games)
        .map(|n| {
            let stats = stats.clone();
            if n % 4 < 2 {
                tokio::spawn(link_game(n, addrs, stats, load, end))
            } else {
                tokio::spawn(local_game(n, addrs, stats, load, end))
            }
        })
        .collect();
    let mut played = Vec::new();
    for t in tasks {
        played.push(t.await.unwrap().unwrap());
    }
    let elapsed = started.elapsed();
    // Every game read back from the server that did not create it, and
    // from the database.
    let mut lost_moves = 0;
    for p in &played {
        let other = Client::from(addrs[1 - p.creator], 5);
        let stored = stored(&p.id);
        let view = settled_view(&other, &p.id, &stored).await;
        check_view(&view).unwrap_or_else(|e| panic!("game {}: {e}", p.id));
        assert_eq!(stored, view_moves(&view), "game {}: stored and shown", p.id);
        assert_eq!(
            stored.len(),
            p.acknowledged.len(),
            "game {}: a move stored unacknowledged",
            p.id
        );
        lost_moves += lost(p, &stored);
    }
    report(label, &stats, &played, elapsed, lost_moves);
    assert_eq!(
        lost_moves, 0,
        "acknowledged moves missing from the database"
    );
    let moves: usize = played.iter().map(|p| p.acknowledged.len()).sum();
    assert!(
        moves >= load.games,
        "only {moves} moves in {elapsed:?}: the servers hardly moved"
    );
    assert!(
        elapsed < load.deadline + Duration::from_secs(20),
        "the run took {elapsed:?}"
    );
    let moves_took = stats
        .0
        .lock()
        .unwrap()
        .get("move")
        .cloned()
        .unwrap_or_default();
    let (_, _, p99, _) = percentiles(moves_took);
    assert!(p99 < 2_000.0, "move latency p99 {p99:.0} ms on loopback");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_on_two_servers_at_once_lose_no_move() {
    let Some(server) = server_url("games_on_two_servers_at_once_lose_no_move") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let stored = |id: &str| stored_moves(&db, id);
    run([a.addr, b.addr], &stored, "two servers on PostgreSQL").await;
}

/// The same load on one server over a SQLite file (`synchronous=FULL`), the
/// default set-up, so the figures stand beside each other: each game's
/// "other server" is the same one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_load_on_one_sqlite_server_loses_no_move() {
    let db = support::temp_db("cluster-load-sqlite");
    let a = support::Server::start(&db, &support::cluster::config());
    let check = SqliteStore::open(&db).expect("database");
    let stored = |id: &str| -> Vec<String> {
        let (_, moves) = check.load_game(id).unwrap().expect("the game is stored");
        moves.into_iter().map(|m| m.text).collect()
    };
    run([a.addr, a.addr], &stored, "one server on SQLite").await;
}
