//! Two servers on one PostgreSQL database (the server named by
//! `MENAGERIE_TEST_PG`; without it these tests are skipped with a notice):
//! a game over a link with White on server A and Black and a spectator on
//! server B, every change seen on the other side by `LISTEN`/`NOTIFY`; and
//! moves for one ply sent through both servers at once, of which exactly
//! one lands; and play going on after every database connection of both
//! servers is killed (as when PostgreSQL restarts); and a lobby challenge
//! accepted by many players through both servers at once: exactly one gets
//! the game, which both servers then show with the players' names.

use crate::support;

use menagerie_server::{PgStore, Store};
use serde_json::{json, Value};
use std::time::Instant;
use support::cluster::{first_legal, link_game, plies, two_servers, PROPAGATION_LIMIT};
use support::pg::{server_url, ScratchDb};
use support::sse::Events;
use support::{percentiles, view_moves, Client};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_linked_game_across_two_servers() {
    let Some(server) = server_url("a_linked_game_across_two_servers") else {
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
    let mut watch_b = Events::open(b.addr, &format!("/api/games/{id}/events"))
        .await
        .unwrap();
    let mut lags = Vec::new();
    let path = format!("/api/games/{id}/moves");
    for ply in 1..=12 {
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
        let text = first_legal(&view);
        let body = json!({ "move": text });
        mover
            .expect(200, "POST", &path, Some(token), Some(&body))
            .await
            .unwrap();
        let done = Instant::now();
        let (at, seen) = other.until(PROPAGATION_LIMIT, plies(ply)).await.unwrap();
        lags.push(at.saturating_duration_since(done));
        assert_eq!(view_moves(&seen).last(), Some(&text), "ply {ply}");
        let (_, watched) = watch_b.until(PROPAGATION_LIMIT, plies(ply)).await.unwrap();
        assert_eq!(view_moves(&watched), view_moves(&seen));
    }
    // A draw offered on B reaches A; declined on A, it is gone on B; then
    // Black resigns on B and A sees the result.
    let draw = format!("/api/games/{id}/draw");
    cb.expect(
        200,
        "POST",
        &draw,
        Some(&bt),
        Some(&json!({"action": "offer"})),
    )
    .await
    .unwrap();
    white_a
        .until(PROPAGATION_LIMIT, |v| v["draw_offer"] == "black")
        .await
        .unwrap();
    ca.expect(
        200,
        "POST",
        &draw,
        Some(&wt),
        Some(&json!({"action": "decline"})),
    )
    .await
    .unwrap();
    // B's stream holds older views without an offer: the offer's own view
    // first, then the one after the decline.
    black_b
        .until(PROPAGATION_LIMIT, |v| v["draw_offer"] == "black")
        .await
        .unwrap();
    black_b
        .until(PROPAGATION_LIMIT, |v| v["draw_offer"].is_null())
        .await
        .unwrap();
    let resign = format!("/api/games/{id}/resign");
    cb.expect(200, "POST", &resign, Some(&bt), None)
        .await
        .unwrap();
    let (_, over) = white_a
        .until(PROPAGATION_LIMIT, |v| v["outcome"].is_object())
        .await
        .unwrap();
    assert_eq!(over["outcome"]["result"], "1-0", "{}", over["outcome"]);
    let (p50, _, _, max) = percentiles(lags);
    println!("NOTIFY propagation, move acknowledged on one server to the other's stream: p50 {p50:.1} ms, max {max:.1} ms");
    assert!(p50 < 200.0, "median propagation {p50:.1} ms");
}

/// Sends two different moves of the side to move at once, one through
/// each server; exactly one lands (`200`), the other is a `409`. The move
/// that landed.
async fn race(ca: &Client, cb: &Client, id: &str, token: &str, view: &Value) -> String {
    let path = format!("/api/games/{id}/moves");
    let texts = [
        view["legal"][0]["text"].as_str().unwrap().to_string(),
        view["legal"][1]["text"].as_str().unwrap().to_string(),
    ];
    let (body_a, body_b) = (json!({ "move": texts[0] }), json!({ "move": texts[1] }));
    let (ra, rb) = tokio::join!(
        ca.send("POST", &path, Some(token), Some(&body_a)),
        cb.send("POST", &path, Some(token), Some(&body_b)),
    );
    let (ra, rb) = (ra.unwrap(), rb.unwrap());
    let mut statuses = [ra.status, rb.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "A: {}, B: {}", ra.json, rb.json);
    let loser = if ra.status == 409 { &ra } else { &rb };
    let code = loser.json["error"].as_str().unwrap_or_default();
    assert!(
        code == "concurrent_change" || code == "not_your_turn",
        "{}",
        loser.json
    );
    if code == "concurrent_change" {
        RACES_DECIDED_BY_THE_STORE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    texts[usize::from(ra.status != 200)].clone()
}

/// Races the store decided (the other ones the loser's server had already
/// seen the winning move).
static RACES_DECIDED_BY_THE_STORE: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_for_one_ply_through_both_servers_land_once() {
    let Some(server) = server_url("moves_for_one_ply_through_both_servers_land_once") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    let (id, wt, bt) = link_game(&ca).await;
    let mut watch_a = Events::open(a.addr, &format!("/api/games/{id}/events"))
        .await
        .unwrap();
    let mut watch_b = Events::open(b.addr, &format!("/api/games/{id}/events"))
        .await
        .unwrap();
    let mut landed = Vec::new();
    let mut view = ca
        .expect(200, "GET", &format!("/api/games/{id}"), None, None)
        .await
        .unwrap()
        .json;
    for round in 0..6 {
        // Alternately White and Black race two moves through A and B.
        let token = if round % 2 == 0 { &wt } else { &bt };
        landed.push(race(&ca, &cb, &id, token, &view).await);
        let n = landed.len();
        let (_, on_a) = watch_a.until(PROPAGATION_LIMIT, plies(n)).await.unwrap();
        let (_, on_b) = watch_b.until(PROPAGATION_LIMIT, plies(n)).await.unwrap();
        assert_eq!(view_moves(&on_a), landed, "server A after round {round}");
        assert_eq!(view_moves(&on_b), landed, "server B after round {round}");
        view = on_a;
    }
    // The database itself holds exactly the moves that landed, once each.
    let check = PgStore::open(&db.url).unwrap();
    let (_, moves) = check.load_game(&id).unwrap().unwrap();
    let texts: Vec<_> = moves.iter().map(|m| m.text.clone()).collect();
    assert_eq!(texts, landed);
    println!(
        "{} of 6 races decided by the store's transaction (concurrent_change), the rest by a server that had already seen the winner (not_your_turn)",
        RACES_DECIDED_BY_THE_STORE.load(std::sync::atomic::Ordering::Relaxed)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_reconnect_after_their_connections_are_killed() {
    let Some(server) = server_url("the_servers_reconnect_after_their_connections_are_killed")
    else {
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
    let mut acknowledged = Vec::new();
    for ply in 1..=8 {
        if ply == 3 || ply == 6 {
            // Every connection of both servers (pools and listeners) dies,
            // as when PostgreSQL restarts.
            db.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
            );
        }
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
        // The pool checks each connection before use, so a dropped one is
        // replaced, not a failed request.
        let body = json!({ "move": text });
        mover
            .expect(
                200,
                "POST",
                &format!("/api/games/{id}/moves"),
                Some(token),
                Some(&body),
            )
            .await
            .unwrap();
        acknowledged.push(text);
        let (_, there) = other.until(PROPAGATION_LIMIT, plies(ply)).await.unwrap();
        assert_eq!(view_moves(&there), acknowledged, "ply {ply}");
    }
    let check = PgStore::open(&db.url).unwrap();
    let (_, moves) = check.load_game(&id).unwrap().unwrap();
    let texts: Vec<_> = moves.iter().map(|m| m.text.clone()).collect();
    assert_eq!(texts, acknowledged, "every acknowledged move, once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_accepted_through_both_servers_at_once_has_one_game() {
    let Some(server) = server_url("a_challenge_accepted_through_both_servers_at_once") else {
        return;
    };
    let db = ScratchDb::new(&server);
    let (a, b) = two_servers(&db);
    let (ca, cb) = (Client::new(a.addr), Client::from(b.addr, 2));
    let body = json!({ "player": "ann-key-0123456789", "name": "Ann", "variant": "chess",
        "color": "black" });
    let opened = ca
        .expect(201, "POST", "/api/challenges", None, Some(&body))
        .await
        .unwrap();
    let id = opened.json["challenge"]["id"].as_str().unwrap().to_string();
    let ann = opened.json["token"].as_str().unwrap().to_string();
    let listed = cb
        .expect(200, "GET", "/api/challenges", None, None)
        .await
        .unwrap();
    assert_eq!(
        listed.json["challenges"][0]["id"].as_str(),
        Some(id.as_str())
    );
    let path = format!("/api/challenges/{id}/accept");
    let tries = (0..8).map(|n| {
        let (c, path) = (
            if n % 2 == 0 { ca.clone() } else { cb.clone() },
            path.clone(),
        );
        let body = json!({ "player": format!("player-key-{n:08}"), "name": format!("P{n}") });
        tokio::spawn(async move { (n, c.send("POST", &path, None, Some(&body)).await.unwrap()) })
    });
    let mut won = Vec::new();
    for t in tries {
        let (n, r) = t.await.unwrap();
        match r.status {
            201 => won.push((n, r.json)),
            409 => assert_eq!(r.json["error"], "challenge_taken", "{}", r.json),
            other => panic!("{other}: {}", r.json),
        }
    }
    assert_eq!(won.len(), 1, "exactly one game: {won:?}");
    let (n, game) = &won[0];
    let gid = game["id"].as_str().unwrap().to_string();
    let winner = game["token"].as_str().unwrap().to_string();
    // The server that did not start the game shows it with both names.
    let other = if n % 2 == 0 { &cb } else { &ca };
    let seen = other
        .expect(200, "GET", &format!("/api/games/{gid}"), Some(&ann), None)
        .await
        .unwrap();
    assert_eq!(
        seen.json["players"],
        json!({ "white": format!("P{n}"), "black": "Ann" })
    );
    // White moves on one server; Black's stream on the other sees it.
    let mut ann_events = Events::open(
        if n % 2 == 0 { b.addr } else { a.addr },
        &format!("/api/games/{gid}/events?seat={ann}"),
    )
    .await
    .unwrap();
    let starter = if n % 2 == 0 { &ca } else { &cb };
    let view = starter
        .expect(
            200,
            "GET",
            &format!("/api/games/{gid}"),
            Some(&winner),
            None,
        )
        .await
        .unwrap()
        .json;
    let text = first_legal(&view);
    starter
        .expect(
            200,
            "POST",
            &format!("/api/games/{gid}/moves"),
            Some(&winner),
            Some(&json!({ "move": text })),
        )
        .await
        .unwrap();
    let (_, seen) = ann_events.until(PROPAGATION_LIMIT, plies(1)).await.unwrap();
    assert_eq!(view_moves(&seen), vec![text]);
    let one = other
        .expect(200, "GET", &format!("/api/challenges/{id}"), None, None)
        .await
        .unwrap();
    assert_eq!(
        (one.json["state"].as_str(), one.json["game"].as_str()),
        (Some("accepted"), Some(gid.as_str()))
    );
}
