//! The analysis board over the API: `POST /api/positions` for any position
//! of any game (every kind of action offered and played back, bad input
//! answered with a JSON 4xx, never a panic) and `GET /api/analysis/stream`
//! (lines that deepen, several of them, an end, and a search that stops
//! when the client goes away).

use crate::support;

use axum::http::StatusCode;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use support::router::App;

fn texts(v: &Value, field: &str) -> Vec<String> {
    v[field]
        .as_array()
        .unwrap_or_else(|| panic!("{field}: {v}"))
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

async fn position(app: &App, body: Value) -> Value {
    let (s, v) = app.post("/api/positions", None, body.clone()).await;
    assert_eq!(s, StatusCode::OK, "{body}: {v}");
    v
}

fn next_random(state: &mut u64) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 33) as usize
}

/// Plays from the start of `variant` through the endpoint alone, preferring
/// kinds of action not played yet; the kinds played.
async fn playout(app: &App, variant: &str, plies: usize, seed: u64) -> BTreeSet<String> {
    let mut seed = seed;
    let mut moves: Vec<String> = Vec::new();
    let mut kinds = BTreeSet::new();
    for _ in 0..plies {
        let v = position(app, json!({ "variant": variant, "moves": moves })).await;
        assert_eq!(texts(&v, "moves"), moves, "move strings come back as sent");
        assert_eq!(v["labels"].as_array().unwrap().len(), moves.len());
        let legal = v["legal"].as_array().unwrap().clone();
        if legal.is_empty() {
            assert!(v["outcome"].is_object(), "no action and no outcome: {v}");
            break;
        }
        let fresh: Vec<&Value> = legal
            .iter()
            .filter(|a| !kinds.contains(a["kind"].as_str().unwrap()))
            .collect();
        let pick = if fresh.is_empty() {
            &legal[next_random(&mut seed) % legal.len()]
        } else {
            fresh[next_random(&mut seed) % fresh.len()]
        };
        kinds.insert(pick["kind"].as_str().unwrap().to_string());
        moves.push(pick["text"].as_str().unwrap().to_string());
    }
    kinds
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn positions_of_every_game_offer_and_play_their_special_actions() {
    let app = App::memory(1000);
    let mut kinds = BTreeSet::new();
    for (i, variant) in [
        "chess",
        "wreckage",
        "carnage",
        "wounds",
        "longer-board",
        "air-and-trench",
    ]
    .into_iter()
    .enumerate()
    {
        kinds.extend(playout(&app, variant, 40, 0x9e37_79b9 + i as u64).await);
    }
    for kind in ["normal", "drop", "wound", "rotate"] {
        assert!(kinds.contains(kind), "no {kind} played: {kinds:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn castlings_and_detonations_are_offered_and_played() {
    let app = App::memory(1000);
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let v = position(&app, json!({ "variant": "chess", "fen": fen })).await;
    let castles: Vec<&Value> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["kind"] == "castle")
        .collect();
    assert_eq!(castles.len(), 2, "{v}");
    let text = castles[0]["text"].as_str().unwrap();
    let after = position(
        &app,
        json!({ "variant": "chess", "fen": fen, "moves": [text] }),
    )
    .await;
    let rook = castles[0]["rook"][1].as_str().unwrap();
    assert!(after["board"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["square"] == rook && p["letter"] == "R"));
    let fen = "5k4/10/10/10/10/4p5/4X5/10/10/5K4[] w - - 0 1";
    let v = position(&app, json!({ "variant": "wreckage", "fen": fen })).await;
    let legal = v["legal"].as_array().unwrap();
    let blast = legal
        .iter()
        .find(|a| a["kind"] == "detonate")
        .unwrap_or_else(|| panic!("a detonation: {v}"));
    assert_eq!(blast["captured"], json!(["e5"]));
    let text = blast["text"].as_str().unwrap();
    let after = position(
        &app,
        json!({ "variant": "wreckage", "fen": fen, "moves": [text] }),
    )
    .await;
    assert_eq!(after["last_move"]["captured"], json!(["e5"]));
    assert!(after["board"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["square"] != "e5"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pick_the_piece_position_with_pockets_drops_and_pushes() {
    let app = App::memory(1000);
    let spec = "pick-the-piece:slots=O,C;drops=N,A,J2";
    let start = position(&app, json!({ "variant": spec })).await;
    assert_eq!(start["variant"], spec);
    assert_eq!(start["moves"], json!([]));
    assert_eq!(start["last_move"], Value::Null);
    assert_eq!(start["pockets"]["white"]["J"], 2);
    // Pawns move out until the side to move may drop a ninja pawn with a push.
    let mut moves: Vec<String> = Vec::new();
    let (v, drop) = loop {
        let v = position(&app, json!({ "variant": spec, "moves": moves })).await;
        let legal = v["legal"].as_array().unwrap().clone();
        let pushed =
            |a: &&Value| a["kind"] == "drop" && a["role"] == "J" && a["push_to"].is_string();
        if let Some(d) = legal.iter().find(pushed) {
            break (v, d.clone());
        }
        assert!(moves.len() < 12, "no pushed drop: {v}");
        let pawn = legal
            .iter()
            .rev()
            .find(|a| a["label"].as_str().unwrap().len() == 2);
        moves.push(pawn.unwrap_or(&legal[0])["text"].as_str().unwrap().into());
    };
    let side = v["turn"].as_str().unwrap();
    let text = drop["text"].as_str().unwrap();
    moves.push(text.to_string());
    let after = position(&app, json!({ "variant": spec, "moves": moves })).await;
    assert_eq!(after["pockets"][side]["J"], 1);
    assert_ne!(after["turn"], side);
    assert_eq!(after["last_move"]["text"], text);
    assert_eq!(after["last_move"]["to"], drop["push_to"]);
    let fen = after["fen"].as_str().unwrap();
    let same = position(&app, json!({ "variant": spec, "fen": fen })).await;
    assert_eq!(
        (&same["fen"], &same["legal"]),
        (&after["fen"], &after["legal"])
    );
    let options = json!({ "detonator_hits_friendly": true });
    let w = position(&app, json!({ "variant": "wreckage", "options": options })).await;
    assert_eq!(w["options"], options);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_over_positions_say_so_and_refuse_more_moves() {
    let app = App::memory(1000);
    let mate = ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"];
    let v = position(&app, json!({ "variant": "chess", "moves": mate })).await;
    assert_eq!(v["outcome"]["reason"], "checkmate");
    assert_eq!(v["outcome"]["winner"], "white");
    assert_eq!(v["legal"], json!([]));
    assert_eq!(v["check"], true);
    let mut more = mate.to_vec();
    more.push("e8e7");
    let (s, v) = app
        .post(
            "/api/positions",
            None,
            json!({ "variant": "chess", "moves": more }),
        )
        .await;
    assert_eq!(
        (s, v["error"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("illegal_action"))
    );
    assert!(v["message"].as_str().unwrap().starts_with("move 8"), "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_positions_get_a_json_4xx() {
    let app = App::memory(1000);
    let long: Vec<&str> = vec!["e2e4"; 1001];
    let cases = [
        (json!({}), "bad_json_data"),
        (json!({ "variant": "nope" }), "unknown_variant"),
        (
            json!({ "variant": "chess", "options": { "nope": true } }),
            "unknown_option",
        ),
        (
            json!({ "variant": "chess", "fen": "not a position" }),
            "bad_fen",
        ),
        (
            json!({ "variant": "chess", "fen": "8".repeat(401) }),
            "bad_fen",
        ),
        (
            json!({ "variant": "chess", "moves": ["e2e5"] }),
            "illegal_action",
        ),
        (
            json!({ "variant": "chess", "moves": ["zz"] }),
            "malformed_move",
        ),
        (
            json!({ "variant": "chess", "moves": ["e".repeat(40)] }),
            "malformed_move",
        ),
        (
            json!({ "variant": "chess", "moves": long }),
            "too_many_moves",
        ),
        (
            json!({ "variant": "chess", "moves": [1, 2] }),
            "bad_json_data",
        ),
        (
            json!({ "variant": "pick-the-piece:slots=K,K" }),
            "bad_setup",
        ),
    ];
    for (body, code) in cases {
        let (s, v) = app.post("/api/positions", None, body.clone()).await;
        assert!(s.is_client_error(), "{body}: {s}");
        assert_eq!(v["error"], code, "{body}: {v}");
        assert!(v["message"].is_string());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_positions_and_moves_never_break_the_server() {
    let app = App::memory(1000);
    let (_, start) = app.get("/api/variants/wreckage").await;
    let fen: Vec<u8> = start["start_fen"].as_str().unwrap().bytes().collect();
    let alphabet = b"0123456789abcdefghijklmnopqrstuvwxyzKQRBNPJGDW/@-+= _~\\\"";
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..400 {
        let mut f = fen.clone();
        for _ in 0..(1 + next_random(&mut seed) % 4) {
            let i = next_random(&mut seed) % f.len();
            let c = alphabet[next_random(&mut seed) % alphabet.len()];
            match next_random(&mut seed) % 3 {
                0 => f[i] = c,
                1 => f.insert(i, c),
                _ => {
                    f.remove(i);
                }
            }
        }
        let moves: Vec<String> = (0..next_random(&mut seed) % 3)
            .map(|_| {
                (0..(2 + next_random(&mut seed) % 6))
                    .map(|_| char::from(alphabet[next_random(&mut seed) % alphabet.len()]))
                    .collect()
            })
            .collect();
        let fen = String::from_utf8_lossy(&f).into_owned();
        let body = json!({ "variant": "wreckage", "fen": fen, "moves": moves });
        let (s, v) = app.post("/api/positions", None, body.clone()).await;
        match s.as_u16() {
            200 => assert!(v["legal"].is_array()),
            400 | 422 => assert!(v["error"].is_string(), "{body}: {v}"),
            _ => panic!("{body}: {s} {v}"),
        }
    }
}

/// Reads an analysis stream to its end: the info events and the done event.
async fn read_stream(app: &App, query: &str) -> (Vec<Value>, Value) {
    let (s, events) = app.events(&format!("/api/analysis/stream?{query}")).await;
    assert_eq!(s, StatusCode::OK, "{query}");
    let mut events = events.unwrap();
    let mut infos = Vec::new();
    while let Some((name, data)) = events.next(Duration::from_secs(10)).await {
        match name.as_str() {
            "info" => infos.push(data),
            "done" => {
                assert!(
                    events.next(Duration::from_secs(5)).await.is_none(),
                    "ends after done"
                );
                return (infos, data);
            }
            _ => panic!("{name}: {data}"),
        }
    }
    panic!("the stream ended without done");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_engine_stream_deepens_with_several_lines_and_ends() {
    let app = App::memory(1000);
    let (infos, done) = read_stream(&app, "variant=chess&multipv=3&movetime_ms=600").await;
    let mut depth_of_best = Vec::new();
    for i in &infos {
        let pv = texts(i, "pv");
        assert!(
            !pv.is_empty() && pv.len() == i["labels"].as_array().unwrap().len(),
            "{i}"
        );
        let first = &i["squares"][0];
        assert_eq!(
            format!(
                "{}{}",
                first["from"].as_str().unwrap(),
                first["to"].as_str().unwrap()
            ),
            pv[0],
            "the first move's arrow joins its squares: {i}"
        );
        assert!(
            i["score"]["cp"].is_i64() || i["score"]["mate"].is_i64(),
            "{i}"
        );
        if i["multipv"] == 1 {
            depth_of_best.push(i["depth"].as_u64().unwrap());
        }
    }
    let lines: BTreeSet<u64> = infos
        .iter()
        .map(|i| i["multipv"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, BTreeSet::from([1, 2, 3]));
    assert!(depth_of_best.len() >= 3, "{depth_of_best:?}");
    assert!(
        depth_of_best.windows(2).all(|w| w[0] < w[1]),
        "{depth_of_best:?}"
    );
    let first_moves: BTreeSet<&str> = infos
        .iter()
        .filter(|i| i["depth"] == depth_of_best[depth_of_best.len() - 1])
        .map(|i| i["pv"][0].as_str().unwrap())
        .collect();
    assert_eq!(first_moves.len(), 3, "three different first moves");
    assert!(
        done["best"].is_string() && done["depth"].as_u64() >= Some(3),
        "{done}"
    );
    assert_eq!(done["outcome"], Value::Null);
    // White's view: Black to move in a position where Black is a queen down.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
    let query = format!("variant=chess&fen={}&movetime_ms=300", encode(fen));
    let (infos, _) = read_stream(&app, &query).await;
    let last = infos.last().unwrap();
    assert!(
        last["score"]["cp"].as_i64().is_some_and(|cp| cp > 500),
        "{last}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_takes_moves_options_and_a_finished_game() {
    let app = App::memory(1000);
    let options = encode(r#"{"detonator_hits_friendly":true}"#);
    let query = format!("variant=wreckage&options={options}&moves=e2e5,e9e6&movetime_ms=200");
    let (infos, done) = read_stream(&app, &query).await;
    assert!(!infos.is_empty() && done["best"].is_string());
    let mate = "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7";
    let (infos, done) = read_stream(&app, &format!("variant=chess&moves={}", encode(mate))).await;
    assert!(infos.is_empty());
    assert_eq!(
        (done["best"].clone(), done["outcome"]["result"].clone()),
        (Value::Null, json!("1-0"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_stream_queries_get_a_json_4xx() {
    let app = App::memory(1000);
    let cases = [
        ("", "bad_query"),
        ("variant=chess&multipv=4", "bad_multipv"),
        ("variant=chess&multipv=0", "bad_multipv"),
        ("variant=chess&multipv=x", "bad_query"),
        ("variant=nope", "unknown_variant"),
        ("variant=chess&fen=garbage", "bad_fen"),
        ("variant=chess&options=notjson", "bad_query"),
        (
            "variant=chess&options=%7B%22nope%22%3Atrue%7D",
            "unknown_option",
        ),
        ("variant=chess&moves=e2e5", "illegal_action"),
        ("variant=chess&moves=zz", "malformed_move"),
        ("variant=chess&moves=e2e4,ee", "malformed_move"),
        ("variant=chess&moves=e2e4,e7e9", "illegal_action"),
    ];
    for (query, code) in cases {
        let (s, v) = app.get(&format!("/api/analysis/stream?{query}")).await;
        assert!(s.is_client_error(), "{query}: {s}");
        assert_eq!(v["error"], code, "{query}: {v}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_the_stream_stops_its_search() {
    let app = App::memory(1000);
    // Two engine workers: one analysis slot, which this stream takes for 20 s.
    let (s, events) = app.events("/api/analysis/stream?variant=wreckage").await;
    assert_eq!(s, StatusCode::OK);
    let mut events = events.unwrap();
    let (name, _) = events.next(Duration::from_secs(5)).await.unwrap();
    assert_eq!(name, "info");
    drop(events);
    let asked = Instant::now();
    let (infos, _) = read_stream(&app, "variant=chess&movetime_ms=100").await;
    assert!(!infos.is_empty());
    let waited = asked.elapsed();
    assert!(
        waited < Duration::from_secs(1),
        "the slot came free after {waited:?}"
    );
}

/// Percent-encodes a query value.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
