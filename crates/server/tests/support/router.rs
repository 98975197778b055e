//! The API over the router in this process (no network): an app with its
//! state, JSON requests, and a reader of server-sent events.

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use menagerie_server::{AppState, Config, SqliteStore, Store};
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// The router and the state behind it.
#[derive(Clone)]
pub struct App {
    /// The routes.
    pub router: Router,
    /// The state (for what only tests look at).
    pub state: AppState,
}

/// Test limits: two engine slots, no rate limit, `review_nodes` per
/// reviewed position.
#[must_use]
pub fn config(review_nodes: u64) -> Config {
    Config {
        engine_workers: 2,
        rate_burst: 100_000,
        rate_per_second: 100_000,
        review_nodes,
        ..Config::default()
    }
}

impl App {
    /// An app over `store` as `menagerie serve` builds it (unfinished
    /// reviews resume).
    #[must_use]
    pub fn over(store: Arc<dyn Store>, config: &Config) -> App {
        let state = AppState::from_config(store, config);
        menagerie_server::review::resume_all(&state);
        App {
            router: menagerie_server::router(state.clone()),
            state,
        }
    }

    /// An app over a database in memory.
    #[must_use]
    pub fn memory(review_nodes: u64) -> App {
        let store = Arc::new(SqliteStore::in_memory().expect("database"));
        App::over(store, &config(review_nodes))
    }

    /// An app over the database file `db`.
    #[must_use]
    pub fn file(db: &Path, review_nodes: u64) -> App {
        let store = Arc::new(SqliteStore::open(db).expect("database"));
        App::over(store, &config(review_nodes))
    }

