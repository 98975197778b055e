//! Engine time as a budget per client address (`docs/api.md`, Limits): a
//! flood of engine games from one address leaves another address its
//! engine replies; games against the engine in progress are capped per
//! address; one analysis stream and one review at a time per address, and
//! a daily budget of reviews of games the address did not play; the
//! bounded queue answers `429`/`503` at once instead of holding requests.
//! The server runs on a real loopback port, so requests come from real
//! addresses (127.0.0.N), as in `client_address.rs`.

use crate::support;

use serde_json::{json, Value};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::router::config;
use support::{percentiles, Client, Server};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;
use tokio::sync::mpsc;

/// Creates a game from `c`; the answer (any status).
async fn create(c: &Client, body: Value) -> support::Answer {
    c.send("POST", "/api/games", None, Some(&body))
        .await
        .expect("an answer")
}

/// A game against the engine at `level`, the person playing `color`.
fn engine_game(level: u8, color: &str) -> Value {
    json!({ "variant": "chess", "opponent": { "kind": "engine", "level": level }, "color": color })
}

fn id_token(a: &support::Answer) -> (String, String) {
    let field = |k: &str| a.json[k].as_str().expect(k).to_string();
    (field("id"), field("token"))
}

/// The game as its player sees it.
async fn view(c: &Client, id: &str, token: &str) -> Value {
    c.expect(200, "GET", &format!("/api/games/{id}"), Some(token), None)
        .await
        .expect("view")
        .json
}

/// The `n`th legal move of `v` (wrapping), if any.
fn nth_legal(v: &Value, n: usize) -> Option<String> {
    let legal = v["legal"].as_array()?;
    let m = legal.get(n % legal.len().max(1))?;
    m["text"].as_str().map(str::to_string)
}

