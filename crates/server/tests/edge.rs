//! The server's edge against an attacker (the security review's M2, M5
//! and low findings): opening event streams is rate limited and one
//! address holds at most 16; a lobby change is read from the store once
//! for all streams; a half-sent request, a silent connection and a body
//! that stops coming are closed within their timeouts; every answer
//! carries the security headers; unsafe requests from another site's page
//! and bodies not declared as JSON are refused; a private lobby game's id
//! is told to its creator only. Real loopback servers unless noted.

use crate::support;

use menagerie_rules::Color;
use menagerie_server::rate::MAX_STREAMS_PER_ADDRESS;
use menagerie_server::routes::edge::CONTENT_SECURITY_POLICY;
use menagerie_server::serving::{Timeouts, HEADER_READ_TIMEOUT};
use menagerie_server::store::{
    ChallengeRow, Ending, GameRow, MoveRow, RematchRow, ReviewPlyRow, ReviewRow, Seen, SetupRow,
    SqliteStore, Store, StoreError,
};
use menagerie_server::Config;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::sse::Events;
use support::{remove_db, temp_db, Client, Server};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const ANN: &str = "ann-key-0123456789";
const BOB: &str = "bob-key-0123456789";
const CAT: &str = "cat-key-0123456789";

/// No rate limit to speak of.
fn open_config() -> Config {
    Config {
        engine_workers: 1,
        rate_burst: 100_000,
        rate_per_second: 100_000,
        ..Config::default()
    }
}

/// A raw request's answer: the status and the body.
struct Raw {
    status: u16,
    body: String,
}

impl Raw {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

/// Sends `request` (every byte of it, `Connection: close` expected) from
/// 127.0.0.`from` and reads the whole answer.
async fn raw(addr: SocketAddr, from: u8, request: &str) -> Raw {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from(([127, 0, 0, from], 0)))
        .unwrap();
    let mut s = socket.connect(addr).await.unwrap();
    s.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), s.read_to_end(&mut out))
        .await
        .expect("an answer in time")
        .unwrap();
    let text = String::from_utf8_lossy(&out).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Raw {
        status,
        body: body.to_string(),
    }
}

