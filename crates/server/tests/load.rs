//! Load test on loopback: the server on a real port in this process, many
//! games at once (played at one screen, over a link by two clients, and
//! against the engine) with analysis requests on the side. Bounded in games,
//! plies and time; it stops by itself. Afterwards every game is checked: the
//! moves each client had acknowledged are exactly the game's moves, they
//! replay (rules core alone) to the position the API reports, and the
//! database holds the same moves.
//!
//! The small run is part of `cargo test`; the big one is
//! `cargo test -p menagerie-server --release --test load -- --ignored --nocapture`
//! (sizes from `MENAGERIE_LOAD_GAMES`, `MENAGERIE_LOAD_PLIES`).

use crate::support;

use menagerie_server::{Config, SqliteStore, Store};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::{check_view, percentiles, replay, view_moves, Client, Server};

/// The size of a run.
#[derive(Clone, Copy, Debug)]
struct Load {
    /// Games of each kind (local, link, engine).
    games: usize,
    /// Plies per game at most.
    plies: usize,
    /// Clients asking for analysis all along.
    analysts: usize,
    /// When every client stops, whatever it was doing.
    deadline: Duration,
}

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

/// What a client knows of a game at the end: its id and the moves the
/// server acknowledged to it, with the plies they were played at.
struct Played {
    id: String,
    acknowledged: Vec<(usize, String)>,
}

/// The built-in games, cycled through by the clients.
const GAMES: [&str; 6] = menagerie_games::NAMES;

fn pick(view: &Value, seed: &mut u64) -> Option<String> {
    let legal = view["legal"].as_array()?;
    if legal.is_empty() {
        return None;
    }
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    let i = (*seed % legal.len() as u64) as usize;
    legal[i]["text"].as_str().map(str::to_string)
}

/// Creates a game of `variant` against `opponent`, timing the request.
async fn create(
    c: &Client,
    stats: &Stats,
    variant: &str,
    opponent: Value,
) -> Result<Created, String> {
    let body = json!({ "variant": variant, "opponent": opponent });
    let a = c
        .expect(201, "POST", "/api/games", None, Some(&body))
        .await?;
    stats.add("create", a.took);
    let id = a.json["id"].as_str().ok_or("id")?.to_string();
    let token = a.json["token"].as_str().ok_or("token")?.to_string();
    Ok(Created {
        id,
        token,
        answer: a.json,
    })
}

/// A game just created: its id, the creator's seat token and the whole answer.
struct Created {
    id: String,
    token: String,
    answer: Value,
}

async fn play(
    c: &Client,
    stats: &Stats,
    id: &str,
    token: &str,
    text: &str,
) -> Result<Value, String> {
    let path = format!("/api/games/{id}/moves");
    let a = c
        .expect(
            200,
            "POST",
            &path,
            Some(token),
            Some(&json!({ "move": text })),
        )
        .await?;
    stats.add("move", a.took);
    Ok(a.json)
}

async fn get(c: &Client, stats: &Stats, id: &str, token: Option<&str>) -> Result<Value, String> {
    let a = c
        .expect(200, "GET", &format!("/api/games/{id}"), token, None)
        .await?;
    stats.add("get", a.took);
    Ok(a.json)
}

/// One client plays both sides at one screen.
async fn local_game(
    c: Client,
    stats: Arc<Stats>,
    n: usize,
    load: Load,
    end: Instant,
) -> Result<Played, String> {
    let variant = GAMES[n % GAMES.len()];
    let Created { id, token, answer } =
        create(&c, &stats, variant, json!({ "kind": "local" })).await?;
    let mut view = answer["game"].clone();
    let mut seed = 0x9E37_79B9_7F4A_7C15 ^ n as u64;
    let mut acknowledged = Vec::new();
    while acknowledged.len() < load.plies && Instant::now() < end {
        let Some(text) = pick(&view, &mut seed) else {
            break;
        };
        view = play(&c, &stats, &id, &token, &text).await?;
        acknowledged.push((acknowledged.len(), text));
    }
    Ok(Played { id, acknowledged })
}

/// A player's seat in a game over a link.
struct LinkSeat {
    client: Client,
    id: String,
    token: String,
    me: &'static str,
    seed: u64,
}

