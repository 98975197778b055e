//! API tests over the router (no network): every endpoint, the seat rules,
//! the engine's replies, live events and a restart on the same database.

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use menagerie_server::{app, Config, SqliteStore, Store};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

fn config() -> Config {
    Config {
        engine_workers: 2,
        rate_burst: 100_000,
        rate_per_second: 100_000,
        ..Config::default()
    }
}

/// The player key the setup tests save under.
const SETUP_KEY: &str = "0123456789abcdef0123456789abcdef";

fn memory_app() -> Router {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::in_memory().unwrap());
    app(store, &config())
}

fn file_app(path: &std::path::Path) -> Router {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::open(path).unwrap());
    app(store, &config())
}

fn temp_db(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    std::env::temp_dir().join(format!(
        "menagerie-test-{name}-{}-{nanos}.db",
        std::process::id()
    ))
}

async fn raw(app: &Router, req: Request<Body>) -> (StatusCode, String, String) {
    let resp = app.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let ct = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, ct, String::from_utf8_lossy(&bytes).into_owned())
}

async fn call(
    app: &Router,
    method: Method,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut b = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        b = b.header("x-seat-token", t);
    }
    let req = match body {
        Some(v) => b
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(v.to_string()))
            .unwrap(),
        None => b.body(Body::empty()).unwrap(),
    };
    let (status, ct, text) = raw(app, req).await;
    assert!(
        ct.starts_with("application/json"),
        "{uri}: content type {ct:?} for {status}: {text}"
    );
    (status, serde_json::from_str(&text).unwrap())
}

async fn get(app: &Router, uri: &str, token: Option<&str>) -> (StatusCode, Value) {
    call(app, Method::GET, uri, token, None).await
}

async fn post(app: &Router, uri: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    call(app, Method::POST, uri, token, Some(body)).await
}

async fn create(app: &Router, body: Value) -> (String, String, Value) {
    let (s, v) = post(app, "/api/games", None, body).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
        v,
    )
}

/// Claims the seat of an invitation link (`/play/ID?ticket=T`): its token.
async fn claim(app: &Router, link: &Value) -> String {
    let (path, ticket) = link.as_str().unwrap().split_once("?ticket=").unwrap();
    let uri = format!("/api/games/{}/claim", path.trim_start_matches("/play/"));
    let (s, v) = post(app, &uri, None, json!({ "ticket": ticket })).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v["token"].as_str().unwrap().to_string()
}

async fn play(app: &Router, id: &str, token: &str, mv: &str) -> (StatusCode, Value) {
    post(
        app,
        &format!("/api/games/{id}/moves"),
        Some(token),
        json!({ "move": mv }),
    )
    .await
}