    /// A request; the status and the JSON body (which every answer must have).
    pub async fn call(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let resp = self
            .router
            .clone()
            .oneshot(request(method, uri, token, body))
            .await
            .expect("an answer");
        let status = resp.status();
        let ct = content_type(&resp);
        let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            ct.starts_with("application/json"),
            "{uri}: {status} with content type {ct:?}: {text}"
        );
        let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{uri}: {e}: {text}"));
        (status, v)
    }

    /// `GET`.
    pub async fn get(&self, uri: &str) -> (StatusCode, Value) {
        self.call(Method::GET, uri, None, None).await
    }

    /// `POST` with a JSON body and maybe a seat token.
    pub async fn post(&self, uri: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, uri, token, Some(body)).await
    }

    /// `GET` of a text answer (a game record): the status, the content type
    /// and the body.
    pub async fn text(&self, uri: &str) -> (StatusCode, String, String) {
        let resp = self
            .router
            .clone()
            .oneshot(request(Method::GET, uri, None, None))
            .await
            .expect("an answer");
        let status = resp.status();
        let ct = content_type(&resp);
        let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
        (status, ct, String::from_utf8_lossy(&bytes).into_owned())
    }

    /// `POST` of a raw body declared as JSON: the status and the JSON answer.
    pub async fn post_raw(&self, uri: &str, body: Vec<u8>) -> (StatusCode, Value) {
        let req = Request::builder()
            .method(Method::POST)
            .uri(uri)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .expect("a request");
        let resp = self.router.clone().oneshot(req).await.expect("an answer");
        let status = resp.status();
        let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
        let v = serde_json::from_slice(&bytes)
            .unwrap_or_else(|e| panic!("{uri}: {status}: no JSON ({e})"));
        (status, v)
    }

    /// Claims the seat of an invitation link (`/play/ID?ticket=T`): the
    /// seat's token.
    pub async fn claim(&self, link: &Value) -> String {
        let link = link.as_str().expect("an invitation link");
        let (path, ticket) = link.split_once("?ticket=").expect("a ticket");
        let id = path.trim_start_matches("/play/");
        let uri = format!("/api/games/{id}/claim");
        let (s, v) = self.post(&uri, None, json!({ "ticket": ticket })).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        v["token"].as_str().expect("a token").to_string()
    }

    /// Creates a game; its id and the creator's token.
    pub async fn create(&self, body: Value) -> (String, String) {
        let (s, v) = self.post("/api/games", None, body).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let field = |k: &str| v[k].as_str().expect(k).to_string();
        (field("id"), field("token"))
    }

    /// A chess game at one screen with `moves` played.
    pub async fn local_game(&self, variant: &str, moves: &[&str]) -> (String, String) {
        let (id, token) = self
            .create(json!({ "variant": variant, "opponent": { "kind": "local" } }))
            .await;
        for m in moves {
            let uri = format!("/api/games/{id}/moves");
            let (s, v) = self.post(&uri, Some(&token), json!({ "move": m })).await;
            assert_eq!(s, StatusCode::OK, "{m}: {v}");
        }
        (id, token)
    }

    /// Plays `plies` moves at one screen, each the `(7 * i)`-th legal action.
    pub async fn play_some(&self, id: &str, token: &str, plies: usize) {
        for i in 0..plies {
            let (_, v) = self.get(&format!("/api/games/{id}")).await;
            let legal = v["legal"].as_array().cloned().unwrap_or_default();
            let Some(a) = legal.get(i * 7 % legal.len().max(1)) else {
                return;
            };
            let uri = format!("/api/games/{id}/moves");
            let (s, v) = self
                .post(&uri, Some(token), json!({ "move": a["text"] }))
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
    }

    /// Reads the game's review until its status is `status` (20 s at most).
    pub async fn review_until(&self, id: &str, status: &str) -> Value {
        self.review_within(id, status, Duration::from_secs(20))
            .await
    }

    /// Reads the game's review until its status is `status` (`limit` at most).
    pub async fn review_within(&self, id: &str, status: &str, limit: Duration) -> Value {
        let start = Instant::now();
        loop {
            let (s, v) = self.get(&format!("/api/games/{id}/review")).await;
            assert_eq!(s, StatusCode::OK, "{v}");
            if v["status"] == status {
                return v;
            }
            assert!(start.elapsed() < limit, "timed out: {v}");
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }

    /// Opens a server-sent event stream; its status and a reader (if `200`).
    pub async fn events(&self, uri: &str) -> (StatusCode, Option<Events>) {
        let req = request(Method::GET, uri, None, None);
        let resp = self.router.clone().oneshot(req).await.expect("an answer");
        let status = resp.status();
        if status != StatusCode::OK {
            return (status, None);
        }
        assert!(content_type(&resp).starts_with("text/event-stream"));
        let body = resp.into_body();
        (
            status,
            Some(Events {
                body,
                text: String::new(),
            }),
        )
    }
}

fn request(method: Method, uri: &str, token: Option<&str>, body: Option<Value>) -> Request<Body> {
    let mut b = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        b = b.header("x-seat-token", t);
    }
    match body {
        Some(v) => b
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(v.to_string())),
        None => b.body(Body::empty()),
    }
    .expect("a request")
}

fn content_type<B>(resp: &axum::http::Response<B>) -> String {
    resp.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string()
}

/// A stream of server-sent events being read.
pub struct Events {
    body: Body,
    text: String,
}

impl Events {
    /// The next event's name and data, or `None` once the stream ended
    /// (waits at most `wait`).
    pub async fn next(&mut self, wait: Duration) -> Option<(String, Value)> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(end) = self.text.find("\n\n") {
                let block: String = self.text.drain(..end + 2).collect();
                let data = block.lines().find_map(|l| l.strip_prefix("data: "));
                let name = block.lines().find_map(|l| l.strip_prefix("event: "));
                if let (Some(name), Some(data)) = (name, data) {
                    let v = serde_json::from_str(data).expect("JSON data");
                    return Some((name.to_string(), v));
                }
                continue;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = tokio::time::timeout(left, self.body.frame())
                .await
                .expect("an event in time")?
                .expect("a frame");
            if let Ok(data) = frame.into_data() {
                self.text.push_str(&String::from_utf8_lossy(&data));
            }
        }
    }
}
