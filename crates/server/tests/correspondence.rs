//! Correspondence games (issue 21): days per move in `POST /api/games` and
//! in challenges, the deadline of the side to move in the view's clocks,
//! kept across a restart, and a loss on time found by the server itself.

use crate::support;

use axum::http::StatusCode;
use menagerie_server::{ids, lobby};
use serde_json::{json, Value};
use support::router::App;

const DAY: i64 = 86_400_000;

fn temp_db(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("menagerie-{name}-{}.db", std::process::id()))
}

fn remove_db(db: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
}

async fn view(app: &App, id: &str) -> Value {
    let (s, v) = app.get(&format!("/api/games/{id}")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v
}

#[tokio::test]
async fn the_deadline_follows_the_moves_survives_a_restart_and_ends_the_game() {
    let db = temp_db("corr");
    remove_db(&db);
    let body = json!({ "variant": "chess", "opponent": { "kind": "link" }, "color": "white",
        "time_control": { "days_per_move": 3 } });
    let app = App::file(&db, 1000);
    let before = ids::now_ms();
    let (id, token) = app.create(body).await;
    let c = view(&app, &id).await["clocks"].clone();
    assert_eq!(
        (c["days_per_move"].as_u64(), c["running"].as_str()),
        (Some(3), Some("white")),
        "{c}"
    );
    let first = c["deadline_ms"].as_i64().unwrap();
    assert!(
        (before + 3 * DAY..=ids::now_ms() + 3 * DAY).contains(&first),
        "{c}"
    );
    assert!(
        c["white_ms"].as_i64().unwrap() <= 3 * DAY && c["black_ms"] == 3 * DAY,
        "{c}"
    );

    let uri = format!("/api/games/{id}/moves");
    let (s, v) = app
        .post(&uri, Some(&token), json!({ "move": "e2e4" }))
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let deadline = v["clocks"]["deadline_ms"].as_i64().unwrap();
    assert!(deadline >= first, "counted from the move");
    assert_eq!(v["clocks"]["running"], "black");
    drop(app);

    let app = App::file(&db, 1000);
    let c = view(&app, &id).await["clocks"].clone();
    assert_eq!(
        c["deadline_ms"].as_i64(),
        Some(deadline),
        "kept across a restart: {c}"
    );
    assert_eq!(c["running"], "black");
    // Nobody looks: the server's own check finds the deadline passed.
    lobby::check_deadlines(&app.state, deadline - 1).unwrap();
    assert!(
        view(&app, &id).await["outcome"].is_null(),
        "not before the deadline"
    );
    lobby::check_deadlines(&app.state, deadline + 1).unwrap();
    drop(app);

    let app = App::file(&db, 1000);
    let v = view(&app, &id).await;
    assert_eq!(
        (
            v["outcome"]["result"].as_str(),
            v["outcome"]["reason"].as_str()
        ),
        (Some("1-0"), Some("timeout")),
        "{v}"
    );
    assert!(
        v["clocks"]["deadline_ms"].is_null(),
        "no deadline once over"
    );
    drop(app);
    remove_db(&db);
}

#[tokio::test]
async fn days_per_move_are_one_three_or_seven_alone() {
    let app = App::memory(1000);
    for tc in [
        json!({ "days_per_move": 2 }),
        json!({ "days_per_move": 0 }),
        json!({ "days_per_move": 3, "initial_ms": 60000 }),
        json!({ "days_per_move": "3" }),
    ] {
        let body =
            json!({ "variant": "chess", "opponent": { "kind": "local" }, "time_control": tc });
        let (s, v) = app.post("/api/games", None, body).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{tc}: {v}");
        assert!(
            ["bad_time_control", "bad_json_data"].contains(&v["error"].as_str().unwrap()),
            "{v}"
        );
    }
    for days in [1, 3, 7] {
        let body = json!({ "variant": "wreckage", "opponent": { "kind": "local" },
            "time_control": { "days_per_move": days } });
        let (s, v) = app.post("/api/games", None, body).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(v["game"]["clocks"]["days_per_move"], days);
    }
}

#[tokio::test]
async fn a_correspondence_challenge_waits_a_day_for_its_creator() {
    let app = App::memory(1000);
    let mut ids_by_kind = Vec::new();
    for tc in [
        json!({ "days_per_move": 1 }),
        json!({ "initial_ms": 60000, "increment_ms": 0 }),
    ] {
        let body = json!({ "player": "corr-player-0123456789", "name": "Cy", "variant": "chess", "time_control": tc });
        let (s, v) = app.post("/api/challenges", None, body).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(
            v["challenge"]["time_control"]["days_per_move"],
            tc["days_per_move"]
        );
        ids_by_kind.push(v["challenge"]["id"].as_str().unwrap().to_string());
    }
    let now = ids::now_ms();
    lobby::sweep(&app.state, now + lobby::LAPSE_MS + 1).unwrap();
    let state = |id: String| {
        let app = app.clone();
        async move { app.get(&format!("/api/challenges/{id}")).await.1["state"].clone() }
    };
    assert_eq!(
        state(ids_by_kind[0].clone()).await,
        "open",
        "correspondence waits"
    );
    assert_eq!(
        state(ids_by_kind[1].clone()).await,
        "lapsed",
        "a real-time one does not"
    );
    lobby::sweep(&app.state, now + lobby::SLOW_LAPSE_MS + 1).unwrap();
    assert_eq!(state(ids_by_kind[0].clone()).await, "lapsed");
}