fn moves(v: &Value) -> Vec<String> {
    v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

/// Reads the game until `done` holds (the engine answers asynchronously).
async fn wait_for(app: &Router, id: &str, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let (_, v) = get(app, &format!("/api/games/{id}"), Some(token)).await;
        if done(&v) {
            return v;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "timed out: {v}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variants_list_every_game_with_pieces_and_options() {
    let app = memory_app();
    let (s, v) = get(&app, "/api/variants", None).await;
    assert_eq!(s, StatusCode::OK);
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 6);
    for g in list {
        assert!(!g["pieces"].as_array().unwrap().is_empty());
        for p in g["pieces"].as_array().unwrap() {
            assert!(p["summary"].as_str().unwrap().len() > 40, "{p}");
        }
    }
    let carnage = list.iter().find(|g| g["key"] == "carnage").unwrap();
    let names: Vec<&str> = carnage["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"freeze_affects_friendly"));
    let (s, v) = get(
        &app,
        "/api/variants/pick-the-piece:slots=O,C;drops=N,A,J2",
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["files"], 10);
    let (s, v) = get(&app, "/api/variants/hippo", None).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(v["error"], "unknown_variant");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_every_game_with_defaults() {
    let app = memory_app();
    for name in menagerie_games::NAMES
        .iter()
        .copied()
        .chain(["pick-the-piece:slots=O,C;drops=N,A,J2"])
    {
        let (id, _, v) = create(
            &app,
            json!({ "variant": name, "opponent": {"kind": "local"} }),
        )
        .await;
        let g = &v["game"];
        assert_eq!(g["id"], id.as_str());
        assert_eq!(v["seat"], "both");
        assert!(!g["legal"].as_array().unwrap().is_empty(), "{name}");
        assert!(!g["board"].as_array().unwrap().is_empty());
        assert!(g["outcome"].is_null());
        for a in g["legal"].as_array().unwrap() {
            assert!(!a["label"].as_str().unwrap().is_empty());
        }
    }
    // Only `variant`: the engine at level 5, the creator White.
    let (_, _, v) = create(&app, json!({ "variant": "wreckage" })).await;
    assert_eq!(v["seat"], "white");
    assert_eq!(v["game"]["players"]["black"], "engine level 5");
    assert!(v["links"]["black"].is_null());
    assert!(v["game"]["pockets"]["white"]["J"] == 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_gets_a_json_4xx_and_the_server_lives_on() {
    let app = memory_app();
    let junk: [&str; 6] = [
        "junk",
        "{",
        "{}",
        r#"{"variant": 5}"#,
        r#"{"variant": "wreckage", "opponent": {"kind": "robot"}}"#,
        "[1,2,3]",
    ];
    for body in junk {
        let req = Request::post("/api/games")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .unwrap();
        let (s, ct, text) = raw(&app, req).await;
        assert!(s.is_client_error(), "{body}: {s}");
        assert!(ct.starts_with("application/json"), "{body}: {ct}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert!(v["error"].is_string() && v["message"].is_string());
    }
    let req = Request::post("/api/games").body(Body::from("{}")).unwrap();
    let (s, _, _) = raw(&app, req).await;
    assert_eq!(s, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let big = format!(r#"{{"variant": "{}"}}"#, "x".repeat(100_000));
    let req = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(big))
        .unwrap();
    let (s, ct, _) = raw(&app, req).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(ct.starts_with("application/json"));
    for (body, code) in [
        (json!({"variant": "hippo"}), "unknown_variant"),
        (
            json!({"variant": "examples/pick-the-piece/air-and-trench.toml"}),
            "unknown_variant",
        ),
        (json!({"variant": "pick-the-piece:slots=K,A"}), "bad_setup"),
        (
            json!({"variant": "chess", "fen": "8/8/8 w - - 0 1"}),
            "bad_fen",
        ),
        (
            json!({"variant": "chess", "opponent": {"kind": "engine", "level": 11}}),
            "bad_level",
        ),
        (
            json!({"variant": "chess", "options": {"nope": true}}),
            "unknown_option",
        ),
        (
            json!({"variant": "chess", "time_control": {"initial_ms": 5}}),
            "bad_time_control",
        ),
    ] {
        let (s, v) = post(&app, "/api/games", None, body).await;
        assert_eq!(s, StatusCode::BAD_REQUEST);
        assert_eq!(v["error"], code, "{v}");
    }
    let (s, v) = get(&app, "/api/games/doesnotexist", None).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::NOT_FOUND, Some("not_found"))
    );
    let (s, _) = get(&app, "/api/nothing/here", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _) = get(&app, "/api/variants", None).await;
    assert_eq!(s, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_moves_get_422_with_the_rule() {
    let app = memory_app();
    let (id, t, _) = create(
        &app,
        json!({"variant": "chess", "opponent": {"kind": "local"},
        "fen": "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"}),
    )
    .await;
    let (s, v) = play(&app, &id, &t, "e2d3").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"], "illegal_action");
    assert!(
        v["message"].as_str().unwrap().contains("king in check"),
        "{v}"
    );
    let (s, v) = play(&app, &id, &t, "e2e9").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (s, v) = play(&app, &id, &t, "a3a4").await;
    assert!(v["message"].as_str().unwrap().contains("no piece"), "{v}");
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    let (s, v) = play(&app, &id, &t, "hello world").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("malformed_move"))
    );
    // A finished game refuses every move.
    let (id, t, v) = create(
        &app,
        json!({"variant": "chess", "opponent": {"kind": "local"},
        "fen": "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"}),
    )
    .await;
    assert_eq!(v["game"]["outcome"]["reason"], "checkmate");
    let (s, v) = play(&app, &id, &t, "a2a3").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
    // A Wreckage drop that the rules refuse names the rule.
    let (id, t, _) = create(
        &app,
        json!({"variant": "wreckage", "opponent": {"kind": "local"}}),
    )
    .await;
    let (s, v) = play(&app, &id, &t, "G@c1").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["message"].as_str().unwrap().contains("not empty"), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_tokens_are_enforced() {
    let app = memory_app();
    let (id, white, v) = create(
        &app,
        json!({"variant": "chess", "opponent": {"kind": "link"}}),
    )
    .await;
    let black = claim(&app, &v["links"]["black"]).await;
    assert_ne!(white, black);
    let (s, v) = play(&app, &id, &black, "e7e5").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("not_your_turn"))
    );
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/moves"),
        None,
        json!({"move": "e2e4"}),
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_your_seat"))
    );
    let (s, _) = play(&app, &id, "0123456789abcdef0123456789abcdef", "e2e4").await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, v) = play(&app, &id, &white, "e2e4").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["you"], "white");
    assert_eq!(v["moves"][0]["label"], "e4");
    let (s, _) = play(&app, &id, &white, "d2d4").await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (s, v) = play(&app, &id, &black, "e7e5").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, v) = get(&app, &format!("/api/games/{id}?seat={black}"), None).await;
    assert_eq!(v["you"], "black");
    let (_, v) = get(&app, &format!("/api/games/{id}"), None).await;
    assert!(v["you"].is_null());
    assert_eq!(moves(&v), ["e2e4", "e7e5"]);
    assert_eq!(v["last_move"]["from"], "e7");
    // Spectators may not resign, and a game over a link has no undo.
    let (s, _) = post(&app, &format!("/api/games/{id}/resign"), None, json!({})).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/undo"),
        Some(&white),
        json!({}),
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("undo_not_available"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_replies_and_undo_takes_both_moves_back() {
    let app = memory_app();
    let (id, t, _) = create(
        &app,
        json!({"variant": "chess",
        "opponent": {"kind": "engine", "level": 1}, "color": "white"}),
    )
    .await;
    let (s, v) = play(&app, &id, &t, "e2e4").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let v = wait_for(&app, &id, &t, |v| moves(v).len() == 2).await;
    assert_eq!(v["engine_thinking"], false);
    assert_eq!(v["turn"], "white");
    let (s, v) = post(&app, &format!("/api/games/{id}/undo"), Some(&t), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert!(moves(&v).is_empty());
    let (s, v) = post(&app, &format!("/api/games/{id}/undo"), Some(&t), json!({})).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("nothing_to_undo"))
    );
    // The engine plays White's first move when the person takes Black.
    let (id, t, v) = create(
        &app,
        json!({"variant": "wreckage",
        "opponent": {"kind": "engine", "level": 1}, "color": "black"}),
    )
    .await;
    assert_eq!(v["seat"], "black");
    let v = wait_for(&app, &id, &t, |v| moves(v).len() == 1).await;
    assert_eq!(v["turn"], "black");
    let (s, v) = post(&app, &format!("/api/games/{id}/undo"), Some(&t), json!({})).await;
    assert_eq!(s, StatusCode::CONFLICT, "{v}");
}

fn revision(v: &Value) -> u64 {
    v["revision"]
        .as_u64()
        .expect("every GameView has a revision")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_revision_grows_with_every_change_and_across_a_restart() {
    let path = temp_db("revision");
    let app = file_app(&path);
    let (id, t, created) = create(
        &app,
        json!({"variant": "chess", "opponent": {"kind": "engine", "level": 1},
        "color": "white", "time_control": {"initial_ms": 60000, "increment_ms": 0}}),
    )
    .await;
    let r0 = revision(&created["game"]);
    let (_, read) = get(&app, &format!("/api/games/{id}"), Some(&t)).await;
    assert_eq!(revision(&read), r0, "a read changes nothing");
    // Offered at the start, where no evaluation has the engine losing (after
    // its reply a level-1 move may leave it worse off, and it would accept).
    let (s, declined) = post(
        &app,
        &format!("/api/games/{id}/draw"),
        Some(&t),
        json!({"action": "offer"}),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT, "{declined}");
    let (_, same) = get(&app, &format!("/api/games/{id}"), Some(&t)).await;
    assert_eq!(revision(&same), r0, "a declined offer changes nothing");
    let (s, moved) = play(&app, &id, &t, "e2e4").await;
    assert_eq!(s, StatusCode::OK, "{moved}");
    let r1 = revision(&moved);
    assert!(r1 > r0, "a move raises the revision");
    let replied = wait_for(&app, &id, &t, |v| moves(v).len() == 2).await;
    let r2 = revision(&replied);
    assert!(
        r2 > r1,
        "the engine's reply is newer than the answer to the move"
    );
    let (s, refused) = play(&app, &id, &t, "e4e6").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let (_, same) = get(&app, &format!("/api/games/{id}"), Some(&t)).await;
    assert_eq!(revision(&same), r2, "a refused move changes nothing");
    let (s, undone) = post(&app, &format!("/api/games/{id}/undo"), Some(&t), json!({})).await;
    assert_eq!(s, StatusCode::OK, "{undone}");
    let r3 = revision(&undone);
    assert!(r3 > r2, "an undo raises the revision");
    drop(app);
    let app = file_app(&path);
    let (_, loaded) = get(&app, &format!("/api/games/{id}"), Some(&t)).await;
    let r4 = revision(&loaded);
    assert!(r4 > r3, "a restart keeps the revision growing");
    let (s, resigned) = post(
        &app,
        &format!("/api/games/{id}/resign"),
        Some(&t),
        json!({}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{resigned}");
    assert!(revision(&resigned) > r4, "an ending raises the revision");
    drop(app);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(path.with_extension("db-wal"));
    let _ = std::fs::remove_file(path.with_extension("db-shm"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_earlier_position_is_served_with_its_pieces() {
    let app = memory_app();
    let (id, t, created) = create(
        &app,
        json!({"variant": "wreckage", "opponent": {"kind": "local"}}),
    )
    .await;
    for mv in ["e2e5", "e9e6", "J@e4"] {
        let (s, v) = play(&app, &id, &t, mv).await;
        assert_eq!(s, StatusCode::OK, "{mv}: {v}");
    }
    let (_, game) = get(&app, &format!("/api/games/{id}"), None).await;
    let (s, start) = get(&app, &format!("/api/games/{id}/plies/0"), None).await;
    assert_eq!(s, StatusCode::OK, "{start}");
    assert_eq!(start["fen"], created["game"]["start_fen"]);
    assert_eq!(start["board"], created["game"]["board"]);
    assert_eq!(start["last_move"], Value::Null);
    assert_eq!(start["pockets"]["white"]["J"], 5);
    for ply in 1..=3 {
        let (s, p) = get(&app, &format!("/api/games/{id}/plies/{ply}"), None).await;
        assert_eq!(s, StatusCode::OK, "{p}");
        assert_eq!(p["ply"], ply);
        assert_eq!(p["fen"], game["moves"][ply - 1]["fen_after"]);
        assert_eq!(p["last_move"]["text"], game["moves"][ply - 1]["text"]);
    }
    let (_, last) = get(&app, &format!("/api/games/{id}/plies/3"), None).await;
    assert_eq!(last["board"], game["board"]);
    assert_eq!(last["pockets"], game["pockets"]);
    assert_eq!(last["pockets"]["white"]["J"], 4);
    assert_eq!(last["last_move"]["to"], "e4");
    for bad in ["4", "-1", "x", "99999999999999999999999"] {
        let (s, e) = get(&app, &format!("/api/games/{id}/plies/{bad}"), None).await;
        assert_eq!(
            (s, e["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_ply")),
            "{bad}"
        );
    }
    let (s, _) = get(&app, "/api/games/nosuchgame/plies/0", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, all) = get(&app, &format!("/api/games/{id}/plies"), None).await;
    assert_eq!(s, StatusCode::OK, "{all}");
    let all = all.as_array().unwrap();
    assert_eq!(all.len(), 4);
    assert_eq!(all[0], start);
    assert_eq!(all[3], last);
    let (s, _) = get(&app, "/api/games/nosuchgame/plies", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn variants_and_moves_carry_what_the_page_draws_without_reading_fen() {
    let app = memory_app();
    let (_, wounds) = get(&app, "/api/variants/wounds", None).await;
    assert_eq!(
        (wounds["prongs"].as_bool(), wounds["has_check"].as_bool()),
        (Some(true), Some(false))
    );
    assert_eq!(wounds["start_board"].as_array().unwrap().len(), 32);
    assert_eq!(wounds["start_board"][0]["wounded"], false);
    let (_, wreckage) = get(&app, "/api/variants/wreckage", None).await;
    let (s, pieces) = get(&app, "/api/pieces", None).await;
    assert_eq!(s, StatusCode::OK);
    let pieces = pieces.as_array().unwrap();
    assert_eq!(pieces.len(), 20, "every piece of the catalogue");
    let letters = |f: &str| -> String {
        pieces
            .iter()
            .filter(|p| p[f] == true)
            .map(|p| p["letter"].as_str().unwrap())
            .collect()
    };
    assert_eq!(letters("slot"), "QRBNWFDXGTACOUZY");
    assert_eq!(letters("drop"), "QRBNWFDXGTACOUZYJ");
    let (s, levels) = get(&app, "/api/levels", None).await;
    assert_eq!(s, StatusCode::OK);
    let levels = levels.as_array().unwrap();
    assert_eq!(levels.len(), 10);
    assert_eq!(levels[0]["name"], "Beginner");
    assert!(levels[0]["elo_chess"].as_i64().unwrap() < levels[9]["elo_chess"].as_i64().unwrap());
    let (_, carnage) = get(&app, "/api/variants/carnage", None).await;
    assert_eq!(carnage["parent"], "wreckage");
    assert!(carnage["blurb"].as_str().unwrap().contains("Terror Freeze"));
    assert!(!carnage["notes"].as_array().unwrap().is_empty());
    let (_, custom) = get(&app, "/api/variants/pick-the-piece:slots=O,C", None).await;
    assert_eq!(custom["parent"], Value::Null);
    assert!(!custom["blurb"].as_str().unwrap().is_empty());
    assert_eq!(
        (
            wreckage["prongs"].as_bool(),
            wreckage["has_check"].as_bool()
        ),
        (Some(false), Some(true))
    );
    assert_eq!(wreckage["start_pockets"]["white"]["J"], 5);
    assert_eq!(wreckage["pawn_to_middle"], true);
    assert_eq!(wounds["pawn_to_middle"], false);
    assert_eq!(wreckage["start_pockets"]["black"]["G"], 1);
    let (id, t, _) = create(
        &app,
        json!({"variant": "chess", "opponent": {"kind": "local"}}),
    )
    .await;
    for mv in ["e2e4", "e7e5", "g1f3"] {
        let (s, v) = play(&app, &id, &t, mv).await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let (_, v) = get(&app, &format!("/api/games/{id}"), None).await;
    let numbered: Vec<(String, u64)> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["color"].as_str().unwrap().to_string(),
                m["number"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        numbered,
        [
            ("white".into(), 1),
            ("black".into(), 1),
            ("white".into(), 2)
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_and_draws() {
    let app = memory_app();
    let (id, white, v) = create(
        &app,
        json!({"variant": "longer-board", "opponent": {"kind": "link"}}),
    )
    .await;
    let black = claim(&app, &v["links"]["black"]).await;
    let url = format!("/api/games/{id}/draw");
    let (s, v) = post(&app, &url, Some(&black), json!({"action": "accept"})).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("no_draw_offer"))
    );
    let (s, v) = post(&app, &url, Some(&white), json!({"action": "offer"})).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["draw_offer"], "white");
    let (s, _) = post(&app, &url, Some(&white), json!({"action": "accept"})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    let (s, v) = post(&app, &url, Some(&black), json!({"action": "accept"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"]["result"], "1/2-1/2");
    assert_eq!(v["outcome"]["reason"], "agreement");
    let (s, _) = post(&app, &url, Some(&white), json!({"action": "maybe"})).await;
    assert!(s.is_client_error());
    // Resignation.
    let (id, t, _) = create(
        &app,
        json!({"variant": "carnage", "opponent": {"kind": "engine", "level": 1}}),
    )
    .await;
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/resign"),
        Some(&t),
        json!({}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["outcome"]["result"], "0-1");
    assert_eq!(v["outcome"]["winner"], "black");
    assert_eq!(v["outcome"]["reason"], "resignation");
    assert!(v["legal"].as_array().unwrap().is_empty());
    let (s, v) = play(&app, &id, &t, "e2e5").await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
    let (s, v) = post(
        &app,
        &format!("/api/games/{id}/resign"),
        Some(&t),
        json!({}),
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("game_over"))
    );
    // The record says so.
    let req = Request::get(format!("/api/games/{id}/record"))
        .body(Body::empty())
        .unwrap();
    let (s, ct, text) = raw(&app, req).await;
    assert_eq!(s, StatusCode::OK);
    assert!(ct.contains("pgn"));
    assert!(
        text.contains("[Variant \"carnage\"]") && text.contains("[Result \"0-1\"]"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_of_any_position() {
    let app = memory_app();
    let (id, t, _) = create(
        &app,
        json!({"variant": "air-and-trench", "opponent": {"kind": "local"}}),
    )
    .await;
    play(&app, &id, &t, "e2e5").await;
    let url = format!("/api/games/{id}/analysis");
    let (s, v) = post(&app, &url, Some(&t), json!({"movetime_ms": 200})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["ply"], 1);
    assert!(v["depth"].as_u64().unwrap() >= 1);
    assert!(v["score"]["cp"].is_i64() || v["score"]["mate"].is_i64());
    let best = v["best"].as_array().unwrap();
    assert!(!best.is_empty());
    assert_eq!(best.len(), v["labels"].as_array().unwrap().len());
    let (s, v) = post(&app, &url, Some(&t), json!({"ply": 0, "movetime_ms": 100})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["ply"], 0);
    let (s, v) = post(&app, &url, Some(&t), json!({"ply": 9})).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_ply"))
    );
    let (s, _) = post(&app, &url, None, json!({})).await;
    assert_eq!(s, StatusCode::CONFLICT);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_event_stream_delivers_updates() {
    let app = memory_app();
    let (id, white, v) = create(
        &app,
        json!({"variant": "wounds", "opponent": {"kind": "link"}}),
    )
    .await;
    let black = claim(&app, &v["links"]["black"]).await;
    let req = Request::get(format!("/api/games/{id}/events?seat={black}"))
        .body(Body::empty())
        .unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(resp.headers()[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    let mut body = resp.into_body();
    let mut text = String::new();
    let mut next_event = async || -> Value {
        loop {
            if let Some(end) = text.find("\n\n") {
                let block: String = text.drain(..end + 2).collect();
                if let Some(data) = block.lines().find_map(|l| l.strip_prefix("data: ")) {
                    assert!(block.contains("event: game"), "{block}");
                    return serde_json::from_str(data).unwrap();
                }
                continue;
            }
            let frame = tokio::time::timeout(Duration::from_secs(10), body.frame())
                .await
                .expect("an event in time")
                .expect("the stream stays open")
                .unwrap();
            if let Ok(data) = frame.into_data() {
                text.push_str(&String::from_utf8_lossy(&data));
            }
        }
    };
    let first = next_event().await;
    assert_eq!(first["you"], "black");
    assert!(moves(&first).is_empty());
    let (s, _) = play(&app, &id, &white, "e2e3").await;
    assert_eq!(s, StatusCode::OK);
    let second = next_event().await;
    assert_eq!(moves(&second), ["e2e3"]);
    assert_eq!(second["you"], "black");
    assert_eq!(second["turn"], "black");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_resumes_the_game_at_the_same_position() {
    let path = temp_db("restart");
    let (id, t, fen, clocks) = {
        let app = file_app(&path);
        let (id, t, _) = create(
            &app,
            json!({"variant": "wreckage", "opponent": {"kind": "local"},
            "options": {"detonator_hits_friendly": true},
            "time_control": {"initial_ms": 600000, "increment_ms": 1000}}),
        )
        .await;
        for mv in ["e2e5", "e9e6", "J@e4", "d9d6"] {
            let (s, v) = play(&app, &id, &t, mv).await;
            assert_eq!(s, StatusCode::OK, "{mv}: {v}");
        }
        let (_, v) = get(&app, &format!("/api/games/{id}"), Some(&t)).await;
        (id, t, v["fen"].clone(), v["clocks"].clone())
    };
    let app = file_app(&path);
    let (s, v) = get(&app, &format!("/api/games/{id}"), Some(&t)).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["fen"], fen);
    assert_eq!(moves(&v), ["e2e5", "e9e6", "J@e4", "d9d6"]);
    assert_eq!(v["options"]["detonator_hits_friendly"], true);
    assert_eq!(v["you"], "both");
    assert!(
        v["clocks"]["white_ms"].as_u64().unwrap() <= clocks["white_ms"].as_u64().unwrap() + 1000
    );
    let (s, v) = play(&app, &id, &t, "a2a5").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    drop(app);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(path.with_extension("db-wal"));
    let _ = std::fs::remove_file(path.with_extension("db-shm"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn custom_setups_with_options_and_saved_setups() {
    let app = memory_app();
    let spec = "pick-the-piece:drops=J2,T;slots=X,D";
    let (id, t, v) = create(
        &app,
        json!({"variant": spec, "opponent": {"kind": "local"},
        "options": {"detonator_hits_friendly": true, "freeze_affects_friendly": false}}),
    )
    .await;
    let g = &v["game"];
    assert_eq!(g["variant"], "pick-the-piece:slots=X,D;drops=T,J2");
    assert_eq!(g["options"], json!({"detonator_hits_friendly": true}));
    assert_eq!(g["pockets"]["white"]["T"], 1);
    let (s, _) = play(&app, &id, &t, "e2e5").await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = post(
        &app,
        "/api/games",
        None,
        json!({"variant": spec, "options": {"wall_pass_over_straight_only": true}}),
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("unknown_option"))
    );
    // Saved setups by name.
    let (s, v) = post(
        &app,
        "/api/setups",
        None,
        json!({"player": SETUP_KEY, "name": "Blasters", "spec": spec,
            "options": {"detonator_hits_friendly": true}}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["spec"], "pick-the-piece:slots=X,D;drops=T,J2");
    let (s, v) = get(&app, &format!("/api/setups?player={SETUP_KEY}"), None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v.as_array().unwrap().len(), 1);
    assert_eq!(v[0]["options"]["detonator_hits_friendly"], true);
    let (s, _) = get(
        &app,
        &format!("/api/setups/Blasters?player={SETUP_KEY}"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = post(
        &app,
        "/api/setups",
        None,
        json!({"player": SETUP_KEY, "name": "", "spec": spec}),
    )
    .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_name"))
    );
    let (s, _) = post(
        &app,
        "/api/setups",
        None,
        json!({"player": SETUP_KEY, "name": "x", "spec": "pick-the-piece:slots=K,K"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let req = Request::delete(format!("/api/setups/Blasters?player={SETUP_KEY}"))
        .body(Body::empty())
        .unwrap();
    assert_eq!(raw(&app, req).await.0, StatusCode::NO_CONTENT);
    let (s, _) = get(
        &app,
        &format!("/api/setups/Blasters?player={SETUP_KEY}"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_runs_out() {
    let app = memory_app();
    let (id, t, _) = create(
        &app,
        json!({"variant": "chess", "opponent": {"kind": "local"},
        "time_control": {"initial_ms": 1000, "increment_ms": 0}}),
    )
    .await;
    let (_, v) = play(&app, &id, &t, "e2e4").await;
    assert_eq!(v["clocks"]["running"], "black");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let (_, v) = get(&app, &format!("/api/games/{id}"), None).await;
    assert_eq!(v["outcome"]["reason"], "timeout", "{v}");
    assert_eq!(v["outcome"]["result"], "1-0");
    assert_eq!(v["clocks"]["black_ms"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_served() {
    let app = memory_app();
    for uri in ["/", "/play/abc123"] {
        let (s, ct, text) = raw(&app, Request::get(uri).body(Body::empty()).unwrap()).await;
        assert_eq!(s, StatusCode::OK);
        assert!(ct.starts_with("text/html"), "{ct}");
        assert!(text.contains("<"));
    }
    let (s, _, _) = raw(&app, Request::get("/nope.js").body(Body::empty()).unwrap()).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, _) = raw(
        &app,
        Request::get("/../Cargo.toml").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rate_limit_answers_429() {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::in_memory().unwrap());
    let app = app(
        store,
        &Config {
            rate_burst: 5,
            rate_per_second: 1,
            ..config()
        },
    );
    let mut codes = Vec::new();
    for _ in 0..8 {
        codes.push(get(&app, "/api/variants", None).await.0);
    }
    assert_eq!(codes.iter().filter(|&&s| s == StatusCode::OK).count(), 5);
    let (s, v) = get(&app, "/api/variants", None).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("rate_limited"))
    );
}

/// A small deterministic generator for the person's random choices.
fn next_random(state: &mut u64) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    usize::try_from(*state % 1_000_003).unwrap()
}

/// Plays `variant` against the engine to its end: the person picks random
/// legal actions, the engine answers; returns the final view.
async fn play_to_the_end(app: &Router, variant: &str, seed: u64) -> Value {
    let (id, t, _) = create(
        app,
        json!({"variant": variant,
        "opponent": {"kind": "engine", "level": 3}, "color": "white"}),
    )
    .await;
    let mut rng = seed | 1;
    for _ in 0..1000 {
        let v = wait_for(app, &id, &t, |v| {
            !v["outcome"].is_null() || (v["turn"] == "white" && v["engine_thinking"] == false)
        })
        .await;
        if !v["outcome"].is_null() {
            return v;
        }
        let legal = v["legal"].as_array().unwrap();
        assert!(
            !legal.is_empty(),
            "{variant}: no legal action but no outcome"
        );
        let mv = legal[next_random(&mut rng) % legal.len()]["text"]
            .as_str()
            .unwrap()
            .to_string();
        let (s, v) = play(app, &id, &t, &mv).await;
        assert_eq!(s, StatusCode::OK, "{variant} {mv}: {v}");
    }
    panic!("{variant}: no end after 1000 of the person's moves");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_to_its_end_against_the_engine() {
    let app = memory_app();
    for (i, variant) in menagerie_games::NAMES.iter().enumerate() {
        let v = play_to_the_end(&app, variant, 0x5eed + i as u64).await;
        let outcome = &v["outcome"];
        assert!(outcome["result"].is_string(), "{variant}: {outcome}");
        assert!(v["legal"].as_array().unwrap().is_empty(), "{variant}");
        // The record the page exports replays move by move to the same end.
        let id = v["id"].as_str().unwrap();
        let req = Request::builder()
            .uri(format!("/api/games/{id}/record"))
            .body(Body::empty())
            .unwrap();
        let (s, _, text) = raw(&app, req).await;
        assert_eq!(s, StatusCode::OK, "{variant}");
        let games =
            menagerie_protocol::pgn::read_all(&text, &menagerie_protocol::pgn::standard_resolver)
                .unwrap_or_else(|e| panic!("{variant}: {e}\n{text}"));
        let record = games[0]
            .replay()
            .unwrap_or_else(|e| panic!("{variant}: {e:?}"));
        assert_eq!(
            record.position().fen(),
            v["fen"].as_str().unwrap(),
            "{variant}"
        );
        assert_eq!(
            games[0].result,
            outcome["result"].as_str().unwrap(),
            "{variant}"
        );
        println!(
            "{variant}: {} after {} plies ({})",
            outcome["result"],
            record.moves().len(),
            outcome["reason"]
        );
    }
}