/// One side of a game over a link: waits for its turn, then moves.
async fn link_side(
    seat: LinkSeat,
    stats: Arc<Stats>,
    load: Load,
    end: Instant,
) -> Result<Vec<(usize, String)>, String> {
    let LinkSeat {
        client: c,
        id,
        token,
        me,
        seed,
    } = seat;
    let mut seed = seed | 1;
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

/// Two clients (two addresses) play a game over a link.
async fn link_game(
    n: usize,
    addr: std::net::SocketAddr,
    stats: Arc<Stats>,
    load: Load,
    end: Instant,
) -> Result<Played, String> {
    let white = Client::from(addr, 10 + (n % 100) as u8);
    let black = Client::from(addr, 110 + (n % 100) as u8);
    let variant = GAMES[(n + 1) % GAMES.len()];
    let Created {
        id,
        token: wt,
        answer,
    } = create(&white, &stats, variant, json!({ "kind": "link" })).await?;
    let bt = black.claim(&answer["links"]["black"]).await?;
    let seat = |client, token, me, seed| LinkSeat {
        client,
        id: id.clone(),
        token,
        me,
        seed,
    };
    let white = seat(white, wt, "white", n as u64 + 7);
    let black = seat(black, bt, "black", n as u64 + 99);
    let w = tokio::spawn(link_side(white, stats.clone(), load, end));
    let b = tokio::spawn(link_side(black, stats, load, end));
    let mut acknowledged = w.await.map_err(|e| e.to_string())??;
    acknowledged.extend(b.await.map_err(|e| e.to_string())??);
    acknowledged.sort();
    Ok(Played { id, acknowledged })
}

/// A client plays White against the engine at level 1.
async fn engine_game(
    c: Client,
    stats: Arc<Stats>,
    n: usize,
    load: Load,
    end: Instant,
) -> Result<Played, String> {
    let variant = GAMES[(n + 2) % GAMES.len()];
    let opponent = json!({ "kind": "engine", "level": 1 });
    let Created { id, token, .. } = create(&c, &stats, variant, opponent).await?;
    let mut seed = n as u64 * 31 + 5;
    let mut acknowledged = Vec::new();
    let mut asked = Instant::now();
    while Instant::now() < end {
        let view = get(&c, &stats, &id, Some(&token)).await?;
        let ply = view_moves(&view).len();
        if ply >= load.plies || view["outcome"].is_object() {
            break;
        }
        if view["turn"].as_str() != Some("white") {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        if ply > 0 {
            stats.add("engine reply", asked.elapsed());
        }
        let Some(text) = pick(&view, &mut seed) else {
            break;
        };
        play(&c, &stats, &id, &token, &text).await?;
        asked = Instant::now();
        acknowledged.push((ply, text));
    }
    Ok(Played { id, acknowledged })
}

/// Asks for short analyses of a local game until the end; `503 busy` is a
/// fair answer when every engine slot is taken.
async fn analyst(c: Client, stats: Arc<Stats>, n: usize, end: Instant) -> Result<Played, String> {
    let variant = GAMES[n % GAMES.len()];
    let Created { id, token, .. } = create(&c, &stats, variant, json!({ "kind": "local" })).await?;
    let path = format!("/api/games/{id}/analysis");
    while Instant::now() < end {
        let a = c
            .send(
                "POST",
                &path,
                Some(&token),
                Some(&json!({ "movetime_ms": 50 })),
            )
            .await?;
        match a.status {
            200 => stats.add("analysis", a.took),
            503 => stats.add("analysis busy", a.took),
            s => return Err(format!("analysis answered {s}: {}", a.json)),
        }
    }
    Ok(Played {
        id,
        acknowledged: Vec::new(),
    })
}

/// Checks one game after the run, over the API: the acknowledged moves are
/// the game's, at their plies, and the moves replay to the reported position.
async fn check_game(c: &Client, stats: &Stats, p: &Played) -> Result<Value, String> {
    let view = get(c, stats, &p.id, None).await?;
    let moves = view_moves(&view);
    for (ply, text) in &p.acknowledged {
        if moves.get(*ply) != Some(text) {
            return Err(format!(
                "game {}: acknowledged {text} at ply {} is missing: {moves:?}",
                p.id,
                ply + 1
            ));
        }
    }
    check_view(&view).map_err(|e| format!("game {}: {e}", p.id))?;
    Ok(view)
}

/// Every game's stored moves equal its view's and replay to its position.
fn check_database(db: &std::path::Path, views: &[Value]) -> Result<(), String> {
    let store = SqliteStore::open(db).map_err(|e| e.to_string())?;
    for view in views {
        let id = view["id"].as_str().ok_or("id")?;
        let (row, rows) = store
            .load_game(id)
            .map_err(|e| e.to_string())?
            .ok_or(format!("game {id} is not stored"))?;
        let stored: Vec<String> = rows.into_iter().map(|r| r.text).collect();
        if stored != view_moves(view) {
            return Err(format!(
                "game {id}: stored {stored:?}, the API showed {:?}",
                view_moves(view)
            ));
        }
        let fens = replay(
            &row.variant,
            &serde_json::from_str(&row.options_json).map_err(|e| e.to_string())?,
            &row.start_fen,
            &stored,
        )?;
        if fens.last().map(String::as_str) != view["fen"].as_str() {
            return Err(format!("game {id}: the stored moves replay elsewhere"));
        }
    }
    Ok(())
}

/// Runs a load and checks it; prints the figures.
async fn run(load: Load) -> Result<(), String> {
    let db = support::temp_db("load");
    let config = Config {
        engine_workers: 2,
        rate_burst: 1_000_000,
        rate_per_second: 1_000_000,
        ..Config::default()
    };
    let server = Server::start(&db, &config);
    let addr = server.addr;
    let stats = Arc::new(Stats::default());
    let started = Instant::now();
    let end = started + load.deadline;
    let mut tasks = Vec::new();
    for n in 0..load.games {
        tasks.push(tokio::spawn(local_game(
            Client::from(addr, 2),
            stats.clone(),
            n,
            load,
            end,
        )));
        tasks.push(tokio::spawn(link_game(n, addr, stats.clone(), load, end)));
        // Players against the engine come from 40 addresses: an address
        // may have at most 3 such games in progress (`budget.rs`).
        tasks.push(tokio::spawn(engine_game(
            Client::from(addr, 210 + (n % 40) as u8),
            stats.clone(),
            n,
            load,
            end,
        )));
    }
    for n in 0..load.analysts {
        tasks.push(tokio::spawn(analyst(
            Client::from(addr, 4),
            stats.clone(),
            n,
            end,
        )));
    }
    let mut played = Vec::new();
    for t in tasks {
        played.push(t.await.map_err(|e| e.to_string())??);
    }
    let elapsed = started.elapsed();
    let checker = Client::from(addr, 5);
    let mut views = Vec::new();
    for p in &played {
        views.push(check_game(&checker, &Stats::default(), p).await?);
    }
    drop(server);
    check_database(&db, &views)?;
    support::remove_db(&db);
    report(&stats, &played, elapsed);
    Ok(())
}

fn report(stats: &Stats, played: &[Played], elapsed: Duration) {
    let m = stats
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let total: usize = m.values().map(Vec::len).sum();
    let moves: usize = played.iter().map(|p| p.acknowledged.len()).sum();
    println!(
        "load: {} games, {moves} acknowledged moves, {total} requests in {:.1} s: {:.0} requests/s",
        played.len(),
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64()
    );
    for (kind, v) in m.iter() {
        let (p50, p90, p99, max) = percentiles(v.clone());
        println!("  {kind:>14}: {:>6} requests, p50 {p50:.1} ms, p90 {p90:.1} ms, p99 {p99:.1} ms, max {max:.1} ms", v.len());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_at_once_stay_consistent() {
    let load = Load {
        games: 6,
        plies: 16,
        analysts: 2,
        deadline: Duration::from_secs(5),
    };
    run(load).await.unwrap();
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a bigger load: run by hand with --ignored"]
async fn big_load() {
    let load = Load {
        games: env("MENAGERIE_LOAD_GAMES", 60),
        plies: env("MENAGERIE_LOAD_PLIES", 60),
        analysts: 4,
        deadline: Duration::from_secs(env("MENAGERIE_LOAD_SECONDS", 120) as u64),
    };
    run(load).await.unwrap();
}
