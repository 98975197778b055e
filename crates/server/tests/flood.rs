//! One client flooding the engine with analysis requests must not stop
//! another client from playing: with the server's own limits (rate limit,
//! engine slots, analysis time cap), the other client's moves are answered
//! promptly, and the engine still answers its moves in a game against it.

use crate::support;

use menagerie_server::Config;
use serde_json::json;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::{percentiles, Client, Server};

/// How long the flood lasts.
const FLOOD: Duration = Duration::from_secs(4);

/// Keeps `tasks` analysis requests of 5 s each going until `end`; counts
/// the answers by status (200, 429, 503, other).
async fn flood(c: Client, id: String, token: String, end: Instant, counts: Arc<[AtomicUsize; 4]>) {
    let path = format!("/api/games/{id}/analysis");
    while Instant::now() < end {
        let body = json!({ "movetime_ms": 5000 });
        let status = c
            .send("POST", &path, Some(&token), Some(&body))
            .await
            .map_or(0, |a| a.status);
        let slot = match status {
            200 => 0,
            429 => 1,
            503 => 2,
            _ => 3,
        };
        counts[slot].fetch_add(1, Ordering::Relaxed);
        if status == 429 {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
}

async fn new_game(c: &Client, opponent: serde_json::Value) -> (String, String) {
    let body = json!({ "variant": "chess", "opponent": opponent });
    let a = c
        .expect(201, "POST", "/api/games", None, Some(&body))
        .await
        .expect("created");
    let field = |k: &str| a.json[k].as_str().expect(k).to_string();
    (field("id"), field("token"))
}

/// Plays `plies` moves against the engine; the time each engine reply took.
async fn against_engine(c: &Client, plies: usize) -> Vec<Duration> {
    let (id, token) = new_game(c, json!({ "kind": "engine", "level": 1 })).await;
    let path = format!("/api/games/{id}");
    let mut replies = Vec::new();
    for _ in 0..plies {
        let view = c
            .expect(200, "GET", &path, Some(&token), None)
            .await
            .expect("view")
            .json;
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        let Some(text) = legal.get(replies.len() * 7 % legal.len().max(1)) else {
            break;
        };
        let text = text["text"].as_str().expect("a move string");
        let asked = Instant::now();
        let body = json!({ "move": text });
        c.expect(
            200,
            "POST",
            &format!("{path}/moves"),
            Some(&token),
            Some(&body),
        )
        .await
        .expect("move");
        loop {
            let v = c
                .expect(200, "GET", &path, Some(&token), None)
                .await
                .expect("view")
                .json;
            if v["turn"] == "white" || v["outcome"].is_object() {
                break;
            }
            assert!(
                asked.elapsed() < Duration::from_secs(30),
                "the engine never answered"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        replies.push(asked.elapsed());
    }
    replies
}

/// Plays `plies` moves at one screen, `pause` apart; the time each move's
/// answer took.
async fn local_moves(c: &Client, plies: usize, pause: Duration) -> Vec<Duration> {
    let (id, token) = new_game(c, json!({ "kind": "local" })).await;
    local_moves_in(c, &id, &token, plies, pause).await
}

async fn local_moves_in(
    c: &Client,
    id: &str,
    token: &str,
    plies: usize,
    pause: Duration,
) -> Vec<Duration> {
    let path = format!("/api/games/{id}/moves");
    let mut view = c
        .expect(200, "GET", &format!("/api/games/{id}"), Some(token), None)
        .await
        .expect("view")
        .json;
    let mut took = Vec::new();
    for _ in 0..plies {
        let legal = view["legal"].as_array().cloned().unwrap_or_default();
        let Some(text) = legal.get(took.len() * 7 % legal.len().max(1)) else {
            break;
        };
        let text = text["text"].as_str().expect("a move string").to_string();
        let a = c
            .expect(
                200,
                "POST",
                &path,
                Some(token),
                Some(&json!({ "move": text })),
            )
            .await
            .expect("move");
        took.push(a.took);
        view = a.json;
        tokio::time::sleep(pause).await;
    }
    took
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_flood_does_not_stop_another_player() {
    let db = support::temp_db("flood");
    let server = Server::start(
        &db,
        &Config {
            engine_workers: 2,
            ..Config::default()
        },
    );
    let flooder = Client::from(server.addr, 50);
    let player = Client::from(server.addr, 60);
    let (id, token) = new_game(&flooder, json!({ "kind": "local" })).await;
    let end = Instant::now() + FLOOD;
    let counts: Arc<[AtomicUsize; 4]> = Arc::new(Default::default());
    let tasks: Vec<_> = (0..16)
        .map(|_| {
            tokio::spawn(flood(
                flooder.clone(),
                id.clone(),
                token.clone(),
                end,
                counts.clone(),
            ))
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pause = Duration::from_millis(100);
    let (moves, replies) =
        tokio::join!(local_moves(&player, 20, pause), against_engine(&player, 4));
    for t in tasks {
        t.await.expect("flooder");
    }
    drop(server);
    support::remove_db(&db);
    let c: Vec<usize> = counts.iter().map(|a| a.load(Ordering::Relaxed)).collect();
    let (p50, _, _, max) = percentiles(moves.clone());
    let (r50, _, _, rmax) = percentiles(replies.clone());
    println!(
        "flood: analyses 200 {} / 429 {} / 503 {} / other {}; the other player's moves p50 {p50:.1} ms max {max:.1} ms; engine replies p50 {r50:.0} ms max {rmax:.0} ms",
        c[0], c[1], c[2], c[3]
    );
    assert_eq!(c[3], 0, "the flood got answers other than 200, 429 and 503");
    assert!(c[1] + c[2] > 0, "the flood was never limited: {c:?}");
    assert_eq!(moves.len(), 20, "the other player could not play");
    assert!(max < 1000.0, "a move of the other player took {max:.0} ms");
    assert_eq!(replies.len(), 4, "the engine game did not go on");
    // Level 1 thinks 370 ms a move; the flood may delay a reply, not stall it.
    assert!(
        rmax < 2500.0,
        "an engine reply took {rmax:.0} ms during the flood"
    );
}

/// Reviews at the default budget use the analysis slots only, waiting their
/// turn: three of them running do not delay the engine's replies in another
/// game beyond the bound of the analysis flood.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn running_reviews_do_not_delay_engine_replies() {
    let db = support::temp_db("review-flood");
    let server = Server::start(
        &db,
        &Config {
            engine_workers: 2,
            ..Config::default()
        },
    );
    let mut reviewed = Vec::new();
    for n in 0..3 {
        let c = Client::from(server.addr, 70 + n);
        let (id, token) = new_game(&c, json!({ "kind": "local" })).await;
        local_moves_in(&c, &id, &token, 40, Duration::ZERO).await;
        let path = format!("/api/games/{id}/review");
        let a = c.expect(202, "POST", &path, Some(&token), None).await;
        assert_eq!(a.expect("review").json["status"], "running");
        reviewed.push((c, path));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let player = Client::from(server.addr, 60);
    let replies = against_engine(&player, 8).await;
    let mut positions = 0;
    let mut running = 0;
    for (c, path) in &reviewed {
        let v = c
            .expect(200, "GET", path, None, None)
            .await
            .expect("review")
            .json;
        positions += v["plies"].as_array().map_or(0, Vec::len);
        running += usize::from(v["status"] == "running");
    }
    drop(server);
    support::remove_db(&db);
    let (r50, _, _, rmax) = percentiles(replies.clone());
    println!(
        "reviews: {positions} positions reviewed meanwhile, {running} of 3 still running; engine replies p50 {r50:.0} ms max {rmax:.0} ms"
    );
    assert_eq!(replies.len(), 8, "the engine game did not go on");
    assert!(positions > 0, "the reviews did not run");
    assert!(
        running > 0,
        "the reviews ended before the replies were measured"
    );
    assert!(
        rmax < 2500.0,
        "an engine reply took {rmax:.0} ms while reviews ran"
    );
}
