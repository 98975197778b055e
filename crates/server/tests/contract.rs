//! The API does what `docs/api.md` says (issue 26): a malformed move string
//! is `400 malformed_move`; a body of the wrong shape is `400 bad_json_data`
//! naming the field, unknown fields included; a wound's `last_move.to` is
//! the wounded man's square, as in its legal action; after a crash the side
//! to move's clock restarts from the time it had at the last stored move.

use crate::support;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::Duration;
use support::router::App;
use support::{remove_db, temp_db};
use tower::ServiceExt;

/// `POST` of a body as it is (not necessarily JSON).
async fn post_text(app: &App, uri: &str, token: &str, body: &str) -> (StatusCode, Value) {
    let req = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-seat-token", token)
        .body(Body::from(body.to_string()))
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

fn error(v: &Value) -> (&str, &str) {
    (
        v["error"].as_str().unwrap_or_default(),
        v["message"].as_str().unwrap_or_default(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_string_of_no_move_shape_is_malformed_move() {
    let app = App::memory(1000);
    let (id, token) = app.local_game("chess", &[]).await;
    let uri = format!("/api/games/{id}/moves");
    for text in ["hello", "zz", "e2-e4", "e2e4e5", "J@", "hello world"] {
        let (s, v) = app.post(&uri, Some(&token), json!({ "move": text })).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{text}: {v}");
        assert_eq!(error(&v).0, "malformed_move", "{text}: {v}");
    }
    // A move string's shape that names no legal action is refused by the rules.
    for text in ["e2e5", "e2e9", "a3a4", "N@e4"] {
        let (s, v) = app.post(&uri, Some(&token), json!({ "move": text })).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{text}: {v}");
        assert_eq!(error(&v).0, "illegal_action", "{text}: {v}");
    }
    // The analysis board says the same.
    let (s, v) = app
        .post(
            "/api/positions",
            None,
            json!({ "variant": "chess", "moves": ["e2e4", "hello"] }),
        )
        .await;
    assert_eq!(
        (s, error(&v).0),
        (StatusCode::BAD_REQUEST, "malformed_move")
    );
    assert!(error(&v).1.starts_with("move 2"), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_field_value_is_bad_json_data_naming_the_field() {
    let app = App::memory(1000);
    let (id, token) = app.local_game("chess", &["e2e4"]).await;
    let cases = [
        (
            format!("/api/games/{id}/analysis"),
            json!({ "ply": -1 }),
            "ply",
        ),
        (
            format!("/api/games/{id}/analysis"),
            json!({ "movetime_ms": "fast" }),
            "movetime_ms",
        ),
        (
            format!("/api/games/{id}/moves"),
            json!({ "move": 5 }),
            "move",
        ),
        (
            format!("/api/games/{id}/draw"),
            json!({ "action": "maybe" }),
            "action",
        ),
        (
            "/api/games".to_string(),
            json!({ "variant": "chess", "time_control": { "initial_ms": -5 } }),
            "time_control.initial_ms",
        ),
        (
            "/api/games".to_string(),
            json!({ "variant": "chess", "opponent": { "kind": "engine", "level": "hard" } }),
            "opponent",
        ),
    ];
    for (uri, body, field) in cases {
        let (s, v) = app.post(&uri, Some(&token), body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{uri} {body}: {}", v["error"]);
        let (code, message) = error(&v);
        assert_eq!(code, "bad_json_data", "{uri} {body}: {v}");
        assert!(message.contains(field), "{uri} {body}: {message}");
    }
    // A missing field is named too; JSON that does not parse is bad_json.
    let (s, v) = app
        .post("/api/games", None, json!({ "color": "white" }))
        .await;
    assert_eq!((s, error(&v).0), (StatusCode::BAD_REQUEST, "bad_json_data"));
    assert!(error(&v).1.contains("variant"), "{v}");
    let (s, v) = post_text(
        &app,
        &format!("/api/games/{id}/analysis"),
        &token,
        "{\"ply\": ",
    )
    .await;
    assert_eq!((s, error(&v).0), (StatusCode::BAD_REQUEST, "bad_json"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_fields_are_refused_by_name() {
    let app = App::memory(1000);
    let (id, token) = app.local_game("chess", &[]).await;
    let cases = [
        (
            "/api/games".to_string(),
            json!({ "variant": "chess", "colour": "black" }),
            "colour",
        ),
        (
            "/api/games".to_string(),
            json!({ "variant": "chess", "opponent": { "kind": "link", "level": 3 } }),
            "level",
        ),
        (
            "/api/games".to_string(),
            json!({ "variant": "chess", "time_control": { "initial_ms": 60000, "increment": 2000 } }),
            "increment",
        ),
        (
            format!("/api/games/{id}/moves"),
            json!({ "move": "e2e4", "promotion": "q" }),
            "promotion",
        ),
        (
            format!("/api/games/{id}/draw"),
            json!({ "action": "offer", "message": "hi" }),
            "message",
        ),
        (
            format!("/api/games/{id}/analysis"),
            json!({ "ply": 0, "depth": 3 }),
            "depth",
        ),
        (
            "/api/positions".to_string(),
            json!({ "variant": "chess", "move": ["e2e4"] }),
            "move",
        ),
        (
            "/api/setups".to_string(),
            json!({ "name": "x", "spec": "chess", "note": "" }),
            "note",
        ),
    ];
    for (uri, body, field) in cases {
        let (s, v) = app.post(&uri, Some(&token), body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{uri} {body}: {}", v["error"]);
        let (code, message) = error(&v);
        assert_eq!(code, "bad_json_data", "{uri} {body}: {v}");
        assert!(
            message.contains(&format!("unknown field `{field}`")),
            "{uri} {body}: {message}"
        );
    }
    // Nothing was played.
    let (_, v) = app.get(&format!("/api/games/{id}")).await;
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(0), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wound_names_the_wounded_square_as_to_everywhere() {
    let app = App::memory(1000);
    let (id, token) = app
        .create(
            json!({ "variant": "wounds", "opponent": { "kind": "local" },
            "fen": "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1" }),
        )
        .await;
    let (_, v) = app.get(&format!("/api/games/{id}")).await;
    let wound = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["text"] == "e4e5")
        .cloned()
        .unwrap();
    assert_eq!(wound["kind"], "wound", "{wound}");
    assert_eq!((&wound["from"], &wound["to"]), (&json!("e4"), &json!("e5")));
    let (s, v) = app
        .post(
            &format!("/api/games/{id}/moves"),
            Some(&token),
            json!({ "move": "e4e5" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let last = &v["last_move"];
    assert_eq!((&last["from"], &last["to"]), (&wound["from"], &wound["to"]));
    assert_eq!(last["captured"], json!(["e5"]));
    // The attacker stayed where it was; the wounded man too.
    let on = |sq: &str| {
        v["board"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["square"] == sq)
    };
    assert!(on("e4") && on("e5"), "{v}");
    let (_, p) = app.get(&format!("/api/games/{id}/plies/1")).await;
    assert_eq!(p["last_move"]["to"], "e5", "{p}");
}

/// The clock policy after a crash (docs/api.md, "After a crash"): each
/// side's time is the one stored with the last move, and the side to move's
/// clock starts again when the game is loaded, so neither the time it had
/// used since that move nor the downtime is charged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_crash_the_side_to_move_restarts_from_its_stored_time() {
    let db = temp_db("contract-crash-clock");
    let tc = json!({ "initial_ms": 60_000, "increment_ms": 1_000 });
    let (id, token) = {
        let app = App::file(&db, 1000);
        let (id, token) = app
            .create(
                json!({ "variant": "chess", "opponent": { "kind": "local" }, "time_control": tc }),
            )
            .await;
        for m in ["e2e4", "e7e5"] {
            let uri = format!("/api/games/{id}/moves");
            let (s, v) = app.post(&uri, Some(&token), json!({ "move": m })).await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        // White thinks for a while; then the server dies (the app is dropped
        // without any shutdown) and stays down for a while.
        tokio::time::sleep(Duration::from_millis(700)).await;
        let (_, v) = app.get(&format!("/api/games/{id}")).await;
        let white = v["clocks"]["white_ms"].as_u64().unwrap();
        assert!(
            white <= 61_000 - 600,
            "White's clock ran before the crash: {v}"
        );
        (id, token)
    };
    tokio::time::sleep(Duration::from_millis(700)).await;
    let app = App::file(&db, 1000);
    let (_, v) = app.get(&format!("/api/games/{id}")).await;
    let clocks = &v["clocks"];
    assert_eq!(clocks["running"], "white", "{clocks}");
    let white = clocks["white_ms"].as_u64().unwrap();
    // White's stored time after 1. e4 (60 s + 1 s increment), less only the
    // moments since the game was loaded: the 0.7 s used before the crash and
    // the 0.7 s of downtime are not charged.
    assert!(
        (61_000 - 300..=61_000).contains(&white),
        "White restarts from the stored 61 s: {clocks}"
    );
    let black = clocks["black_ms"].as_u64().unwrap();
    assert!((60_800..=61_000).contains(&black), "{clocks}");
    // The clock runs on from there.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let (_, v) = app.get(&format!("/api/games/{id}")).await;
    assert!(
        v["clocks"]["white_ms"].as_u64().unwrap() <= white - 300,
        "{v}"
    );
    let uri = format!("/api/games/{id}/moves");
    let (s, _) = app
        .post(&uri, Some(&token), json!({ "move": "g1f3" }))
        .await;
    assert_eq!(s, StatusCode::OK);
    drop(app);
    remove_db(&db);
}

/// Who may ask for what, as the page is told (`can_analyse`, `can_review`),
/// agrees with what the server allows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn can_analyse_and_can_review_say_what_the_server_allows() {
    let app = App::memory(1000);
    let link = json!({ "variant": "chess", "opponent": { "kind": "link" }, "color": "white" });
    let engine = json!({ "variant": "chess", "opponent": { "kind": "engine", "level": 1 } });
    let local = json!({ "variant": "chess", "opponent": { "kind": "local" } });
    for (body, player_may) in [(link, false), (engine, true), (local, true)] {
        let (s, created) = app.post("/api/games", None, body.clone()).await;
        assert_eq!(s, StatusCode::CREATED);
        let id = created["id"].as_str().unwrap();
        let token = created["token"].as_str().unwrap();
        let invited = created["links"]["black"]
            .as_str()
            .is_some_and(|l| l.contains("?ticket="));
        let other = if invited {
            Some(app.claim(&created["links"]["black"]).await)
        } else {
            None
        };
        let mut viewers = vec![(Some(token), player_may), (None, false)];
        if let Some(t) = other.as_deref() {
            viewers.push((Some(t), player_may));
        }
        for (t, may) in viewers {
            let (_, v) = app
                .call(
                    axum::http::Method::GET,
                    &format!("/api/games/{id}"),
                    t,
                    None,
                )
                .await;
            assert_eq!(
                (v["can_analyse"].as_bool(), v["can_review"].as_bool()),
                (Some(may), Some(may)),
                "{body} {t:?}"
            );
            let (s, a) = app
                .post(
                    &format!("/api/games/{id}/analysis"),
                    t,
                    json!({ "movetime_ms": 50 }),
                )
                .await;
            assert_eq!(s.is_success(), may, "{body} {t:?}: {a}");
            if !may {
                assert_eq!(a["error"], "analysis_not_available");
            }
            let (s, r) = app
                .call(
                    axum::http::Method::POST,
                    &format!("/api/games/{id}/review"),
                    t,
                    None,
                )
                .await;
            assert_eq!(s.is_success(), may, "{body} {t:?}: {r}");
            if may {
                // One review at a time per address: this one ends before
                // the next game's is asked for.
                app.review_until(id, "done").await;
            }
        }
        // Once the game is over, anyone may.
        let (s, _) = app
            .post(&format!("/api/games/{id}/resign"), Some(token), json!({}))
            .await;
        assert_eq!(s, StatusCode::OK);
        let (_, v) = app.get(&format!("/api/games/{id}")).await;
        assert_eq!(
            (&v["can_analyse"], &v["can_review"]),
            (&json!(true), &json!(true))
        );
    }
}

/// The holder of the creator's seat of a game over a link is given the
/// game's links in any browser (the view, its answers and events), also
/// after a restart; the invited friend and spectators are not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creators_seat_holder_gets_the_links_anywhere() {
    let db = temp_db("contract-links");
    let (id, creator, links) = {
        let app = App::file(&db, 1000);
        let (s, created) = app
            .post(
                "/api/games",
                None,
                json!({ "variant": "chess", "opponent": { "kind": "link" }, "color": "black" }),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED);
        let links = created["links"].clone();
        assert_eq!(created["game"]["links"], links, "the creator's first view");
        let id = created["id"].as_str().unwrap().to_string();
        let creator = created["token"].as_str().unwrap().to_string();
        (id, creator, links)
    };
    // The invitation outlives a restart, and is claimed after it.
    let app = App::file(&db, 1000);
    let read = |t: Option<String>| {
        let app = app.clone();
        let id = id.clone();
        async move {
            let (_, v) = app
                .call(
                    axum::http::Method::GET,
                    &format!("/api/games/{id}"),
                    t.as_deref(),
                    None,
                )
                .await;
            v["links"].clone()
        }
    };
    assert_eq!(read(Some(creator.clone())).await, links);
    let friend = app.claim(&links["white"]).await;
    // Once claimed, the invitation is gone from the creator's links.
    let mut claimed = links.clone();
    claimed["white"] = Value::Null;
    assert_eq!(read(Some(creator.clone())).await, claimed);
    assert_eq!(read(Some(friend.clone())).await, Value::Null);
    assert_eq!(read(None).await, Value::Null);
    // The friend's move answer carries no links; the creator's event stream does.
    let (s, v) = app
        .post(
            &format!("/api/games/{id}/moves"),
            Some(&friend),
            json!({ "move": "e2e4" }),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["links"], Value::Null);
    let (_, events) = app
        .events(&format!("/api/games/{id}/events?seat={creator}"))
        .await;
    let (name, v) = events.unwrap().next(Duration::from_secs(5)).await.unwrap();
    assert_eq!((name.as_str(), &v["links"]), ("game", &claimed));
    drop(app);
    remove_db(&db);
}

/// Each piece of a game comes with the engine's value, by which the page
/// offers promotions strongest first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pieces_carry_their_value() {
    let app = App::memory(1000);
    let (_, v) = app.get("/api/variants/chess").await;
    let value = |letter: &str| {
        v["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["letter"] == letter)
            .and_then(|p| p["value"].as_i64())
            .unwrap()
    };
    assert!(value("Q") > value("R") && value("R") > value("B") && value("B") >= value("N"));
    assert_eq!(value("P"), 100);
}