/// Keeps the engine of game `id` thinking until `end`: plays the person's
/// move whenever it is the person's turn.
async fn keep_thinking(c: Client, id: String, token: String, end: Instant) {
    let mut n = 0;
    while Instant::now() < end {
        let v = view(&c, &id, &token).await;
        if v["outcome"].is_object() {
            return;
        }
        if v["you"] == v["turn"] {
            if let Some(text) = nth_legal(&v, n) {
                let path = format!("/api/games/{id}/moves");
                let _ = c
                    .send("POST", &path, Some(&token), Some(&json!({ "move": text })))
                    .await;
                n += 1;
            }
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
}

/// Plays `plies` moves as White against the engine at level 1; the time
/// each engine reply took (from the move's answer to the reply's view).
async fn replies(c: &Client, plies: usize) -> Vec<Duration> {
    let a = create(c, engine_game(1, "white")).await;
    assert_eq!(a.status, 201, "the player's game: {}", a.json);
    let (id, token) = id_token(&a);
    let mut took = Vec::new();
    let mut v = view(c, &id, &token).await;
    for n in 0..plies {
        let Some(text) = nth_legal(&v, n * 7) else {
            break;
        };
        let path = format!("/api/games/{id}/moves");
        let body = json!({ "move": text });
        c.expect(200, "POST", &path, Some(&token), Some(&body))
            .await
            .expect("the player's move");
        let asked = Instant::now();
        loop {
            v = view(c, &id, &token).await;
            if v["turn"] == "white" || v["outcome"].is_object() {
                break;
            }
            assert!(asked.elapsed() < Duration::from_secs(30), "no reply");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        took.push(asked.elapsed());
        if v["outcome"].is_object() {
            break;
        }
    }
    took
}

/// H2: 8 games at level 10 created at once by one address, the engine
/// kept thinking in all of them, leave another address's level-1 replies
/// under a second (measured on the old code: see the report).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_game_flood_leaves_another_address_its_replies() {
    let db = support::temp_db("budget_flood");
    let server = Server::start(&db, &config(20_000));
    let flooder = Client::from(server.addr, 20);
    let started = Instant::now();
    let asks = (0..8).map(|_| create(&flooder, engine_game(10, "black")));
    let answers = futures_util::future::join_all(asks).await;
    let created_in = started.elapsed();
    let made: Vec<_> = answers.iter().filter(|a| a.status == 201).collect();
    let refused = answers.iter().filter(|a| a.status == 429).count();
    for a in answers.iter().filter(|a| a.status == 429) {
        assert_eq!(a.json["error"], "too_many_engine_games", "{}", a.json);
    }
    assert_eq!(made.len() + refused, 8, "only 201 and 429");
    let end = Instant::now() + Duration::from_secs(8);
    let tasks: Vec<_> = made
        .iter()
        .map(|a| {
            let (id, token) = id_token(a);
            tokio::spawn(keep_thinking(flooder.clone(), id, token, end))
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let player = Client::from(server.addr, 21);
    let took = replies(&player, 4).await;
    for t in tasks {
        t.abort();
    }
    drop(server);
    support::remove_db(&db);
    let (p50, _, _, max) = percentiles(took.clone());
    println!(
        "engine flood: {} of 8 level-10 games created in {:.0} ms ({refused} refused); \
         the other address's level-1 replies p50 {p50:.0} ms max {max:.0} ms",
        made.len(),
        created_in.as_secs_f64() * 1000.0
    );
    assert_eq!(took.len(), 4, "the other player's game did not go on");
    assert!(
        max < 1000.0,
        "an engine reply took {max:.0} ms during the flood"
    );
}

/// H2: a 4th game against the engine in progress from one address is
/// refused (also as "play again"), another address is not; one that ends
/// frees its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fourth_live_engine_game_is_refused_until_one_ends() {
    let db = support::temp_db("budget_cap");
    let server = Server::start(&db, &config(20_000));
    let c = Client::from(server.addr, 30);
    let mut games = Vec::new();
    for _ in 0..3 {
        let a = create(&c, engine_game(1, "white")).await;
        assert_eq!(a.status, 201, "{}", a.json);
        games.push(id_token(&a));
    }
    let fourth = create(&c, engine_game(1, "white")).await;
    assert_eq!(
        (fourth.status, fourth.json["error"].as_str()),
        (429, Some("too_many_engine_games")),
        "{}",
        fourth.json
    );
    // Games of other kinds, and other addresses, are not counted.
    let local = json!({ "variant": "chess", "opponent": { "kind": "local" } });
    assert_eq!(create(&c, local).await.status, 201);
    let other = Client::from(server.addr, 31);
    assert_eq!(create(&other, engine_game(1, "white")).await.status, 201);
    // A resigned game frees its place.
    let (id, token) = games[0].clone();
    c.expect(
        200,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&token),
        None,
    )
    .await
    .expect("resign");
    let again = create(&c, engine_game(1, "white")).await;
    assert_eq!(again.status, 201, "{}", again.json);
    // Three in progress again: "play again" of the resigned one is refused.
    let path = format!("/api/games/{id}/rematch");
    let a = c
        .send("POST", &path, Some(&token), Some(&json!({})))
        .await
        .expect("rematch");
    assert_eq!(
        (a.status, a.json["error"].as_str()),
        (429, Some("too_many_engine_games")),
        "{}",
        a.json
    );
    drop(server);
    support::remove_db(&db);
}

/// An open event stream from 127.0.0.`from`: the events, named, as they
/// come (dropping it closes the connection).
struct Stream {
    rx: mpsc::UnboundedReceiver<(String, Value)>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Stream {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Stream {
    /// Opens `path` from 127.0.0.`from`: the stream, or the status and
    /// JSON body of an answer that is not `200`.
    async fn open(addr: SocketAddr, from: u8, path: &str) -> Result<Stream, (u16, Value)> {
        let socket = TcpSocket::new_v4().expect("socket");
        socket
            .bind(SocketAddr::new(
                IpAddr::V4(Ipv4Addr::new(127, 0, 0, from)),
                0,
            ))
            .expect("bind");
        let mut s = socket.connect(addr).await.expect("connect");
        let req = format!("GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n");
        s.write_all(req.as_bytes()).await.expect("write");
        let mut buf = Vec::new();
        let mut chunk = [0u8; 8192];
        let head_end = loop {
            if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break i;
            }
            let n = s.read(&mut chunk).await.expect("read");
            assert!(n > 0, "closed before the headers");
            buf.extend_from_slice(&chunk[..n]);
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
        let status: u16 = head
            .split(' ')
            .nth(1)
            .and_then(|t| t.parse().ok())
            .expect("a status");
        let mut body = String::from_utf8_lossy(&buf[head_end + 4..]).to_string();
        if status != 200 {
            let mut rest = Vec::new();
            let _ = s.read_to_end(&mut rest).await;
            body.push_str(&String::from_utf8_lossy(&rest));
            return Err((status, serde_json::from_str(&body).unwrap_or(Value::Null)));
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let task = tokio::spawn(async move {
            loop {
                while let Some(end) = body.find("\n\n") {
                    let block: String = body.drain(..end + 2).collect();
                    let mut name = String::new();
                    let mut data = Value::Null;
                    for line in block.lines() {
                        if let Some(n) = line.strip_prefix("event:") {
                            name = n.trim().to_string();
                        } else if let Some(d) = line.strip_prefix("data:") {
                            data = serde_json::from_str(d.trim()).unwrap_or(Value::Null);
                        }
                    }
                    if !name.is_empty() && tx.send((name, data)).is_err() {
                        return;
                    }
                }
                match s.read(&mut chunk).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => body.push_str(&String::from_utf8_lossy(&chunk[..n])),
                }
            }
        });
        Ok(Stream { rx, task })
    }

    /// The next event named `name` within `within`.
    async fn next(&mut self, name: &str, within: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            match tokio::time::timeout_at(deadline, self.rx.recv()).await {
                Ok(Some((n, v))) if n == name => return Some(v),
                Ok(Some(_)) => {}
                Ok(None) | Err(_) => return None,
            }
        }
    }
}

/// M1: one analysis stream at a time per address (a second one is
/// `429 analysis_busy`); another address is served meanwhile, the first
/// stream yielding its slot after its share; a closed stream frees its
/// address's place at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_analysis_stream_per_address_and_another_address_is_served() {
    let db = support::temp_db("budget_stream");
    let server = Server::start(&db, &config(20_000));
    let path = |ms: u64| format!("/api/analysis/stream?variant=chess&movetime_ms={ms}");
    let opened = Instant::now();
    let mut first = Stream::open(server.addr, 40, &path(6000))
        .await
        .expect("the first stream");
    assert!(first.next("info", Duration::from_secs(3)).await.is_some());
    let second = Stream::open(server.addr, 40, &path(500)).await;
    let Err((status, body)) = second else {
        panic!("a second stream of the same address was served");
    };
    assert_eq!(
        (status, body["error"].as_str()),
        (429, Some("analysis_busy")),
        "{body}"
    );
    let asked = Instant::now();
    let mut other = Stream::open(server.addr, 41, &path(500))
        .await
        .unwrap_or_else(|(s, b)| panic!("another address was refused: {s} {b}"));
    let done = other
        .next("done", Duration::from_secs(5))
        .await
        .expect("the other address's analysis ends");
    let served_in = asked.elapsed();
    assert!(done["depth"].as_u64().unwrap_or(0) > 0, "{done}");
    let first_done = first
        .next("done", Duration::from_secs(8))
        .await
        .expect("the first stream ends");
    let first_took = opened.elapsed();
    assert_eq!(first_done["yielded"], true, "{first_done}");
    // A stream closed by its client frees the address's place at once.
    let mut again = Stream::open(server.addr, 40, &path(4000))
        .await
        .expect("a new stream");
    assert!(again.next("info", Duration::from_secs(3)).await.is_some());
    drop(again);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let reopened = Stream::open(server.addr, 40, &path(300)).await;
    drop(server);
    support::remove_db(&db);
    println!(
        "streams: the other address served in {:.0} ms; the first 6 s stream yielded after {:.0} ms",
        served_in.as_secs_f64() * 1000.0,
        first_took.as_secs_f64() * 1000.0
    );
    assert!(
        reopened.is_ok(),
        "a closed stream kept its place: {:?}",
        reopened.err()
    );
}

/// Plays `plies` moves of a game at one screen from `c` and resigns it
/// (`plies` 0: a game of no move); its id and token.
async fn finished_local_game(c: &Client, plies: usize) -> (String, String) {
    let a = create(
        c,
        json!({ "variant": "chess", "opponent": { "kind": "local" } }),
    )
    .await;
    assert_eq!(a.status, 201, "{}", a.json);
    let (id, token) = id_token(&a);
    let mut v = a.json["game"].clone();
    for n in 0..plies {
        let Some(text) = nth_legal(&v, n * 3) else {
            break;
        };
        let path = format!("/api/games/{id}/moves");
        v = c
            .expect(
                200,
                "POST",
                &path,
                Some(&token),
                Some(&json!({ "move": text })),
            )
            .await
            .expect("move")
            .json;
        if v["outcome"].is_object() {
            return (id, token);
        }
    }
    let path = format!("/api/games/{id}/resign");
    c.expect(200, "POST", &path, Some(&token), None)
        .await
        .expect("resign");
    (id, token)
}

/// Asks for a review of `id` from `c` (with `token`, or as someone who did
/// not play it).
async fn review(c: &Client, id: &str, token: Option<&str>) -> support::Answer {
    let path = format!("/api/games/{id}/review");
    c.send("POST", &path, token, None).await.expect("review")
}

/// Waits until the review of `id` is no longer running.
async fn review_ends(c: &Client, id: &str) {
    let path = format!("/api/games/{id}/review");
    let start = Instant::now();
    loop {
        let a = c.expect(200, "GET", &path, None, None).await.expect("read");
        if a.json["status"] != "running" {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the review never ended"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// M1: one review at a time per address (`429 review_busy`), another
/// address meanwhile is served; reviews of games the address did not
/// play are 20 a day (`429 too_many_reviews`), its own games' are not
/// counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_review_per_address_and_a_daily_budget_for_other_peoples_games() {
    let db = support::temp_db("budget_review");
    let server = Server::start(&db, &config(20_000));
    let owner = Client::from(server.addr, 50);
    let (long, long_token) = finished_local_game(&owner, 30).await;
    let (other, other_token) = finished_local_game(&owner, 30).await;
    let a = review(&owner, &long, Some(&long_token)).await;
    assert_eq!(a.status, 202, "{}", a.json);
    let busy = review(&owner, &other, Some(&other_token)).await;
    assert_eq!(
        (busy.status, busy.json["error"].as_str()),
        (429, Some("review_busy")),
        "{}",
        busy.json
    );
    // Joining the running review, or reading it, is not a second one.
    assert_eq!(review(&owner, &long, Some(&long_token)).await.status, 202);
    let stranger = Client::from(server.addr, 51);
    let a = review(&stranger, &other, None).await;
    assert_eq!(a.status, 202, "another address: {}", a.json);
    review_ends(&owner, &long).await;
    review_ends(&owner, &other).await;
    // Twenty reviews of other people's games a day, one after the other.
    let mut foreign = Vec::new();
    for _ in 0..=menagerie_server::budget::MAX_FOREIGN_REVIEWS_PER_DAY {
        foreign.push(finished_local_game(&owner, 0).await.0);
    }
    let reviewer = Client::from(server.addr, 52);
    let (last, rest) = foreign.split_last().expect("games");
    for id in rest {
        let a = review(&reviewer, id, None).await;
        assert_eq!(a.status, 202, "{}", a.json);
        review_ends(&reviewer, id).await;
    }
    let spent = review(&reviewer, last, None).await;
    assert_eq!(
        (spent.status, spent.json["error"].as_str()),
        (429, Some("too_many_reviews")),
        "{}",
        spent.json
    );
    // Its own games are not counted.
    let (mine, my_token) = finished_local_game(&reviewer, 4).await;
    assert_eq!(review(&reviewer, &mine, Some(&my_token)).await.status, 202);
    drop(server);
    support::remove_db(&db);
}

/// H2 and M1: past the queue's bounds the answer comes at once: a third
/// analysis of one address is `429 analysis_busy`, analyses past the
/// global bound `503 busy`, and a move against the engine past the bound
/// of replies waiting `503 busy` (the move not played).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bounded_queue_answers_at_once_instead_of_holding_requests() {
    let db = support::temp_db("budget_queue");
    let server = Server::start(&db, &config(20_000));
    let c = Client::from(server.addr, 60);
    let (id, _) = finished_local_game(&c, 2).await;
    let path = format!("/api/games/{id}/analysis");
    let body = json!({ "movetime_ms": 2000 });
    // One address: one runs, one waits, the third is refused at once.
    let asks = (0..3).map(|n| {
        let (c, path, body) = (c.clone(), path.clone(), body.clone());
        async move {
            tokio::time::sleep(Duration::from_millis(100 * n)).await;
            c.send("POST", &path, None, Some(&body))
                .await
                .expect("analysis")
        }
    });
    let answers = futures_util::future::join_all(asks).await;
    let third = &answers[2];
    assert_eq!(
        (third.status, third.json["error"].as_str()),
        (429, Some("analysis_busy")),
        "{}",
        third.json
    );
    assert!(third.took < Duration::from_millis(500), "{:?}", third.took);
    assert_eq!(answers[0].status, 200, "{}", answers[0].json);
    // Many addresses: past the analyses waiting, 503 at once.
    let counts = Arc::new([
        AtomicUsize::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    ]);
    let asks = (0..24u8).map(|n| {
        let c = Client::from(server.addr, 100 + n);
        let (path, body, counts) = (path.clone(), body.clone(), counts.clone());
        async move {
            let a = c
                .send("POST", &path, None, Some(&body))
                .await
                .expect("analysis");
            let slot = match a.status {
                200 => 0,
                503 if a.took < Duration::from_millis(200) => 1,
                _ => 2,
            };
            counts[slot].fetch_add(1, Ordering::Relaxed);
            (a.status, a.json["error"].clone())
        }
    });
    let answers = futures_util::future::join_all(asks).await;
    for (status, error) in &answers {
        assert!(
            *status == 200 || (*status == 503 && error == "busy"),
            "{status} {error}"
        );
    }
    let fast = counts[1].load(Ordering::Relaxed);
    assert!(fast > 0, "no analysis was refused at once: {counts:?}");
    // Replies: 30 addresses with 3 games each, the engine to move in all;
    // a move in another game against the engine is refused, not queued.
    let player = Client::from(server.addr, 61);
    let a = create(&player, engine_game(1, "white")).await;
    let (mine, my_token) = id_token(&a);
    let creators = (0..30u8).map(|n| {
        let c = Client::from(server.addr, 150 + n);
        async move {
            for _ in 0..3 {
                create(&c, engine_game(10, "black")).await;
            }
        }
    });
    futures_util::future::join_all(creators).await;
    let v = view(&player, &mine, &my_token).await;
    let text = nth_legal(&v, 0).expect("a move");
    let moved = player
        .send(
            "POST",
            &format!("/api/games/{mine}/moves"),
            Some(&my_token),
            Some(&json!({ "move": text })),
        )
        .await
        .expect("move");
    assert_eq!(
        (moved.status, moved.json["error"].as_str()),
        (503, Some("busy")),
        "{}",
        moved.json
    );
    let after = view(&player, &mine, &my_token).await;
    assert_eq!(
        after["moves"].as_array().map(Vec::len),
        Some(0),
        "the move was played"
    );
    drop(server);
    support::remove_db(&db);
}

/// M1: four reviews at the default budget running (from four addresses)
/// do not make another client's analyses fail: review positions let a
/// waiting analysis go first, so each waits at most the position in
/// progress.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn running_reviews_leave_another_clients_analyses_a_slot() {
    let db = support::temp_db("budget_reviews_analyses");
    let server = Server::start(&db, &config(menagerie_server::review::REVIEW_NODES));
    let mut reviewed = Vec::new();
    for n in 0..4u8 {
        let c = Client::from(server.addr, 70 + n);
        let (id, token) = finished_local_game(&c, 30).await;
        let a = review(&c, &id, Some(&token)).await;
        assert_eq!(a.status, 202, "{}", a.json);
        reviewed.push(id);
    }
    let analyst = Client::from(server.addr, 80);
    let (id, _) = finished_local_game(&analyst, 6).await;
    let path = format!("/api/games/{id}/analysis");
    let mut statuses = Vec::new();
    let mut took = Vec::new();
    for _ in 0..6 {
        let body = json!({ "movetime_ms": 200 });
        let a = analyst
            .send("POST", &path, None, Some(&body))
            .await
            .expect("analysis");
        statuses.push(a.status);
        took.push(a.took);
    }
    let last = reviewed.last().expect("a review");
    let still = analyst
        .expect(200, "GET", &format!("/api/games/{last}/review"), None, None)
        .await
        .expect("read");
    drop(server);
    support::remove_db(&db);
    let (p50, _, _, max) = percentiles(took);
    println!("analyses during 4 reviews: {statuses:?}, p50 {p50:.0} ms max {max:.0} ms");
    assert_eq!(statuses, vec![200; 6], "analyses failed while reviews ran");
    assert_eq!(
        still.json["status"], "running",
        "the reviews ended before the analyses were measured"
    );
}
