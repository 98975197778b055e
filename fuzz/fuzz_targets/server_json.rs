//! The server's JSON bodies, through the real router (`tower::oneshot`) over
//! an in-memory database: creating games (against a local or linked friend,
//! so no engine search runs), moves, draw actions, saved setups, and the
//! analysis board's records (`/api/records/read`, the body as JSON or, with
//! an odd selector, as the record's text; `/api/records/write`). No body may
//! make the server fail (a 5xx answer) or panic, and every answer is JSON. A
//! record that reads is written back from its tree, and that text reads to
//! the same tree (tags aside: the writer adds the seven-tag roster).
#![no_main]

use axum::body::{to_bytes, Body};
use axum::http::{header, Method, Request};
use axum::Router;
use libfuzzer_sys::fuzz_target;
use menagerie_server::{app, Config, SqliteStore};
use serde_json::Value;
use std::sync::{Arc, OnceLock};
use tower::ServiceExt;

struct Fixture {
    rt: tokio::runtime::Runtime,
    app: Router,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("runtime");
        let config = Config {
            engine_workers: 1,
            rate_burst: u32::MAX,
            rate_per_second: u32::MAX,
            ..Config::default()
        };
        let store = Arc::new(SqliteStore::in_memory().expect("database"));
        let app = rt.block_on(async { app(store, &config) });
        Fixture { rt, app }
    })
}

async fn post(app: &Router, uri: &str, token: Option<&str>, body: Vec<u8>) -> (u16, Value) {
    let mut b = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(t) = token {
        b = b.header("x-seat-token", t);
    }
    let resp = app
        .clone()
        .oneshot(b.body(Body::from(body)).expect("request"))
        .await;
    let resp = resp.expect("the router is infallible");
    let status = resp.status().as_u16();
    let bytes = to_bytes(resp.into_body(), 1 << 20).await.expect("body");
    let json = serde_json::from_slice(&bytes)
        .unwrap_or_else(|e| panic!("{uri} answered {status} with no JSON ({e})"));
    (status, json)
}

/// A game body with the opponent replaced by a friend (no engine search).
fn friendly(body: &[u8], link: bool) -> Vec<u8> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(mut map)) => {
            let kind = if link { "link" } else { "local" };
            map.insert("opponent".into(), serde_json::json!({ "kind": kind }));
            Value::Object(map).to_string().into_bytes()
        }
        _ => body.to_vec(),
    }
}

fn new_game(selector: u8) -> Vec<u8> {
    let variant = menagerie_games::NAMES[usize::from(selector) % menagerie_games::NAMES.len()];
    serde_json::json!({ "variant": variant, "opponent": { "kind": "local" } })
        .to_string()
        .into_bytes()
}

/// A record's text as the body of `/api/records/read`.
fn as_text(body: &[u8]) -> Vec<u8> {
    serde_json::json!({ "text": String::from_utf8_lossy(body) })
        .to_string()
        .into_bytes()
}

/// A tree that was read is written back; if that succeeds, its text reads
/// back to the same tree (tags aside).
async fn write_back(app: &Router, tree: &Value) {
    let (status, written) = post(app, "/api/records/write", None, tree.to_string().into_bytes()).await;
    assert!(status < 500, "write answered {status}: {written}");
    let Some(text) = written["text"].as_str() else {
        return;
    };
    let (status, again) = post(app, "/api/records/read", None, as_text(text.as_bytes())).await;
    assert_eq!(status, 200, "a written record is refused: {again}\n{text}");
    for key in ["variant", "options", "fen", "result", "line"] {
        assert_eq!(again[key], tree[key], "{key} differs after a round trip:\n{text}");
    }
}

async fn records(app: &Router, endpoint: u8, selector: u8, body: &[u8]) -> (u16, Value) {
    if endpoint == 5 {
        return post(app, "/api/records/write", None, body.to_vec()).await;
    }
    let body = if selector % 2 == 1 { as_text(body) } else { body.to_vec() };
    let (status, answer) = post(app, "/api/records/read", None, body).await;
    if status == 200 {
        write_back(app, &answer).await;
    }
    (status, answer)
}

fuzz_target!(|data: &[u8]| {
    let [endpoint, selector, body @ ..] = data else {
        return;
    };
    let f = fixture();
    f.rt.block_on(async {
        let (status, answer) = match endpoint % 6 {
            0 => {
                post(
                    &f.app,
                    "/api/games",
                    None,
                    friendly(body, selector % 2 == 1),
                )
                .await
            }
            3 => post(&f.app, "/api/setups", None, body.to_vec()).await,
            e @ (4 | 5) => records(&f.app, e, *selector, body).await,
            action => {
                let (status, created) = post(&f.app, "/api/games", None, new_game(*selector)).await;
                assert_eq!(status, 201, "{created}");
                let id = created["id"].as_str().expect("id");
                let token = created["token"].as_str().expect("token");
                let what = if action == 1 { "moves" } else { "draw" };
                let uri = format!("/api/games/{id}/{what}");
                post(&f.app, &uri, Some(token), body.to_vec()).await
            }
        };
        assert!(status < 500, "answered {status}: {answer}");
    });
});
