//! Saved setups are kept per player key (`docs/api.md`, Setups): one key
//! never sees, overwrites or deletes another's; each key and the server
//! have a cap; names with control, invisible or text-direction characters
//! are refused; setups saved before setups had owners are listed to no one,
//! readable by name and deletable by nobody.

use crate::support::router::{config, App};
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use menagerie_server::routes::setups::{MAX_SETUPS, MAX_SETUPS_PER_PLAYER};
use menagerie_server::store::{SetupRow, LEGACY_OWNER};
use menagerie_server::{SqliteStore, Store};
use serde_json::{json, Value};
use std::sync::Arc;
use tower::ServiceExt;

const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const SPEC: &str = "pick-the-piece:slots=O,C;drops=N,A,J2";
const OTHER: &str = "pick-the-piece:slots=Q,R";

async fn save(app: &App, player: &str, name: &str, spec: &str) -> (StatusCode, Value) {
    app.post(
        "/api/setups",
        None,
        json!({"player": player, "name": name, "spec": spec}),
    )
    .await
}

async fn list(app: &App, player: &str) -> Vec<String> {
    let (s, v) = app.get(&format!("/api/setups?player={player}")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_string())
        .collect()
}

async fn delete(app: &App, player: &str, name: &str) -> StatusCode {
    let req = Request::builder()
        .method(Method::DELETE)
        .uri(format!("/api/setups/{name}?player={player}"))
        .body(Body::empty())
        .unwrap();
    app.router.clone().oneshot(req).await.unwrap().status()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_key_cannot_see_overwrite_or_delete_another_keys_setups() {
    let app = App::memory(1);
    assert_eq!(save(&app, A, "Mine", SPEC).await.0, StatusCode::CREATED);
    assert!(list(&app, B).await.is_empty(), "B sees A's setups");
    let (s, _) = app.get(&format!("/api/setups/Mine?player={B}")).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    // B's setup of the same name is B's own; A's is untouched
    assert_eq!(save(&app, B, "Mine", OTHER).await.0, StatusCode::CREATED);
    let (_, v) = app.get(&format!("/api/setups/Mine?player={A}")).await;
    assert_eq!(v["spec"], SPEC);
    assert_eq!(delete(&app, B, "Mine").await, StatusCode::NO_CONTENT);
    assert_eq!(delete(&app, B, "Mine").await, StatusCode::NOT_FOUND);
    assert_eq!(list(&app, A).await, ["Mine"]);
    let (_, v) = app.get(&format!("/api/setups/Mine?player={A}")).await;
    assert_eq!(v["spec"], SPEC);
    assert!(v.get("player").is_none() && v.get("owner").is_none(), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn setup_requests_need_a_well_formed_player_key() {
    let app = App::memory(1);
    for uri in [
        "/api/setups",
        "/api/setups/Mine",
        "/api/setups?player=short",
    ] {
        let (s, v) = app.get(uri).await;
        assert_eq!(
            (s, v["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_player_key")),
            "{uri}"
        );
    }
    let (s, v) = save(&app, "not a key!", "Mine", SPEC).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_player_key"))
    );
    let (s, v) = app
        .post("/api/setups", None, json!({"name": "Mine", "spec": SPEC}))
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_json_data"))
    );
    assert_eq!(delete(&app, "", "Mine").await, StatusCode::BAD_REQUEST);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_key_keeps_at_most_its_cap() {
    let app = App::memory(1);
    for i in 0..MAX_SETUPS_PER_PLAYER {
        let (s, v) = save(&app, A, &format!("s{i:03}"), SPEC).await;
        assert_eq!(s, StatusCode::CREATED, "{i}: {v}");
    }
    let (s, v) = save(&app, A, "one more", SPEC).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("too_many_setups")),
        "{v}"
    );
    // replacing one's own still works at the cap; another key is not held up
    assert_eq!(save(&app, A, "s000", OTHER).await.0, StatusCode::CREATED);
    assert_eq!(save(&app, B, "one more", SPEC).await.0, StatusCode::CREATED);
    assert_eq!(list(&app, A).await.len(), MAX_SETUPS_PER_PLAYER);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_keeps_at_most_its_cap() {
    let store = Arc::new(SqliteStore::in_memory().unwrap());
    for i in 0..MAX_SETUPS {
        store
            .save_setup(&SetupRow {
                owner: format!("player{:011}", i / 50),
                name: format!("s{i}"),
                spec: "chess".into(),
                options_json: "{}".into(),
                saved_ms: 1,
            })
            .unwrap();
    }
    let app = App::over(store, &config(1));
    let (s, v) = save(&app, A, "Mine", SPEC).await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::CONFLICT, Some("too_many_setups")),
        "{v}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_could_pass_for_another_are_refused() {
    let app = App::memory(1);
    for name in [
        "evil\u{202E}txt.exe",
        "Mine\u{200B}",
        "a\u{2066}b\u{2069}",
        "\u{FEFF}Mine",
        "line\nbreak",
        "tab\there",
        "",
        &"x".repeat(81),
    ] {
        let (s, v) = save(&app, A, name, SPEC).await;
        assert_eq!(
            (s, v["error"].as_str()),
            (StatusCode::BAD_REQUEST, Some("bad_name")),
            "{name:?}"
        );
    }
    assert!(list(&app, A).await.is_empty());
    assert_eq!(
        save(&app, A, "Bombers & Cannons — 2", SPEC).await.0,
        StatusCode::CREATED
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn setups_saved_before_owners_are_read_by_name_only() {
    let store = Arc::new(SqliteStore::in_memory().unwrap());
    store
        .save_setup(&SetupRow {
            owner: LEGACY_OWNER.into(),
            name: "Old".into(),
            spec: SPEC.into(),
            options_json: "{}".into(),
            saved_ms: 1,
        })
        .unwrap();
    let app = App::over(store.clone(), &config(1));
    assert!(list(&app, A).await.is_empty());
    let (s, v) = app.get(&format!("/api/setups/Old?player={A}")).await;
    assert_eq!((s, v["spec"].as_str()), (StatusCode::OK, Some(SPEC)));
    assert_eq!(delete(&app, A, "Old").await, StatusCode::NOT_FOUND);
    // a key's own setup of that name comes first, and leaves the old one be
    assert_eq!(save(&app, A, "Old", OTHER).await.0, StatusCode::CREATED);
    let (_, v) = app.get(&format!("/api/setups/Old?player={A}")).await;
    assert_eq!(v["spec"], OTHER);
    assert_eq!(
        store.find_setup(LEGACY_OWNER, "Old").unwrap().unwrap().spec,
        SPEC
    );
}
