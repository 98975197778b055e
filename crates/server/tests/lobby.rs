//! The lobby over the API (issue 21): a challenge is opened, listed, seen
//! live on the lobby's stream, accepted into a game both players hold;
//! of many players accepting at once exactly one gets the game; the
//! creator cancels; limits per player; bad input is a 4xx JSON error;
//! challenges survive a restart and lapse when their creator is gone.

use crate::support;

use axum::http::StatusCode;
use menagerie_server::lobby;
use menagerie_server::{SqliteStore, Store};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use support::router::App;

const ANN: &str = "ann-key-0123456789";
const BOB: &str = "bob-key-0123456789";

fn key(n: usize) -> String {
    format!("player-key-{n:08}")
}

async fn open(app: &App, player: &str, body: Value) -> (String, String) {
    let mut body = body;
    body["player"] = json!(player);
    let (s, v) = app.post("/api/challenges", None, body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["challenge"]["id"].as_str().unwrap().to_string();
    (id, v["token"].as_str().unwrap().to_string())
}

async fn accept(app: &App, id: &str, player: &str) -> (StatusCode, Value) {
    let uri = format!("/api/challenges/{id}/accept");
    app.post(&uri, None, json!({ "player": player })).await
}

#[tokio::test]
async fn a_challenge_becomes_a_game_both_players_hold() {
    let app = App::memory(1000);
    let (_, mut events) = app.events(&format!("/api/lobby/events?player={ANN}")).await;
    let events = events.as_mut().unwrap();
    let (name, first) = events.next(Duration::from_secs(5)).await.unwrap();
    assert_eq!(
        (name.as_str(), first["total"].as_u64()),
        ("challenges", Some(0))
    );

    let body = json!({ "name": " Ann ", "variant": "chess", "color": "black",
        "time_control": { "initial_ms": 300000, "increment_ms": 2000 } });
    let (id, ann_token) = open(&app, ANN, body).await;
    let (name, list) = events.next(Duration::from_secs(5)).await.unwrap();
    assert_eq!(name, "challenges");
    let c = &list["challenges"][0];
    assert_eq!(
        (c["id"].as_str(), c["name"].as_str()),
        (Some(id.as_str()), Some("Ann"))
    );
    assert_eq!(
        (c["color"].as_str(), c["mine"].as_bool()),
        (Some("black"), Some(true))
    );
    assert_eq!(c["time_control"]["initial_ms"], 300000);

    let (s, v) = app.get(&format!("/api/challenges?player={BOB}")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["challenges"][0]["mine"], false, "Bob sees Ann's");

    let (s, v) = accept(&app, &id, ANN).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("own_challenge"))
    );
    let uri = format!("/api/challenges/{id}/accept");
    let body = json!({ "player": BOB, "name": "a\u{7}" });
    let (s, v) = app.post(&uri, None, body).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_name"))
    );
    let body = json!({ "player": BOB, "name": "Bob" });
    let (s, game) = app.post(&uri, None, body).await;
    assert_eq!(s, StatusCode::CREATED, "{game}");
    assert_eq!(
        game["game"]["players"],
        json!({ "white": "Bob", "black": "Ann" })
    );
    assert_eq!(game["seat"], "white", "Ann asked for black");
    assert!(
        game["links"]["black"].is_null(),
        "Ann's link is not Bob's to see"
    );
    let gid = game["id"].as_str().unwrap();
    let (name, acc) = events.next(Duration::from_secs(5)).await.unwrap();
    assert_eq!(name, "accepted");
    assert_eq!(
        (acc["challenge"].as_str(), acc["game"].as_str()),
        (Some(id.as_str()), Some(gid))
    );

    // Both play, each with their own token; neither moves the other's pieces.
    let moves = format!("/api/games/{gid}/moves");
    let bob_token = game["token"].as_str().unwrap();
    let (s, v) = app
        .post(&moves, Some(&ann_token), json!({ "move": "e2e4" }))
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_your_turn"))
    );
    let (s, v) = app
        .post(&moves, Some(bob_token), json!({ "move": "e2e4" }))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = app
        .post(&moves, Some(&ann_token), json!({ "move": "e7e5" }))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["clocks"]["increment_ms"], 2000, "{}", v["clocks"]);

    let (_, one) = app.get(&format!("/api/challenges/{id}")).await;
    assert_eq!(
        (one["state"].as_str(), one["game"].as_str()),
        (Some("accepted"), Some(gid))
    );
    let (_, list) = app.get("/api/challenges").await;
    assert_eq!(list["total"], 0, "an accepted challenge leaves the lobby");
}

