//! Crash safety of `menagerie serve`: the server runs on a temporary
//! database while clients play moves in several games at once; it is killed
//! with SIGKILL at a random moment (so, often, while it is writing), then
//! started again on the same file. Every action the server had acknowledged
//! must still be there, at its ply, and every game must replay (rules core
//! alone) to the position the restarted server reports. At most the one
//! move a client had in flight may have landed without an answer.
//!
//! `cargo test` runs a few rounds; `MENAGERIE_CRASH_RUNS=200 cargo test -p
//! menagerie --release --test crash -- --nocapture` runs many.

use crate::client;

use client::{check_view, view_moves, Client};
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Moves acknowledged over the whole test.
static ACKNOWLEDGED: AtomicUsize = AtomicUsize::new(0);
/// Moves that were in flight when the server was killed, and how many of
/// them the restarted server has.
static IN_FLIGHT: AtomicUsize = AtomicUsize::new(0);
static LANDED: AtomicUsize = AtomicUsize::new(0);

/// Games played at once, each by its own client (own address, own rate bucket).
const GAMES: usize = 6;

/// A game as its client knows it.
#[derive(Clone, Debug)]
struct Tracked {
    id: String,
    token: String,
    /// Every move acknowledged so far, in order (also over earlier runs).
    acknowledged: Vec<String>,
    /// A move sent whose answer never came (the server died).
    in_flight: Option<String>,
}

/// Starts `menagerie serve` on `db`; the child and its address.
fn start(db: &Path) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(["serve", "--port", "0", "--db"])
        .arg(db)
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
    (child, addr)
}

/// Plays random legal moves in `game` until the server stops answering.
async fn play_until_dead(c: Client, mut game: Tracked, seed: u64) -> Tracked {
    let mut seed = seed | 1;
    let path = format!("/api/games/{}", game.id);
    let moves = format!("{path}/moves");
    loop {
        let Ok(view) = c.send("GET", &path, Some(&game.token), None).await else {
            return game;
        };
        let legal = view.json["legal"].as_array().cloned().unwrap_or_default();
        if view.status != 200 || legal.is_empty() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let text = legal[(seed % legal.len() as u64) as usize]["text"]
            .as_str()
            .expect("a move string")
            .to_string();
        game.in_flight = Some(text.clone());
        match c
            .send(
                "POST",
                &moves,
                Some(&game.token),
                Some(&json!({ "move": text })),
            )
            .await
        {
            Ok(a) if a.status == 200 => {
                game.acknowledged.push(text);
                game.in_flight = None;
                ACKNOWLEDGED.fetch_add(1, Ordering::Relaxed);
            }
            Ok(a) if a.status == 429 => game.in_flight = None,
            Ok(a) => panic!("move {text} answered {}: {}", a.status, a.json),
            Err(_) => return game,
        }
    }
}

/// Checks a game after a restart; returns it as the server has it now.
async fn check_after_restart(c: &Client, mut game: Tracked) -> Tracked {
    let a = c
        .send("GET", &format!("/api/games/{}", game.id), None, None)
        .await
        .expect("the restarted server answers");
    assert_eq!(a.status, 200, "game {} lost: {}", game.id, a.json);
    let moves = view_moves(&a.json);
    let n = game.acknowledged.len();
    assert!(
        moves.len() >= n && moves[..n] == game.acknowledged[..],
        "game {}: acknowledged {:?}, stored {moves:?}",
        game.id,
        game.acknowledged
    );
    let extra = &moves[n..];
    assert!(
        extra.is_empty() || (extra.len() == 1 && game.in_flight.as_deref() == Some(&extra[0])),
        "game {}: stored moves {extra:?} nobody sent",
        game.id
    );
    check_view(&a.json).unwrap_or_else(|e| panic!("game {}: {e}", game.id));
    if game.in_flight.is_some() {
        IN_FLIGHT.fetch_add(1, Ordering::Relaxed);
        LANDED.fetch_add(extra.len(), Ordering::Relaxed);
    }
    game.acknowledged = moves;
    game.in_flight = None;
    game
}

async fn create(c: &Client, n: usize) -> Tracked {
    let variants = menagerie_games::NAMES;
    let body = json!({ "variant": variants[n % variants.len()], "opponent": { "kind": "local" } });
    let a = c
        .expect(201, "POST", "/api/games", None, Some(&body))
        .await
        .expect("a game is created");
    let field = |k: &str| a.json[k].as_str().expect(k).to_string();
    Tracked {
        id: field("id"),
        token: field("token"),
        acknowledged: Vec::new(),
        in_flight: None,
    }
}

/// One round: start, check every game, play, kill at a random moment.
async fn round(db: &Path, games: Vec<Tracked>, round: u64) -> Vec<Tracked> {
    let (mut child, addr) = start(db);
    let mut checked = Vec::new();
    for g in games {
        checked.push(check_after_restart(&Client::from(addr, 200), g).await);
    }
    while checked.len() < GAMES {
        let n = checked.len();
        checked.push(create(&Client::from(addr, 200), n).await);
    }
    // Games that ended start over in a new game, keeping the count.
    for (n, g) in checked.iter_mut().enumerate() {
        if g.acknowledged.len() > 150 {
            *g = create(&Client::from(addr, 200), n).await;
        }
    }
    let workers: Vec<_> = checked
        .into_iter()
        .enumerate()
        .map(|(n, g)| {
            tokio::spawn(play_until_dead(
                Client::from(addr, 10 + n as u8),
                g,
                round * 97 + n as u64,
            ))
        })
        .collect();
    let wait = 100 + (round * 7919) % 400;
    tokio::time::sleep(Duration::from_millis(wait)).await;
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    let mut after = Vec::new();
    for w in workers {
        after.push(w.await.expect("a worker"));
    }
    after
}

fn runs() -> u64 {
    std::env::var("MENAGERIE_CRASH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_moves_survive_sigkill() {
    let db = client::temp_db("crash");
    let started = Instant::now();
    let mut games = Vec::new();
    let runs = runs();
    for r in 0..runs {
        games = round(&db, games, r).await;
    }
    // The last kill is checked by one more start.
    let (mut child, addr) = start(&db);
    for g in games {
        check_after_restart(&Client::from(addr, 200), g).await;
    }
    child.kill().expect("SIGKILL");
    child.wait().expect("reaped");
    client::remove_db(&db);
    let acknowledged = ACKNOWLEDGED.load(Ordering::Relaxed);
    println!(
        "crash: {runs} kills in {:.1} s; {acknowledged} moves acknowledged, none lost; \
         {} moves in flight at a kill, {} of them stored",
        started.elapsed().as_secs_f64(),
        IN_FLIGHT.load(Ordering::Relaxed),
        LANDED.load(Ordering::Relaxed)
    );
    assert!(acknowledged > 0, "no move was ever acknowledged");
}