/// A `POST` of `body` with the header lines `extra` (each ending `\r\n`).
fn post(addr: SocketAddr, path: &str, extra: &str, body: &str) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{extra}\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// Opens an event stream at `path` from 127.0.0.`from`: the connection
/// once its head arrived, if the status was 200, else the status.
async fn open_stream(addr: SocketAddr, from: u8, path: &str) -> Result<TcpStream, u16> {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from(([127, 0, 0, from], 0)))
        .unwrap();
    let mut s = socket.connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(10), s.read(&mut byte))
            .await
            .expect("a head in time")
            .unwrap();
        assert!(n > 0, "closed before the head: {head:?}");
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let status: u16 = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap();
    if status == 200 {
        Ok(s)
    } else {
        Err(status)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_event_streams_is_rate_limited() {
    let db = temp_db("edge_stream_rate");
    let config = Config {
        engine_workers: 1,
        rate_burst: 3,
        rate_per_second: 1,
        ..Config::default()
    };
    let server = Server::start(&db, &config);
    // Each stream opened and closed at once: only the burst is let through.
    let mut statuses = Vec::new();
    for _ in 0..6 {
        let opened = open_stream(server.addr, 2, "/api/lobby/events").await;
        statuses.push(opened.map_or_else(|s| s, |_| 200));
    }
    assert_eq!(statuses, [200, 200, 200, 429, 429, 429]);
    // Another address has its own budget.
    assert!(open_stream(server.addr, 3, "/api/lobby/events")
        .await
        .is_ok());
    drop(server);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_16_streams() {
    let db = temp_db("edge_stream_cap");
    let server = Server::start(&db, &open_config());
    let c = Client::new(server.addr);
    let body = json!({ "variant": "chess", "opponent": { "kind": "local" } });
    let created = c.expect(201, "POST", "/api/games", None, Some(&body)).await;
    let id = created.unwrap().json["id"].as_str().unwrap().to_string();
    let game = format!("/api/games/{id}/events");
    let mut held = Vec::new();
    for n in 0..MAX_STREAMS_PER_ADDRESS {
        // Game streams and lobby streams count together.
        let path = if n % 2 == 0 {
            &game
        } else {
            "/api/lobby/events"
        };
        held.push(
            open_stream(server.addr, 4, path)
                .await
                .expect("within the cap"),
        );
    }
    let refused = raw(
        server.addr,
        4,
        &format!(
            "GET /api/lobby/events HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.addr
        ),
    )
    .await;
    assert_eq!(refused.status, 429);
    assert_eq!(
        refused.json()["error"],
        "too_many_streams",
        "{}",
        refused.body
    );
    // Other requests from the address, and streams from another, go on.
    c.expect(200, "GET", "/api/variants", None, None)
        .await
        .unwrap();
    let other = Client::from(server.addr, 5);
    other
        .expect(200, "GET", "/api/variants", None, None)
        .await
        .unwrap();
    assert!(open_stream(server.addr, 5, &game).await.is_ok());
    // A stream closed by its client frees its place (once the server
    // notices: at the latest on its next keep-alive comment, 15 s).
    drop(held.pop());
    let start = Instant::now();
    loop {
        if let Ok(s) = open_stream(server.addr, 4, &game).await {
            held.push(s);
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the place was not freed"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "a closed stream's place was free again after {:?}",
        start.elapsed()
    );
    drop(held);
    drop(server);
    remove_db(&db);
}

/// A store that counts the reads of the lobby's list.
struct Counting {
    inner: SqliteStore,
    lists: AtomicUsize,
}

#[rustfmt::skip]
impl Store for Counting {
    fn open_challenges(&self, offset: usize, limit: usize) -> Result<(Vec<ChallengeRow>, usize), StoreError> {
        self.lists.fetch_add(1, Ordering::SeqCst);
        self.inner.open_challenges(offset, limit)
    }
    fn create_game(&self, g: &GameRow) -> Result<(), StoreError> { self.inner.create_game(g) }
    fn load_game(&self, id: &str) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> { self.inner.load_game(id) }
    fn append_move_declining(&self, id: &str, m: &MoveRow, d: Option<Color>) -> Result<(), StoreError> { self.inner.append_move_declining(id, m, d) }
    fn take_back(&self, id: &str, s: &Seen, k: usize) -> Result<(), StoreError> { self.inner.take_back(id, s, k) }
    fn end_game(&self, id: &str, s: &Seen, e: &Ending) -> Result<(), StoreError> { self.inner.end_game(id, s, e) }
    fn set_draw_offer(&self, id: &str, s: &Seen, c: Option<Color>) -> Result<(), StoreError> { self.inner.set_draw_offer(id, s, c) }
    fn save_setup(&self, s: &SetupRow) -> Result<(), StoreError> { self.inner.save_setup(s) }
    fn list_setups(&self) -> Result<Vec<SetupRow>, StoreError> { self.inner.list_setups() }
    fn player_setups(&self, o: &str) -> Result<Vec<SetupRow>, StoreError> { self.inner.player_setups(o) }
    fn find_setup(&self, o: &str, n: &str) -> Result<Option<SetupRow>, StoreError> { self.inner.find_setup(o, n) }
    fn count_setups(&self) -> Result<u64, StoreError> { self.inner.count_setups() }
    fn delete_setup(&self, o: &str, n: &str) -> Result<bool, StoreError> { self.inner.delete_setup(o, n) }
    fn load_review(&self, id: &str) -> Result<Option<ReviewRow>, StoreError> { self.inner.load_review(id) }
    fn begin_review(&self, id: &str, t: usize, b: &str, k: usize) -> Result<(), StoreError> { self.inner.begin_review(id, t, b, k) }
    fn save_review_ply(&self, id: &str, r: &ReviewPlyRow) -> Result<(), StoreError> { self.inner.save_review_ply(id, r) }
    fn finish_review(&self, id: &str) -> Result<(), StoreError> { self.inner.finish_review(id) }
    fn unfinished_reviews(&self) -> Result<Vec<String>, StoreError> { self.inner.unfinished_reviews() }
    fn create_challenge(&self, c: &ChallengeRow) -> Result<(), StoreError> { self.inner.create_challenge(c) }
    fn load_challenge(&self, id: &str) -> Result<Option<ChallengeRow>, StoreError> { self.inner.load_challenge(id) }
    fn count_open_challenges(&self, p: &str, a: &str) -> Result<(usize, usize), StoreError> { self.inner.count_open_challenges(p, a) }
    fn claim_challenge(&self, id: &str, g: &str) -> Result<bool, StoreError> { self.inner.claim_challenge(id, g) }
    fn cancel_challenge(&self, id: &str, p: &str) -> Result<bool, StoreError> { self.inner.cancel_challenge(id, p) }
    fn touch_challenges(&self, p: &str, t: i64) -> Result<(), StoreError> { self.inner.touch_challenges(p, t) }
    fn lapse_challenges(&self, t: i64) -> Result<usize, StoreError> { self.inner.lapse_challenges(t) }
    fn set_public(&self, id: &str, t: i64) -> Result<(), StoreError> { self.inner.set_public(id, t) }
    fn public_games(&self, o: usize, l: usize) -> Result<Vec<String>, StoreError> { self.inner.public_games(o, l) }
    fn set_public_from(&self, id: &str, t: i64, a: Option<&str>) -> Result<(), StoreError> { self.inner.set_public_from(id, t, a) }
    fn live_public_games(&self, a: &str) -> Result<Vec<String>, StoreError> { self.inner.live_public_games(a) }
    fn release_public(&self, id: &str) -> Result<(), StoreError> { self.inner.release_public(id) }
    fn claim_ticket(&self, id: &str, t: i64) -> Result<bool, StoreError> { self.inner.claim_ticket(id, t) }
    fn unfinished_correspondence(&self) -> Result<Vec<String>, StoreError> { self.inner.unfinished_correspondence() }
    fn set_game_names(&self, id: &str, w: &str, b: &str) -> Result<(), StoreError> { self.inner.set_game_names(id, w, b) }
    fn game_names(&self, id: &str) -> Result<Option<(String, String)>, StoreError> { self.inner.game_names(id) }
    fn load_rematch(&self, id: &str) -> Result<Option<RematchRow>, StoreError> { self.inner.load_rematch(id) }
    fn offer_rematch(&self, id: &str, c: Color, t: i64) -> Result<bool, StoreError> { self.inner.offer_rematch(id, c, t) }
    fn claim_rematch(&self, id: &str, n: &str, k: &[String; 2], t: i64) -> Result<bool, StoreError> { self.inner.claim_rematch(id, n, k, t) }
    fn release_rematch(&self, id: &str, n: &str) -> Result<(), StoreError> { self.inner.release_rematch(id, n) }
    fn ping(&self) -> Result<(), StoreError> { self.inner.ping() }
}

/// Waits until every stream shows a list of `n` challenges.
async fn all_list(streams: &mut [Events], n: usize) {
    for s in streams {
        s.until(Duration::from_secs(5), |e| {
            e["event"] == "challenges"
                && e["data"]["challenges"].as_array().map(Vec::len) == Some(n)
        })
        .await
        .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_change_is_read_once_for_every_stream() {
    const STREAMS: usize = 12;
    let store = Arc::new(Counting {
        inner: SqliteStore::in_memory().unwrap(),
        lists: AtomicUsize::new(0),
    });
    let server = Server::with_store(store.clone(), &open_config());
    let mut streams = Vec::new();
    for _ in 0..STREAMS {
        let path = "/api/lobby/events";
        streams.push(
            Events::open_named(server.addr, path, &["challenges"])
                .await
                .unwrap(),
        );
    }
    all_list(&mut streams, 0).await;
    let before = store.lists.load(Ordering::SeqCst);
    let c = Client::new(server.addr);
    let body = json!({ "player": ANN, "name": "Ann", "variant": "chess" });
    let start = Instant::now();
    c.expect(201, "POST", "/api/challenges", None, Some(&body))
        .await
        .unwrap();
    all_list(&mut streams, 1).await;
    let took = start.elapsed();
    let reads = store.lists.load(Ordering::SeqCst) - before;
    eprintln!("one change shown on {STREAMS} streams in {took:?} with {reads} list reads");
    assert_eq!(reads, 1, "one read of the list for {STREAMS} streams");
    drop(streams);
    drop(server);
}

/// How long until the server closes `s` (it reads the end, or an error),
/// at most `limit`; `None` if it is still open then.
async fn closed_after(mut s: TcpStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((start + limit).into(), s.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some(start.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_and_idle_connections_are_closed_in_time() {
    let db = temp_db("edge_timeouts");
    // Longer than the header timeout here, so that the two are told apart
    // (a connection waiting for a head is cut by whichever comes first).
    let idle = HEADER_READ_TIMEOUT + Duration::from_secs(3);
    let config = Config {
        timeouts: Timeouts {
            idle,
            ..Timeouts::default()
        },
        ..open_config()
    };
    let server = Server::start(&db, &config);
    let addr = server.addr;
    let connect = || async move { TcpStream::connect(addr).await.unwrap() };
    // Says nothing at all.
    let silent = connect().await;
    // Half a request head (slowloris).
    let mut half_head = connect().await;
    half_head
        .write_all(format!("GET /api/variants HTTP/1.1\r\nHost: {addr}\r\nX-A: ").as_bytes())
        .await
        .unwrap();
    // A whole head, then 10 of the 100 bytes of body it announced.
    let mut half_body = connect().await;
    let head = format!(
        "POST /api/positions HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"variant\""
    );
    half_body.write_all(head.as_bytes()).await.unwrap();
    // One request answered, then nothing more on the kept-alive connection.
    let mut kept = connect().await;
    let req = format!("GET /api/levels HTTP/1.1\r\nHost: {addr}\r\n\r\n");
    kept.write_all(req.as_bytes()).await.unwrap();
    let mut first = [0u8; 12];
    kept.read_exact(&mut first).await.unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");

    let limit = idle + Duration::from_secs(5);
    let (silent, half_head, half_body, kept) = tokio::join!(
        closed_after(silent, limit),
        closed_after(half_head, limit),
        closed_after(half_body, limit),
        closed_after(kept, limit),
    );
    eprintln!("closed after: silent {silent:?}, half a head {half_head:?}, half a body {half_body:?}, idle kept-alive {kept:?}");
    let header_window = HEADER_READ_TIMEOUT - Duration::from_millis(500)
        ..HEADER_READ_TIMEOUT + Duration::from_secs(2);
    for (what, at) in [
        ("silent", silent),
        ("half a head", half_head),
        ("kept alive", kept),
    ] {
        let at = at.unwrap_or_else(|| panic!("{what}: still open after {limit:?}"));
        assert!(header_window.contains(&at), "{what}: closed after {at:?}");
    }
    let at = half_body.expect("half a body: still open");
    let idle_window = idle - Duration::from_millis(500)..idle + Duration::from_secs(3);
    assert!(
        idle_window.contains(&at),
        "half a body: closed after {at:?}"
    );
    // The server still serves.
    Client::new(addr)
        .expect(200, "GET", "/api/variants", None, None)
        .await
        .unwrap();
    drop(server);
    remove_db(&db);
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = support::router::App::memory(1000);
    let (id, _) = app.local_game("chess", &[]).await;
    let paths = [
        "/",
        "/main.js",
        "/style.css",
        &format!("/play/{id}"),
        "/api/variants",
        &format!("/api/games/{id}"),
        "/api/no-such-thing",
        "/no-such-file.js",
        "/healthz",
    ];
    for path in paths {
        let req = axum::http::Request::get(path)
            .body(axum::body::Body::empty())
            .unwrap();
        let res = tower::ServiceExt::oneshot(app.router.clone(), req)
            .await
            .unwrap();
        let h = res.headers();
        let get = |n: &str| h.get(n).and_then(|v| v.to_str().ok()).unwrap_or("");
        assert_eq!(
            get("content-security-policy"),
            CONTENT_SECURITY_POLICY,
            "{path}"
        );
        assert!(CONTENT_SECURITY_POLICY.contains("frame-ancestors 'none'"));
        assert_eq!(get("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(get("referrer-policy"), "no-referrer", "{path}");
        assert_eq!(get("x-frame-options"), "DENY", "{path}");
    }
    // The policy exactly as the review asked for.
    assert_eq!(
        CONTENT_SECURITY_POLICY,
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; \
         frame-ancestors 'none'; form-action 'self'"
    );
}

/// A game at one screen, resigned (so analysis and review are open):
/// its id.
async fn finished_game(addr: SocketAddr) -> String {
    let c = Client::new(addr);
    let body = json!({ "variant": "chess", "opponent": { "kind": "local" } });
    let made = c
        .expect(201, "POST", "/api/games", None, Some(&body))
        .await
        .unwrap()
        .json;
    let (id, token) = (
        made["id"].as_str().unwrap(),
        made["token"].as_str().unwrap(),
    );
    c.expect(
        200,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(token),
        Some(&json!({})),
    )
    .await
    .unwrap();
    id.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unsafe_requests_from_another_site_are_refused() {
    let db = temp_db("edge_origin");
    let server = Server::start(&db, &open_config());
    let addr = server.addr;
    let json_type = "Content-Type: application/json\r\n";
    let body = r#"{"variant":"chess","opponent":{"kind":"local"}}"#;
    for origin in [
        "https://evil.example",
        "null",
        &format!("http://127.0.0.1:{}", addr.port() + 1),
    ] {
        let extra = format!("Origin: {origin}\r\n{json_type}");
        let a = raw(addr, 1, &post(addr, "/api/games", &extra, body)).await;
        assert_eq!(
            (a.status, a.json()["error"].as_str()),
            (403, Some("cross_origin")),
            "{origin}: {}",
            a.body
        );
    }
    // The page's own requests (same origin) and programs without an
    // Origin go through.
    let extra = format!("Origin: http://{addr}\r\n{json_type}");
    let a = raw(addr, 1, &post(addr, "/api/games", &extra, body)).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let a = raw(addr, 1, &post(addr, "/api/games", json_type, body)).await;
    assert_eq!(a.status, 201, "{}", a.body);
    // The analysis and the review of a finished game, cross-site: refused
    // even as a "simple" text/plain form post.
    let id = finished_game(addr).await;
    for path in [
        format!("/api/games/{id}/analysis"),
        format!("/api/games/{id}/review"),
    ] {
        let extra = "Origin: https://evil.example\r\nContent-Type: text/plain\r\n";
        let a = raw(addr, 1, &post(addr, &path, extra, "{}")).await;
        assert_eq!(
            (a.status, a.json()["error"].as_str()),
            (403, Some("cross_origin")),
            "{path}: {}",
            a.body
        );
    }
    drop(server);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_not_declared_as_json_are_refused() {
    let db = temp_db("edge_not_json");
    let server = Server::start(&db, &open_config());
    let addr = server.addr;
    let id = finished_game(addr).await;
    let analysis = format!("/api/games/{id}/analysis");
    let review = format!("/api/games/{id}/review");
    for (path, body) in [(&analysis, r#"{"movetime_ms":50}"#), (&review, "{}")] {
        for ct in [
            "Content-Type: text/plain\r\n",
            "Content-Type: application/x-www-form-urlencoded\r\n",
            "",
        ] {
            let a = raw(addr, 1, &post(addr, path, ct, body)).await;
            assert_eq!(
                (a.status, a.json()["error"].as_str()),
                (415, Some("not_json")),
                "{path} {ct:?}: {}",
                a.body
            );
        }
    }
    // Declared as JSON, or with no body at all, they are read.
    let a = raw(
        addr,
        1,
        &post(
            addr,
            &analysis,
            "Content-Type: application/json; charset=utf-8\r\n",
            r#"{"movetime_ms":50}"#,
        ),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let a = raw(addr, 1, &post(addr, &analysis, "", "")).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let a = raw(addr, 1, &post(addr, &review, "", "")).await;
    assert!(
        a.status != 415 && a.status < 500,
        "a bodiless review: {} {}",
        a.status,
        a.body
    );
    drop(server);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_lobby_game_is_told_to_its_creator_only() {
    let db = temp_db("edge_private");
    let server = Server::start(&db, &open_config());
    let addr = server.addr;
    let names: &'static [&'static str] = &["challenges", "accepted"];
    let mut ann = Events::open_named(addr, &format!("/api/lobby/events?player={ANN}"), names)
        .await
        .unwrap();
    let mut cat = Events::open_named(addr, &format!("/api/lobby/events?player={CAT}"), names)
        .await
        .unwrap();
    let mut anyone = Events::open_named(addr, "/api/lobby/events", names)
        .await
        .unwrap();
    let c = Client::new(addr);
    for public in [false, true] {
        let body = json!({ "player": ANN, "name": "Ann", "variant": "chess", "public": public });
        let made = c
            .expect(201, "POST", "/api/challenges", None, Some(&body))
            .await
            .unwrap();
        let id = made.json["challenge"]["id"].as_str().unwrap().to_string();
        let path = format!("/api/challenges/{id}/accept");
        let body = json!({ "player": BOB, "name": "Bob" });
        let game = c
            .expect(201, "POST", &path, None, Some(&body))
            .await
            .unwrap();
        let gid = game.json["id"].as_str().unwrap().to_string();
        // Ann, who opened it, is told the game.
        let (_, told) = ann
            .until(Duration::from_secs(5), |e| e["event"] == "accepted")
            .await
            .unwrap();
        assert_eq!(told["data"], json!({ "challenge": id, "game": gid }));
        // The others see the challenge leave the list, and are told the
        // game only if it is public.
        for (who, s) in [("Cat", &mut cat), ("a stranger", &mut anyone)] {
            s.until(Duration::from_secs(5), |e| e["data"]["total"] == 1)
                .await
                .unwrap_or_else(|e| panic!("{who}: the challenge listed: {e}"));
            let seen = std::sync::Mutex::new(None);
            s.until(Duration::from_secs(5), |e| {
                if e["event"] == "accepted" {
                    *seen.lock().unwrap() = Some(e["data"]["game"].clone());
                    return false;
                }
                e["data"]["total"] == 0
            })
            .await
            .unwrap_or_else(|e| panic!("{who}, public {public}: {e}"));
            let seen = seen.into_inner().unwrap();
            assert_eq!(seen, public.then(|| json!(gid)), "{who}, public {public}");
        }
        // Reading the challenge: the game is shown to Ann, and to others
        // only if public.
        for (player, shown) in [(ANN, true), (CAT, public), (BOB, public)] {
            let one = c
                .expect(
                    200,
                    "GET",
                    &format!("/api/challenges/{id}?player={player}"),
                    None,
                    None,
                )
                .await
                .unwrap();
            assert_eq!(
                one.json["game"].as_str().is_some(),
                shown,
                "{player}, public {public}: {}",
                one.json
            );
        }
        let one = c
            .expect(200, "GET", &format!("/api/challenges/{id}"), None, None)
            .await
            .unwrap();
        assert_eq!(
            one.json["game"].as_str().is_some(),
            public,
            "nobody, public {public}"
        );
    }
    // The streams go first: a stopping server waits for its connections.
    drop((ann, cat, anyone));
    drop(server);
    remove_db(&db);
}