#[tokio::test]
async fn of_many_players_accepting_at_once_exactly_one_gets_the_game() {
    let app = App::memory(1000);
    let (id, _) = open(&app, ANN, json!({ "name": "Ann", "variant": "wreckage" })).await;
    let tries = (0..8).map(|n| {
        let (app, id) = (app.clone(), id.clone());
        tokio::spawn(async move { accept(&app, &id, &key(n)).await })
    });
    let mut won = Vec::new();
    for t in tries {
        let (s, v) = t.await.unwrap();
        match s {
            StatusCode::CREATED => won.push(v["id"].as_str().unwrap().to_string()),
            StatusCode::CONFLICT => assert_eq!(v["error"], "challenge_taken", "{v}"),
            other => panic!("{other}: {v}"),
        }
    }
    assert_eq!(won.len(), 1, "exactly one game: {won:?}");
    let (_, one) = app.get(&format!("/api/challenges/{id}")).await;
    assert_eq!(one["game"].as_str(), Some(won[0].as_str()));
}

#[tokio::test]
async fn the_creator_cancels_and_the_limits_hold() {
    let app = App::memory(1000);
    let mut ids = Vec::new();
    for _ in 0..lobby::MAX_OPEN_PER_PLAYER {
        ids.push(
            open(&app, ANN, json!({ "name": "Ann", "variant": "chess" }))
                .await
                .0,
        );
    }
    let body = json!({ "player": ANN, "name": "Ann", "variant": "chess" });
    let (s, v) = app.post("/api/challenges", None, body.clone()).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("too_many_challenges"))
    );
    let cancel = format!("/api/challenges/{}/cancel", ids[0]);
    let (s, v) = app.post(&cancel, None, json!({ "player": BOB })).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_your_seat"))
    );
    let (s, v) = app.post(&cancel, None, json!({ "player": ANN })).await;
    assert_eq!(
        (s, v["state"].as_str()),
        (StatusCode::OK, Some("cancelled"))
    );
    let (s, v) = app.post(&cancel, None, json!({ "player": ANN })).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("challenge_taken"))
    );
    let (s, v) = accept(&app, &ids[0], BOB).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("challenge_taken"))
    );
    let (s, _) = app.post("/api/challenges", None, body).await;
    assert_eq!(s, StatusCode::CREATED, "room again after a cancel");
    // Every address may hold only so many (the router test has no address:
    // all requests count as one).
    let mut n = 0;
    let status = loop {
        let b = json!({ "player": key(n), "name": "P", "variant": "chess" });
        let (s, v) = app.post("/api/challenges", None, b).await;
        if s != StatusCode::CREATED {
            assert_eq!(v["error"], "too_many_challenges");
            break n;
        }
        n += 1;
    };
    assert_eq!(
        status + lobby::MAX_OPEN_PER_PLAYER,
        lobby::MAX_OPEN_PER_ADDRESS
    );
}

#[tokio::test]
async fn bad_input_is_a_4xx_json_error() {
    let app = App::memory(1000);
    let ok = json!({ "player": ANN, "name": "Ann", "variant": "chess" });
    let cases = [
        (json!({ "player": "short" }), "bad_player_key"),
        (json!({ "name": "" }), "bad_name"),
        (json!({ "name": "a\u{1b}[31m" }), "bad_name"),
        (json!({ "name": "x".repeat(25) }), "bad_name"),
        (json!({ "variant": "checkers" }), "unknown_variant"),
        (json!({ "fen": "nonsense" }), "bad_fen"),
        (
            json!({ "time_control": { "initial_ms": 5 } }),
            "bad_time_control",
        ),
        (json!({ "color": "green" }), "bad_json_data"),
        (json!({ "extra": 1 }), "bad_json_data"),
    ];
    for (change, code) in cases {
        let mut body = ok.clone();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (s, v) = app.post("/api/challenges", None, body.clone()).await;
        assert!(s.is_client_error(), "{body}: {s}");
        assert_eq!(v["error"], code, "{body}: {v}");
    }
    let (s, v) = accept(&app, "nope", ANN).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (s, v) = app.get("/api/challenges?limit=0").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_query"))
    );
    let (s, v) = app.get("/api/challenges?player=no%20way").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_player_key"))
    );
    let (s, _) = app.events("/api/lobby/events?limit=x").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn challenges_survive_a_restart_and_lapse_when_their_creator_is_gone() {
    let db = std::env::temp_dir().join(format!("menagerie-lobby-{}.db", std::process::id()));
    let _ = std::fs::remove_file(&db);
    let id = {
        let app = App::file(&db, 1000);
        let tc = json!({ "initial_ms": 60000, "increment_ms": 0 });
        let body = json!({ "name": "Ann", "variant": "chess", "time_control": tc });
        open(&app, ANN, body).await.0
    };
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(&db).unwrap());
    let app = App::over(store.clone(), &support::router::config(1000));
    let (_, list) = app.get("/api/challenges").await;
    assert_eq!(list["challenges"][0]["id"].as_str(), Some(id.as_str()));
    // Gone for longer than the lapse time: the next look drops it.
    let now = menagerie_server::ids::now_ms();
    lobby::sweep(&app.state, now + lobby::LAPSE_MS + 1).unwrap();
    let (_, list) = app.get("/api/challenges").await;
    assert_eq!(list["total"], 0);
    let (_, one) = app.get(&format!("/api/challenges/{id}")).await;
    assert_eq!(one["state"], "lapsed");
    let (s, v) = accept(&app, &id, BOB).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("challenge_taken"))
    );
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}

#[tokio::test]
async fn only_public_games_in_progress_are_listed_to_watch() {
    let app = App::memory(1000);
    let local = |public: Option<bool>| {
        let mut b = json!({ "variant": "chess", "opponent": { "kind": "local" } });
        if let Some(p) = public {
            b["public"] = json!(p);
        }
        b
    };
    let (private, _) = app.create(local(None)).await;
    let (shown, shown_token) = app.create(local(Some(true))).await;
    let (resigned, token) = app.create(local(Some(true))).await;
    let uri = format!("/api/games/{resigned}/resign");
    let (s, _) = app.post(&uri, Some(&token), json!({})).await;
    assert_eq!(s, StatusCode::OK);
    let (hidden, _) = open(
        &app,
        ANN,
        json!({ "name": "Ann", "variant": "chess", "public": false }),
    )
    .await;
    let (lobby_game, _) = open(&app, ANN, json!({ "name": "Ann", "variant": "wreckage" })).await;
    accept(&app, &hidden, BOB).await;
    let (_, g) = accept(&app, &lobby_game, BOB).await;
    let uri = format!("/api/games/{shown}/moves");
    app.post(&uri, Some(&shown_token), json!({ "move": "e2e4" }))
        .await;

    let (s, page) = app.get("/api/games").await;
    assert_eq!(s, StatusCode::OK, "{page}");
    let ids: Vec<_> = page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [g["id"].as_str().unwrap(), shown.as_str()],
        "newest first; not {private}, {resigned}"
    );
    assert_eq!(
        (
            page["games"][1]["plies"].as_u64(),
            page["games"][1]["turn"].as_str()
        ),
        (Some(1), Some("black"))
    );
    assert_eq!(page["games"][0]["title"], "Wreckage");
    let (_, page) = app.get("/api/games?offset=1&limit=1").await;
    assert_eq!(
        (page["games"][0]["id"].as_str(), page["next"].as_u64()),
        (Some(shown.as_str()), Some(2))
    );
    let (s, v) = app.get("/api/games?limit=51").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_query"))
    );
}
